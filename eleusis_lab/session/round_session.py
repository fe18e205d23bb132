"""The round on a solo or real-cards board, without widgets: deal, act, undo, reveal, save and resume.

A :class:`RoundSession` holds one round at a time (and the finished rounds before it, for the totals),
the computer seats and whether the rule has been revealed.  Every action goes through the round's own
``legal_actions``/``apply`` (by its thin methods); a refused one raises
:class:`~eleusis_lab.classroom.SessionError` (one sentence) and changes nothing.  :meth:`possible` says
which buttons a board may show now, read from ``legal_actions``.  The boards in
:mod:`eleusis_lab.widgets` are small views over a session.

>>> s = RoundSession()
>>> _ = s.begin("express", ["Ana", "Ben"], "express-1", seed=3)
>>> who = s.round.current_player
>>> "play" in s.possible() and "starter" not in s.possible()
True
>>> _ = s.play([s.round.hand(who)[0]]); _ = s.undo(); s.round.current_player == who
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from eleusis_lab.cards import Card, as_card
from eleusis_lab.classroom import ClassSession, Notice, SessionError
from eleusis_lab.classroom.table import TableQuestions, computers_act
from eleusis_lab.play import GameError, GuessResult, Round, Verdict, load_round, new_round
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import (
    BuyHint,
    EndHalf,
    Finish,
    GiveHint,
    NoPlay,
    OverruleGuess,
    PlaceStarter,
    Play,
)
from eleusis_lab.play.players import ComputerPlayer, lookup
from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.session import saves

__all__ = ["RoundSession", "points"]


def _one_line(error: BaseException) -> str:
    text = str(error).strip().strip("'\"")
    return text.splitlines()[0] if text else type(error).__name__


def points(r: Round) -> tuple[list[str], list[float], list[str]]:
    """Names, points and notes of a round's scores, the dealer last; empty before the round has scores."""
    try:
        scores = r.scores()
    except (GameError, ValueError):
        return [], [], []
    names = [*r.players, f"{r.dealer} (dealer)" if r.dealer else "Dealer"]
    return names, [*scores.players, scores.dealer], list(scores.notes or ())


