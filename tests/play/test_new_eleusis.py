"""New Eleusis: strings, penalties, no-play, the prophet, markers, sudden death, expulsion, scores."""

from __future__ import annotations

import pytest
from _play_helpers import stacked

from eleusis_lab.play import CardNotInHand, IllegalAction, NewEleusisRound, load_round, new_round
from eleusis_lab.play import events as ev
from eleusis_lab.scoring import new_eleusis

RED = "card is red"
FOUR = ["Ana", "Ben", "Cy", "Dee"]


def reds(r, p, k=4):
    return [c for c in r.hand(p) if c.is_red][:k]


def blacks(r, p, k=1):
    return [c for c in r.hand(p) if c.is_black][:k]


def right_turn(r, k=1, **kw):
    """The player to move plays up to k red cards (or one black if they hold no red)."""
    p = r.current_player
    string = reds(r, p, k) or blacks(r, p, 1)
    return p, r.play(p, string, **kw)


def test_deal():
    r = new_round("new-eleusis", FOUR, RED, seed=1)
    assert isinstance(r, NewEleusisRound)
    assert all(len(r.hand(p)) == 14 for p in FOUR)
    assert r.stock_size == 104 - 56 - 1 and len(r.mainline) == 1 and r.cards_played == 0


def test_strings_judged_as_a_whole():
    r = new_round("new-eleusis", FOUR, RED, seed=1)
    p = r.current_player
    three = reds(r, p, 3)
    assert len(three) == 3
    v = r.play(p, three)
    assert v.accepted and r.mainline[-3:] == three and r.cards_played == 3
    q = r.current_player
    mixed = reds(r, q, 2) + blacks(r, q, 1)
    hand, top = len(r.hand(q)), len(r.mainline) - 1
    v = r.play(q, mixed)
    assert not v.accepted and v.penalty == 6 and len(r.hand(q)) == hand - 3 + 6
    [side] = r.sidelines[top]
    assert side.cards == tuple(mixed) and side.player == q and not side.returned
    [o] = [o for o in r.evidence() if o.event_index == side.event_index]
    assert o.cards == tuple(mixed) and not o.accepted
    z = r.current_player
    with pytest.raises(IllegalAction, match="1 to 4 cards"):
        r.play(z, r.hand(z)[:5])


