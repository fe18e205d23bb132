"""Write the held-out rule set the scientist is measured on but never tuned on.

A different method from the scientist's grammar: random rule texts drawn from a generator of our own
over the whole rule language (arithmetic on ranks, ``prev2``, ``in`` lists and ranges, ``not``, nested
``if``, truth values compared), each kept only if ``eleusis_lab.rules.checks.check`` finds it
acceptable for play and its median playable share lies between 15 % and 85 %.  Fixed by a seed, written
once, before any tuning:

    .venv/bin/python benchmarks/make_heldout_rules.py --seed 20261201 --count 26 \
        > eleusis_lab/science/heldout_rules.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from eleusis_lab.rules import Rule, RuleError
from eleusis_lab.rules.checks import check

SUITS = ["spades", "hearts", "diamonds", "clubs"]
PREDICATES = ["red", "black", "even", "odd", "face", "number", "high", "low", "prime"]


def card_ref(rng: random.Random, history: bool = True) -> str:
    return rng.choice(["card", "card", "prev", "prev2"] if history else ["card"])


def rank_expr(rng: random.Random, who: str) -> str:
    kind = rng.random()
    if kind < 0.6:
        return f"{who}.rank"
    if kind < 0.8:
        other = rng.choice(["prev", "prev2"]) if who == "card" else "card"
        return f"({who}.rank + {other}.rank)"
    return f"{who}.rank % {rng.choice([2, 3, 4, 5])}"


def card_test(rng: random.Random) -> str:
    """A condition that reads the card."""
    kind = rng.random()
    if kind < 0.25:
        neg = "not " if rng.random() < 0.2 else ""
        return f"card is {neg}{rng.choice(PREDICATES)}"
    if kind < 0.4:
        lo = rng.randint(1, 11)
        return f"card.rank in {lo}..{rng.randint(lo + 1, 13)}"
    if kind < 0.5:
        return f"card.suit in [{', '.join(rng.sample(SUITS, rng.choice([1, 2, 3])))}]"
    if kind < 0.75:
        other = rng.choice(["prev", "prev", "prev2"])
        attr = rng.choice(["rank", "rank", "suit", "color"])
        op = rng.choice(["==", "!="] if attr != "rank" else ["==", "!=", "<", ">", "<=", ">="])
        return f"card.{attr} {op} {other}.{attr}"
    if kind < 0.85:
        other = rng.choice(["prev", "prev2"])
        p = rng.choice(PREDICATES)
        return f"(card is {p}) {rng.choice(['==', '!='])} ({other} is {p})"
    left = rank_expr(rng, "card")
    k = rng.choice([2, 3, 4])
    return (
        f"{left} % {k} {rng.choice(['==', '!='])} {rng.randrange(k)}" if "%" not in left else f"{left} == 0"
    )


def any_test(rng: random.Random) -> str:
    """A condition on the history or the position (an if's condition)."""
    kind = rng.random()
    who = rng.choice(["prev", "prev", "prev2"])
    if kind < 0.45:
        return f"{who} is {rng.choice(PREDICATES)}"
    if kind < 0.6:
        return f"{who}.suit == {rng.choice(SUITS)}"
    if kind < 0.75:
        return f"position % {rng.choice([2, 3])} == {rng.randrange(2)}"
    if kind < 0.85:
        return "prev.rank > prev2.rank" if rng.random() < 0.5 else "prev.color == prev2.color"
    return card_test(rng)


def rule_text(rng: random.Random, depth: int = 0) -> str:
    kind = rng.random()
    if kind < 0.3 or depth >= 2:
        return card_test(rng)
    if kind < 0.45:
        return f"{card_test(rng)} and {card_test(rng)}"
    if kind < 0.6:
        return f"{card_test(rng)} or {card_test(rng)}"
    return f"if {any_test(rng)} then {card_test(rng)} else {rule_text(rng, depth + 1)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--count", type=int, default=26)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kept: list[str] = []
    tried = 0
    while len(kept) < args.count and tried < 5000:
        tried += 1
        text = rule_text(rng)
        try:
            rule = Rule.parse(text)
        except RuleError:
            continue
        if rule.text in kept or rule.uses_player:
            continue
        report = check(rule)
        if report.acceptable and 0.15 <= report.playable_median <= 0.85:
            kept.append(rule.text)
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
    print(f"{len(kept)} rules kept of {tried} drawn", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