class RoundSession:
    """One board's rounds.  ``physical``: real cards (the teacher enters each card; no hands, no stock).
    ``autosave``: False, True (a new file in the saves folder) or a path; ``kind`` names the board in
    the file name and the notes (``solo``, ``physical``)."""

    def __init__(
        self,
        *,
        physical: bool = False,
        kind: str = "round",
        autosave: bool | str | Path = False,
        save_dir: str | Path | None = None,
    ) -> None:
        self.physical = physical
        self.kind = kind
        self._autosave = autosave
        self._save_dir = save_dir
        self.round: Round | None = None
        self.rounds: list[Round] = []  # the finished rounds before this one
        self.rule_key: str | None = None
        self.computer_specs: dict[str, str] = {}
        self.computers: dict[str, ComputerPlayer] = {}
        self.revealed = False
        self.save_path: Path | None = None
        self.notice = Notice("info", "")
        #: What a view keeps in the save beside the round (hypotheses, card size …): plain JSON values.
        self.board_notes: dict[str, Any] = {}
        self._marks: list[int] = []  # the round's steps before each person's action (undo goes back one)

    # ------------------------------------------------------------------ state -------------------
    @property
    def locked(self) -> bool:
        """No more plays: the round ended by its rules, or the rule was revealed."""
        return self.round is None or self.round.is_over or self.revealed

    @property
    def phase(self) -> str:
        if self.round is None:
            return "setup"
        if self.revealed:
            return "revealed"
        return "over" if self.round.is_over else "playing"

    def _table(self) -> TableQuestions:
        return TableQuestions(self.round, frozenset(self.computers), self.locked, self.physical)

    def human(self, name: str | None) -> bool:
        return self._table().human(name)

    def possible(self) -> frozenset[str]:
        """What may happen now (the buttons a board shows), from the round's ``legal_actions``."""
        r = self.round
        if r is None:
            return frozenset({"begin"})
        out: set[str] = set()
        if self._marks:
            out.add("undo")
        if not self.revealed:
            out.add("reveal")
            if any(isinstance(a, OverruleGuess) for a in r.legal_actions(None)):
                out.add("overrule")
        if self.locked:
            return frozenset({*out, "next-round"})
        for action in r.legal_actions(None):
            kind = {PlaceStarter: "starter", EndHalf: "end-half", GiveHint: "hint"}.get(type(action))
            if kind:
                out.add(kind)
            elif isinstance(action, Finish) and r.mainline:
                out.add("finish")
        current = r.current_player
        if self.human(current) and (r.mainline or not self.physical):
            assert current is not None
            for action in r.legal_actions(current):
                if isinstance(action, Play):
                    strings = "cards" in action.open and r.capabilities.max_string > 1 and not self.physical
                    out.add("play-string" if strings else "play")
                elif isinstance(action, NoPlay):
                    out.add("no-play")
                elif isinstance(action, BuyHint):
                    out.add("buy-hint")
            if "play-string" in out:
                out.discard("play")  # a string's cards are chosen one by one, then played together
        if self.guessers():
            out.add("guess")
        if self.prophet_candidate() is not None:
            out.add("prophet")
        if r.prophet and self.human(r.prophet):
            out.add("prophet-call")  # a person's prophet calls each play before the dealer judges it
        return frozenset(out)

    def _listed(self, player: str | None) -> list[Any]:
        return self._table().listed(player)

    def guessers(self) -> list[str]:
        return self._table().guessers()

    def prophet_candidate(self) -> str | None:
        return self._table().prophet_candidate()

    def last_actor(self) -> str | None:
        return self._table().last_actor()

    def last_was_guess(self) -> bool:
        """Was the round's last action a guess (the dealer may overrule it now)?"""
        r = self.round
        for event in reversed(list(r.events) if r is not None else []):
            if event.is_action:
                return isinstance(event, ev.Guessed)
        return False

    def hint_needs_consent(self) -> bool:
        """Play has begun: the round lists a hint only with the players' consent."""
        hints = [a for a in self._listed(None) if isinstance(a, GiveHint)]
        return bool(hints) and all(a.consented for a in hints)

    def string_limit(self) -> int:
        return self._table().string_limit()

    def disabled_cards(self) -> list[Card]:
        return self._table().disabled_cards()

    # ------------------------------------------------------------------ set-up ------------------
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
    ) -> Notice:
        """Deal a round; ``rule`` is rule text, a library key, or None for a random library rule."""
        if self.round is not None and not self.locked:
            raise SessionError("A round is on the board: finish it first.")
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
        for kind in seats.values():
            try:
                lookup(kind)
            except (KeyError, ValueError):
                raise SessionError(f"There is no computer player called {kind!r}.") from None
        key, chosen = ClassSession.choose_rule(variant, rule, seed, difficulty)
        opts = dict(options or {})
        if self.physical:
            opts["physical"] = True
        try:
            new = new_round(variant, names, chosen, seed=seed, **opts)
        except (GameError, ValueError, KeyError, TypeError) as error:
            raise SessionError(_one_line(error)) from None
        if self.round is not None:
            self.rounds.append(self.round)
        self.computer_specs = seats
        self._start(new, key)
        return self.notice

    def _start(self, new: Round, key: str | None, save_path: Path | None = None) -> None:
        self.round, self.rule_key, self.revealed, self._marks = new, key, False, []
        self.computers = self._seat_computers()
        self.save_path = save_path or self._new_save_path()
        lines = self._computer_turns(new)
        starter = f"The starter is {new.mainline[0]}. " if new.mainline else ""
        who = new.current_player
        first = "Enter the starter card." if self.physical and not new.mainline else f"{who} plays first."
        self.notice = Notice("info", f"Dealt. {starter}{first if who else ''}", computer_lines=tuple(lines))
        self.save()  # a save from the deal on, so a restart before the first play loses nothing

    def _seat_computers(self) -> dict[str, ComputerPlayer]:
        seed = self.round.seed if self.round is not None and isinstance(self.round.seed, int) else 0
        return {
            name: lookup(kind, seed=seed + 101 * (i + 1))
            for i, (name, kind) in enumerate(self.computer_specs.items())
        }

    def _new_save_path(self) -> Path | None:
        if isinstance(self._autosave, str | Path):
            base = Path(self._autosave)
            return (
                base
                if not self.rounds
                else base.with_name(f"{base.stem}-round{len(self.rounds) + 1}{base.suffix}")
            )
        if self._autosave and self.round is not None:
            return saves.new_save_path(self.kind, self.round.variant, self._save_dir)
        return None

    # ------------------------------------------------------------------ actions -----------------
    def _open_round(self, *, ended: bool = False) -> Round:
        r = self.round
        if r is None:
            raise SessionError("Deal a round first.")
        if self.revealed:
            raise SessionError("The rule has been revealed: this round is over.")
        if r.is_over and not ended:
            raise SessionError("The round is over.")
        return r

    def _act(self, action: Callable[[Round], Any], message: str = "", *, ended: bool = False) -> Notice:
        r = self._open_round(ended=ended)
        before = r.steps
        try:
            result = action(r)
        except GameError as error:
            raise SessionError(_one_line(error)) from None
        self._marks.append(before)
        lines = self._computer_turns(r)
        judged = isinstance(result, Verdict | GuessResult)
        kind: Literal["verdict", "guess", "info"] = (
            "guess" if isinstance(result, GuessResult) else ("verdict" if judged else "info")
        )
        text = message or (result.message if judged else str(result or "Done."))
        self.notice = Notice(kind, text, (result,) if judged else (), tuple(lines))
        self.save()
        return self.notice

    def _computer_turns(self, r: Round) -> list[str]:
        return computers_act(r, self.computers)

    def _cards(self, cards: Sequence[Card | str] | Card | str) -> list[Card]:
        try:
            chosen = [as_card(c) for c in ([cards] if isinstance(cards, Card | str) else cards)]
        except ValueError as error:
            raise SessionError(_one_line(error)) from None
        if not chosen:
            raise SessionError("Choose a card first.")
        return chosen

    def _person(self) -> str:
        player = self._open_round().current_player
        if player is None or not self.human(player):
            raise SessionError("It is not a person's turn.")
        return player

    def _prophet_call(self, cards: list[Card], says: bool | None) -> dict[str, Any]:
        r = self._open_round()
        prophet = r.prophet
        if not prophet:
            return {}
        if prophet in self.computers:
            return {"prophet_says": bool(self.computers[prophet].judge_as_prophet(r, prophet, cards))}
        if says is None:
            raise SessionError(
                f"Prophet {prophet}: say 'right' or 'wrong' for this play first, then play it."
            )
        return {"prophet_says": says}

    def play(self, cards: Sequence[Card | str] | Card | str, *, prophet_says: bool | None = None) -> Notice:
        """The current player plays a card (or a New Eleusis string); real cards: the starter first."""
        chosen = self._cards(cards)
        r = self._open_round()
        if self.physical and not r.mainline:
            if len(chosen) != 1:
                raise SessionError("The starter is one card.")
            return self._act(lambda rr: rr.place_starter(chosen[0]), f"The starter is {chosen[0]}.")
        player = self._person()
        extra = self._prophet_call(chosen, prophet_says)
        target: Any = chosen[0] if len(chosen) == 1 else chosen
        return self._act(lambda rr: rr.play(player, target, **extra))

    def no_play(
        self, hand: Sequence[Card | str] | str | None = None, *, prophet_says: bool | None = None
    ) -> Notice:
        """The current player declares no card fits (with real cards: the hand they show)."""
        player = self._person()
        extra = self._prophet_call([], prophet_says)
        if not self.physical:
            return self._act(lambda rr: rr.no_play(player, **extra))
        from eleusis_lab.cards import parse_cards

        try:
            shown = parse_cards(hand) if isinstance(hand, str) else [as_card(c) for c in hand or ()]
        except ValueError as error:
            raise SessionError(_one_line(error)) from None
        if not shown:
            raise SessionError("Type the cards of the hand shown first.")
        return self._act(lambda rr: rr.no_play(player, hand=shown, **extra))

    def guess(self, player: str, text: str | None = None, words: str | None = None) -> Notice:
        """``player`` states the rule; rule text is judged at once, with a counterexample when wrong."""
        text, words = (text or "").strip() or None, (words or "").strip() or None
        if not text and not words:
            raise SessionError("Type the guessed rule first.")
        if player not in self.guessers():
            raise SessionError(f"{player} may not state the rule now.")
        if text is not None:
            try:
                Rule.parse(text)
            except RuleError as error:
                raise SessionError(f"The guess cannot be read: {_one_line(error)}") from None
        return self._act(lambda r: r.guess(player, text, words))

    def overrule(self, correct: bool) -> Notice:
        """The dealer's final word on the last guess."""
        if "overrule" not in self.possible():
            raise SessionError("There is no guess to overrule now.")
        word = "RIGHT" if correct else "WRONG"
        return self._act(
            lambda r: r.overrule_guess(correct), f"The dealer counts the guess {word}.", ended=True
        )

    def declare_prophet(self, player: str | None = None) -> Notice:
        name = player or self.prophet_candidate()
        if name is None:
            raise SessionError("Nobody may become prophet now.")
        return self._act(lambda r: r.declare_prophet(name), f"{name} is the prophet now.")

    def give_hint(self, text: str | None = None, *, players_agree: bool = False) -> Notice:
        """The dealer gives everybody a hint; once play has begun the players must agree to it."""
        self._open_round()
        if self.hint_needs_consent() and not players_agree:
            raise SessionError("Play has begun: a hint needs the players' consent.")
        said = (text or "").strip() or None
        return self._act(lambda rr: "Hint: " + rr.give_hint(said, consented=players_agree))

    def buy_hint(self, text: str | None = None) -> Notice:
        """Express option: the current player draws a card and the dealer gives everybody a hint."""
        player = self._person()
        said = (text or "").strip() or None
        return self._act(lambda r: f"{player} bought a hint: {r.buy_hint(player, said)}")

    def end_half(self) -> Notice:
        """Gardner with real cards: every dealt card has been played once."""
        return self._act(lambda r: r.end_half(), "The first half is over: now play your wrong cards.")

    def finish(self, counts: Sequence[int]) -> Notice:
        """Real cards: each player's cards left (turn order); the round ends and the scores follow."""
        values = list(counts)
        return self._act(lambda r: r.finish(values), "The cards are counted: the round is over.")

    def undo(self) -> Notice:
        """Take back the last person's action (and the computers' replies to it)."""
        r = self.round
        if r is None or not self._marks:
            raise SessionError("There is nothing to undo.")
        target = self._marks.pop()
        while r.steps > target:
            r.undo()
        self.revealed = False
        self.computers = self._seat_computers()
        self.notice = Notice("info", "Undone: the last action was taken back.")
        self.save()
        return self.notice

    # ------------------------------------------------------------------ reveal, scores, rounds -
    def reveal(self) -> Notice:
        """Reveal the rule: the round ends here (hands locked, scores as they stand)."""
        if self.round is None:
            raise SessionError("Deal a round first.")
        if self.revealed:
            raise SessionError("The rule is already revealed.")
        self.revealed = True
        self.notice = Notice("info", "The rule is revealed: the round is over.")
        self.save()
        return self.notice

    def english(self) -> str | None:
        """The secret rule in plain English, when the library knows it."""
        r = self.round
        if r is None:
            return None
        if self.rule_key:
            return library.get(self.rule_key).english
        return next((e.english for e in library.ENTRIES if e.rule == r.rule), None)

    def totals(self) -> dict[str, float]:
        """Totals by name over the finished rounds (and the one on the board once it is over)."""
        out: dict[str, float] = {}
        counted = [*self.rounds, *([self.round] if self.round is not None and self.round.is_over else [])]
        for r in counted:
            names, values, _ = points(r)
            for name, value in zip(names, values, strict=True):
                out[name] = out.get(name, 0) + value
        return out

    def rounds_counted(self) -> int:
        return len(self.rounds) + (1 if self.round is not None and self.round.is_over else 0)

    def next_round(self) -> Notice:
        """Done with this round (its scores count in the totals): back to the set-up."""
        if self.round is None or not self.round.is_over:
            raise SessionError("Finish this round first (or reveal and end it).")
        self.rounds.append(self.round)
        self.round = None
        self.notice = Notice("info", "")
        return self.notice

    # ------------------------------------------------------------------ saving ------------------
    def notes(self) -> dict[str, Any]:
        """What the save keeps beside the round's own log (a sidecar file)."""
        return {
            **self.board_notes,
            "board": self.kind,
            "rule_key": self.rule_key,
            "computers": dict(self.computer_specs),
            "physical": self.physical,
            "revealed": self.revealed,
            "marks": list(self._marks),
            "earlier_rounds": [r.to_json() for r in self.rounds],
        }

    def save(self) -> None:
        """Write the round and the notes (atomically; nothing without a save path)."""
        if self.save_path is None or self.round is None:
            return
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        self.round.save(self.save_path)
        saves.write_sidecar(self.save_path, self.notes())

    @classmethod
    def resume(cls, path: str | Path, **kwargs: Any) -> RoundSession:
        """The session saved at ``path``; it goes on saving there."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise SessionError(f"Cannot read the save file {path.name}: {error.strerror}.") from None
        try:
            new = load_round(text)
            notes = saves.read_sidecar(path)
            earlier = [load_round(t) for t in notes.get("earlier_rounds") or []]
            marks = [int(m) for m in notes.get("marks") or []]
        except (GameError, ValueError, TypeError, json.JSONDecodeError) as error:
            raise SessionError(f"The save is damaged: {_one_line(error)}") from None
        if any(not 0 <= m < new.steps for m in marks):
            raise SessionError("The save is damaged: its actions do not fit the round's log.")
        kwargs.setdefault("physical", bool(notes.get("physical", False)))
        session = cls(autosave=path, **kwargs)
        session.rounds = earlier
        session.computer_specs = {str(k): str(v) for k, v in (notes.get("computers") or {}).items()}
        session.board_notes = {k: v for k, v in notes.items() if k not in session.notes()}
        session._start(new, notes.get("rule_key"), save_path=path)
        session._marks, session.revealed = marks, bool(notes.get("revealed"))
        session._restore(notes)
        session.notice = Notice("info", "Resumed.")
        session.save()
        return session

    def _restore(self, notes: dict[str, Any]) -> None:
        """A subclass reads back what it keeps in the notes (the solo journal)."""
