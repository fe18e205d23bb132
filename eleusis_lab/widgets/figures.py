"""Figures for the boards: the narrowing plot and the acceptance map as HTML.

The figures themselves are drawn by :mod:`eleusis_lab.plots` (matplotlib) and embedded as PNG images,
so they show on the projector, in Voilà and in an exported handout alike.  When matplotlib is not
installed the boards fall back to a small hand-drawn SVG, so a board never fails for want of a plot.
"""

from __future__ import annotations

import base64
import io
import math
import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.widgets._common import FONT, banner, error_text

__all__ = ["FiguresView", "acceptance_map_html", "figure_html", "narrowing_html", "sparkline_svg"]


class FiguresView(w.HBox):
    """The narrowing plot and the acceptance map, redrawn by :meth:`update` from plain values.

    Figures take most of a play's kernel time: inside a kernel they are drawn in a worker thread (the
    newest job wins), so the next click never waits; outside (scripts, tests) they are drawn at once.
    """

    def __init__(self, *, plot: bool = True, acceptance_map: bool = False, background: Any = None) -> None:
        self.plot = w.HTML()
        self.plot.add_class("eleusis-narrowing-plot")
        self.map = w.HTML()
        self.map.add_class("eleusis-acceptance-map")
        self.plot.layout.flex = self.map.layout.flex = "1 1 0%"
        self.plot.layout.min_width = self.map.layout.min_width = "0"
        self.show_plot = w.Checkbox(value=plot, description="Narrowing plot", indent=False)
        self.show_map = w.Checkbox(value=acceptance_map, description="Acceptance map", indent=False)
        self.show_map.add_class("eleusis-acceptance-map-toggle")
        self.toggles = w.HBox([self.show_plot, self.show_map])
        self.background = _in_kernel() if background is None else bool(background)
        self._lock = threading.Lock()
        self._job: tuple[Any, Any, list[Any]] | None = None
        self._worker: threading.Thread | None = None
        super().__init__([self.plot, self.map], layout=w.Layout(width="100%"))
        self.add_class("eleusis-figures")

    @property
    def wants_map(self) -> bool:
        return bool(self.show_map.value)

    def on_toggle(self, redraw: Callable[[], None]) -> None:
        """Call ``redraw`` when the teacher ticks a figure on or off."""
        self.show_plot.observe(lambda _c: redraw(), "value")
        self.show_map.observe(lambda _c: redraw(), "value")

    def update(self, narrowing: Any, space: Any, mainline: list[Any]) -> None:
        """Redraw from a :class:`~eleusis_lab.science.Narrowing` and (for the map) a narrowed space."""
        job = (
            narrowing if self.show_plot.value else None,
            space if self.show_map.value else None,
            list(mainline),
        )
        if not self.show_plot.value:
            self.plot.value = ""
        if not self.show_map.value or space is None:
            self.map.value = ""
        if job[0] is None and job[1] is None:
            return
        if self.background:
            self._submit(job)
        else:
            self._render(job)

    def _render(self, job: tuple[Any, Any, list[Any]]) -> None:
        narrowing, space, mainline = job
        if narrowing is not None:
            self.plot.value = narrowing_html(narrowing)
        if space is not None:
            self.map.value = acceptance_map_html(space, mainline)

    def _submit(self, job: tuple[Any, Any, list[Any]]) -> None:
        with self._lock:
            self._job = job
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="eleusis-plots", daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                job, self._job = self._job, None
                if job is None:
                    self._worker = None
                    return
            try:
                self._render(job)
            except Exception as error:  # a figure must never break the board: say so instead
                self.plot.value = banner(
                    f"The plot could not be drawn: {error_text(error)}", "warning", size="0.9em"
                )

    def wait(self, timeout: float = 60.0) -> None:
        """Wait until the background figures are drawn (for scripts and tests)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def figure_html(fig: Any, *, width: str = "100%", alt: str = "figure", dpi: int = 60) -> str:
    """A matplotlib figure as an ``<img>`` with the PNG inline (the plots are big: a low dpi suffices)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return (
        f'<img alt="{escape(alt)}" style="max-width:{width};height:auto" src="data:image/png;base64,{data}"/>'
    )


