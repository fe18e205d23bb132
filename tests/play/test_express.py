"""Eleusis Express: deal, starter, penalties, guesses and overrules, no-play, stock, every option."""

from __future__ import annotations

import pytest
from _play_helpers import cards, stacked

from eleusis_lab.cards import Card
from eleusis_lab.play import BadGuess, GameError, IllegalAction, RoundOver, load_round, new_round
from eleusis_lab.play import events as ev
from eleusis_lab.scoring import express

RED = "card is red"


def two(hands=("", ""), stock="", **options):
    """Ana and Ben, rule 'card is red', with a stacked deck; returns (round, first player, other)."""
    size = options.get("hand_size", 12)
    order = stacked("express", list(hands), stock=stock, hand_size=size)
    r = new_round("express", ["Ana", "Ben"], RED, seed=3, deck_order=order, **options)
    first = r.current_player
    return r, first, "Ben" if first == "Ana" else "Ana"


def test_deal_and_starter():
    r, _, _ = two(stock="2S 3C 4H 5H")
    assert len(r.hand("Ana")) == len(r.hand("Ben")) == 12
    assert r.mainline == cards("4H")
    start = r.events[1]
    assert isinstance(start, ev.StarterTurned) and start.rejected == tuple(cards("2S 3C"))
    assert r.stock_size == 104 - 24 - 1
    starters = [o for o in r.evidence() if o.kind == "starter"]
    assert [o.cards[0] for o in starters] == cards("2S 3C") and not any(o.accepted for o in starters)
    ten = new_round("express", ["Ana", "Ben", "Cy"], RED, seed=1, hand_size=10)
    assert [len(ten.hand(p)) for p in ten.players] == [10, 10, 10]
    with pytest.raises(GameError, match="12 cards, or 10"):
        new_round("express", ["Ana"], RED, hand_size=11)


def test_no_legal_starter_is_refused():
    with pytest.raises(GameError, match="No card of the stock can start"):
        new_round("express", ["Ana"], "card.rank == 99 and card is red", seed=1)


def test_right_and_wrong_plays():
    r, a, b = two(hands=("2H 3S", "4D 5C"), stock="AH 9S 10S")
    assert r.mainline == cards("AH")
    first_hand = cards("2H 3S") if a == "Ana" else cards("4D 5C")
    red = next(c for c in first_hand if c.is_red)
    v = r.play(a, red)
    assert v.accepted and v.penalty == 0 and r.mainline[-1] == red and not v.ends_round
    assert r.current_player == b
    other_black = next(c for c in r.hand(b) if c.is_black)
    stock = r.stock_size
    v = r.play(b, other_black)
    assert not v.accepted and v.penalty == 1 and f"{b} draws 1 card" in v.message
    assert r.stock_size == stock - 1 and len(r.hand(b)) == 12
    assert r.sidelines[-1][0].cards == (other_black,) and r.sidelines[-1][0].player == b
    assert not r.sidelines[-1][0].returned


def test_emptying_the_hand_ends_the_round_with_bonus():
    r = new_round("express", ["Ana", "Ben"], "card is red or card is black", seed=2)
    while not r.is_over:
        p = r.current_player
        r.play(p, r.hand(p)[0])
    assert r.end.reason == "out" and r.hand(r.end.player) == []
    s = r.scores()
    winner = r.players.index(r.end.player)
    assert s.players[winner] == 12 + 3 and s.dealer == max(s.players)


def test_guess_only_after_a_right_play_and_judged_by_same_rule():
    r = new_round("express", ["Ana", "Ben"], RED, seed=5, wrong_guess_penalty=1, counterexample=True)
    a = r.current_player
    black = next(c for c in r.hand(a) if c.is_black)
    r.play(a, black)
    with pytest.raises(IllegalAction, match="only right after a right play"):
        r.guess(a, RED)
    b = r.current_player
    red = next(c for c in r.hand(b) if c.is_red)
    r.play(b, red)
    before = r.to_json()
    with pytest.raises(BadGuess, match="does not read as a rule") as err:
        r.guess(b, "card.colour == red")
    assert err.value.rule_error is not None and r.to_json() == before
    hand = len(r.hand(b))
    wrong = r.guess(b, "card is black")
    assert wrong.correct is False and wrong.counterexample is not None and wrong.penalty == 1
    assert len(r.hand(b)) == hand + 1 and not r.is_over
    with pytest.raises(IllegalAction):
        r.guess(b, RED)  # one guess per right play
    c = r.current_player
    red = next(x for x in r.hand(c) if x.is_red)
    r.play(c, red)
    right = r.guess(c, "card.color == red")  # same rule, other words
    assert right.correct and right.ends_round and r.is_over and r.end.reason == "guessed"
    s = r.scores()
    assert s.players[r.players.index(c)] == 12 - len(r.hand(c)) + 6


