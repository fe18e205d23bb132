"""A table session: the rounds people play at one board, with everything they add to them.

The session owns the round, the rounds before it (match totals, through :class:`~eleusis_lab.play.match.Match`
when people deal), the computer seats, the class's hypotheses, the student's prediction journal, the
confidence statements, the reveal and its save file.  Every change is an :mod:`~eleusis_lab.session.events`
event, and the session's state is a fold over that log, so :meth:`TableSession.undo` takes back any of
them and a save holds all of them.  A refused action raises :class:`SessionError` (a ``ValueError`` with
one sentence) and changes nothing; a save that fails takes the action back and says so.  No widgets here:
the boards are views over a session, told of each change through :meth:`TableSession.on_change`.

>>> s = TableSession()
>>> _ = s.begin("express", ["Ana", "Ben", "Cy"], "express-1", seed=3)
>>> who = s.round.current_player
>>> _ = s.play([s.round.hand(who)[0]])
>>> _ = s.add_hypothesis("Ben", "card is red", "red cards")
>>> [e.type for e in s.events]
['round-begun', 'action', 'hypothesis-added']
>>> _ = s.undo(); _ = s.undo(); [e.type for e in s.events], s.round.current_player == who
(['round-begun'], True)
>>> TableSession.from_json(s.to_json()).to_json() == s.to_json()
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from eleusis_lab.cards import Card, as_card, parse_cards
from eleusis_lab.play import GameError, GuessResult, Round, Verdict, find_variant, new_round
from eleusis_lab.play import benchmark_protocol as bp
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import (
    Action,
    BuyHint,
    DeclineGuess,
    EndHalf,
    Finish,
    GiveHint,
    NoPlay,
    OverruleGuess,
    PlaceStarter,
    Play,
)
from eleusis_lab.play.errors import one_line
from eleusis_lab.play.match import Match, MatchError
from eleusis_lab.play.players import ComputerPlayer, lookup
from eleusis_lab.play.save import checksum
from eleusis_lab.play.solo import SoloRound
from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.rules.english import english as rule_english
from eleusis_lab.science.benchmark import RULES as BENCHMARK_RULES
from eleusis_lab.science.hypotheses import ClassHypotheses
from eleusis_lab.science.narrowing import Narrowing, NarrowingFold
from eleusis_lab.science.solo_runs import PlayerNote, SoloRun
from eleusis_lab.scoring import score_rows
from eleusis_lab.session.errors import SessionError, StaleSession
from eleusis_lab.session.events import (
    ActionTaken,
    HypothesisAdded,
    HypothesisRemoved,
    MatchStopped,
    Revealed,
    RoundBegun,
    RoundClosed,
    RoundSpec,
    SessionEvent,
    StatementSkipped,
)
from eleusis_lab.session.notices import GuessNotice, InfoNotice, Notice, VerdictNotice
from eleusis_lab.session.savecheck import read_save
from eleusis_lab.session.savefile import FORMAT, VERSION, disk_revision, folder_lock
from eleusis_lab.session.table import TableQuestions, computers_act

__all__ = [
    "FORMAT",
    "OPPONENTS",
    "JournalEntry",
    "MatchScoreRow",
    "Seating",
    "SessionError",
    "TableSession",
    "one_line",
    "round_points",
]

PLAYS = ("play", "no-play")

#: The computer opponents a student may choose on the prediction board, by the name they sit under.
OPPONENTS = {"random": "Rnd", "careful": "Careful", "scientist": "Scientist"}


@dataclass(frozen=True)
class MatchScoreRow:
    """One line of the scores table: this round's points and the match total so far."""

    name: str
    points: float
    total: float
    dealer: bool = False  # this round's dealer (a person of the class, or the computer "Dealer")


@dataclass(frozen=True)
class Seating:
    """Who sat at the last round, as the set-up form asks for it: the game, the people (a match's in
    seating order), the computer seats (name, kind) and the dealer of the next round (None: the computer)."""

    variant: str
    people: tuple[str, ...]
    computers: tuple[tuple[str, str], ...]
    dealer: str | None


@dataclass(frozen=True)
class JournalEntry:
    """One play of the student: the cards, the prediction made before it, and the dealer's verdict."""

    number: int
    cards: tuple[Card, ...]
    predicted: bool
    accepted: bool
    mainline_length: int
    step: int = field(default=0, compare=False)  # the round's steps after the play

    @property
    def right(self) -> bool:
        return self.predicted == self.accepted


class _DealtRound:
    """A round of a match as :class:`Match` reads it: over once the session closed or revealed it (the
    reveal ends a round whatever its variant), whatever the engine says."""

    def __init__(self, round_: Round, ended: bool) -> None:
        self.round, self.ended = round_, ended

    @property
    def is_over(self) -> bool:
        return self.ended or self.round.is_over

    @property
    def end(self) -> ev.RoundEnded | None:
        return self.round.end

    @property
    def events(self) -> tuple[ev.Event, ...]:
        return self.round.events

    @property
    def players(self) -> list[str]:
        return self.round.players

    @property
    def dealer(self) -> str | None:
        return self.round.dealer

    def scores(self) -> Any:
        return self.round.scores()

    def hand(self, name: str) -> list[Card]:
        return self.round.hand(name)


