"""The solo board: one student against the computer dealer, with optional computer opponents.

Before each play the student predicts the verdict ("I think it will be accepted"); the journal keeps
every prediction beside the dealer's verdict, and the accuracy over time shows the student learning the
rule before they can say it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card, card_from_json, card_to_json
from eleusis_lab.widgets._common import FONT, banner
from eleusis_lab.widgets.class_board import ClassBoard

__all__ = ["JournalEntry", "SoloBoard"]

OPPONENTS = ["random", "careful", "scientist"]


@dataclass(frozen=True)
class JournalEntry:
    """One play of the student: the cards, the prediction made before it, and the dealer's verdict."""

    number: int
    cards: tuple[Card, ...]
    predicted: bool
    accepted: bool
    mainline_length: int

    @property
    def right(self) -> bool:
        return self.predicted == self.accepted


class SoloBoard(ClassBoard):
    """A student alone against the computer dealer (and, if chosen, computer opponents).

    >>> board = SoloBoard(rule="express-1", seed=2, autosave=False)
    >>> board.deal(); board.predict(True); v = board.play([board.hand.cards[0]])
    >>> len(board.journal)
    1
    """

    kind = "solo"

    def __init__(
        self,
        variant: str = "express",
        rule: Any = None,
        *,
        name: str = "You",
        opponents: list[str] | tuple[str, ...] = (),
        seed: int | None = None,
        hypotheses: bool = False,
        card_width: float = 80,
        autosave: bool | str | Path = True,
        save_dir: str | Path | None = None,
        **kwargs: Any,
    ) -> None:
        self.journal: list[JournalEntry] = []
        self._name = w.Text(value=name, description="Your name", layout=w.Layout(width="22em"))
        self._opponents = w.SelectMultiple(
            options=OPPONENTS, value=tuple(opponents), description="Opponents", rows=3
        )
        self._opponents.add_class("eleusis-opponents")
        self._prediction = w.ToggleButtons(
            options=[("I think: accepted", True), ("I think: rejected", False)],
            value=None,
            description="Predict",
        )
        self._prediction.style.button_width = "13em"
        self._prediction.add_class("eleusis-prediction")
        self._journal = w.HTML()
        self._journal.add_class("eleusis-journal")
        super().__init__(
            variant,
            [name],
            rule,
            seed=seed,
            hypotheses=hypotheses,
            card_width=card_width,
            autosave=autosave,
            save_dir=save_dir,
            title="Eleusis — solo board",
            **kwargs,
        )
        if rule is None:
            self._rule_source.value = "random"
        self._play.children = (*self._play.children[:2], self._journal, *self._play.children[2:])
        left = self._play_row.children[0]
        kids = list(left.children)
        kids.insert(kids.index(self.hand), self._prediction)
        left.children = kids

    # -- set-up -------------------------------------------------------------------------------
    def _show_setup_fields(self) -> None:
        super()._show_setup_fields()
        rows = [
            c for c in self._setup.children if c not in (self._players, self._computer_text, self._dealer)
        ]
        if hasattr(self, "_name"):
            rows[1:1] = [self._name, self._opponents]
        self._setup.children = rows

    def player_names(self) -> list[str]:
        name = self._name.value.strip() or "You"
        return [name, *self._computer_specs()]

    def _computer_specs(self) -> dict[str, str]:
        if not hasattr(self, "_opponents"):
            return {}
        labels = {"random": "Rnd", "careful": "Careful", "scientist": "Scientist"}
        return {labels[k]: k for k in self._opponents.value}

    def _start(
        self, new: Any, key: str | None, computers: dict[str, Any], save_path: Path | None = None
    ) -> None:
        self.journal = []
        super()._start(new, key, computers, save_path)

    # -- predictions ----------------------------------------------------------------------------
    def predict(self, accepted: bool | None) -> None:
        """Make (or clear) the prediction for the next play."""
        self._prediction.value = accepted

    def play(self, cards: Any) -> bool:
        r = self.round
        if r is None or r.is_over:
            return False
        me = self.player_names()[0]
        if r.current_player == me and self._prediction.value is None:
            self._verdict.value = banner("First predict: will this play be accepted or rejected?", "warning")
            return False
        self._pending = self._prediction.value if r.current_player == me else None
        try:
            taken = super().play(cards)
        finally:
            self._pending = None
        if taken:
            self._prediction.value = None
            self.save()
            self._draw_journal()
        return taken

    def _verdict_banner(self, verdict: Any, player: str | None, message: str | None) -> str:
        """The dealer's verdict, and at once whether the student's prediction was right."""
        html = super()._verdict_banner(verdict, player, message)
        predicted = getattr(self, "_pending", None)
        if (
            predicted is None
            or getattr(verdict, "kind", "play") != "play"
            or not hasattr(verdict, "accepted")
        ):
            return html
        entry = JournalEntry(
            len(self.journal) + 1,
            tuple(verdict.cards),
            predicted,
            bool(verdict.accepted),
            len(self.round.mainline) - (len(verdict.cards) if verdict.accepted else 0),
        )
        self.journal.append(entry)
        word = "RIGHT" if entry.right else "WRONG"
        return html + banner(
            f"Your prediction was {word}.", "accepted" if entry.right else "rejected", size="1.1em"
        )

    def accuracy(self) -> list[float]:
        """The running share of right predictions after each play."""
        out, right = [], 0
        for i, e in enumerate(self.journal, start=1):
            right += e.right
            out.append(right / i)
        return out

    def _draw_journal(self) -> None:
        if not self.journal:
            self._journal.value = (
                f'<div style="font-family:{FONT};color:#6b7280">'
                "Your journal: predict, then play a card.</div>"
            )
            return
        rows = "".join(
            f"<tr><td>{e.number}</td><td>{escape(' '.join(str(c) for c in e.cards))}</td>"
            f"<td>{'accepted' if e.predicted else 'rejected'}</td>"
            f"<td>{'accepted' if e.accepted else 'rejected'}</td>"
            f'<td style="color:{"#166534" if e.right else "#991b1b"}">{"✔" if e.right else "✘"}</td></tr>'
            for e in self.journal[-12:]
        )
        acc = self.accuracy()
        right = sum(e.right for e in self.journal)
        shown = "" if len(self.journal) <= 12 else " (the last 12 plays)"
        self._journal.value = (
            f'<div class="eleusis-journal-view" style="font-family:{FONT}"><b>Journal</b>{shown} — '
            f"{right} of {len(self.journal)} predictions right ({right / len(self.journal):.0%})"
            "<style>.eleusis-journal-view td, .eleusis-journal-view th {padding:1px 10px 1px 0;"
            "text-align:left}</style>"
            f'<table style="border-collapse:collapse;font-size:0.9em"><tr><th>#</th><th>cards</th>'
            f"<th>you said</th><th>dealer said</th><th></th></tr>{rows}</table>"
            f'<div style="margin-top:10px">{_accuracy_svg(acc)}</div></div>'
        )

    def refresh(self) -> None:
        super().refresh()
        r = self.round
        if r is not None:
            self._prediction.layout.display = "none" if r.is_over else None
        self._draw_journal()

    def _notes(self) -> dict[str, Any]:
        notes = super()._notes()
        notes["journal"] = [
            {
                "cards": [card_to_json(c) for c in e.cards],
                "predicted": e.predicted,
                "accepted": e.accepted,
                "mainline_length": e.mainline_length,
            }
            for e in self.journal
        ]
        notes["name"] = self.player_names()[0]
        return notes

    @classmethod
    def resume(cls, path: str | Path, **kwargs: Any) -> SoloBoard:
        from eleusis_lab.play import load_round
        from eleusis_lab.widgets import saves

        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ValueError(f"cannot read the save file {path}: {error.strerror}") from None
        new = load_round(text)
        notes = saves.read_sidecar(path)
        specs = dict(notes.get("computers") or {})
        if "panel" in notes:
            kwargs.setdefault("hypotheses", bool(notes["panel"]))
            kwargs.setdefault("plots", bool(notes.get("plots", True)))
        board = cls(
            new.variant,
            name=notes.get("name", new.players[0]),
            opponents=list(specs.values()),
            autosave=path,
            **kwargs,
        )
        board._rounds_from_notes(notes)
        board._start(new, notes.get("rule_key"), board._make_computers(new.seed), save_path=path)
        board.journal = [
            JournalEntry(
                i + 1,
                tuple(card_from_json(c) for c in j["cards"]),
                j["predicted"],
                j["accepted"],
                j["mainline_length"],
            )
            for i, j in enumerate(notes.get("journal") or [])
        ]
        board.refresh()
        return board


