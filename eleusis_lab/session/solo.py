"""The solo board's session: one student against the computer dealer, predicting each verdict first.

Before each of their plays the student predicts the verdict ("I think it will be accepted"); the journal
keeps every prediction beside the dealer's verdict, so the accuracy over time shows the student learning
the rule before they can say it.  Undo takes a play's journal line back with it; the save keeps it.

>>> s = SoloSession()
>>> _ = s.begin("express", ["You"], "express-1", seed=2)
>>> s.play([s.round.hand("You")[0]])
Traceback (most recent call last):
...
eleusis_lab.classroom.session.SessionError: First predict: will this play be accepted or rejected?
>>> s.predict(True); _ = s.play([s.round.hand("You")[0]]); len(s.journal)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from eleusis_lab.cards import Card, card_from_json, card_to_json
from eleusis_lab.classroom import Notice, SessionError
from eleusis_lab.play import Verdict
from eleusis_lab.session.round_session import RoundSession

__all__ = ["OPPONENTS", "JournalEntry", "SoloSession"]

#: The computer opponents a student may choose, by the name they sit under.
OPPONENTS = {"random": "Rnd", "careful": "Careful", "scientist": "Scientist"}


@dataclass(frozen=True)
class JournalEntry:
    """One play of the student: the cards, the prediction made before it, and the dealer's verdict."""

    number: int
    cards: tuple[Card, ...]
    predicted: bool
    accepted: bool
    mainline_length: int
    step: int = field(default=0, compare=False)  # the round's steps after the play (undo drops it)

    @property
    def right(self) -> bool:
        return self.predicted == self.accepted


class SoloSession(RoundSession):
    """A round with one student (the first player) and maybe computer opponents."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("kind", "solo")
        super().__init__(**kwargs)
        self.journal: list[JournalEntry] = []
        self.prediction: bool | None = None
        self.judged: JournalEntry | None = None  # the journal line of the last action, if it was a play

    @property
    def student(self) -> str | None:
        return self.round.players[0] if self.round is not None else None

    def predict(self, accepted: bool | None) -> None:
        """Make (or clear) the prediction for the student's next play."""
        self.prediction = accepted

    def possible(self) -> frozenset[str]:
        out = super().possible()
        r = self.round
        if r is not None and not self.locked and r.current_player == self.student and "play" in out:
            out = out | {"predict"}
        return out

    def begin(self, *args: Any, **kwargs: Any) -> Notice:
        notice = super().begin(*args, **kwargs)
        self.journal, self.prediction, self.judged = [], None, None
        self.save()
        return notice

    def play(self, cards: Sequence[Card | str] | Card | str, *, prophet_says: bool | None = None) -> Notice:
        r = self._open_round()
        mine = r.current_player == self.student
        if mine and self.prediction is None:
            raise SessionError("First predict: will this play be accepted or rejected?")
        length = len(r.mainline)
        notice = super().play(cards, prophet_says=prophet_says)
        self.judged = None
        verdict = notice.verdicts[0] if notice.verdicts else None
        if mine and isinstance(verdict, Verdict) and verdict.kind == "play" and self.prediction is not None:
            self.judged = JournalEntry(
                len(self.journal) + 1,
                tuple(verdict.cards),
                self.prediction,
                bool(verdict.accepted),
                length,
                step=self._marks[-1] + 1,
            )
            self.journal.append(self.judged)
            self.prediction = None
            self.save()
        return notice

    def undo(self) -> Notice:
        notice = super().undo()
        steps = self.round.steps if self.round is not None else 0
        self.journal = [e for e in self.journal if e.step <= steps]
        self.judged = None
        self.save()
        return notice

    def accuracy(self) -> list[float]:
        """The running share of right predictions after each play."""
        out, right = [], 0
        for i, e in enumerate(self.journal, start=1):
            right += e.right
            out.append(right / i)
        return out

    def notes(self) -> dict[str, Any]:
        notes = super().notes()
        notes["journal"] = [
            {
                "cards": [card_to_json(c) for c in e.cards],
                "predicted": e.predicted,
                "accepted": e.accepted,
                "mainline_length": e.mainline_length,
                "step": e.step,
            }
            for e in getattr(self, "journal", [])
        ]
        notes["name"] = self.student
        return notes

    def _restore(self, notes: dict[str, Any]) -> None:
        try:
            self.journal = [
                JournalEntry(
                    i + 1,
                    tuple(card_from_json(c) for c in j["cards"]),
                    bool(j["predicted"]),
                    bool(j["accepted"]),
                    int(j["mainline_length"]),
                    step=int(j.get("step", 0)),
                )
                for i, j in enumerate(notes.get("journal") or [])
            ]
        except (KeyError, TypeError, ValueError) as error:
            raise SessionError(f"The save is damaged: its journal cannot be read ({error}).") from None
