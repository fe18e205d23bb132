# mypy: disable-error-code="misc"
"""Base conditions ("atoms") of the hypothesis space, and the situation features they read.

An atom is one comparison of the rule language (``card.suit == prev.suit``, ``prev is even``,
``card.rank in 3..7``) written as a truth table over one *term*: a small integer feature of the
situation (the card's face, the pair of ranks of card and top card, …).  Evaluating every atom for one
observation is then a single numpy gather: ``table[offset + value_of(term)]``.  An atom whose term needs a
card that is not there (``prev`` of the starter, the letter of the blank) is *missing*, which the rule
language turns into "accept" (see ``DESIGN.md``); atoms are three-valued: 0 false, 1 true, 2 missing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eleusis_lab.cards import LETTERS, SUITS, Card, Ink, Outline, Shape

FALSE, TRUE, MISSING = 0, 1, 2


@dataclass
class Term:
    """A situation feature with a small integer domain; ``domain`` holds arrays describing each value."""

    name: str
    size: int


@dataclass
class Atom:
    text: str
    term: int
    table: np.ndarray  # bool[term.size]
    cost: float
    role: str
    core: bool = False


@dataclass
class AtomTable:
    """All atoms of one deck, packed for the vectorised evaluation."""

    terms: list[Term]
    atoms: list[Atom] = field(default_factory=list)

    def add(self, text: str, term: int, table: np.ndarray, cost: float, role: str, core: bool = False) -> int:
        table = np.asarray(table, dtype=bool)
        assert table.shape == (self.terms[term].size,), (text, table.shape)
        self.atoms.append(Atom(text, term, table, cost, role, core))
        return len(self.atoms) - 1

    def freeze(self) -> None:
        sizes = np.array([len(a.table) for a in self.atoms])
        self.offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        self.flat = np.concatenate([a.table for a in self.atoms]).astype(np.int8)
        self.term_of = np.array([a.term for a in self.atoms], dtype=np.int64)
        self.costs = np.array([a.cost for a in self.atoms], dtype=np.float64)
        self.texts = [a.text for a in self.atoms]
        self.roles = np.array([a.role for a in self.atoms])
        # Everything is packed above; the 100,000 Atom objects and their small tables are not read again.
        # Dropping them takes about 12 MB off a student's kernel once lesson 4 has built the space (RSS
        # 178 -> 167 MB, PSS 153 -> 141 MB, lesson 4 in one kernel; engineer h15, for h12's rewrite).
        self.atoms = []

    def __len__(self) -> int:
        return len(self.texts) if hasattr(self, "texts") else len(self.atoms)

    def evaluate(
        self, values: np.ndarray, missing: np.ndarray, atoms: np.ndarray | None = None
    ) -> np.ndarray:
        """Three-valued outcome (int8) of every atom (or of ``atoms``) for one situation's term values."""
        if atoms is None:
            term = self.term_of
            offsets = self.offsets
        else:
            term = self.term_of[atoms]
            offsets = self.offsets[atoms]
        out = self.flat[offsets + values[term]]
        miss = missing[term]
        if miss.any():
            out = np.where(miss, np.int8(MISSING), out)
        return out

    def evaluate_many(self, values: np.ndarray, missing: np.ndarray, atoms: np.ndarray) -> np.ndarray:
        """Outcomes for many situations at once: ``values``/``missing`` are (S, T); result (S, len(atoms))."""
        term = self.term_of[atoms]
        out = self.flat[self.offsets[atoms][None, :] + values[:, term]]
        return np.where(missing[:, term], np.int8(MISSING), out)


# ---------------------------------------------------------------------------------------------------
# Standard deck
# ---------------------------------------------------------------------------------------------------
SUIT_NAMES = [s.value for s in SUITS]  # spades hearts diamonds clubs
RED_SUITS = {1, 2}
PRIMES = {2, 3, 5, 7, 11, 13}