def test_overrule_both_ways_and_undo():
    r = new_round("express", ["Ana", "Ben"], RED, seed=5, wrong_guess_penalty=1)
    a = r.current_player
    r.play(a, next(c for c in r.hand(a) if c.is_red))
    hand, stock = r.hand(a), r.stock_size
    g = r.guess(a, "card is black")
    assert not g.correct and len(r.hand(a)) == len(hand) + 1
    o = r.overrule_guess(True)
    assert o.overruled and o.correct and r.is_over and r.guessed_by == a
    assert r.hand(a) == hand and r.stock_size == stock  # the penalty card went back
    with pytest.raises(IllegalAction, match="already ruled"):
        r.overrule_guess(False)
    r.undo()
    assert not r.is_over and len(r.hand(a)) == len(hand) + 1
    r.undo()
    g = r.guess(a, RED)
    assert g.correct and r.is_over
    o = r.overrule_guess(False)
    assert o.overruled and not r.is_over and r.guessed_by is None and o.penalty == 1
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_guess_in_words_waits_for_the_dealer():
    r = new_round("express", ["Ana", "Ben"], RED, seed=5, dealer="Dee")
    a = r.current_player
    r.play(a, next(c for c in r.hand(a) if c.is_red))
    g = r.guess(a, words="red cards only")
    assert g.correct is None and not r.is_over
    b = r.current_player
    before = r.to_json()
    with pytest.raises(IllegalAction, match="must first judge"):
        r.play(b, r.hand(b)[0])
    assert r.to_json() == before
    r.overrule_guess(True)
    assert r.is_over and r.end.reason == "guessed" and r.end.player == a
    computer = new_round("express", ["Ana", "Ben"], RED, seed=5)
    a = computer.current_player
    computer.play(a, next(c for c in computer.hand(a) if c.is_red))
    with pytest.raises(IllegalAction, match="computer dealer"):
        computer.guess(a, words="red cards only")


def test_correct_no_play_gives_a_smaller_hand_and_evidence():
    blacks = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"
    r, a, _ = two(hands=(blacks, blacks.replace("S", "C")))
    hand = r.hand(a)
    v = r.no_play(a)
    assert v.accepted and v.kind == "no-play" and v.penalty == 0 and "new hand of 11" in v.message
    assert len(r.hand(a)) == 11 and r.hand(a) != hand
    obs = [o for o in r.evidence() if o.kind == "no-play"]
    assert [o.cards[0] for o in obs] == hand and not any(o.accepted for o in obs)
    g = r.guess(a, RED)  # a right no-play allows a guess
    assert g.correct


def test_no_play_with_one_card_ends_the_round():
    r = new_round("express", ["Ana"], "card.suit == hearts or position == 1", seed=3)
    # Play hearts while any; when the hand has one non-heart left, a right no-play ends the round.
    while not r.is_over:
        hand = r.hand("Ana")
        hearts = [c for c in hand if r.accepts(c, "Ana")]
        if hearts:
            r.play("Ana", hearts[0])
        elif len(hand) > 1:
            r.no_play("Ana")
        else:
            v = r.no_play("Ana")
            assert v.ends_round and "round is over" in v.message
    assert r.end.reason == "no-play" and r.end.player == "Ana"
    assert r.hand("Ana") == [] and r.scores().players == [12 + 3]


def test_wrong_no_play_dealer_plays_a_card():
    r, a, _ = two(hands=("2H 3S", "4H 5S"))
    v = r.no_play(a, dealer_card=next(c for c in r.hand(a) if c.is_red))
    assert not v.accepted and v.dealer_card.is_red and v.penalty == 1 and r.mainline[-1] == v.dealer_card
    r.undo()
    with pytest.raises(IllegalAction, match="must play a card that fits"):
        r.no_play(a, dealer_card=next(c for c in r.hand(a) if c.is_black))


