"""Gardner's Eleusis: the deal, the two halves, wrong cards, retries, the end, scores, physical play."""

from __future__ import annotations

import random

import pytest
from _play_helpers import cards, play_out, stacked

from eleusis_lab.cards import Card
from eleusis_lab.play import (
    CardNotInHand,
    GardnerRound,
    IllegalAction,
    NotYourTurn,
    RoundOver,
    load_round,
    new_round,
)
from eleusis_lab.play import events as ev
from eleusis_lab.scoring import gardner_dealer, gardner_players

RED = "card is red"


def test_deal_equal_hands_rest_set_aside():
    r = new_round("gardner", ["Ana", "Ben", "Cy", "Dee"], RED, seed=2)
    assert isinstance(r, GardnerRound) and r.phase == "first-half"
    assert [len(r.hand(p)) for p in r.players] == [12, 12, 12, 12]
    assert len(r.all_cards()["set_aside"]) == 3 and len(r.mainline) == 1 and r.stock_size == 0
    assert r.current_player == "Ana"  # turn order goes left from the dealer
    three = new_round("gardner", ["Ana", "Ben", "Cy"], RED, seed=2)
    assert [len(three.hand(p)) for p in three.players] == [17, 17, 17]
    assert three.all_cards()["set_aside"] == []


def test_first_half_wrong_cards_and_dealer_score():
    order = stacked("gardner", ["2H 3S", "4S 5D"], starter="AH")
    r = new_round("gardner", ["Ana", "Ben"], RED, deck_order=order)
    assert r.mainline == cards("AH")
    v = r.play("Ana", "3S")
    assert not v.accepted and v.penalty == 0 and "stays before Ana" in v.message
    [w] = r.wrong_cards("Ana")
    assert (w.card, w.player, w.mainline_index) == (Card.parse("3S"), "Ana", 0)
    assert r.sidelines[0][0].returned and Card.parse("3S") not in r.hand("Ana")
    with pytest.raises(NotYourTurn, match="It is Ben's turn"):
        r.play("Ana", "2H")
    r.play("Ben", "5D")
    # Play out the first half: every dealt card exactly once.
    rng = random.Random(1)
    while r.phase == "first-half":
        p = r.current_player
        r.play(p, rng.choice(r.hand(p)))
    half = next(e for e in r.events if isinstance(e, ev.HalfEnded))
    assert half.wrong_cards == tuple(len(r.wrong_cards(p)) for p in r.players) or r.is_over
    assert r.dealer_score == gardner_dealer(half.wrong_cards)
    # Second half: the hands are the wrong cards; 'card is red' leaves only black ones: nobody can play.
    assert r.is_over and r.end.reason == "blocked"
    assert all(c.is_black for p in r.players for c in r.hand(p))
    s = r.scores()
    assert s.players == gardner_players([len(r.hand(p)) for p in r.players])
    assert s.dealer == gardner_dealer(half.wrong_cards)


def test_second_half_retries_in_the_same_turn():
    # Crazy Eights: wrong cards of several suits make retries happen.
    rule = "card.suit == prev.suit or card.rank == prev.rank"
    for seed in range(30):  # the first seed whose first half leaves a playable second half
        r = new_round("gardner", ["Ana", "Ben", "Cy"], rule, seed=seed)
        rng = random.Random(seed)
        while r.phase == "first-half":
            p = r.current_player
            r.play(p, rng.choice(r.hand(p)))
        if r.phase == "second-half":
            break
    assert r.phase == "second-half"
    seen_retry = False
    while not r.is_over:
        p = r.current_player
        options = r.can_try(p)
        card = options[0]
        v = r.play(p, card)
        if v.turn_continues:
            seen_retry = True
            assert r.current_player == p and card in r.tried
            before = r.to_json()
            with pytest.raises(IllegalAction, match="already tried"):
                r.play(p, card)
            assert r.to_json() == before
    assert seen_retry
    assert r.end.reason in ("out", "blocked")
    if r.end.reason == "out":
        assert r.hand(r.end.player) == []
    else:
        assert not any(r.accepts(c, p) for p in r.players for c in r.hand(p))


def test_player_with_no_wrong_cards_goes_out_at_half_time():
    r = new_round("gardner", ["Ana", "Ben"], "card is red or card is black", seed=1)
    play_out(r)
    assert r.end.reason == "out" and r.dealer_score == 0  # nobody had a wrong card
    s = r.scores()
    assert s.players == [6 / 2 + 0, 6 / 2 + 0] or s.players == gardner_players([0, 0])


def test_player_dependent_rule_is_announced_and_judged_per_player():
    r = new_round("gardner", ["Ana", "Bert"], "gardner-6", seed=3)
    assert r.announcement and "who plays" in r.announcement
    top = r.mainline[-1]
    same = next(c for c in r.hand("Ana") + r.hand("Bert") if c.color == top.color)
    # 'Ana' has an odd number of letters: the other colour; 'Bert' is even: the same colour.
    assert r.accepts(same, "Bert") and not r.accepts(same, "Ana")


def test_physical_round_with_rules_md_examples():
    r = new_round("gardner", ["Ana", "Ben", "Cy"], RED, physical=True, dealer="Dee", seed=1)
    with pytest.raises(IllegalAction, match="does not see"):
        r.hand("Ana")
    r.place_starter("AH")
    with pytest.raises(IllegalAction, match="already on the table"):
        r.place_starter("2H")
    blacks = iter(Card.parse(f"{rank}{suit}") for suit in "SC" for rank in range(2, 11))
    wrong = {"Ana": 10, "Ben": 5, "Cy": 3}
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    reds = iter(Card.parse(f"{k}{s}") for s in "HD" for k in ranks)
    while any(wrong.values()):
        p = r.current_player
        if wrong[p]:
            r.play(p, next(blacks))
            wrong[p] -= 1
        else:
            r.play(p, next(reds))
    with pytest.raises(CardNotInHand, match="already on the table"):
        r.play(r.current_player, "AH")
    r.end_half()
    assert r.dealer_score == 9  # RULES.md: 10, 5, 3 wrong cards -> 15 - 2 x 3 = 9
    assert len(r.hand("Ana")) == 10  # the wrong cards are known, so the second half is tracked
    assert r.is_over and r.end.reason == "blocked"  # only black wrong cards: nobody can play
    assert r.scores().dealer == 9
    with pytest.raises(RoundOver):
        r.finish([1, 2, 3])
    assert load_round(r.to_json()).to_json() == r.to_json()

    four = new_round("gardner", ["A", "B", "C", "D"], RED, physical=True, starter="AH")
    s = four.finish([2, 3, 10, 0])
    assert s.players == [7, 3, 0, 21]  # RULES.md worked example


def test_scores_before_the_end_are_provisional():
    r = new_round("gardner", ["Ana", "Ben"], RED, seed=5)
    s = r.scores()
    assert s.players == gardner_players([25, 25]) and s.dealer == 0
