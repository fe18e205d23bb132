"""Benchmark of the scientist issue (12): the grammar scientist under the language-model benchmark's protocol.

Rule sets (rounds 0 … rounds-1 of every rule, the benchmark's deck order, judge and score):

- ``library``: the library's solo-playable standard-deck rules (44);
- ``benchmark``: the benchmark's 26 rules in our language (never tune on these);
- ``heldout``: the 26 random rules of ``eleusis_lab/science/heldout_rules.json`` (never tuned on);
- ``fresh``: a new set of random rules of the whole rule language for ``--fresh-seed`` (by default a
  seed from the clock, printed): :func:`eleusis_lab.science.random_rules.fresh_rules`, random texts
  (not the scientist's enumeration) kept when ``check`` finds them acceptable and their median playable
  share is 20-80 %.  Every run can so be measured on rules nobody has seen.

For each set it prints every target of issue 12: solved share (>= 98 %), mean floored score (>= 21),
wrong guesses a round (<= 0.3), a turn's time (observe + choose + decide: median <= 50 ms, worst <= 1 s),
the calibration bins (reported confidence in the best rule against whether that rule was right, within
±10 points of the diagonal; also checked allowing two standard errors of each bin's share right); then
peak memory (<= 500 MB) and the wall time of the run.  Each set's figures are also split by the
rule's description length in the grown grammar (:func:`~eleusis_lab.science.grammar.description_bits`):
a round of 30 one-card verdicts tells at most 30 bits, so rules the prior spends 30 bits or more on
cannot be sure by turn 30.

    .venv/bin/python benchmarks/bench_scientist.py                 # everything, 3 rounds (see below)
    .venv/bin/python benchmarks/bench_scientist.py --quick         # iterate: library/4 + 8 fresh, 1 round
    .venv/bin/python benchmarks/bench_scientist.py --sets fresh --fresh-seed 5 --rounds 3
        [--jsonl out/scientist.jsonl]
    .venv/bin/python benchmarks/bench_scientist.py --sets benchmark library --scientist-penalty 3
    .venv/bin/python benchmarks/bench_scientist.py --sets benchmark --prior out/prior-library.json

``--prior`` plays with another prior (a JSON file of :class:`~eleusis_lab.science.prior.Prior`'s fields,
as ``benchmarks/bench_prior_fit.py --out`` writes one); the bands of description length are then that
prior's.

A full run is 122 rules x 3 rounds (366 rounds): 24 minutes at load 7-14 on this 2-core machine
(turns take about 30 ms of CPU each plus the judge's check of the best rule every turn); expect
roughly 8-12 minutes on a quiet machine.  ``--quick`` takes about a minute.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from eleusis_lab.play.benchmark_protocol import PENALTY
from eleusis_lab.science.bench import NamedRule, Summary, calibration_pairs, prior_reach, rule_set
from eleusis_lab.science.benchmark import PUBLISHED, benchmark_round
from eleusis_lab.science.calibration import calibration_table, max_gap, within
from eleusis_lab.science.grammar import description_bits, grammar
from eleusis_lab.science.prior import DEFAULT_PRIOR, Prior
from eleusis_lab.science.random_rules import fresh_rules
from eleusis_lab.science.scientist import ScientistPlayer
from eleusis_lab.science.solo_runs import SoloRun

TARGETS = {"solved": 0.98, "mean_score": 21.0, "wrong_guesses": 0.3, "median_ms": 50.0, "worst_ms": 1000.0}
GAP_TARGET = 0.10
MIN_BIN = 10  # bins with fewer turns say too little to hold to the ±10 points
QUICK_FRESH_SEED = 1  # --quick's fresh set: fixed so that iterations compare


class TimedScientist(ScientistPlayer):
    """The scientist with each turn's thinking timed: choose_play, then choose_guess after the verdict
    (observing the verdict happens inside them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.times: list[float] = []
        self.cpu: list[float] = []
        self._t = self._c = 0.0

    def choose_play(self, round: Any, name: str) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        out = super().choose_play(round, name)
        self._t, self._c = time.perf_counter() - start, time.process_time() - cpu
        return out

    def choose_guess(self, round: Any, name: str) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        out = super().choose_guess(round, name)
        self.times.append(1000 * (self._t + time.perf_counter() - start))
        self.cpu.append(1000 * (self._c + time.process_time() - cpu))
        return out


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def calibration_lines(results: list[SoloRun], indent: str = "  ") -> tuple[list[str], float, bool]:
    """The calibration table's lines, its largest gap, and whether every level is within the target
    allowing two standard errors of its share right (``calibration.within``)."""
    table = calibration_table(calibration_pairs(results))
    lines = []
    for b in table:
        if b.count:
            gap = 100 * (b.right - b.confidence)
            lines.append(
                f"{indent}{b.low:.1f}-{b.high:.1f}: {b.count:5d} turns, said {b.confidence:5.1%}, "
                f"right {b.right:5.1%} ± {b.standard_error:4.1%}  "
                f"({gap:+.1f} points{'' if b.count >= MIN_BIN else ', few turns'})"
            )
    return lines, max_gap(table, min_count=MIN_BIN), within(table, GAP_TARGET, min_count=MIN_BIN)


Rounds = list[tuple[float, SoloRun]]  # each round beside its rule's description length


def run_set(
    name: str, rules: list[NamedRule], rounds: int, out: Any, penalty: float | None = None,
    prior: Prior = DEFAULT_PRIOR,
) -> tuple[Rounds, list[tuple[float, float, str]]]:  # fmt: skip
    times: list[tuple[float, float, str]] = []
    start = time.perf_counter()
    misses = []
    by_bits: Rounds = []
    for rule in rules:
        bits = description_bits(rule.text, prior=prior)  # not a turn's time: measured before the rounds
        for index in range(rounds):
            player = TimedScientist(penalty=penalty, prior=prior)
            r = benchmark_round(rule.text, player, index, calibrate=True)
            by_bits.append((bits, r))
            times.extend(
                (t, c, f"{rule.key} round {index} turn {k + 1}")
                for k, (t, c) in enumerate(zip(player.times, player.cpu, strict=True))
            )
            if not r.solved or r.wrong_guesses > 1:
                misses.append(f"    {rule.key} round {index}: solved={r.solved} turns={r.turns} "
                              f"wrong={r.wrong_guesses}  {rule.text}")  # fmt: skip
            if out is not None:
                row = {"set": name, "key": rule.key, "bits": bits if bits < math.inf else None}
                out.write(json.dumps({**row, **r.to_dict()}) + "\n")
                out.flush()
    results = [r for _bits, r in by_bits]
    s = Summary.of(results)
    print(f"== {name}: {len(rules)} rules x {rounds} rounds in {time.perf_counter() - start:.0f} s")
    print(
        f"  solved {s.solved:.1%} (target >= {TARGETS['solved']:.0%}: {mark(s.solved >= TARGETS['solved'])})"
    )
    print(f"  mean floored score {s.mean_score:.2f} ± {s.score_error:.2f} (a standard error over its rules; "
          f">= {TARGETS['mean_score']:.0f}: {mark(s.mean_score >= TARGETS['mean_score'])})")  # fmt: skip
    print(f"  wrong guesses a round {s.wrong_guesses:.2f} (<= {TARGETS['wrong_guesses']}: "
          f"{mark(s.wrong_guesses <= TARGETS['wrong_guesses'])})")  # fmt: skip
    print(f"  turns to solve {s.turns:.1f}; the analysis's success {s.success:.1%}, wrong guesses before "
          f"its cut-off {s.counted_wrong:.2f}")  # fmt: skip
    print_times(times)
    print_calibration(results)
    print_by_bits(by_bits)
    print("  rounds not solved or with more than one wrong guess:")
    print("\n".join(misses) or "    none")
    sys.stdout.flush()
    return by_bits, times


BANDS = ("0-10 bits", "10-20 bits", "20-30 bits", ">= 30 bits", "outside the grammar")


def band(bits: float) -> str:
    """The row of :func:`print_by_bits` a rule of ``bits`` falls in."""
    return BANDS[4] if bits == math.inf else BANDS[min(int(bits // 10), 3)]


def bits_a_play(results: Sequence[SoloRun]) -> float:
    """Mean bits the scientist's verdicts gained a play (its own report, log2 of the posterior mass
    before over after).  A yes/no verdict is expected to bring at most 1 bit."""
    bits = [t.bits for r in results for t in r.turn_log if t.bits is not None]
    return statistics.mean(bits) if bits else 0.0


def print_by_bits(rounds: Rounds, indent: str = "  ") -> None:
    """Solved share and wrong guesses by how many bits the grown grammar's prior spends on the rule
    (:func:`~eleusis_lab.science.grammar.description_bits`): 30 one-card verdicts tell at most 30 bits.
    Beside them, the band's mean prior bits, the turn of the right guess in its solved rounds and the
    bits a play gained: at about 1 bit a play, a rule of B bits is sure around turn B, so the score
    is set by what the prior spends on the rule."""
    print(f"{indent}by the rule's description length in the grown grammar (bits of its prior):")
    for label in BANDS:
        part = [(b, r) for b, r in rounds if band(b) == label]
        if not part:
            continue
        results = [r for _b, r in part]
        s = Summary.of(results)
        finite = [b for b, _r in part if b < math.inf]
        prior = f"prior {statistics.mean(finite):4.1f} bits" if finite else "prior    - bits"
        solved_at = f"solved at turn {s.turns:4.1f}" if s.solved else "solved at turn    -"
        print(f"{indent}  {label:20} {s.rounds:4d} rounds: solved {s.solved:6.1%}, mean floored score "
              f"{s.mean_score:5.2f}, wrong guesses a round {s.wrong_guesses:.2f}; {prior}, {solved_at}, "
              f"{bits_a_play(results):.2f} bits a play")  # fmt: skip
    reach = statistics.mean(prior_reach(b) for b, _r in rounds)
    print(f"{indent}  the prior's reach: mean floored score {reach:.2f} if every round went as the bands "
          "do (right at turn B - 1 for a rule of B bits) with no wrong guess")  # fmt: skip


def print_calibration(results: list[SoloRun]) -> None:
    lines, gap, inside = calibration_lines(results)
    print(f"  calibration: largest gap over bins of >= {MIN_BIN} turns {100 * gap:.1f} points "
          f"(<= {100 * GAP_TARGET:.0f}: {mark(gap <= GAP_TARGET)}; "
          f"allowing 2 standard errors: {mark(inside)})")  # fmt: skip
    print("\n".join(lines))


def print_times(times: list[tuple[float, float, str]], indent: str = "  ") -> None:
    """Wall-clock turn times against the targets, and the CPU time of the same turns (what a loaded
    machine inflates least)."""
    if not times:
        return
    ms = sorted(t for t, _c, _w in times)
    cpu = sorted(c for _t, c, _w in times)
    worst, _cpu, where = max(times)
    median = statistics.median(ms)
    print(
        f"{indent}turn (observe + choose + decide): median {median:.1f} ms (<= {TARGETS['median_ms']:.0f}: "
        f"{mark(median <= TARGETS['median_ms'])}), p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, worst "
        f"{worst:.0f} ms (<= {TARGETS['worst_ms']:.0f}: {mark(worst <= TARGETS['worst_ms'])}; {where}) "
        f"over {len(ms)} turns"
    )
    print(
        f"{indent}  CPU time of the same turns: median {statistics.median(cpu):.1f} ms, "
        f"p95 {cpu[int(0.95 * (len(cpu) - 1))]:.1f} ms, worst {cpu[-1]:.0f} ms; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--sets", nargs="+", default=None, help="library benchmark heldout fresh (default all)"
    )
    parser.add_argument("--rounds", type=int, default=None, help="rounds per rule (3; --quick: 1)")
    parser.add_argument(
        "--quick", action="store_true", help="every 4th library rule and 8 fresh rules, 1 round"
    )
    parser.add_argument("--fresh-seed", type=int, default=None, help="seed of the fresh set (default: clock)")
    parser.add_argument("--fresh-count", type=int, default=None, help="rules in the fresh set (26; quick 8)")
    parser.add_argument("--jsonl", default=None, help="write every round as a JSON line here")
    parser.add_argument(
        "--scientist-penalty", type=float, default=None,
        help=f"what the scientist counts a wrong statement as costing when it decides to guess (default: "
        f"the game's {PENALTY}); the score is still the game's: lower is bolder, higher more careful",
    )  # fmt: skip
    parser.add_argument(
        "--prior", default=None, help="a JSON file of the prior to play with (default: its own)"
    )
    args = parser.parse_args()
    prior = DEFAULT_PRIOR
    if args.prior is not None:
        try:
            with open(args.prior, encoding="utf-8") as f:
                prior = Prior.from_json(f.read())
        except (OSError, ValueError) as error:
            parser.error(f"--prior: {error}")
    try:  # the scientist's own check of its options, as a usage error before any round is played
        ScientistPlayer(penalty=args.scientist_penalty)
    except ValueError as error:
        parser.error(f"--scientist-penalty: {error}")
    sets = args.sets or (["library", "fresh"] if args.quick else ["library", "benchmark", "heldout", "fresh"])
    rounds = args.rounds or (1 if args.quick else 3)
    seed = args.fresh_seed
    if seed is None:
        seed = QUICK_FRESH_SEED if args.quick else int(time.time()) % 100_000
    count = args.fresh_count or (8 if args.quick else 26)
    out = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None  # noqa: SIM115
    start = time.perf_counter()
    grammar("standard")  # built once per process on first use: not a turn's time
    print(f"grammar built in {time.perf_counter() - start:.1f} s (once per process)")
    if args.scientist_penalty is not None:
        cost = args.scientist_penalty
        print(f"the scientist decides as if a wrong statement cost {cost:g} (the game: {PENALTY})")
    if prior != DEFAULT_PRIOR:
        print(f"the scientist plays with the prior of {args.prior}: {json.dumps(prior.to_dict())}")
    every: Rounds = []
    times: list[tuple[float, float, str]] = []
    unseen: Rounds = []
    for name in sets:
        if name == "fresh":
            rules = fresh_rules(seed, count)
            print(f"fresh set: seed {seed}, {len(rules)} rules")
            for r in rules:
                print(f"    {r.key}: {r.text}")
        else:
            rules = rule_set(name)
            if args.quick and name == "library":
                rules = rules[::4]
        results, t = run_set(name, rules, rounds, out, args.scientist_penalty, prior)
        every.extend(results)
        times.extend(t)
        if name in ("heldout", "fresh"):
            unseen.extend(results)
    if out is not None:
        out.close()
    for title, results in (("rules never tuned on (heldout + fresh)", unseen), ("all sets", every)):
        if not results or (title != "all sets" and len(sets) == 1):
            continue
        print(f"== {title}")
        s = Summary.of([r for _bits, r in results])
        print(f"  {s.rounds} rounds: solved {s.solved:.1%}, mean floored score {s.mean_score:.2f} ± "
              f"{s.score_error:.2f}, wrong guesses a round {s.wrong_guesses:.2f}")  # fmt: skip
        print_calibration([r for _bits, r in results])
        print_by_bits(results)
    print_times(times)
    print(f"peak memory (max RSS of this process): {rss_mb():.0f} MB (<= 500: {mark(rss_mb() <= 500)})")
    best = max(PUBLISHED, key=lambda p: p.solved)
    print(f"published best solved share: {best.model} {best.solved:.1%}, "
          f"{best.wrong_guesses} wrong guesses a round")  # fmt: skip
    print(f"wall time of this run: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
