"""The letter-deck game ("Guess the rule!"): deal, no-penalty rejection, the end, scores."""

from __future__ import annotations

import pytest
from _play_helpers import play_out, stacked

from eleusis_lab.cards import Card
from eleusis_lab.play import CardNotInHand, LettersRound, load_round, new_round
from eleusis_lab.scoring import letters

CYCLE = "letters-cycle"


def test_deal_last_card_is_the_starter():
    order = stacked("letters", ["", "", ""], starter="blank")
    r = new_round("letters", ["Ana", "Ben", "Cy"], CYCLE, deck_order=order)
    assert isinstance(r, LettersRound)
    assert r.mainline == [Card.parse("blank")] and r.events[0].deck[-1] == Card.parse("blank")
    assert [len(r.hand(p)) for p in r.players] == [20, 20, 20]
    seven = new_round("letters", [f"R{i}" for i in range(7)], CYCLE, seed=1)
    assert {len(seven.hand(p)) for p in seven.players} == {8} and len(seven.all_cards()["set_aside"]) == 4


def test_rejection_costs_nothing_and_the_card_comes_back():
    order = stacked(
        "letters", ["A red circle red, C red circle red", "B red circle red"], starter="A blue square black"
    )
    r = new_round("letters", ["Ana", "Ben"], CYCLE, deck_order=order)
    assert r.current_player == "Ana"
    v = r.play("Ana", "C red circle red")
    assert not v.accepted and v.penalty == 0 and "takes it back" in v.message
    assert Card.parse("C red circle red") in r.hand("Ana") and len(r.hand("Ana")) == 30
    assert r.sidelines[0][0].returned and r.sidelines[0][0].cards == (Card.parse("C red circle red"),)
    v = r.play("Ben", "B red circle red")
    assert v.accepted and r.top == Card.parse("B red circle red")
    with pytest.raises(CardNotInHand, match="Ana has no B red circle red"):
        r.play("Ana", "B red circle red")
    v = r.play("Ana", "Б red circle red".replace("Б", "C"))
    assert v.accepted


def test_round_ends_by_emptying_a_hand_or_deadlock():
    r = new_round("letters", ["Ana", "Ben", "Cy"], CYCLE, seed=2)
    play_out(r, seed=2)
    assert r.end.reason in ("out", "blocked")
    if r.end.reason == "out":
        assert r.hand(r.end.player) == []
    s = r.scores()
    assert s == letters([len(r.hand(p)) for p in r.players])
    # A rule that only ever accepts the blank (already the starter): nobody can play at all.
    stuck = new_round(
        "letters", ["Ana", "Ben"], "card is blank", deck_order=stacked("letters", ["", ""], starter="blank")
    )
    assert stuck.is_over and stuck.end.reason == "blocked" and stuck.current_player is None


def test_scores_rules_md_example_physical():
    r = new_round("letters", ["Ana", "Ben", "Cy"], CYCLE, physical=True, starter="A red circle red")
    v = r.play("Ana", "B blue square black")
    assert v.accepted
    with pytest.raises(CardNotInHand, match="only once"):
        r.play("Ben", "B blue square black")
    s = r.finish({"Ana": 5, "Ben": 2, "Cy": 0})
    assert (s.players, s.dealer) == ([-13, -1, 7], 20)
    assert load_round(r.to_json()).to_json() == r.to_json()
