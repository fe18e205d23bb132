"""What every variant shares: the facade, refused actions, undo, evidence, card conservation."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from _play_helpers import RULE_OF, fresh, play_out, random_step, refused_attempts

import eleusis_lab
from eleusis_lab.cards import Card, deck
from eleusis_lab.play import (
    VARIANTS,
    CardNotInHand,
    ExpressRound,
    GameError,
    IllegalAction,
    NotYourTurn,
    Observation,
    RoundOver,
    UnknownPlayer,
    load_round,
    new_round,
)
from eleusis_lab.play import events as ev
from eleusis_lab.rules import Rule, RuleError
from eleusis_lab.rules.seal import Seal

ALL = ["gardner", "express", "new-eleusis", "letters"]
DECK_SIZE = {"gardner": 52, "express": 104, "new-eleusis": 104, "letters": 61}


def test_lookup_by_name_and_top_level_exports():
    assert set(VARIANTS) == {*ALL, "solo"}  # the solo protocol is played by one player: tests of its own
    assert VARIANTS["express"] is ExpressRound
    assert eleusis_lab.new_round is new_round and eleusis_lab.load_round is load_round
    with pytest.raises(GameError, match="Unknown variant 'poker'"):
        new_round("poker", ["Ana"], "card is red")


@pytest.mark.parametrize("variant", ALL)
def test_complete_round_through_new_round(variant):
    r = fresh(variant)
    assert r.variant == variant and r.players == ["Ana", "Ben", "Cy"] and r.dealer is None
    assert isinstance(r.rule, Rule) and isinstance(r.seal, Seal) and r.seal.verify(r.rule.text)
    assert len(r.mainline) == 1 and r.current_player in r.players
    play_out(r, seed=3)
    assert r.is_over and r.current_player is None and r.phase == "over"
    assert isinstance(r.events[-1], ev.RoundEnded)
    scores = r.scores()
    assert len(scores.players) == 3
    with pytest.raises(RoundOver):
        r.play(r.players[0], r.hand(r.players[0])[0] if r.hand(r.players[0]) else "AS")


def test_rule_as_text_rule_or_library_key():
    a = new_round("express", ["Ana", "Ben"], "express-1", seed=2)
    b = new_round("express", ["Ana", "Ben"], Rule.parse(a.rule.text), seed=2)
    c = new_round("express", ["Ana", "Ben"], a.rule.text, seed=2)
    assert a.rule == b.rule == c.rule
    assert a.mainline == b.mainline == c.mainline and a.hand("Ana") == c.hand("Ana")
    with pytest.raises(RuleError):
        new_round("express", ["Ana"], "card.colour == red")


def test_bad_setup_is_refused():
    with pytest.raises(GameError, match="same name"):
        new_round("express", ["Ana", "Ana"], "card is red")
    with pytest.raises(GameError, match="at least 2"):
        new_round("gardner", ["Ana"], "card is red")
    with pytest.raises(GameError, match="Unknown option 'hand'"):
        new_round("express", ["Ana"], "card is red", hand=10)
    with pytest.raises(GameError, match="letter"):
        new_round("express", ["Ana"], 'card.letter == "A"')
    with pytest.raises(GameError, match="dealer and cannot also be a player"):
        new_round("express", ["Ana", "Ben"], "card is red", dealer="Ana")


@pytest.mark.parametrize("variant", ALL)
def test_same_seed_same_round_and_cards_conserved(variant):
    r1 = fresh(variant, seed=7)
    r2 = fresh(variant, seed=7, seal=r1.seal)  # the seal's salt is random (secrets), never from the seed
    assert r1.to_json() == r2.to_json()
    assert r1.hand("Ana") != fresh(variant, seed=8).hand("Ana")
    rng = random.Random(5)
    for _ in range(40):
        if r1.is_over:
            break
        random_step(r1, rng)
        located = Counter(c for where in r1.all_cards().values() for c in where)
        assert sum(located.values()) == DECK_SIZE[variant] + 52 * r1._state.refreshes
        assert all(n == 1 for n in located.values()), "a physical card is in two places"


@pytest.mark.parametrize("variant", ALL)
def test_refused_actions_change_nothing(variant):
    r = fresh(variant)
    rng = random.Random(11)
    for _ in range(25):
        if r.is_over:
            break
        before = r.to_json()
        for attempt in refused_attempts(r):
            with pytest.raises(GameError):
                attempt()
            assert r.to_json() == before
        random_step(r, rng)


def test_error_messages_are_one_clear_sentence():
    r = new_round("express", ["Ana", "Ben"], "card is red", seed=4)
    me = r.current_player
    other = "Ben" if me == "Ana" else "Ana"
    with pytest.raises(NotYourTurn, match=rf"^It is {me}'s turn\.$"):
        r.play(other, r.hand(other)[0])
    missing = next(c for c in deck("standard") if c not in {h.design for h in r.hand(me)})
    with pytest.raises(CardNotInHand, match=rf"^{me} has no {missing}\.$"):
        r.play(me, str(missing))
    with pytest.raises(UnknownPlayer, match=r"^There is no player called Zed\.$"):
        r.hand("Zed")
    assert issubclass(GameError, ValueError)


def replayed(r):
    """A new round with the same header, driven again through the actions of ``r``'s log."""
    again = type(r)(
        r.players, r.rule, seed=r.seed, dealer=r.dealer, physical=r.physical, seal=r.seal, **r._options
    )
    for e in r.events:
        if e.is_action:
            again.apply(e.to_action())
    return again