class TableSession:
    """The rounds at one board, as a fold over the session's own events.

    ``save_path`` (optional) is written after every event; :meth:`resume` reads it back.  ``physical``:
    real cards (the teacher enters each card; no hands, no stock).  ``predicting``: the first player is
    a student who predicts each verdict before playing (the prediction board's journal).  ``kind``
    names the board in the saves folder (``class``, ``solo``, ``physical``).
    """

    def __init__(
        self,
        save_path: str | Path | None = None,
        *,
        physical: bool = False,
        predicting: bool = False,
        kind: str = "class",
    ) -> None:
        self.save_path = Path(save_path) if save_path is not None else None
        self.physical = physical
        self.predicting = predicting
        self.kind = kind
        #: What a view keeps in the save beside the events (the card size, the deck's colours …).
        self.board_notes: dict[str, Any] = {}
        self.prediction: bool | None = None  # the student's prediction for their next play
        self._events: list[SessionEvent] = []
        self._rounds: list[Round] = []
        self._computers: dict[str, ComputerPlayer] = {}
        self._hypotheses = ClassHypotheses()
        self._narrowing: NarrowingFold | None = None
        self._narrowed: Round | None = None
        self._listeners: list[Callable[[TableSession], None]] = []
        self._fold_state()
        self.notice: Notice = InfoNotice("")
        self._shown: Notice = self.notice  # the notice of the last event kept (a refusal puts it back)
        # The save file's revision this session read or last wrote; None: it has not touched the file yet
        # (its first save claims it).  A save finding another revision on disk is refused (another tab).
        self._revision: int | None = None

    # ------------------------------------------------------------------ listeners -----------------
    def on_change(self, callback: Callable[[TableSession], None]) -> None:
        """Call ``callback(session)`` after every change (views redraw from it; none polls)."""
        self._listeners.append(callback)

    def changed(self) -> None:
        """Tell the views the session changed (the session calls it after each event)."""
        for callback in list(self._listeners):
            callback(self)

    # ------------------------------------------------------------------ the fold ----------------
    def _fold_state(self) -> None:
        """Derive the session's state from its events (after an undo or a load)."""
        self._open: int | None = None  # index of the round on the board
        self._closed: dict[int, str] = {}
        self._revealed: set[int] = set()
        self._match: Match | None = None
        self._match_rounds: list[int] = []
        self._journal: list[JournalEntry] = []
        hyps: list[HypothesisAdded] = []
        begun = -1
        for e in self._events:
            if isinstance(e, RoundBegun):
                begun += 1
                self._open = begun
                hyps, self._journal = [], []
                self._join_match(e.spec, begun)
            elif isinstance(e, RoundClosed):
                self._closed[begun] = e.reason
                self._open = None
                if e.reason == "abandoned" and begun in self._match_rounds:
                    self._match_rounds.remove(begun)  # a round stopped half-way is no deal (RULES.md)
            elif isinstance(e, Revealed):
                self._revealed.add(begun)
            elif isinstance(e, HypothesisAdded):
                hyps.append(e)
            elif isinstance(e, HypothesisRemoved):
                hyps = [h for h in hyps if h.student != e.student]
            elif isinstance(e, MatchStopped) and self._match is not None:
                self._match.stopped = True
            elif isinstance(e, ActionTaken) and e.predicted is not None and e.accepted is not None:
                self._journal.append(
                    JournalEntry(
                        len(self._journal) + 1,
                        tuple(as_card(c) for c in e.cards),
                        e.predicted,
                        e.accepted,
                        e.mainline_before,
                        step=e.steps_after,
                    )
                )
        if self._match is not None:
            self._match.rounds = [
                _DealtRound(self._rounds[i], i in self._closed or i in self._revealed)
                for i in self._match_rounds
            ]
            self._match.dealers = [str(self._rounds[i].dealer) for i in self._match_rounds]
        self._hypotheses = ClassHypotheses()
        r = self.round
        if r is None or self._narrowed is not r:
            # One fold per round: it follows plays and undos by itself (about 5 ms a judgement); a new
            # space is built (about 0.6 s) only when another round comes on the board.
            self._narrowing = None
            self._narrowed = r
        if r is not None:
            self._hypotheses.update(r)
            for h in hyps:
                self._hypotheses.add(h.student, h.text, words=h.words).added_at = h.added_at
            self._hypotheses.update(r)

    def _join_match(self, spec: RoundSpec, index: int) -> None:
        """A round dealt by a person is a deal of a match: the one running, or a new one it starts."""
        if not spec.match:
            return
        if spec.first_of_match or self._match is None:
            options = dict(spec.options)
            try:
                self._match = Match(
                    spec.variant,
                    list(spec.match),
                    first_dealer=spec.dealer,
                    dealer_choice=bool(options.get("dealer_choice", False)),
                )
            except MatchError:
                self._match = None
                return
            self._match_rounds = []
        self._match_rounds.append(index)

    def _record(self, event: SessionEvent) -> None:
        """Keep the event and save; a failed save takes the event back and says so (the board keeps the
        notice it showed: a refusal is one sentence, raised with the session as it was)."""
        self._events.append(event)
        self._fold_state()
        try:
            self.save()
        except (OSError, StaleSession) as error:
            self._take_back()
            self.notice = self._shown
            raise _unsaved(error, "that was taken back") from None
        self._shown = self.notice
        self.changed()

    # ------------------------------------------------------------------ views of the state -------
    @property
    def events(self) -> tuple[SessionEvent, ...]:
        return tuple(self._events)

    @property
    def round(self) -> Round | None:
        """The round on the board (None at the set-up form)."""
        return self._rounds[self._open] if self._open is not None else None

    @property
    def rounds(self) -> list[Round]:
        """The rounds before the one on the board (finished or put aside)."""
        return [r for i, r in enumerate(self._rounds) if i != self._open]

    @property
    def spec(self) -> RoundSpec | None:
        begun = [e for e in self._events if isinstance(e, RoundBegun)]
        return begun[self._open].spec if self._open is not None else None

    @property
    def rule_key(self) -> str | None:
        return self.spec.rule_key if self.spec is not None else None

    @property
    def computers(self) -> dict[str, ComputerPlayer]:
        return dict(self._computers)

    @property
    def computer_specs(self) -> dict[str, str]:
        """The computer seats of the round on the board: name -> kind of player."""
        return dict(self.spec.computers) if self.spec is not None else {}

    @property
    def match(self) -> Match | None:
        """The match the rounds dealt by people make (None when the computer deals)."""
        return self._match

    @property
    def round_number(self) -> int:
        """1 for the first round of the session, 2 for the next …; an abandoned round is no round of
        the count (as it is no deal of a match)."""
        before = self._open if self._open is not None else len(self._rounds)
        return sum(1 for i in range(before) if self._closed.get(i) != "abandoned") + 1

    def seating(self) -> Seating | None:
        """The players of the last round dealt, as the set-up form asks for them, and who deals next
        (None before the first deal): a resumed board's form starts from these."""
        begun = [e.spec for e in self._events if isinstance(e, RoundBegun)]
        if not begun:
            return None
        spec = begun[-1]
        seats = dict(spec.computers)
        people = spec.match or tuple(p for p in spec.players if p not in seats)
        dealer = spec.dealer if self.round is not None else self.next_dealer(people)
        return Seating(spec.variant, people, tuple(seats.items()), dealer)

    @property
    def revealed(self) -> bool:
        return self._open is not None and self._open in self._revealed

    @property
    def locked(self) -> bool:
        """No more plays: the round ended by its rules, or the rule was revealed."""
        r = self.round
        return r is None or r.is_over or self.revealed

    @property
    def phase(self) -> Literal["setup", "playing", "over", "revealed"]:
        if self.round is None:
            return "setup"
        if self.revealed:
            return "revealed"
        return "over" if self.round.is_over else "playing"

    @property
    def hypotheses(self) -> ClassHypotheses:
        """The class's hypotheses for the round on the board, checked against all its judgements."""
        if self.round is not None:
            self._hypotheses.update(self.round)
        return self._hypotheses

    @property
    def student(self) -> str | None:
        """The prediction board's student: the first player."""
        return self.round.players[0] if self.round is not None and self.predicting else None

    @property
    def journal(self) -> list[JournalEntry]:
        """The student's predictions of this round beside the dealer's verdicts."""
        return list(self._journal)

    @property
    def judged(self) -> JournalEntry | None:
        """The journal line of the last event, when it was the student's predicted play."""
        last = self._events[-1] if self._events else None
        fresh = isinstance(self.notice, VerdictNotice)  # not after an undo or a resume
        if fresh and isinstance(last, ActionTaken) and last.predicted is not None and self._journal:
            return self._journal[-1]
        return None

    def accuracy(self) -> list[float]:
        """The running share of right predictions after each play."""
        out, right = [], 0
        for i, e in enumerate(self._journal, start=1):
            right += e.right
            out.append(right / i)
        return out

    def narrowing(self) -> Narrowing | None:
        """The round's narrowing so far (one fold, shared by the board, the plots and the handouts)."""
        r = self.round
        if r is None:
            return None
        if self._narrowing is None:
            self._narrowing = NarrowingFold(r.rule_deck())
        return self._narrowing.update(r.evidence(), self.hypotheses)

    def live_space(self) -> Any:
        """A copy of the round's narrowed hypothesis space (for the acceptance map), or None."""
        if self.narrowing() is None or self._narrowing is None:
            return None
        return self._narrowing.space.copy()

    @property
    def plays(self) -> int:
        """Plays and no-plays made by people in the round on the board."""
        return sum(1 for e in self._current_events() if isinstance(e, ActionTaken) and e.kind in PLAYS)

    def _current_events(self) -> list[SessionEvent]:
        out: list[SessionEvent] = []
        for e in self._events:
            if isinstance(e, RoundBegun):
                out = []
            out.append(e)
        return out if self._open is not None else []

    def _table(self) -> TableQuestions:
        return TableQuestions(self.round, frozenset(self._computers), self.locked, self.physical)

    def human(self, name: str | None) -> bool:
        return self._table().human(name)

    def _listed(self, player: str | None) -> list[Action]:
        return self._table().listed(player)

    def possible(self) -> frozenset[str]:
        """What may happen now, for the buttons a board shows (read from the round's ``legal_actions``)."""
        r = self.round
        out: set[str] = set()
        if self._events:
            out.add("undo")
        if r is None:
            out.add("begin")
            if self._match is not None and not self._match.is_over:
                out.add("stop-match")
            return frozenset(out)
        if not self.revealed:
            out.add("reveal")
            # The dealer's last word on a guess, even on the one that has just ended the round.
            if any(isinstance(a, OverruleGuess) for a in r.legal_actions(None)):
                out.add("overrule")
        if self.locked:
            out.add("next-round")
            return frozenset(out)
        out.add("abandon")
        for action in self._listed(None):
            kind = {PlaceStarter: "starter", EndHalf: "end-half", GiveHint: "hint"}.get(type(action))
            if kind:
                out.add(kind)
            elif isinstance(action, Finish) and r.mainline:
                out.add("finish")
        current = r.current_player
        if self.human(current) and (r.mainline or not self.physical):
            for action in self._listed(current):
                if isinstance(action, Play):
                    strings = "cards" in action.open and r.capabilities.max_string > 1 and not self.physical
                    out.add("play-string" if strings else "play")
                elif isinstance(action, NoPlay):
                    out.add("no-play")
                elif isinstance(action, BuyHint):
                    out.add("buy-hint")
            if "play-string" in out:
                out.discard("play")  # a string's cards are chosen one by one, then played together
            if self.predicting and current == self.student and "play" in out:
                out.add("predict")
        if self.guessers():
            out.add("guess")
        if self.prophet_candidate() is not None:
            out.add("prophet")
        if r.prophet and self.human(r.prophet):
            out.add("prophet-call")  # a person's prophet calls each play before the dealer judges it
        if any(self.human(p) for p in r.players):
            out.add("confidence")
        return frozenset(out)

    def string_limit(self) -> int:
        return self._table().string_limit()

    def guessers(self) -> list[str]:
        return self._table().guessers()

    def prophet_candidate(self) -> str | None:
        return self._table().prophet_candidate()

    def last_actor(self) -> str | None:
        return self._table().last_actor()

    def disabled_cards(self) -> list[Card]:
        return self._table().disabled_cards()

    def last_was_guess(self) -> bool:
        """Was the round's last action a guess (the dealer may overrule it now)?"""
        r = self.round
        for event in reversed(list(r.events) if r is not None else []):
            if event.is_action:
                return isinstance(event, ev.Guessed)
        return False

    def hint_needs_consent(self) -> bool:
        """Play has begun (by anyone, a computer seat too): the round lists a hint only with consent."""
        hints = [a for a in self._listed(None) if isinstance(a, GiveHint)]
        return bool(hints) and all(a.consented for a in hints)

    # ------------------------------------------------------------------ set-up -------------------
    def begin(
        self,
        variant: str,
        players: Sequence[str],
        rule: str | Rule | None = None,
        *,
        seed: int | None = None,
        computers: dict[str, str] | None = None,
        options: dict[str, Any] | None = None,
        difficulty: str = "any",
        dealer: str | None = None,
    ) -> Notice:
        """Deal a new round; ``rule`` is rule text, a library key, or None for a random library rule.

        ``dealer`` names a person of the class who deals this round (they chose the rule and judge
        guesses in words; the others play from the dealer's left); None: the computer deals.  Rounds
        dealt by people make a match (:class:`~eleusis_lab.play.match.Match`, by the variant's
        ``MatchRules``): :meth:`next_dealer` says who deals next."""
        if self.round is not None:
            raise SessionError("A round is on the board: go back to the set-up first.")
        people = [str(p).strip() for p in players if str(p).strip()]
        seats = dict(computers or {})
        names = [*people, *(n for n in seats if n not in people)]
        if not names:
            raise SessionError("Type the players' names, separated by commas.")
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            raise SessionError(f"Two players are called {twice}: give each a different name.")
        if self.physical and seats:
            raise SessionError("Computer players cannot sit at a table of real cards.")
        dealer = (dealer or "").strip() or None
        match_people: tuple[str, ...] = ()
        if dealer is not None:
            if dealer not in names:
                raise SessionError(f"{dealer} is not one of the players: choose the dealer from the list.")
            if dealer in seats:
                raise SessionError(f"{dealer} is a computer seat: a computer cannot type a rule to deal.")
            match_people = tuple(p for p in people if p not in seats)
            at = names.index(dealer)
            names = [*names[at + 1 :], *names[:at]]  # play starts at the dealer's left
        if len(names) < 2 and not self.predicting:  # the prediction board: one student and the dealer
            raise SessionError(
                "A class round needs at least two players"
                + (" besides the dealer." if dealer is not None else ".")
            )
        for kind in seats.values():
            try:
                lookup(kind)
            except (KeyError, ValueError):
                raise SessionError(f"There is no computer player called {kind!r}.") from None
        key, chosen = self.choose_rule(variant, rule, seed, difficulty)
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        opts = dict(options or {})
        if self.physical:
            opts["physical"] = True
        try:
            new = new_round(variant, names, chosen, seed=seed, dealer=dealer, **opts)
        except (GameError, ValueError, KeyError, TypeError) as error:
            raise SessionError(one_line(error)) from None
        match = self._match
        continues = (
            match is not None
            and bool(match_people)
            and match.variant == new.variant
            and tuple(match.players) == match_people
            and match.next_dealer == dealer
        )
        spec = RoundSpec(
            new.variant,
            tuple(names),
            tuple(seats.items()),
            key,
            seed,
            tuple(sorted((options or {}).items())),
            dealer,
            match_people,
            bool(match_people) and not continues,
        )
        self._rounds.append(new)
        self._computers = self._seat_computers(spec)
        lines = self._computer_turns(new)
        starter = f"The starter is {new.mainline[0]}. " if new.mainline else ""
        who = new.current_player
        first = "Enter the starter card." if self.physical and not new.mainline else f"{who} plays first."
        self.notice = InfoNotice(f"Dealt. {starter}{first if who else ''}", tuple(lines))
        self._record(RoundBegun(spec=spec))
        return self.notice

    @staticmethod
    def choose_rule(
        variant: str, rule: str | Rule | None, seed: int | None, difficulty: str
    ) -> tuple[str | None, str | Rule]:
        """(library key or None, the rule to deal) from what the set-up form says."""
        try:
            cls = find_variant(variant)
        except ValueError as error:
            raise SessionError(one_line(error)) from None
        deck = cls.rule_decks()[0]  # the kind of card the variant's rules read, before a deal
        if rule is None:
            entries = [e for e in library.playable(deck) if difficulty in ("any", e.difficulty)]
            if not cls.capabilities.player_rules:
                entries = [e for e in entries if not e.rule.uses_player] or entries
            if not entries:
                raise SessionError("The library has no rule of that difficulty for this deck.")
            entry = random.Random(seed).choice(entries)
            return entry.key, entry.key
        if isinstance(rule, Rule):
            return None, rule
        text = rule.strip()
        if not text:
            raise SessionError("Type the secret rule (or a library key) first, or draw one at random.")
        if text in library.keys():  # noqa: SIM118 - keys() is the library's function
            return text, text
        try:
            return None, Rule.parse(text)
        except RuleError as error:
            # Nothing of the rule's text, not even the hint (it quotes the typo): the class is watching.
            where = f" at line {error.line}, column {error.column}" if error.line is not None else ""
            raise SessionError(
                f"The secret rule has a problem{where}: show it with the eye to check the typing."
            ) from None

    @staticmethod
    def _seat_computers(spec: RoundSpec) -> dict[str, ComputerPlayer]:
        base = spec.seed or 0
        return {
            name: lookup(kind, seed=base + 101 * (i + 1)) for i, (name, kind) in enumerate(spec.computers)
        }

    # ------------------------------------------------------------------ round actions -----------
    def _open_round(self, *, ended: bool = False) -> Round:
        """The round, if it may still be acted on (``ended``: also once it has ended by its rules)."""
        r = self.round
        if r is None:
            raise SessionError("Deal a round first.")
        if self.revealed:
            raise SessionError("The rule has been revealed: this round is over.")
        if r.is_over and not ended:
            raise SessionError("The round is over.")
        return r

    def _act(
        self,
        kind: str,
        player: str | None,
        action: Callable[[Round], Any],
        message: str = "",
        *,
        ended: bool = False,
        predicted: bool | None = None,
    ) -> Notice:
        r = self._open_round(ended=ended)
        before, length = r.steps, len(r.mainline)
        try:
            result = action(r)
        except GameError as error:
            raise SessionError(one_line(error)) from None
        lines = tuple(self._computer_turns(r))
        accepted: bool | None = None
        cards: tuple[str, ...] = ()
        if isinstance(result, Verdict):
            text = message or result.message
            self.notice = VerdictNotice(text, lines, result)
            if predicted is not None and result.kind == "play":
                accepted, cards = bool(result.accepted), tuple(str(c) for c in result.cards)
        elif isinstance(result, GuessResult):
            text = message or result.message
            self.notice = GuessNotice(text, lines, result)
        else:
            text = message or str(result or "Done.")
            self.notice = InfoNotice(text, lines)
        taken = ActionTaken(
            kind,
            player,
            before,
            r.steps,
            text,
            predicted if accepted is not None else None,
            accepted,
            cards,
            length,
        )
        self._record(taken)
        if accepted is not None:
            self.prediction = None
        return self.notice

    def _computer_turns(self, r: Round) -> list[str]:
        return computers_act(r, self._computers)

    def _cards(self, cards: Sequence[Card | str] | Card | str) -> list[Card]:
        try:
            chosen = [as_card(c) for c in ([cards] if isinstance(cards, Card | str) else cards)]
        except ValueError as error:
            raise SessionError(one_line(error)) from None
        if not chosen:
            raise SessionError("Choose a card first.")
        return chosen

    def _person(self) -> str:
        player = self._open_round().current_player
        if player is None or not self.human(player):
            raise SessionError("It is not a person's turn.")
        return player

    def predict(self, accepted: bool | None) -> None:
        """Make (or clear) the student's prediction for their next play (kept with the play)."""
        self.prediction = accepted

    def play(self, cards: Sequence[Card | str] | Card | str, *, prophet_says: bool | None = None) -> Notice:
        """The current player plays a card (or a New Eleusis string); real cards: the starter first."""
        chosen = self._cards(cards)
        r = self._open_round()
        if self.physical and not r.mainline:
            if len(chosen) != 1:
                raise SessionError("The starter is one card.")
            return self._act(
                "starter", None, lambda rr: rr.place_starter(chosen[0]), f"The starter is {chosen[0]}."
            )
        player = self._person()
        predicted: bool | None = None
        if self.predicting and player == self.student:
            if self.prediction is None:
                raise SessionError("First predict: will this play be accepted or rejected?")
            predicted = self.prediction
        extra = self._prophet_call(r, chosen, prophet_says)
        target: Any = chosen[0] if len(chosen) == 1 else chosen
        return self._act("play", player, lambda rr: rr.play(player, target, **extra), predicted=predicted)

    def no_play(
        self, hand: Sequence[Card | str] | str | None = None, *, prophet_says: bool | None = None
    ) -> Notice:
        """The current player declares no card fits (with real cards: the hand they show)."""
        player = self._person()
        r = self._open_round()
        extra = self._prophet_call(r, [], prophet_says)
        if not self.physical:
            return self._act("no-play", player, lambda rr: rr.no_play(player, **extra))
        try:
            shown = parse_cards(hand) if isinstance(hand, str) else [as_card(c) for c in hand or ()]
        except ValueError as error:
            raise SessionError(one_line(error)) from None
        if not shown:
            raise SessionError("Type the cards of the hand shown first.")
        return self._act("no-play", player, lambda rr: rr.no_play(player, hand=shown, **extra))

    def _prophet_call(self, r: Round, cards: list[Card], says: bool | None) -> dict[str, Any]:
        prophet = r.prophet
        if not prophet:
            return {}
        if prophet in self._computers:
            return {"prophet_says": bool(self._computers[prophet].judge_as_prophet(r, prophet, cards))}
        if says is None:
            raise SessionError(
                f"Prophet {prophet}: say 'right' or 'wrong' for this play first, then play it."
            )
        return {"prophet_says": says}

    def guess(self, player: str, text: str | None = None, words: str | None = None) -> Notice:
        """``player`` states the rule (rule text is judged by the engine; words alone, by the dealer)."""
        text = (text or "").strip() or None
        words = (words or "").strip() or None
        if not text and not words:
            raise SessionError("Type the guessed rule first.")
        if player not in self.guessers():
            raise SessionError(f"{player} may not state the rule now.")
        said = text or words or ""
        if text is None:  # words alone: the dealer judges them
            return self._act(
                "guess", player, lambda r: r.guess(player, None, words), f"{player} guesses: {said}"
            )
        try:
            Rule.parse(text)
        except RuleError as error:
            raise SessionError(f"The guess cannot be read: {one_line(error)}") from None
        notice = self._act("guess", player, lambda r: r.guess(player, text), f"{player} guesses: {said}")
        # A guess judged is one of the class's ideas: it joins their hypotheses (and the narrowing
        # plot) with the student's words, without a second click.
        added_at = len(self.hypotheses.evidence)
        self._record(
            HypothesisAdded(student=player, text=text, words=words, added_at=added_at, from_guess=True)
        )
        return notice

    def overrule(self, correct: bool) -> Notice:
        """The dealer's final word on the last guess."""
        word = "RIGHT" if correct else "WRONG"
        if "overrule" not in self.possible():
            raise SessionError("There is no guess to overrule now.")
        return self._act(
            "overrule", None, lambda r: r.overrule_guess(correct), f"The dealer counts it {word}.", ended=True
        )

    def declare_prophet(self, player: str | None = None) -> Notice:
        name = player or self.prophet_candidate()
        if name is None:
            raise SessionError("Nobody may become prophet now.")
        return self._act("prophet", name, lambda r: r.declare_prophet(name), f"{name} is the prophet now.")

    def give_hint(self, text: str | None = None, *, players_agree: bool = False) -> Notice:
        """The dealer gives everybody a hint; once play has begun the players must agree to it."""
        self._open_round()
        if self.hint_needs_consent() and not players_agree:
            raise SessionError("Play has begun: a hint needs the players' consent.")
        hint_text = (text or "").strip() or None
        return self._act("hint", None, lambda rr: "Hint: " + rr.give_hint(hint_text, consented=players_agree))

    def buy_hint(self, text: str | None = None) -> Notice:
        """Express option: the current player draws a card and the dealer gives everybody a hint."""
        player = self._person()
        said = (text or "").strip() or None
        return self._act("buy-hint", player, lambda r: f"{player} bought a hint: {r.buy_hint(player, said)}")

    def end_half(self) -> Notice:
        """Gardner with real cards: every dealt card has been played once."""
        return self._act(
            "end-half", None, lambda r: r.end_half(), "The first half is over: now play your wrong cards."
        )

    def finish(self, counts: Sequence[int]) -> Notice:
        """Real cards: each player's cards left (turn order); the round ends and the scores follow."""
        values = list(counts)
        return self._act(
            "finish", None, lambda r: r.finish(values), "The cards are counted: the round is over."
        )

    def state_confidence(self, player: str, percent: int, rule: str | None = None) -> Notice:
        """``player`` says how sure they are (0-100 %) of their rule now; kept in the round's log."""
        text = (rule or "").strip()
        about: str | None = None
        if text:
            try:
                about = Rule.parse(text).text
            except RuleError as error:
                raise SessionError(f"Your rule does not read as a rule: {one_line(error)}") from None
        if self.round is None or self.round.is_over:
            raise SessionError("Deal a round first: there is nothing to be sure about yet.")
        if player not in self.round.players or not self.human(player):
            raise SessionError(f"{player} is not a person at this table.")
        return self._act(
            "confidence",
            player,
            lambda r: r.state_confidence(player, int(percent), about),
            f"{player} is {int(percent)} % sure.",
        )

    def confidences(self, player: str) -> list[tuple[int, str | None]]:
        """``player``'s statements in the round on the board: (percent, rule or None), oldest first."""
        r = self.round
        return [
            (p, about) for who, p, about, _i in (r.confidences() if r is not None else []) if who == player
        ]

    # ------------------------------------------------------------------ the benchmark's turns -----
    # The language-model benchmark's game (the solo variant's ``protocol="benchmark"``): each turn the
    # student may say how sure they are, plays one card, then states a rule or plays on.  The stage
    # between the play and that choice is the session's (``statement_due``); the judge and the score are
    # the round's own.
    def begin_benchmark(self, rule: str | Rule, round_index: int = 0, *, name: str = "You") -> Notice:
        """Deal the benchmark's round ``round_index`` (0, 1, 2 …) of ``rule`` (one of its 26 rules by key,
        or rule text) for one student ``name``: its deck, its seed, its protocol."""
        if self.round is not None:
            raise SessionError("A round is on the board: go back to the set-up first.")
        who = name.strip()
        if not who:
            raise SessionError("Type the player's name first.")
        if isinstance(round_index, bool) or not isinstance(round_index, int) or round_index < 0:
            raise SessionError("The round is a whole number: 0, 1, 2 …")
        texts = {r.key: r.text for r in BENCHMARK_RULES}
        try:
            secret = rule if isinstance(rule, Rule) else Rule.parse(texts.get(rule.strip(), rule))
        except RuleError:
            # Nothing of the rule's text: the student is watching.
            raise SessionError("The secret rule does not read as a rule: check its typing.") from None
        seed = bp.round_seed(secret.text, round_index)
        try:
            new = new_round("solo", [who], secret, seed=seed, protocol="benchmark")
        except (GameError, ValueError) as error:
            raise SessionError(one_line(error)) from None
        spec = RoundSpec("solo", (who,), (), None, seed, (("protocol", "benchmark"),))
        self._rounds.append(new)
        self._computers = {}
        self.notice = InfoNotice(f"Dealt. The starter is {new.mainline[0]}.")
        self._record(RoundBegun(spec=spec))
        return self.notice

    @property
    def benchmark_round(self) -> SoloRound | None:
        """The round on the board when it is played under the benchmark's protocol, else None."""
        r = self.round
        return r if isinstance(r, SoloRound) and r.benchmark else None

    @property
    def benchmark_index(self) -> int | None:
        """Which of the benchmark's rounds of its rule is on the board (read back from its deck's seed)."""
        r = self.benchmark_round
        return None if r is None else (r.seed - bp.round_seed(r.rule.text, 0)) & 0xFFFFFFFF

    @property
    def statement_due(self) -> bool:
        """A card was just played: the student states a rule or plays on before the next card."""
        if self.benchmark_round is None or self.locked:
            return False
        for e in reversed(self._current_events()):
            if isinstance(e, ActionTaken):
                return e.kind == "play"
            if isinstance(e, StatementSkipped):
                return False
        return False

    @property
    def benchmark_turn(self) -> int:
        """The turn under way: the one just played while a rule may be stated, else the next one."""
        r = self.benchmark_round
        return 0 if r is None else r.turns + (0 if self.statement_due else 1)

    def score_if_right_now(self) -> int:
        """What a right rule stated this turn would score (the benchmark's ``31 - turn - 2 x wrong``)."""
        r = self.benchmark_round
        if r is None:
            return 0
        return bp.score(True, turn=self.benchmark_turn, wrong=r.wrong_guesses, max_turns=r.max_turns,
                        penalty=r.penalty)  # fmt: skip

    def _benchmark_player(self) -> tuple[SoloRound, str]:
        r = self.benchmark_round
        if r is None:
            raise SessionError("Deal a round of the benchmark first.")
        self._open_round()
        return r, r.players[0]

    def play_turn(self, card: Card | str, percent: int | None = None) -> Notice:
        """The turn's play, with how sure the student is of their rule (0-100 %, or None: not said) kept
        in the round's log with it: one event, so undo takes both back."""
        _r, player = self._benchmark_player()
        if self.statement_due:
            raise SessionError("State a rule or play on before the next card.")
        cards = self._cards(card)
        if len(cards) != 1:
            raise SessionError("One card a turn.")
        chosen = cards[0]
        if percent is not None and not 0 <= percent <= 100:
            raise SessionError("Say how sure you are as a percentage, 0 to 100.")

        def turn(rr: Round) -> Verdict:
            before = rr.steps
            if percent is not None:
                rr.state_confidence(player, int(percent))
            try:
                return rr.play(player, chosen)
            except GameError:
                while rr.steps > before:  # a refused play takes its confidence back with it
                    rr.undo()
                raise

        return self._act("play", player, turn)

    def state_rule(self, text: str, words: str | None = None) -> Notice:
        """The student states a rule right after a play (judged by the round's own judge: right ends the
        round, wrong costs the penalty).  Text that does not read as a rule is refused and costs nothing."""
        _r, player = self._benchmark_player()
        if not self.statement_due:
            raise SessionError("A rule may be stated only right after a play.")
        if not (text or "").strip():
            raise SessionError("Give your rule first: type it, pick it from your words, or build it.")
        return self.guess(player, text, words)

    def play_on(self) -> Notice:
        """No rule this turn; after the last turn's play, the round ends unsolved.  The verdict the
        student is reading stays."""
        r, player = self._benchmark_player()
        if not self.statement_due:
            raise SessionError("Nothing to pass: play a card first.")
        if r.is_legal(DeclineGuess(player)):
            return self._act("play-on", player, lambda rr: rr.apply(DeclineGuess(player)), "Played on.")
        self._record(StatementSkipped(player=player))
        return self.notice

    def benchmark_run(self) -> SoloRun | None:
        """The round on the board summed up as the benchmark's harness sums a computer player's (score,
        success, wrong guesses up to its cut-off turn, every turn with the confidence stated before it)."""
        r = self.benchmark_round
        if r is None:
            return None
        notes: list[PlayerNote] = []
        said: tuple[int, str | None] | None = None
        for e in r.events:
            if isinstance(e, ev.ConfidenceStated):
                said = (e.percent, e.about)
            elif isinstance(e, ev.Played):
                notes.append(
                    PlayerNote(
                        None if said is None else said[0] / 100, None if said is None else said[1], None
                    )
                )
                said = None
        return SoloRun.of_round(r, r.players[0], self.benchmark_index or 0, notes)

    # ------------------------------------------------------------------ the class's hypotheses ----
    def add_hypothesis(self, student: str, text: str, words: str | None = None) -> Notice:
        r = self.round
        if r is None:
            raise SessionError("Deal a round first.")
        name, rule_text = student.strip() or "class", text.strip()
        if not rule_text:
            raise SessionError("Type the hypothesis first.")
        try:
            Rule.parse(rule_text)
        except RuleError as error:
            raise SessionError(f"The hypothesis cannot be read: {one_line(error)}") from None
        added_at = len(self.hypotheses.evidence)
        self.notice = InfoNotice(f"{name}'s hypothesis is on the board.")
        self._record(HypothesisAdded(student=name, text=rule_text, words=words or None, added_at=added_at))
        return self.notice

    def remove_hypothesis(self, student: str) -> Notice:
        if student not in {h.student for h in self.hypotheses}:
            raise SessionError(f"There is no hypothesis by {student}.")
        self.notice = InfoNotice(f"{student}'s hypotheses are gone.")
        self._record(HypothesisRemoved(student=student))
        return self.notice

    # ------------------------------------------------------------------ reveal, scores, rounds ----
    def reveal(self) -> Notice:
        """Reveal the rule: the round ends here whatever its variant (hands locked, scores final)."""
        if self.round is None:
            raise SessionError("Deal a round first.")
        if self.revealed:
            raise SessionError("The rule is already revealed.")
        self.notice = InfoNotice("The rule is revealed: the round is over.")
        self._record(Revealed())
        return self.notice

    def english(self) -> str | None:
        """The secret rule in plain English (the library's own sentence for a library rule, the generated
        one for any other); None before a deal.  Only the reveal and the round's record show it."""
        r, spec = self.round, self.spec
        if r is None or spec is None:
            return None
        if spec.rule_key:
            return library.get(spec.rule_key).english
        return rule_english(r.rule)

    def scores(self) -> list[MatchScoreRow]:
        """This round's points (final once over or revealed) beside the match totals."""
        r = self.round
        if r is None:
            return []
        totals = self.totals()
        dealer = r.dealer or "Dealer"
        return [
            MatchScoreRow(
                name,
                points,
                totals.get(name, points) if self.locked else totals.get(name, 0) + points,
                name == dealer,
            )
            for name, points in round_points(r)
        ]

    def score_notes(self) -> list[str]:
        """The notes the round's scores carry (New Eleusis' high count …)."""
        r = self.round
        try:
            return list(r.scores().notes or ()) if r is not None else []
        except GameError:
            return []

    def next_dealer(self, names: Sequence[str] = ()) -> str | None:
        """Who deals next in the match (by its variant's rules: Gardner's players deal twice each,
        Express's winner may deal next); None when the computer dealt last or the match is over.

        ``names`` (the set-up form's list) may have changed since: then the match starts again with the
        first of them."""
        match = self._match
        people = [str(n).strip() for n in names if str(n).strip()]
        if match is None or not self._match_rounds:
            return None
        if people and set(people) != set(match.players):
            return people[0]
        return match.next_dealer

    def stop_match(self) -> Notice:
        """Stop the match early (between rounds); New Eleusis gives its bonus to who never dealt."""
        if self.round is not None or self._match is None or self._match.is_over:
            raise SessionError("There is no match to stop now.")
        self.notice = InfoNotice("The match is stopped.")
        self._record(MatchStopped())
        return self.notice

    def totals(self) -> dict[str, float]:
        """Match totals over the rounds that counted (finished ones, the one on the board if over) and
        the match's early-stop bonuses."""
        out: dict[str, float] = {}
        counted = [i for i, why in self._closed.items() if why == "finished"]
        if self._open is not None and self.locked:
            counted.append(self._open)
        for i in counted:
            for name, points in round_points(self._rounds[i]):
                out[name] = out.get(name, 0) + points
        for name, bonus in (self._match.bonuses() if self._match is not None else {}).items():
            out[name] = out.get(name, 0) + bonus
        return out

    def rounds_counted(self) -> int:
        return sum(1 for why in self._closed.values() if why == "finished") + (
            1 if self._open is not None and self.locked else 0
        )

    def next_round(self) -> Notice:
        """Back to the set-up after a round that is over (its scores count in the totals)."""
        if self.round is None or not self.locked:
            raise SessionError("Finish this round first (or reveal the rule).")
        self.notice = InfoNotice("")
        self._record(RoundClosed(reason="finished"))
        return self.notice

    def abandon(self) -> Notice:
        """Back to the set-up from a round still being played; it is recorded as abandoned."""
        if self.round is None:
            raise SessionError("There is no round to abandon.")
        if self.locked:
            return self.next_round()
        self.notice = InfoNotice("The round was abandoned.")
        self._record(RoundClosed(reason="abandoned"))
        return self.notice

    # ------------------------------------------------------------------ undo ---------------------
    def _take_back(self) -> SessionEvent:
        """Drop the last event and what it did to the round (a play and the computers' replies)."""
        last = self._events[-1]
        if isinstance(last, ActionTaken):
            r = self.round
            assert r is not None
            while r.steps > last.steps_before:
                r.undo()
            self._computers = self._seat_computers(self.spec) if self.spec else {}
        elif isinstance(last, RoundBegun):
            self._rounds.pop()
        self._events.pop()
        self._fold_state()
        if isinstance(last, RoundClosed | RoundBegun):
            self._computers = self._seat_computers(self.spec) if self.spec is not None else {}
        return last

    def undo(self) -> Notice:
        """Take back the last event, whatever it was (a play and the computers' replies go together).
        When the save after it fails, nothing is undone and the session says so."""
        if not self._events:
            raise SessionError("There is nothing to undo.")
        events, rounds, at = list(self._events), list(self._rounds), self._open
        before = self.round.clone() if self.round is not None else None  # undo changes the round in place
        last = self._take_back()
        if isinstance(last, HypothesisAdded) and last.from_guess:
            last = self._take_back()  # the guess that added it goes with it
        try:
            self.save()
        except (OSError, StaleSession) as error:
            self._events, self._rounds = events, rounds
            if at is not None and before is not None:
                self._rounds[at] = before
            self._fold_state()
            self._computers = self._seat_computers(self.spec) if self.spec is not None else {}
            raise _unsaved(error, "nothing was undone") from None
        self.prediction = None
        self.notice = self._shown = InfoNotice(f"Undone: {last.describe().rstrip('.')}.")
        self.changed()
        return self.notice

    # ------------------------------------------------------------------ saving --------------------
    def summary(self) -> dict[str, Any]:
        """What the saved-sessions list shows without reading the rest of the file: the game and the
        people of the last round dealt, the round on the board (its number, plays and phase) or, between
        rounds, how many counted and the totals (:class:`~eleusis_lab.session.SavedSession`)."""
        seating = self.seating()
        return {
            "variant": seating.variant if seating else None,
            "players": list(seating.people) if seating else [],
            "computers": [name for name, _kind in seating.computers] if seating else [],
            "round": self.round_number if self.round is not None else None,
            "plays": self.plays,
            "phase": self.phase,
            "rounds": self.rounds_counted(),
            "match": self._match is not None and bool(self._match_rounds),
            "totals": [[name, points] for name, points in _in_seating_order(self.totals(), seating)],
        }

    def to_json(self) -> str:
        """The save file's text (the revision this session last read or wrote)."""
        return self._text(self._revision or 0)

    def _text(self, revision: int) -> str:
        # The head first, in this order, so the saved-sessions list reads it alone (savefile.read_head).
        body: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "revision": revision,
            "kind": self.kind,
            "summary": self.summary(),
            "physical": self.physical,
            "predicting": self.predicting,
            "notes": self.board_notes,
            "events": [e.to_dict() for e in self._events],
            "rounds": [r.to_json() for r in self._rounds],
        }
        body["checksum"] = checksum(body)
        return json.dumps(body, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, save_path: str | Path | None = None) -> TableSession:
        """Rebuild a session, or refuse the text in one sentence (:class:`SessionError`) and build nothing:
        :func:`~eleusis_lab.session.savecheck.read_save` checks every field, the checksum, every round's
        log and every event against the rounds before anything is folded."""
        saved = read_save(text)
        session = cls(save_path, physical=saved.physical, predicting=saved.predicting, kind=saved.kind)
        session._events, session._rounds, session.board_notes = saved.events, saved.rounds, saved.notes
        try:
            session._fold_state()
            if session.spec is not None:
                session._computers = session._seat_computers(session.spec)
        except (GameError, RuleError, MatchError, ValueError) as error:  # what the checks above missed
            raise SessionError(f"The save is damaged: {one_line(error)}") from None
        session._revision = saved.revision
        session.notice = session._shown = InfoNotice("Resumed.")
        return session

    def save(self) -> None:
        """Write the session (atomically) when it has a save path; an ``OSError`` goes to the caller, and
        :class:`StaleSession` when the file moved on since this session read or wrote it (another tab or
        window saved to it): then nothing is written."""
        if self.save_path is None:
            return
        from eleusis_lab.files import write_atomically  # the package's one atomic writer

        path = self.save_path
        path.parent.mkdir(parents=True, exist_ok=True)
        with folder_lock(path.parent):
            on_disk = disk_revision(path)
            if self._revision is not None and on_disk is not None and on_disk != self._revision:
                raise StaleSession()
            revision = max(self._revision or 0, on_disk or 0) + 1
            write_atomically(path, self._text(revision))
        self._revision = revision

    @classmethod
    def resume(cls, path: str | Path) -> TableSession:
        """The session saved at ``path``; it goes on saving there.  A file that is no regular file, is
        too large or is damaged in any way is refused in one sentence."""
        from eleusis_lab.session.savefile import read_text

        path = Path(path)
        return cls.from_json(read_text(path), save_path=path)


def _in_seating_order(totals: dict[str, float], seating: Seating | None) -> list[tuple[str, float]]:
    order = list(seating.people) if seating is not None else []
    return sorted(totals.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))


def _unsaved(error: OSError | StaleSession, what: str) -> SessionError:
    """The sentence for a save that failed: another tab's, or the disk's (full, gone, read-only)."""
    if isinstance(error, StaleSession):
        return error
    return SessionError(f"The session could not be saved ({error.strerror or error}): {what}.")


def round_points(r: Round) -> list[tuple[str, float]]:
    """Each player's points and the dealer's (the computer dealer is "Dealer"), by name: the kit's one
    reading of a round's scores (:func:`eleusis_lab.scoring.score_rows`); none before it can be scored."""
    return [(row.name, row.points) for row in score_rows(r).rows]