def test_no_play_both_ways():
    ben = "2H 4D 5D 6D 7D 8D 9D 10D JD QD KD 2C 3C 4C"
    order = stacked("new-eleusis", ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AC", ben], stock="3H")
    r = new_round("new-eleusis", ["Ana", "Ben"], RED, deck_order=order, seed=2)
    if r.current_player != "Ana":
        r.play("Ben", "2H")
    stock = r.stock_size
    v = r.no_play("Ana")
    assert v.accepted and len(r.hand("Ana")) == 10 and "new hand of 10" in v.message
    assert r.all_cards()["discards"] == [] and r.stock_size == stock + 14 - 10  # the old hand went back
    b = r.current_player
    assert b == "Ben"
    hand = len(r.hand("Ben"))
    v = r.no_play("Ben")
    assert not v.accepted and v.dealer_card.is_red and v.penalty == 5
    assert len(r.hand("Ben")) == hand - 1 + 5 and r.mainline[-1] == v.dealer_card


def test_no_play_with_four_cards_or_fewer_ends_the_round():
    r = new_round("new-eleusis", ["Ana", "Ben"], "card.rank == 99 or position == 1", seed=3)
    while not r.is_over:
        r.no_play(r.current_player)  # never a card fits: each no-play is right
    assert r.end.reason == "no-play" and r.hand(r.end.player) == []
    assert r.scores().players[r.players.index(r.end.player)] >= 4


def test_prophet_conditions():
    r = new_round("new-eleusis", ["Ana", "Ben", "Cy"], RED, seed=4)
    p, _ = right_turn(r)
    q = r.current_player
    with pytest.raises(IllegalAction, match="end of their own turn"):
        r.declare_prophet(q)
    r.declare_prophet(p)
    assert r.prophet == p
    assert [m.kind for m in r.markers] == ["prophet"] and r.markers[0].card == r.mainline[-1]
    assert p not in (r.current_player,)
    q, _ = right_turn(r)
    with pytest.raises(IllegalAction, match="already the prophet"):
        r.declare_prophet(q)
    two = new_round("new-eleusis", ["Ana", "Ben"], RED, seed=4)
    p, _ = right_turn(two)
    with pytest.raises(IllegalAction, match="two other players"):
        two.declare_prophet(p)


def test_prophet_skips_turns_judges_and_is_overthrown():
    r = new_round("new-eleusis", FOUR, RED, seed=5)
    p, _ = right_turn(r)
    r.declare_prophet(p)
    hand = len(r.hand(p))
    order = []
    for _ in range(6):
        q, _ = right_turn(r, prophet_says=None)  # no call given: the prophet agrees with the dealer
        order.append(q)
    assert p not in order and r.prophet == p
    # A wrong call: the prophet is overthrown, draws 5; the player draws nothing for a wrong play.
    q = r.current_player
    black = blacks(r, q)
    player_hand = len(r.hand(q))
    v = r.play(q, black, prophet_says=True)
    assert v.prophet_overthrown and not v.accepted and v.penalty == 0
    assert len(r.hand(q)) == player_hand - 1
    assert r.prophet is None and len(r.hand(p)) == hand + 5
    assert not any(m.is_black for m in r.markers)
    assert p in r.former_prophets and not r.can_become_prophet(p)
    seen = {right_turn(r)[0] for _ in range(8)}
    assert p in seen  # the overthrown prophet plays again
    kinds = [type(e) for e in r.events]
    assert ev.ProphetOverthrown in kinds
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_prophet_with_a_rule_makes_its_own_calls():
    r = new_round("new-eleusis", FOUR, RED, seed=6)
    p, _ = right_turn(r)
    r.declare_prophet(p, "card.rank <= 13")  # calls every play right
    q = r.current_player
    v = r.play(q, blacks(r, q))
    assert v.prophet_overthrown and r.events[-1 - 0] is not None
    played = next(e for e in reversed(r.events) if isinstance(e, ev.Played))
    assert played.prophet_says is True
    with pytest.raises(IllegalAction, match="no prophet"):
        r.play(r.current_player, r.hand(r.current_player)[:1], prophet_says=True)


def count_after_marker(r):
    """Mainline and sideline cards played after the prophet's marker, recomputed from the log."""
    right = wrong = 0
    counting = False
    for e in r.events:
        if isinstance(e, ev.ProphetDeclared):
            counting, right, wrong = True, 0, 0
        elif isinstance(e, ev.ProphetOverthrown):
            counting = False
        elif counting and isinstance(e, ev.Played):
            if e.accepted:
                right += len(e.cards)
            else:
                wrong += len(e.cards)
        elif counting and isinstance(e, ev.NoPlayDeclared) and e.dealer_card is not None:
            right += 1
    return right, wrong


def test_markers_sudden_death_expulsion_and_scores_with_a_prophet():
    r = new_round("new-eleusis", FOUR, RED, seed=7)
    p, _ = right_turn(r, k=2)
    r.declare_prophet(p)
    marker = r.cards_played
    expelled = []
    while not r.is_over:
        deadly = r.sudden_death
        q = r.current_player
        since = r.cards_played - marker
        # Mostly right strings; a wrong one now and then (all wrong once sudden death begins).
        wrong_now = deadly or since % 7 == 3
        string = blacks(r, q) if wrong_now and blacks(r, q) else (reds(r, q, 2) or blacks(r, q))
        v = r.play(q, string)
        if v.expelled:
            expelled.append(q)
            assert deadly and q in r.expelled and v.penalty == 0
    blacks_down = [m for m in r.markers if m.kind == "black"]
    assert all((m.count - marker) % 10 == 0 for m in blacks_down)
    assert expelled and r.end.reason in ("expelled", "out")
    assert len(blacks_down) >= 3 or r.end.reason == "out"
    s = r.scores()
    right, wrong = count_after_marker(r)
    left = [len(r.hand(x)) for x in r.players]
    assert s == new_eleusis(
        left,
        prophet=r.players.index(p),
        prophet_right=right,
        prophet_wrong=wrong,
        played_through_marker=marker,
    )
    assert s.dealer <= 2 * marker
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_white_markers_and_sudden_death_without_prophet():
    r = new_round("new-eleusis", FOUR, RED, seed=8)
    while r.cards_played < 40:
        right_turn(r, k=4)
    whites = [m for m in r.markers if m.kind == "white"]
    assert [m.count for m in whites] == [10, 20, 30, 40] and r.sudden_death
    assert all(m.on_mainline == (r.mainline[m.mainline_index] == m.card) for m in whites)
    q = r.current_player
    v = r.play(q, blacks(r, q))
    assert v.expelled and r.expelled == [q] and "expelled" in v.message
    before = r.to_json()
    with pytest.raises(IllegalAction, match="expelled"):
        r.play(q, r.hand(q)[:1])
    assert r.to_json() == before
    r.undo()
    assert r.expelled == [] and r.current_player == q


def test_overthrow_puts_back_the_white_count():
    r = new_round("new-eleusis", FOUR, RED, seed=9)
    p, _ = right_turn(r)
    r.declare_prophet(p)
    while r.cards_played < 25:
        right_turn(r, k=4)
    assert not any(m.kind == "white" for m in r.markers)
    q = r.current_player
    r.play(q, blacks(r, q), prophet_says=True)
    assert r.prophet is None
    assert [m.count for m in r.markers if m.kind == "white"] == [10, 20]


def test_rules_md_score_example_physical():
    r = new_round("new-eleusis", FOUR, RED, seed=1, physical=True, starter="2H")
    p = r.current_player
    v = r.play(p, ["3H", "4D"])
    assert v.accepted and r.cards_played == 2
    before = r.to_json()
    with pytest.raises(CardNotInHand, match="already on the table"):
        r.play(r.current_player, ["2H", "2H"])
    assert r.to_json() == before
    s = r.finish([0, 5, 9, 3])
    assert (s.players, s.dealer) == ([13, 4, 0, 6], 13)


def test_a_right_no_play_returns_the_hand_to_the_stock_before_drawing() -> None:
    """Issue 11, finding 8.  Reproducer: with 6-7 players a right no-play on an empty stock emptied a
    14-card hand and won the round (the hand was discarded and the new one cut to what the stock
    held).  RULES.md (004 FAQ): the hand goes back into the stock, which is shuffled, and a new hand of
    4 fewer is drawn, so a right no-play never empties a hand of more than 4.  Invariant over many
    random rounds: whoever is to play holds a card."""
    import random

    right_on_empty_stock = 0
    for seed in range(340, 380):
        r = new_round("new-eleusis", ["P1", "P2", "P3", "P4"], "new-eleusis", seed=seed)
        rng = random.Random(seed)
        while not r.is_over:
            p = r.current_player
            hand = r.hand(p)
            assert hand, f"seed {seed}: {p} is to play with an empty hand"
            if rng.random() < 0.05:
                stock = r.stock_size
                verdict = r.no_play(p)
                if verdict.accepted and len(hand) > 4:
                    assert len(r.hand(p)) == len(hand) - 4 and not r.is_over
                    assert r.stock_size == stock + 4
                    right_on_empty_stock += stock == 0
                continue
            r.play(p, rng.sample(hand, rng.randint(1, min(2, len(hand)))))
            if not r.is_over and r.can_become_prophet(p) and rng.random() < 0.05:
                r.declare_prophet(p)
    assert right_on_empty_stock >= 1  # the situation of the finding really arose in these seeds


def test_sudden_death_stays_on_when_a_prophet_is_declared_after_the_fourth_white_marker():
    """Issue 32 #2. Reproducer (fed187d): after 40 cards (four white markers) a player declares themself
    prophet; the next wrong play drew 2 cards instead of expelling. RULES.md's reading of source 002
    ("after the fourth black or white marker is placed, any invalid play expels"): sudden death stays on."""
    r = new_round("new-eleusis", FOUR, RED, seed=8)
    while r.cards_played < 40:
        right_turn(r, k=4)
    assert r.sudden_death
    p, v = right_turn(r)
    assert v.accepted
    r.declare_prophet(p)
    assert r.prophet == p and r.sudden_death
    q = r.current_player
    v = r.play(q, blacks(r, q))
    assert v.expelled and v.penalty == 0 and r.expelled == [q] and "Sudden death" in v.message
