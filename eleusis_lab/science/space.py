"""The hypothesis space: a million and more candidate rules, narrowed down by every verdict.

Each candidate is a rule of our own language (printable, parseable by ``Rule.parse``) built from a
table of base conditions ("atoms", see :mod:`eleusis_lab.science.atoms`) by a few *families*:

- ``A``                          one atom (card property, relation to ``prev``/``prev2``, lookup table …)
- ``A and B``, ``A or B``        two simple atoms
- ``if C then A else B``         a condition on the top cards or the position choosing a constraint
- ``if prev.suit == spades then A else if … else D``   a constraint for each suit (letter for letters)

A family is the Cartesian product of its slots' atom lists, so one observation is judged for *all*
candidates with a handful of numpy broadcasts: the atoms are evaluated once (three-valued: false, true,
missing), then the family combines them through a lookup table that mirrors the rule language's lazy,
left-to-right evaluation with its "a missing card accepts" reading.  Nothing loops over candidates in
Python.  Each candidate has a simplicity prior ``exp(-BETA * cost)``: fewer and plainer parts weigh more.

This is the space a class can count: the class board's narrowing plot, lesson 4 and the class's own
hypotheses show how many of its rules remain (``remaining()``).  The computer scientist reasons in a
larger space that is never listed, :class:`~eleusis_lab.science.grammar.GrammarSpace`: every rule of a
small grammar of the same atoms, with ``else if`` chains (see ``docs/scientist.md``).

>>> space = HypothesisSpace()
>>> len(space) >= 1_000_000
True
>>> from eleusis_lab.cards import parse_cards
>>> a, b, c = parse_cards("2H 9S 4D")
>>> space.observe([], a, True); space.observe([a], b, True); space.observe([a, b], c, True)
>>> 0 < space.remaining() < len(space)
True
"""

from __future__ import annotations

import functools
import math
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from eleusis_lab.cards import SUITS, Card, as_card, letter_deck, standard_deck
from eleusis_lab.science import atoms as A
from eleusis_lab.science import space_store
from eleusis_lab.science.order import heaviest

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round

BETA = math.log(4.0)  # each unit of cost makes a rule four times less plausible

# Three-valued combinators, indexed by 3*left + right (and 9*c + 3*a + b for if): True = accept.
# They follow the rule language: `and`/`or` short-circuit left to right, a missing card accepts.
_AND = np.zeros(9, dtype=bool)
_OR = np.zeros(9, dtype=bool)
_IF = np.zeros(27, dtype=bool)
for _x in range(3):
    for _y in range(3):
        _AND[3 * _x + _y] = {0: False, 2: True}.get(_x, _y != 0)
        _OR[3 * _x + _y] = {1: True, 2: True}.get(_x, _y != 0)
        for _z in range(3):
            _IF[9 * _x + 3 * _y + _z] = True if _x == 2 else (_y != 0 if _x == 1 else _z != 0)

STRUCT_COST = {"single": 0.0, "and": 0.6, "or": 0.6, "if": 0.8, "switch": 1.5}
# Prior mass of each family as a whole; within a family, simpler members weigh more.
FAMILY_MASS = {"single": 0.25, "and": 0.1, "or": 0.1, "if": 0.5, "switch": 0.05}


