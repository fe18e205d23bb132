"""A hypothesis space that grows with the evidence: rules enumerated by a grammar, judged by matrices.

The rules are those of a small grammar over the rule language's comparisons ("atoms", see
:mod:`eleusis_lab.science.atoms`, plus a few position and truth-value atoms of our own)::

    rule    ::= atom | atom and atom | atom or atom | if atom then atom else atom
    grown   ::= if guard then atom else rule'                       (rule': the atoms up to ELSE_COST)

A guard is one of the cheapest conditions on the cards already down or the position (``prev is face``,
``prev.suit == clubs``, ``prev.rank > prev2.rank``, ``position % 3 == 0``, ``position == 1`` …: 49 of
them on the standard deck), so the grown space holds the three-branch chains ``if G then A else if C
then B else D`` and ``if G then A else B or D``.

Atoms that behave the same on a large bank of situations (three-valued: false, true, missing) are one
atom, shown by its simplest text: observational-equivalence pruning as enumerative program synthesis
does it, so ``card.rank >= 8`` and ``card is high`` are not two hypotheses.  With N atoms (C of them
combining, E in an else-branch) the space holds N + 2C² + C³ rules, and G·N·(N + 2E² + E³) more once
grown: far too many to list, and never listed.  Every rule is consistent with the evidence exactly when
its parts are:

- ``A`` when A judges every verdict right;
- ``A and B`` when A is never missing on a rejected card nor false on an accepted one, and B is right
  wherever A is true (B then decides);  ``A or B`` likewise where A is false;
- ``if C then A else B`` when C is never missing on a rejected card, A is right wherever C is true and B
  wherever C is false.

So two N×N boolean matrices, ``right_when_true[C, A]`` and ``right_when_false[C, A]`` ("A judged every
verdict right on the evidence where C was true / false"), decide every candidate; a verdict updates them
in one vectorised step, and the posterior mass and acceptance probabilities of all N³ rules are a few
matrix products (no Python loop over candidates).  The prior (a
:class:`~eleusis_lab.science.prior.Prior`) is a description length: a grammar production's probability
times each atom's ``exp(-beta * cost)`` share (a guard's share of the guarded rules is its own
``exp(-beta * cost)`` too).  When the evidence falsifies every rule, or the catch-all "outside the
grammar" hypothesis has become the likelier, the bound grows (the guarded rules join, each guard's
else-space a copy of the matrices built from the evidence where the guard was false) and the search
goes on among the rules consistent with all the evidence so far.

>>> from eleusis_lab.cards import parse_cards
>>> space = GrammarSpace()
>>> len(space) > 10**8
True
>>> grown = GrammarSpace(); grown.grow(); len(grown) > 10**12
True
>>> two_h, nine_s = parse_cards("2H 9S")
>>> space.observe([], two_h, True); space.observe([two_h], nine_s, False)
>>> 0 < space.total_mass() < 1
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eleusis_lab.cards import SUITS, Card, as_card, letter_deck, standard_deck
from eleusis_lab.science import atoms as A
from eleusis_lab.science import space_store
from eleusis_lab.science.order import heaviest
from eleusis_lab.science.prior import DEFAULT_PRIOR, Prior

# The prior is a description length, a value of its own (:class:`~eleusis_lab.science.prior.Prior`):
# its default slopes were set where the library's rules (the tuning set, never the benchmark's or the
# held-out ones) are best calibrated.  Each unit of an atom's cost makes it eight times less plausible
# (with four, the scientist was right far more often than it said), and one atom alone is as likely as
# all longer productions together; the guarded rules take 15 % once they join.
# The true rule may lie outside the grammar.  A rule outside it is still a rule of the same language,
# near the grammar's rules: the catch-all hypothesis predicts each verdict as the grammar's posterior
# does, except that a share OUTSIDE_SLIP of the time it is a coin.  So it loses little while the
# grammar predicts well, gains when the grammar is surprised, and gains by every refuted guess (a guess
# the grammar believed with probability p is refuted with probability 1 - p inside it, always outside).
# Its prior is OUTSIDE_SHARE of all: the share of the tuning set's rules the grown grammar cannot say
# (2 of the library's 44, the suit switch and the capped sums; random rules of the whole language have
# more, 10-25 %, and the scientist is overconfident on those).
OUTSIDE_SHARE = 0.05
OUTSIDE_SLIP = 0.1
BANK_SIZE = 1500
CORE_COST = 3.0  # atoms up to this cost combine; dearer ones (suit tables …) stand alone
# A guarded rule "if G then A else R" tests first a condition G on the cards already down or the
# position (never the card itself), then decides by one atom A or by any rule R of the productions
# above, itself judged only where G is false: so "else if" chains of three branches are rules too.
# G is one of the cheapest such conditions, R combines the atoms up to ELSE_COST (a smaller space per
# guard keeps a turn fast: each guard's R-space is a copy of the main one's matrices, restricted).
GUARD_COST = 1.4
ELSE_COST = 2.0
# The bound grows once the catch-all explains the verdicts GROW_ODDS times better than the grammar does
# (a Bayes factor, so it does not move with OUTSIDE_SHARE, which only says how sure the scientist is).
GROW_ODDS = 5.0
GROW_SHARE = 1.0  # … or once the guarded rules counted before growing are as likely as the listed ones
GUARD_FLOOR = 1e-4  # a guard carrying less than this share of the mass is left out of the products
PICK_FLOOR = 1e-2  # nor are its rules offered as classes when it carries less than this share


@dataclass(frozen=True)
class _Extra:
    """An atom of our own, judged by a small function of (card, mainline) -> 0 false, 1 true, 2 missing."""

    text: str
    cost: float
    judge: Callable[[Card, Sequence[Card]], int]
    family: str  # its family for the prior (see eleusis_lab.science.prior)


def _pos(k: int) -> Callable[[Card, Sequence[Card]], int]:
    return lambda card, line: int(len(line) + 1 == k)


def _pos_odd(card: Card, line: Sequence[Card]) -> int:
    return int(len(line) % 2 == 0)


def _same_group(group: tuple[Any, ...], equal: bool) -> Callable[[Card, Sequence[Card]], int]:
    def judge(card: Card, line: Sequence[Card]) -> int:
        if not line:
            return A.MISSING
        same = (card.suit in group) == (line[-1].suit in group)
        return int(same == equal)

    return judge


def _standard_extras() -> list[_Extra]:
    extras = [
        _Extra("position == 1", 1.0, _pos(1), "pos"),
        _Extra("position == 2", 1.4, _pos(2), "pos"),
        _Extra("position % 2 == 1", 1.2, _pos_odd, "pos"),
    ]
    spades, hearts, diamonds, clubs = SUITS
    for group, text in (
        ((hearts, spades), "[hearts, spades]"),
        ((hearts, clubs), "[hearts, clubs]"),
        ((spades, diamonds), "[spades, diamonds]"),
    ):
        for equal in (True, False):
            op = "==" if equal else "!="
            extras.append(
                _Extra(
                    f"(card.suit in {text}) {op} (prev.suit in {text})",
                    2.0,
                    _same_group(group, equal),
                    "rel1",
                )
            )
    return extras


def _letter_extras() -> list[_Extra]:
    return [_Extra("position == 1", 1.0, _pos(1), "pos"), _Extra("position == 2", 1.4, _pos(2), "pos")]


def _is_guard(text: str, cost: float) -> bool:
    return cost <= GUARD_COST and "card" not in text


@dataclass
class Grammar:
    """The deduplicated atoms of one deck and their outcomes on a fixed bank of situations."""

    deck: str
    texts: list[str]
    costs: np.ndarray
    families: list[str]  # each atom's family, for the prior's extra costs
    table: A.AtomTable
    table_ids: np.ndarray  # atom ids in ``table`` for the first len(table_ids) atoms
    extras: list[_Extra]
    faces: list[Card]
    situation: Any
    bank: list[tuple[Card, tuple[Card, ...]]]
    bank_out: np.ndarray  # (BANK_SIZE, N) int8
    guards: list[int]  # the conditions that may open a guarded rule
    kept: np.ndarray  # which of the table's atoms (then the extras) are kept, in the order used here
    n_core: int  # the first n_core atoms are the core ones
    n_else: int  # the first n_else (cost <= ELSE_COST) combine in a guarded rule's else-branch
    _seen: dict[tuple[Any, ...], np.ndarray] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.texts)

    def outcomes(self, card: Card, mainline: Sequence[Card]) -> np.ndarray:
        """Three-valued outcome (int8) of every atom for one situation."""
        return self.outcomes_many([(card, mainline)])[0]

    def outcomes_many(self, situations: Sequence[tuple[Card, Sequence[Card]]]) -> np.ndarray:
        """(S, N) outcomes of S situations, the table's atoms judged in one vectorised step.

        Every atom reads only the card, the last two cards and the position (whether it is 1 or 2, and
        its value modulo 12), so situations alike in those are judged once per process
        (:func:`situation_key`); a turn asks about the same faces on the same line many times."""
        if not situations:
            return np.zeros((0, len(self.texts)), dtype=np.int8)
        keys = [situation_key(c, line) for c, line in situations]
        rows: dict[tuple[Any, ...], np.ndarray] = {}
        todo: dict[tuple[Any, ...], int] = {}
        for k, key in enumerate(keys):
            if key in rows or key in todo:
                continue
            row = self._seen.get(key)
            if row is None:
                todo[key] = k
            else:
                rows[key] = row
        if todo:
            fresh = self._judge([situations[k] for k in todo.values()])
            if len(self._seen) + len(todo) > SEEN_LIMIT:
                self._seen.clear()  # forget the oldest turns' situations (memory stays bounded)
            for key, row in zip(todo, fresh, strict=True):
                self._seen[key] = rows[key] = row
        return np.stack([rows[key] for key in keys])

    def _judge(self, situations: Sequence[tuple[Card, Sequence[Card]]]) -> np.ndarray:
        vals, miss = zip(*(self.situation(c, line) for c, line in situations), strict=True)
        raw = np.empty((len(situations), len(self.table_ids) + len(self.extras)), dtype=np.int8)
        k = len(self.table_ids)
        raw[:, :k] = self.table.evaluate_many(np.stack(vals), np.stack(miss), self.table_ids)
        for j, extra in enumerate(self.extras):
            raw[:, k + j] = [extra.judge(c, line) for c, line in situations]
        return raw[:, self.kept]


SEEN_LIMIT = 40_000  # situations remembered per deck (about 1.4 kB each): at most ~60 MB


def situation_key(card: Card, mainline: Sequence[Card]) -> tuple[Any, ...]:
    """What an atom can read of a situation: the card, the last two cards, and the position (exactly
    while it is 1 or 2, then modulo 12, which keeps its parity and its value modulo 2, 3, 4 and 6)."""
    n = len(mainline)
    return (card.design, tuple(c.design for c in mainline[-2:]), n if n < 2 else 2 + (n + 1) % 12)


def _random_bank(
    faces: list[Card], situation: Any, size: int, seed: int
) -> list[tuple[Card, tuple[Card, ...]]]:
    rng = np.random.default_rng(seed)
    bank = []
    for k in range(size):
        n = 0 if k % 20 == 0 else 1 if k % 10 == 1 else 2 if k % 10 == 2 else int(rng.integers(3, 40))
        idx = rng.integers(0, len(faces), size=min(n, 3) + 1)
        line = [faces[int(rng.integers(0, len(faces)))] for _ in range(max(0, n - 3))]
        line += [faces[int(j)] for j in idx[1:]]
        bank.append((faces[int(idx[0])], tuple(line)))
    return bank


@functools.cache
def grammar(deck: str = "standard") -> Grammar:
    """The atoms of ``deck`` ("standard" or "letters"), built once per process on first use."""
    if deck == "standard":
        table, groups = space_store.atom_table("standard")
        situation, faces, extras = A.standard_situation, standard_deck(), _standard_extras()
        skip = set(groups["sum"])  # nested suit tables: too heavy for pairs and triples
    elif deck == "letters":
        table, groups = space_store.atom_table("letters")
        situation, faces, extras = A.letter_situation, letter_deck(), _letter_extras()
        skip = set()
    else:
        raise ValueError(f"unknown deck {deck!r}: the grammar space knows 'standard' and 'letters'")
    ids = np.array([i for i in range(len(table)) if i not in skip], dtype=np.int64)
    bank = _random_bank(faces, situation, BANK_SIZE, 20261201)
    vals, miss = zip(*(situation(c, line) for c, line in bank), strict=True)
    out_table = table.evaluate_many(np.stack(vals), np.stack(miss), ids)
    out_extra = np.array([[e.judge(c, line) for e in extras] for c, line in bank], dtype=np.int8)
    out = np.concatenate([out_table, out_extra.reshape(len(bank), len(extras))], axis=1)
    texts = [table.texts[i] for i in ids] + [e.text for e in extras]
    costs = np.concatenate([table.costs[ids], [e.cost for e in extras]])
    family_of = {
        int(i): name for name, members in groups.items() if not name.endswith("-core") for i in members
    }
    families = [family_of[int(i)] for i in ids] + [e.family for e in extras]
    # observational equivalence: one atom per behaviour on the bank, the cheapest (then shortest) text
    order = sorted(range(len(texts)), key=lambda i: (costs[i], len(texts[i]), texts[i]))
    seen: dict[bytes, int] = {}
    for i in order:
        seen.setdefault(out[:, i].tobytes(), i)
    # atoms of cost up to CORE_COST take part in every production, those up to ELSE_COST in a guarded
    # rule's else-branch too (so each is a prefix of the order); the rest (suit tables and the like)
    # stand alone only
    kept = sorted(seen.values(), key=lambda i: (costs[i] > ELSE_COST, costs[i] > CORE_COST, i))
    guards = [j for j, i in enumerate(kept) if _is_guard(texts[i], costs[i])]
    texts = [texts[i] for i in kept]
    return Grammar(
        deck=deck,
        texts=texts,
        costs=costs[kept],
        families=[families[i] for i in kept],
        table=table,
        table_ids=ids,
        extras=extras,
        kept=np.array(kept, dtype=np.int64),
        n_core=int(sum(costs[i] <= CORE_COST for i in kept)),
        n_else=int(sum(costs[i] <= ELSE_COST for i in kept)),
        faces=faces,
        situation=situation,
        bank=bank,
        bank_out=np.ascontiguousarray(out[:, kept]),
        guards=guards,
    )


class RuleCounts:
    """Which rules of the four productions the evidence (or a part of it) still allows.

    Every atom may stand alone; the ``core`` first ones also combine (and, or, if).
    """

    def __init__(self, n: int, core: int, kinds: dict[str, float] | None = None) -> None:
        self.core = core
        self.kinds = DEFAULT_PRIOR.kind_weights if kinds is None else kinds  # each production's prior
        self.single = np.ones(n, dtype=bool)  # A alone judged every verdict right
        self.cond_ok = np.ones(core, dtype=bool)  # C never missing on a rejected card (if C …)
        self.and_ok = np.ones(core, dtype=bool)  # A never false on an accepted card nor missing on a rejected
        self.or_ok = np.ones(core, dtype=bool)  # A never true or missing on a rejected card
        self.when_true = np.ones((core, core), dtype=bool)  # [C, A]: A right wherever C was true
        self.when_false = np.ones((core, core), dtype=bool)  # [C, A]: A right wherever C was false
        self._float: tuple[np.ndarray, np.ndarray] | None = None
        self._live: tuple[Any, ...] | None = None

    def copy(self) -> RuleCounts:
        new = RuleCounts.__new__(RuleCounts)
        new.core, new.kinds = self.core, self.kinds
        new.single, new.cond_ok = self.single.copy(), self.cond_ok.copy()
        new.and_ok, new.or_ok = self.and_ok.copy(), self.or_ok.copy()
        new.when_true, new.when_false = self.when_true.copy(), self.when_false.copy()
        new._float, new._live = self._float, self._live
        return new

    def add(self, outs: np.ndarray, verdicts: np.ndarray) -> None:
        """Observe S verdicts at once: ``outs`` (S, N) atom outcomes, ``verdicts`` (S,) bool."""
        if len(outs) == 0:
            return
        wrong_all = (outs != 0) != verdicts[:, None]
        self.single &= ~wrong_all.any(axis=0)
        o = outs[:, : self.core]
        wrong = wrong_all[:, : self.core]
        true, false, missing = o == 1, o == 0, o == 2
        rejected = ~verdicts[:, None]
        self.cond_ok &= ~(missing & rejected).any(axis=0)
        self.and_ok &= ~np.where(verdicts[:, None], false, missing).any(axis=0)
        self.or_ok &= ~((true | missing) & rejected).any(axis=0)
        if len(o) == 1:
            t, f, w = true[0], false[0], wrong[0]
            if w.any():
                self.when_true &= ~(t[:, None] & w[None, :])
                self.when_false &= ~(f[:, None] & w[None, :])
        else:
            self.when_true &= ~_any_both(true, wrong)
            self.when_false &= ~_any_both(false, wrong)
        self._float = self._live = None

    def floats(self) -> tuple[np.ndarray, np.ndarray]:
        if self._float is None:
            self._float = (self.when_true.astype(np.float32), self.when_false.astype(np.float32))
        return self._float

    def live(self, w: np.ndarray, wb: np.ndarray) -> tuple[Any, ...]:
        """The parts of the matrices that can carry mass: the columns of atoms that may decide (they read
        the card) and the rows of conditions (or first parts) that still take part in an allowed rule.
        Dropping the rest changes no sum and makes every product a few times smaller."""
        if self._live is not None and self._live[0] is w and self._live[1] is wb:
            return self._live
        c = self.core
        wt, wf = self.floats()
        dec = np.flatnonzero(wb[:c] > 0)
        wbd = wb[dec]
        wt, wf = wt[:, dec], wf[:, dec]
        st, sf = _mv(wt, wbd), _mv(wf, wbd)
        wc = w[:c]
        a_ok, o_ok, c_ok = wc * self.and_ok, wc * self.or_ok, wc * self.cond_ok
        rows = np.flatnonzero(
            ((a_ok > 0) & (st > 0)) | ((o_ok > 0) & (sf > 0)) | ((c_ok > 0) & (st * sf > 0))
        )
        self._live = (
            w, wb, dec, wbd, rows,
            np.ascontiguousarray(wt[rows]), np.ascontiguousarray(wf[rows]),
            st[rows], sf[rows], a_ok[rows], o_ok[rows], c_ok[rows],
        )  # fmt: skip
        return self._live

    def mass_after(self, outs: np.ndarray, verdicts: np.ndarray, w: np.ndarray, wb: np.ndarray) -> float:
        """The prior mass :meth:`masses` would give once ``outs``/``verdicts`` were added too, without
        adding them: only the live block of the matrices is updated, in a scratch copy."""
        _w, _wb, dec, wbd, rows, wt, wf, st, sf, a_ok, o_ok, c_ok = self.live(w, wb)
        if len(outs) == 0:
            return self.masses(w, wb)[0]
        wrong_all = (outs != 0) != verdicts[:, None]
        single = wb * (self.single & ~wrong_all.any(axis=0))
        o = outs[:, : self.core][:, rows]
        rejected = ~verdicts[:, None]
        true, false, missing = o == 1, o == 0, o == 2
        a_ok = a_ok * ~np.where(verdicts[:, None], false, missing).any(axis=0)
        o_ok = o_ok * ~((true | missing) & rejected).any(axis=0)
        c_ok = c_ok * ~(missing & rejected).any(axis=0)
        wrong = wrong_all[:, dec]
        st = _mv(wt * ~_any_both(true, wrong), wbd)
        sf = _mv(wf * ~_any_both(false, wrong), wbd)
        return (
            self.kinds["single"] * float(single.sum())
            + self.kinds["and"] * float(a_ok @ st)
            + self.kinds["or"] * float(o_ok @ sf)
            + self.kinds["if"] * float(c_ok @ (st * sf))
        )

    def masses(
        self, w: np.ndarray, wb: np.ndarray, cols: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    ) -> tuple[float, np.ndarray]:
        """(prior mass of the allowed rules, mass of those accepting each situation of ``cols``).

        ``w`` weighs an atom as a condition (or first part), ``wb`` as what decides (zero for atoms that
        do not read the card: a rule must judge the card).  ``cols`` are (true, false, missing) float32
        (N, K) matrices of the atoms on K situations.
        """
        _w, _wb, dec, wbd, rows, wt, wf, st, sf, a_ok, o_ok, c_ok = self.live(w, wb)
        single = wb * self.single
        total = (
            self.kinds["single"] * float(single.sum())
            + self.kinds["and"] * float(a_ok @ st)
            + self.kinds["or"] * float(o_ok @ sf)
            + self.kinds["if"] * float(c_ok @ (st * sf))
        )
        if cols is None or cols[0].shape[1] == 0:
            return total, np.zeros(0)
        t_all, _f_all, m_all = cols
        t, f, m = (x[rows] for x in cols)
        wa = wbd[:, None] * (t_all[dec] + m_all[dec])
        pt, pf = _mm(wt, wa), _mm(wf, wa)
        acc = self.kinds["single"] * (single @ (t_all + m_all)).astype(np.float64)
        acc += self.kinds["and"] * (a_ok @ (m * st[:, None] + t * pt))
        acc += self.kinds["or"] * (o_ok @ ((t + m) * sf[:, None] + f * pf))
        acc += self.kinds["if"] * (
            c_ok @ (t * pt * sf[:, None] + f * st[:, None] * pf + m * (st * sf)[:, None])
        )
        return total, acc


def _without(mass: float, parts: Sequence[float]) -> float:
    """``mass`` less the refuted classes' ``parts`` of it.  The classes may overlap (a rule can agree
    with two refuted guesses, each where it was judged), so their sum may exceed the whole; taking each
    out as if independent of the others, ``mass * prod(1 - part / mass)``, lies between the disjoint
    and the nested cases and never leaves less than nothing."""
    if mass <= 0:
        return 0.0
    left = mass
    for part in parts:
        left *= 1.0 - min(1.0, max(0.0, part) / mass)
    return left


def _any_both(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``[i, j]``: is some row s true in both ``a[s, i]`` and ``b[s, j]``?  Eight rows a byte, so 130
    situations are 17 byte-wise ANDs of an N×N table (4 ms where a boolean matmul took 18)."""
    pa, pb = np.packbits(a, axis=0), np.packbits(b, axis=0)
    out = np.zeros((a.shape[1], b.shape[1]), dtype=np.uint8)
    for k in range(pa.shape[0]):
        out |= pa[k][:, None] & pb[k][None, :]
    return out != 0


