"""The solo board: one student against the computer dealer, with optional computer opponents.

Before each play the student predicts the verdict ("I think it will be accepted"); the journal keeps
every prediction beside the dealer's verdict, and the accuracy over time shows the student learning the
rule before they can say it.  The predictions and the journal are the
:class:`~eleusis_lab.session.TableSession`'s (``predicting=True``); this board is its views.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.play import Round
from eleusis_lab.session import JournalEntry, TableSession
from eleusis_lab.widgets._common import FONT, banner
from eleusis_lab.widgets.benchmark import BenchmarkBoard
from eleusis_lab.widgets.round_board import RoundBoard

__all__ = ["BenchmarkBoard", "JournalEntry", "SoloBoard"]


class JournalView(w.HTML):
    """The student's journal: the last 12 predictions beside the verdicts, and the accuracy over time."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-journal")

    def render(self, session: TableSession) -> None:
        journal = session.journal
        if not journal:
            grey = f"font-family:{FONT};color:#6b7280"
            self.value = f'<div style="{grey}">Your journal: predict, then play a card.</div>'
            return
        rows = "".join(
            f"<tr><td>{e.number}</td><td>{escape(' '.join(str(c) for c in e.cards))}</td>"
            f"<td>{'accepted' if e.predicted else 'rejected'}</td>"
            f"<td>{'accepted' if e.accepted else 'rejected'}</td>"
            f'<td style="color:{"#166534" if e.right else "#991b1b"}">{"✔" if e.right else "✘"}</td></tr>'
            for e in journal[-12:]
        )
        right = sum(e.right for e in journal)
        shown = "" if len(journal) <= 12 else " (the last 12 plays)"
        self.value = (
            f'<div class="eleusis-journal-view" style="font-family:{FONT}"><b>Journal</b>{shown} — '
            f"{right} of {len(journal)} predictions right ({right / len(journal):.0%})"
            "<style>.eleusis-journal-view td, .eleusis-journal-view th {padding:1px 10px 1px 0;"
            "text-align:left}</style>"
            f'<table style="border-collapse:collapse;font-size:0.9em"><tr><th>#</th><th>cards</th>'
            f"<th>you said</th><th>dealer said</th><th></th></tr>{rows}</table>"
            f'<div style="margin-top:10px">{accuracy_svg(session.accuracy())}</div></div>'
        )


class SoloBoard(RoundBoard):
    """A student alone against the computer dealer (and, if chosen, computer opponents).

    >>> board = SoloBoard(rule="express-1", seed=2, autosave=False)
    >>> board.deal(); board.predict(True); v = board.play([board.hand.cards[0]])
    >>> len(board.journal)
    1
    """

    kind = "solo"
    one_player = True
    predicting = True

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
        self.prediction = w.ToggleButtons(
            options=[("I think: accepted", True), ("I think: rejected", False)],
            value=None,
            description="Predict",
        )
        self.prediction.style.button_width = "13em"
        self.prediction.add_class("eleusis-prediction")
        self.journal_view = JournalView()
        kwargs.setdefault("title", "Eleusis — solo board")
        super().__init__(
            variant,
            [name],
            rule,
            seed=seed,
            hypotheses=hypotheses,
            card_width=card_width,
            autosave=autosave,
            save_dir=save_dir,
            opponents=opponents,
            **kwargs,
        )
        self.prediction.observe(lambda c: self.session.predict(c["new"]), "value")
        self.refresh()

    def play_views(self) -> list[w.Widget]:
        """The prediction comes right above the hand: predict, then click a card."""
        views = super().play_views()
        return [*views[: views.index(self.hand)], self.prediction, *views[views.index(self.hand) :]]

    def under_status(self) -> list[w.Widget]:
        return [self.journal_view]

    @property
    def journal(self) -> list[JournalEntry]:
        return self.session.journal

    def accuracy(self) -> list[float]:
        """The running share of right predictions after each play."""
        return self.session.accuracy()

    def predict(self, accepted: bool | None) -> None:
        """Make (or clear) the prediction for the next play (as the toggle buttons do)."""
        self.prediction.value = accepted
        self.session.predict(accepted)

    def play(self, cards: Any) -> bool:
        taken = super().play(cards)
        if taken:
            self.prediction.value = None
        return taken

    def verdict_extra(self) -> str:
        entry = self.session.judged
        if entry is None:
            return ""
        word = "RIGHT" if entry.right else "WRONG"
        return banner(f"Your prediction was {word}.", "accepted" if entry.right else "rejected", size="1em")

    def refresh(self) -> None:
        super().refresh()
        self.prediction.layout.display = None if "predict" in self.session.possible() else "none"
        self.journal_view.render(self.session)

    @classmethod
    def _for_resume(cls, r: Round, session: TableSession, **kwargs: Any) -> RoundBoard:
        opponents = [kind for name, kind in session.computer_specs.items()]
        return cls(r.variant, name=r.players[0], opponents=opponents, autosave=False, **kwargs)


def accuracy_svg(acc: list[float], width: int = 320, height: int = 110) -> str:
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
