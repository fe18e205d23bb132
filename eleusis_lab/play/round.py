"""A round of Eleusis: a seed plus an event log, with the table, hands, stock and turn derived from it.

:class:`Round` holds what every variant shares: the log and its fold, the checks that refuse an
action without changing anything, undo, evidence, saving.  Each variant (Gardner, Express, New
Eleusis, the letter deck) is a subclass that deals, judges and ends the round in its own way.

Every action follows the same pattern: :meth:`Round.refusal` says first whether it may be done now
(a :class:`GameError` that says why in one sentence, or None; the variants describe their own
refusals, and :meth:`Round.legal_actions` lists exactly the candidates it lets through), then the
action appends events one by one, each folded into the derived state at once.  If anything unexpected
fails half-way, the log is cut back and replayed, so a refused or failed action never leaves a trace.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from eleusis_lab.cards import Card
from eleusis_lab.cards import deck as make_deck
from eleusis_lab.files import write_atomically
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import (
    Action,
    BuyHint,
    DeclareProphet,
    DeclineGuess,
    EndHalf,
    Finish,
    GiveHint,
    Guess,
    NoPlay,
    OverruleGuess,
    PlaceStarter,
    Play,
    StateConfidence,
    action_of_event,
)
from eleusis_lab.play.errors import (
    BadGuess,
    BadSave,
    CardNotInHand,
    GameError,
    IllegalAction,
    NotYourTurn,
    RoundOver,
    UnknownPlayer,
    first_clause,
)
from eleusis_lab.play.presentation import Presentation
from eleusis_lab.play.table import (
    EndReason,
    Marker,
    Observation,
    ObservationKind,
    Phase,
    SidelinePlay,
    Table,
    WrongCard,
    card_order,
    count_designs,
    fits_in_turn,
)
from eleusis_lab.play.variant import SHARED_OPTIONS, Capabilities, MatchRules, Option, ScoreColumn

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.rules import PlayerInfo, Rule
    from eleusis_lab.rules.seal import Seal
    from eleusis_lab.scoring import Scores

# The variants (here and outside the package) fold and refuse with these too.
__all__ = [
    "GuessResult",
    "LoggedJudgement",
    "Round",
    "RoundState",
    "Verdict",
    "field_given",
    "reason_against",
]


@dataclass(frozen=True)
class Verdict:
    """The dealer's judgement of one play or no-play, and what followed from it.

    ``penalty`` is the number of cards the player must draw; ``turn_continues`` is True in Gardner's
    second half when the player must try another card; ``dealer_card`` is the card the dealer played
    from the hand after a wrong no-play.
    """

    player: str
    cards: tuple[Card, ...]
    accepted: bool
    penalty: int
    message: str
    ends_round: bool
    kind: Literal["play", "no-play"] = "play"
    dealer_card: Card | None = None
    expelled: bool = False
    prophet_overthrown: bool = False
    turn_continues: bool = False
    event_index: int = -1

    def __bool__(self) -> bool:
        return self.accepted


@dataclass(frozen=True)
class GuessResult:
    """The judgement of a guessed rule: ``correct`` (None while the dealer must judge words), the
    ``counterexample`` showing a difference (from :func:`~eleusis_lab.rules.checks.same_rule`), and
    whether the dealer ``overruled`` the engine."""

    player: str
    text: str | None
    words: str | None
    correct: bool | None
    counterexample: Any
    message: str
    ends_round: bool = False
    penalty: int = 0
    overruled: bool = False
    event_index: int = -1

    def __bool__(self) -> bool:
        return bool(self.correct)


@dataclass(frozen=True)
class TurnBudget:
    """A round played against a clock of turns (solo): the turn under way, the last one, what a wrong
    guess costs, the wrong guesses so far, and whether a guess is judged from the start of the line."""

    turn: int
    max_turns: int
    penalty: int
    wrong_guesses: int
    judged_from_start: bool = True


@dataclass
class LoggedJudgement:
    """One judgement as recorded by the fold; ``mainline_length`` fixes the mainline it followed."""

    mainline_length: int
    cards: tuple[Card, ...]
    accepted: bool
    player: str
    event_index: int
    kind: ObservationKind


@dataclass
class RoundState:
    """Everything derived from the log (mutable, private; the public view hands out copies)."""

    players: tuple[str, ...]
    mainline: list[Card] = field(default_factory=list)
    sidelines: list[list[SidelinePlay]] = field(default_factory=list)
    hands: dict[str, list[Card]] = field(default_factory=dict)
    stock: deque[Card] = field(default_factory=deque)
    set_aside: list[Card] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    turn: str | None = None
    over: ev.RoundEnded | None = None
    # (player, kind, correct) of the last action, while its follow-ups (guess, prophet) are allowed.
    window: tuple[str, str, bool] | None = None
    pending_guess: ev.Guessed | None = None
    last_guess: ev.Guessed | None = None
    last_guess_final: bool | None = None
    guess_penalty_cards: list[Card] = field(default_factory=list)
    guessed_by: str | None = None
    hints: list[str] = field(default_factory=list)
    announcement: str | None = None
    judgements: list[LoggedJudgement] = field(default_factory=list)
    starter_rejected: tuple[Card, ...] = ()
    # Physical rounds
    counts: tuple[int, ...] | None = None
    refreshes: int = 0
    # A variant's own fields live in its subclass of RoundState (Round._state_type): New Eleusis's markers and
    # prophet, Gardner's halves and wrong cards.


#: Open fields of listed actions (see :class:`~eleusis_lab.play.actions.Action`).
_CARDS = frozenset({"cards"})
_TEXT = frozenset({"text"})

#: How one event is folded into a round's state: the round, the event, its index in the log.
Fold = Callable[[Any, Any, int], None]
#: Why one kind of action is refused now: the round, the action; None when it is allowed.
Refuse = Callable[[Any, Any], "GameError | None"]
#: What one kind of action does, once refused nothing: the round, the action; its named method's result.
Perform = Callable[[Any, Any], Any]


#: The actions a gate decides first: a turn's (play, no play) and a guess.
_GATED = frozenset({Play, NoPlay, Guess})


def field_given(action: Action, name: str) -> bool:
    """Is the field ``name`` of ``action`` filled in (not left open by a listing)?"""
    return name not in action.open


def reason_against(check: Callable[[], object]) -> GameError | None:
    """The reason a check of the cards named (which reads, never changes, the round) gives against
    them: the helpers that find a player's card or a physical card say what is wrong by raising."""
    try:
        check()
    except GameError as error:
        return error
    return None


