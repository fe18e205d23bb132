"""Measured difficulty: how many simulated players solve a puzzle from the evidence it shows.

Five players read the same table, each in its own limited way, and answer the puzzle:

- **the computer scientist** reads every play; for "what next" it ticks each card that its hypothesis
  space (:class:`eleusis_lab.science.HypothesisSpace`, a million rules weighed by simplicity) thinks
  more likely accepted than not; for the other kinds it checks every option against every card;
- **the simple thinker** reads every play but believes only simple rules (one property of the card or
  one relation to the top card): it is lost when none fits the table;
- **the mainline reader** ignores the rejected cards;
- **the short memory** remembers only the last five plays;
- **the first look** stops reading halfway through the plays.

The last four answer "what next" with the first simple rule that fits what they read, and the other
kinds by crossing out every option that what they read contradicts.  A puzzle is solved when the answer
is exactly the key's.  The label: solved by all five is *easy*, by three or four *medium*, else *hard*.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eleusis_lab.cards import Card
from eleusis_lab.rules import Rule
from eleusis_lab.worksheets.evidence import simple_rules
from eleusis_lab.worksheets.layout import Layout

Evidence = list[tuple[Card, tuple[Card, ...], bool]]


@dataclass(frozen=True)
class Measured:
    """Who solved a puzzle, and the label that follows from it."""

    solved_by: tuple[str, ...]
    players: int

    @property
    def label(self) -> str:
        n = len(self.solved_by)
        return "easy" if n == self.players else "medium" if n >= self.players - 2 else "hard"

    def words(self) -> str:
        return f"{self.label}: {len(self.solved_by)} of {self.players} simulated players solve it"


def _all(e: Evidence) -> Evidence:
    return e


def _mainline(e: Evidence) -> Evidence:
    return [x for x in e if x[2]]


def _last_five(e: Evidence) -> Evidence:
    return e[-5:]


def _first_half(e: Evidence) -> Evidence:
    return e[: max(1, len(e) // 2)]


#: (name, what the player reads of the evidence, uses the hypothesis space for "what next")
PLAYERS: tuple[tuple[str, Callable[[Evidence], Evidence], bool], ...] = (
    ("the computer scientist", _all, True),
    ("the simple thinker", _all, False),
    ("the mainline reader", _mainline, False),
    ("the short memory", _last_five, False),
    ("the first look", _first_half, False),
)


def evidence_of(layout: Layout) -> Evidence:
    return [(p.card, before, p.accepted) for p, before in layout.evidence()]


def _agrees(rule: Rule, e: Evidence) -> bool:
    return all(rule.accepts(c, b) == ok for c, b, ok in e)


def measure_options(layout: Layout, deck: str, rules: Sequence[Rule], survivors: Sequence[bool]) -> Measured:
    """Find the rule / which survive: each player crosses out the options what it reads contradicts
    (the simple thinker, who believes only simple rules, is lost when none fits the table)."""
    e = evidence_of(layout)
    solved = []
    for name, reads, _space in PLAYERS:
        seen = reads(e)
        lost = name == "the simple thinker" and not any(_agrees(s, seen) for s in simple_rules(deck))
        kept = [not lost and _agrees(r, seen) for r in rules]
        if kept == list(survivors):
            solved.append(name)
    return Measured(tuple(solved), len(PLAYERS))


def measure_what_next(
    layout: Layout, deck: str, choices: Sequence[Card], accepted: Sequence[bool]
) -> Measured:
    """What next: each player ticks the cards it believes the rule accepts on the table's top card."""
    e = evidence_of(layout)
    main = list(layout.mainline)
    want = list(accepted)
    solved = []
    for name, reads, uses_space in PLAYERS:
        seen = reads(e)
        ticks: list[bool] | None
        if uses_space:
            ticks = _scientist_ticks(deck, seen, main, choices)
        else:
            believed = next((s for s in simple_rules(deck) if _agrees(s, seen)), None)
            ticks = None if believed is None else [believed.accepts(c, main) for c in choices]
        if ticks == want:
            solved.append(name)
    return Measured(tuple(solved), len(PLAYERS))


def _scientist_ticks(deck: str, seen: Evidence, main: list[Card], choices: Sequence[Card]) -> list[bool]:
    from eleusis_lab.science import HypothesisSpace

    space = HypothesisSpace("letters" if deck == "letters" else "standard")
    for card, before, ok in seen:
        space.observe(list(before), card, ok)
    return [bool(p > 0.5) for p in space.probabilities(main, list(choices))]


@functools.cache
def description_length(rule_text: str, deck: str) -> float:
    """The rule's description length in bits (:func:`eleusis_lab.science.grammar.description_bits`): the
    other half of a puzzle's difficulty, beside how many simulated players solve it."""
    from eleusis_lab.science.grammar import description_bits

    return description_bits(rule_text, "letters" if deck == "letters" else "standard")
