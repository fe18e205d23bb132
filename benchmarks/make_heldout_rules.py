"""Write the held-out rule set the scientist is measured on but never tuned on.

A different method from the scientist's grammar: random rule texts drawn by
:mod:`eleusis_lab.science.random_rules` over the whole rule language (arithmetic on ranks, ``prev2``,
``in`` lists and ranges, ``not``, nested ``if``, truth values compared), each kept only if
``eleusis_lab.rules.checks.check`` finds it acceptable for play and its median playable share lies
between 15 % and 85 %.  Fixed by a seed, written once, before any tuning:

    .venv/bin/python benchmarks/make_heldout_rules.py --seed 20261201 --count 26 \
        > eleusis_lab/science/heldout_rules.json

(``check`` has changed since the committed file was written, so today's run of that command draws a
different set from the committed one; ``benchmarks/bench_scientist.py --fresh-seed`` measures on such
new sets.)
"""

from __future__ import annotations

import argparse
import json
import sys

from eleusis_lab.science.random_rules import random_rule_texts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--count", type=int, default=26)
    args = parser.parse_args()
    kept = random_rule_texts(args.seed, args.count, low=0.15, high=0.85)
    json.dump(
        {
            "about": "Held-out rules: random texts of the whole rule language, filtered by check(); "
            f"never tuned on. benchmarks/make_heldout_rules.py --seed {args.seed} --count {args.count}",
            "rules": kept,
        },
        sys.stdout,
        indent=1,
    )
    print()
    print(f"{len(kept)} rules kept", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