# Term indices (standard deck)
T_C, T_P, T_Q = 0, 1, 2  # card / prev / prev2 face (suit*13 + rank-1)
T_CP_R, T_CP_S, T_CQ_R, T_CQ_S, T_PQ_R, T_PQ_S = 3, 4, 5, 6, 7, 8
T_POS = 9  # position % 12
T_CS_PR = 10  # card suit x prev rank
T_CS_SUM = 11  # card suit x (prev.rank + prev2.rank)
T_CS_POS = 12  # card suit x position % 12
T_C_POS = 13  # card face x position % 12

STANDARD_TERMS = [
    Term("card", 52),
    Term("prev", 52),
    Term("prev2", 52),
    Term("card.rank x prev.rank", 169),
    Term("card.suit x prev.suit", 16),
    Term("card.rank x prev2.rank", 169),
    Term("card.suit x prev2.suit", 16),
    Term("prev.rank x prev2.rank", 169),
    Term("prev.suit x prev2.suit", 16),
    Term("position % 12", 12),
    Term("card.suit x prev.rank", 52),
    Term("card.suit x (prev.rank + prev2.rank)", 100),
    Term("card.suit x position % 12", 48),
    Term("card x position % 12", 624),
]

_FACE_RANK = np.array([r for _s in range(4) for r in range(1, 14)])
_FACE_SUIT = np.array([s for s in range(4) for _r in range(1, 14)])
_PAIR_A = np.repeat(np.arange(1, 14), 13)  # first rank of a 169-pair
_PAIR_B = np.tile(np.arange(1, 14), 13)
_SPAIR_A = np.repeat(np.arange(4), 4)
_SPAIR_B = np.tile(np.arange(4), 4)


def _red(s: np.ndarray) -> np.ndarray:
    return (s == 1) | (s == 2)


def _prime(r: np.ndarray) -> np.ndarray:
    return np.isin(r, list(PRIMES))


def card_index(card: Card) -> int:
    assert card.rank is not None and card.suit is not None
    return SUITS.index(card.suit) * 13 + card.rank - 1


def standard_situation(card: Card, mainline: Sequence[Card]) -> tuple[np.ndarray, np.ndarray]:
    """Term values and missing flags of one situation (a card tried on a mainline)."""
    n = len(mainline)
    values = np.zeros(len(STANDARD_TERMS), dtype=np.int64)
    missing = np.zeros(len(STANDARD_TERMS), dtype=bool)
    cr, cs = card.rank, SUITS.index(card.suit)  # type: ignore[arg-type]
    values[T_C] = cs * 13 + cr - 1  # type: ignore[operator]
    values[T_POS] = (n + 1) % 12
    values[T_CS_POS] = cs * 12 + (n + 1) % 12
    values[T_C_POS] = values[T_C] * 12 + (n + 1) % 12
    if n >= 1:
        p = mainline[-1]
        pr, ps = p.rank, SUITS.index(p.suit)  # type: ignore[arg-type]
        values[T_P] = ps * 13 + pr - 1  # type: ignore[operator]
        values[T_CP_R] = (cr - 1) * 13 + pr - 1  # type: ignore[operator]
        values[T_CP_S] = cs * 4 + ps
        values[T_CS_PR] = cs * 13 + pr - 1  # type: ignore[operator]
    else:
        missing[[T_P, T_CP_R, T_CP_S, T_CS_PR, T_Q, T_CQ_R, T_CQ_S, T_PQ_R, T_PQ_S, T_CS_SUM]] = True
    if n >= 2:
        q = mainline[-2]
        qr, qs = q.rank, SUITS.index(q.suit)  # type: ignore[arg-type]
        values[T_Q] = qs * 13 + qr - 1  # type: ignore[operator]
        values[T_CQ_R] = (cr - 1) * 13 + qr - 1  # type: ignore[operator]
        values[T_CQ_S] = cs * 4 + qs
        values[T_PQ_R] = (pr - 1) * 13 + qr - 1  # type: ignore[operator]
        values[T_PQ_S] = ps * 4 + qs
        values[T_CS_SUM] = cs * 25 + pr + qr - 2  # type: ignore[operator]
    else:
        missing[[T_Q, T_CQ_R, T_CQ_S, T_PQ_R, T_PQ_S, T_CS_SUM]] = True
    return values, missing


