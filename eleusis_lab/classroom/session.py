"""A class session: the rounds a teacher runs at the projector, with everything the class adds to them.

The session owns the round, the series of rounds (match totals), the computer seats, the class's
hypotheses, the reveal and its save file.  Every change is a :mod:`~eleusis_lab.classroom.events` event,
and the session's state is a fold over that log, so :meth:`ClassSession.undo` takes back any of them and
a save holds all of them.  A refused action raises :class:`SessionError` (a ``ValueError`` with one
sentence) and changes nothing.  No widgets here: the boards are views over a session.

>>> s = ClassSession()
>>> _ = s.begin("express", ["Ana", "Ben", "Cy"], "express-1", seed=3)
>>> who = s.round.current_player
>>> _ = s.play([s.round.hand(who)[0]])
>>> _ = s.add_hypothesis("Ben", "card is red", "red cards")
>>> [e.type for e in s.events]
['round-begun', 'action', 'hypothesis-added']
>>> _ = s.undo(); _ = s.undo(); [e.type for e in s.events], s.round.current_player == who
(['round-begun'], True)
>>> ClassSession.from_json(s.to_json()).to_json() == s.to_json()
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from eleusis_lab.cards import Card, as_card
from eleusis_lab.classroom.events import (
    ActionTaken,
    HypothesisAdded,
    HypothesisRemoved,
    Revealed,
    RoundBegun,
    RoundClosed,
    RoundSpec,
    SessionEvent,
    event_from_dict,
)
from eleusis_lab.classroom.table import TableQuestions, computers_act
from eleusis_lab.play import GameError, GuessResult, Round, Verdict, find_variant, load_round, new_round
from eleusis_lab.play.actions import Action, NoPlay, OverruleGuess, Play
from eleusis_lab.play.players import ComputerPlayer, lookup
from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.science.hypotheses import ClassHypotheses
from eleusis_lab.science.narrowing import NarrowingFold

__all__ = ["FORMAT", "ClassSession", "Notice", "ScoreRow", "SessionError"]

FORMAT = "eleusis-lab-class-session"
VERSION = 1
PLAYS = ("play", "no-play")


class SessionError(ValueError):
    """A refused action at the board, in one sentence; the session is unchanged."""


@dataclass(frozen=True)
class Notice:
    """What the board says after the last event: a verdict, a judgement, or a line of information."""

    kind: Literal["verdict", "guess", "info", "warning"]
    text: str
    verdicts: tuple[Any, ...] = ()  # the person's Verdict/GuessResult first, then the computers'
    computer_lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoreRow:
    """One line of the scores table: this round's points and the match total so far."""

    name: str
    points: float
    total: float
    dealer: bool = False  # this round's dealer (a person of the class, or the computer "Dealer")


def _one_line(error: BaseException) -> str:
    text = str(error).strip().strip("'\"")
    return text.splitlines()[0] if text else type(error).__name__


def _rule_deck(variant: str) -> str:
    """The kind of card the variant's rules read (its description's first)."""
    return find_variant(variant).rule_decks()[0]