def test_stock_runs_out_and_refresh_option():
    players = [f"P{i}" for i in range(8)]

    def run(**options):
        r = new_round("express", players, RED, seed=4, **options)
        while not r.is_over:
            p = r.current_player
            hand = r.hand(p)
            r.play(p, next((c for c in hand if c.is_black), hand[0]))
        return r

    plain = run()
    assert plain.end.reason == "stock" and plain.stock_size == 0
    refreshed = run(stock_refresh=True)
    assert any(isinstance(e, ev.StockRefreshed) for e in refreshed.events)
    assert len(refreshed.events) > len(plain.events)
    assert any(c.copy == 2 for c in refreshed.mainline + refreshed.all_cards()["hands"])
    assert load_round(refreshed.to_json()).to_json() == refreshed.to_json()


def test_buying_hints():
    r = new_round("express", ["Ana", "Ben"], RED, seed=6)
    a = r.current_player
    with pytest.raises(IllegalAction, match="buy_hints"):
        r.buy_hint(a)
    r = new_round("express", ["Ana", "Ben"], RED, seed=6, buy_hints=True)
    a = r.current_player
    hand = len(r.hand(a))
    text = r.buy_hint(a)
    assert "could be played" in text and len(r.hand(a)) == hand + 1 and r.hints == [text]
    with pytest.raises(IllegalAction, match="already bought"):
        r.buy_hint(a)
    human = new_round("express", ["Ana", "Ben"], RED, seed=6, buy_hints=True, dealer="Dee")
    a = human.current_player
    with pytest.raises(IllegalAction, match="type the hint"):
        human.buy_hint(a)
    human.buy_hint(a, "Colours matter.")
    assert human.hints == ["Colours matter."]
    assert load_round(human.to_json()).to_json() == human.to_json()


def test_dealer_choice_next_dealer():
    r = new_round("express", ["Ana", "Ben", "Cy"], RED, seed=5, dealer_choice=True)
    assert r.next_dealer is None
    a = r.current_player
    r.play(a, next(c for c in r.hand(a) if c.is_red))
    r.guess(a, RED)
    assert r.next_dealer == a
    plain = new_round("express", ["Ana", "Ben", "Cy"], RED, seed=5)
    a = plain.current_player
    plain.play(a, next(c for c in plain.hand(a) if c.is_red))
    plain.guess(a, RED)
    assert plain.next_dealer is None


def test_physical_round_and_rules_md_example():
    r = new_round("express", ["Ana", "Ben", "Cy"], RED, seed=1, physical=True, dealer="Dee")
    with pytest.raises(IllegalAction, match="does not see"):
        r.hand("Ana")
    with pytest.raises(IllegalAction, match="starter"):
        r.play(r.current_player, "7H")
    with pytest.raises(IllegalAction, match="cannot start the line"):
        r.place_starter("7S")
    r.place_starter("7H")
    p = r.current_player
    v = r.play(p, "7H")  # the second 7♥ of the double deck
    assert v.accepted and r.mainline[-1] == Card.parse("7H").with_copy(1)
    q = r.current_player
    with pytest.raises(GameError, match="only 2 times"):
        r.play(q, "7H")
    v = r.play(q, "8S")
    assert not v.accepted and v.penalty == 1  # to draw from the real stock
    n = r.current_player
    v = r.no_play(n, hand=["2S", "3C"])
    assert v.accepted and "new hand of 1" in v.message
    g = r.guess(n, RED)
    assert g.correct and r.is_over
    with pytest.raises(IllegalAction, match="finish"):
        r.scores()
    order = r.players
    counts = dict(zip(order, [3, 0, 5], strict=True))
    counts[n] = [3, 0, 5][order.index(n)]
    s = r.finish(counts)
    assert s == express([counts[p] for p in order], guessed_by=order.index(n))
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_worked_example_scores():
    # RULES.md / scoring: cards left 3, 0, 5 and the third player guessed -> 9, 15, 13; dealer 15.
    r = new_round("express", ["Ana", "Ben", "Cy"], RED, seed=1, physical=True, starter="7H")
    while r.current_player != "Cy":
        r.play(r.current_player, "2S")  # wrong plays until Cy's turn
    r.play("Cy", "9D")
    r.guess("Cy", "card.color == red")
    s = r.finish([3, 0, 5])
    assert (s.players, s.dealer) == ([9, 15, 13], 15)
    assert s.by_name()["Cy"] == 13


def test_round_over_refuses_play():
    r = new_round("express", ["Ana"], "card is red or card is black", seed=1)
    while not r.is_over:
        r.play("Ana", r.hand("Ana")[0])
    with pytest.raises(RoundOver, match="The round is over"):
        r.no_play("Ana")
