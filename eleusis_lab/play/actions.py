"""What a person may do in a round, as small frozen values (OpenSpiel's actions, PettingZoo's moves).

:meth:`Round.legal_actions(player) <eleusis_lab.play.round.Round.legal_actions>` lists what a player may
do now; :meth:`Round.apply(action) <eleusis_lab.play.round.Round.apply>` does it.  Card plays are listed
one by one.  An action that takes something only the person can supply (the text of a guess, a New
Eleusis string of several cards, a stated confidence, the prophet's call) is listed once with those
fields open: ``open`` names them, and :meth:`Action.fits` says whether a filled-in action is one the
listing allows.  Every action event of the log maps back to exactly one action
(:func:`action_of_event`), so loading a save and undo replay actions through ``apply``.

>>> a = Play("Ana", (Card.parse("7H"),))
>>> a, a.fits(Play("Ana", (), open=frozenset({"cards"})))
(Play(Ana, 7♥), False)
>>> Play("Ana", (), open=frozenset({"cards"})).fits(a)
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from eleusis_lab.cards import Card

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play import events as ev

__all__ = [
    "ACTION_TYPES",
    "Action",
    "BuyHint",
    "DeclareProphet",
    "DeclineGuess",
    "EndHalf",
    "Finish",
    "GiveHint",
    "Guess",
    "NoPlay",
    "OverruleGuess",
    "PlaceStarter",
    "Play",
    "StateConfidence",
    "action_of_event",
]


@dataclass(frozen=True)
class Action:
    """Base of the actions.  ``player`` is who acts (None for the dealer's or the teacher's actions);
    ``open`` names the fields a listed action leaves for the person to fill in (not compared)."""

    kind: ClassVar[str] = "action"
    #: True for the dealer's or the teacher's actions (``player`` is then None).
    by_dealer: ClassVar[bool] = False
    open: frozenset[str] = field(default=frozenset(), compare=False, kw_only=True, repr=False)

    @property
    def actor(self) -> str | None:
        return getattr(self, "player", None)

    @property
    def is_template(self) -> bool:
        """True when this is a listing with fields still to be filled in (see :meth:`fits`)."""
        return bool(self.open)

    def fits(self, action: Action) -> bool:
        """Is ``action`` this listed action, its open fields filled in any way (``apply`` checks them)?"""
        if type(action) is not type(self):
            return False
        return all(
            getattr(self, f.name) == getattr(action, f.name)
            for f in dataclasses.fields(self)
            if f.name != "open" and f.name not in self.open
        )

    def filled(self, **values: Any) -> Action:
        """This listed action with open fields filled in (``Guess(...).filled(text="card is red")``)."""
        wrong = set(values) - set(self.open)
        if wrong:
            raise ValueError(f"{', '.join(sorted(wrong))} is not open in {self}")
        return dataclasses.replace(self, open=frozenset(), **values)

    def __repr__(self) -> str:
        parts = []
        for f in dataclasses.fields(self):
            if f.name == "open":
                continue
            value = getattr(self, f.name)
            if f.name in self.open:
                parts.append(f"{f.name}=…")
            elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
                parts.append(" ".join(str(c) for c in value) if value else "no cards")
            elif f.name == "player" or (value is not None and value != f.default):
                shown = str(value) if isinstance(value, Card) else repr(value)
                parts.append(str(value) if f.name in ("player", "card") else f"{f.name}={shown}")
        return f"{type(self).__name__}({', '.join(parts)})"

    __str__ = __repr__


@dataclass(frozen=True, repr=False)
class Play(Action):
    """``player`` plays ``cards`` (one card, or a New Eleusis string in order); ``prophet_says`` is the
    prophet's call entered with it (None: the round follows the prophet's rule, or agrees)."""

    kind: ClassVar[str] = "play"
    player: str
    cards: tuple[Card, ...] = ()
    prophet_says: bool | None = None


@dataclass(frozen=True, repr=False)
class NoPlay(Action):
    """``player`` declares that no card of their hand fits.  ``dealer_card`` is the card a human dealer
    plays from the hand when the declaration is wrong; ``hand`` the hand shown in a physical round."""

    kind: ClassVar[str] = "no-play"
    player: str
    dealer_card: Card | None = None
    hand: tuple[Card, ...] | None = None
    prophet_says: bool | None = None


@dataclass(frozen=True, repr=False)
class Guess(Action):
    """``player`` states the rule, as rule ``text`` (the engine judges) or in ``words`` (the dealer does)."""

    kind: ClassVar[str] = "guess"
    player: str
    text: str | None = None
    words: str | None = None


@dataclass(frozen=True, repr=False)
class DeclineGuess(Action):
    """The solo protocol: after the last turn's play, ``player`` lets the chance to guess go by."""

    kind: ClassVar[str] = "decline-guess"
    player: str


@dataclass(frozen=True, repr=False)
class OverruleGuess(Action):
    """The dealer's final word on the last guess."""

    kind: ClassVar[str] = "overrule-guess"
    by_dealer: ClassVar[bool] = True
    correct: bool


@dataclass(frozen=True, repr=False)
class DeclareProphet(Action):
    """New Eleusis: ``player`` becomes prophet; ``rule_text`` (optional) is the rule their calls follow."""

    kind: ClassVar[str] = "declare-prophet"
    player: str
    rule_text: str | None = None


@dataclass(frozen=True, repr=False)
class GiveHint(Action):
    """The dealer gives everybody a hint (``text`` None: a computer dealer makes one up).  Once play has
    begun a hint needs every player's consent [000]: ``consented`` says they gave it (the log keeps it)."""

    kind: ClassVar[str] = "give-hint"
    by_dealer: ClassVar[bool] = True
    text: str | None = None
    consented: bool = False


@dataclass(frozen=True, repr=False)
class BuyHint(Action):
    """Express option: before playing, ``player`` draws a card and the dealer gives a hint."""

    kind: ClassVar[str] = "buy-hint"
    player: str
    text: str | None = None


@dataclass(frozen=True, repr=False)
class PlaceStarter(Action):
    """Physical round: the teacher enters the starter card that was turned up."""

    kind: ClassVar[str] = "place-starter"
    by_dealer: ClassVar[bool] = True
    card: Card | None = None


@dataclass(frozen=True, repr=False)
class EndHalf(Action):
    """Physical Gardner round: the teacher says the first half is over."""

    kind: ClassVar[str] = "end-half"
    by_dealer: ClassVar[bool] = True


@dataclass(frozen=True, repr=False)
class Finish(Action):
    """Physical round: the teacher enters each player's cards left (turn order); the round ends."""

    kind: ClassVar[str] = "finish"
    by_dealer: ClassVar[bool] = True
    counts: tuple[int, ...] = ()


@dataclass(frozen=True, repr=False)
class StateConfidence(Action):
    """``player`` says how sure they are (0-100 %) of ``about`` (a rule text, or None: their current
    idea).  It changes nothing on the table; the log keeps it for calibration (lesson 10)."""

    kind: ClassVar[str] = "state-confidence"
    player: str
    percent: int | None = None
    about: str | None = None


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        Play,
        NoPlay,
        Guess,
        DeclineGuess,
        OverruleGuess,
        DeclareProphet,
        GiveHint,
        BuyHint,
        PlaceStarter,
        EndHalf,
        Finish,
        StateConfidence,
    )
}


def action_of_event(event: ev.Event) -> Action:
    """The one action that an action event of the log records (``ValueError`` for other events)."""
    if not event.is_action:
        raise ValueError(f"a {event.type} event is not something a person does")
    return event.to_action()
