"""Property tests: random sequences of legal and illegal actions keep every invariant of a round."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.cards import Card, deck
from eleusis_lab.play import GameError, load_round, new_round

RULES = {
    "gardner": "card.suit == prev.suit or card.rank == prev.rank",
    "express": "if prev is even then card is odd else card is even",
    "new-eleusis": "card.color != prev.color",
    "letters": "letters-cycle",
}
SIZE = {"gardner": 52, "express": 104, "new-eleusis": 104, "letters": 61}
GUESSES = ["card is red", "if prev is even then card is odd else card is even", "card.colour == red", ""]


def attempt(r, kind: int, pick: int) -> None:
    """One action chosen by ``kind``; ``pick`` chooses its arguments.  Many are illegal on purpose."""
    rng = random.Random(pick)
    players = r.players
    me = r.current_player or players[0]
    anyone = rng.choice(players)
    hand = r.hand(me) if not r.physical else []
    if kind == 0 and hand:
        if r.variant == "gardner":
            options = r.can_try(me) or hand
            r.play(me, rng.choice(options))
        elif r.variant == "new-eleusis":
            r.play(
                me,
                rng.sample(hand, rng.randint(1, min(4, len(hand)))),
                prophet_says=rng.choice([None, True, False]),
            )
        else:
            r.play(me, rng.choice(hand))
    elif kind == 1:
        r.play(me, rng.choice(deck("letters" if r.variant == "letters" else "standard")))
    elif kind == 2:
        other = rng.choice([p for p in players if p != me])
        r.play(other, r.hand(other)[0] if r.hand(other) else "AS")
    elif kind == 3:
        r.no_play(me)
    elif kind == 4:
        r.guess(anyone, rng.choice(GUESSES))
    elif kind == 5:
        r.declare_prophet(anyone)
    elif kind == 6:
        r.undo()
    elif kind == 7:
        r.overrule_guess(rng.random() < 0.5)
    elif kind == 8:
        r.give_hint()
    elif kind == 9:
        r.play(me, [Card.parse("blank")] * 5)


@settings(max_examples=40)
@given(
    variant=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 10_000),
    actions=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 10_000)), max_size=50),
)
def test_random_actions_keep_the_invariants(variant, seed, actions):
    players = ["Ana", "Ben", "Cy", "Dee"]
    r = new_round(variant, players, RULES[variant], seed=seed)
    for kind, pick in actions:
        before = r.to_json()
        try:
            attempt(r, kind, pick)
        except GameError:
            assert r.to_json() == before, "a refused action changed the round"
        # Cards are conserved: every physical card is in exactly one place.
        located = Counter(c for where in r.all_cards().values() for c in where)
        assert sum(located.values()) == SIZE[variant] + 52 * r._state.refreshes
        assert max(located.values()) == 1
        assert (r.current_player is None) == r.is_over
    text = r.to_json()
    assert load_round(text).to_json() == text
    scores = r.scores()
    assert len(scores.players) == len(players)


@settings(max_examples=15)
@given(variant=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10_000), cut=st.integers(0, 40))
def test_undo_then_replay_the_same_actions_gives_the_same_round(variant, seed, cut):
    r = new_round(variant, ["Ana", "Ben", "Cy"], RULES[variant], seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if r.is_over:
            break
        with contextlib.suppress(GameError):  # illegal attempts are simply refused
            attempt(r, rng.choice([0, 0, 0, 3, 4, 5]), rng.randrange(10_000))
    text = r.to_json()
    actions = [e for e in r.events if e.is_action]
    if not actions:
        return
    last = r.undo()
    r.apply(last.to_action())
    assert r.to_json() == text
