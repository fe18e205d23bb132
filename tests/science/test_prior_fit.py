"""Fitting the prior to rules (science/prior_fit.py): exact description lengths, a fit that learns what
its training rules share, and held-out folds that never train on what they measure."""

from __future__ import annotations

import math

import pytest

from eleusis_lab.science.grammar import description_bits
from eleusis_lab.science.people import named_rules, overlapping
from eleusis_lab.science.prior import DEFAULT_PRIOR, Prior
from eleusis_lab.science.prior_fit import RuleEvidence, fit, folds, total_bits
from eleusis_lab.science.random_rules import NamedRule

# comparisons of the card with the card two back: the family "rel2"
TWO_BACK = [
    "card.suit == prev2.suit",
    "card.color != prev2.color",
    "card.rank > prev2.rank",
    "(card is even) == (prev2 is even)",
]


@pytest.mark.parametrize(
    "prior",
    [DEFAULT_PRIOR, Prior(beta=3.0, single=0.3, guarded=0.3, family_costs=(("pos", 1.0), ("rel2", -1.0)))],
)
def test_the_fast_description_length_is_the_grammar_s_own(prior: Prior) -> None:
    for text in ["card is red", "if prev is face then card.suit == prev.suit else card.rank > prev.rank"]:
        exact = description_bits(text, prior=prior)
        assert RuleEvidence.of(text).bits(prior) == pytest.approx(exact, abs=1e-3)
    assert RuleEvidence.of("card.rank >= position - 1").bits(prior) == math.inf  # outside the grammar


def test_a_fit_favours_what_its_training_rules_share() -> None:
    evidence = [RuleEvidence.of(t) for t in TWO_BACK]
    fitted = fit(evidence, passes=2)
    # the rules are cheaper than under the start, and cheaper mostly by their own family
    assert total_bits(evidence, fitted)[1] < total_bits(evidence, DEFAULT_PRIOR)[1] - 4
    costs = {f: fitted.family_cost(f) for f in ("prev", "rel1", "rel2", "relpq", "pos", "table")}
    assert costs["rel2"] < 0 and costs["rel2"] == min(costs.values())
    # and a rule of that family it never saw is cheaper too, one of another family dearer
    assert RuleEvidence.of("card.rank < prev2.rank").bits(fitted) < description_bits("card.rank < prev2.rank")
    assert RuleEvidence.of("card.suit == prev.suit").bits(fitted) > description_bits("card.suit == prev.suit")


def test_a_fit_refuses_nothing_to_fit() -> None:
    with pytest.raises(ValueError, match="at least one rule"):
        fit([])
    with pytest.raises(ValueError, match="at least one pass"):
        fit([RuleEvidence.of("card is red")], passes=0)


def test_folds_deal_every_rule_into_one_test_fold_and_never_train_on_it() -> None:
    keys = [r.key for r in named_rules()]
    fs = folds(keys, 5, seed=34)
    assert sorted(k for f in fs for k in f.test) == sorted(keys)
    for f in fs:
        assert not set(f.test) & set(f.train)
        assert sorted([*f.train, *f.test]) == sorted(keys)
    assert max(len(f.test) for f in fs) - min(len(f.test) for f in fs) <= 1
    assert folds(keys, 5, seed=34) == fs and folds(keys, 5, seed=35) != fs
    with pytest.raises(ValueError, match="k-fold needs"):
        folds(keys, 1, seed=0)
    with pytest.raises(ValueError, match="distinct"):
        folds(["a", "a", "b"], 2, seed=0)


def test_rules_the_benchmark_shares_with_people_are_found() -> None:
    people = [
        NamedRule("p1", "if prev is black then card is red else card is black"),
        NamedRule("p2", "card.rank > prev2.rank"),
    ]
    others = [NamedRule("colours-alternate", "card.color != prev.color"), NamedRule("red", "card is red")]
    assert overlapping(people, others) == {"p1": "colours-alternate"}
