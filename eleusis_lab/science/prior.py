"""The scientist's prior over the grammar's rules, as one small value.

A rule's prior probability is a description length: the probability of its production (one atom,
``A and B``, ``A or B``, ``if C then A else B``; the guarded rules' share once they join) times, for
each of its atoms, ``exp(-beta * cost)`` normalised over the atoms.  An atom's cost is the one
:mod:`eleusis_lab.science.atoms` gives it, plus the extra cost its *family* carries here:

- ``card``, ``prev``, ``prev2``: a property of one card (``card is red``, ``prev.rank in 4..9``);
- ``rel1``, ``rel2``, ``relpq``: a comparison of the card with ``prev``, of the card with ``prev2``, of
  ``prev`` with ``prev2`` (``card.suit == prev.suit``, ``card.rank > prev2.rank + 1``);
- ``pos``: the position (``position % 2 == 0``);
- ``table``: a suit or rank looked up by an earlier card (``card.suit == [spades, hearts][prev.rank % 2]``).

The default is the prior the scientist plays with.  Its slopes were set on the library's rules, the
tuning set: each unit of cost makes an atom eight times less plausible, and one atom alone is as
likely as all longer productions together.  A prior learned from the rules people wrote for other
programs did not beat it on the benchmark's rules nor on the library's (``docs/scientist.md``), so it
stays.  Another prior is for measuring a hypothesis about the
rules one meets (:mod:`eleusis_lab.science.prior_fit` fits one to a rule set, for
``benchmarks/bench_prior_fit.py`` and ``bench_prior_people.py``); the extra costs change how plausible
an atom is, never which atoms combine.

>>> Prior().kind_weights["single"]
0.5
>>> Prior(single=1, conjunction=1, disjunction=1, conditional=1).kind_weights["and"]
0.25
>>> Prior.from_dict({"family_costs": {"rel1": -0.5}}).family_cost("rel1")
-0.5
>>> Prior(beta=0)
Traceback (most recent call last):
...
ValueError: a prior's beta must be a positive number up to 20, not 0
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any


def _number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


# Beyond these the weights exp(-beta * cost) of whole families underflow (or every atom's does) and the
# space would hold no rule to weigh: a prior is a hypothesis about rules, not a way to switch them off.
BETA_MAX = 20.0
FAMILY_COST_LIMIT = 10.0
FAMILIES = ("card", "prev", "prev2", "rel1", "rel2", "relpq", "pos", "table")
KINDS = ("single", "and", "or", "if")


@dataclass(frozen=True)
class Prior:
    """How plausible each rule of the grammar is before any verdict (see the module's text)."""

    beta: float = math.log(8.0)  # nats of description length a unit of atom cost adds
    single: float = 0.5  # the four productions' weights (normalised to sum to 1)
    conjunction: float = 0.125
    disjunction: float = 0.125
    conditional: float = 0.25
    guarded: float = 0.15  # share of all prior mass the guarded rules take once they join
    family_costs: tuple[tuple[str, float], ...] = ()  # (family, extra cost) pairs

    def __post_init__(self) -> None:
        if not (_number(self.beta) and 0 < self.beta <= BETA_MAX):
            raise ValueError(
                f"a prior's beta must be a positive number up to {BETA_MAX:g}, not {self.beta!r}"
            )
        kinds = (self.single, self.conjunction, self.disjunction, self.conditional)
        if not all(_number(k) and k > 0 for k in kinds):
            raise ValueError(f"a prior's four production weights must be positive numbers, not {kinds!r}")
        if not (_number(self.guarded) and 0 <= self.guarded < 1):
            raise ValueError(f"a prior's guarded share must lie in [0, 1), not {self.guarded!r}")
        if not isinstance(self.family_costs, tuple):  # a prior is hashable: spaces are cached by it
            raise ValueError(f"family_costs is a tuple of (family, cost) pairs, not {self.family_costs!r}")
        seen = set()
        for pair in self.family_costs:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise ValueError(f"a family cost is a (family, cost) pair, not {pair!r}")
            family, cost = pair
            if family not in FAMILIES:
                raise ValueError(f"no atom family {family!r}: the families are {', '.join(FAMILIES)}")
            if family in seen:
                raise ValueError(f"the family {family!r} is given two costs")
            if not (_number(cost) and abs(cost) <= FAMILY_COST_LIMIT):
                limit = FAMILY_COST_LIMIT
                raise ValueError(
                    f"the family {family!r} needs a cost between -{limit:g} and {limit:g}, not {cost!r}"
                )
            seen.add(family)
        # one order, so that priors saying the same compare (and cache) as one
        object.__setattr__(self, "family_costs", tuple(sorted(self.family_costs)))

    @property
    def kind_weights(self) -> dict[str, float]:
        """The four productions' prior probabilities, by the grammar's names for them."""
        raw = (self.single, self.conjunction, self.disjunction, self.conditional)
        total = float(sum(raw))
        return {k: float(w) / total for k, w in zip(KINDS, raw, strict=True)}

    def family_cost(self, family: str) -> float:
        """The extra cost this prior gives every atom of ``family`` (0 unless it says otherwise)."""
        return float(dict(self.family_costs).get(family, 0.0))

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["family_costs"] = dict(self.family_costs)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Prior:
        """A prior from a mapping of its fields (``family_costs`` a mapping too); unknown keys refused."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a prior is a mapping of its fields, not {type(data).__name__}")
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ValueError(
                f"unknown prior field(s) {', '.join(unknown)}: the fields are {', '.join(sorted(names))}"
            )
        values = dict(data)
        costs = values.get("family_costs", {})
        if not isinstance(costs, Mapping):
            raise ValueError('family_costs maps a family to its extra cost, e.g. {"rel1": -0.5}')
        values["family_costs"] = tuple(sorted(costs.items()))
        return cls(**values)

    @classmethod
    def from_json(cls, text: str) -> Prior:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"a prior file must be JSON: {e}") from None
        return cls.from_dict(data)


DEFAULT_PRIOR = Prior()
