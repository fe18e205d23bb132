"""A score calculator for rounds played away from the computer, over :func:`eleusis_lab.scoring.calculate`.

The form is built from the variant's own description: one box a player for each ``per-player`` score
column (cards left, Gardner's first-half wrong cards), a player menu for each ``player`` column (who
guessed, the prophet), a number box for each ``number`` column.  A new variant with score columns gets
its calculator without a line here.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab import scoring
from eleusis_lab.play import VARIANTS, find_variant
from eleusis_lab.play.variant import ScoreColumn
from eleusis_lab.widgets._common import STYLE, banner, button, error_text, scores_html
from eleusis_lab.widgets.verdicts import VARIANT_TITLES

__all__ = ["ScoreCalculator"]


def _variant_labels() -> list[tuple[str, str]]:
    """Every registered variant that has a score sheet, by its board title."""
    return [(VARIANT_TITLES.get(key, cls.title), key) for key, cls in VARIANTS.items() if cls.score_columns]


class ScoreCalculator(w.VBox):
    """Type the players' names and the cards each has left; the calculator gives every score.

    ``per_player[column][name]`` holds the boxes of the per-player columns and ``extras[column]`` the
    other columns' widgets (a player menu or a number), as the variant's ``score_columns`` list them.

    >>> calc = ScoreCalculator(variant="letters", players=["Ana", "Ben", "Cy"])
    >>> calc.set_counts(left=[5, 2, 0]); calc.calculate().players
    [-13, -1, 7]
    """

    def __init__(self, variant: str = "express", players: list[str] | None = None, dealer: str = "") -> None:
        self.variant = w.Dropdown(
            options=_variant_labels(), value=scoring.variant_name(variant), description="Game",
            layout=w.Layout(width="26em"),
        )  # fmt: skip
        self.variant.add_class("eleusis-variant")
        self.names = w.Text(
            value=", ".join(players or ["Ana", "Ben", "Cy"]),
            description="Players",
            placeholder="names, separated by commas",
            layout=w.Layout(width="34em"),
        )
        self.names.add_class("eleusis-players")
        self.dealer = w.Text(value=dealer, description="Dealer", layout=w.Layout(width="20em"))
        self._rows = w.VBox()
        self._extras = w.VBox()
        self._result = w.HTML()
        self._result.add_class("eleusis-score-result")
        self.go = button("Calculate", "eleusis-calculate", lambda _b: self._show(), style="primary")
        self.per_player: dict[str, dict[str, w.BoundedIntText]] = {}
        self.extras: dict[str, w.Widget] = {}
        self.variant.observe(lambda _c: self._rebuild(), "value")
        self.names.observe(lambda _c: self._rebuild(), "value")
        super().__init__(
            [
                w.HTML(STYLE + '<div class="eleusis-title">Score calculator</div>'),
                self.variant,
                self.names,
                self.dealer,
                self._rows,
                self._extras,
                self.go,
                self._result,
            ]
        )
        self.add_class("eleusis-board")
        self.add_class("eleusis-score-calculator")
        self._rebuild()

    # -- public --------------------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [n.strip() for n in self.names.value.split(",") if n.strip()]

    @property
    def columns(self) -> tuple[ScoreColumn, ...]:
        """The score columns of the chosen variant (its description)."""
        return find_variant(self.variant.value).score_columns

    def set_counts(self, **counts: list[int]) -> None:
        """Fill the per-player boxes in seat order, by column: ``left=[…]``, Gardner's ``wrong=[…]``."""
        for column, values in counts.items():
            if column not in self.per_player:
                raise ValueError(f"{self.variant.value} has no per-player column {column!r}")
            for box, value in zip(self.per_player[column].values(), values or [], strict=False):
                box.value = value

    def calculate(self) -> scoring.Scores:
        """The scores for what is typed in; raises ``ValueError`` with a sentence when it does not add up."""
        names = self.players
        counts: dict[str, Any] = {"names": names}
        if self.dealer.value.strip():
            counts["dealer"] = self.dealer.value.strip()
        for column, boxes in self.per_player.items():
            counts[column] = [boxes[n].value for n in names]
        for column, widget in self.extras.items():
            value = widget.value  # type: ignore[attr-defined]
            if value is not None:  # "nobody" guessed, no prophet: the column is left out
                counts[column] = value
        return scoring.calculate(self.variant.value, **counts)

    @property
    def result_html(self) -> str:
        return self._result.value

    # -- internals -----------------------------------------------------------------------------
    def _rebuild(self) -> None:
        names = self.players
        old = {c: {n: b.value for n, b in boxes.items()} for c, boxes in self.per_player.items()}
        per_player = [c for c in self.columns if c.per_player]
        self.per_player = {
            c.name: {
                n: w.BoundedIntText(
                    old.get(c.name, {}).get(n, c.default), min=0, max=104, layout=w.Layout(width="7em")
                )
                for n in names
            }
            for c in per_player
        }
        head = [w.HTML("<b>Player</b>", layout=w.Layout(width="12em"))]
        head += [w.HTML(f"<b>{escape(c.label)}</b>", layout=w.Layout(width="12em")) for c in per_player]
        rows = [w.HBox(head)]
        for n in names:
            # A name is whatever the teacher typed: it reaches the page only escaped.
            cells: list[w.Widget] = [w.HTML(escape(n), layout=w.Layout(width="12em"))]
            cells += [self.per_player[c.name][n] for c in per_player]
            rows.append(w.HBox(cells))
        self._rows.children = rows
        self.extras = {}
        who = [("nobody", None), *[(n, n) for n in names]]
        for c in self.columns:
            if c.kind == "player":
                self.extras[c.name] = w.Dropdown(options=who, value=None, description=c.label)
            elif c.kind == "number":
                self.extras[c.name] = w.BoundedIntText(c.default, min=0, max=500, description=c.label)
            else:
                continue
            self.extras[c.name].style.description_width = "15em"
            self.extras[c.name].layout.width = "24em"
            self.extras[c.name].tooltip = c.help
        self._extras.children = list(self.extras.values())
        self._result.value = ""

    def _show(self) -> None:
        try:
            scores = self.calculate()
        except ValueError as error:
            self._result.value = banner(error_text(error), "error", size="1em")
            return
        names = [*self.players, self.dealer.value.strip() or "Dealer"]
        self._result.value = scores_html(names, [*scores.players, scores.dealer], notes=scores.notes)
