"""Rival rules: every rule of a stated family that fits a table, to prove a puzzle has one answer.

A what-next puzzle is fair when no rule a student might reasonably hold answers it differently.  The
family searched here is every rule of up to two parts of the kind people write about the card and the
last card (the top of the mainline):

- **one comparison**: a property of the card (``card is red``, ``card.rank <= 7``) or one relation to the
  top card (``card.suit == prev.suit``, ``abs(card.rank - prev.rank) <= 2``);
- **two comparisons joined by and / or**;
- **if-then-else on the last card**: a condition on the top card choosing between two comparisons
  (``if prev is black then card is low else card is high``), or a condition on the top card with one
  comparison and "otherwise anything" (``if prev.suit == spades then card is black else true``, the
  "after a spade play a black card" a student writes).

The rules are not written out one by one: they are the members of the hypothesis space's ``single``,
``and``, ``or`` and ``if`` families (:mod:`eleusis_lab.science.space`) whose atoms
(:mod:`eleusis_lab.science.atoms`) read only the card and the top card, judged all at once with the
space's own vectorised combinators, and one family the space has no need of (:class:`IfThen`: a
condition and a comparison, otherwise anything).  :func:`family_size` counts them: 282,720 for the
standard deck, 24,112 for the letter deck.

>>> from eleusis_lab.cards import parse_cards
>>> a, b, c = parse_cards("2H 9S 4D")
>>> rivals = Rivals("standard", [(b, (a,), True), (c, (a, b), False)])
>>> 0 < rivals.count < family_size("standard")
True
>>> rivals.examples(1)[0] in rivals.texts()
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from eleusis_lab.cards import Card

#: The hypothesis space's families that make up the search (its ``switch`` family has four parts).
FAMILY_KINDS = ("single", "and", "or", "if")
#: The atom groups a member may read: the card, the card against the top card, the top card (conditions).
ATOM_GROUPS = ("card", "rel1", "prev")
#: What the family is, in words (for keys and reports).
FAMILY_WORDS = (
    "every rule of up to two parts about the card and the top card: one comparison, two joined by "
    "and/or, or if-then-else on the top card"
)


@dataclass
class IfThen:
    """``if C then A else true`` for every condition ``C`` on the top card and comparison ``A``: the
    space's three-valued ``if`` combinator with the else slot fixed to "accept"."""

    slots: tuple[np.ndarray, np.ndarray]  # condition atoms, comparison atoms
    kind: str = "if-then"

    def __post_init__(self) -> None:
        self.shape = (len(self.slots[0]), len(self.slots[1]))
        self.size = self.shape[0] * self.shape[1]

    def atoms_of(self, rows: np.ndarray) -> list[np.ndarray]:
        cols = np.unravel_index(rows, self.shape)
        return [s[c] for s, c in zip(self.slots, cols, strict=True)]

    def accept(
        self, out: np.ndarray, values: np.ndarray, missing: np.ndarray, rows: np.ndarray
    ) -> np.ndarray:
        from eleusis_lab.science.atoms import TRUE
        from eleusis_lab.science.space import _IF

        cond, body = (out[a] for a in self.atoms_of(rows))
        return _IF[9 * cond + 3 * body + TRUE]  # type: ignore[no-any-return]

    def text(self, row: int, texts: Sequence[str]) -> str:
        cond, body = (texts[int(a[0])] for a in self.atoms_of(np.array([row])))
        return f"if {cond} then {body} else true"


@dataclass(frozen=True)
class _Family:
    """The searched part of one of the hypothesis space's families."""

    family: object  # eleusis_lab.science.space.Family or IfThen
    rows: np.ndarray  # flat indices of its members that read only the allowed atoms


@dataclass(frozen=True)
class _Searched:
    deck: str
    atoms: object  # eleusis_lab.science.atoms.AtomTable
    situation: object  # (card, mainline) -> (values, missing)
    families: tuple[_Family, ...]
    texts: Sequence[str]
    costs: tuple[np.ndarray, ...]  # each searched member's cost: its atoms' costs plus its structure's
    needed: (
        np.ndarray
    )  # the atoms any member reads (a few hundred of the table's 50,000): only these are judged


def _space_deck(deck: str) -> str:
    return "letters" if deck == "letters" else "standard"


