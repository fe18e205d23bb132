"""What a table proves: simple rules that fit it, the parts of a rule it shows, and rules that differ.

A puzzle is only fair if the evidence points one way.  Three questions are asked of every layout:

- **Simple rules that fit** (:func:`fitting_simple_rules`): one property of the card ("no diamonds",
  "only high cards") or one relation to the top card ("same suit", "higher") that agrees with every
  judged play.  A what-next choice on which such a rule and the key disagree has two defensible
  answers, so it is never offered.
- **Parts shown** (:func:`unshown_parts`): each part of a rule the evidence must show — for ``a or b``
  an accepted card that only ``a`` allows and one that only ``b`` allows; for ``a and b`` a rejected
  card that fails only ``a`` and one that fails only ``b``; for an ``if`` each branch in use at least
  once.  Otherwise "same suit or same rank" shown on suits alone reads as "same suit".
- **Different rules** (:func:`same_rule`): the rule checker's exact equivalence (every situation that
  can arise), cached, so options and hypotheses are pairwise different rules.

>>> from eleusis_lab.rules import Rule
>>> [p.name for p in parts(Rule.parse("card.suit == prev.suit or card.rank == prev.rank"))]
['card.suit == prev.suit', 'card.rank == prev.rank']
>>> same_rule("(card is even) != (prev is even)", "if prev is even then card is odd else card is even")
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from eleusis_lab.cards import Card
from eleusis_lab.rules import Rule
from eleusis_lab.rules import ast as A
from eleusis_lab.worksheets.layout import Layout

_SUITS = ("spades", "hearts", "diamonds", "clubs")


def _standard_simple() -> tuple[str, ...]:
    props = [f"card is {p}" for p in ("red", "black", "even", "odd", "face", "number", "high", "low")]
    props += ["card is prime", "card is not prime"]
    props += [f"card.suit {op} {s}" for s in _SUITS for op in ("==", "!=")]
    props += [f"card.rank {op} {k}" for k in range(1, 14) for op in ("==", "!=")]
    props += [f"card.rank >= {k}" for k in range(2, 14)] + [f"card.rank <= {k}" for k in range(1, 13)]
    rel = [f"card.{a} {op} prev.{a}" for a in ("color", "suit") for op in ("==", "!=")]
    rel += [f"card.rank {op} prev.rank" for op in ("==", "!=", ">", "<", ">=", "<=")]
    rel += ["(card is even) == (prev is even)", "(card is even) != (prev is even)"]
    rel += [f"abs(card.rank - prev.rank) <= {k}" for k in range(1, 5)]
    rel += [f"abs(card.rank - prev.rank) >= {k}" for k in range(2, 5)]
    return tuple(props + rel)


def _letter_simple() -> tuple[str, ...]:
    props = [f"card.ink {op} {ink}" for ink in ("red", "blue", "green") for op in ("==", "!=")]
    props += [f"card.shape == {s}" for s in ("circle", "square")]
    props += [f"card.outline == {o}" for o in ("red", "black")]
    props += [f'card.letter {op} "{x}"' for x in "ABCDE" for op in ("==", "!=")]
    props += ["card is blank", "card is not blank"]
    rel = [f"card.{a} {op} prev.{a}" for a in ("ink", "shape", "outline", "letter") for op in ("==", "!=")]
    rel += ["card.letter > prev.letter", "card.letter < prev.letter"]
    rel += ['card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])']
    rel += ['card.letter == next(prev.letter, ["E", "D", "C", "B", "A"])']
    return tuple(props + rel)


#: One property of the card, or one relation to the top card: the first ideas a student tries.
SIMPLE_RULES: dict[str, tuple[str, ...]] = {"standard": _standard_simple(), "letters": _letter_simple()}


@functools.cache
def simple_rules(deck: str) -> tuple[Rule, ...]:
    """The simple rules of a deck (``double`` shares the standard faces), parsed once."""
    return tuple(Rule.parse(t) for t in SIMPLE_RULES["letters" if deck == "letters" else "standard"])


def fits(rule: Rule, layout: Layout) -> bool:
    """Does ``rule`` give every judged play of the layout the verdict it got?"""
    return all(rule.accepts(p.card, before) == p.accepted for p, before in layout.evidence())


def fitting_simple_rules(layout: Layout, deck: str) -> list[Rule]:
    """The simple rules that agree with every judged play of ``layout``."""
    return [r for r in simple_rules(deck) if fits(r, layout)]


# -- parts of a rule ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Part:
    """One part of a rule and how a play shows it: ``accepted`` plays where ``alone`` holds (or, for
    an ``if`` branch, any play where ``guard`` selects the branch)."""

    name: str
    guard: Rule | None  # the table condition selecting this part (if-branches), None: always
    alone: Rule | None  # the card condition a showing play meets, None: any play under the guard
    accepted: bool | None  # the verdict a showing play has, None: either

    def in_force(self, mainline: Sequence[Card]) -> bool:
        """Does the table select this part (its guard reads the table only, so any card will do)?"""
        return self.guard is None or (bool(mainline) and _decided(self.guard, mainline[-1], mainline))

    def shown_by(self, card: Card, mainline: Sequence[Card], accepted: bool) -> bool:
        if self.accepted is not None and accepted != self.accepted:
            return False
        if self.guard is not None and not _decided(self.guard, card, mainline):
            return False
        return self.alone is None or _decided(self.alone, card, mainline)


def _decided(rule: Rule, card: Card, mainline: Sequence[Card]) -> bool:
    """``rule`` holds here and is not merely accepting for want of history (its negation fails)."""
    return rule.accepts(card, mainline) and not Rule(A.Not(rule.ast)).accepts(card, mainline)


def _operands(node: A.Node, op: str) -> list[A.Node]:
    if isinstance(node, A.BoolOp) and node.op == op:
        return [*_operands(node.left, op), *_operands(node.right, op)]
    return [node]


def _and_all(nodes: Sequence[A.Node]) -> A.Node:
    out = nodes[0]
    for n in nodes[1:]:
        out = A.BoolOp("and", out, n)
    return out


def parts(rule: Rule, guard: A.Node | None = None) -> list[Part]:
    """The parts of ``rule`` that evidence should show (see the module docstring); [] for one test."""
    node = rule.ast
    g = None if guard is None else Rule(guard)
    if isinstance(node, A.If):
        yes = node.cond if guard is None else A.BoolOp("and", guard, node.cond)
        no = A.Not(node.cond) if guard is None else A.BoolOp("and", guard, A.Not(node.cond))
        out: list[Part] = []
        for branch, cond in ((node.then, yes), (node.otherwise, no)):
            inner = parts(Rule(branch), cond)
            out.extend(inner or [Part(f"{_text(cond)} → {_text(branch)}", Rule(cond), None, None)])
        return out
    for op, verdict in (("or", True), ("and", False)):
        items = _operands(node, op)
        if len(items) < 2:
            continue
        out = []
        for i, item in enumerate(items):
            if _about_blank(item):
                continue  # the letter deck's one blank card: a rule names it, no table need show it
            others = [o if op == "or" else A.Not(o) for j, o in enumerate(items) if j != i]
            mine = item if op == "or" else A.Not(item)
            alone = _and_all([mine, *(A.Not(o) for o in others)])
            out.append(Part(_text(item), g, Rule(alone), verdict))
        return out
    return []


def _about_blank(node: A.Node) -> bool:
    return any(isinstance(n, A.Is) and n.predicate == "blank" for n in node.walk())


def _text(node: A.Node) -> str:
    return Rule(node).text


def unshown_parts(rule: Rule, plays: Iterable[tuple[Card, Sequence[Card], bool]]) -> list[Part]:
    """The parts of ``rule`` that no play of ``plays`` (card, mainline before it, verdict) shows."""
    todo = parts(rule)
    for card, before, accepted in plays:
        todo = [p for p in todo if not p.shown_by(card, before, accepted)]
        if not todo:
            break
    return todo


def layout_plays(layout: Layout) -> list[tuple[Card, Sequence[Card], bool]]:
    return [(p.card, before, p.accepted) for p, before in layout.evidence()]


# -- exact equivalence ----------------------------------------------------------------------------
@functools.cache
def same_rule(a: str, b: str, deck: str = "standard") -> bool:
    """Are rule texts ``a`` and ``b`` the same rule in every situation that can arise (exactly)?"""
    from eleusis_lab.rules.checks import same_rule as checker

    if a == b:
        return True
    x, y = sorted((a, b))
    if (x, y) != (a, b):
        return same_rule(x, y, deck)
    try:
        return bool(checker(a, b, deck="letters" if deck == "letters" else "standard"))
    except ValueError:  # one reads letter cards, the other playing cards: different rules
        return False