PropPred = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _property_atoms(who: str) -> list[tuple[str, PropPred, float, bool]]:
    """Properties of one card (rank r, suit s arrays): text, predicate, cost, core?"""
    out: list[tuple[str, PropPred, float, bool]] = [
        (f"{who} is red", lambda r, s: _red(s), 1.0, True),
        (f"{who} is black", lambda r, s: ~_red(s), 1.0, True),
        (f"{who} is even", lambda r, s: r % 2 == 0, 1.0, True),
        (f"{who} is odd", lambda r, s: r % 2 == 1, 1.0, True),
        (f"{who} is face", lambda r, s: r >= 11, 1.0, True),
        (f"{who} is number", lambda r, s: r <= 10, 1.0, True),
        (f"{who} is high", lambda r, s: r >= 8, 1.0, True),
        (f"{who} is low", lambda r, s: r <= 7, 1.0, True),
        (f"{who} is prime", lambda r, s: _prime(r), 1.3, True),
        (f"{who} is not prime", lambda r, s: ~_prime(r), 1.6, True),
    ]
    for i, name in enumerate(SUIT_NAMES):
        out.append((f"{who}.suit == {name}", lambda r, s, i=i: s == i, 1.2, True))
    for i, name in enumerate(SUIT_NAMES):
        out.append((f"{who}.suit != {name}", lambda r, s, i=i: s != i, 1.5, False))
    for a, b in [(0, 1), (0, 2), (1, 3), (2, 3)]:  # the two colour pairs are "is red/black"
        out.append(
            (
                f"{who}.suit in [{SUIT_NAMES[a]}, {SUIT_NAMES[b]}]",
                lambda r, s, a=a, b=b: (s == a) | (s == b),
                2.0,
                False,
            )
        )
    for k in range(1, 14):
        out.append((f"{who}.rank == {k}", lambda r, s, k=k: r == k, 2.2, False))
    for k in range(2, 14):
        out.append((f"{who}.rank >= {k}", lambda r, s, k=k: r >= k, 1.5, True))
    for k in range(1, 13):
        out.append((f"{who}.rank <= {k}", lambda r, s, k=k: r <= k, 1.5, True))
    for a in range(2, 13):
        for b in range(a + 1, 13):
            out.append((f"{who}.rank in {a}..{b}", lambda r, s, a=a, b=b: (r >= a) & (r <= b), 2.0, False))
            out.append((f"{who}.rank not in {a}..{b}", lambda r, s, a=a, b=b: (r < a) | (r > b), 2.5, False))
    for k in range(1, 14):
        out.append((f"{who}.rank != {k}", lambda r, s, k=k: r != k, 2.6, False))
    for m in (3, 4):
        for k in range(m):
            out.append((f"{who}.rank % {m} == {k}", lambda r, s, m=m, k=k: r % m == k, 2.5, False))
            out.append((f"{who}.rank % {m} != {k}", lambda r, s, m=m, k=k: r % m != k, 2.7, False))
    return out


RankRel = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _number_primes() -> list[int]:
    """The numbers 2-26 that the rule language calls prime (asked of the evaluator, so we agree)."""
    from eleusis_lab.rules import Rule

    rule = Rule.parse("(card.rank + prev.rank) is prime")
    spade = SUITS[0]
    return [
        n
        for n in range(2, 27)
        if rule.accepts(Card(rank=min(n - 1, 13), suit=spade), [Card(rank=n - min(n - 1, 13), suit=spade)])
    ]


