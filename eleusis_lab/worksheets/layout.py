"""Layouts: a mainline with its sidelines, made by simulated play under a secret rule.

A simulated player holds a small hand drawn from a shuffled deck and, on each turn, plays a card the
rule accepts with some probability (``skill``) or else any card; the rule judges it with
``rule.accepts``.  The random source is a :class:`random.Random` seeded by the caller, so the same
seed always makes the same layout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from eleusis_lab.cards import Card


class Judge(Protocol):
    """Anything with the rule contract's ``accepts`` (an :class:`eleusis_lab.rules.Rule`)."""

    def accepts(self, card: Card, mainline: Sequence[Card]) -> bool: ...


@dataclass(frozen=True)
class Play:
    """One judged play of the layout: ``card`` tried on ``mainline[:after + 1]``."""

    order: int  # 1-based play order (the starter is not a play)
    after: int  # 0-based index of the mainline card it tried to follow
    card: Card
    accepted: bool

    def situation(self, layout: Layout) -> tuple[Card, ...]:
        """The mainline as it stood when this card was played."""
        return layout.mainline[: self.after + 1]


@dataclass(frozen=True)
class Layout:
    """The evidence on the table: the mainline (starter first), sidelines, and the plays in order."""

    mainline: tuple[Card, ...]
    sidelines: tuple[tuple[Card, ...], ...]  # sidelines[i]: cards rejected after mainline[i]
    plays: tuple[Play, ...]

    def evidence(self) -> Iterator[tuple[Play, tuple[Card, ...]]]:
        """Every judged play with the mainline it was judged against (the starter is not judged)."""
        for p in self.plays:
            yield p, p.situation(self)

    def where(self, play: Play) -> str:
        """Where a play lies on the table, in words a student can find: ``mainline card 5``."""
        if play.accepted:
            return f"mainline card {play.after + 2}"
        return f"sideline under mainline card {play.after + 1}"

    def place_of(self, play: Play) -> tuple[int, int]:
        """(column, row) of a play: mainline cards are row 0, sideline cards rows 1, 2, …"""
        if play.accepted:
            return play.after + 1, 0
        row = 1
        for q in self.plays:
            if q.order >= play.order:
                break
            if not q.accepted and q.after == play.after:
                row += 1
        return play.after, row

    @property
    def size(self) -> int:
        return len(self.mainline) + sum(len(s) for s in self.sidelines)

    def with_refusals(self, refusals: Sequence[tuple[int, Card]]) -> Layout:
        """The layout with more rejected cards: ``(after, card)`` tried on ``mainline[:after + 1]``.

        Each is played after the cards already refused there and before the card accepted next, so the
        plays stay in an order a round could have had."""
        plays = list(self.plays)
        for after, card in refusals:
            at = next((k for k, q in enumerate(plays) if q.accepted and q.after == after), len(plays))
            plays.insert(at, Play(order=0, after=after, card=card, accepted=False))
        plays = [Play(k + 1, q.after, q.card, q.accepted) for k, q in enumerate(plays)]
        sidelines = [list(s) for s in self.sidelines]
        for after, card in refusals:
            sidelines[after].append(card)
        return Layout(self.mainline, tuple(tuple(s) for s in sidelines), tuple(plays))


@dataclass(frozen=True)
class LayoutShape:
    """How long a layout should be and how often the simulated player errs."""

    mainline: int  # cards on the mainline, starter included
    max_sidelines: int  # total sideline cards at most
    skill: float  # chance a turn plays a card the rule accepts (if the hand has one)
    min_sidelines: int = 2  # fewer rejected cards than this make a poor puzzle: deal again
    hand: int = 6
    max_per_column: int = 2  # a column of more than this many sideline cards does not fit the page


def simulate(rule: Judge, cards: Sequence[Card], rng: random.Random, shape: LayoutShape) -> Layout:
    """Play under ``rule`` until the mainline has ``shape.mainline`` cards; raise ``ValueError`` if stuck."""
    stock = list(cards)
    rng.shuffle(stock)
    starter_at = next((i for i, c in enumerate(stock) if rule.accepts(c, ())), None)
    if starter_at is None:
        raise ValueError("no card of the deck is accepted as a starter")
    mainline = [stock.pop(starter_at)]
    sidelines: list[list[Card]] = [[]]
    plays: list[Play] = []
    hand = [stock.pop() for _ in range(min(shape.hand, len(stock)))]
    wrong = 0
    turns = 0
    while len(mainline) < shape.mainline:
        turns += 1
        if not hand or turns > 400:
            raise ValueError("the simulated round ran out of cards before the layout was long enough")
        good = [c for c in hand if rule.accepts(c, mainline)]
        column_full = len(sidelines[-1]) >= shape.max_per_column
        want_right = wrong >= shape.max_sidelines or column_full or rng.random() < shape.skill
        if want_right and good:
            card = rng.choice(good)
        elif want_right:
            # Nothing in hand fits: the player declares "no play" and takes a fresh hand.
            stock[:0] = hand
            hand = [stock.pop() for _ in range(min(shape.hand, len(stock)))]
            continue
        else:
            bad = [c for c in hand if c not in good]
            card = rng.choice(bad or hand)
        hand.remove(card)
        accepted = rule.accepts(card, mainline)
        plays.append(Play(order=len(plays) + 1, after=len(mainline) - 1, card=card, accepted=accepted))
        if accepted:
            mainline.append(card)
            sidelines.append([])
        else:
            sidelines[-1].append(card)
            wrong += 1
        if stock:
            hand.append(stock.pop())
    return Layout(
        mainline=tuple(mainline),
        sidelines=tuple(tuple(s) for s in sidelines),
        plays=tuple(plays),
    )