@pytest.mark.parametrize("variant", ALL)
def test_undo_equals_replaying_the_shorter_log(variant):
    r = fresh(variant, seed=5)
    rng = random.Random(2)
    snapshots = {len(r.events): r.to_json()}
    while not r.is_over and len(snapshots) < 50:
        random_step(r, rng)
        snapshots[len(r.events)] = r.to_json()
    full = r.events
    actions = sum(1 for e in r.events if e.is_action)
    for _ in range(actions):
        undone = r.undo()
        assert undone.is_action and undone == full[len(r.events)]
        assert r.events == full[: len(r.events)]
        assert r.to_json() == replayed(r).to_json()
        if len(r.events) in snapshots:
            assert r.to_json() == snapshots[len(r.events)]
    assert r.to_json() == snapshots[min(snapshots)]
    with pytest.raises(IllegalAction, match="nothing to undo"):
        r.undo()


def test_undo_returns_cards_and_turn():
    r = new_round("express", ["Ana", "Ben"], "card is red", seed=9)
    me = r.current_player
    hand = r.hand(me)
    black = next(c for c in hand if c.is_black)
    stock = r.stock_size
    r.play(me, black)
    assert r.stock_size == stock - 1 and len(r.sidelines[0]) == 1
    r.undo()
    assert r.hand(me) == hand and r.stock_size == stock and r.current_player == me
    assert r.sidelines == [[]]


def test_evidence_records_every_judgement():
    r = new_round("express", ["Ana", "Ben"], "card is red", seed=9)
    me = r.current_player
    red = next(c for c in r.hand(me) if c.is_red)
    r.play(me, red)
    ben = r.current_player
    black = next(c for c in r.hand(ben) if c.is_black)
    r.play(ben, black)
    obs = r.evidence()
    starters = [o for o in obs if o.kind == "starter"]
    plays = [o for o in obs if o.kind == "play"]
    assert all(not o.accepted and o.mainline == () for o in starters)
    assert plays[0] == Observation(tuple(r.mainline[:1]), (red,), True, me, plays[0].event_index, "play")
    assert plays[1].mainline == tuple(r.mainline[:2]) and plays[1].cards == (black,) and not plays[1].accepted
    assert isinstance(r.events[plays[1].event_index], ev.Played)


def test_no_play_evidence_both_ways():
    r = new_round("express", ["Ana", "Ben"], "card is red", seed=9)
    me = r.current_player
    hand = r.hand(me)
    v = r.no_play(me)  # the hand holds red cards: wrong, the dealer plays one
    assert not v.accepted and v.dealer_card is not None and v.dealer_card.is_red and v.penalty == 1
    [o] = [o for o in r.evidence() if o.kind == "no-play"]
    assert o.accepted and o.cards == (v.dealer_card,) and o.player == me
    assert r.mainline[-1] == v.dealer_card and len(r.hand(me)) == len(hand)