@functools.cache
def _searched(deck: str) -> _Searched:
    from eleusis_lab.science import atoms as A
    from eleusis_lab.science import space_store
    from eleusis_lab.science.space import STRUCT_COST, HypothesisSpace

    table, groups = space_store.atom_table(deck)
    allowed = np.zeros(len(table), dtype=bool)
    for name in ATOM_GROUPS:
        allowed[groups[name]] = True
    families = []
    costs = []
    for fam in HypothesisSpace(deck).families:
        if fam.kind not in FAMILY_KINDS:
            continue
        mask = np.ones(fam.shape, dtype=bool)
        for k, slot in enumerate(fam.slots):
            shape = [1] * len(fam.slots)
            shape[k] = len(slot)
            mask &= allowed[slot].reshape(shape)
        flat = mask.ravel()
        if fam.valid is not None:
            flat = flat & fam.valid
        rows = np.flatnonzero(flat)
        families.append(_Family(fam, rows))
        # the plainer the atoms and the structure, the simpler the rule (the space's own costs)
        costs.append(sum(table.costs[atom] for atom in fam.atoms_of(rows)) + STRUCT_COST[fam.kind])
    conds = np.array(groups["prev"], dtype=np.int64)
    comparisons = np.array(groups["card"] + groups["rel1"], dtype=np.int64)
    if_then = IfThen((conds, comparisons))
    rows = np.arange(if_then.size)
    families.append(_Family(if_then, rows))
    costs.append(sum(table.costs[atom] for atom in if_then.atoms_of(rows)) + STRUCT_COST["if"])
    situation = A.letter_situation if deck == "letters" else A.standard_situation
    needed = np.flatnonzero(allowed)  # every member reads these atoms only
    return _Searched(deck, table, situation, tuple(families), table.texts, tuple(costs), needed)


def family_size(deck: str) -> int:
    """How many rules the family holds for ``deck`` (``double`` shares the standard faces)."""
    return sum(len(f.rows) for f in _searched(_space_deck(deck)).families)


class Rivals:
    """The family's rules that give every play of ``evidence`` (card, mainline before, verdict) the
    verdict it got."""

    def __init__(self, deck: str, evidence: Iterable[tuple[Card, Sequence[Card], bool]]) -> None:
        self._s = _searched(_space_deck(deck))
        self._live = [f.rows for f in self._s.families]
        self._keep = [np.arange(len(f.rows)) for f in self._s.families]  # positions into the family rows
        for card, before, accepted in evidence:
            self.observe(card, before, accepted)

    def observe(self, card: Card, mainline: Sequence[Card], accepted: bool) -> None:
        """Keep the rivals that judge ``card`` on ``mainline`` as the table did."""
        acc = self.accepts(card, mainline)
        for i, a in enumerate(acc):
            keep = a == accepted
            self._live[i] = self._live[i][keep]
            self._keep[i] = self._keep[i][keep]

    def accepts(self, card: Card, mainline: Sequence[Card]) -> list[np.ndarray]:
        """Each live rival's verdict on ``card`` tried on ``mainline``, family by family."""
        values, missing = self._s.situation(card, list(mainline))  # type: ignore[operator]
        out = np.zeros(len(self._s.texts), dtype=np.int8)
        out[self._s.needed] = self._s.atoms.evaluate(values, missing, self._s.needed)  # type: ignore[attr-defined]
        return [
            f.family.accept(out, values, missing, rows) if len(rows) else np.zeros(0, dtype=bool)  # type: ignore[attr-defined]
            for f, rows in zip(self._s.families, self._live, strict=True)
        ]

    def verdicts(self, card: Card, mainline: Sequence[Card]) -> np.ndarray:
        """Every live rival's verdict, as one flat array (the order of :meth:`texts`)."""
        return np.concatenate(self.accepts(card, mainline))

    @property
    def count(self) -> int:
        return sum(len(r) for r in self._live)

    def texts(self) -> list[str]:
        """The live rivals' rule texts, in the order of :meth:`verdicts`."""
        return [
            f.family.text(int(r), self._s.texts)  # type: ignore[attr-defined]
            for f, rows in zip(self._s.families, self._live, strict=True)
            for r in rows
        ]

    def examples(self, k: int, *, unlike: Sequence[str] = ()) -> list[str]:
        """The ``k`` simplest live rivals (by the space's costs), skipping texts in ``unlike``."""
        scored: list[tuple[float, int, int]] = []
        for i, (keep, cost) in enumerate(zip(self._keep, self._s.costs, strict=True)):
            scored += [(float(cost[j]), i, n) for n, j in enumerate(keep)]
        scored.sort()
        out: list[str] = []
        for _cost, i, n in scored:
            f = self._s.families[i]
            text = f.family.text(int(self._live[i][n]), self._s.texts)  # type: ignore[attr-defined]
            if text not in unlike and text not in out:
                out.append(text)
            if len(out) == k:
                break
        return out


__all__ = ["FAMILY_KINDS", "FAMILY_WORDS", "IfThen", "Rivals", "family_size"]
