"""The event log: frozen records of everything that happened in a round, and their JSON form.

A round is its seed plus this log; the table, the hands, the stock, the turn and the scores are folds
over it.  *Actions* (``is_action``) are what a person did (play, declare no play, guess, overrule,
declare prophet, hint …); the other events are what those actions caused (penalty draws, markers,
expulsions, the end).  ``undo`` drops the last action together with everything it caused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from eleusis_lab.cards import Card, card_from_json, card_to_json
from eleusis_lab.play import actions as act

__all__ = [
    "EVENT_TYPES",
    "CardsCounted",
    "ConfidenceStated",
    "Dealt",
    "Event",
    "Expelled",
    "GuessDeclined",
    "GuessOverruled",
    "Guessed",
    "HalfEnded",
    "HintBought",
    "HintGiven",
    "MarkerPlaced",
    "NoPlayDeclared",
    "PenaltyDrawn",
    "Played",
    "ProphetDeclared",
    "ProphetOverthrown",
    "RoundEnded",
    "StarterPlaced",
    "StarterTurned",
    "StockRefreshed",
    "event_from_json",
    "event_to_json",
]


@dataclass(frozen=True)
class Event:
    """Base of all events; ``type`` names it in the saved JSON."""

    type: ClassVar[str] = "event"
    is_action: ClassVar[bool] = False
    # Fields holding one card (or None) and fields holding a tuple of cards, for the JSON codec.
    card_fields: ClassVar[tuple[str, ...]] = ()
    cards_fields: ClassVar[tuple[str, ...]] = ()

    def describe(self) -> str:
        """One line for a log view."""
        parts = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Card):
                value = str(value)
            elif isinstance(value, tuple) and value and isinstance(value[0], Card):
                value = " ".join(str(c) for c in value) if len(value) <= 8 else f"{len(value)} cards"
            parts.append(f"{f.name}={value}")
        return f"{self.type}: " + ", ".join(parts)

    def to_action(self) -> act.Action:
        """The action this event records (only for ``is_action`` events)."""
        raise ValueError(f"a {self.type} event is not something a person does")


@dataclass(frozen=True)
class Dealt(Event):
    """The shuffled deck, top first (derived from the seed unless a stacked deck was given), and who starts.

    The variant deals hands from it in a fixed way; an empty deck means a physical round (real cards).
    """

    type: ClassVar[str] = "dealt"
    cards_fields: ClassVar[tuple[str, ...]] = ("deck",)
    deck: tuple[Card, ...]
    first_player: str | None
    announcement: str | None = None


@dataclass(frozen=True)
class StarterTurned(Event):
    """The starter card; ``rejected`` are cards turned up before it that the rule refused (Express)."""

    type: ClassVar[str] = "starter-turned"
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    cards_fields: ClassVar[tuple[str, ...]] = ("rejected",)
    card: Card
    rejected: tuple[Card, ...] = ()


@dataclass(frozen=True)
class StarterPlaced(Event):
    """Physical round: the teacher enters the starter card that was turned up."""

    type: ClassVar[str] = "starter-placed"
    is_action: ClassVar[bool] = True
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    card: Card

    def to_action(self) -> act.Action:
        return act.PlaceStarter(self.card)


@dataclass(frozen=True)
class Played(Event):
    """A player played ``cards`` (one, or a New Eleusis string); the dealer judged them ``accepted``.

    ``prophet_says`` is the New Eleusis prophet's call (None without a prophet).
    """

    type: ClassVar[str] = "played"
    is_action: ClassVar[bool] = True
    cards_fields: ClassVar[tuple[str, ...]] = ("cards",)
    player: str
    cards: tuple[Card, ...]
    accepted: bool
    prophet_says: bool | None = None

    def to_action(self) -> act.Action:
        return act.Play(self.player, self.cards, self.prophet_says)


@dataclass(frozen=True)
class NoPlayDeclared(Event):
    """A player declared that no card of their hand fits; ``correct`` is the dealer's judgement.

    When wrong, the dealer played ``dealer_card`` from that hand onto the mainline.  In a physical
    round ``shown`` is the hand the player showed.
    """

    type: ClassVar[str] = "no-play"
    is_action: ClassVar[bool] = True
    card_fields: ClassVar[tuple[str, ...]] = ("dealer_card",)
    cards_fields: ClassVar[tuple[str, ...]] = ("shown",)
    player: str
    correct: bool
    dealer_card: Card | None = None
    prophet_says: bool | None = None
    shown: tuple[Card, ...] = ()

    def to_action(self) -> act.Action:
        # Only a physical round records the hand shown (the engine knows the others).
        return act.NoPlay(self.player, self.dealer_card, self.shown or None, self.prophet_says)


@dataclass(frozen=True)
class HandReplaced(Event):
    """After a correct no-play the hand is put away and a new hand of ``size`` cards is drawn."""

    type: ClassVar[str] = "hand-replaced"
    player: str
    size: int


@dataclass(frozen=True)
class PenaltyDrawn(Event):
    """``player`` draws ``count`` cards from the stock (``drawn`` of them were there); ``reason`` says why."""

    type: ClassVar[str] = "penalty"
    player: str
    count: int
    drawn: int
    reason: str


@dataclass(frozen=True)
class StockRefreshed(Event):
    """Express option: another shuffled 52-card deck becomes the stock."""

    type: ClassVar[str] = "stock-refreshed"
    cards_fields: ClassVar[tuple[str, ...]] = ("cards",)
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Guessed(Event):
    """A player stated the rule: as rule ``text`` and/or in ``words``; ``correct`` is the engine's check
    (None when only words were given and the dealer must judge); ``counterexample`` explains a mismatch."""

    type: ClassVar[str] = "guessed"
    is_action: ClassVar[bool] = True
    player: str
    text: str | None
    words: str | None
    correct: bool | None
    counterexample: str | None = None

    def to_action(self) -> act.Action:
        return act.Guess(self.player, self.text, self.words)


@dataclass(frozen=True)
class GuessDeclined(Event):
    """The solo protocol: after the last turn's play the player did not guess; the round ends."""

    type: ClassVar[str] = "no-guess"
    is_action: ClassVar[bool] = True
    player: str

    def to_action(self) -> act.Action:
        return act.DeclineGuess(self.player)


