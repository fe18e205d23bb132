"""Random rules of the whole rule language: the rules a scientist is measured on but never tuned on.

Drawn as random rule texts (arithmetic on ranks, ``prev2``, ``in`` lists and ranges, ``not``, nested
``if`` chains, truth values compared), not by the scientist's grammar enumeration, and kept only when
:func:`eleusis_lab.rules.checks.check` finds the rule acceptable for play and its median playable share
(the part of the deck it accepts along a line) lies in a band (15-85 % for the fixed held-out set,
20-80 % by default for fresh sets).  Each seed gives a new unseen set, so every benchmark run can be
measured on rules nobody has looked at:

>>> rules = fresh_rules(seed=7, count=3)
>>> len(rules), rules[0].key
(3, 'fresh-7-1')
>>> rules == fresh_rules(seed=7, count=3)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SUITS = ["spades", "hearts", "diamonds", "clubs"]
PREDICATES = ["red", "black", "even", "odd", "face", "number", "high", "low", "prime"]


@dataclass(frozen=True)
class NamedRule:
    """One rule of a rule set: its key (``express-5``, ``fresh-7-1``) and its text."""

    key: str
    text: str


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
    """One random rule text (it may not parse, or be unplayable: callers filter)."""
    kind = rng.random()
    if kind < 0.3 or depth >= 2:
        return card_test(rng)
    if kind < 0.45:
        return f"{card_test(rng)} and {card_test(rng)}"
    if kind < 0.6:
        return f"{card_test(rng)} or {card_test(rng)}"
    return f"if {any_test(rng)} then {card_test(rng)} else {rule_text(rng, depth + 1)}"


def random_rule_texts(
    seed: int, count: int, *, low: float = 0.2, high: float = 0.8, tries: int = 5000
) -> list[str]:
    """Up to ``count`` distinct acceptable rule texts whose median playable share is in [low, high]."""
    from eleusis_lab.rules import Rule, RuleError
    from eleusis_lab.rules.checks import check

    rng = random.Random(seed)
    kept: list[str] = []
    for _ in range(tries):
        if len(kept) >= count:
            break
        text = rule_text(rng)
        try:
            rule = Rule.parse(text)
        except RuleError:
            continue
        if rule.text in kept or rule.uses_player:
            continue
        report = check(rule)
        if report.acceptable and low <= report.playable_median <= high:
            kept.append(rule.text)
    return kept


def fresh_rules(seed: int, count: int = 26, *, low: float = 0.2, high: float = 0.8) -> list[NamedRule]:
    """A new unseen rule set for ``seed`` (keys ``fresh-<seed>-<k>``)."""
    texts = random_rule_texts(seed, count, low=low, high=high)
    return [NamedRule(f"fresh-{seed}-{k + 1}", text) for k, text in enumerate(texts)]
