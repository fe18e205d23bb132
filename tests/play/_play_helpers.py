"""Helpers for the play tests: stacked decks and a random (legal) player for every variant."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Sequence
from functools import partial

from eleusis_lab.cards import Card, deck, parse_cards
from eleusis_lab.play import GameError, Round, new_round

DECK_OF = {"express": "double", "new-eleusis": "double", "gardner": "standard", "letters": "letters"}
RULE_OF = {
    "express": "card.color != prev.color",
    "new-eleusis": "card.color != prev.color",
    "gardner": "card.suit == prev.suit or card.rank == prev.rank",
    "letters": "letters-cycle",
}


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def stacked(
    variant: str,
    hands: Sequence[str],
    *,
    hand_size: int | None = None,
    stock: str = "",
    starter: str | None = None,
) -> list[Card]:
    """A deck order that deals ``hands`` (card texts, one string per player) and puts ``stock`` next.

    The rest of the deck follows in its standard order.  Hands shorter than ``hand_size`` are filled.
    """
    name = DECK_OF[variant]
    pool = Counter(c.design for c in deck(name))
    copies: Counter[Card] = Counter()

    def take(card: Card) -> Card:
        if pool[card.design] <= 0:
            raise ValueError(f"no {card} left in the deck")
        pool[card.design] -= 1
        physical = card.design.with_copy(copies[card.design])
        copies[card.design] += 1
        return physical

    wanted_hands = [[take(c) for c in parse_cards(h)] if h else [] for h in hands]
    first = take(Card.parse(starter)) if starter else None
    wanted_stock = [take(c) for c in parse_cards(stock)] if stock else []
    rest = []
    for c in deck(name):
        if pool[c.design] > 0:
            pool[c.design] -= 1
            rest.append(take_copy(c, copies))
    rest_iter = iter(rest)
    n = len(hands)
    if variant in ("express", "new-eleusis"):
        size = hand_size or (12 if variant == "express" else 14)
        full = [h + [next(rest_iter) for _ in range(size - len(h))] for h in wanted_hands]
        order = [full[k % n][k // n] for k in range(n * size)]
        if first is not None:
            order.append(first)
        return order + wanted_stock + list(rest_iter)
    if variant == "gardner":
        each = 51 // n
        full = [h + [next(rest_iter) for _ in range(each - len(h))] for h in wanted_hands]
        dealt = [full[k % n][k // n] for k in range(n * each)]
        assert first is not None, "Gardner needs a starter"
        return [first, *dealt, *wanted_stock, *rest_iter]
    each = 60 // n
    full = [h + [next(rest_iter) for _ in range(each - len(h))] for h in wanted_hands]
    dealt = [full[k % n][k // n] for k in range(n * each)]
    assert first is not None, "the letter game needs a starter"
    return [*dealt, *wanted_stock, *rest_iter, first]


def take_copy(card: Card, copies: Counter[Card]) -> Card:
    physical = card.design.with_copy(copies[card.design])
    copies[card.design] += 1
    return physical


def random_step(r: Round, rng: random.Random, *, illegal: float = 0.0) -> str:
    """One random action by the player to move (legal unless the dice say otherwise); returns its name."""
    p = r.current_player
    assert p is not None
    v = r.variant
    if v == "gardner":
        r.play(p, rng.choice(r.can_try(p)))  # type: ignore[attr-defined]
        return "play"
    hand = r.hand(p)
    if v == "letters":
        r.play(p, rng.choice(hand))
        return "play"
    if v == "express":
        if rng.random() < 0.08:
            r.no_play(p)
            kind = "no-play"
        else:
            r.play(p, rng.choice(hand))
            kind = "play"
        if not r.is_over and rng.random() < 0.15:
            text = rng.choice([r.rule.text, "card is red", "card.rank > prev.rank"])
            with contextlib.suppress(GameError):  # not allowed after a wrong play
                r.guess(p, text)
        return kind
    says = None
    if r.prophet is not None and rng.random() < 0.3:
        says = rng.random() < 0.5
    if rng.random() < 0.08:
        r.no_play(p, prophet_says=says)
        return "no-play"
    k = rng.randint(1, min(4, len(hand)))
    r.play(p, rng.sample(hand, k), prophet_says=says)
    if not r.is_over and rng.random() < 0.2 and r.can_become_prophet(p):  # type: ignore[attr-defined]
        r.declare_prophet(p)
    return "play"


def play_out(r: Round, seed: int = 0, *, max_actions: int = 5000) -> int:
    """Play random legal actions until the end; return how many were made."""
    rng = random.Random(seed)
    n = 0
    while not r.is_over:
        random_step(r, rng)
        n += 1
        assert n < max_actions, "the round did not end"
    return n


def fresh(
    variant: str, players: Sequence[str] = ("Ana", "Ben", "Cy"), seed: int = 1, **options: object
) -> Round:
    return new_round(variant, list(players), RULE_OF[variant], seed=seed, **options)


def refused_attempts(r: Round) -> list[partial[object]]:
    """Actions that must all be refused at this moment (the round is not over)."""
    me = r.current_player
    assert me is not None
    other = next(p for p in r.players if p != me)
    hand = r.hand(me)
    if r.variant == "new-eleusis":
        too_many = hand[:5] if len(hand) >= 5 else []
    else:
        too_many = hand[:2] if len(hand) >= 2 else []
    return [
        partial(r.play, other, r.hand(other)[0] if r.hand(other) else "AS"),
        partial(r.play, "Zed", "AS"),
        partial(r.play, me, "11X"),
        partial(r.play, me, 42),
        partial(r.play, me, too_many),
        partial(r.guess, me, "card.colour == red"),
        partial(r.declare_prophet, other),
        partial(r.overrule_guess, "yes"),
        partial(r.give_hint, ""),
        partial(r.hand, "Zed"),
    ]
