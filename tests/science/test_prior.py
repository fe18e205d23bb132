"""The scientist's prior as a value: its checks, and what another prior changes in the grammar space."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from eleusis_lab.science.benchmark import benchmark_round
from eleusis_lab.science.grammar import OUTSIDE_SHARE, GrammarSpace, description_bits, grammar
from eleusis_lab.science.prior import DEFAULT_PRIOR, FAMILIES, Prior
from eleusis_lab.science.scientist import ScientistPlayer


def test_the_default_is_the_prior_the_scientist_was_tuned_with() -> None:
    assert DEFAULT_PRIOR.beta == pytest.approx(math.log(8))
    assert DEFAULT_PRIOR.kind_weights == {"single": 0.5, "and": 0.125, "or": 0.125, "if": 0.25}
    assert DEFAULT_PRIOR.guarded == 0.15 and DEFAULT_PRIOR.family_costs == ()
    assert ScientistPlayer().prior is DEFAULT_PRIOR


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"beta": 0}, "beta"),
        ({"beta": float("nan")}, "beta"),
        ({"beta": True}, "beta"),
        ({"beta": 1e300}, "up to 20"),
        ({"single": -1}, "production weights"),
        ({"conditional": 0}, "production weights"),
        ({"guarded": 1.0}, "guarded share"),
        ({"family_costs": (("colour", 1.0),)}, "no atom family 'colour'"),
        ({"family_costs": (("rel1", 1.0), ("rel1", 2.0))}, "two costs"),
        ({"family_costs": (("rel1", float("inf")),)}, "between -10 and 10"),
        ({"family_costs": (("rel1", 1e6),)}, "between -10 and 10"),
        ({"family_costs": ("rel1",)}, "pair"),
        ({"family_costs": [("rel1", 1.0)]}, "tuple of"),
    ],
)
def test_a_bad_prior_is_refused_with_a_clear_error(fields: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Prior(**fields)


def test_a_prior_reads_back_from_its_own_json_and_refuses_a_damaged_one() -> None:
    prior = Prior(beta=2.5, single=0.8, guarded=0.2, family_costs=(("pos", 0.5), ("rel1", -0.5)))
    assert Prior.from_json(json.dumps(prior.to_dict())) == prior
    assert prior == Prior(beta=2.5, single=0.8, guarded=0.2, family_costs=(("rel1", -0.5), ("pos", 0.5)))
    with pytest.raises(ValueError, match="must be JSON"):
        Prior.from_json("{beta: 2")
    with pytest.raises(ValueError, match="unknown prior field"):
        Prior.from_dict({"slope": 2})
    with pytest.raises(ValueError, match="mapping"):
        Prior.from_json("[1, 2]")
    with pytest.raises(ValueError, match="family_costs maps"):
        Prior.from_dict({"family_costs": [["rel1", 1]]})


def test_every_atom_has_a_family_the_prior_can_price() -> None:
    for deck in ("standard", "letters"):
        families = set(grammar(deck).families)
        assert families <= set(FAMILIES)
        assert {"card", "prev", "rel1", "pos"} <= families


def test_a_dearer_family_makes_its_rules_dearer_and_the_others_cheaper() -> None:
    relation, prop = "card.suit == prev.suit", "card is red"
    dear = Prior(family_costs=(("rel1", 1.0),))
    before = description_bits(relation), description_bits(prop)
    after = description_bits(relation, prior=dear), description_bits(prop, prior=dear)
    assert after[0] > before[0] + 1.0  # a unit of cost is beta / ln 2 = 3 bits before renormalising
    assert after[1] < before[1]
    # the weights of the productions move the rules of that production
    no_ors = Prior(disjunction=0.01)
    either = "card.suit == prev.suit or card.rank == prev.rank"
    assert description_bits(either, prior=no_ors) > description_bits(either) + 2  # equal "if" forms stay


def test_the_catch_all_keeps_its_share_under_another_prior() -> None:
    prior = Prior(beta=2.6, guarded=0.3, family_costs=(("table", -1.0),))
    grown = GrammarSpace(prior=prior)
    grown.grow()
    assert 1 - grown.inside() == pytest.approx(OUTSIDE_SHARE, rel=1e-9)


def test_posterior_masses_follow_the_prior_exactly() -> None:
    # before any verdict, a single atom's share of the listed mass is its production's weight times its
    # own normalised weight: check one atom under two priors
    base, other = GrammarSpace(grow=False), GrammarSpace(grow=False, prior=Prior(single=3.0, beta=3.0))
    g = base.grammar
    i = g.texts.index("card is red")
    for space, prior in ((base, DEFAULT_PRIOR), (other, other.prior)):
        p = np.exp(-prior.beta * g.costs)
        share = prior.kind_weights["single"] * p[i] / p.sum()
        assert float(space.wb[i]) * space._kinds["single"] == pytest.approx(share, rel=1e-5)


def test_the_scientist_plays_with_the_prior_it_is_given() -> None:
    with pytest.raises(ValueError, match="a Prior"):
        ScientistPlayer(prior={"beta": 2})  # type: ignore[arg-type]
    prior = Prior(family_costs=(("rel1", -0.5),))
    player = ScientistPlayer(prior=prior)
    result = benchmark_round("card.color != prev.color", player, 0, max_turns=12)
    assert player._space is not None and player._space.prior is prior
    assert result.turns <= 12


def test_description_bits_weigh_every_guard_even_where_a_round_would_skip_it() -> None:
    # position guards made this dear carry under GUARD_FLOOR of the mass: a turn's products skip them
    # (taken to agree as the rest do), and a rule they open read as outside the grammar
    prior = Prior(conditional=0.01, guarded=0.35, family_costs=(("pos", 3.0),))
    text = "if position % 3 == 0 then card.suit == prev.suit else card is not number or card is odd"
    assert description_bits(text) < description_bits(text, prior=prior) < float("inf")