def _rank_relations(x: str, y: str) -> list[tuple[str, RankRel, float, bool]]:
    """Relations between the ranks of two cards x (later) and y (earlier)."""
    out: list[tuple[str, RankRel, float, bool]] = [
        (f"{x}.rank == {y}.rank", lambda a, b: a == b, 1.0, True),
        (f"{x}.rank != {y}.rank", lambda a, b: a != b, 1.2, True),
        (f"{x}.rank > {y}.rank", lambda a, b: a > b, 1.0, True),
        (f"{x}.rank < {y}.rank", lambda a, b: a < b, 1.0, True),
        (f"{x}.rank >= {y}.rank", lambda a, b: a >= b, 1.2, True),
        (f"{x}.rank <= {y}.rank", lambda a, b: a <= b, 1.2, True),
        (f"{x}.rank % 2 == {y}.rank % 2", lambda a, b: a % 2 == b % 2, 1.4, True),
        (f"{x}.rank % 2 != {y}.rank % 2", lambda a, b: a % 2 != b % 2, 1.4, True),
        (f"({x} is face) == ({y} is face)", lambda a, b: (a >= 11) == (b >= 11), 2.0, False),
        (f"({x} is face) != ({y} is face)", lambda a, b: (a >= 11) != (b >= 11), 2.0, False),
        (f"({x} is high) == ({y} is high)", lambda a, b: (a >= 8) == (b >= 8), 2.0, False),
        (f"({x} is high) != ({y} is high)", lambda a, b: (a >= 8) != (b >= 8), 2.0, False),
        (f"({x} is prime) == ({y} is prime)", lambda a, b: _prime(a) == _prime(b), 2.2, False),
        (f"({x} is prime) != ({y} is prime)", lambda a, b: _prime(a) != _prime(b), 2.2, False),
    ]
    for k in range(1, 7):
        out.append((f"{x}.rank == {y}.rank + {k}", lambda a, b, k=k: a == b + k, 1.4 + 0.1 * k, k <= 2))
        out.append((f"{x}.rank == {y}.rank - {k}", lambda a, b, k=k: a == b - k, 1.4 + 0.1 * k, k <= 2))
    for k in range(1, 4):
        out.append(
            (
                f"{x}.rank == cyc({y}.rank + {k})",
                lambda a, b, k=k: a == (b + k - 1) % 13 + 1,
                1.9 + 0.1 * k,
                k == 1,
            )
        )
        out.append(
            (
                f"{x}.rank == cyc({y}.rank - {k})",
                lambda a, b, k=k: a == (b - k - 1) % 13 + 1,
                1.9 + 0.1 * k,
                k == 1,
            )
        )
    for k in range(1, 5):
        out.append((f"abs({x}.rank - {y}.rank) <= {k}", lambda a, b, k=k: abs(a - b) <= k, 1.8, k <= 2))
    for k in range(2, 7):
        out.append((f"abs({x}.rank - {y}.rank) >= {k}", lambda a, b, k=k: abs(a - b) >= k, 1.8, False))
    for k in range(2, 7):
        out.append(
            (
                f"cyc({x}.rank - {y}.rank) in 1..{k}",
                lambda a, b, k=k: ((a - b) % 13 >= 1) & ((a - b) % 13 <= k),
                2.4,
                False,
            )
        )
    for k in range(1, 4):
        out.append((f"{x}.rank > {y}.rank + {k}", lambda a, b, k=k: a > b + k, 1.8, False))
        out.append((f"{x}.rank < {y}.rank - {k}", lambda a, b, k=k: a < b - k, 1.8, False))
    for t in (12, 13, 14, 15):
        out.append((f"{x}.rank + {y}.rank <= {t}", lambda a, b, t=t: a + b <= t, 2.2, False))
        out.append((f"{x}.rank + {y}.rank >= {t}", lambda a, b, t=t: a + b >= t, 2.2, False))
    out.append((f"({x}.rank + {y}.rank) is prime", lambda a, b: np.isin(a + b, _number_primes()), 2.4, False))
    # the sum of two ranks modulo 3 or 4 (modulo 2 is the parity relations above)
    for m in (3, 4):
        for k in range(m):
            out.append(
                (f"({x}.rank + {y}.rank) % {m} == {k}", lambda a, b, m=m, k=k: (a + b) % m == k, 2.6, False)
            )
            out.append(
                (f"({x}.rank + {y}.rank) % {m} != {k}", lambda a, b, m=m, k=k: (a + b) % m != k, 2.8, False)
            )
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23]
    out.append(
        (
            f"{x}.rank + {y}.rank in [{', '.join(map(str, primes))}]",
            lambda a, b: np.isin(a + b, primes),
            2.6,
            False,
        )
    )
    return out


