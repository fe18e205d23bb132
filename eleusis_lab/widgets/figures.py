"""Figures for the boards: the narrowing plot and the acceptance map, redrawn after every play.

On the boards both figures are light SVG (:mod:`eleusis_lab.widgets.light_figures`, a few milliseconds
a play); matplotlib's versions (:mod:`eleusis_lab.plots`) are for print and the lessons.  Both read the
same :class:`~eleusis_lab.science.narrowing.Narrowing`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from eleusis_lab.widgets.light_figures import acceptance_map_svg, narrowing_svg

__all__ = ["FiguresView", "acceptance_map_html", "narrowing_html"]


class FiguresView(w.HBox):
    """The narrowing plot and the acceptance map, redrawn by :meth:`update` from plain values.

    Both are light SVG (milliseconds), drawn at once after the views above them: the verdict's update
    has already gone to the browser when the figures are drawn, so they never hold up the next click.
    The teacher's toggles switch each figure on or off and the plot between log and linear scale.
    """

    def __init__(self, *, plot: bool = True, acceptance_map: bool = False, scale: str = "log") -> None:
        self.plot = w.HTML()
        self.plot.add_class("eleusis-narrowing-plot")
        self.map = w.HTML()
        self.map.add_class("eleusis-acceptance-map")
        self.plot.layout.flex = self.map.layout.flex = "1 1 0%"
        self.plot.layout.min_width = self.map.layout.min_width = "0"
        self.show_plot = w.Checkbox(value=plot, description="Narrowing plot", indent=False)
        self.show_map = w.Checkbox(value=acceptance_map, description="Acceptance map", indent=False)
        self.show_map.add_class("eleusis-acceptance-map-toggle")
        self.scale = w.ToggleButtons(
            options=[("log scale", "log"), ("linear scale", "linear")],
            value=scale,
            style={"button_width": "7.5em"},
            tooltips=["counts by powers of ten", "counts as they are (for younger classes)"],
        )
        self.scale.add_class("eleusis-plot-scale")
        self.toggles = w.HBox(
            [self.show_plot, self.show_map, self.scale], layout=w.Layout(flex_flow="row wrap")
        )
        super().__init__([self.plot, self.map], layout=w.Layout(width="100%", flex_flow="row wrap"))
        self.add_class("eleusis-figures")

    @property
    def wants_map(self) -> bool:
        return bool(self.show_map.value)

    def on_toggle(self, redraw: Callable[[], None]) -> None:
        """Call ``redraw`` when the teacher ticks a figure on or off or changes the plot's scale."""
        for toggle in (self.show_plot, self.show_map, self.scale):
            toggle.observe(lambda _c: redraw(), "value")

    def update(self, narrowing: Any, space: Any, mainline: list[Any]) -> None:
        """Redraw from a :class:`~eleusis_lab.science.Narrowing` and (for the map) a narrowed space."""
        self.plot.value = narrowing_html(narrowing, self.scale.value) if self.show_plot.value else ""
        self.map.value = (
            acceptance_map_html(space, list(mainline)) if self.show_map.value and space is not None else ""
        )


def narrowing_html(narrowing: Any, scale: str = "log") -> str:
    """The narrowing plot of a :class:`~eleusis_lab.science.Narrowing` as light SVG ("" before play)."""
    if len(list(getattr(narrowing, "remaining", []))) < 2:
        return ""
    return narrowing_svg(narrowing, scale="linear" if scale == "linear" else "log")


def acceptance_map_html(space: Any, mainline: list[Any]) -> str:
    """How likely each card is to be accepted next on ``mainline``, given the evidence in ``space``."""
    try:
        probs = space.acceptance_map(mainline)
    except ValueError:
        return ""
    return acceptance_map_svg(probs)
