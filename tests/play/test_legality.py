"""One place decides whether an action may be done now and why not: Round.refusal, which the listing
(legal_actions) and apply both ask, with the turn and guess gates and each variant's own refusals behind
it; and the log is folded through a table keyed by event type."""

from __future__ import annotations

import json
import random

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


# -- one place decides: refusal() ------------------------------------------------------------------

AGREEMENT_ROUNDS = {
    "gardner": ("card.suit == prev.suit or card.rank == prev.rank", {}),
    "express": ("card.color != prev.color", {"buy_hints": True}),
    "new-eleusis": ("card.color != prev.color", {}),
    "letters": ("letters-cycle", {}),
    "solo": ("card.color != prev.color", {"max_turns": 8}),
}


def _well_formed(r: Round) -> list[act.Action]:
    """Concrete actions of every kind, each well formed, so that only the moment and the cards decide
    (and what a listing leaves open is filled in as a person would)."""
    out: list[act.Action] = [act.EndHalf(), act.OverruleGuess(True), act.OverruleGuess(False),
                             act.GiveHint(consented=False), act.GiveHint(consented=True)]  # fmt: skip
    for p in r.players:
        out += [act.NoPlay(p), act.Guess(p, "card is red"), act.DeclareProphet(p), act.BuyHint(p),
                act.DeclineGuess(p), act.StateConfidence(p, 40)]  # fmt: skip
        hand = r.hand(p)
        out += [act.Play(p, (c,)) for c in hand]
        if len(hand) > 1:
            out.append(act.Play(p, tuple(hand[:2])))
        held = {c.design for c in hand}
        out += [act.Play(p, (c,)) for c in r.deck()[:8] if c.design not in held]
    return out


@pytest.mark.parametrize("variant", list(AGREEMENT_ROUNDS))
def test_the_listing_and_apply_agree_because_both_ask_refusal(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At every step of a round: a well-formed action listed as it is has nothing against it in
    refusal(), one not listed at all has a reason there; and every refused one is refused with
    refusal()'s own words, without a clone, a replay or the action being performed."""

    rule, options = AGREEMENT_ROUNDS[variant]
    players = ["Ana"] if variant == "solo" else ["Ana", "Ben", "Cy"]
    r = new_round(variant, players, rule, seed=5, **options)
    rng = random.Random(variant)
    refused = 0
    for _ in range(40):
        if r.is_over:
            break
        listings = {who: r.legal_actions(who) for who in [None, *r.players]}
        events = r.events
        for action in _well_formed(r):
            fitting = [t for t in listings[None if action.by_dealer else action.actor] if t.fits(action)]
            reason = r.refusal(action)
            # listed as it is, it is allowed; not listed at all, refused (a listing's open fields are
            # checked once filled in: a New Eleusis string of cards not held fits the string template)
            assert not any(not t.open for t in fitting) or reason is None, (action, reason)
            assert fitting or reason is not None, action
            if reason is not None:
                refused += 1
                with monkeypatch.context() as patched:
                    for name in ("clone", "_copy_with", "_replay", "_perform"):
                        patched.setattr(Round, name, lambda *a, **k: pytest.fail("an action was tried"))
                    with pytest.raises(type(reason)) as caught:
                        r.apply(action)
                assert str(caught.value) == str(reason) and r.events == events
        me = r.current_player
        turn = [a for a in listings[me] if isinstance(a, act.Play | act.NoPlay) and "cards" not in a.open]
        choice = rng.choice(turn)
        r.apply(choice)  # its open fields (a prophet's call, the dealer's card) stand at None
        if r.refusal(act.Guess(choice.player, "card is red")) is None and rng.random() < 0.3:
            r.apply(act.Guess(choice.player, "card is red"))
        elif r.refusal(act.DeclareProphet(choice.player)) is None and rng.random() < 0.3:
            r.apply(act.DeclareProphet(choice.player))
    assert refused > 0


def test_a_refusal_names_the_variants_own_reason() -> None:
    r = new_round("new-eleusis", ["Ana", "Ben", "Cy"], "card.color != prev.color", seed=1)
    me = r.current_player
    assert me is not None
    hand = r.hand(me)
    too_long = act.Play(me, tuple(hand[:5]))
    assert str(r.refusal(too_long)) == "A string has 1 to 4 cards."
    called = act.Play(me, (hand[0],), prophet_says=True)
    assert str(r.refusal(called)) == "There is no prophet to call this play."
    assert str(r.refusal(act.DeclareProphet(me))).startswith(f"{me} may become prophet only at the end")
    express = new_round("express", ["Ana", "Ben"], "card.color != prev.color", seed=1)
    who = express.current_player
    assert who is not None
    assert str(express.refusal(act.BuyHint(who))) == (
        "Buying hints is not allowed in this round (option buy_hints=True)."
    )
    assert str(express.refusal(act.OverruleGuess(True))).startswith("There is no guess to overrule")
    gardner = new_round("gardner", ["Ana", "Ben"], "card is red or card is black", seed=1)
    assert str(gardner.refusal(act.EndHalf())).startswith("The engine ends the first half itself")
    assert gardner.refusal("not an action") is not None  # type: ignore[arg-type]