class ClassSession:
    """The rounds of one class at the board, as a fold over the session's own events.

    ``save_path`` (optional) is written after every event; :meth:`resume` reads it back.
    """

    def __init__(self, save_path: str | Path | None = None) -> None:
        self.save_path = Path(save_path) if save_path is not None else None
        self._events: list[SessionEvent] = []
        self._rounds: list[Round] = []
        self._computers: dict[str, ComputerPlayer] = {}
        self._hypotheses = ClassHypotheses()
        self._narrowing: NarrowingFold | None = None
        self._narrowed: Round | None = None
        self._fold_state()
        self.notice = Notice("info", "")

    # ------------------------------------------------------------------ the fold ----------------
    def _fold_state(self) -> None:
        """Derive the session's state from its events (after an undo or a load)."""
        self._open: int | None = None  # index of the round on the board
        self._closed: dict[int, str] = {}
        self._revealed: set[int] = set()
        hyps: list[HypothesisAdded] = []
        begun = -1
        for e in self._events:
            if isinstance(e, RoundBegun):
                begun += 1
                self._open = begun
                hyps = []
            elif isinstance(e, RoundClosed):
                self._closed[begun] = e.reason
                self._open = None
            elif isinstance(e, Revealed):
                self._revealed.add(begun)
            elif isinstance(e, HypothesisAdded):
                hyps.append(e)
            elif isinstance(e, HypothesisRemoved):
                hyps = [h for h in hyps if h.student != e.student]
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

    def _record(self, event: SessionEvent) -> None:
        self._events.append(event)
        self._fold_state()
        self.save()

    # ------------------------------------------------------------------ views of the state -------
    @property
    def events(self) -> tuple[SessionEvent, ...]:
        return tuple(self._events)

    @property
    def round(self) -> Round | None:
        """The round on the board (None at the set-up form)."""
        return self._rounds[self._open] if self._open is not None else None

    @property
    def spec(self) -> RoundSpec | None:
        begun = [e for e in self._events if isinstance(e, RoundBegun)]
        return begun[self._open].spec if self._open is not None else None

    @property
    def computers(self) -> dict[str, ComputerPlayer]:
        return dict(self._computers)

    @property
    def round_number(self) -> int:
        """1 for the first round of the session, 2 for the next …"""
        return (self._open if self._open is not None else len(self._rounds)) + 1

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

    def narrowing(self) -> Any:
        """The round's narrowing so far (one fold, shared by the board, the plots and the handouts)."""
        r = self.round
        if r is None:
            return None
        if self._narrowing is None:
            self._narrowing = NarrowingFold(_rule_deck(r.variant))
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
        return TableQuestions(self.round, frozenset(self._computers), self.locked)

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
            return frozenset({*out, "begin"})
        if not self.revealed:
            out.add("reveal")
            # The dealer's last word on a guess, even on the one that has just ended the round.
            if any(isinstance(a, OverruleGuess) for a in r.legal_actions(None)):
                out.add("overrule")
        if self.locked:
            out.add("next-round")
            return frozenset(out)
        out.add("abandon")
        current = r.current_player
        if self.human(current):
            for action in self._listed(current):
                if isinstance(action, Play):
                    out.add("play-string" if "cards" in action.open else "play")
                elif isinstance(action, NoPlay):
                    out.add("no-play")
        if "play-string" in out:
            out.discard("play")  # a string's cards are chosen one by one, then played together
        if self.guessers():
            out.add("guess")
        if self.prophet_candidate() is not None:
            out.add("prophet")
        dealer = {a.kind for a in self._listed(None)}
        if "give-hint" in dealer:
            out.add("hint")
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
        guesses in words; the others play from the dealer's left); None: the computer deals.  Passing
        the deal round the class from round to round is a match (:meth:`next_dealer`)."""
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
        dealer = (dealer or "").strip() or None
        if dealer is not None:
            if dealer not in names:
                raise SessionError(f"{dealer} is not one of the players: choose the dealer from the list.")
            if dealer in seats:
                raise SessionError(f"{dealer} is a computer seat: a computer cannot type a rule to deal.")
            at = names.index(dealer)
            names = [*names[at + 1 :], *names[:at]]  # play starts at the dealer's left
        if len(names) < 2:
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
        try:
            new = new_round(variant, names, chosen, seed=seed, dealer=dealer, **(options or {}))
        except (GameError, ValueError, KeyError) as error:
            raise SessionError(_one_line(error)) from None
        spec = RoundSpec(
            new.variant,
            tuple(names),
            tuple(seats.items()),
            key,
            seed,
            tuple(sorted((options or {}).items())),
            dealer,
        )
        self._rounds.append(new)
        self._computers = self._seat_computers(spec)
        self._computer_turns(new)
        starter = f"The starter is {new.mainline[0]}. " if new.mainline else ""
        who = new.current_player
        self.notice = Notice("info", f"Dealt. {starter}{who + ' plays first.' if who else ''}")
        self._record(RoundBegun(spec=spec))
        return self.notice

    @staticmethod
    def choose_rule(
        variant: str, rule: str | Rule | None, seed: int | None, difficulty: str
    ) -> tuple[str | None, str | Rule]:
        """(library key or None, the rule to deal) from what the set-up form says."""
        deck = _rule_deck(variant)
        if rule is None:
            entries = [e for e in library.playable(deck) if difficulty in ("any", e.difficulty)]
            if not find_variant(variant).capabilities.player_rules:
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
    ) -> Notice:
        r = self._open_round(ended=ended)
        before = r.steps
        try:
            result = action(r)
        except GameError as error:
            raise SessionError(_one_line(error)) from None
        lines = self._computer_turns(r)
        judged = isinstance(result, Verdict | GuessResult)
        verdicts = (result,) if judged else ()
        kind_word: Literal["verdict", "guess", "info"] = (
            "guess" if kind == "guess" else ("verdict" if judged else "info")
        )
        text = message or (result.message if judged else str(result or ""))
        self.notice = Notice(kind_word, text, verdicts, tuple(lines))
        self._record(ActionTaken(kind, player, before, r.steps, text))
        return self.notice

    def _computer_turns(self, r: Round) -> list[str]:
        return computers_act(r, self._computers)

    def play(self, cards: Sequence[Card | str] | Card | str, *, prophet_says: bool | None = None) -> Notice:
        """The current player plays a card (or a New Eleusis string)."""
        r = self._open_round()
        player = r.current_player
        if player is None or not self.human(player):
            raise SessionError("It is not a person's turn.")
        try:
            chosen = [as_card(c) for c in ([cards] if isinstance(cards, Card | str) else cards)]
        except ValueError as error:
            raise SessionError(_one_line(error)) from None
        if not chosen:
            raise SessionError("Choose a card first.")
        extra = self._prophet_call(r, chosen, prophet_says)
        target: Any = chosen[0] if len(chosen) == 1 else chosen
        return self._act("play", player, lambda rr: rr.play(player, target, **extra))

    def no_play(self, *, prophet_says: bool | None = None) -> Notice:
        """The current player declares that no card in their hand fits."""
        r = self._open_round()
        player = r.current_player
        if player is None or not self.human(player):
            raise SessionError("It is not a person's turn.")
        extra = self._prophet_call(r, [], prophet_says)
        return self._act("no-play", player, lambda rr: rr.no_play(player, **extra))

    def _prophet_call(self, r: Round, cards: list[Card], says: bool | None) -> dict[str, Any]:
        prophet = r.prophet
        if not prophet:
            return {}
        if prophet in self._computers:
            return {"prophet_says": bool(self._computers[prophet].judge_as_prophet(r, prophet, cards))}
        if says is None:
            raise SessionError(f"Prophet {prophet}: say 'right' or 'wrong' for this play first.")
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
        if text is not None:
            try:
                Rule.parse(text)
            except RuleError as error:
                raise SessionError(f"The guess cannot be read: {_one_line(error)}") from None
        return self._act("guess", player, lambda r: r.guess(player, text, words), f"{player} guesses: {said}")

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
        if self.plays > 0 and not players_agree:
            raise SessionError("Play has begun: a hint needs the players' consent.")
        hint_text = (text or "").strip() or None
        return self._act("hint", None, lambda rr: "Hint: " + rr.give_hint(hint_text, consented=players_agree))

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
            raise SessionError(f"The hypothesis cannot be read: {_one_line(error)}") from None
        added_at = len(self.hypotheses.evidence)
        self.notice = Notice("info", f"{name}'s hypothesis is on the board.")
        self._record(HypothesisAdded(student=name, text=rule_text, words=words or None, added_at=added_at))
        return self.notice

    def remove_hypothesis(self, student: str) -> Notice:
        if student not in {h.student for h in self.hypotheses}:
            raise SessionError(f"There is no hypothesis by {student}.")
        self.notice = Notice("info", f"{student}'s hypotheses are gone.")
        self._record(HypothesisRemoved(student=student))
        return self.notice

    # ------------------------------------------------------------------ reveal, scores, rounds ----
    def reveal(self) -> Notice:
        """Reveal the rule: the round ends here whatever its variant (hands locked, scores final)."""
        if self.round is None:
            raise SessionError("Deal a round first.")
        if self.revealed:
            raise SessionError("The rule is already revealed.")
        self.notice = Notice("info", "The rule is revealed: the round is over.")
        self._record(Revealed())
        return self.notice

    def english(self) -> str | None:
        """The secret rule in plain English, when the library knows it."""
        r, spec = self.round, self.spec
        if r is None or spec is None:
            return None
        if spec.rule_key:
            return library.get(spec.rule_key).english
        return next((e.english for e in library.ENTRIES if e.rule == r.rule), None)

    def scores(self) -> list[ScoreRow]:
        """This round's points (final once over or revealed) beside the match totals."""
        r = self.round
        if r is None:
            return []
        totals = self.totals()
        dealer = r.dealer or "Dealer"
        return [
            ScoreRow(
                name,
                points,
                totals.get(name, points) if self.locked else totals.get(name, 0) + points,
                name == dealer,
            )
            for name, points in _points(r)
        ]

    def next_dealer(self, names: Sequence[str]) -> str | None:
        """In a match (the last round was dealt by a person): the next dealer among ``names`` (the set-up
        form's list), the one seated after the last dealer; None when the computer dealt last."""
        last = next((e.spec for e in reversed(self._events) if isinstance(e, RoundBegun)), None)
        people = [str(n).strip() for n in names if str(n).strip()]
        if last is None or last.dealer is None or not people:
            return None
        if last.dealer not in people:
            return people[0]
        return people[(people.index(last.dealer) + 1) % len(people)]

    def totals(self) -> dict[str, float]:
        """Match totals over the rounds that counted: finished ones, and the one on the board if over."""
        out: dict[str, float] = {}
        counted = [i for i, why in self._closed.items() if why == "finished"]
        if self._open is not None and self.locked:
            counted.append(self._open)
        for i in counted:
            for name, points in _points(self._rounds[i]):
                out[name] = out.get(name, 0) + points
        return out

    def rounds_counted(self) -> int:
        return sum(1 for why in self._closed.values() if why == "finished") + (
            1 if self._open is not None and self.locked else 0
        )

    def next_round(self) -> Notice:
        """Back to the set-up after a round that is over (its scores count in the totals)."""
        if self.round is None or not self.locked:
            raise SessionError("Finish this round first (or reveal the rule).")
        self.notice = Notice("info", "")
        self._record(RoundClosed(reason="finished"))
        return self.notice

    def abandon(self) -> Notice:
        """Back to the set-up from a round still being played; it is recorded as abandoned."""
        if self.round is None:
            raise SessionError("There is no round to abandon.")
        if self.locked:
            return self.next_round()
        self.notice = Notice("info", "The round was abandoned.")
        self._record(RoundClosed(reason="abandoned"))
        return self.notice

    # ------------------------------------------------------------------ undo ---------------------
    def undo(self) -> Notice:
        """Take back the last event, whatever it was (a play and the computers' replies go together)."""
        if not self._events:
            raise SessionError("There is nothing to undo.")
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
        if isinstance(last, RoundClosed | RoundBegun) and self.spec is not None:
            self._computers = self._seat_computers(self.spec)
        self.notice = Notice("info", f"Undone: {last.describe().rstrip('.')}.")
        self.save()
        return self.notice

    # ------------------------------------------------------------------ saving --------------------
    def summary(self) -> dict[str, Any]:
        spec = self.spec
        return {
            "variant": spec.variant if spec else None,
            "players": list(spec.players) if spec else [],
            "plays": self.plays,
            "phase": self.phase,
            "rounds": len(self._rounds),
        }

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "summary": self.summary(),
                "events": [e.to_dict() for e in self._events],
                "rounds": [r.to_json() for r in self._rounds],
            },
            ensure_ascii=False,
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str, save_path: str | Path | None = None) -> ClassSession:
        """Rebuild a session; every round replays its own log and every marker is checked against it."""
        try:
            data = json.loads(text)
        except ValueError:
            raise SessionError("This is not a class session save file.") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SessionError("This is not a class session save file.")
        if data.get("version") != VERSION:
            raise SessionError(f"This save is from version {data.get('version')}; this kit reads {VERSION}.")
        try:
            events = [event_from_dict(e) for e in data["events"]]
            rounds = [load_round(t) for t in data["rounds"]]
        except (KeyError, TypeError, ValueError) as error:
            raise SessionError(f"The save is damaged: {_one_line(error)}") from None
        _check_markers(events, rounds)
        session = cls(save_path)
        session._events, session._rounds = events, rounds
        session._fold_state()
        if session.spec is not None:
            session._computers = session._seat_computers(session.spec)
        session.notice = Notice("info", "Resumed.")
        return session

    def save(self) -> None:
        """Write the session (atomically) when it has a save path."""
        if self.save_path is None:
            return
        from eleusis_lab.files import write_atomically  # the package's one atomic writer

        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.save_path, self.to_json())

    @classmethod
    def resume(cls, path: str | Path) -> ClassSession:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise SessionError(f"Cannot read the save file {path.name}: {error.strerror}.") from None
        return cls.from_json(text, save_path=path)


def _points(r: Round) -> list[tuple[str, float]]:
    """Each player's points and the dealer's (the computer dealer is "Dealer")."""
    try:
        scores = r.scores()
    except GameError:
        return []
    names = [*r.players, r.dealer or "Dealer"]  # a person's points add up by name over a match
    return list(zip(names, [*scores.players, scores.dealer], strict=True))


def _check_markers(events: list[SessionEvent], rounds: list[Round]) -> None:
    """Trust nothing: one round per RoundBegun, and action markers that fit each round's own log."""
    index, steps = -1, 0
    for e in events:
        if isinstance(e, RoundBegun):
            index += 1
            if index >= len(rounds):
                raise SessionError("The save is damaged: a round is missing.")
            steps = 0
        elif index < 0:
            raise SessionError("The save is damaged: an event before the first round.")
        elif isinstance(e, ActionTaken):
            if not steps <= e.steps_before < e.steps_after <= rounds[index].steps:
                raise SessionError("The save is damaged: its actions do not fit the round's log.")
            steps = e.steps_after
    if index + 1 != len(rounds):
        raise SessionError("The save is damaged: it holds a round nobody began.")


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")
