"""One place decides whether a player may take a turn and why not: the listing, the actions and apply's
refusal ask the same gate; and the log is folded through a table keyed by event type."""

from __future__ import annotations

import json

import pytest

from eleusis_lab.play import BadSave, Round, load_round, new_round
from eleusis_lab.play import actions as act
from eleusis_lab.play import events as ev
from eleusis_lab.play.errors import IllegalAction, NotYourTurn, RoundOver
from eleusis_lab.play.new_eleusis import NewEleusisRound


def test_out_of_turn_is_refused_by_the_gate_the_listing_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1)
    turn = r.current_player
    other = next(p for p in r.players if p != turn)
    assert not any(isinstance(a, act.Play | act.NoPlay) for a in r.legal_actions(other))
    # the gate answers without performing the action anywhere, not even on a copy
    monkeypatch.setattr(Round, "clone", lambda self: pytest.fail("the refusal performed the action"))
    monkeypatch.setattr(Round, "_perform", lambda self, a: pytest.fail("the refusal performed the action"))
    before = r.to_json()
    with pytest.raises(NotYourTurn, match=f"It is {turn}'s turn"):
        r.play(other, r.hand(other)[0])
    with pytest.raises(NotYourTurn):
        r.no_play(other)
    assert r.to_json() == before


def test_a_finished_round_refuses_a_turn_with_the_same_words_it_lists_none() -> None:
    r = new_round("gardner", ["Ana", "Ben"], "card is red or card is black", seed=2)
    while not r.is_over:
        p = r.current_player
        assert p is not None
        r.apply(next(a for a in r.legal_actions(p) if isinstance(a, act.Play)))
    assert all(not r.legal_actions(p) for p in r.players)
    with pytest.raises(RoundOver, match="The round is over"):
        r.play("Ana", r.hand("Ana")[0] if r.hand("Ana") else "blank")


def test_the_log_is_folded_by_event_type() -> None:
    assert NewEleusisRound._folds[ev.ProphetDeclared] == NewEleusisRound._on_prophet_declared
    assert ev.ProphetDeclared not in find_express()._folds
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1)
    r.play(r.current_player, r.hand(r.current_player)[0])
    save = json.loads(r.to_json())
    save["events"][-1]["type"] = "marker"  # a New Eleusis event in an Express save
    with pytest.raises(BadSave):
        load_round(json.dumps(save))


def find_express() -> type[Round]:
    from eleusis_lab.play import find_variant

    return find_variant("express")


def test_a_guess_out_of_its_moment_is_refused_by_the_gate_the_listing_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    r = new_round("express", ["Ana", "Ben"], "card is red or card is black", seed=1)
    player = r.current_player
    assert player is not None and not r.can_guess(player)
    monkeypatch.setattr(Round, "_perform", lambda self, a: pytest.fail("the refusal performed the action"))
    with pytest.raises(IllegalAction, match="may guess only right after a right play"):
        r.guess(player, "card is red")
    gardner = new_round("gardner", ["Ana", "Ben"], "gardner-1", seed=1)
    with pytest.raises(IllegalAction, match="do not guess the rule aloud in Gardner"):
        gardner.guess("Ana", "card is red")
