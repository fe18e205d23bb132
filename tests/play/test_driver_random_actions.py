"""Random action sequences, legal and illegal, straight at the rounds of every variant (hypothesis).

Whatever the sequence, a refused action is a GameError that changes nothing, an accepted one keeps
every card in one place, undo steps back exactly one action, and the save reloads to the same round.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.cards import deck as make_deck
from eleusis_lab.play import GameError, load_round, new_round
from eleusis_lab.rules import library
from eleusis_lab.testing import check_cards, state_summary

SETUPS = [
    ("gardner", "gardner-1", {}),
    ("express", "express-1", {"wrong_guess_penalty": 1, "buy_hints": True}),
    ("new-eleusis", "new-eleusis", {"max_string": 3}),
    ("letters", "letters-cycle", {}),
]
KINDS = ["play", "play", "play", "string", "wrong-player", "not-held", "no-play", "guess", "garbage-guess",
         "prophet", "undo", "nobody", "hint", "buy-hint"]  # fmt: skip


def pick_action(data, r):
    """One action, drawn by hypothesis: (description, thunk)."""
    kind = data.draw(st.sampled_from(KINDS), label="kind")
    players = r.players
    current = r.current_player or players[0]
    hand = r.hand(current)
    if kind == "play" and hand:
        card = data.draw(st.sampled_from(hand), label="card")
        return f"play {current} {card}", lambda: r.play(current, card)
    if kind == "string" and len(hand) >= 2:
        size = data.draw(st.integers(2, min(5, len(hand))), label="size")
        cards = data.draw(st.permutations(hand), label="order")[:size]
        return f"string {current} {cards}", lambda: r.play(current, cards)
    if kind == "wrong-player":
        other = data.draw(st.sampled_from(players), label="other")
        cards = r.hand(other) or make_deck(r.deck_name)[:1]
        return f"play {other} out of turn", lambda: r.play(other, cards[0])
    if kind == "not-held":
        held = {c.design for c in hand}
        absent = [c for c in make_deck(r.deck_name) if c.design not in held] or make_deck(r.deck_name)
        card = data.draw(st.sampled_from(absent), label="absent")
        return f"play {current} {card} not held", lambda: r.play(current, card)
    if kind == "no-play":
        who = data.draw(st.sampled_from(players), label="who")
        return f"no play {who}", lambda: r.no_play(who)
    if kind == "guess":
        deck = "letters" if r.variant == "letters" else "standard"
        text = data.draw(st.sampled_from([e.text for e in library.playable(deck)]), label="guess")
        return f"guess {current} {text}", lambda: r.guess(current, text)
    if kind == "garbage-guess":
        text = data.draw(st.text(max_size=12), label="garbage")
        return f"guess {current} {text!r}", lambda: r.guess(current, text)
    if kind == "prophet":
        who = data.draw(st.sampled_from(players), label="prophet")
        return f"prophet {who}", lambda: r.declare_prophet(who)
    if kind == "undo":
        return "undo", r.undo
    if kind == "hint":
        return "hint", r.give_hint
    if kind == "buy-hint" and hasattr(r, "buy_hint"):
        return f"buy hint {current}", lambda: r.buy_hint(current)
    return "nobody plays", lambda: r.play("Nobody", "2H")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SETUPS), st.integers(0, 2**20), st.data())
def test_random_action_sequences(setup, seed, data):
    variant, rule, options = setup
    r = new_round(variant, ["Ana", "Ben", "Cleo", "Dev"], rule, seed=seed, **options)
    history = [(r.to_json(), state_summary(r, full=False))]
    for _ in range(data.draw(st.integers(1, 40), label="length")):
        what, act = pick_action(data, r)
        before_json, before_state = r.to_json(), state_summary(r, full=False)
        try:
            act()
        except GameError:
            assert r.to_json() == before_json, what
            assert state_summary(r, full=False) == before_state, what
            continue
        assert check_cards(r) == [], what
        if what == "undo":
            history.pop()
            assert r.to_json() == history[-1][0]
            assert state_summary(r, full=False) == history[-1][1]
        else:
            history.append((r.to_json(), state_summary(r, full=False)))
    loaded = load_round(r.to_json())
    assert loaded.to_json() == r.to_json()
    assert state_summary(loaded) == state_summary(r)
