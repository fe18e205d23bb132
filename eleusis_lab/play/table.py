"""What lies on the table: the mainline, the sidelines under it, New Eleusis markers, Gardner's wrong cards.

These are small frozen values handed out by a :class:`~eleusis_lab.play.round.Round`; the round
derives them from its event log, so changing them can never change the round.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from eleusis_lab.cards import Card
from eleusis_lab.display import draw_as

__all__ = ["Marker", "Observation", "SidelinePlay", "Table", "WrongCard", "fits_in_turn"]


@dataclass(frozen=True, slots=True)
class SidelinePlay:
    """Cards rejected after one mainline card: who played them and at which event.

    ``cards`` has several cards only for a New Eleusis string.  ``returned`` is True when the card went
    back to the player (Gardner's wrong cards, the letter game): the sideline then only records the
    attempt as evidence, the physical card is elsewhere.
    """

    cards: tuple[Card, ...]
    player: str
    event_index: int
    returned: bool = False


MarkerKind = Literal["white", "black", "prophet"]
#: What a judgement was: a play, a no-play (each card of the shown hand), or a starter the dealer turned up.
ObservationKind = Literal["play", "no-play", "starter"]
#: Why a round ended (``RoundEnded.reason``; the log keeps it as text).
EndReason = Literal["out", "guessed", "stock", "blocked", "no-play", "expelled", "counted", "turns"]
#: A round's phase: ``play``, Gardner's two halves, or ``over``.
Phase = Literal["play", "first-half", "second-half", "over"]


@dataclass(frozen=True, slots=True)
class Marker:
    """A New Eleusis marker: ``white`` every 10th card, ``prophet`` (a black marker) on the prophet's card,
    ``black`` every 10th card after it.  ``count`` is the number of cards played when it was placed;
    ``mainline_index`` is where the marked card lies (its own index if accepted, else the index of the
    mainline card whose sideline holds it) and ``on_mainline`` says which."""

    kind: MarkerKind
    count: int
    card: Card
    mainline_index: int
    on_mainline: bool
    event_index: int

    @property
    def is_black(self) -> bool:
        return self.kind in ("black", "prophet")


@dataclass(frozen=True, slots=True)
class WrongCard:
    """One of Gardner's wrong cards kept face up before a player, and the mainline card it tried to follow."""

    card: Card
    player: str
    mainline_index: int
    event_index: int


@dataclass(frozen=True, slots=True)
class Observation:
    """One judgement seen by everybody: ``cards`` tried after ``mainline`` were ``accepted`` or not.

    ``kind`` is ``play``, ``no-play`` (a correct no-play rejects each card of the hand; a wrong one shows
    the card the dealer played as accepted) or ``starter`` (Express: cards turned up that could not
    start the line).  A rejected New Eleusis string means "not all of them fit".
    """

    mainline: tuple[Card, ...]
    cards: tuple[Card, ...]
    accepted: bool
    player: str = ""
    event_index: int = -1
    kind: ObservationKind = "play"

    @property
    def card(self) -> Card:
        """The single card judged (the first card of a string)."""
        return self.cards[0]


@dataclass(frozen=True)
class Table:
    """A snapshot of the table: mainline (starter first), sidelines per card, markers, wrong cards."""

    mainline: tuple[Card, ...]
    sidelines: tuple[tuple[SidelinePlay, ...], ...]
    markers: tuple[Marker, ...] = ()
    wrong_cards: dict[str, tuple[WrongCard, ...]] = field(default_factory=dict)

    @property
    def top(self) -> Card | None:
        """The last mainline card, or None before the starter."""
        return self.mainline[-1] if self.mainline else None

    def sideline_cards(self) -> list[Card]:
        """Every rejected card on the table, in mainline order."""
        return [c for column in self.sidelines for play in column for c in play.cards]

    def _repr_html_(self) -> str | None:
        """The table's picture in a notebook, as :mod:`eleusis_lab.render` registers it."""
        return draw_as("table", "html", self)


#: ``Card.sort_key`` remembered per card (hands are sorted on every look; the key is not cheap).
card_order = functools.cache(Card.sort_key)


def count_designs(cards: Sequence[Card]) -> dict[Card, int]:
    """How many of each printed face (copies merged) are among ``cards``."""
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c.design] = counts.get(c.design, 0) + 1
    return counts


def fits_in_turn(rule: Any, cards: Sequence[Card], mainline: Sequence[Card], player: Any = None) -> bool:
    """Does every card of ``cards`` fit ``rule``, each played after the ones before it (a New Eleusis
    string fits only as a whole)?  ``player`` is the ``PlayerInfo`` for player-dependent rules."""
    line = list(mainline)
    for card in cards:
        if not rule.accepts(card, line, player):
            return False
        line.append(card)
    return True