SuitRel = Callable[[np.ndarray, np.ndarray], np.ndarray]

# The six cyclic orders of the four suits (each, and its reverse, gives a different successor).
SUIT_ORDERS = [
    (0, 1, 2, 3),
    (0, 1, 3, 2),
    (0, 2, 1, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
    (0, 3, 2, 1),
]


def _suit_relations(x: str, y: str) -> list[tuple[str, SuitRel, float, bool]]:
    out: list[tuple[str, SuitRel, float, bool]] = [
        (f"{x}.suit == {y}.suit", lambda a, b: a == b, 1.0, True),
        (f"{x}.suit != {y}.suit", lambda a, b: a != b, 1.2, True),
        (f"{x}.color == {y}.color", lambda a, b: _red(a) == _red(b), 1.0, True),
        (f"{x}.color != {y}.color", lambda a, b: _red(a) != _red(b), 1.0, True),
    ]
    for order in SUIT_ORDERS:
        succ = np.empty(4, dtype=np.int64)
        for i, s in enumerate(order):
            succ[s] = order[(i + 1) % 4]
        names = ", ".join(SUIT_NAMES[s] for s in order)
        out.append(
            (f"{x}.suit == next({y}.suit, [{names}])", lambda a, b, succ=succ: a == succ[b], 2.5, True)
        )
    for g in ((0, 1), (0, 2)):  # the two ways of pairing suits other than by colour
        names = f"[{SUIT_NAMES[g[0]]}, {SUIT_NAMES[g[1]]}]"
        inside = np.isin(np.arange(4), g)
        for op, same in (("==", True), ("!=", False)):
            out.append(
                (
                    f"({x}.suit in {names}) {op} ({y}.suit in {names})",
                    lambda a, b, inside=inside, same=same: (inside[a] == inside[b]) == same,
                    2.6,
                    False,
                )
            )
    return out


def _add_grouped(
    table: AtomTable,
    groups: dict[str, list[int]],
    rows: Sequence[tuple[str, Callable[..., np.ndarray], float, bool]],
    term: int,
    args: Sequence[Any],
    role: str,
    extra: float = 0.0,
) -> None:
    """Add an atom per row ``(text, predicate, cost, core)``, its table the predicate applied to ``args``
    and its cost raised by ``extra``; each joins the group ``role``, and ``role-core`` when core."""
    for text, pred, cost, core in rows:
        idx = table.add(text, term, pred(*args), cost + extra, role, core)
        groups.setdefault(role, []).append(idx)
        if core:
            groups.setdefault(role + "-core", []).append(idx)


def _add_suit_lookups(
    table: AtomTable, groups: dict[str, list[int]], key: str, term: int, suit: np.ndarray, by: np.ndarray
) -> None:
    """``card.suit == [s0, s1, ...][KEY % m]`` for m = 2..4: the suit picked from a list by ``key``."""
    for m in (2, 3, 4):
        for combo in np.ndindex(*([4] * m)):
            if len(set(combo)) == 1:
                continue
            names = ", ".join(SUIT_NAMES[s] for s in combo)
            lut = np.array(combo)
            idx = table.add(
                f"card.suit == [{names}][{key} % {m}]",
                term,
                suit == lut[by % m],
                2.5 + 0.6 * m + 1.0 * (m - len(set(combo))),
                "table",
            )
            groups.setdefault("table", []).append(idx)


def build_standard_atoms() -> tuple[AtomTable, dict[str, list[int]]]:
    """Every base condition of the standard deck, with named groups used to build the families."""
    table = AtomTable(list(STANDARD_TERMS))
    groups: dict[str, list[int]] = {}

    def group(name: str, idx: int) -> None:
        groups.setdefault(name, []).append(idx)

    for who, term, role in (("card", T_C, "card"), ("prev", T_P, "prev"), ("prev2", T_Q, "prev2")):
        _add_grouped(table, groups, _property_atoms(who), term, (_FACE_RANK, _FACE_SUIT), role)
    for (x, y), (term_r, term_s), role in (
        (("card", "prev"), (T_CP_R, T_CP_S), "rel1"),
        (("card", "prev2"), (T_CQ_R, T_CQ_S), "rel2"),
        (("prev", "prev2"), (T_PQ_R, T_PQ_S), "relpq"),
    ):
        extra = 0.8 if role == "rel2" else 0.0
        _add_grouped(table, groups, _rank_relations(x, y), term_r, (_PAIR_A, _PAIR_B), role, extra)
        _add_grouped(table, groups, _suit_relations(x, y), term_s, (_SPAIR_A, _SPAIR_B), role, extra)
    # prev + prev2 thresholds, as conditions
    for t in range(4, 26):
        idx = table.add(f"prev.rank + prev2.rank <= {t}", T_PQ_R, t >= _PAIR_A + _PAIR_B, 2.2, "relpq", False)
        group("relpq", idx)
    # position
    pos = np.arange(12)
    for m, rs in ((2, (0,)), (3, (0, 1, 2)), (4, (0, 1, 2, 3))):
        for r in rs:
            idx = table.add(f"position % {m} == {r}", T_POS, pos % m == r, 1.0 + 0.2 * (m - 2), "pos", True)
            group("pos", idx)
    for a, b in ((0, 1), (1, 2), (2, 3)):
        idx = table.add(f"position % 4 in {a}..{b}", T_POS, (pos % 4 >= a) & (pos % 4 <= b), 2.2, "pos", True)
        group("pos", idx)
    # lookup tables: card.suit == [s0, s1, ...][prev.rank % m]
    cs = np.repeat(np.arange(4), 13)
    pr = np.tile(np.arange(1, 14), 4)
    _add_suit_lookups(table, groups, "prev.rank", T_CS_PR, cs, pr)
    # a card property that follows the position's parity: "odd positions take odd cards"
    face12 = np.repeat(np.arange(52), 12)
    pos12c = np.tile(np.arange(12), 52)
    r12, s12 = _FACE_RANK[face12], _FACE_SUIT[face12]
    for name, prop in (
        ("red", _red(s12)),
        ("even", r12 % 2 == 0),
        ("high", r12 >= 8),
        ("face", r12 >= 11),
        ("prime", _prime(r12)),
    ):
        for r in (0, 1):
            idx = table.add(
                f"(card is {name}) == (position % 2 == {r})", T_C_POS, prop == (pos12c % 2 == r), 2.0, "card"
            )
            group("card", idx)
    # card.suit == [s0, s1, ...][position % m]
    cs12 = np.repeat(np.arange(4), 12)
    pos12 = np.tile(np.arange(12), 4)
    _add_suit_lookups(table, groups, "position", T_CS_POS, cs12, pos12)
    # The sum of the two top cards, cut into four intervals, each giving a suit (Express 9).
    ssum = np.tile(np.arange(2, 27), 4)
    csuit = np.repeat(np.arange(4), 25)
    import itertools

    for cuts in itertools.combinations(range(2, 26), 3):  # interval ends (inclusive): a < b < c < 26
        a, b, c = cuts
        band = np.where(ssum <= a, 0, np.where(ssum <= b, 1, np.where(ssum <= c, 2, 3)))
        for perm in itertools.permutations(range(4)):
            lut = np.array(perm)
            text = (
                f"if prev.rank + prev2.rank <= {a} then card.suit == {SUIT_NAMES[perm[0]]} "
                f"else if prev.rank + prev2.rank <= {b} then card.suit == {SUIT_NAMES[perm[1]]} "
                f"else if prev.rank + prev2.rank <= {c} then card.suit == {SUIT_NAMES[perm[2]]} "
                f"else card.suit == {SUIT_NAMES[perm[3]]}"
            )
            idx = table.add(text, T_CS_SUM, csuit == lut[band], 7.0, "sum")
            group("sum", idx)
    table.freeze()
    return table, groups


# ---------------------------------------------------------------------------------------------------
# Letter deck
# ---------------------------------------------------------------------------------------------------
INKS = list(Ink)
SHAPES = list(Shape)
OUTLINES = list(Outline)
# letter card features: letter (5), ink (3), shape (2), outline (2) -> 60 faces; index 60 is never used
_L_LET = np.array([li for li in range(5) for _i in range(3) for _s in range(2) for _o in range(2)])
_L_INK = np.array([i for _l in range(5) for i in range(3) for _s in range(2) for _o in range(2)])
_L_SHP = np.array([s for _l in range(5) for _i in range(3) for s in range(2) for _o in range(2)])
_L_OUT = np.array([o for _l in range(5) for _i in range(3) for _s in range(2) for o in range(2)])

L_C, L_P, L_Q, L_CP, L_CQ, L_PQ, L_POS, L_CB, L_PB = range(9)
LETTER_TERMS = [
    Term("card face", 60),
    Term("prev face", 60),
    Term("prev2 face", 60),
    Term("card x prev", 3600),
    Term("card x prev2", 3600),
    Term("prev x prev2", 3600),
    Term("position % 12", 12),
    Term("card is blank", 2),
    Term("prev is blank", 2),
]


def letter_index(card: Card) -> int | None:
    """0-59 for a lettered card (letter, ink, shape, outline), None for the blank."""
    if card.letter is None or card.ink is None or card.shape is None or card.outline is None:
        return None
    letter = LETTERS.index(card.letter)
    return ((letter * 3 + INKS.index(card.ink)) * 2 + SHAPES.index(card.shape)) * 2 + OUTLINES.index(
        card.outline
    )


def letter_situation(card: Card, mainline: Sequence[Card]) -> tuple[np.ndarray, np.ndarray]:
    n = len(mainline)
    values = np.zeros(len(LETTER_TERMS), dtype=np.int64)
    missing = np.zeros(len(LETTER_TERMS), dtype=bool)
    c = letter_index(card)
    p = letter_index(mainline[-1]) if n >= 1 else None
    q = letter_index(mainline[-2]) if n >= 2 else None
    values[L_POS] = (n + 1) % 12
    values[L_CB] = int(card.is_blank)
    if n >= 1:
        values[L_PB] = int(mainline[-1].is_blank)
    else:
        missing[L_PB] = True
    for term, parts in (
        (L_C, (c,)),
        (L_P, (p,)),
        (L_Q, (q,)),
        (L_CP, (c, p)),
        (L_CQ, (c, q)),
        (L_PQ, (p, q)),
    ):
        if any(x is None for x in parts):
            missing[term] = True
        else:
            first, *rest = (int(x) for x in parts if x is not None)
            values[term] = first if not rest else first * 60 + rest[0]
    return values, missing


def _letter_properties(who: str) -> list[tuple[str, Callable[..., np.ndarray], float, bool]]:
    out: list[tuple[str, Callable[..., np.ndarray], float, bool]] = []
    for i, let in enumerate(LETTERS):
        out.append((f'{who}.letter == "{let}"', lambda L, I, S, O, i=i: i == L, 1.0, True))
        out.append((f'{who}.letter != "{let}"', lambda L, I, S, O, i=i: i != L, 1.5, False))
    for a in range(5):
        for b in range(a + 1, 5):
            out.append(
                (
                    f'{who}.letter in ["{LETTERS[a]}", "{LETTERS[b]}"]',
                    lambda L, I, S, O, a=a, b=b: (a == L) | (b == L),
                    2.0,
                    False,
                )
            )
    for i, ink in enumerate(INKS):
        out.append((f"{who}.ink == {ink.value}", lambda L, I, S, O, i=i: i == I, 1.0, True))
        out.append((f"{who}.ink != {ink.value}", lambda L, I, S, O, i=i: i != I, 1.5, True))
    out.append((f"{who}.shape == circle", lambda L, I, S, O: S == 0, 1.0, True))
    out.append((f"{who}.shape == square", lambda L, I, S, O: S == 1, 1.0, True))
    out.append((f"{who}.outline == red", lambda L, I, S, O: O == 0, 1.0, True))
    out.append((f"{who}.outline == black", lambda L, I, S, O: O == 1, 1.0, True))
    return out


def _letter_relations(x: str, y: str) -> list[tuple[str, Callable[..., np.ndarray], float, bool]]:
    abc = ", ".join(f'"{c}"' for c in LETTERS)
    cba = ", ".join(f'"{c}"' for c in reversed(LETTERS))
    out: list[tuple[str, Callable[..., np.ndarray], float, bool]] = [
        (f"{x}.letter == {y}.letter", lambda a, b: a[0] == b[0], 1.0, True),
        (f"{x}.letter != {y}.letter", lambda a, b: a[0] != b[0], 1.2, True),
        (f"{x}.letter == next({y}.letter, [{abc}])", lambda a, b: a[0] == (b[0] + 1) % 5, 1.8, True),
        (f"{x}.letter == next({y}.letter, [{cba}])", lambda a, b: a[0] == (b[0] - 1) % 5, 1.8, True),
        (f"{x}.ink == {y}.ink", lambda a, b: a[1] == b[1], 1.0, True),
        (f"{x}.ink != {y}.ink", lambda a, b: a[1] != b[1], 1.2, True),
        (f"{x}.ink == next({y}.ink, [red, blue, green])", lambda a, b: a[1] == (b[1] + 1) % 3, 2.0, True),
        (f"{x}.ink == next({y}.ink, [green, blue, red])", lambda a, b: a[1] == (b[1] - 1) % 3, 2.0, True),
        (f"{x}.shape == {y}.shape", lambda a, b: a[2] == b[2], 1.0, True),
        (f"{x}.shape != {y}.shape", lambda a, b: a[2] != b[2], 1.0, True),
        (f"{x}.outline == {y}.outline", lambda a, b: a[3] == b[3], 1.0, True),
        (f"{x}.outline != {y}.outline", lambda a, b: a[3] != b[3], 1.0, True),
    ]
    return out


def build_letter_atoms() -> tuple[AtomTable, dict[str, list[int]]]:
    table = AtomTable(list(LETTER_TERMS))
    groups: dict[str, list[int]] = {}

    def group(name: str, idx: int, core: bool) -> None:
        groups.setdefault(name, []).append(idx)
        if core:
            groups.setdefault(name + "-core", []).append(idx)

    feats = (_L_LET, _L_INK, _L_SHP, _L_OUT)
    for who, term, role in (("card", L_C, "card"), ("prev", L_P, "prev"), ("prev2", L_Q, "prev2")):
        _add_grouped(table, groups, _letter_properties(who), term, feats, role)
    pa = [np.repeat(f, 60) for f in feats]
    pb = [np.tile(f, 60) for f in feats]
    for (x, y), term, role in (
        (("card", "prev"), L_CP, "rel1"),
        (("card", "prev2"), L_CQ, "rel2"),
        (("prev", "prev2"), L_PQ, "relpq"),
    ):
        extra = 0.4 if role == "rel2" else 0.0
        _add_grouped(table, groups, _letter_relations(x, y), term, (pa, pb), role, extra)
    group("card", table.add("card is blank", L_CB, np.array([False, True]), 1.0, "card", True), True)
    group("card", table.add("card is not blank", L_CB, np.array([True, False]), 1.3, "card", True), True)
    group("prev", table.add("prev is blank", L_PB, np.array([False, True]), 1.0, "prev", True), True)
    pos = np.arange(12)
    for m, rs in ((2, (0,)), (3, (0, 1, 2)), (4, (0, 1, 2, 3))):
        for r in rs:
            group(
                "pos",
                table.add(f"position % {m} == {r}", L_POS, pos % m == r, 1.5 + 0.2 * (m - 2), "pos", True),
                True,
            )
    table.freeze()
    return table, groups