@dataclass(frozen=True)
class GuessOverruled(Event):
    """The dealer's final word on the last guess."""

    type: ClassVar[str] = "guess-overruled"
    is_action: ClassVar[bool] = True
    correct: bool

    def to_action(self) -> act.Action:
        return act.OverruleGuess(self.correct)


@dataclass(frozen=True)
class ProphetDeclared(Event):
    """New Eleusis: a player becomes prophet at the end of their turn; ``rule_text`` is the rule they
    will judge by, if they gave one (else their calls are entered with each play)."""

    type: ClassVar[str] = "prophet-declared"
    is_action: ClassVar[bool] = True
    player: str
    rule_text: str | None = None

    def to_action(self) -> act.Action:
        return act.DeclareProphet(self.player, self.rule_text)


@dataclass(frozen=True)
class ProphetOverthrown(Event):
    """The dealer overruled the prophet: black markers come off, the prophet draws 5 and plays again."""

    type: ClassVar[str] = "prophet-overthrown"
    player: str


@dataclass(frozen=True)
class MarkerPlaced(Event):
    """A New Eleusis marker on the ``count``-th card played (``white``, ``black`` or ``prophet``)."""

    type: ClassVar[str] = "marker"
    kind: str
    count: int


@dataclass(frozen=True)
class Expelled(Event):
    """New Eleusis sudden death: a player who played wrong leaves the round (keeping their cards)."""

    type: ClassVar[str] = "expelled"
    player: str


@dataclass(frozen=True)
class HalfEnded(Event):
    """Gardner: the first half is over; ``wrong_cards`` per player give the dealer's score."""

    type: ClassVar[str] = "half-ended"
    is_action: ClassVar[bool] = False
    wrong_cards: tuple[int, ...]


@dataclass(frozen=True)
class HalfEndedByTeacher(HalfEnded):
    """Physical Gardner round: the teacher says the first half is over."""

    type: ClassVar[str] = "half-ended-by-teacher"
    is_action: ClassVar[bool] = True

    def to_action(self) -> act.Action:
        return act.EndHalf()


@dataclass(frozen=True)
class HintGiven(Event):
    """The dealer gave everybody a hint (free, or bought by a player in Express)."""

    type: ClassVar[str] = "hint"
    is_action: ClassVar[bool] = True
    text: str
    #: the players agreed to a hint given after play had begun [000]
    consented: bool = False

    def to_action(self) -> act.Action:
        return act.GiveHint(self.text, consented=self.consented)


@dataclass(frozen=True)
class HintBought(Event):
    """Express option: before playing, ``player`` draws one card and the dealer gives a hint, ``text``."""

    type: ClassVar[str] = "hint-bought"
    is_action: ClassVar[bool] = True
    player: str
    text: str

    def to_action(self) -> act.Action:
        return act.BuyHint(self.player, self.text)