def _plots() -> Any:
    try:
        from eleusis_lab import plots
    except ImportError:  # matplotlib is in the notebook extra; boards still work without it
        return None
    return plots


def narrowing_html(narrowing: Any) -> str:
    """The narrowing plot (``plots.narrowing_plot``) of a :class:`~eleusis_lab.science.Narrowing`."""
    remaining = list(getattr(narrowing, "remaining", []))
    if len(remaining) < 2:
        return ""
    plots = _plots()
    if plots is not None:
        return figure_html(plots.narrowing_plot(narrowing), alt="narrowing plot")
    return sparkline_svg(remaining, title="Candidate rules left after each judgement (log scale)")


def acceptance_map_html(space: Any, mainline: list[Any]) -> str:
    """How likely each card is to be accepted next on ``mainline``, given the evidence in ``space``."""
    try:
        probs = space.acceptance_map(mainline)
    except ValueError:
        return ""
    plots = _plots()
    if plots is not None:
        deck = "standard" if all(c.is_playing for c in probs) else "letters"
        return figure_html(plots.acceptance_map(probs, deck=deck), alt="acceptance map")
    return _map_table(probs)


def _map_table(probs: dict[Any, float]) -> str:
    """The acceptance map as a coloured grid: suits down, ranks across (or letters for the letter deck)."""
    rows: dict[str, list[tuple[str, float]]] = {}
    for card, p in probs.items():
        key = card.suit.symbol if card.is_playing else (str(card.ink) if card.is_letter else "blank")
        rows.setdefault(key, []).append((card.label or "–", p))
    body = []
    for key, cells in rows.items():
        tds = "".join(
            f'<td title="{escape(lbl)}: {p:.0%}" style="width:1.6em;text-align:center;font-size:0.8em;'
            f'background:{_shade(p)};color:{"#fff" if p > 0.6 else "#111"}">{escape(lbl)}</td>'
            for lbl, p in cells
        )
        body.append(f'<tr><th style="padding-right:4px">{escape(key)}</th>{tds}</tr>')
    return (
        f'<div style="font-family:{FONT};font-size:0.9em">Chance each card is accepted next'
        f'<table style="border-collapse:collapse">{"".join(body)}</table></div>'
    )


def _shade(p: float) -> str:
    g = int(255 - 150 * p)
    return f"rgb({g},{int(255 - 80 * p)},{g})"


def sparkline_svg(values: list[float], *, title: str = "", width: int = 300, height: int = 120) -> str:
    """A small step line on a log scale, drawn by hand (no matplotlib)."""
    if not values:
        return ""
    logs = [math.log10(max(v, 1)) for v in values]
    top = max(max(logs), 1.0)
    n = max(len(values) - 1, 1)
    points = " ".join(
        f"{30 + (width - 40) * i / n:.1f},{height - 20 - (height - 35) * v / top:.1f}"
        for i, v in enumerate(logs)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
        f'<text x="4" y="12" font-family="{FONT}" font-size="11">{escape(title)}</text>'
        f'<line x1="30" y1="{height - 20}" x2="{width - 10}" y2="{height - 20}" stroke="#888"/>'
        f'<line x1="30" y1="15" x2="30" y2="{height - 20}" stroke="#888"/>'
        f'<polyline fill="none" stroke="#2563eb" stroke-width="2" points="{points}"/>'
        f'<text x="32" y="26" font-family="{FONT}" font-size="10">{int(values[0]):,}</text>'
        f'<text x="{width - 10}" y="{height - 24}" font-family="{FONT}" font-size="10" '
        f'text-anchor="end">{int(values[-1]):,} left</text>'
        f'<text x="{width - 10}" y="{height - 6}" font-family="{FONT}" font-size="10" '
        f'text-anchor="end">judgements: {len(values) - 1}</text></svg>'
    )
