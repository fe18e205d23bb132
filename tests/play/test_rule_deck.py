"""One answer to "which deck does the rule read": the round's, the variant's before a deal, and every
reader of it (the narrowing, the scientist's space, the computer players) agree."""

from __future__ import annotations

from eleusis_lab.play import find_variant, new_round
from eleusis_lab.rules import as_rule
from eleusis_lab.science.narrowing import Narrowing
from eleusis_lab.science.scientist import ScientistPlayer


def test_a_solo_round_of_a_letter_rule_narrows_over_letter_rules() -> None:
    r = new_round("solo", ["Ana"], "letters-cycle", seed=1)
    assert r.rule_deck() == "letters"
    n = Narrowing.from_round(r)
    assert n.deck == "letters"
    r.play("Ana", r.hand("Ana")[0])
    assert Narrowing.from_round(r).deck == "letters"
    assert ScientistPlayer().space(r, "Ana").deck == "letters"


def test_the_class_level_answer_is_the_rounds() -> None:
    for key, rule in [("express", "express-1"), ("letters", "letters-cycle"), ("gardner", "gardner-1")]:
        r = new_round(key, ["Ana", "Ben"], rule, seed=1)
        assert find_variant(key).rule_deck_for() == r.rule_deck()
    solo = find_variant("solo")
    assert solo.rule_deck_for(as_rule("letters-cycle")) == "letters"
    assert solo.rule_deck_for(as_rule("express-1")) == solo.rule_deck_for() == "standard"
