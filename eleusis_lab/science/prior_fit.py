"""Fitting the scientist's prior to a set of rules, and the held-out folds it is measured on.

A rule's description length under a prior (:func:`~eleusis_lab.science.grammar.description_bits`) is
``-log2`` of the prior mass of the grown grammar's rules that judge as it does on 400 fixed situations,
over the mass of the whole grown grammar.  Which grammar rules agree with a rule does not depend on the
prior, only how much they weigh does; so :class:`RuleEvidence` finds, once per rule, the allowed rules as
sparse boolean tables (the same tables the grammar space keeps, built by its own code), and
:meth:`RuleEvidence.bits` weighs them under any prior in about a millisecond, where
``description_bits`` takes a tenth of a second.  That makes a fit by maximum likelihood
(:func:`fit`: the prior that spends the fewest bits on the training rules) a matter of seconds.

:func:`folds` splits a rule set into k held-out folds (seeded): each rule is in exactly one test fold,
and the training rules of a fold never include it.

>>> from eleusis_lab.science.grammar import description_bits
>>> from eleusis_lab.science.prior import Prior
>>> steep = Prior(beta=2.6, family_costs=(("rel1", -0.5),))
>>> rule = "card.color != prev.color"
>>> round(RuleEvidence.of(rule).bits(steep), 3) == round(description_bits(rule, prior=steep), 3)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

import numpy as np

from eleusis_lab.science.grammar import RuleCounts, grammar, prior_probe
from eleusis_lab.science.prior import DEFAULT_PRIOR, FAMILIES, Prior

DECK = "standard"


@dataclass(frozen=True)
class _Allowed:
    """The rules of one production set (the main one, or one guard's else-branch) that agree with a rule
    on the probe: the atoms right alone, and the (condition or first part, deciding atom) pairs of the
    combined productions, as sparse tables over the rows that can carry mass."""

    single: np.ndarray  # atom ids right alone
    rows: np.ndarray  # atom ids of conditions / first parts that take part in some allowed rule
    and_ok: np.ndarray  # per row: allowed as the first part of ``A and B``
    or_ok: np.ndarray  # … of ``A or B``
    cond_ok: np.ndarray  # … as the condition of ``if C then A else B``
    true_rows: np.ndarray  # (row index, deciding atom id) pairs: atom right wherever the row was true
    true_cols: np.ndarray
    false_rows: np.ndarray  # … wherever the row was false
    false_cols: np.ndarray

    @classmethod
    def of(cls, counts: RuleCounts, reads_card: np.ndarray) -> _Allowed:
        core = counts.core
        deciding = np.flatnonzero(reads_card[:core])
        wt, wf = counts.when_true[:, deciding], counts.when_false[:, deciding]
        st, sf = wt.any(axis=1), wf.any(axis=1)
        keep = (counts.and_ok & st) | (counts.or_ok & sf) | (counts.cond_ok & st & sf)
        rows = np.flatnonzero(keep)
        tr, tc = np.nonzero(wt[rows])
        fr, fc = np.nonzero(wf[rows])
        return cls(
            single=np.flatnonzero(counts.single & reads_card),
            rows=rows,
            and_ok=counts.and_ok[rows],
            or_ok=counts.or_ok[rows],
            cond_ok=counts.cond_ok[rows],
            true_rows=tr.astype(np.int32),
            true_cols=deciding[tc].astype(np.int32),
            false_rows=fr.astype(np.int32),
            false_cols=deciding[fc].astype(np.int32),
        )

    def mass(self, weights: _Weights) -> float:
        """The prior mass of these rules (as ``RuleCounts.masses`` gives it, in float64)."""
        w, wb, k = weights.w, weights.wb, weights.kinds
        n = len(self.rows)
        st = np.bincount(self.true_rows, weights=wb[self.true_cols], minlength=n)
        sf = np.bincount(self.false_rows, weights=wb[self.false_cols], minlength=n)
        wr = w[self.rows]
        return float(
            k["single"] * wb[self.single].sum()
            + k["and"] * (wr * self.and_ok) @ st
            + k["or"] * (wr * self.or_ok) @ sf
            + k["if"] * (wr * self.cond_ok) @ (st * sf)
        )


@dataclass(frozen=True)
class _Weights:
    """A prior's weights over the grammar's atoms, its productions and its guards."""

    prior: Prior
    w: np.ndarray  # every atom as a condition or first part
    wb: np.ndarray  # as what decides (0 for atoms that do not read the card)
    kinds: dict[str, float]
    guard_w: np.ndarray  # each guard's share of the guarded rules
    whole: float  # the prior mass of the whole grown grammar (what description_bits divides by)

    @classmethod
    @lru_cache(maxsize=256)  # a fit asks about a few hundred priors, each several times
    def of(cls, prior: Prior) -> _Weights:
        g = grammar(DECK)
        costs = g.costs + np.array([prior.family_cost(f) for f in g.families])
        p = np.exp(-prior.beta * costs)
        w = p / p.sum()
        wb = np.where(_reads_card(), w, 0.0)
        guard_p = np.exp(-prior.beta * costs[g.guards])
        guard_w = guard_p / guard_p.sum()
        kinds = prior.kind_weights

        def everything(core: int) -> float:  # no evidence: every rule of the productions allowed
            wc, wbc = w[:core].sum(), wb[:core].sum()
            return (
                kinds["single"] * wb.sum()
                + (kinds["and"] + kinds["or"]) * wc * wbc
                + kinds["if"] * wc * wbc * wbc
            )

        share = prior.guarded
        whole = (1 - share) * everything(g.n_core) + share * float(guard_w.sum()) * wb.sum() * everything(
            g.n_else
        )
        return cls(prior, w, wb, kinds, guard_w, float(whole))


@cache
def _reads_card() -> np.ndarray:
    return np.array(["card" in t for t in grammar(DECK).texts])


@dataclass(frozen=True)
class RuleEvidence:
    """The grown grammar's rules that judge as one rule does on the description length's probe."""

    text: str
    main: _Allowed
    guards: tuple[tuple[int, np.ndarray, _Allowed], ...]  # (guard's index, its then-atoms, its else-rules)

    @classmethod
    def of(cls, text: str) -> RuleEvidence:
        from eleusis_lab.rules import as_rule

        rule = as_rule(text)
        g = grammar(DECK)
        _space, situations = prior_probe(DECK, DEFAULT_PRIOR)  # the probe is the same for every prior
        outs = g.outcomes_many(situations)
        v = np.array([rule.accepts(c, list(line)) for c, line in situations], dtype=bool)
        reads = _reads_card()
        main = RuleCounts(len(g), g.n_core)
        main.add(outs, v)
        guards = []
        for k, atom in enumerate(g.guards):
            on, off = outs[:, atom] == 1, outs[:, atom] == 0
            then = ~((outs[on] != 0) != v[on, None]).any(axis=0) & reads
            if not then.any():
                continue  # no rule opening with this guard agrees
            rest = RuleCounts(len(g), g.n_else)
            rest.add(outs[off], v[off])
            guards.append((k, np.flatnonzero(then), _Allowed.of(rest, reads)))
        return cls(text, _Allowed.of(main, reads), tuple(guards))

    def bits(self, prior: Prior) -> float:
        """What :func:`~eleusis_lab.science.grammar.description_bits` gives this rule under ``prior``."""
        weights = _Weights.of(prior)
        share = prior.guarded
        mass = (1 - share) * self.main.mass(weights)
        for k, then, rest in self.guards:
            mass += share * weights.guard_w[k] * weights.wb[then].sum() * rest.mass(weights)
        return -math.log2(mass / weights.whole) if mass > 0 else math.inf


def total_bits(evidence: Sequence[RuleEvidence], prior: Prior) -> tuple[int, float]:
    """(rules outside the grammar, total bits of the others) under ``prior``: what :func:`fit` lowers,
    first the count (a prior must not buy a lower total by pricing a rule out of the grammar)."""
    bits = [e.bits(prior) for e in evidence]
    return sum(not math.isfinite(b) for b in bits), sum(b for b in bits if math.isfinite(b))


Move = Callable[[Prior, float], Prior | None]
REFERENCE_FAMILY = "card"  # its extra cost stays 0: only the families' differences matter


def _family_move(family: str) -> Move:
    def move(p: Prior, d: float) -> Prior:
        costs = dict(p.family_costs)
        costs[family] = costs.get(family, 0.0) + d
        return replace(p, family_costs=tuple(sorted(costs.items())))

    return move


def _kind_move(field: str) -> Move:
    def move(p: Prior, d: float) -> Prior:
        return replace(p, **{field: getattr(p, field) * math.exp(d)})

    return move


def _beta_move(p: Prior, d: float) -> Prior | None:
    return replace(p, beta=p.beta + d) if p.beta + d > 0.3 else None


def _guarded_move(p: Prior, d: float) -> Prior | None:
    return replace(p, guarded=p.guarded + d) if 0.01 <= p.guarded + d <= 0.6 else None


# (what moves, its first step, the move): family costs and beta add the step, the production weights
# are multiplied by exp(step), the guarded share adds it
MOVES: list[tuple[str, float, Move]] = [
    *((f"family {f}", 0.5, _family_move(f)) for f in FAMILIES if f != REFERENCE_FAMILY),
    *(
        (f"weight of {k}", 0.5, _kind_move(k))
        for k in ("single", "conjunction", "disjunction", "conditional")
    ),
    ("beta", 0.3, _beta_move),
    ("guarded share", 0.05, _guarded_move),
]


def fit(
    evidence: Sequence[RuleEvidence],
    passes: int = 8,
    start: Prior = DEFAULT_PRIOR,
    log: Callable[[str], None] | None = None,
) -> Prior:
    """The prior that spends the fewest bits on ``evidence``'s rules (maximum likelihood), by coordinate
    search from ``start``: each parameter moves a step up or down while that lowers the total, and the
    steps are halved after a pass where none did.  Rules outside the grammar weigh nothing either way."""
    if passes < 1:
        raise ValueError(f"a fit needs at least one pass, not {passes!r}")
    if not evidence:
        raise ValueError("a prior is fitted to at least one rule")
    prior = start
    best = total_bits(evidence, prior)
    steps = [step for _name, step, _move in MOVES]
    for n in range(passes):
        moved = False
        for k, (name, _step, move) in enumerate(MOVES):
            for d in (steps[k], -steps[k]):
                try:
                    trial = move(prior, d)
                except ValueError:  # past what a prior may say (see Prior's limits)
                    trial = None
                if trial is None:
                    continue
                value = total_bits(evidence, trial)
                if value[0] < best[0] or (value[0] == best[0] and value[1] < best[1] - 1e-6):
                    best, prior, moved = value, trial, True
                    if log is not None:
                        log(f"  pass {n + 1}: {name} {d:+.3g} -> {best[1]:.1f} bits")
                    break
        if not moved:
            steps = [s / 2 for s in steps]
    return prior


@dataclass(frozen=True)
class Fold:
    """One held-out fold: the rules fitted on and the rules measured on (never among them)."""

    index: int
    train: tuple[str, ...]
    test: tuple[str, ...]


def folds(keys: Sequence[str], k: int, seed: int) -> list[Fold]:
    """``keys`` shuffled by ``seed`` and dealt into ``k`` test folds of sizes differing by at most one;
    each fold trains on all the other keys.

    >>> fs = folds([f"r{i}" for i in range(7)], 3, seed=1)
    >>> [len(f.test) for f in fs], all(not set(f.test) & set(f.train) for f in fs)
    ([3, 2, 2], True)
    """
    if not 2 <= k <= len(keys):
        raise ValueError(f"k-fold needs 2 <= k <= {len(keys)} (the rules), not {k!r}")
    if len(set(keys)) != len(keys):
        raise ValueError("the rules' keys must be distinct")
    order = list(keys)
    random.Random(seed).shuffle(order)
    tests = [order[j::k] for j in range(k)]
    return [
        Fold(j, tuple(key for key in order if key not in set(test)), tuple(test))
        for j, test in enumerate(tests)
    ]
