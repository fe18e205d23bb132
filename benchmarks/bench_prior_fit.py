"""Does a prior fitted to one rule set carry over to others?  The scientist's prior, refitted and measured.

The scientist's score is set by how many bits its prior spends on a rule
(:func:`~eleusis_lab.science.grammar.description_bits`): a round's verdicts tell about one bit a play,
so a rule of B bits is sure about turn B.  This script fits the prior
(:class:`~eleusis_lab.science.prior.Prior`: the slope ``beta``, the four productions' weights, the
guarded rules' share and an extra cost per atom family) to the rules of one set by maximum likelihood:
the fit makes the set's rules as cheap as it can, all at once (rules outside the grammar carry no bits
and are left out).  It is a plain coordinate search: each parameter is moved a step up or down while
that lowers the total, and the steps are halved when no move does.

Then it prints, for every set, the mean and median description length of its rules, how many are
outside the grammar, and the prior's reach (:func:`~eleusis_lab.science.bench.prior_reach`: the mean
floored score if each rule of B bits were solved at turn B - 1 with no wrong guess), under the
scientist's own prior and under the fitted one.  A prior that only learnt the fitted set's rules makes
them cheaper and the other sets dearer.

    .venv/bin/python benchmarks/bench_prior_fit.py                  # fit on the library: ~1 minute
    .venv/bin/python benchmarks/bench_prior_fit.py --quick          # two passes
    .venv/bin/python benchmarks/bench_prior_fit.py --fit-on benchmark --out out/prior-benchmark.json

``--out`` writes the fitted prior as JSON; ``bench_scientist.py --prior FILE`` plays with it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence

from eleusis_lab.science.bench import NamedRule, prior_reach, rule_set
from eleusis_lab.science.prior import DEFAULT_PRIOR, Prior
from eleusis_lab.science.prior_fit import RuleEvidence, fit
from eleusis_lab.science.random_rules import fresh_rules


def rules_of(name: str, fresh_seed: int) -> list[NamedRule]:
    return fresh_rules(fresh_seed, 26) if name == "fresh" else rule_set(name)


def set_bits(rules: Sequence[NamedRule], prior: Prior) -> list[float]:
    return [RuleEvidence.of(r.text).bits(prior) for r in rules]


def describe(bits: Sequence[float]) -> str:
    inside = [b for b in bits if math.isfinite(b)]
    reach = statistics.mean(prior_reach(b) for b in bits)
    return (
        f"mean {statistics.mean(inside):5.2f} bits, median {statistics.median(inside):5.2f}, "
        f"{len(bits) - len(inside)} outside, reach {reach:5.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit-on", default="library", help="the set to fit on (library, benchmark, heldout)")
    parser.add_argument("--sets", nargs="+", default=["library", "benchmark", "heldout", "fresh"])
    parser.add_argument("--fresh-seed", type=int, default=2001, help="seed of the fresh set (26 rules)")
    parser.add_argument("--passes", type=int, default=None, help="passes of the search (6; --quick: 2)")
    parser.add_argument("--quick", action="store_true", help="two passes of the search")
    parser.add_argument("--out", default=None, help="write the fitted prior here as JSON")
    args = parser.parse_args()
    passes = args.passes or (2 if args.quick else 6)
    if passes < 1:
        parser.error("--passes: at least one pass")
    start = time.perf_counter()
    try:
        fit_rules = rules_of(args.fit_on, args.fresh_seed)
        sets = {name: rules_of(name, args.fresh_seed) for name in args.sets}
    except ValueError as error:
        parser.error(str(error))
    print(f"== fitting the prior on {args.fit_on} ({len(fit_rules)} rules, {passes} passes)")
    fitted = fit([RuleEvidence.of(r.text) for r in fit_rules], passes, log=print)
    print(f"fitted prior: {json.dumps(fitted.to_dict())}")
    own = "the scientist's own prior"
    print(f"{'rule set':>12}  {own:<58}  fitted on {args.fit_on}")
    for name, rules in sets.items():
        before, after = set_bits(rules, DEFAULT_PRIOR), set_bits(rules, fitted)
        shift = statistics.mean(b - a for a, b in zip(before, after, strict=True) if math.isfinite(a + b))
        print(f"{name:>12}  {describe(before):<58}  {describe(after)}  ({shift:+.2f} bits a rule)")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(fitted.to_dict(), f, indent=1)
        print(f"wrote {args.out}")
    print(f"wall time: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
