"""A prior learned from people's rules, measured where it was not learned (issue 34, item 2).

The scientist's prior (:class:`~eleusis_lab.science.prior.Prior`) is fitted by maximum likelihood
(:func:`eleusis_lab.science.prior_fit.fit`: the prior spending the fewest bits on the training rules) to
the corpus of rules people wrote for other programs (:mod:`eleusis_lab.science.people`), and only to it:

- corpus rules that are the same rule as one of the benchmark's 26 or of the library's (the kit's exact
  judge, ``same_rule``) are left out of every fit, so that the benchmark and the library are measured on
  rules the fit never saw;
- the rest are dealt into k held-out folds (seeded): each fold's prior is fitted on the other folds and
  measured on it;
- the prior fitted on all of them is measured on the benchmark's 26 rules (its protocol, deck, seeds and
  judge: ``eleusis-lab bench``) and on the library's rules.

It prints the description lengths (bits) each prior spends on each set, then plays each set with both
priors under the benchmark's protocol and prints the table of ``docs/scientist.md``: prior x set x
(solved, mean floored score, wrong guesses a round, calibration's largest gap), each with its standard
error over the set's rules (a rule's rounds are one sample; the gap's is that calibration bin's own
sampling error).  Seeded and deterministic: the same arguments print the same table.

    .venv/bin/python benchmarks/bench_prior_people.py --sets none                  # fit and bits: ~1.5 min
    .venv/bin/python benchmarks/bench_prior_people.py --sets benchmark --rounds 3  # ~3 min of CPU
    .venv/bin/python benchmarks/bench_prior_people.py --sets library
    .venv/bin/python benchmarks/bench_prior_people.py --sets people --people-per-fold 6

(Each took 18-28 minutes of wall time at load 10 on 2 cores; the table is in ``docs/scientist.md``.)

``--out`` writes the prior fitted on the whole corpus as JSON (``bench_scientist.py --prior`` plays it).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eleusis_lab.science.bench import NamedRule, Summary, calibration_pairs, rule_set
from eleusis_lab.science.benchmark import benchmark_round
from eleusis_lab.science.calibration import calibration_table
from eleusis_lab.science.people import named_rules, overlapping
from eleusis_lab.science.prior import DEFAULT_PRIOR, Prior
from eleusis_lab.science.prior_fit import RuleEvidence, fit, folds
from eleusis_lab.science.scientist import ScientistPlayer
from eleusis_lab.science.solo_runs import SoloRun

MIN_BIN = 10  # calibration bins with fewer turns are left out of the largest gap (as bench_scientist)


def mean_bits(evidence: Sequence[RuleEvidence], prior: Prior) -> tuple[float, int]:
    """Mean bits over the rules inside the grammar, and how many are outside it."""
    bits = [e.bits(prior) for e in evidence]
    inside = [b for b in bits if math.isfinite(b)]
    return statistics.mean(inside), len(bits) - len(inside)


def error(values: Sequence[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def per_rule(results: Sequence[SoloRun], value: Callable[[SoloRun], float]) -> list[float]:
    """Each rule's mean of ``value`` over its rounds (a rule's rounds are one sample)."""
    by_rule: dict[str, list[float]] = {}
    for r in results:
        by_rule.setdefault(r.rule, []).append(float(value(r)))
    return [statistics.mean(v) for v in by_rule.values()]


@dataclass(frozen=True)
class Row:
    """One cell row of the table: a prior on a set."""

    prior: str
    set: str
    rounds: int
    solved: float
    solved_error: float
    score: float
    score_error: float
    wrong: float
    wrong_error: float
    gap: float  # calibration's largest |right - said| over bins of MIN_BIN turns or more (signed)
    gap_error: float  # that bin's sampling error

    @classmethod
    def of(cls, prior: str, name: str, results: Sequence[SoloRun]) -> Row:
        s = Summary.of(results)
        bins = [b for b in calibration_table(calibration_pairs(results)) if b.count >= MIN_BIN]
        worst = max(bins, key=lambda b: abs(b.gap), default=None)
        return cls(
            prior, name, len(results),
            s.solved, error(per_rule(results, lambda r: r.solved)),
            s.mean_score, s.score_error,
            s.wrong_guesses, error(per_rule(results, lambda r: r.wrong_guesses)),
            worst.gap if worst else 0.0, worst.standard_error if worst else 0.0,
        )  # fmt: skip

    def markdown(self) -> str:
        return (
            f"| {self.prior} | {self.set} ({self.rounds}) | {self.solved:.1%} ± {self.solved_error:.1%} "
            f"| {self.score:.2f} ± {self.score_error:.2f} | {self.wrong:.2f} ± {self.wrong_error:.2f} "
            f"| {100 * self.gap:+.1f} ± {100 * self.gap_error:.1f} |"
        )


def paired(today: Sequence[SoloRun], learnt: Sequence[SoloRun]) -> str:
    """Learned minus today's on the same rounds, rule by rule: the difference's mean and standard error
    (finer than the two rows' own errors, which include how hard the rules are)."""
    parts = []
    for name, value in (
        ("solved", lambda r: 100.0 * r.solved),
        ("score", lambda r: r.score),
        ("wrong guesses", lambda r: r.wrong_guesses),
    ):
        diff = [b - a for a, b in zip(per_rule(today, value), per_rule(learnt, value), strict=True)]
        parts.append(f"{name} {statistics.mean(diff):+.2f} ± {error(diff):.2f}")
    return "learned minus today's, paired over rules: " + ", ".join(parts)


def play(rules: Sequence[NamedRule], prior: Prior, rounds: int) -> list[SoloRun]:
    """Rounds 0 … rounds-1 of every rule under the benchmark's protocol, the best rule judged every turn."""
    return [
        benchmark_round(rule.text, ScientistPlayer(prior=prior), index, calibrate=True)
        for rule in rules
        for index in range(rounds)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folds", type=int, default=5, help="held-out folds of the corpus (5)")
    parser.add_argument("--seed", type=int, default=34, help="the folds' shuffle (34)")
    parser.add_argument("--passes", type=int, default=8, help="passes of the coordinate search (8)")
    parser.add_argument(
        "--sets", nargs="+", default=["benchmark", "library", "people"],
        help="sets to play: benchmark, library, people (its held-out folds); none: fit and bits only",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, default=1, help="rounds a rule (the benchmark's own is 3)")
    parser.add_argument(
        "--people-per-fold", type=int, default=0, help="play only this many rules of each fold (0: all)"
    )
    parser.add_argument("--out", default=None, help="write the prior fitted on the whole corpus here")
    args = parser.parse_args()
    unknown = set(args.sets) - {"benchmark", "library", "people", "none"}
    if unknown:
        parser.error(f"--sets: no set {', '.join(sorted(unknown))}")
    if args.rounds < 1 or args.passes < 1 or args.people_per_fold < 0:
        parser.error("--rounds and --passes are at least 1, --people-per-fold at least 0")
    start = time.perf_counter()

    people, benchmark, library = named_rules(), rule_set("benchmark"), rule_set("library")
    same = overlapping(people, [*benchmark, *library])
    pool = [r for r in people if r.key not in same]
    print(f"people's corpus: {len(people)} distinct rules; {len(same)} are a benchmark or library rule and "
          f"are never fitted on ({', '.join(f'{k}={v}' for k, v in same.items())})")  # fmt: skip
    evidence = {r.key: RuleEvidence.of(r.text) for r in pool}
    sets = {
        "benchmark": [RuleEvidence.of(r.text) for r in benchmark],
        "library": [RuleEvidence.of(r.text) for r in library],
    }
    learned = fit(list(evidence.values()), args.passes)
    seconds = time.perf_counter() - start
    print(f"learned from {len(pool)} rules in {seconds:.0f} s: {json.dumps(learned.to_dict())}")
    fold_list = folds([r.key for r in pool], args.folds, args.seed)
    fold_priors = [fit([evidence[k] for k in f.train], args.passes) for f in fold_list]

    print("\nmean bits over the rules inside the grammar (rules outside it):")
    print(f"{'set':28} {'today':>14} {'learned':>14}")
    for name, ev in sets.items():
        (b0, o0), (b1, o1) = mean_bits(ev, DEFAULT_PRIOR), mean_bits(ev, learned)
        print(f"{name:28} {b0:9.2f} ({o0:2d}) {b1:9.2f} ({o1:2d})")
    held = [[], []]
    for f, p in zip(fold_list, fold_priors, strict=True):
        test = [evidence[k] for k in f.test]
        (b0, o0), (b1, o1) = mean_bits(test, DEFAULT_PRIOR), mean_bits(test, p)
        held[0].append(b0)
        held[1].append(b1)
        print(f"{f'people, held-out fold {f.index + 1}':28} {b0:9.2f} ({o0:2d}) {b1:9.2f} ({o1:2d})")
        print(f"    its prior: {json.dumps(p.to_dict())}")
    means = [statistics.mean(h) for h in held]
    print(f"{'people, held-out mean':28} {means[0]:9.2f}      {means[1]:9.2f}")
    sys.stdout.flush()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(learned.to_dict(), out, indent=1)
        print(f"wrote {args.out}")

    rows = []
    for name in [s for s in args.sets if s != "none"]:
        t = time.perf_counter()
        if name == "people":
            keep = args.people_per_fold or None
            by_key = {r.key: r for r in pool}
            today, learnt = [], []
            for f, p in zip(fold_list, fold_priors, strict=True):
                test = [by_key[k] for k in f.test[:keep]]
                today += play(test, DEFAULT_PRIOR, args.rounds)
                learnt += play(test, p, args.rounds)
            label = f"people, {args.folds} held-out folds"
        else:
            rules = benchmark if name == "benchmark" else library
            today, learnt = play(rules, DEFAULT_PRIOR, args.rounds), play(rules, learned, args.rounds)
            label = name
        rows += [Row.of("today's", label, today), Row.of("learned", label, learnt)]
        print(f"\n{label}: {len(today)} rounds a prior in {time.perf_counter() - t:.0f} s", flush=True)
        for row in rows[-2:]:
            print(row.markdown(), flush=True)
        print(paired(today, learnt), flush=True)

    if rows:
        print("\n| prior | set (rounds) | solved | mean floored score | wrong guesses a round "
              "| calibration, largest gap (points) |")  # fmt: skip
        print("| --- | --- | --- | --- | --- | --- |")
        for row in rows:
            print(row.markdown())
    print(f"wall time: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
