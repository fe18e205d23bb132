"""A score calculator for rounds played away from the computer, over :func:`eleusis_lab.scoring.calculate`."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab import scoring
from eleusis_lab.widgets._common import STYLE, banner, button, error_text, scores_html

__all__ = ["ScoreCalculator"]

_VARIANT_LABELS = [
    ("Eleusis Express", "express"),
    ("Gardner's Eleusis (1959)", "gardner"),
    ("New Eleusis", "new-eleusis"),
    ("Guess the rule! (letter deck)", "letters"),
]


class ScoreCalculator(w.VBox):
    """Type the players' names and the cards each has left; the calculator gives every score.

    >>> calc = ScoreCalculator(variant="letters", players=["Ana", "Ben", "Cy"])
    >>> calc.set_counts(left=[5, 2, 0]); calc.calculate().players
    [-13, -1, 7]
    """

    def __init__(self, variant: str = "express", players: list[str] | None = None, dealer: str = "") -> None:
        self._variant = w.Dropdown(
            options=_VARIANT_LABELS, value=scoring.variant_name(variant), description="Game",
            layout=w.Layout(width="26em"),
        )  # fmt: skip
        self._names = w.Text(
            value=", ".join(players or ["Ana", "Ben", "Cy"]),
            description="Players",
            placeholder="names, separated by commas",
            layout=w.Layout(width="34em"),
        )
        self._dealer = w.Text(value=dealer, description="Dealer", layout=w.Layout(width="20em"))
        self._rows = w.VBox()
        self._extras = w.VBox()
        self._result = w.HTML()
        self._result.add_class("eleusis-score-result")
        self._go = button("Calculate", "eleusis-calculate", lambda _b: self._show(), style="primary")
        self._left: dict[str, w.BoundedIntText] = {}
        self._wrong: dict[str, w.BoundedIntText] = {}
        self._guessed_by = w.Dropdown(description="Guessed by")
        self._prophet = w.Dropdown(description="Prophet")
        self._prophet_right = w.BoundedIntText(
            0, min=0, max=500, description="Mainline cards after the marker"
        )
        self._prophet_wrong = w.BoundedIntText(
            0, min=0, max=500, description="Sideline cards after the marker"
        )
        self._through = w.BoundedIntText(0, min=0, max=500, description="Cards played up to the marker")
        self._base = w.Dropdown(options=[("12-card hands", 12), ("10-card hands", 10)], description="Hands")
        for widget in (self._prophet_right, self._prophet_wrong, self._through):
            widget.style.description_width = "17em"
            widget.layout.width = "24em"
        self._variant.observe(lambda _c: self._rebuild(), "value")
        self._names.observe(lambda _c: self._rebuild(), "value")
        super().__init__(
            [
                w.HTML(STYLE + '<div class="eleusis-title">Score calculator</div>'),
                self._variant,
                self._names,
                self._dealer,
                self._rows,
                self._extras,
                self._go,
                self._result,
            ]
        )
        self.add_class("eleusis-board")
        self.add_class("eleusis-score-calculator")
        self._rebuild()

    # -- public --------------------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [n.strip() for n in self._names.value.split(",") if n.strip()]

    def set_counts(self, *, left: list[int], wrong: list[int] | None = None) -> None:
        """Fill the boxes (cards left, and Gardner's first-half wrong cards) in seat order."""
        for box, value in zip(self._left.values(), left, strict=False):
            box.value = value
        for box, value in zip(self._wrong.values(), wrong or [], strict=False):
            box.value = value

    def calculate(self) -> scoring.Scores:
        """The scores for what is typed in; raises ``ValueError`` with a sentence when it does not add up."""
        variant = self._variant.value
        names = self.players
        counts: dict[str, Any] = {"left": [self._left[n].value for n in names], "names": names}
        if self._dealer.value.strip():
            counts["dealer"] = self._dealer.value.strip()
        if variant == "gardner":
            counts["wrong"] = [self._wrong[n].value for n in names]
        elif variant == "express":
            counts["guessed_by"] = self._guessed_by.value
            counts["base"] = self._base.value
        elif variant == "new-eleusis" and self._prophet.value is not None:
            counts["prophet"] = self._prophet.value
            counts["prophet_right"] = self._prophet_right.value
            counts["prophet_wrong"] = self._prophet_wrong.value
            counts["played_through_marker"] = self._through.value
        return scoring.calculate(variant, **counts)

    @property
    def result_html(self) -> str:
        return self._result.value

    # -- internals -----------------------------------------------------------------------------
    def _rebuild(self) -> None:
        names = self.players
        variant = self._variant.value
        old_left = {n: b.value for n, b in self._left.items()}
        old_wrong = {n: b.value for n, b in self._wrong.items()}
        self._left = {
            n: w.BoundedIntText(old_left.get(n, 0), min=0, max=104, layout=w.Layout(width="7em"))
            for n in names
        }
        self._wrong = {
            n: w.BoundedIntText(old_wrong.get(n, 0), min=0, max=52, layout=w.Layout(width="7em"))
            for n in names
        }
        head = [w.HTML("<b>Player</b>", layout=w.Layout(width="12em")), w.HTML("<b>Cards left</b>")]
        if variant == "gardner":
            head.append(w.HTML("<b>Wrong cards (first half)</b>"))
        rows = [w.HBox(head)]
        for n in names:
            # A name is whatever the teacher typed: it reaches the page only escaped.
            cells = [w.HTML(escape(n), layout=w.Layout(width="12em")), self._left[n]]
            if variant == "gardner":
                cells.append(self._wrong[n])
            rows.append(w.HBox(cells))
        self._rows.children = rows
        who = [("nobody", None), *[(n, n) for n in names]]
        self._guessed_by.options = who
        self._prophet.options = who
        extras: list[w.Widget] = []
        if variant == "express":
            extras = [self._guessed_by, self._base]
        elif variant == "new-eleusis":
            extras = [self._prophet, self._prophet_right, self._prophet_wrong, self._through]
        self._extras.children = extras
        self._result.value = ""

    def _show(self) -> None:
        try:
            scores = self.calculate()
        except ValueError as error:
            self._result.value = banner(error_text(error), "error", size="1em")
            return
        names = [*self.players, self._dealer.value.strip() or "Dealer"]
        self._result.value = scores_html(names, [*scores.players, scores.dealer], notes=scores.notes)
