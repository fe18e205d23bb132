"""Speed of the rule language: rules parsed per second and plays judged per second.

Run: ``.venv/bin/python benchmarks/bench_rules.py`` (about 15 s).  Rates use process CPU time, so
other jobs on a shared machine disturb them less.  Targets: judging >= 200k plays/s
for typical rules; parsing is done once per rule, so a few thousand rules/s is plenty.
"""

from __future__ import annotations

import random
import sys
import time

from eleusis_lab.cards import letter_deck, standard_deck
from eleusis_lab.rules import PlayerInfo, Rule
from eleusis_lab.rules import syntax as rule_parser

DESIGN_EXAMPLES = [
    "if prev is even then card is odd else card is even",
    "card.suit == prev.suit or card.rank == prev.rank",
    "if prev.color == prev2.color then card.rank in 1..7 else card.rank in 7..13",
    "if prev2 is red then card.rank >= prev2.rank else card.rank <= prev2.rank",
    "card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]",
    "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])",
    "if len(player.name) is odd then card.color != prev.color else card.color == prev.color",
    'card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])',
]
LONGER = [
    "if position == 1 then card.rank == ace else if prev is face then card is number and card.color != "
    "prev.color else card.rank in cyc(prev.rank + 1)..cyc(prev.rank + 3) or card.suit == prev2.suit",
    "(card is face) != (prev is face) and "
    "(card.suit in [hearts, diamonds] or abs(card.rank - prev.rank) <= 2)",
    "if prev.suit == prev2.suit and prev2.suit == prev3.suit then card.suit != prev.suit "
    "else card.rank % 3 == (prev.rank + prev2.rank) % 3  # three of a suit force a change",
    "card.ink == [red, blue, green][position] and card.shape != prev.shape or card.outline == black",
]


def rate(fn, seconds: float = 1.0) -> tuple[float, int]:
    n, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        fn()
        n += 1
    return n / elapsed, n


def bench_parse() -> None:
    texts = DESIGN_EXAMPLES + LONGER

    # Uncached: what a fresh rule costs (Lark LALR + type check + compile).
    def uncached() -> None:
        for t in texts:
            Rule(rule_parser.parse(t), _source=t)

    per_call, _ = rate(uncached, 2.0)
    print(f"parse+check+compile, uncached: {per_call * len(texts):10,.0f} rules/s  ({len(texts)} rules)")

    def lark_only() -> None:
        for t in texts:
            rule_parser.parse(t)

    per_call, _ = rate(lark_only, 1.0)
    print(f"parse only (Lark+AST):         {per_call * len(texts):10,.0f} rules/s")

    trees = [rule_parser.parse(t) for t in texts]

    def from_trees() -> None:
        for tree in trees:
            Rule(tree)

    per_call, _ = rate(from_trees, 1.0)
    print(f"Rule(tree) check+compile:      {per_call * len(texts):10,.0f} rules/s")

    def cached() -> None:
        for t in texts:
            Rule.parse(t)

    per_call, _ = rate(cached, 0.5)
    print(f"Rule.parse, cached:            {per_call * len(texts):10,.0f} rules/s")


def bench_judge() -> None:
    rng = random.Random(1)
    std, letters = standard_deck(), letter_deck()
    situations = {}
    for deck_name, deck in (("standard", std), ("letters", letters)):
        lines = [[rng.choice(deck) for _ in range(rng.randint(0, 6))] for _ in range(200)]
        cards = [rng.choice(deck) for _ in range(200)]
        situations[deck_name] = list(zip(cards, lines, strict=True))
    player = PlayerInfo("Ada", 1)
    print(f"{'plays judged/s':>14}  rule")
    worst = float("inf")
    for text in DESIGN_EXAMPLES + LONGER:
        rule = Rule.parse(text)
        cases = situations["letters" if rule.deck == "letters" else "standard"]
        accepts = rule.accepts
        start = time.process_time()
        reps = 0
        while time.process_time() - start < 0.6:
            for card, line in cases:
                accepts(card, line, player)
            reps += 1
        per_s = reps * len(cases) / (time.process_time() - start)
        worst = min(worst, per_s)
        print(f"{per_s:14,.0f}  {text[:90]}")
    print(f"slowest rule: {worst:,.0f} plays/s (target 200,000: {'met' if worst >= 200_000 else 'NOT met'})")


if __name__ == "__main__":
    print(f"Python {sys.version.split()[0]}")
    bench_parse()
    bench_judge()