def _accuracy_svg(acc: list[float], width: int = 320, height: int = 110) -> str:
    """Running prediction accuracy (0-100 %) as a line, with the 50 % line of pure guessing."""
    if len(acc) < 2:
        return ""
    n = len(acc) - 1
    pts = " ".join(
        f"{34 + (width - 44) * i / n:.1f},{height - 18 - (height - 30) * a:.1f}" for i, a in enumerate(acc)
    )
    mid = height - 18 - (height - 30) * 0.5
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="eleusis-accuracy" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><text x="4" y="10" font-family="{FONT}" font-size="11">'
        f"Prediction accuracy over time</text>"
        f'<line x1="34" y1="{height - 18}" x2="{width - 10}" y2="{height - 18}" stroke="#888"/>'
        f'<line x1="34" y1="12" x2="34" y2="{height - 18}" stroke="#888"/>'
        f'<line x1="34" y1="{mid:.1f}" x2="{width - 10}" y2="{mid:.1f}" stroke="#bbb" '
        'stroke-dasharray="4 3"/>'
        f'<text x="30" y="16" font-family="{FONT}" font-size="9" text-anchor="end">100%</text>'
        f'<text x="30" y="{mid + 3:.1f}" font-family="{FONT}" font-size="9" text-anchor="end">50%</text>'
        f'<text x="30" y="{height - 16}" font-family="{FONT}" font-size="9" text-anchor="end">0%</text>'
        f'<polyline fill="none" stroke="#7c3aed" stroke-width="2" points="{pts}"/>'
        f'<text x="{width - 10}" y="{height - 4}" font-family="{FONT}" font-size="9" text-anchor="end">'
        f"play {len(acc)}</text></svg>"
    )