@dataclass(frozen=True)
class CardsCounted(Event):
    """Physical round: the teacher enters each player's cards left; this ends the round."""

    type: ClassVar[str] = "cards-counted"
    is_action: ClassVar[bool] = True
    counts: tuple[int, ...]

    def to_action(self) -> act.Action:
        return act.Finish(self.counts)


@dataclass(frozen=True)
class ConfidenceStated(Event):
    """``player`` said how sure they are (``percent``) of ``about`` (a rule text, or their current idea).
    Nothing on the table changes; calibration lessons read these from the log."""

    type: ClassVar[str] = "confidence"
    is_action: ClassVar[bool] = True
    player: str
    percent: int
    about: str | None = None

    def to_action(self) -> act.Action:
        return act.StateConfidence(self.player, self.percent, self.about)


@dataclass(frozen=True)
class RoundEnded(Event):
    """The round is over: ``reason`` (one of :data:`~eleusis_lab.play.table.EndReason`: ``out``,
    ``guessed``, ``stock``, ``blocked``, ``no-play``, ``expelled``, ``counted``, ``turns``) and the player
    who caused it, if any.  (``reason`` is annotated ``str``: the save's decoder checks field types by
    their annotation, and the fold only ever writes the reasons ``Round._end`` takes.)"""

    type: ClassVar[str] = "round-ended"
    reason: str
    player: str | None = None


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        Dealt,
        StarterTurned,
        StarterPlaced,
        Played,
        NoPlayDeclared,
        HandReplaced,
        PenaltyDrawn,
        StockRefreshed,
        Guessed,
        GuessDeclined,
        GuessOverruled,
        ProphetDeclared,
        ProphetOverthrown,
        MarkerPlaced,
        Expelled,
        HalfEnded,
        HalfEndedByTeacher,
        HintGiven,
        HintBought,
        CardsCounted,
        ConfidenceStated,
        RoundEnded,
    )
}


def event_to_json(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": ..., field: value ...}``, cards as text (``7♥#1`` for copy 1)."""
    out: dict[str, Any] = {"type": event.type}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name in event.card_fields:
            value = None if value is None else card_to_json(value)
        elif f.name in event.cards_fields:
            value = [card_to_json(c) for c in value]
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


_SCALARS = {"str": str, "int": int, "bool": bool}


def _check_scalar(cls: type[Event], name: str, annotation: str, value: Any) -> Any:
    """Check a decoded value against its field's annotation (``str``, ``int | None``, ``tuple[int, ...]``)."""
    options = [a.strip() for a in annotation.split("|")]
    if value is None:
        if "None" in options:
            return None
        raise ValueError(f"{cls.type} event: {name} must not be empty")
    if options[0].startswith("tuple["):
        inner = options[0][6:].split(",")[0].strip()
        if not isinstance(value, list) or not all(type(v) is _SCALARS[inner] for v in value):
            raise ValueError(f"{cls.type} event: {name} must be a list of {inner}")
        return tuple(value)
    for option in options:
        kind = _SCALARS.get(option)
        if kind is not None and type(value) is kind:
            return value
    raise ValueError(f"{cls.type} event: {name} has a wrong type ({type(value).__name__})")


def guesser(events: Sequence[Event]) -> str | None:
    """Who found the rule, by the log alone: the last guess judged correct and not overruled."""
    found = None
    last: Guessed | None = None
    for e in events:
        if isinstance(e, Guessed):
            last = e
            found = e.player if e.correct else None
        elif isinstance(e, GuessOverruled) and last is not None:
            found = last.player if e.correct else None
    return found


def event_from_json(data: Any) -> Event:
    """Rebuild an event from :func:`event_to_json`'s dict; raise ``ValueError`` saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"an event must be an object, found {type(data).__name__}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ValueError(f"{cls.type} event has unknown fields: {', '.join(sorted(extra))}")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise ValueError(f"{cls.type} event is missing {name!r}")
            continue
        value = data[name]
        if name in cls.card_fields:
            kwargs[name] = None if value is None else card_from_json(value)
        elif name in cls.cards_fields:
            if not isinstance(value, list):
                raise ValueError(f"{cls.type} event: {name} must be a list of cards")
            kwargs[name] = tuple(card_from_json(v) for v in value)
        else:
            kwargs[name] = _check_scalar(cls, name, str(f.type), value)
    return cls(**kwargs)
