"""Figures for the boards: the narrowing plot and the acceptance map as HTML.

The figures themselves are drawn by :mod:`eleusis_lab.plots` (matplotlib) and embedded as PNG images,
so they show on the projector, in Voilà and in an exported handout alike.  When matplotlib is not
installed the boards fall back to a small hand-drawn SVG, so a board never fails for want of a plot.
"""

from __future__ import annotations

import base64
import io
import math
from html import escape
from typing import Any

from eleusis_lab.widgets._common import FONT

__all__ = ["acceptance_map_html", "figure_html", "narrowing_html", "sparkline_svg"]


def figure_html(fig: Any, *, width: str = "100%", alt: str = "figure") -> str:
    """A matplotlib figure as an ``<img>`` with the PNG inline; the figure is closed afterwards."""
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return (
        f'<img alt="{escape(alt)}" style="max-width:{width};height:auto" src="data:image/png;base64,{data}"/>'
    )


def _plots() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        from eleusis_lab import plots
    except ImportError:
        return None
    return plots


def narrowing_html(space: Any, round_: Any, hypotheses: list[tuple[Any, Any]] | None = None) -> str:
    """How many candidate rules were left after each judgement (log scale), with falsified hypotheses."""
    history = list(getattr(space, "history", []))
    if not history:
        return ""
    plots = _plots()
    if plots is not None and hasattr(plots, "narrowing_plot"):
        try:
            fig = _call_narrowing(plots, space, round_, history, hypotheses or [])
        except (TypeError, ValueError):
            fig = None
        if fig is not None:
            return figure_html(fig, alt="narrowing plot")
    return sparkline_svg(history, title="Candidate rules left after each judgement (log scale)")


def _call_narrowing(plots: Any, space: Any, round_: Any, history: list[int], hypotheses: list[Any]) -> Any:
    from eleusis_lab.science import Narrowing

    narrowing = Narrowing.of_round(round_) if hasattr(Narrowing, "of_round") else Narrowing(history)
    figure = plots.narrowing_plot(narrowing)
    return getattr(figure, "figure", figure)


def acceptance_map_html(space: Any, round_: Any) -> str:
    """How likely each card is to be accepted next, given the evidence so far."""
    if round_ is None or getattr(round_, "is_over", False):
        return ""
    mainline = list(round_.mainline)
    try:
        probs = space.acceptance_map(mainline)
    except ValueError:
        return ""
    plots = _plots()
    if plots is not None and hasattr(plots, "acceptance_map"):
        try:
            fig = plots.acceptance_map(probs)
            return figure_html(getattr(fig, "figure", fig), alt="acceptance map")
        except (TypeError, ValueError):
            pass
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