@dataclass
class Family:
    """A product of atom lists (one per slot) combined by ``kind``; candidates are its flat indices."""

    kind: str
    slots: tuple[np.ndarray, ...]  # atom indices, one array per slot
    valid: np.ndarray | None  # static mask over the product (e.g. A before B), None = all
    switch_texts: tuple[str, ...] = ()  # "prev.suit == spades", … for switches
    switch_term: int = -1
    switch_values: np.ndarray | None = None  # term value -> branch index

    def __post_init__(self) -> None:
        self.shape = tuple(len(s) for s in self.slots)
        self.size = int(np.prod(self.shape))

    def accept(
        self, out: np.ndarray, values: np.ndarray, missing: np.ndarray, rows: np.ndarray | None
    ) -> np.ndarray:
        """Accept (bool) for every candidate of the product (rows None) or for the flat ``rows`` only."""
        kind = self.kind
        if kind == "switch":
            if missing[self.switch_term]:
                return np.ones(self.size if rows is None else len(rows), dtype=bool)
            assert self.switch_values is not None
            k = int(self.switch_values[values[self.switch_term]])
            o = out[self.slots[k]] != 0
            if rows is None:
                shape = [1] * len(self.slots)
                shape[k] = len(o)
                return np.broadcast_to(o.reshape(shape), self.shape).ravel()
            stride = int(np.prod(self.shape[k + 1 :]))
            return o[(rows // stride) % self.shape[k]]
        if rows is None:
            if kind == "single":
                return out[self.slots[0]] != 0
            o = [out[s] for s in self.slots]
            if kind == "if":
                code = 9 * o[0][:, None, None] + 3 * o[1][None, :, None] + o[2][None, None, :]
                return _IF[code.ravel()]
            code = 3 * o[0][:, None] + o[1][None, :]
            return (_AND if kind == "and" else _OR)[code.ravel()]
        cols = np.unravel_index(rows, self.shape)
        o = [out[s[c]] for s, c in zip(self.slots, cols, strict=True)]
        if kind == "single":
            return o[0] != 0
        if kind == "if":
            return _IF[9 * o[0] + 3 * o[1] + o[2]]
        return (_AND if kind == "and" else _OR)[3 * o[0] + o[1]]

    def atoms_of(self, rows: np.ndarray) -> list[np.ndarray]:
        cols = np.unravel_index(rows, self.shape)
        return [s[c] for s, c in zip(self.slots, cols, strict=True)]

    def text(self, row: int, texts: Sequence[str]) -> str:
        parts = [texts[a[0]] for a in self.atoms_of(np.array([row]))]
        if self.kind == "single":
            return parts[0]
        if self.kind in ("and", "or"):
            return f"{parts[0]} {self.kind} {parts[1]}"
        if self.kind == "if":
            return f"if {parts[0]} then {parts[1]} else {parts[2]}"
        pieces = [
            f"if {cond} then {body}" for cond, body in zip(self.switch_texts[:-1], parts[:-1], strict=True)
        ]
        return " else ".join(pieces) + f" else {parts[-1]}"


@dataclass
class Base:
    """Everything shared (read-only) by all spaces of one deck."""

    deck: str
    atoms: A.AtomTable
    families: list[Family]
    logw: list[np.ndarray]  # log prior (unnormalised), dense per family
    init_alive: list[np.ndarray]
    size: int
    situation: Any
    faces: list[Card]


# A conditional whose two branches constrain the same feature ("if … then card is red else card is
# black") names one idea fewer than one mixing two features; teachers write the first kind.
MIRROR_BONUS = 1.0
_TOPICS = (
    ("color", re.compile(r"color|\bred\b|\bblack\b")),
    ("parity", re.compile(r"even|odd|% 2")),
    ("face", re.compile(r"face|number")),
    ("high", re.compile(r"\bhigh\b|\blow\b")),
    ("prime", re.compile(r"prime")),
    ("suit", re.compile(r"suit")),
    ("letter", re.compile(r"letter")),
    ("ink", re.compile(r"\bink\b")),
    ("shape", re.compile(r"shape")),
    ("outline", re.compile(r"outline")),
    ("rank", re.compile(r"rank")),
)


def _topic(text: str) -> str:
    """The card feature an atom is about (colour, parity, suit, rank, …)."""
    return next((name for name, pattern in _TOPICS if pattern.search(text)), text)


def _product_cost(costs: np.ndarray, fam: Family, texts: Sequence[str] | None = None) -> np.ndarray:
    total = np.zeros(fam.shape, dtype=np.float64)
    for k, slot in enumerate(fam.slots):
        shape = [1] * len(fam.slots)
        shape[k] = len(slot)
        total = total + costs[slot].reshape(shape)
    if fam.kind == "if" and texts is not None and MIRROR_BONUS:
        topics = np.array([_topic(texts[a]) for a in fam.slots[1]])
        same = topics[:, None] == topics[None, :]
        total = total - MIRROR_BONUS * same[None, :, :]
    return (total + STRUCT_COST[fam.kind]).ravel()


def _pairs_valid(n: int) -> np.ndarray:
    i, j = np.triu_indices(n, k=1)
    mask = np.zeros((n, n), dtype=bool)
    mask[i, j] = True
    return mask.ravel()


def _if_valid(n_cond: int, n_body: int) -> np.ndarray:
    return np.broadcast_to(~np.eye(n_body, dtype=bool)[None, :, :], (n_cond, n_body, n_body)).ravel()


def _arr(xs: Iterable[int]) -> np.ndarray:
    return np.array(list(dict.fromkeys(xs)), dtype=np.int64)


@functools.cache
def _base(deck: str) -> Base:
    if deck == "standard":
        table, g = space_store.atom_table("standard")
        situation = A.standard_situation
        faces = standard_deck()
        simple = _arr(g["card"] + g["rel1"] + g["rel2"])
        singles = _arr(g["card"] + g["rel1"] + g["rel2"] + g["table"] + g["sum"])
        no_complement = {"prev is black", "prev is odd", "prev is number", "prev is low", "prev is not prime"}
        conds = [
            i
            for i in g["prev-core"] + g["prev2-core"]
            if table.texts[i].replace("prev2", "prev") not in no_complement and ">=" not in table.texts[i]
        ]
        conds += [i for i in g["prev"] if " == " in table.texts[i] and ".rank == " in table.texts[i]]
        keep_pq = ("==", " > ", " < ", "<=")
        conds += [
            i
            for i in g["relpq"]
            if any(k in table.texts[i] for k in keep_pq)
            and "next(" not in table.texts[i]
            and "is face" not in table.texts[i]
            and "is high" not in table.texts[i]
            and "is prime" not in table.texts[i]
            and "abs(" not in table.texts[i]
            and "cyc(" not in table.texts[i]
            and "+ 1" not in table.texts[i]
            and "- 1" not in table.texts[i]
            and not any(
                f"+ {k}" in table.texts[i] and "prev2.rank <=" not in table.texts[i] for k in range(2, 7)
            )
            and not any(f"- {k}" in table.texts[i] for k in range(2, 7))
        ]
        conds += g["pos"]
        body = _arr(g["card-core"] + g["rel1-core"] + g["rel2-core"])
        branch_texts = [
            "card is red", "card is black", "card is even", "card is odd", "card is high", "card is low",
            "card is face", "card is number", "card.suit == spades", "card.suit == hearts",
            "card.suit == diamonds", "card.suit == clubs", "card.suit == prev.suit", "card.suit != prev.suit",
            "card.color == prev.color", "card.color != prev.color", "card.rank == prev.rank",
            "card.rank > prev.rank", "card.rank < prev.rank", "card.rank % 2 == prev.rank % 2",
        ]  # fmt: skip
        branch = _arr(table.texts.index(t) for t in branch_texts)
        switch_texts = tuple(f"prev.suit == {s.value}" for s in SUITS)
        switch_term = A.T_P
        switch_values = np.arange(52) // 13
    elif deck == "letters":
        table, g = space_store.atom_table("letters")
        situation = A.letter_situation
        faces = letter_deck()
        simple = _arr(g["card"] + g["rel1"] + g["rel2"])
        singles = simple
        conds = [
            i for i in g["prev"] + g["prev2"] if "!=" not in table.texts[i] and " in [" not in table.texts[i]
        ]
        conds = [
            i for i in conds if "square" not in table.texts[i] and "outline == black" not in table.texts[i]
        ]
        conds += [i for i in g["relpq"] if "!=" not in table.texts[i]]
        conds += g["pos"]
        body = simple
        branch_texts = [f'card.letter == "{x}"' for x in A.LETTERS] + [
            "card.letter == prev.letter", "card.letter != prev.letter", "card.ink == prev.ink",
            "card.ink != prev.ink", "card.shape == prev.shape", "card.shape != prev.shape",
            "card.outline == prev.outline", "card.outline != prev.outline", "card is blank",
            'card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])',
            'card.letter == next(prev.letter, ["E", "D", "C", "B", "A"])',
        ]  # fmt: skip
        branch = _arr(table.texts.index(t) for t in branch_texts)
        switch_texts = tuple(f'prev.letter == "{x}"' for x in A.LETTERS)
        switch_term = A.L_P
        switch_values = A._L_LET.copy()
    else:
        raise ValueError(f"unknown deck {deck!r}: the hypothesis space knows 'standard' and 'letters'")
    conds_a = _arr(conds)
    families = [
        Family("single", (singles,), None),
        Family("and", (simple, simple), _pairs_valid(len(simple))),
        Family("or", (simple, simple), _pairs_valid(len(simple))),
        Family("if", (conds_a, body, body), _if_valid(len(conds_a), len(body))),
        Family(
            "switch",
            tuple([branch] * len(switch_texts)),
            None,
            switch_texts=switch_texts,
            switch_term=switch_term,
            switch_values=switch_values,
        ),
    ]
    # The prior arrays (a million and more floats) are built once and memory-mapped read-only from the
    # store, so every kernel of a machine shares one copy (space_store).
    stored = space_store.arrays(
        f"space-{deck}", lambda: _prior_arrays(table, families), sources=(A, sys.modules[__name__])
    )
    init_alive = [space_store.array(stored, f"alive.{i}") for i in range(len(families))]
    logw = [space_store.array(stored, f"logw.{i}") for i in range(len(families))]
    size = int(sum(a.sum() for a in init_alive))
    return Base(deck, table, families, logw, init_alive, size, situation, faces)


def _prior_arrays(table: A.AtomTable, families: list[Family]) -> dict[str, np.ndarray]:
    """Each family's candidates allowed at the start (``alive.i``) and their log prior (``logw.i``)."""
    out: dict[str, np.ndarray] = {}
    for i, fam in enumerate(families):
        alive = np.ones(fam.size, dtype=bool) if fam.valid is None else fam.valid.copy()
        raw = -BETA * _product_cost(table.costs, fam, table.texts)
        top = raw[alive].max()
        norm = top + math.log(np.exp(raw[alive] - top).sum())
        out[f"alive.{i}"] = alive
        out[f"logw.{i}"] = raw - norm + math.log(FAMILY_MASS[fam.kind])
    return out


# Families switch from a dense mask to a list of live rows once few are left: cheaper to judge.
_SPARSE_BELOW = 1 / 16


@dataclass(frozen=True)
class Candidate:
    """One remaining rule: its text, prior cost and posterior mass of its behaviour class."""

    text: str
    cost: float
    probability: float
    members: int

    @property
    def rule(self) -> Any:
        from eleusis_lab.rules import Rule

        return Rule.parse(self.text)


class HypothesisSpace:
    """All candidate rules of one deck, narrowed by observations (see the module docstring)."""

    def __init__(self, deck: str = "standard") -> None:
        self._base = _base(deck)
        self.deck = deck
        self._alive: list[np.ndarray | None] = [a.copy() for a in self._base.init_alive]
        self._rows: list[np.ndarray | None] = [None] * len(self._alive)
        self._excluded: set[bytes] = set()
        self.history: list[int] = [self._base.size]
        self.observations = 0
        self._cache: dict[str, Any] = {}

    # -- size -----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._base.size

    def remaining(self) -> int:
        """How many candidates agree with every observation so far."""
        return sum(self._count(i) for i in range(len(self._alive)))

    def _count(self, i: int) -> int:
        rows = self._rows[i]
        if rows is not None:
            return len(rows)
        alive = self._alive[i]
        assert alive is not None
        return int(np.count_nonzero(alive))

    def copy(self) -> HypothesisSpace:
        """An independent copy (the shared tables are read-only, so this is cheap)."""
        new = HypothesisSpace.__new__(HypothesisSpace)
        new._base = self._base
        new.deck = self.deck
        new._alive = [None if a is None else a.copy() for a in self._alive]
        new._rows = [None if r is None else r.copy() for r in self._rows]
        new._excluded = set(self._excluded)
        new.history = list(self.history)
        new.observations = self.observations
        new._cache = {}
        return new

    # -- evidence -------------------------------------------------------------------------------
    def _situation(self, card: Card, mainline: Sequence[Card]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        card = as_card(card)
        ok = (lambda c: c.is_playing) if self.deck == "standard" else (lambda c: not c.is_playing)
        if not ok(card) or not all(ok(c) for c in mainline[-2:]):
            raise ValueError(f"the {self.deck} hypothesis space cannot judge {card} on this mainline")
        values, missing = self._base.situation(card, mainline)
        atoms = self._base.atoms
        needed = self._needed_atoms()
        if needed is None:
            return atoms.evaluate(values, missing), values, missing
        out = np.zeros(len(atoms), dtype=np.int8)
        out[needed] = atoms.evaluate(values, missing, needed)
        return out, values, missing

    def _needed_atoms(self) -> np.ndarray | None:
        """Atoms some live candidate reads (None = all); only those are evaluated."""
        if "needed" not in self._cache:
            parts: list[np.ndarray] = []
            for i, fam in enumerate(self._base.families):
                rows = self._rows[i]
                if rows is None:
                    parts.extend(fam.slots)
                else:
                    parts.extend(fam.atoms_of(rows))
            needed = np.unique(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.int64)
            self._cache["needed"] = None if len(needed) > len(self._base.atoms) // 2 else needed
        return self._cache["needed"]  # type: ignore[no-any-return]

    def _accepts(self, card: Card, mainline: Sequence[Card]) -> list[np.ndarray]:
        out, values, missing = self._situation(card, mainline)
        return [fam.accept(out, values, missing, self._rows[i]) for i, fam in enumerate(self._base.families)]

    def _accepts_string(self, mainline: Sequence[Card], cards: Sequence[Card]) -> list[np.ndarray]:
        line = list(mainline)
        total: list[np.ndarray] | None = None
        for card in cards:
            acc = self._accepts(card, line)
            total = acc if total is None else [t & a for t, a in zip(total, acc, strict=True)]
            line.append(card)
        assert total is not None
        return total

    def observe(self, mainline: Sequence[Card], card: Card | str | Sequence[Card], accepted: bool) -> None:
        """Keep the candidates that judge ``card`` on ``mainline`` as the dealer did.

        ``card`` may be a sequence of cards (a New Eleusis string): accepted means every card fitted in
        turn; rejected means at least one did not.
        """
        cards = [as_card(card)] if isinstance(card, Card | str) else [as_card(c) for c in card]
        if not cards:
            raise ValueError("an observation needs at least one card")
        mainline = [as_card(c) for c in mainline]
        accs = self._accepts_string(mainline, cards)
        for i, acc in enumerate(accs):
            keep = acc if accepted else ~acc
            rows = self._rows[i]
            if rows is not None:
                if not keep.all():
                    self._rows[i] = rows[keep]
                continue
            alive = self._alive[i]
            assert alive is not None
            alive &= keep
            n = self._base.families[i].size
            if np.count_nonzero(alive) < n * _SPARSE_BELOW:
                self._rows[i] = np.flatnonzero(alive)
                self._alive[i] = None
        self.observations += 1
        self._cache = {}
        self.history.append(self.remaining())

    def observe_all(self, observations: Iterable[Any]) -> None:
        """Observe every item of ``observations`` (objects with ``mainline``, ``cards``, ``accepted``)."""
        for obs in observations:
            self.observe(obs.mainline, tuple(obs.cards), obs.accepted)

    def observe_round(self, round: Round) -> None:
        """Observe every judgement of a round (``Round.evidence()``), sidelines and no-plays included."""
        self.observe_all(round.evidence())

    @classmethod
    def from_observations(cls, observations: Iterable[Any], deck: str = "standard") -> HypothesisSpace:
        space = cls(deck)
        space.observe_all(observations)
        return space

    # -- the posterior --------------------------------------------------------------------------
    def _live(self, i: int) -> np.ndarray:
        rows = self._rows[i]
        if rows is not None:
            return rows
        alive = self._alive[i]
        assert alive is not None
        return np.flatnonzero(alive)

    def _mass_masks(self) -> list[tuple[np.ndarray, np.ndarray | None, np.ndarray | None]]:
        """Per family: (log weights, alive mask or None, rows or None)."""
        out = []
        for i, logw in enumerate(self._base.logw):
            rows = self._rows[i]
            out.append((logw, self._alive[i], rows))
        return out

    def total_mass(self) -> float:
        """Sum of prior weights of the remaining candidates."""
        return float(sum(float(w.sum()) for w in self._weights()))

    def probabilities(self, mainline: Sequence[Card], cards: Sequence[Card | str]) -> np.ndarray:
        """Posterior probability that each card would be accepted now (on ``mainline``)."""
        mainline = [as_card(c) for c in mainline]
        weights = self._weights()
        total = sum(float(w.sum()) for w in weights)
        result = np.zeros(len(cards))
        if total == 0:
            return result
        for k, card in enumerate(cards):
            accs = self._accepts(as_card(card), mainline)
            mass = 0.0
            for i, acc in enumerate(accs):
                mass += float(np.sum(weights[i], where=acc))
            result[k] = mass / total
        return result

    def _weights(self) -> list[np.ndarray]:
        """Dense (or per-row) prior weights, zero for dead candidates (cached until the next verdict)."""
        if "weights" not in self._cache:
            out = []
            for i, logw in enumerate(self._base.logw):
                rows = self._rows[i]
                if rows is not None:
                    out.append(np.exp(logw[rows]))
                else:
                    alive = self._alive[i]
                    assert alive is not None
                    out.append(np.where(alive, np.exp(logw), 0.0))
            self._cache["weights"] = out
        return self._cache["weights"]  # type: ignore[no-any-return]

    def acceptance_map(self, mainline: Sequence[Card]) -> dict[Card, float]:
        """Probability of acceptance next for every face of the deck (for ``plots.acceptance_map``)."""
        faces = self._base.faces
        probs = self.probabilities(mainline, faces)
        return dict(zip(faces, (float(p) for p in probs), strict=True))

    # -- the most plausible rules ---------------------------------------------------------------
    def _best_rows(self, m: int) -> list[tuple[float, int, int]]:
        """(log weight, family, row) of the ``m`` heaviest remaining candidates, heaviest first."""
        fams, rows_all, logws = [], [], []
        for i, logw in enumerate(self._base.logw):
            rows = self._live(i)
            if len(rows) == 0:
                continue
            lw = logw[rows]
            if len(rows) > m:
                part = heaviest(lw, m)
                rows, lw = rows[part], lw[part]
            fams.append(np.full(len(rows), i))
            rows_all.append(rows)
            logws.append(lw)
        if not fams:
            return []
        fam = np.concatenate(fams)
        row = np.concatenate(rows_all)
        lw = np.concatenate(logws)
        order = np.argsort(-lw, kind="stable")[:m]
        return [(float(lw[k]), int(fam[k]), int(row[k])) for k in order]

    def _signatures(self, picks: list[tuple[float, int, int]], bank_size: int | None = None) -> list[bytes]:
        """Behaviour of each picked candidate on a fixed bank of situations (equal bytes = same class)."""
        by_family: dict[int, list[int]] = {}
        for k, (_lw, fam, _row) in enumerate(picks):
            by_family.setdefault(fam, []).append(k)
        result: list[bytes] = [b""] * len(picks)
        for fam_i, ks in by_family.items():
            packed = self._bank_verdicts(fam_i, np.array([picks[k][2] for k in ks]), bank_size)
            for j, k in enumerate(ks):
                result[k] = packed[:, j].tobytes()
        return result

    def _bank_verdicts(self, fam_i: int, rows: np.ndarray, bank_size: int | None = None) -> np.ndarray:
        """Verdicts of family ``fam_i``'s ``rows`` on the bank of situations, bit-packed: (S/8, n) uint8."""
        bank_v, bank_m = _bank(self.deck)
        if bank_size is not None:
            bank_v, bank_m = bank_v[:bank_size], bank_m[:bank_size]
        fam = self._base.families[fam_i]
        cols = fam.atoms_of(rows)
        used = np.unique(np.concatenate(cols))
        out = self._base.atoms.evaluate_many(bank_v, bank_m, used)  # (S, U)
        o = [out[:, np.searchsorted(used, c)] for c in cols]  # each (S, n)
        if fam.kind == "single":
            acc = o[0] != 0
        elif fam.kind == "if":
            acc = _IF[9 * o[0] + 3 * o[1] + o[2]]
        elif fam.kind in ("and", "or"):
            acc = (_AND if fam.kind == "and" else _OR)[3 * o[0] + o[1]]
        else:
            assert fam.switch_values is not None
            miss = bank_m[:, fam.switch_term]
            branch = fam.switch_values[bank_v[:, fam.switch_term]]
            acc = np.stack(o)[branch, np.arange(len(branch))] != 0  # (S, n)
            acc[miss] = True
        return np.packbits(acc, axis=0)

    def classes(self, k: int = 10, pool: int = 400) -> list[Candidate]:
        """The ``k`` most probable behaviour classes among the ``pool`` heaviest remaining candidates.

        Candidates that judge a large bank of random situations identically are merged; the class is
        shown by its simplest member and weighs the posterior mass of its members.
        """
        picks = self._best_rows(pool)
        if not picks:
            return []
        total = self.total_mass()
        sigs = self._signatures(picks)
        groups: dict[bytes, list[int]] = {}
        for j, sig in enumerate(sigs):
            if sig in self._excluded:
                continue
            groups.setdefault(sig, []).append(j)
        found = []
        for sig, members in groups.items():
            mass = sum(math.exp(picks[j][0]) for j in members)
            best = members[0]  # picks are sorted heaviest first
            lw, fam, row = picks[best]
            text = self._base.families[fam].text(row, self._base.atoms.texts)
            found.append((mass, sig, Candidate(text, -lw / BETA, mass / total, len(members))))
        found.sort(key=lambda t: -t[0])
        return [c for _m, _s, c in found[:k]]

    def top(self, k: int = 5) -> list[Any]:
        """The ``k`` most plausible remaining rules (behaviour duplicates merged), as parsed ``Rule``s."""
        return [c.rule for c in self.classes(k)]

    def top_texts(self, k: int = 5) -> list[str]:
        return [c.text for c in self.classes(k)]

    def exclude(self, text: str, pool: int = 2000) -> int:
        """Rule out a behaviour class by one member's text (after a wrong guess); returns how many died.

        Every candidate among the ``pool`` heaviest that behaves like it on the bank of situations is
        removed, and the behaviour is remembered so that :meth:`classes` never offers it again.
        """
        picks = self._best_rows(pool)
        texts = [self._base.families[f].text(r, self._base.atoms.texts) for _lw, f, r in picks]
        if text not in texts:
            raise ValueError(f"{text!r} is not among the remaining candidates of this space")
        sigs = self._signatures(picks)
        target = sigs[texts.index(text)]
        self._excluded.add(target)
        dead = [(f, r) for (_lw, f, r), sig in zip(picks, sigs, strict=True) if sig == target]
        for fam_i in {f for f, _r in dead}:
            rows = np.array([r for f, r in dead if f == fam_i])
            live = self._rows[fam_i]
            if live is not None:
                self._rows[fam_i] = live[~np.isin(live, rows)]
            else:
                alive = self._alive[fam_i]
                assert alive is not None
                alive[rows] = False
        self._cache = {}
        return len(dead)

    def distinct_remaining(self, chunk: int = 5_000, bank_size: int = 512) -> int:
        """How many distinct behaviours the remaining candidates show on ``bank_size`` random situations
        (a lower bound on the number of truly different rules).  Each behaviour is kept as a 128-bit
        mixed hash, so counting a million candidates stays within a few tens of MB."""
        hashes = []
        for i in range(len(self._base.families)):
            rows = self._live(i)
            for start in range(0, len(rows), chunk):
                packed = self._bank_verdicts(i, rows[start : start + chunk], bank_size)
                words = np.ascontiguousarray(packed.T).view(np.uint64)  # (n, bank_size / 64)
                hashes.append(
                    np.stack([_mix_rows(words, 0x9E3779B97F4A7C15), _mix_rows(words, 0xD1B54A32D192ED03)], 1)
                )
        if not hashes:
            return 0
        return len(np.unique(np.concatenate(hashes), axis=0))

    def candidate_texts(self, family: str, rows: Sequence[int]) -> list[str]:
        fam = next(f for f in self._base.families if f.kind == family)
        return [fam.text(int(r), self._base.atoms.texts) for r in rows]

    @property
    def families(self) -> list[Family]:
        return self._base.families

    def family_sizes(self) -> dict[str, int]:
        return {f.kind: int(a.sum()) for f, a in zip(self._base.families, self._base.init_alive, strict=True)}


def _mix_rows(words: np.ndarray, seed: int) -> np.ndarray:
    """A non-linear 64-bit hash of each row of ``words`` (splitmix64 steps, word by word)."""
    h = np.full(len(words), np.uint64(seed), dtype=np.uint64)
    with np.errstate(over="ignore"):
        for k in range(words.shape[1]):
            x = words[:, k] ^ h
            x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            h = x ^ (x >> np.uint64(31))
    return h


@functools.cache
def _bank(deck: str, size: int = 2048, seed: int = 20261130) -> tuple[np.ndarray, np.ndarray]:
    """A fixed bank of random situations (with short mainlines too) to tell behaviours apart."""
    base = _base(deck)
    rng = np.random.default_rng(seed)
    faces = base.faces
    vs, ms = [], []
    for k in range(size):
        n = 0 if k % 64 == 0 else 1 if k % 16 == 1 else int(rng.integers(2, 30))
        idx = rng.integers(0, len(faces), size=min(n, 3) + 1)
        cards = [faces[j] for j in idx]
        line = [faces[0]] * max(0, n - 3) + cards[1:]
        v, m = base.situation(cards[0], line)
        vs.append(v)
        ms.append(m)
    return np.stack(vs), np.stack(ms)
