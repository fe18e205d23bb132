"""The driver: computers play their seats until a human's turn or the end, in every variant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.play import GameError, new_round
from eleusis_lab.play.driver import DriverError, advance, play_out, seat_computers
from eleusis_lab.play.players import CarefulPlayer, ComputerPlayer, RandomPlayer

VARIANT_RULES = [
    ("gardner", "gardner-2"),
    ("express", "express-1"),
    ("new-eleusis", "new-eleusis"),
    ("letters", "letters-cycle"),
]


@pytest.mark.parametrize(("variant", "rule"), VARIANT_RULES)
def test_play_out_reaches_the_end(variant, rule):
    r = new_round(variant, ["Ana", "Ben", "Cleo"], rule, seed=5)
    verdicts = play_out(r, seat_computers(r.players, "random", seed=1))
    assert r.is_over
    assert r.current_player is None
    assert verdicts and all(v.player in r.players for v in verdicts)
    # every verdict is one of the round's judgements
    assert len(verdicts) <= sum(1 for e in r.events if e.is_action)


@pytest.mark.parametrize(("variant", "rule"), VARIANT_RULES)
def test_advance_stops_at_a_human_seat(variant, rule):
    r = new_round(variant, ["Ana", "Ben", "Cleo"], rule, seed=2)
    computers = {"Ben": RandomPlayer(1), "Cleo": CarefulPlayer(2)}
    for _ in range(20):
        advance(r, computers)
        if r.is_over:
            break
        assert r.current_player == "Ana"
        before = len(r.events)
        r.play("Ana", r.hand("Ana")[0])
        assert len(r.events) > before


def test_advance_with_no_computer_to_play_does_nothing():
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=3)
    before = r.to_json()
    assert advance(r, {}) == []
    assert r.to_json() == before


def test_play_out_needs_every_seat():
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=3)
    with pytest.raises(ValueError, match="Ben"):
        play_out(r, {"Ana": RandomPlayer(1)})


def test_max_actions_raises_driver_error():
    r = new_round("gardner", ["Ana", "Ben"], "gardner-1", seed=3)
    with pytest.raises(DriverError):
        advance(r, seat_computers(r.players), max_actions=3)
    assert not r.is_over


class Confused(ComputerPlayer):
    """Asks for cards it does not hold and strings where none are allowed."""

    def choose_play(self, round, name):
        hand = round.hand(name)
        return [c for c in round.mainline[:1]] + hand[:3] if hand else None


@pytest.mark.parametrize(("variant", "rule"), VARIANT_RULES)
def test_a_refused_choice_falls_back_to_a_legal_play(variant, rule):
    r = new_round(variant, ["Ana", "Ben", "Cleo"], rule, seed=4)
    play_out(r, {p: Confused() for p in r.players})
    assert r.is_over


def test_express_guesses_after_right_plays_only():
    class Guesser(RandomPlayer):
        def choose_guess(self, round, name):
            return "card.color != prev.color"  # express-1, the secret rule

    r = new_round("express", ["Ana", "Ben", "Cleo"], "express-1", seed=9)
    play_out(r, {p: Guesser(i, no_play_rate=0) for i, p in enumerate(r.players)})
    assert r.is_over and r.end.reason == "guessed"
    guess = next(e for e in r.events if e.type == "guessed")
    before = r.events[: r.events.index(guess)]
    last_play = [e for e in before if e.type == "played"][-1]
    assert last_play.player == guess.player and last_play.accepted
    assert r.scores().players[r.players.index(guess.player)] >= 6


def test_unreadable_guess_is_skipped():
    class Mumbler(RandomPlayer):
        def choose_guess(self, round, name):
            return "card.colour === red ("

    r = new_round("express", ["Ana", "Ben"], "express-1", seed=9)
    play_out(r, {p: Mumbler(i) for i, p in enumerate(r.players)})
    assert r.is_over and not any(e.type == "guessed" for e in r.events)


def test_new_eleusis_computer_prophet_calls_plays():
    class Prophet(RandomPlayer):
        def wants_prophet(self, round, name):
            return True

    r = new_round("new-eleusis", ["Ana", "Ben", "Cleo", "Dev"], "new-eleusis", seed=1)
    play_out(r, {p: Prophet(i, call_rate=1.0) for i, p in enumerate(r.players)})
    declared = [e for e in r.events if e.type == "prophet-declared"]
    assert declared
    calls = [e for e in r.events if e.type == "played" and e.prophet_says is not None]
    assert calls  # a computer prophet entered calls
    # a wrong call overthrows the prophet
    assert any(e.type == "prophet-overthrown" for e in r.events)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(VARIANT_RULES),
    st.integers(0, 10_000),
    st.sampled_from(["random", "careful"]),
    st.integers(2, 4),
)
def test_any_seed_any_player_ends(variant_rule, seed, kind, n):
    variant, rule = variant_rule
    names = ["Ana", "Ben", "Cleo", "Dev"][:n]
    if variant == "new-eleusis" and n < 2:
        return
    try:
        r = new_round(variant, names, rule, seed=seed)
    except GameError:
        return
    play_out(r, seat_computers(names, kind, seed=seed))
    assert r.is_over
    scores = r.scores()
    assert len(scores.players) == n


def test_a_computer_prophet_is_asked_about_plays_and_no_plays_with_the_player_named():
    """The driver calls ``judge_as_prophet`` with its one signature (no_play=, player=): no probing."""
    asked = []

    class Prophet(RandomPlayer):
        def wants_prophet(self, round, name):
            return True

        def judge_as_prophet(self, round, name, cards, *, no_play=False, player=None):
            asked.append((no_play, player, len(cards)))
            return not no_play

    r = new_round("new-eleusis", ["Ana", "Ben", "Cleo", "Dev"], "new-eleusis", seed=2)
    play_out(r, {p: Prophet(i, no_play_rate=0.3) for i, p in enumerate(r.players)})
    assert asked and all(player in r.players and player != r.prophet for _, player, _ in asked)
    assert {no_play for no_play, _, _ in asked} == {True, False}
    # the prophet calls every play right and every "no play" wrong; the log keeps the calls
    no_play_calls = [e.prophet_says for e in r.events if e.type == "no-play" and e.prophet_says is not None]
    assert no_play_calls and not any(no_play_calls)


def test_computers_cannot_play_a_physical_round():
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1, physical=True, starter="2H")
    before = r.to_json()
    with pytest.raises(ValueError, match="physical"):
        advance(r, seat_computers(r.players))
    assert r.to_json() == before