def _mv(mat: np.ndarray, vec: np.ndarray) -> np.ndarray:
    """``mat @ vec`` in numpy's own loop: BLAS threads spin badly on a shared classroom server (a
    800x800 product took 30 ms through OpenBLAS there, 0.2 ms this way)."""
    return np.einsum("ij,j->i", mat, vec)


def _mm(mat: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """``mat @ cols`` for a few columns, one :func:`_mv` each."""
    return np.stack([_mv(mat, np.ascontiguousarray(cols[:, k])) for k in range(cols.shape[1])], axis=1)


def _split(outs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(true, false, missing) float32 (N, K) matrices from K situations' outcomes (K, N)."""
    o = outs.T
    return (o == 1).astype(np.float32), (o == 0).astype(np.float32), (o == 2).astype(np.float32)


@dataclass(frozen=True)
class Candidate:
    """One behaviour class of the remaining rules: its simplest text, its description length in bits and
    the posterior probability of the class."""

    text: str
    bits: float
    probability: float
    members: int = 1

    @property
    def rule(self) -> Any:
        from eleusis_lab.rules import Rule

        return Rule.parse(self.text)


@dataclass
class _Pick:
    logw: float
    kind: str
    atoms: tuple[int, ...]
    guard: tuple[int, int] | None = None  # (guard atom, its then-branch atom)


class GrammarSpace:
    """The grammar's rules of one deck, narrowed by verdicts, growing when all are falsified."""

    def __init__(self, deck: str = "standard", *, grow: bool = True, prior: Prior = DEFAULT_PRIOR) -> None:
        self.grammar = grammar(deck)
        self.deck = deck
        self.grow_allowed = grow
        self.prior = prior
        self._kinds = prior.kind_weights
        n = len(self.grammar)
        # an atom's cost, and its family's extra cost under this prior, as a description length
        costs = self.grammar.costs + np.array([prior.family_cost(f) for f in self.grammar.families])
        p = np.exp(-prior.beta * costs)
        self.w = (p / p.sum()).astype(np.float32)
        reads_card = np.array(["card" in t for t in self.grammar.texts])
        self.wb = np.where(reads_card, self.w, 0).astype(np.float32)
        self._logp = np.log(p / p.sum())
        self._logpb = np.where(reads_card, self._logp, -np.inf)
        self.bound = 0
        self._main = RuleCounts(n, self.grammar.n_core, self._kinds)
        self._guard_then: dict[int, np.ndarray] = {}
        # each guard's share of the guarded rules' prior: its own description length
        guards = self.grammar.guards
        weights = np.exp(-prior.beta * costs[guards])
        self._guard_wv = weights / weights.sum() if guards else weights  # in the order of ``guards``
        self._guard_w = dict(zip(guards, self._guard_wv.tolist(), strict=True))
        self._guard_else: dict[int, RuleCounts] = {}
        # Before the bound grows, the guarded rules whose else-branch is one atom are still counted
        # (two boolean masks a guard, cheap): [guard, atom] still right where the guard was true / false
        self._guard_ids = np.array(guards, dtype=np.int64)
        self._simple_then = np.ones((len(guards), n), dtype=bool)
        self._simple_else = np.ones((len(guards), n), dtype=bool)
        self._evidence: list[tuple[np.ndarray, bool]] = []
        self._excluded: list[tuple[str, bytes, np.ndarray]] = []  # refuted guesses: text, bank sig, bank acc
        self._excluded_situations: dict[str, list[tuple[Card, Sequence[Card]]]] = {}
        self.history: list[float] = [1.0]
        self.observations = 0
        self.verdicts = 0
        self.outside = 1.0  # likelihood of the verdicts so far under the catch-all (see OUTSIDE_SLIP)
        self._cache: dict[str, Any] = {}

    # -- size ---------------------------------------------------------------------------------------
    def __len__(self) -> int:
        n, c, e = len(self.grammar), self.grammar.n_core, self.grammar.n_else
        size = n + 2 * c * c + c**3
        guarded = len(self.grammar.guards) * n * (n + 2 * e * e + e**3)
        return size + (guarded if self.bound >= 1 else 0)

    def copy(self) -> GrammarSpace:
        new = GrammarSpace.__new__(GrammarSpace)
        new.__dict__.update(self.__dict__)
        new._main = self._main.copy()
        new._guard_then = {g: a.copy() for g, a in self._guard_then.items()}
        new._guard_else = {g: c.copy() for g, c in self._guard_else.items()}
        new._simple_then, new._simple_else = self._simple_then.copy(), self._simple_else.copy()
        new._evidence = list(self._evidence)
        new._excluded = list(self._excluded)
        new._excluded_situations = dict(self._excluded_situations)
        new.history = list(self.history)
        new._cache = {}
        return new

    # -- evidence -----------------------------------------------------------------------------------
    def _check(self, card: Card, mainline: Sequence[Card]) -> None:
        ok = (lambda c: c.is_playing) if self.deck == "standard" else (lambda c: not c.is_playing)
        if not ok(card) or not all(ok(c) for c in mainline[-2:]):
            raise ValueError(f"the {self.deck} grammar space cannot judge {card} on this mainline")

    def observe(self, mainline: Sequence[Card], card: Card | str | Sequence[Card], accepted: bool) -> None:
        """Keep the rules that judge ``card`` on ``mainline`` as the dealer did.

        A sequence of cards is a New Eleusis string: accepted means each fitted in turn (each is one
        verdict); a rejected string says only "not all of them", which is kept as no evidence.
        """
        cards = [as_card(card)] if isinstance(card, Card | str) else [as_card(c) for c in card]
        if not cards:
            raise ValueError("an observation needs at least one card")
        line = [as_card(c) for c in mainline]
        if len(cards) > 1 and not accepted:
            return
        for c in cards:
            self._check(c, line)
            out = self.grammar.outcomes(c, line)
            self._add(out, bool(accepted))
            if accepted:
                line.append(c)
        self.observations += 1
        self.verdicts += len(cards)
        before, after = self.history[-1], self.raw_mass()
        predicted = after / before if before > 0 else 0.0  # the grammar's probability of these verdicts
        self.outside *= (1 - OUTSIDE_SLIP) * predicted + OUTSIDE_SLIP * 0.5 ** len(cards)
        if self.grow_allowed and self.bound < 1 and self._should_grow():
            self.grow()
        self.history.append(self.raw_mass())

    def _add(self, out: np.ndarray, verdict: bool) -> None:
        self._evidence.append((out, verdict))
        outs, v = out[None, :], np.array([verdict])
        self._main.add(outs, v)
        if self.bound < 1 and len(self._guard_ids):
            wrong = (out != 0) != verdict
            on = out[self._guard_ids]
            self._simple_then[on == 1] &= ~wrong
            self._simple_else[on == 0] &= ~wrong
        for g in self._guard_else:
            if out[g] == 1:
                self._guard_then[g] &= (out != 0) == verdict
            elif out[g] == 0:
                self._guard_else[g].add(outs, v)
        self._cache = {}

    def grow(self) -> None:
        """Raise the size bound: guarded rules join, rebuilt from all the evidence so far."""
        if self.bound >= 1:
            return
        self.bound = 1
        n = len(self.grammar)
        for g in self.grammar.guards:
            then = np.ones(n, dtype=bool)
            rest = RuleCounts(n, self.grammar.n_else, self._kinds)
            outs = np.array([o for o, _v in self._evidence]).reshape(-1, n)
            v = np.array([v for _o, v in self._evidence], dtype=bool)
            if len(outs):
                on = outs[:, g] == 1
                off = outs[:, g] == 0
                if on.any():
                    then &= ~((outs[on] != 0) != v[on, None]).any(axis=0)
                rest.add(outs[off], v[off])
            self._guard_then[g] = then
            self._guard_else[g] = rest
        self._cache = {}

    def observe_all(self, observations: Iterable[Any]) -> None:
        for obs in observations:
            self.observe(obs.mainline, tuple(obs.cards), obs.accepted)

    # -- the posterior ------------------------------------------------------------------------------
    def _masses(self, cols: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> tuple[float, np.ndarray]:
        guard_share = self.prior.guarded if self.bound >= 1 and self._guard_else else 0.0
        total, acc = self._main.masses(self.w, self.wb, cols)
        total *= 1 - guard_share
        acc = acc * (1 - guard_share)
        if guard_share:
            light = self._light_guards(GUARD_FLOOR) if cols is not None else {}
            found: dict[int, float] = {}
            for g, rest in self._guard_else.items():
                if g in light:
                    # a guard whose rules carry almost no mass: its share counted, its acceptance taken
                    # as the rest's (skipping its matrix products keeps a turn fast)
                    total += light[g]
                    continue
                each = guard_share * self._guard_w[g]
                then = self.wb * self._guard_then[g]
                then_total = float(then.sum())
                rest_total, rest_acc = rest.masses(self.w, self.wb, cols)
                found[g] = each * then_total * rest_total
                total += found[g]
                if cols is not None:
                    t, f, m = cols
                    then_acc = then @ (t + m)
                    acc = acc + each * (
                        t[g] * then_acc * rest_total
                        + f[g] * then_total * rest_acc
                        + m[g] * then_total * rest_total
                    )
            if cols is None:
                self._cache["guards"] = found
            else:
                skipped = sum(light.values())
                kept = total - skipped
                if skipped > 0 and kept > 0:
                    acc = acc * (total / kept)
        return total, acc

    def _light_guards(self, share: float) -> dict[int, float]:
        """The guards whose guarded rules carry less than ``share`` of :meth:`raw_mass`, with their mass:
        the products leave them out and carry their mass along."""
        limit = share * self.raw_mass()  # computes each guard's mass too (the cache's "guards")
        masses = self._cache.get("guards", {})
        return {g: masses.get(g, 0.0) for g in self._guard_else if masses.get(g, 0.0) < limit}

    def raw_mass(self) -> float:
        """Prior mass of the rules every verdict so far allows (refuted guesses' classes still in)."""
        if "raw" not in self._cache:
            self._cache["raw"] = max(0.0, self._masses(None)[0])
        return float(self._cache["raw"])

    def simple_guarded_mass(self) -> float:
        """Before the bound grows: the prior mass of the guarded rules ``if G then A else B`` with B one
        atom that every verdict so far allows (exactly the mass the grown space gives them)."""
        if self.bound >= 1 or not len(self._guard_ids):
            return 0.0
        if "simple" not in self._cache:
            wb = self.wb.astype(np.float64)
            then, rest = self._simple_then @ wb, self._simple_else @ wb
            share = self.prior.guarded * self._kinds["single"]
            self._cache["simple"] = share * float(self._guard_wv @ (then * rest))
        return float(self._cache["simple"])

    def _listed_and_not(self) -> tuple[float, float]:
        """(posterior weight of the rules the space lists, of those it does not yet or cannot).  Before
        the bound grows the guarded rules are not listed: their share of the prior comes off the listed
        ones, and those with a one-atom else-branch (:meth:`simple_guarded_mass`) are weighed exactly.
        Rules outside the grammar are the catch-all's (its prior weight times its likelihood)."""
        listed = self.total_mass()
        unlisted = _outside_weight(self.deck, self.prior) * self.outside
        if self.bound < 1 and len(self._guard_ids):
            listed *= 1 - self.prior.guarded
            unlisted += self.simple_guarded_mass()
        return listed, unlisted

    def _should_grow(self) -> bool:
        """Grow once every listed rule is falsified, the guarded rules already counted are at least as
        likely as the listed ones, or the catch-all explains the verdicts GROW_ODDS times better."""
        if self.raw_mass() == 0.0:
            return True
        listed, _unlisted = self._listed_and_not()
        return (
            self.simple_guarded_mass() >= GROW_SHARE * listed or self.outside > GROW_ODDS * self.total_mass()
        )

    def inside(self) -> float:
        """Posterior probability that the true rule is one the space lists (against the guarded rules not
        listed yet and the catch-all)."""
        listed, unlisted = self._listed_and_not()
        return listed / (listed + unlisted) if listed + unlisted > 0 else 0.0

    def total_mass(self) -> float:
        """Prior mass of the rules every verdict so far allows (refuted guesses' classes left out)."""
        if "total" not in self._cache:
            self._cache["total"] = _without(self.raw_mass(), self._excluded_masses())
        return float(self._cache["total"])

    def remaining_share(self) -> float:
        return self.total_mass()

    def probabilities(self, mainline: Sequence[Card], cards: Sequence[Card | str]) -> np.ndarray:
        """Posterior probability that each card would be accepted now (on ``mainline``)."""
        line = [as_card(c) for c in mainline]
        cs = [as_card(c) for c in cards]
        if not cs:
            return np.zeros(0)
        outs = self.grammar.outcomes_many([(c, line) for c in cs])
        total, acc = self._masses(_split(outs))
        # the classes of refuted guesses are out: take their (behaviour-shared) mass away, scaled so
        # that what is left is total_mass() (the classes may overlap, see _without)
        masses = self._excluded_masses()
        if sum(masses) > 0:
            from eleusis_lab.rules import Rule

            scale = (total - _without(total, masses)) / sum(masses)
            for (text, _sig, _bank), mass in zip(self._excluded, masses, strict=True):
                rule = Rule.parse(text)
                acc = acc - scale * mass * np.array([rule.accepts(c, line) for c in cs], dtype=np.float64)
                total -= scale * mass
        if total <= 0:
            return np.full(len(cs), 0.5)
        return np.clip(acc / total, 0.0, 1.0)

    def acceptance_map(self, mainline: Sequence[Card]) -> dict[Card, float]:
        probs = self.probabilities(mainline, self.grammar.faces)
        return dict(zip(self.grammar.faces, (float(p) for p in probs), strict=True))

    # -- agreement with one rule (the confidence, and refuted guesses) ------------------------------
    def agreeing_mass(
        self,
        rule: Any,
        situations: Sequence[tuple[Card, Sequence[Card]]],
        also: tuple[Any, Sequence[tuple[Card, Sequence[Card]]]] | None = None,
        *,
        exact: bool = False,
    ) -> float:
        """Mass of the allowed rules that judge every one of ``situations`` as ``rule`` does (and, with
        ``also = (other, its situations)``, every one of those as ``other`` does).  During a round the
        guards carrying almost no mass are taken to agree as the rest do (it keeps a turn fast);
        ``exact`` weighs every guard's rules."""
        if not situations:
            return self.raw_mass()
        pairs = [(c, line, rule) for c, line in situations]
        if also is not None:
            pairs += [(c, line, also[0]) for c, line in also[1]]
        outs = self.grammar.outcomes_many([(c, line) for c, line, _r in pairs])
        v = np.array([r.accepts(c, list(line)) for c, line, r in pairs], dtype=bool)
        # situations alike in every atom and verdict say the same thing once
        rows: dict[bytes, int] = {}
        for k, (row, verdict) in enumerate(zip(outs, v, strict=True)):
            rows.setdefault(row.tobytes() + (b"\1" if verdict else b"\0"), k)
        keep = np.fromiter(rows.values(), dtype=np.int64, count=len(rows))
        outs, v = outs[keep], v[keep]
        return max(0.0, self._mass_after(outs, v, exact=exact))

    def _mass_after(self, outs: np.ndarray, v: np.ndarray, *, exact: bool = False) -> float:
        """What :meth:`raw_mass` would be with these verdicts added (nothing is changed)."""
        guard_share = self.prior.guarded if self.bound >= 1 and self._guard_else else 0.0
        total = (1 - guard_share) * self._main.mass_after(outs, v, self.w, self.wb)
        if guard_share:
            light = {} if exact else self._light_guards(GUARD_FLOOR)
            main_before = self._main.masses(self.w, self.wb)[0]
            ratio = total / ((1 - guard_share) * main_before) if main_before > 0 else 0.0
            for g, rest in self._guard_else.items():
                if g in light:
                    total += light[g] * ratio  # a light guard's rules taken to agree as the rest do
                    continue
                each = guard_share * self._guard_w[g]
                on, off = outs[:, g] == 1, outs[:, g] == 0
                then = self._guard_then[g] & ~((outs[on] != 0) != v[on, None]).any(axis=0)
                then_total = float((self.wb * then).sum())
                if then_total > 0:
                    total += each * then_total * rest.mass_after(outs[off], v[off], self.w, self.wb)
        return total

    def probe_situations(
        self, mainline: Sequence[Card], rule: Any, *, from_start: bool, seed: int = 0, walks: int = 3,
        steps: int = 6, per_step: int = 5,
    ) -> list[tuple[Card, tuple[Card, ...]]]:  # fmt: skip
        """Situations on which a guess would be judged: every face on the current line, then a few
        random walks onward under ``rule`` (as the benchmark's judge walks), and starters if the judge
        looks at the empty line too."""
        faces = self.grammar.faces
        rng = np.random.default_rng(seed)
        line0 = tuple(as_card(c) for c in mainline)
        out: list[tuple[Card, tuple[Card, ...]]] = [(f, line0) for f in faces]
        for _ in range(walks):
            line = list(line0)
            for _s in range(steps):
                ok = [f for f in faces if rule.accepts(f, line)]
                tried = rng.choice(len(faces), size=per_step, replace=False)
                out.extend((faces[int(j)], tuple(line)) for j in tried)
                if not ok:
                    break
                line.append(ok[int(rng.integers(0, len(ok)))])
        if from_start:
            out.extend((faces[int(j)], ()) for j in rng.choice(len(faces), size=13, replace=False))
            out.extend((faces[int(j)], (faces[int(k)],)) for j, k in rng.integers(0, len(faces), (13, 2)))
        return out

    def exclude(self, text: str, situations: Sequence[tuple[Card, Sequence[Card]]]) -> None:
        """Rule out the behaviour class of a refuted guess (the rules agreeing with it on ``situations``)."""
        from eleusis_lab.rules import Rule

        rule = Rule.parse(text)
        bank_acc = self._bank_accepts_rule(rule)
        self._excluded.append((text, np.packbits(bank_acc).tobytes(), bank_acc))
        self._excluded_situations[text] = list(situations)
        self._cache = {}

    def _refuted_verdicts(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """For each refuted guess: the atom outcomes of the situations it was judged on, and its verdicts."""
        if "refuted" not in self._cache:
            from eleusis_lab.rules import Rule

            found = []
            for text, _sig, _acc in self._excluded:
                situations = self._excluded_situations[text]
                if not situations:
                    continue
                rule = Rule.parse(text)
                outs = self.grammar.outcomes_many(situations)
                verdicts = np.array([rule.accepts(c, list(line)) for c, line in situations], dtype=bool)
                found.append((outs, verdicts))
            self._cache["refuted"] = found
        return list(self._cache["refuted"])

    def _excluded_masses(self) -> list[float]:
        """Mass of each refuted guess's class: the allowed rules agreeing with it where it was judged."""
        if "excluded" not in self._cache:
            from eleusis_lab.rules import Rule

            self._cache["excluded"] = [
                self.agreeing_mass(Rule.parse(text), self._excluded_situations[text])
                for text, _sig, _acc in self._excluded
            ]
        return list(self._cache["excluded"])

    def _bank_accepts_rule(self, rule: Any) -> np.ndarray:
        return np.array([rule.accepts(c, list(line)) for c, line in self.grammar.bank[:512]], dtype=bool)

    # -- the most plausible rules -------------------------------------------------------------------
    def _picks(self, counts: RuleCounts, allowed_w: float, k: int) -> list[_Pick]:
        """The heaviest allowed rules of each production of ``counts`` (log prior weights)."""
        lp, lpb, c = self._logp, self._logpb, counts.core
        wc = self.wb[:c]
        picks: list[_Pick] = []
        base = math.log(allowed_w) if allowed_w > 0 else -math.inf

        def add(kind: str, score: float, atoms: tuple[int, ...]) -> None:
            picks.append(_Pick(base + math.log(self._kinds[kind]) + score, kind, atoms))

        idx = np.flatnonzero(counts.single & np.isfinite(lpb))
        idx = idx[heaviest(lp[idx], k)]
        for atom in idx:
            add("single", float(lp[atom]), (int(atom),))
        wt, wf = counts.floats()
        for kind, row_ok, mat in (("and", counts.and_ok, wt), ("or", counts.or_ok, wf)):
            rows = np.flatnonzero(row_ok)
            if not len(rows):
                continue
            sub = mat[rows] * wc[None, :]  # masked linear weights: the heaviest allowed partner wins
            best = sub.argmax(axis=1)
            ok = sub[np.arange(len(rows)), best] > 0
            rows, best = rows[ok], best[ok]
            score = lp[rows] + lp[best]
            for j in heaviest(score, k):
                add(kind, float(score[j]), (int(rows[j]), int(best[j])))
        rows = np.flatnonzero(counts.cond_ok)
        if len(rows):
            st, sf = wt[rows] * wc[None, :], wf[rows] * wc[None, :]
            bt, bf = st.argmax(axis=1), sf.argmax(axis=1)
            r = np.arange(len(rows))
            ok = (st[r, bt] > 0) & (sf[r, bf] > 0)
            rows, st, sf, bt, bf = rows[ok], st[ok], sf[ok], bt[ok], bf[ok]
            score = lp[rows] + lp[bt] + lp[bf]
            for j in heaviest(score, k):
                cond, a, b = int(rows[j]), int(bt[j]), int(bf[j])
                add("if", float(score[j]), (cond, a, b))
                # the runner-up branches too, so that classes sharing a condition are all offered
                for branch, other, first in ((st[j], b, True), (sf[j], a, False)):
                    row = branch.copy()
                    row[a if first else b] = 0
                    if row.max() > 0:
                        alt = int(row.argmax())
                        atoms: tuple[int, ...] = (cond, alt, other) if first else (cond, other, alt)
                        add("if", float(lp[cond] + lp[atoms[1]] + lp[atoms[2]]), atoms)
        return picks

    def _all_picks(self, k: int = 40) -> list[_Pick]:
        guard_share = self.prior.guarded if self.bound >= 1 and self._guard_else else 0.0
        picks = self._picks(self._main, 1 - guard_share, k)
        if guard_share:
            light = self._light_guards(PICK_FLOOR)
            for g, rest in self._guard_else.items():
                if g in light:
                    continue
                each = guard_share * self._guard_w[g]
                then = self._guard_then[g]
                if not then.any():
                    continue
                then = then & np.isfinite(self._logpb)
                if not then.any():
                    continue
                a = int(np.flatnonzero(then)[np.argmax(self._logp[then])])
                for p in self._picks(rest, each, k // 2):
                    picks.append(_Pick(p.logw + float(self._logp[a]), p.kind, p.atoms, guard=(g, a)))
        picks.sort(key=lambda p: -p.logw)
        # the lightest picks change no class's probability visibly: only the heaviest are grouped
        return picks[: 4 * k]

    def text(self, pick: _Pick) -> str:
        t = self.grammar.texts
        if pick.kind == "single":
            body = t[pick.atoms[0]]
        elif pick.kind in ("and", "or"):
            body = f"{t[pick.atoms[0]]} {pick.kind} {t[pick.atoms[1]]}"
        else:
            c, a, b = pick.atoms
            body = f"if {t[c]} then {t[a]} else {t[b]}"
        if pick.guard is not None:
            g, a = pick.guard
            return f"if {t[g]} then {t[a]} else {body}"
        return body

    def _pick_bank(self, pick: _Pick, rows: slice = slice(0, 512)) -> np.ndarray:
        """Accept (bool) of one pick on the first bank situations."""
        return self._pick_accepts(pick, self.grammar.bank_out[rows])

    def _pick_accepts(self, pick: _Pick, o: np.ndarray) -> np.ndarray:
        """Accept (bool) of one pick on situations whose atom outcomes are the rows of ``o``."""
        at = [o[:, i] for i in pick.atoms]
        if pick.kind == "single":
            acc = at[0] != 0
        elif pick.kind == "and":
            acc = (at[0] == 2) | ((at[0] == 1) & (at[1] != 0))
        elif pick.kind == "or":
            acc = (at[0] != 0) | (at[1] != 0)
        else:
            acc = (at[0] == 2) | ((at[0] == 1) & (at[1] != 0)) | ((at[0] == 0) & (at[2] != 0))
        if pick.guard is not None:
            g, a = pick.guard
            og, oa = o[:, g], o[:, a]
            acc = np.where(og == 1, oa != 0, np.where(og == 0, acc, True))
        return np.asarray(acc, dtype=bool)

    def classes(self, k: int = 5, pool: int = 40) -> list[Candidate]:
        """The ``k`` most probable behaviour classes among the heaviest allowed rules (simplest text
        first); a class's probability here is its members' share of the pool's mass."""
        key = f"classes:{pool}"
        if key in self._cache:
            return list(self._cache[key][:k])
        picks = self._all_picks(pool)
        excluded = {sig for _t, sig, _a in self._excluded}
        refuted = self._refuted_verdicts()
        total = self.total_mass()
        groups: dict[bytes, list[_Pick]] = {}
        for p in picks:
            sig = np.packbits(self._pick_bank(p)).tobytes()
            if sig in excluded:
                continue
            # a rule judging as a refuted guess did wherever that guess was judged is in its refuted
            # class (the class its confidence counted), however it differs elsewhere: never offered again
            if any((self._pick_accepts(p, outs) == verdicts).all() for outs, verdicts in refuted):
                continue
            groups.setdefault(sig, []).append(p)
        found = []
        for members in groups.values():
            mass = sum(math.exp(p.logw) for p in members)
            best = members[0]
            found.append(
                Candidate(
                    self.text(best), -best.logw / math.log(2), mass / total if total else 0.0, len(members)
                )
            )
        found.sort(key=lambda c: (-c.probability, c.bits, c.text))  # equal classes: simplest text first
        self._cache[key] = found
        return found[:k]

    def top(self, k: int = 5) -> list[Any]:
        return [c.rule for c in self.classes(k)]

    def top_texts(self, k: int = 5) -> list[str]:
        return [c.text for c in self.classes(k)]

    def confidence(self, rule: Any, situations: Sequence[tuple[Card, Sequence[Card]]]) -> float:
        """Posterior probability that the true rule judges every one of ``situations`` as ``rule``."""
        total = self.total_mass()
        if total <= 0:
            return 0.0
        # refuted classes are out of the total, and out of the rules agreeing with ``rule`` too
        from eleusis_lab.rules import Rule

        agree = self.agreeing_mass(rule, situations)
        agree = _without(
            agree,
            [
                self.agreeing_mass(rule, situations, also=(Rule.parse(text), self._excluded_situations[text]))
                for text, _sig, _acc in self._excluded
            ],
        )
        return min(1.0, agree / total) * self.inside()


def _outside_weight(deck: str, prior: Prior = DEFAULT_PRIOR) -> float:
    """The catch-all's prior weight: OUTSIDE_SHARE of everything, in the units of the grown space's
    prior mass (which is not 1: atoms that do not read the card decide nothing)."""
    return OUTSIDE_SHARE / (1 - OUTSIDE_SHARE) * _grown_prior_mass(deck, prior)


@functools.lru_cache(maxsize=16)
def _grown_prior_mass(deck: str, prior: Prior = DEFAULT_PRIOR) -> float:
    """The grown space's prior mass, without growing one (49 guards' matrices): the listed rules' share
    and, for every guard alike, every atom as the then-branch times the whole else-space."""
    space = GrammarSpace(deck, prior=prior)
    g = space.grammar
    rest = RuleCounts(len(g), g.n_else, space._kinds).masses(space.w, space.wb)[0]
    guarded = prior.guarded * float(space.wb.sum()) * rest if g.guards else 0.0
    return (1 - prior.guarded if g.guards else 1.0) * space.total_mass() + guarded


@functools.lru_cache(maxsize=2)  # a grown space holds tens of MB: the last two priors asked about
def prior_probe(
    deck: str, prior: Prior = DEFAULT_PRIOR
) -> tuple[GrammarSpace, list[tuple[Card, tuple[Card, ...]]]]:
    """The grown space before any evidence, and 400 random situations (lines of 2-14 cards)."""
    space = GrammarSpace(deck, prior=prior)
    space.grow()
    faces = space.grammar.faces
    rng = np.random.default_rng(5)
    situations = []
    for _ in range(400):
        line = tuple(faces[int(j)] for j in rng.integers(0, len(faces), int(rng.integers(2, 15))))
        situations.append((faces[int(rng.integers(0, len(faces)))], line))
    return space, situations


def description_bits(rule: Any, deck: str = "standard", prior: Prior = DEFAULT_PRIOR) -> float:
    """How many bits the grown grammar's ``prior`` spends on ``rule``: ``-log2`` of the prior mass of its
    rules that judge as ``rule`` does on 400 random situations (``inf`` when none does: the rule is
    outside the grammar).  A round of 30 one-card verdicts tells at most 30 bits, far fewer when most
    verdicts are rejections, so this says how hard a rule is to be sure of within a round.

    >>> description_bits("card.color != prev.color") < 10 < description_bits(
    ...     "if prev is face then card.suit == prev.suit else card.suit != prev.suit")
    True
    """
    from eleusis_lab.rules import as_rule

    space, situations = prior_probe(deck, prior)
    mass = space.agreeing_mass(as_rule(rule), situations, exact=True)
    return -math.log2(mass / space.raw_mass()) if mass > 0 else math.inf