class Round:
    """One round of a variant, driven by actions and derived from its event log.

    Build one with :func:`eleusis_lab.play.new_round`; see the module docstring for the pattern.  A
    variant is a subclass that describes itself with the class attributes below (registered with
    :func:`~eleusis_lab.play.variant.register_variant`) and deals, judges and scores in its own way.
    """

    #: The variant's key (``round.variant`` is the same), other names it is found by, and its title.
    key: ClassVar[str] = "round"
    variant: ClassVar[str] = "round"
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = "Eleusis"
    #: The deck dealt (``standard``, ``double``, ``letters``), and the kind of card a rule must read.
    deck_name: ClassVar[str] = "standard"
    #: The deck less the starter is dealt in equal hands and the remainder set aside (Gardner, letters).
    deals_equally: ClassVar[bool] = False
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int | None] = None
    #: The variant's own options, typed (the shared ones: :data:`~eleusis_lab.play.variant.SHARED_OPTIONS`).
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: What players may do in it, how a match deals it, its score sheet's columns.
    capabilities: ClassVar[Capabilities] = Capabilities()
    match: ClassVar[MatchRules] = MatchRules()
    score_columns: ClassVar[tuple[ScoreColumn, ...]] = ()
    #: How it is shown: title, roles, end phrases, printed score sheet (a variant that names itself
    #: but describes none is shown by its ``title``).
    presentation: ClassVar[Presentation] = Presentation(title="Eleusis")
    #: The derived state the fold fills (a variant with fields of its own subclasses :class:`RoundState`).
    _state_type: ClassVar[type[RoundState]] = RoundState
    #: Each event type's fold, from :meth:`_fold_table` (made once a class, looked up by event type).
    _folds: ClassVar[dict[type[ev.Event], Fold]] = {}
    #: Each action type's refusal, from :meth:`_refusal_table` (made once a class, like the folds).
    _refusals: ClassVar[dict[type[Action], Refuse]] = {}
    #: What each action type the variant has does, from :meth:`_action_table`.
    _actions: ClassVar[dict[type[Action], Perform]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "key" in cls.__dict__:
            cls.variant = cls.key
        cls._folds = cls._fold_table()
        cls._refusals = cls._refusal_table()
        cls._actions = cls._action_table()
        if "title" in cls.__dict__ and "presentation" not in cls.__dict__:
            cls.presentation = Presentation(title=cls.title)

    @classmethod
    def score_counts(cls, left: list[int], **counts: Any) -> Scores:
        """The score calculator for rounds played with real cards: ``left`` and the other
        :attr:`score_columns` (players already turned into indexes)."""
        raise ValueError(f"{cls.title} has no score calculator")

    @classmethod
    def rule_decks(cls) -> tuple[str, ...]:
        """The kinds of card a rule of this variant may read (``letters``, ``standard``; the solo
        protocol takes either and deals two decks of the rule's kind)."""
        return ("letters",) if cls.deck_name == "letters" else ("standard",)

    @classmethod
    def check_rule(cls, rule: Rule) -> None:
        """Refuse (``GameError``) a rule this variant cannot be played with: one reading what its cards
        do not have (the conformance checks pick the library rules a variant plays with by this)."""
        reads = rule.deck
        if reads not in ("any", *cls.rule_decks()):
            what = "letters, inks, shapes or outlines" if reads == "letters" else "ranks, suits or colours"
            raise GameError(f"This rule reads {what}, which the cards of {cls.title} do not have.")

    @classmethod
    def rule_deck_for(cls, rule: Rule | None = None) -> str:
        """The kind of card a secret rule of this variant reads, before any deal: ``letters`` or
        ``standard``.  The one answer to "which deck does the rule read": a round's :meth:`rule_deck`,
        a set-up form's rule check, a hypothesis space and a computer player all ask it.  A variant
        dealing the rule's own kind of card (the solo protocol) answers from ``rule``."""
        return cls.rule_decks()[0]

    def rule_deck(self) -> str:
        """The kind of card this round's rule reads: ``letters`` or ``standard`` (one or two decks)."""
        return self.rule_deck_for(self._rule)

    def deck(self) -> list[Card]:
        """The cards this round is dealt from, in the deck's own order (the seed shuffles them)."""
        return make_deck(self.deck_name)

    @property
    def set_aside_at_deal(self) -> int:
        """How many cards the deal lays aside face down so that every hand is the same size (4 with 7
        letter-deck researchers, 1 in Gardner with 5 players); the same count in a physical round."""
        if not self.deals_equally:
            return 0
        return (len(self.deck()) - 1) % len(self._players)

    @property
    def set_aside_note(self) -> str | None:
        """The boards' line about those cards (RULES.md: "the board says so"), or None when there are none."""
        n = self.set_aside_at_deal
        if not n:
            return None
        were = "card was" if n == 1 else "cards were"
        return f"{n} {were} set aside face down at the deal, so that every hand is the same size."

    def cards_in_play(self) -> list[Card]:
        """Every card that can come into this round (the deck, and any deck shuffled in later): a guess
        is judged on lines as long as these cards can make."""
        return self.deck()

    @classmethod
    def option_types(cls) -> tuple[Option, ...]:
        """Every option a round of this variant takes: the shared ones, then the variant's."""
        return SHARED_OPTIONS + cls.OPTIONS

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """The variant's own options and their defaults."""
        return {o.name: o.default for o in cls.OPTIONS}

    def __init__(
        self,
        players: Sequence[str],
        rule: Rule,
        *,
        seed: int | None = None,
        dealer: str | None = None,
        physical: bool = False,
        deck_order: Sequence[Card | str] | None = None,
        starter: Card | str | None = None,
        announcement: str | None = None,
        seal: Seal | None = None,
        _dealt: ev.Dealt | None = None,
        _stacked: bool = False,
        **options: Any,
    ) -> None:
        self._players = self._check_players(players, dealer)
        self._dealer = dealer
        self._rule = rule
        self.check_rule(rule)
        if seed is None:
            seed = secrets.randbelow(2**62)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"The seed must be a whole number, not {seed!r}.")
        self._seed = seed
        self._physical = bool(physical)
        self._options = self._check_options(options)
        self._stacked = deck_order is not None or _stacked
        self._seat = {name: i for i, name in enumerate(self._players)}
        self._infos: dict[str, PlayerInfo] = {}
        self._events: list[ev.Event] = []
        self._state = self._state_type(self._players)
        if seal is None:
            from eleusis_lab.rules.seal import Seal

            # A fresh salt from `secrets`, kept in the round's save: a salt that followed from the seed
            # would let anyone who knows the seed test library rules against the fingerprint.
            seal = Seal.commit(rule)
        self._seal = seal
        if _dealt is None:
            _dealt = self._make_dealt(deck_order, announcement)
        else:
            self._check_dealt(_dealt)
        self._emit(_dealt)
        self._after_deal()
        if starter is not None:
            if not self._physical:
                raise GameError("A starter card can only be given for a physical round (physical=True).")
            self.place_starter(starter)

    # ------------------------------------------------------------------ setup -------------------
    def _check_players(self, players: Sequence[str], dealer: str | None) -> tuple[str, ...]:
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise GameError("Players must be given as a list of names.")
        names = tuple(players)
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise GameError("Every player needs a name.")
        if len(set(names)) != len(names):
            raise GameError("Two players have the same name; give each player a different name.")
        if len(names) < self.min_players:
            raise GameError(f"{self.title} needs at least {self.min_players} players besides the dealer.")
        if self.max_players is not None and len(names) > self.max_players:
            many = "one player" if self.max_players == 1 else f"at most {self.max_players} players"
            raise GameError(f"{self.title} is played by {many}.")
        if dealer is not None and dealer in names:
            raise GameError(f"{dealer} is the dealer and cannot also be a player.")
        return names

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        types = {o.name: o for o in self.OPTIONS}
        unknown = set(options) - set(types)
        if unknown:
            known = ", ".join(sorted(types)) or "none"
            raise GameError(f"Unknown option {sorted(unknown)[0]!r} for {self.title} (its options: {known}).")
        merged = {**self.defaults(), **options}
        self._validate_options(merged)
        for name, option in types.items():
            merged[name] = option.check(merged[name])
        return merged

    def _validate_options(self, options: dict[str, Any]) -> None:
        """Variants check what the option types cannot say here (raise GameError); the types are checked
        after this."""

    def _rng(self, purpose: str) -> random.Random:
        """A random stream for one purpose, fixed by the seed (so replays draw the same)."""
        return random.Random(f"{self._seed}/{purpose}")

    def _shuffled_deck(self) -> list[Card]:
        cards = self.deck()
        random.Random(self._seed).shuffle(cards)
        return cards

    def _make_dealt(self, deck_order: Sequence[Card | str] | None, announcement: str | None) -> ev.Dealt:
        if announcement is None and getattr(self._rule, "uses_player", False):
            announcement = "The rule depends on who plays the card."
        if self._physical:
            if deck_order is not None:
                raise GameError("A physical round is played with real cards: do not give a deck order.")
            return ev.Dealt((), self._first_player(), announcement)
        if deck_order is None:
            cards = self._shuffled_deck()
        else:
            from eleusis_lab.cards import as_card

            try:
                cards = [as_card(c) for c in deck_order]
            except ValueError as e:
                raise GameError(f"The deck order has a bad card: {e}.") from None
            self._check_permutation(cards)
        return ev.Dealt(tuple(cards), self._first_player(), announcement)

    def _check_permutation(self, cards: Sequence[Card]) -> None:
        if sorted(cards, key=card_order) != sorted(self.deck(), key=card_order):
            raise GameError(f"The deck order must hold each card of the {self.deck_name} deck exactly once.")

    def _check_dealt(self, dealt: ev.Dealt) -> None:
        """On load: the deal must be the seed's shuffle (or a full deck if it was stacked)."""
        if self._physical:
            if dealt.deck:
                raise GameError("A physical round has no dealt deck.")
        elif self._stacked:
            self._check_permutation(dealt.deck)
        elif list(dealt.deck) != self._shuffled_deck():
            raise GameError("The dealt deck does not match the round's seed.")
        if dealt.first_player != self._first_player():
            raise GameError("The first player does not match the round's seed.")

    def _first_player(self) -> str:
        return self._players[0]

    def _after_deal(self) -> None:
        """Consequences of the deal (the starter card); emitted by variants."""

    # ------------------------------------------------------------------ public view -------------
    @property
    def players(self) -> list[str]:
        """The players' names in turn order (the dealer is not among them)."""
        return list(self._players)

    @property
    def dealer(self) -> str | None:
        """The dealer's name, or None for the computer dealer."""
        return self._dealer

    @property
    def rule(self) -> Rule:
        """The secret rule (a board should not show it before the reveal)."""
        return self._rule

    @property
    def seal(self) -> Seal:
        """The sealed commitment to the rule, shown to the class before play."""
        return self._seal

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def options(self) -> dict[str, Any]:
        """The variant options in force (defaults filled in), plus ``physical``."""
        return {**self._options, "physical": self._physical}

    @property
    def physical(self) -> bool:
        """True when the class plays with real cards and the engine only judges and keeps the record."""
        return self._physical

    @property
    def current_player(self) -> str | None:
        """Whose turn it is, or None when the round is over (or a physical round awaits its starter)."""
        return None if self._state.over else self._state.turn

    @property
    def is_over(self) -> bool:
        return self._state.over is not None

    @property
    def end(self) -> ev.RoundEnded | None:
        """The event that ended the round (its ``reason`` and ``player``), or None."""
        return self._state.over

    @property
    def events(self) -> tuple[ev.Event, ...]:
        return tuple(self._events)

    @property
    def mainline(self) -> list[Card]:
        """Accepted cards, starter first."""
        return list(self._state.mainline)

    @property
    def turn_budget(self) -> TurnBudget | None:
        """The clock of a round played against a number of turns (solo); None at a table, which has none."""
        return None

    @property
    def top(self) -> Card | None:
        return self._state.mainline[-1] if self._state.mainline else None

    @property
    def sidelines(self) -> list[list[SidelinePlay]]:
        """``sidelines[i]``: the plays rejected after mainline card ``i``, in order."""
        return [list(s) for s in self._state.sidelines]

    @property
    def markers(self) -> list[Marker]:
        """New Eleusis markers on the table (empty in other variants)."""
        return []

    @property
    def prophet(self) -> str | None:
        """The New Eleusis prophet in office, or None."""
        return None

    @property
    def expelled(self) -> list[str]:
        """New Eleusis: players expelled in sudden death, in order."""
        return []

    @property
    def phase(self) -> Phase:
        """``play``, or Gardner's ``first-half``/``second-half``; ``over`` at the end."""
        return "over" if self._state.over else "play"

    @property
    def hints(self) -> list[str]:
        """Hints the dealer gave, in order."""
        return list(self._state.hints)

    @property
    def announcement(self) -> str | None:
        """What the dealer announced about the rule (Gardner's player-dependent rules)."""
        return self._state.announcement

    @property
    def stock_size(self) -> int:
        return len(self._state.stock)

    @property
    def table(self) -> Table:
        """A frozen snapshot of the table."""
        s = self._state
        return Table(
            tuple(s.mainline),
            tuple(tuple(col) for col in s.sidelines),
            tuple(self.markers),
            self._wrong_cards(),
        )

    def hand(self, name: str) -> list[Card]:
        """The cards ``name`` holds, sorted (a physical round does not know them)."""
        self._check_player(name)
        if self._physical and not self._hands_known():
            raise IllegalAction("In a physical round the engine does not see the players' hands.")
        return sorted(self._state.hands[name], key=card_order)

    def hand_size(self, name: str) -> int:
        self._check_player(name)
        return len(self._state.hands[name])

    def _hands_known(self) -> bool:
        return False

    def _wrong_cards(self) -> dict[str, tuple[WrongCard, ...]]:
        """Gardner's wrong cards kept before each player (none elsewhere)."""
        return {p: () for p in self._players}

    def _wrong_in_front(self) -> bool:
        """Are the wrong cards of :meth:`_wrong_cards` on the table (Gardner's first half)?"""
        return False

    def player_info(self, name: str) -> PlayerInfo:
        """Who is playing, as a player-dependent rule sees it."""
        self._check_player(name)
        info = self._infos.get(name)
        if info is None:
            from eleusis_lab.rules import PlayerInfo

            info = self._infos[name] = PlayerInfo(name, self._seat[name])
        return info

    def can_guess(self, name: str) -> bool:
        """May ``name`` state the rule right now (Express: just after their right play or no-play)?"""
        return any(isinstance(a, Guess) for a in self.legal_actions(name))

    def can_no_play(self, name: str) -> bool:
        """May ``name`` declare "no play" right now?"""
        return any(isinstance(a, NoPlay) for a in self.legal_actions(name))

    @property
    def max_string(self) -> int:
        """The longest string of cards one play may hold (New Eleusis: the ``max_string`` option)."""
        return self.capabilities.max_string

    @property
    def turns_left(self) -> int | None:
        """Turns left after the current one in a round with a turn limit (the solo protocol), else None.

        0 means this is the last turn: a player who wants to guess should guess now."""
        return None

    def last_action(self) -> ev.Event | None:
        """The log's last action event (a stated confidence does not count: it changes nothing)."""
        return self._last_action()

    def _last_action(self) -> ev.Event | None:
        for e in reversed(self._events):
            if e.is_action and not isinstance(e, ev.ConfidenceStated):
                return e
        return None

    def evidence(self) -> list[Observation]:
        """Every judgement in order, as the class saw it (see :class:`Observation`)."""
        line = self._state.mainline
        return [
            Observation(
                tuple(line[: j.mainline_length]), j.cards, j.accepted, j.player, j.event_index, j.kind
            )
            for j in self._state.judgements
        ]

    def accepts(self, card: Card, name: str | None = None) -> bool:
        """Would the secret rule accept ``card`` on the current mainline (played by ``name``)?"""
        info = self.player_info(name) if name is not None else None
        return self._rule.accepts(card, self._state.mainline, info)

    def all_cards(self) -> dict[str, list[Card]]:
        """Where every physical card is (hands, stock, mainline, sidelines, set aside …), for conservation."""
        s = self._state
        sideline = [c for col in s.sidelines for p in col if not p.returned for c in p.cards]
        in_front = self._wrong_cards().values() if self._wrong_in_front() else ()
        wrong = [w.card for cards in in_front for w in cards]
        return {
            "hands": [c for p in self._players for c in s.hands[p]],
            "wrong_cards": wrong,
            "stock": list(s.stock),
            "mainline": list(s.mainline),
            "sidelines": sideline,
            "set_aside": list(s.set_aside),
            "discards": list(s.discards),
        }

    def cards_left(self) -> list[int]:
        """Each player's count of cards for scoring, in turn order."""
        if self._physical and self._state.counts is not None:
            return list(self._state.counts)
        if self._physical:
            raise IllegalAction("Enter each player's cards left with finish() first.")
        return [len(self._state.hands[p]) for p in self._players]

    def scores(self) -> Scores:
        """The scores by the variant's formula (provisional while the round goes on)."""
        raise NotImplementedError

    def scores_from_log(self) -> Scores:
        """The final scores recomputed from the event log by another path than :meth:`scores` (the
        conformance checks of :mod:`eleusis_lab.testing` compare the two; a variant must give one)."""
        raise NotImplementedError(f"{self.title} gives no second path to its scores (scores_from_log)")

    def __repr__(self) -> str:
        status = f"over ({self._state.over.reason})" if self._state.over else f"{self.current_player} to play"
        return (
            f"<{type(self).__name__} {len(self._players)} players, {len(self._state.mainline)} on the "
            f"mainline, {status}>"
        )

    def _repr_html_(self) -> str | None:
        return self.table._repr_html_()

    # ------------------------------------------------------------------ checks ------------------
    def _player_refusal(self, name: Any) -> GameError | None:
        """Why ``name`` is not one of the round's players (None: they are)."""
        if name in self._seat:
            return None
        if isinstance(name, str) and name == self._dealer:
            return UnknownPlayer(f"{name} is the dealer, not a player.")
        return UnknownPlayer(f"There is no player called {name}.")

    def _check_player(self, name: Any) -> None:
        refusal = self._player_refusal(name)
        if refusal is not None:
            raise refusal

    # The gates below, and the refusals of each kind of action they lead to (:meth:`refusal`), are the
    # one answer to "may this be done now, and if not, why": legal_actions and apply both ask them.
    def _open_refusal(self) -> GameError | None:
        """Why nothing but the dealer's judgement may happen now (None: the round is open)."""
        s = self._state
        if s.over is not None:
            return RoundOver("The round is over.")
        if s.pending_guess is not None:
            return IllegalAction(f"The dealer must first judge {s.pending_guess.player}'s guess.")
        return None

    def _turn_refusal(self, name: str) -> GameError | None:
        """Why ``name`` (a player) may not take a turn now: play, declare no play, buy a hint (None: they
        may)."""
        refusal = self._open_refusal()
        if refusal is not None:
            return refusal
        if not self._state.mainline:
            return IllegalAction("Place the starter card first.")
        if self._state.turn != name:
            if name in self.expelled:
                return IllegalAction(f"{name} has been expelled from this round.")
            if name == self.prophet:
                return IllegalAction(f"{name} is the prophet and does not play.")
            return NotYourTurn(f"It is {self._state.turn}'s turn.")
        return None

    def _guess_refusal(self, name: str) -> GameError | None:
        """Why ``name`` may not state the rule now (None: they may); a variant that has guesses says
        when they may."""
        return IllegalAction(f"Players do not guess the rule aloud in {self.title}.")

    def _resolve(self, name: str, specs: Sequence[Card | str], pool: Sequence[Card]) -> list[Card]:
        """The physical cards of ``pool`` meant by ``specs`` (text matches any copy)."""
        wanted = [self._parse_card(spec) for spec in specs]
        if len(wanted) == 1 and any(c is wanted[0] for c in pool):
            return wanted  # the very copy held (a listing's own card): no comparing of cards needed
        free = list(pool)
        chosen: list[Card] = []
        # Exact physical copies first, so a saved log replays the very same cards.
        for card in wanted:
            if card in free:
                free.remove(card)
                chosen.append(card)
            else:
                chosen.append(None)  # type: ignore[arg-type]
        for i, card in enumerate(wanted):
            if chosen[i] is None:
                match = next((c for c in free if c.design == card.design), None)
                if match is None:
                    raise CardNotInHand(f"{name} has no {card}.")
                free.remove(match)
                chosen[i] = match
        return chosen

    @staticmethod
    def _parse_card(spec: Any) -> Card:
        if isinstance(spec, Card):
            return spec
        if isinstance(spec, str):
            try:
                return Card.parse(spec)
            except ValueError as e:
                raise IllegalAction(str(e)[0].upper() + str(e)[1:] + ".") from None
        raise IllegalAction(f"A card must be a Card or card text, not {type(spec).__name__}.")

    @staticmethod
    def _as_list(cards: Any) -> list[Any]:
        if isinstance(cards, str):
            # "7H 8H" or "B red circle red, C red circle red": several cards typed at once.
            from eleusis_lab.cards import parse_cards

            try:
                Card.parse(cards)
            except ValueError:
                try:
                    return list(parse_cards(cards))
                except ValueError:
                    pass
            return [cards]
        if isinstance(cards, Card):
            return [cards]
        if isinstance(cards, Sequence):
            return list(cards)
        raise IllegalAction(f"Cards must be a card, card text or a list of them, not {type(cards).__name__}.")

    def _physical_card(self, name: str, spec: Card | str, copies: int, on_table: Sequence[Card]) -> Card:
        """A physical round: the card entered, checked only against the deck's counts."""
        card = self._parse_card(spec)
        if card.is_playing != (self.rule_deck() == "standard"):
            raise CardNotInHand(f"{card} is not a card of this deck.")
        design = card.design
        used = {c.copy for c in on_table if c.design == design}
        free = [k for k in range(copies) if k not in used]
        if not free:
            many = "once" if copies == 1 else f"{copies} times"
            raise CardNotInHand(f"{card} is already on the table: the deck holds it only {many}.")
        return design.with_copy(free[0])

    def _table_cards(self) -> list[Card]:
        s = self._state
        return [*s.mainline, *(c for col in s.sidelines for p in col for c in p.cards)]

    def _physical_pool(self) -> tuple[int, list[Card]] | None:
        """Where a one-card play of a physical round comes from: the deck's copies of each card and the
        cards already on the table (None: from the player's dealt hand)."""
        return (self._copies(), self._table_cards()) if self._physical else None

    def _card_played(self, a: Play) -> Card:
        """The one card ``a`` plays: the player's own copy, or a physical round's card as entered."""
        pool = self._physical_pool()
        if pool is not None:
            return self._physical_card(a.player, a.cards[0], *pool)
        [card] = self._resolve(a.player, list(a.cards), self._state.hands[a.player])
        return card

    def _refuse_one_card(self, a: Play, too_many: str) -> GameError | None:
        """Why a one-card-a-turn variant refuses ``a``: not one card (``too_many`` says so), or a card the
        player cannot play (:meth:`_card_played` says why); None when it may be played."""
        if not field_given(a, "cards"):
            return None
        if len(a.cards) != 1:
            return IllegalAction(too_many)
        return reason_against(lambda: self._card_played(a))

    def _shown_hand(self, player: str, hand: Sequence[Card | str] | None) -> list[Card]:
        if self._physical:
            if hand is None:
                raise IllegalAction(f"Enter the cards {player} shows (no_play(..., hand=[...])).")
            from eleusis_lab.cards import as_card

            try:
                cards = [as_card(c) for c in self._as_list(hand)]
            except ValueError as e:
                raise IllegalAction(f"The shown hand has a bad card: {e}.") from None
            if not cards:
                raise IllegalAction(f"{player} must show at least one card.")
            return cards
        if hand is not None:
            raise IllegalAction(
                "The engine knows the hands; do not enter one (hand= is for physical rounds)."
            )
        return list(self._state.hands[player])

    def _dealer_card(
        self, player: str, shown: list[Card], fits: list[Card], wanted: Card | str | None
    ) -> Card:
        if wanted is None:
            card = min(fits, key=card_order)
        else:
            [card] = self._resolve(player, [wanted], shown)
            if card not in fits:
                raise IllegalAction(f"The dealer must play a card that fits, and {card} does not.")
        if self._physical:
            card = self._physical_card(player, card, self._copies(), self._table_cards())
        return card

    # ------------------------------------------------------------------ the log -----------------
    def _emit(self, event: ev.Event) -> int:
        index = len(self._events)
        self._events.append(event)
        self._apply(event, index)
        return index

    @contextlib.contextmanager
    def _action(self) -> Iterator[None]:
        """Run one action's emits; on any failure cut the log back and replay, so nothing changes."""
        start = len(self._events)
        try:
            yield
        except BaseException:
            if len(self._events) != start:
                del self._events[start:]
                self._replay()
            raise

    def _replay(self) -> None:
        log = list(self._events)
        self._state = self._state_type(self._players)
        self._events = []
        for event in log:
            self._emit(event)

    def _apply(self, event: ev.Event, index: int) -> None:
        fold = self._folds.get(type(event))
        if fold is None:
            raise IllegalAction(f"{self.title} has no '{event.type}' events.")
        fold(self, event, index)

    def at(self, step: int) -> Round:
        """A copy of the round as it was after its first ``step`` actions (0: just dealt), for replaying a
        finished round step by step in a discussion; the copy can also be played on ("what if …?")."""
        starts = [i for i, e in enumerate(self._events) if e.is_action]
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(starts):
            raise IllegalAction(f"Choose a step from 0 to {len(starts)}.")
        end = starts[step] if step < len(starts) else len(self._events)
        return self._copy_with(self._events[:end])

    def clone(self) -> Round:
        """An independent copy of the round as it is now (OpenSpiel's ``clone``): acting on one never
        changes the other."""
        return self._copy_with(self._events)

    def _copy_with(self, events: Sequence[ev.Event]) -> Round:
        # Everything but the log and what is folded from it is fixed when the round is dealt.
        copy = object.__new__(type(self))
        copy._players = self._players
        copy._dealer = self._dealer
        copy._rule = self._rule
        copy._seed = self._seed
        copy._physical = self._physical
        copy._options = dict(self._options)
        copy._stacked = self._stacked
        copy._seat = dict(self._seat)
        copy._infos = {}
        copy._seal = self._seal
        copy._events = list(events)
        copy._replay()
        return copy

    @classmethod
    def from_log(
        cls,
        header: Mapping[str, Any],
        events: Sequence[ev.Event],
        *,
        stacked: bool = False,
    ) -> Round:
        """Rebuild a round from its :meth:`header` and event log, trusting neither: the rule must match
        the seal, the deal the seed (or, with ``stacked=True`` — the caller's word, never the file's — be
        a whole deck), and every action must be legal and cause exactly the events that follow it.

        ``header`` holds ``variant`` (on ``Round`` itself; a variant class may leave it out), ``players``,
        ``dealer``, ``rule`` (a Rule or its text), ``seed``, ``options`` (with ``physical``; only options
        a save may set, see :class:`~eleusis_lab.play.variant.Option`) and ``seal``.  A refused log
        raises :class:`~eleusis_lab.play.errors.BadSave` saying which event is wrong.
        """
        from eleusis_lab.play.variant import find_variant
        from eleusis_lab.rules import as_rule
        from eleusis_lab.rules.seal import Seal

        variant = find_variant(header["variant"]) if "variant" in header or cls is Round else cls
        if not issubclass(variant, cls):
            raise BadSave(f"This is a round of {variant.title}, not of {cls.title}.")
        options = dict(header.get("options", {}))
        settable = {o.name for o in variant.option_types() if o.from_save}
        refused = sorted(set(options) - settable)
        if refused:
            raise BadSave(f"A saved round may not set {refused[0]!r}.")
        physical = options.pop("physical", False)
        seal = header["seal"]
        if not isinstance(seal, Seal):
            raise BadSave("The seal must be a Seal.")
        rule = as_rule(header["rule"])
        if not seal.verify(rule.text):
            raise BadSave("The secret rule does not match the round's seal.")
        if not events or type(events[0]) is not ev.Dealt:
            raise BadSave("A saved round must begin with the deal.")
        dealt = events[0]
        assert isinstance(dealt, ev.Dealt)
        r = variant(
            header["players"],
            rule,
            seed=header["seed"],
            dealer=header.get("dealer"),
            physical=physical,
            seal=seal,
            _dealt=dealt,
            _stacked=stacked,
            **options,
        )
        r._follow(events)
        return r

    def _follow(self, saved: Sequence[ev.Event]) -> None:
        """Replay the actions of ``saved`` after the deal, checking that each causes what follows it."""

        def compare(start: int) -> None:
            for j in range(start, len(self._events)):
                if j >= len(saved):
                    raise BadSave(f"The saved log is cut short after event {len(saved) - 1}.")
                if self._events[j] != saved[j]:
                    given = self._events[j].type
                    raise BadSave(f"Event {j} ({saved[j].type}) does not match what the rules give ({given})")

        compare(0)
        i = len(self._events)
        while i < len(saved):
            event = saved[i]
            if not event.is_action:
                raise BadSave(f"Event {i} ({event.type}) does not follow from the events before it.")
            try:
                self.apply(action_of_event(event))
            except BadSave:
                raise
            except GameError as e:
                raise BadSave(f"Event {i} ({event.type}) is not a legal action: {first_clause(e)}.") from None
            compare(i)
            i = len(self._events)

    def header(self) -> dict[str, Any]:
        """What :meth:`from_log` needs besides the log: variant, players, dealer, rule, seed, options, seal"""
        return {
            "variant": self.variant,
            "players": self.players,
            "dealer": self._dealer,
            "rule": self._rule,
            "seed": self._seed,
            "options": self.options,
            "seal": self._seal,
        }

    @property
    def stacked(self) -> bool:
        """True when the round was dealt from a stacked deck (``deck_order``), not the seed's shuffle."""
        return self._stacked

    @property
    def steps(self) -> int:
        """How many actions the log holds (the steps of :meth:`at`)."""
        return sum(1 for e in self._events if e.is_action)

    def log(self) -> list[str]:
        """The event log as lines of text, numbered like ``event_index``."""
        return [f"{i:3d} {e.describe()}" for i, e in enumerate(self._events)]

    def undo(self) -> ev.Event:
        """Drop the last action and everything it caused; return that action's event."""
        cut = None
        for i in range(len(self._events) - 1, 0, -1):
            if self._events[i].is_action:
                cut = i
                break
        if cut is None:
            raise IllegalAction("There is nothing to undo.")
        action = self._events[cut]
        del self._events[cut:]
        self._replay()
        return action

    # ------------------------------------------------------------------ shared folds ------------
    @classmethod
    def _fold_table(cls) -> dict[type[ev.Event], Fold]:
        """The method that folds each event type of this variant's log into the state.  A variant with
        events of its own adds them (``{**super()._fold_table(), ev.HalfEnded: cls._on_half_ended}``);
        one that folds a listed event its own way overrides the method, which the table finds through
        the class."""
        return {
            ev.Dealt: cls._on_dealt,
            ev.StarterTurned: cls._on_starter_turned,
            ev.StarterPlaced: cls._on_starter_placed,
            ev.Played: cls._on_played,
            ev.PenaltyDrawn: cls._on_penalty,
            ev.StockRefreshed: cls._on_stock_refreshed,
            ev.HintGiven: cls._on_hint,
            ev.HintBought: cls._on_hint_bought,
            ev.Guessed: cls._on_guessed,
            ev.GuessOverruled: cls._on_guess_overruled,
            ev.ConfidenceStated: cls._on_confidence,
            ev.CardsCounted: cls._on_cards_counted,
            ev.RoundEnded: cls._on_round_ended,
        }

    def _on_played(self, e: ev.Played, i: int) -> None:
        """Each variant folds a play its own way (into the mainline, a sideline, a Gardner row …)."""
        raise NotImplementedError(f"{self.title} does not fold its plays")

    def _on_dealt(self, e: ev.Dealt, i: int) -> None:
        s = self._state
        s.announcement = e.announcement
        s.turn = e.first_player
        s.hands = {p: [] for p in self._players}
        self._deal(list(e.deck))

    def _deal(self, cards: list[Card]) -> None:
        """Variants deal hands from the shuffled deck (top first)."""

    def _deal_equally(self, cards: Sequence[Card]) -> None:
        """Deal ``cards`` round the table in equal hands; the remainder is set aside (Gardner, letters)."""
        s = self._state
        n = len(self._players)
        each = len(cards) // n
        for k in range(each * n):
            s.hands[self._players[k % n]].append(cards[k])
        s.set_aside.extend(cards[each * n :])

    def _put_on_mainline(self, cards: Sequence[Card]) -> None:
        s = self._state
        for c in cards:
            s.mainline.append(c)
            s.sidelines.append([])

    def _on_starter_turned(self, e: ev.StarterTurned, i: int) -> None:
        s = self._state
        stock = s.stock
        for c in e.rejected:
            stock.remove(c)
            stock.append(c)
        stock.remove(e.card)
        s.starter_rejected = e.rejected
        for c in e.rejected:
            s.judgements.append(LoggedJudgement(0, (c,), False, self._dealer or "dealer", i, "starter"))
        self._put_on_mainline([e.card])

    def _on_starter_placed(self, e: ev.StarterPlaced, i: int) -> None:
        self._put_on_mainline([e.card])

    def _on_penalty(self, e: ev.PenaltyDrawn, i: int) -> None:
        s = self._state
        hand = s.hands[e.player]
        drawn = [s.stock.popleft() for _ in range(e.drawn)]
        hand.extend(drawn)
        if e.reason == "wrong guess":
            s.guess_penalty_cards = drawn

    def _on_stock_refreshed(self, e: ev.StockRefreshed, i: int) -> None:
        self._state.stock.extend(e.cards)
        self._state.refreshes += 1

    def _on_hint(self, e: ev.HintGiven, i: int) -> None:
        self._state.hints.append(e.text)

    def _on_hint_bought(self, e: ev.HintBought, i: int) -> None:
        s = self._state
        if s.window is not None and s.window[0] != e.player:
            s.window = None  # another player's action closes the chance to guess (RULES.md, Express)
        if not self._physical and s.stock:
            s.hands[e.player].append(s.stock.popleft())
        s.hints.append(e.text)

    def _on_round_ended(self, e: ev.RoundEnded, i: int) -> None:
        self._state.over = e
        self._state.window = None

    def _on_cards_counted(self, e: ev.CardsCounted, i: int) -> None:
        self._state.counts = e.counts

    def _on_confidence(self, e: ev.ConfidenceStated, i: int) -> None:
        """A stated confidence changes nothing on the table (it is read from the log)."""

    def _on_guessed(self, e: ev.Guessed, i: int) -> None:
        s = self._state
        s.window = None
        s.last_guess = e
        s.last_guess_final = e.correct
        s.guess_penalty_cards = []
        s.pending_guess = e if e.correct is None else None
        if e.correct:
            s.guessed_by = e.player

    def _on_guess_overruled(self, e: ev.GuessOverruled, i: int) -> None:
        s = self._state
        assert s.last_guess is not None
        s.pending_guess = None
        if e.correct:
            # A penalty drawn for the guess goes back on top of the stock.
            hand = s.hands[s.last_guess.player]
            for c in reversed(s.guess_penalty_cards):
                hand.remove(c)
                s.stock.appendleft(c)
            s.guess_penalty_cards = []
            s.guessed_by = s.last_guess.player
        else:
            s.guessed_by = None
            if s.over is not None and s.over.reason == "guessed":
                s.over = None
        s.last_guess_final = e.correct

    # ------------------------------------------------------------------ helpers for variants ----
    def _judge(self, name: str, cards: Sequence[Card], mainline: Sequence[Card] | None = None) -> bool:
        """Do all ``cards``, played in order by ``name``, fit the secret rule?"""
        line = self._state.mainline if mainline is None else mainline
        return fits_in_turn(self._rule, cards, line, self.player_info(name))

    def _playable(self, name: str, cards: Sequence[Card]) -> list[Card]:
        info = self.player_info(name)
        line = self._state.mainline
        return [c for c in cards if self._rule.accepts(c, line, info)]

    def _can_play(self, name: str, cards: Sequence[Card]) -> bool:
        info = self.player_info(name)
        line = self._state.mainline
        return any(self._rule.accepts(c, line, info) for c in cards)

    def _next_player(self, after: str) -> str | None:
        """The next player after ``after`` in turn order who is still playing."""
        n = len(self._players)
        start = self._seat[after]
        for k in range(1, n + 1):
            cand = self._players[(start + k) % n]
            if self._is_active(cand):
                return cand
        return None

    def _is_active(self, name: str) -> bool:
        return name not in self.expelled and name != self.prophet

    def _draw(self, name: str, count: int, reason: str) -> int:
        """Emit a penalty draw of ``count`` cards; return how many were really drawn (fewer when the stock
        is short: RULES.md, a penalty is paid as far as the stock can).  A physical round: ``count``."""
        if count <= 0:
            return 0
        if self._physical:
            self._emit(ev.PenaltyDrawn(name, count, 0, reason))
            return count
        self._before_draw(count)
        drawn = min(count, len(self._state.stock))
        self._emit(ev.PenaltyDrawn(name, count, drawn, reason))
        return drawn

    def _before_draw(self, count: int) -> None:
        """Express refreshes the stock here when the option allows."""

    def _end(self, reason: EndReason, player: str | None = None) -> None:
        self._emit(ev.RoundEnded(reason, player))

    def _verdict(self, index: int, **kw: Any) -> Verdict:
        return Verdict(ends_round=self._state.over is not None, event_index=index, **kw)

    # ------------------------------------------------------------------ legal actions -----------
    def legal_actions(self, player: str | None = None) -> list[Action]:
        """What ``player`` may do now (None: what the dealer or the teacher may do).

        Card plays are listed one by one; an action that needs something only a person can supply (a
        guess's text, a New Eleusis string, a prophet's call, a stated confidence, the cards of a physical
        round) is listed once with those fields ``open`` (see :meth:`Action.fits`).  :meth:`apply` does
        exactly the actions these listings allow.
        """
        if player is None:
            candidates = self._dealer_actions()
        else:
            self._check_player(player)
            # the turn's own candidates are all refused by the turn gate when it is shut: not built then
            candidates = self._turn_actions(player) if self._turn_refusal(player) is None else []
            candidates += self._other_actions(player)
            candidates.append(StateConfidence(player, open=frozenset({"percent", "about"})))
        # The candidates of one listing share their actor and fill in no prophet's call, so what the
        # moment says against each kind (refusal's first half) is asked once a kind.
        moments: dict[type[Action], GameError | None] = {}
        listed = []
        for action in candidates:
            kind = type(action)
            if kind not in moments:
                moments[kind] = self._moment_refusal(action)
            if moments[kind] is None and self._kind_refusal(action) is None:
                listed.append(action)
        return listed

    def _turn_actions(self, player: str) -> list[Action]:
        """The candidates of ``player``'s turn (:meth:`legal_actions` keeps those :meth:`refusal` lets
        through): each card of the hand (variants add strings, no-play …)."""
        return self._card_plays(player, self._playable_now(player))

    def _playable_now(self, player: str) -> list[Card] | None:
        """The cards ``player`` may play now (None: any card of the deck, as in a physical round)."""
        if self._physical and not self._hands_known():
            return None
        return list(self._state.hands[player])

    def _card_plays(
        self, player: str, cards: list[Card] | None, open: frozenset[str] = frozenset()
    ) -> list[Action]:
        if cards is None:
            return [Play(player, open=_CARDS | open)]
        return [Play(player, (c,), open=open) for c in cards]

    def _other_actions(self, player: str) -> list[Action]:
        """The candidates outside the turn's play (a guess, becoming prophet): variants."""
        return []

    def _dealer_actions(self) -> list[Action]:
        """The dealer's candidates: a hint (a computer dealer makes one up when no text is given; once
        play has begun, only with consent), the physical round's starter and count, and the variants' own
        (overrule, end half)."""
        return [
            GiveHint(consented=self._play_has_begun(), open=_TEXT),
            PlaceStarter(open=frozenset({"card"})),
            Finish(open=frozenset({"counts"})),
        ]

    def is_legal(self, action: Action) -> bool:
        """May ``action`` be done now (:meth:`refusal` has no reason against it; open fields are not
        checked)?"""
        return self.refusal(self._normalized(action)) is None

    def refusal(self, action: Action) -> GameError | None:
        """Why ``action`` may not be done now, in one sentence, or None when it may: the one place that
        decides legality.  :meth:`legal_actions` lists the candidates it lets through and :meth:`apply`
        raises what it says, before anything is done.  A field the action leaves ``open`` (a listing's
        template) is not checked.

        Past the player and the gates (:meth:`_turn_refusal`, :meth:`_guess_refusal`), each kind of
        action has its variant's refusal (:meth:`_refusal_table`), which says what this variant does not
        allow: no clone is played to find out."""
        if not isinstance(action, Action):
            return IllegalAction(
                f"An action is a value of eleusis_lab.play.actions, not {type(action).__name__}."
            )
        refusal = self._moment_refusal(action)
        return refusal if refusal is not None else self._kind_refusal(action)

    def _moment_refusal(self, action: Action) -> GameError | None:
        """What the moment says against ``action``, whatever its cards or text: its actor is no player,
        the turn or guess gate is shut, a prophet's call is entered where there is no prophet."""
        if not action.by_dealer:
            refusal = self._player_refusal(action.actor)
            if refusal is not None:
                return refusal
        kind = type(action)
        if kind in _GATED:
            gate = self._guess_refusal if kind is Guess else self._turn_refusal
            refusal = gate(action.player)  # type: ignore[attr-defined]
            if refusal is not None:
                return refusal
        if (
            isinstance(action, Play | NoPlay)
            and "prophet_says" not in action.open
            and action.prophet_says is not None
            and not self.capabilities.prophet
        ):
            return IllegalAction(f"There is no prophet in {self.title}.")
        return None

    def _kind_refusal(self, action: Action) -> GameError | None:
        """What the variant says against ``action`` past the moment (:meth:`_refusal_table`)."""
        kind = type(action)
        refuse = self._refusals.get(kind)
        if refuse is None:
            return IllegalAction(f"{kind.__name__} is not an action of {self.title}.")
        return refuse(self, action)

    def apply(self, action: Action) -> Any:
        """Do ``action`` (one of :mod:`eleusis_lab.play.actions`) and return what its named method returns
        (a :class:`Verdict`, a :class:`GuessResult`, a hint's text, the scores …).

        An action :meth:`legal_actions` does not list raises a :class:`GameError` saying why, and
        changes nothing.
        """
        if not isinstance(action, Action):
            raise IllegalAction(
                f"An action is a value of eleusis_lab.play.actions, not {type(action).__name__}."
            )
        # what is applied is a whole action: a listing's open fields stand at the values they hold
        action = self._normalized(dataclasses.replace(action, open=frozenset()))
        refusal = self.refusal(action)
        if refusal is not None:
            raise refusal
        return self._perform(action)

    def _normalized(self, action: Action) -> Action:
        """Cards named by their face (``7♥``) become the very copies the player holds."""
        if not isinstance(action, Play | NoPlay) or action.player not in self._seat:
            return action
        if self._physical and not self._hands_known():
            return action
        hand = self._state.hands[action.player]
        try:
            if isinstance(action, Play):
                return dataclasses.replace(
                    action, cards=tuple(self._resolve(action.player, action.cards, hand))
                )
            if action.dealer_card is not None:
                [card] = self._resolve(action.player, [action.dealer_card], hand)
                return dataclasses.replace(action, dealer_card=card)
        except (GameError, TypeError):
            pass  # refused below, with the reason
        return action

    def _perform(self, action: Action) -> Any:
        """Do ``action``, which :meth:`refusal` lets through."""
        return self._actions[type(action)](self, action)

    # ------------------------------------------------------------------ actions -----------------
    # The named methods are the classroom's spelling of :meth:`apply`.
    def play(
        self, player: str, cards: Card | str | Sequence[Card | str], *, prophet_says: bool | None = None
    ) -> Verdict:
        """``player`` plays a card (or a New Eleusis string); the dealer judges it."""
        return self.apply(Play(player, self._card_values(cards), prophet_says))  # type: ignore[no-any-return]

    def no_play(
        self,
        player: str,
        *,
        dealer_card: Card | str | None = None,
        hand: Sequence[Card | str] | None = None,
        prophet_says: bool | None = None,
    ) -> Verdict:
        """``player`` declares that no card in their hand fits (Express and New Eleusis)."""
        chosen = None if dealer_card is None else self._parse_card(dealer_card)
        shown = None if hand is None else self._card_values(hand)
        return self.apply(NoPlay(player, chosen, shown, prophet_says))  # type: ignore[no-any-return]

    def guess(self, player: str, rule_text: str | None = None, words: str | None = None) -> GuessResult:
        """``player`` states the rule, as rule text (the engine checks it) or in words (the dealer judges)."""
        return self.apply(Guess(player, rule_text, words))  # type: ignore[no-any-return]

    def overrule_guess(self, correct: bool) -> GuessResult:
        """The dealer's final word on the last guess."""
        return self.apply(OverruleGuess(correct))  # type: ignore[no-any-return]

    def declare_prophet(self, player: str, rule_text: str | None = None) -> None:
        """New Eleusis only."""
        self.apply(DeclareProphet(player, rule_text))

    def give_hint(self, text: str | None = None, *, consented: bool = False) -> str:
        """The dealer gives everybody a hint; a computer dealer makes one up when ``text`` is None.  Once
        play has begun the players must agree first [000]: say so with ``consented=True``."""
        return self.apply(GiveHint(text, consented=consented))  # type: ignore[no-any-return]

    def buy_hint(self, player: str, text: str | None = None) -> str:
        """Express option ``buy_hints``: before playing, ``player`` draws one card and gets a hint."""
        return self.apply(BuyHint(player, text))  # type: ignore[no-any-return]

    def place_starter(self, card: Card | str) -> Card:
        """Physical round: enter the starter card that was turned up."""
        return self.apply(PlaceStarter(self._parse_card(card)))  # type: ignore[no-any-return]

    def end_half(self) -> None:
        """Physical Gardner round: the teacher says every dealt card has been played once."""
        self.apply(EndHalf())

    def finish(self, cards_left: Sequence[int] | dict[str, int]) -> Scores:
        """Physical round: enter each player's cards left (a list in turn order or a name → count dict);
        the round ends and the scores follow."""
        if isinstance(cards_left, dict):
            missing = [p for p in self._players if p not in cards_left]
            if missing or set(cards_left) - set(self._players):
                raise IllegalAction("Give a count for each player, and only for the players.")
            counts = [cards_left[p] for p in self._players]
        else:
            counts = list(cards_left)
        return self.apply(Finish(tuple(counts)))  # type: ignore[no-any-return]

    def state_confidence(self, player: str, percent: int, about: str | None = None) -> None:
        """``player`` says how sure they are (0-100 %) of ``about`` (a rule, or their current idea); it is
        kept in the log for calibration and changes nothing on the table."""
        self.apply(StateConfidence(player, percent, about))

    def confidences(self) -> list[tuple[str, int, str | None, int]]:
        """The stated confidences in order: (player, percent, about, event index)."""
        return [
            (e.player, e.percent, e.about, i)
            for i, e in enumerate(self._events)
            if isinstance(e, ev.ConfidenceStated)
        ]

    def _card_values(self, cards: Any) -> tuple[Card, ...]:
        return tuple(self._parse_card(c) for c in self._as_list(cards))

    # ------------------------------------------------------------------ refusals ----------------
    @classmethod
    def _refusal_table(cls) -> dict[type[Action], Refuse]:
        """The method that says why each action type is refused now, past the player and the gates
        (see :meth:`refusal`).  A variant overrides the methods; the table finds them through the class."""
        return {
            Play: cls._refuse_play,
            NoPlay: cls._refuse_no_play,
            Guess: cls._refuse_guess,
            DeclineGuess: cls._refuse_decline_guess,
            OverruleGuess: cls._refuse_overrule,
            DeclareProphet: cls._refuse_declare_prophet,
            GiveHint: cls._refuse_give_hint,
            BuyHint: cls._refuse_buy_hint,
            PlaceStarter: cls._refuse_place_starter,
            EndHalf: cls._refuse_end_half,
            Finish: cls._refuse_finish,
            StateConfidence: cls._refuse_state_confidence,
        }

    # What a variant does not have is refused with the variant's own words.
    def _refuse_play(self, a: Play) -> GameError | None:
        """Past the turn gate: why these cards may not be played (each variant says; None: they may)."""
        return None

    def _refuse_no_play(self, a: NoPlay) -> GameError | None:
        return IllegalAction(f"There is no 'no play' declaration in {self.title}.")

    def _refuse_guess(self, a: Guess) -> GameError | None:
        """Past the guess gate (which refuses every guess where players do not guess aloud): the guess's
        own words."""
        return IllegalAction(f"{self.title} has no guesses to judge.")

    def _refuse_decline_guess(self, a: DeclineGuess) -> GameError | None:
        return IllegalAction(f"Nobody lets a guess go by in {self.title}: just play on.")

    def _refuse_overrule(self, a: OverruleGuess) -> GameError | None:
        return IllegalAction(f"Players do not guess the rule aloud in {self.title}.")

    def _refuse_declare_prophet(self, a: DeclareProphet) -> GameError | None:
        return IllegalAction(f"There is no prophet in {self.title}.")

    def _refuse_buy_hint(self, a: BuyHint) -> GameError | None:
        return IllegalAction(f"Hints are not bought in {self.title}.")

    def _refuse_end_half(self, a: EndHalf) -> GameError | None:
        return IllegalAction(f"{self.title} is not played in two halves.")

    def _refuse_give_hint(self, a: GiveHint) -> GameError | None:
        refusal = self._open_refusal()
        if refusal is not None:
            return refusal
        if not self.capabilities.hints:
            return IllegalAction(f"The dealer gives no hints in {self.title}.")
        if field_given(a, "consented") and a.consented != self._play_has_begun():
            if a.consented:
                return IllegalAction("Play has not begun: a hint needs nobody's consent yet.")
            return IllegalAction("Play has begun: a hint now needs every player's consent (consented=True).")
        return self._hint_text_refusal(a.text) if field_given(a, "text") else None

    def _refuse_state_confidence(self, a: StateConfidence) -> GameError | None:
        if self._state.over is not None:
            return RoundOver("The round is over.")
        if not self.capabilities.confidence:
            return IllegalAction(f"Confidence is not recorded in {self.title}.")
        p = a.percent
        if field_given(a, "percent") and (isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 100):
            return IllegalAction("A confidence is a whole number of per cent, from 0 to 100.")
        about = a.about
        if (
            field_given(a, "about")
            and about is not None
            and (not isinstance(about, str) or not about.strip())
        ):
            return IllegalAction("Say what the confidence is about, or nothing.")
        return None

    def _refuse_place_starter(self, a: PlaceStarter) -> GameError | None:
        if not self._physical:
            return IllegalAction(
                "The engine turned up the starter card itself; this is not a physical round."
            )
        if self._state.mainline:
            return IllegalAction("The starter card is already on the table.")
        if self._state.over is not None:
            return RoundOver("The round is over.")
        if not field_given(a, "card"):
            return None
        card = a.card
        if card is None:
            return IllegalAction("Enter the starter card.")
        return reason_against(lambda: self._physical_card("The table", card, self._copies(), []))

    def _refuse_finish(self, a: Finish) -> GameError | None:
        if not self._physical:
            return IllegalAction("The engine counts the cards itself; finish() is for physical rounds.")
        if self._state.counts is not None:
            return RoundOver("The cards have already been counted.")
        if not field_given(a, "counts"):
            return None
        counts = list(a.counts)
        if len(counts) != len(self._players):
            return IllegalAction(f"Give {len(self._players)} counts, one per player in turn order.")
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts):
            return IllegalAction("Each count of cards left must be a whole number, 0 or more.")
        return None

    def _hint_text_refusal(self, text: str | None) -> GameError | None:
        """Why a hint's ``text`` will not do (None: it will; a computer dealer makes one up for None)."""
        if text is not None:
            if not isinstance(text, str) or not text.strip():
                return IllegalAction("A hint needs some text.")
        elif self._dealer is not None:
            return IllegalAction(f"{self._dealer} is the dealer: type the hint to give.")
        return None

    # ------------------------------------------------------------------ what an action does ------
    # Each runs only once refusal() has let its action through.
    def _do_play(self, a: Play) -> Verdict:
        raise NotImplementedError(f"{self.title} does not say how a play is judged")

    @classmethod
    def _action_table(cls) -> dict[type[Action], Perform]:
        """What each action type of this variant does (those of every variant here; a variant with more
        adds them, ``{**super()._action_table(), NoPlay: cls._do_no_play}``).  An action type missing
        from it is one the variant's refusals turn away."""
        return {
            Play: cls._do_play,
            GiveHint: cls._do_give_hint,
            PlaceStarter: cls._do_place_starter,
            Finish: cls._do_finish,
            StateConfidence: cls._do_state_confidence,
        }

    def _play_has_begun(self) -> bool:
        """Whether any player has played (or declared no play) yet this round."""
        return any(j.kind != "starter" for j in self._state.judgements)

    def _do_give_hint(self, a: GiveHint) -> str:
        text = self._hint_text(a.text)
        with self._action():
            self._emit(ev.HintGiven(text, a.consented))
        return text

    def _do_state_confidence(self, a: StateConfidence) -> None:
        with self._action():
            self._emit(ev.ConfidenceStated(a.player, a.percent, a.about))  # type: ignore[arg-type]

    def _hint_text(self, text: str | None) -> str:
        """The hint given: the dealer's text, or a computer dealer's own (see :meth:`_hint_text_refusal`)."""
        return text.strip() if text is not None else self._computer_hint()

    def _computer_hint(self) -> str:
        """A computer dealer's hint: a card that would fit now (chosen by the seed), or that none does."""
        fits = [c for c in self.deck() if self._rule.accepts(c, self._state.mainline, None)]
        if not fits:
            return "No card at all can follow the top card."
        rng = self._rng(f"hint/{len(self._events)}")
        return f"{rng.choice(fits)} could be played on the top card now."

    def _do_place_starter(self, a: PlaceStarter) -> Card:
        assert a.card is not None
        real = self._physical_card("The table", a.card, self._copies(), [])
        with self._action():
            self._emit(ev.StarterPlaced(real))
        return real

    def _copies(self) -> int:
        return 1

    def _do_finish(self, a: Finish) -> Scores:
        with self._action():
            self._emit(ev.CardsCounted(tuple(a.counts)))
            if self._state.over is None:
                self._end("counted")
        return self.scores()

    # ------------------------------------------------------------------ guesses (Express) -------
    def _parse_guess(self, rule_text: str) -> Rule:
        """The guessed rule, or a :class:`BadGuess` with the parser's line and caret."""
        from eleusis_lab.rules import Rule, RuleError

        try:
            return Rule.parse(rule_text)
        except RuleError as e:
            raise BadGuess(f"The guessed rule does not read as a rule: {e}", e) from None

    def _judge_guess(self, rule_text: str) -> tuple[bool, Any, str | None]:
        from eleusis_lab.rules.checks import same_rule

        guessed = self._parse_guess(rule_text)
        eq = same_rule(guessed, self._rule, deck=self.cards_in_play(), player_names=list(self._players))
        cx = eq.counterexample
        text = None
        if cx is not None:
            try:
                text = cx.explain()
            except Exception:  # an explanation is a courtesy; the verdict stands without it
                text = str(cx)
        elif not eq.same:  # not proven the same within the judge's budget: not paid as right
            text = eq.explain()
        return bool(eq.same), cx, text

    # ------------------------------------------------------------------ saving ------------------
    def to_json(self) -> str:
        """The round as JSON text (format name, version, header, the event log, a checksum)."""
        from eleusis_lab.play.save import dump_round

        return dump_round(self)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`to_json` to ``path`` atomically (a temporary file, then a rename)."""
        write_atomically(os.fspath(path), self.to_json())

    def _header_options(self) -> dict[str, Any]:
        return dict(self._options)


Round._folds = Round._fold_table()
Round._refusals = Round._refusal_table()
Round._actions = Round._action_table()

__all__ += ["count_designs", "write_atomically"]