@pytest.mark.parametrize("variant", ALL)
def test_player_info_and_accepts(variant):
    r = fresh(variant)
    info = r.player_info("Ben")
    assert (info.name, info.seat) == ("Ben", 1)
    top = r.mainline[-1]
    assert isinstance(r.accepts(top, "Ana"), bool)


def test_hints_from_dealer_and_computer():
    r = new_round("gardner", ["Ana", "Ben"], "gardner-6", seed=3)
    assert r.announcement == "The rule depends on who plays the card."
    text = r.give_hint()  # the computer dealer makes one up
    assert "could be played" in text or "No card" in text
    human = new_round(
        "gardner", ["Ana", "Ben"], "gardner-2", seed=3, dealer="Dee", announcement="Suits matter."
    )
    assert human.announcement == "Suits matter."
    with pytest.raises(IllegalAction, match="type the hint"):
        human.give_hint()
    human.give_hint("It concerns the top card.")
    assert human.hints == ["It concerns the top card."]
    assert isinstance(human.events[-1], ev.HintGiven)
    human.undo()
    assert human.hints == []


def test_letters_rule_needs_the_letter_deck():
    with pytest.raises(GameError, match="ranks, suits or colours"):
        new_round("letters", ["Ana", "Ben"], "card is red")
    r = new_round("letters", ["Ana", "Ben"], RULE_OF["letters"], seed=1)
    assert all(not c.is_playing for c in r.hand("Ana"))
    assert Card.parse("blank") in r.all_cards()["hands"] + r.mainline + r.all_cards()["set_aside"]


PHYSICAL_SCRIPT = {
    # (action, args) for a short physical round of each variant: the teacher types what happens.
    "express": [("place_starter", ("7H",)), ("play", ("8D",)), ("play", ("2S",)),
                ("no_play", (["2C", "3S"],)), ("play", ("9H",)), ("finish", ([3, 4, 5],))],
    "new-eleusis": [("place_starter", ("7H",)), ("play", ("8D 9H",)), ("play", ("2S",)),
                    ("no_play", (["2C", "3S", "4S", "5S", "6S"],)),
                    ("play", ("10H",)), ("finish", ([3, 4, 5],))],
    "gardner": [("place_starter", ("7H",)), ("play", ("8D",)), ("play", ("2S",)), ("play", ("3C",)),
                ("play", ("9H",)), ("end_half", ())],  # only black wrong cards: blocked at once
    "letters": [("place_starter", ("A red circle red",)), ("play", ("B red circle red",)),
                ("play", ("D red circle red",)), ("play", ("C blue square black",)),
                ("finish", ([3, 4, 5],))],
}  # fmt: skip


@pytest.mark.parametrize("variant", ALL)
def test_physical_rounds_undo_and_resume_at_every_point(variant):
    rule = RULE_OF[variant] if variant == "letters" else "card is red"
    r = new_round(variant, ["Ana", "Ben", "Cy"], rule, seed=1, physical=True, dealer="Teacher")
    snapshots = [r.to_json()]
    for action, args in PHYSICAL_SCRIPT[variant]:
        if action == "play":
            r.play(r.current_player, *args)
        elif action == "no_play":
            r.no_play(r.current_player, hand=args[0])
        else:
            getattr(r, action)(*args)
        text = r.to_json()
        assert load_round(text).to_json() == text
        snapshots.append(text)
    assert r.is_over
    for expected in reversed(snapshots[:-1]):
        r.undo()
        assert r.to_json() == expected


@pytest.mark.parametrize("variant", ALL)
def test_replay_step_by_step_with_at(variant):
    r = fresh(variant, seed=21)
    rng = random.Random(21)
    states = [r.to_json()]
    for _ in range(15):
        if r.is_over:
            break
        before = r.steps
        random_step(r, rng)
        # One random step may hold two actions (a play and a guess): keep a state per action.
        states.extend([None] * (r.steps - before - 1) + [r.to_json()])
    assert r.at(r.steps).to_json() == r.to_json()
    for k, text in enumerate(states):
        if text is not None:
            assert r.at(k).to_json() == text
    early = r.at(1)
    assert early.steps == 1 and r.steps == len(states) - 1
    with pytest.raises(IllegalAction, match="step from 0"):
        r.at(r.steps + 1)
    assert len(r.log()) == len(r.events) and r.log()[0].startswith("  0 dealt:")
