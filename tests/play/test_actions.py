"""Variants described on their classes, legal actions and apply (issue 9)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from eleusis_lab import scoring
from eleusis_lab.cards import Card
from eleusis_lab.play import (
    VARIANTS,
    ExpressRound,
    GameError,
    Round,
    find_variant,
    load_round,
    new_round,
)
from eleusis_lab.play import actions as act
from eleusis_lab.play import events as ev
from eleusis_lab.play.variant import SHARED_OPTIONS

RULES = {
    "gardner": "gardner-2",
    "express": "express-1",
    "new-eleusis": "express-4",
    "letters": "shapes-alternate",  # a short round: the save is loaded after every step
    "solo": "express-5",
}


@pytest.mark.parametrize(
    ("name", "key"),
    [("Express", "express"), ("eleusis express", "express"), ("ABBOTT", "new-eleusis"),
     ("new_eleusis", "new-eleusis"), ("Guess the rule", "letters"), ("gardner-1959", "gardner")],
)  # fmt: skip
def test_find_variant_by_key_or_alias_and_the_calculator_agrees(name: str, key: str) -> None:
    assert find_variant(name).key == key
    assert scoring.variant_name(name) == key
    assert new_round(name, ["Ana", "Ben"], RULES[key], seed=1).variant == key


def test_unknown_variant_is_a_game_error_naming_the_choices() -> None:
    with pytest.raises(GameError, match="choose one of gardner, express"):
        find_variant("poker")


def test_every_option_is_typed_and_its_default_passes_its_own_check() -> None:
    for cls in VARIANTS.values():
        for option in cls.option_types():
            assert option.type in (bool, int, str, list)
            if option.default is not None:
                assert option.check(option.default) == option.default
    never = {o.name for o in SHARED_OPTIONS if not o.from_save}
    assert "deck_order" in never
    assert "autosave" not in {o.name for o in SHARED_OPTIONS}  # saving is the session's, not the round's
    assert ExpressRound.defaults()["hand_size"] == 12
    with pytest.raises(GameError, match="10 or 12"):
        new_round("express", ["Ana"], "express-1", hand_size=11)
    with pytest.raises(GameError, match="from 1 to 10"):
        new_round("new-eleusis", ["Ana"], "express-1", max_string=True)


def test_every_action_event_maps_to_exactly_one_action_type() -> None:
    kinds = {}
    for cls in ev.EVENT_TYPES.values():
        if not cls.is_action:
            continue
        sample = {
            f.name: (
                ()
                if "tuple" in str(f.type)
                else True
                if "bool" in str(f.type)
                else 1
                if f.type == "int"
                else "x"
            )
            for f in dataclasses.fields(cls)
        }
        action = act.action_of_event(cls(**sample))
        assert isinstance(action, act.Action)
        kinds.setdefault(type(action), []).append(cls)
    assert all(len(v) == 1 for v in kinds.values()), kinds
    assert set(kinds) == set(act.ACTION_TYPES.values())
    with pytest.raises(ValueError, match="not something a person does"):
        act.action_of_event(ev.RoundEnded("out"))


def test_legal_actions_of_a_fresh_express_round() -> None:
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1)
    me = r.current_player
    assert me is not None
    other = next(p for p in r.players if p != me)
    mine = r.legal_actions(me)
    plays = [a for a in mine if isinstance(a, act.Play)]
    assert Counter(c for a in plays for c in a.cards) == Counter(r.hand(me))
    assert any(isinstance(a, act.NoPlay) for a in mine)
    assert not any(isinstance(a, act.Guess) for a in mine)  # only right after a right play
    assert [type(a) for a in r.legal_actions(other)] == [act.StateConfidence]
    assert [type(a) for a in r.legal_actions()] == [act.GiveHint]
    verdict = r.apply(plays[0])
    assert verdict.cards == plays[0].cards
    if verdict.accepted:
        assert any(isinstance(a, act.Guess) for a in r.legal_actions(me))


def test_an_unlisted_action_is_refused_with_the_variant_reason_and_changes_nothing() -> None:
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1)
    me = r.current_player
    assert me is not None
    other = next(p for p in r.players if p != me)
    before = r.to_json()
    with pytest.raises(GameError, match=f"It is {me}'s turn"):
        r.apply(act.Play(other, (r.hand(other)[0],)))
    with pytest.raises(GameError, match="may guess only right after"):
        r.apply(act.Guess(me, "card is red"))
    with pytest.raises(GameError, match="no prophet"):
        r.apply(act.DeclareProphet(me))
    with pytest.raises(GameError, match=r"An action is a value of eleusis_lab\.play\.actions, not str"):
        r.apply("play 7H")  # type: ignore[arg-type]
    assert r.to_json() == before


def test_cards_named_by_their_face_are_the_copies_the_player_holds() -> None:
    r = new_round("new-eleusis", ["Ana", "Ben", "Cy"], "express-4", seed=5)
    me = r.current_player
    assert me is not None
    card = r.hand(me)[0]
    face = Card.parse(str(card.design))
    verdict = r.apply(act.Play(me, (face,)))
    assert verdict.cards == (card,)


def test_new_eleusis_lists_strings_the_prophet_and_calls() -> None:
    r = new_round("new-eleusis", ["Ana", "Ben", "Cy"], "card.color != prev.color", seed=2)
    me = r.current_player
    assert me is not None
    strings = [a for a in r.legal_actions(me) if isinstance(a, act.Play) and "cards" in a.open]
    assert len(strings) == 1 and r.max_string == 4
    hand = r.hand(me)
    red = next(c for c in hand if c.color != r.top.color) if r.top else hand[0]  # type: ignore[union-attr]
    r.play(me, red)
    prophet = [a for a in r.legal_actions(me) if isinstance(a, act.DeclareProphet)]
    assert len(prophet) == 1
    r.apply(prophet[0])
    assert r.prophet == me
    nxt = r.current_player
    assert nxt is not None and nxt != me
    assert all("prophet_says" in a.open for a in r.legal_actions(nxt) if isinstance(a, act.Play | act.NoPlay))


def test_state_confidence_changes_nothing_on_the_table_and_is_kept() -> None:
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=3)
    me = r.current_player
    assert me is not None
    legal = r.legal_actions(me)
    r.state_confidence("Ben", 70, "card.color != prev.color")
    assert r.legal_actions(me) == legal and r.current_player == me
    assert r.confidences()[-1][:3] == ("Ben", 70, "card.color != prev.color")
    with pytest.raises(GameError, match="from 0 to 100"):
        r.state_confidence("Ana", 101)
    again = load_round(r.to_json())
    assert again.confidences() == r.confidences()
    r.undo()
    assert r.confidences() == []


def _fill(action: act.Action, r: Round, rng: random.Random) -> act.Action:
    """A listed action with its open fields filled in as a person might."""
    values: dict[str, object] = {}
    actor = action.actor
    if "cards" in action.open:
        assert actor is not None
        hand = r.hand(actor)
        values["cards"] = tuple(rng.sample(hand, rng.randint(1, min(len(hand), r.max_string))))
    if "prophet_says" in action.open:
        values["prophet_says"] = rng.choice([None, True, False])
    if "percent" in action.open:
        values["percent"] = rng.randint(0, 100)
    if "text" in action.open and isinstance(action, act.Guess):
        values["text"] = rng.choice(["card.color != prev.color", "card is red", "card.suit == prev.suit"])
    open_now = set(action.open) - set(values)
    return dataclasses.replace(action, open=frozenset(), **values) if values or open_now else action


def _pick(r: Round, rng: random.Random) -> act.Action | None:
    """Mostly the player on turn's plays and follow-ups; now and then anybody's anything."""
    current = r.current_player
    if current is not None and rng.random() < 0.9:
        listed = [a for a in r.legal_actions(current) if not isinstance(a, act.StateConfidence)]
        after = r.last_action()
        if not listed and after is not None:
            listed = r.legal_actions(getattr(after, "player", None))
    else:
        listed = r.legal_actions(rng.choice([*r.players, None]))
    return rng.choice(listed) if listed else None


def _unlisted(r: Round, rng: random.Random) -> list[act.Action]:
    """Concrete actions no listing of the round fits now (a twist on each kind)."""
    candidates: list[act.Action] = [act.EndHalf(), act.OverruleGuess(True), act.Finish((0,) * len(r.players))]
    for p in r.players:
        hand = r.hand(p)
        candidates += [act.NoPlay(p), act.DeclareProphet(p), act.BuyHint(p), act.Guess(p, "card is red"),
                       act.DeclineGuess(p)]  # fmt: skip
        if hand:
            candidates.append(act.Play(p, (rng.choice(hand),)))
            candidates.append(act.Play(p, tuple(hand[: r.max_string + 1])))
    return [a for a in candidates if not r.is_legal(a)]


@pytest.mark.parametrize("variant", list(RULES))
def test_random_listed_actions_are_accepted_and_unlisted_ones_refused(variant: str) -> None:
    """Issue 9's done-when: a random member of legal_actions at every step; the round ends; every listed
    action (open fields filled in) is accepted; an unlisted one raises GameError and changes nothing;
    the save loads back exactly after every step."""
    rng = random.Random(variant)
    players = ["Ana", "Ben", "Cy"][: find_variant(variant).max_players or 3]
    r = new_round(variant, players, RULES[variant], seed=7)
    steps = 0
    while not r.is_over:
        assert steps < 2000, "the round did not end"
        listed = _pick(r, rng)
        if listed is None:
            continue
        steps += 1
        r.apply(_fill(listed, r, rng))  # a listed action, filled in, is accepted
        saved = r.to_json()
        assert load_round(saved).to_json() == saved
        unlisted = _unlisted(r, rng)
        if unlisted:
            bad = rng.choice(unlisted)
            with pytest.raises(GameError):
                r.apply(bad)
            assert r.to_json() == saved, f"refused {bad} changed the round"
    assert r.is_over and r.legal_actions(r.players[0]) == []


def test_clone_is_independent() -> None:
    r = new_round("letters", ["Ana", "Ben"], "letters-cycle", seed=4)
    before = r.to_json()
    copy = r.clone()
    assert copy.to_json() == before
    me = copy.current_player
    assert me is not None
    copy.play(me, copy.hand(me)[0])
    assert len(copy.events) > len(r.events) and r.to_json() == before


def test_from_log_takes_neither_a_stacked_deck_nor_an_autosave_from_the_file() -> None:
    from eleusis_lab.play import BadSave

    order = list(reversed(new_round("express", ["Ana"], "express-1", seed=1).deck()))
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1, deck_order=order)
    with pytest.raises(BadSave, match="stacked deck"):
        load_round(r.to_json())
    assert load_round(r.to_json(), stacked=True).to_json() == r.to_json()
    header = r.header()
    with pytest.raises(BadSave, match="may not set 'autosave'"):
        Round.from_log({**header, "options": {**header["options"], "autosave": "/tmp/x.json"}}, r.events)
    with pytest.raises(GameError, match="seed"):
        Round.from_log(header, r.events)  # the stacked deal does not follow the seed
    assert Round.from_log(header, r.events, stacked=True).to_json() == r.to_json()
