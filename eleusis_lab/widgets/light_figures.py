"""The board's figures as light SVG, drawn in a few milliseconds: the narrowing plot and the acceptance map.

matplotlib's figures (:mod:`eleusis_lab.plots`, for print and lessons) cost the kernel 0.5–2 s a play
when redrawn after every click; these are plain SVG text built from the same values (one
:class:`~eleusis_lab.science.narrowing.NarrowingFold` feeds both), so the board can redraw them on every
play.  Text is sized in the SVG's own pixels and the figure is never drawn narrower than ``MIN_WIDTH``,
so every label is at least 12 px on screen.  Nothing here imports ipywidgets or matplotlib.

>>> from eleusis_lab.science import Narrowing
>>> from eleusis_lab.play import Observation as Obs
>>> from eleusis_lab.cards import parse_cards
>>> a, b = parse_cards("3H 9S")
>>> svg = narrowing_svg(Narrowing.from_evidence([Obs((), (a,), True), Obs((a,), (b,), False)]))
>>> svg.startswith("<svg") and 'data-scale="log"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Literal

from eleusis_lab.cards import LETTERS, SUITS, Card, Ink, Outline, Shape

__all__ = ["MIN_FONT_PX", "MIN_WIDTH", "acceptance_map_svg", "narrowing_svg", "viridis"]

FONT = "DejaVu Sans, Verdana, sans-serif"
WIDTH = 620  # the SVG's own width in px (its viewBox)
MIN_WIDTH = 520  # never drawn narrower: 15 px labels stay >= 12.5 px on screen
MIN_FONT_PX = 15  # the smallest text in the figures, in the SVG's own pixels
ACCEPT = "#1b7837"
REJECT = "#b2182b"
CURVE = "#2c3e50"
IDEAL = "#7f7f7f"
HYPOTHESIS_COLORS = ["#1f77b4", "#d35400", "#6c3483", "#8c564b", "#c2185b", "#00838f", "#7d6608"]
_VIRIDIS = [
    "#440154",
    "#482475",
    "#414487",
    "#355f8d",
    "#2a788e",
    "#21918c",
    "#22a884",
    "#44bf70",
    "#7ad151",
    "#bddf26",
    "#fde725",
]


def _svg_open(height: float, label: str, cls: str, extra: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {WIDTH} {height:.0f}" '
        # never narrower nor shorter than MIN_WIDTH's scale (a page may cap the height: the class board)
        f'width="100%" style="min-width:{MIN_WIDTH}px;min-height:{height * MIN_WIDTH / WIDTH:.0f}px;'
        f'max-width:{WIDTH * 1.3:.0f}px;display:block" '
        f'role="img" aria-label="{escape(label)}" font-family="{FONT}"{extra}><title>{escape(label)}</title>'
    )


def _text(
    x: float, y: float, body: str, *, size: int = MIN_FONT_PX, anchor: str = "start", **attrs: Any
) -> str:
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, MIN_FONT_PX)}" text-anchor="{anchor}"{extra}>'
        f"{escape(body)}</text>"
    )


def _label(x: float, y: float, body: str, **attrs: Any) -> str:
    """A label with a white halo, readable over the lines it crosses."""
    return _text(
        x, y, body, paint_order="stroke", stroke="#fff", stroke_width=4, stroke_linejoin="round", **attrs
    )


def _short(number: float) -> str:
    n = round(number)
    for limit, suffix in ((10**9, "G"), (10**6, "M"), (10**3, "k")):
        if n >= limit:
            value = n / limit
            return f"{value:.0f}{suffix}" if value >= 10 else f"{value:.1f}".rstrip("0").rstrip(".") + suffix
    return f"{n}"


def _linear_ticks(top: float) -> list[float]:
    raw = top / 4
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    return [k * step for k in range(int(top // step) + 1)]


def narrowing_svg(narrowing: Any, *, scale: Literal["log", "linear"] = "log", max_labels: int = 8) -> str:
    """Rules still possible after each judgement, every verdict marked (● accepted, ✕ rejected), the
    ideal halving dashed, and each class hypothesis marked **at the play that falsified it** (a line
    down to the curve, ✕ on the curve, its label inside the axes); hypotheses still standing are
    listed with ✔.  ``scale`` is ``"log"`` or ``"linear"`` (for younger classes)."""
    if scale not in ("log", "linear"):
        raise ValueError(f"scale is 'log' or 'linear', not {scale!r}")
    steps = list(narrowing.steps)
    remaining = [max(float(r), 0.8) for r in narrowing.remaining]
    ideal = list(narrowing.ideal())
    lines = list(narrowing.lifelines)
    n = max(1, len(steps))
    top_value = max(2.0, float(narrowing.initial))
    labelled = min(len(lines), max_labels) + (1 if len(lines) > max_labels else 0)
    band = 21 * labelled + (8 if labelled else 0)  # the hypotheses' labels, above the curve, in the axes
    left, right, top, curve_h = 74, WIDTH - 16, 38, 230
    plot_h = curve_h + band
    bottom = top + plot_h
    height = bottom + 74

    def x_of(i: float) -> float:
        return left + (right - left) * (i + 0.3) / (n + 0.6)

    if scale == "log":
        y_top = math.log10(top_value * 2.5)
        y_low = math.log10(0.7)

        def y_of(v: float) -> float:
            return bottom - curve_h * (math.log10(max(v, 0.7)) - y_low) / (y_top - y_low)

        ticks = [10.0**k for k in range(0, math.floor(math.log10(top_value)) + 1)]
    else:

        def y_of(v: float) -> float:
            return bottom - curve_h * max(v, 0.0) / (top_value * 1.08)

        ticks = _linear_ticks(top_value)
    title = "How the evidence narrowed the rules" + (" (log scale)" if scale == "log" else "")
    out = [_svg_open(height, f"narrowing plot: {title}", "eleusis-narrowing-svg", f' data-scale="{scale}"')]
    out.append(_text(left, 24, title, size=18, font_weight="bold", fill="#111"))
    out.append(
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{plot_h}" fill="#fff" stroke="#9ca3af"/>'
    )
    if band:
        out.append(
            f'<rect x="{left + 1}" y="{top + 1}" width="{right - left - 2}" height="{band - 2}" '
            'fill="#f8fafc"/>'
        )
    for t in ticks:
        y = y_of(t)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#e5e7eb"/>')
        out.append(_text(left - 6, y + 5, _short(t), anchor="end", fill="#374151"))
    every = max(1, math.ceil(n / 10))
    for i in range(0, len(steps) + 1, every):
        out.append(_text(x_of(i), bottom + 20, str(i), anchor="middle", fill="#374151"))
    out.append(_text((left + right) / 2, bottom + 42, "plays judged", anchor="middle", size=16, fill="#111"))
    out.append(
        _text(
            18,
            top + plot_h / 2,
            "rules still possible",
            anchor="middle",
            size=16,
            fill="#111",
            transform=f"rotate(-90 18 {top + plot_h / 2:.0f})",
        )
    )
    ideal_pts = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(ideal))
    out.append(
        f'<polyline fill="none" stroke="{IDEAL}" stroke-width="2.5" stroke-dasharray="7 5" '
        f'points="{ideal_pts}"/>'
    )
    path = [f"M{x_of(0):.1f},{y_of(remaining[0]):.1f}"]
    for i in range(1, len(remaining)):
        path.append(f"H{x_of(i):.1f}V{y_of(remaining[i]):.1f}")
    out.append(f'<path d="{"".join(path)}" fill="none" stroke="{CURVE}" stroke-width="3.5"/>')
    for s in steps:
        x, y = x_of(s.index), y_of(remaining[s.index])
        what = (
            f"play {s.index}: {' '.join(str(c) for c in s.cards)} {'accepted' if s.accepted else 'rejected'}"
        )
        if s.accepted:
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{ACCEPT}" stroke="#fff" stroke-width="1.5">'
                f"<title>{escape(what)}</title></circle>"
            )
        else:
            out.append(_cross(x, y, 6, REJECT, what))
    out.extend(_hypothesis_marks(lines, x_of, y_of, remaining, left, right, top, max_labels))
    legend_y = height - 8
    out.append(f'<circle cx="{left + 8}" cy="{legend_y - 5}" r="6" fill="{ACCEPT}"/>')
    out.append(_text(left + 20, legend_y, "accepted", fill="#111"))
    out.append(_cross(left + 110, legend_y - 5, 6, REJECT, "rejected"))
    out.append(_text(left + 122, legend_y, "rejected", fill="#111"))
    out.append(
        f'<line x1="{left + 208}" y1="{legend_y - 5}" x2="{left + 236}" y2="{legend_y - 5}" '
        f'stroke="{IDEAL}" stroke-width="2.5" stroke-dasharray="7 5"/>'
    )
    out.append(_text(left + 242, legend_y, "ideal: half per play", fill="#111"))
    out.append(
        _text(right, legend_y, f"{int(narrowing.remaining[-1]):,} left", anchor="end", font_weight="bold")
    )
    out.append("</svg>")
    return "".join(out)


def _cross(x: float, y: float, r: float, color: str, title: str = "") -> str:
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<path d="M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}'
        f'M{x - r:.1f},{y + r:.1f}L{x + r:.1f},{y - r:.1f}" '
        f'stroke="{color}" stroke-width="3.2" stroke-linecap="round">{tip}</path>'
    )


def _hypothesis_marks(
    lines: Sequence[Any],
    x_of: Any,
    y_of: Any,
    remaining: Sequence[float],
    left: float,
    right: float,
    top: float,
    max_labels: int,
) -> list[str]:
    """Each falsified hypothesis: a line from its label down to the curve at the falsifying play, ✕
    there; each standing one: a ✔ label at the right.  Labels stack from the top of the axes."""
    out: list[str] = []
    falsified = sorted((h for h in lines if h.end is not None), key=lambda h: h.end)
    standing = [h for h in lines if h.end is None]
    shown = [*falsified, *standing][:max_labels]
    row_h = 21
    for k, h in enumerate(shown):
        color = HYPOTHESIS_COLORS[lines.index(h) % len(HYPOTHESIS_COLORS)]
        name = f"{h.student}: {h.words or h.text}"
        if len(name) > 38:
            name = name[:36] + "…"
        label_y = top + 19 + row_h * k
        if h.end is None:
            out.append(
                _label(
                    right - 6,
                    label_y,
                    f"✔ {name} (still standing)",
                    anchor="end",
                    fill=color,
                    class_="eleusis-hypothesis-mark",
                    data_student=h.student,
                )
            )
            continue
        end = min(h.end, len(remaining) - 1)
        x, y = x_of(end), y_of(remaining[end])
        card = f" ✕ {h.card}" if h.card is not None else " ✕"
        anchor = "start" if x < (left + right) / 2 else "end"
        tx = x + 5 if anchor == "start" else x - 5
        out.append(
            f'<line x1="{x:.1f}" y1="{label_y + 4:.1f}" x2="{x:.1f}" y2="{y - 11:.1f}" stroke="{color}" '
            f'stroke-width="1.6" stroke-dasharray="3 3"/>'
        )
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="none" stroke="{color}" stroke-width="3">'
            f"<title>{escape(str(h.falsified_by or ''))}</title></circle>"
        )
        out.append(
            _label(
                tx,
                label_y,
                name + card,
                anchor=anchor,
                fill=color,
                font_weight="bold",
                class_="eleusis-hypothesis-mark",
                data_student=h.student,
                data_step=end,
            )
        )
    if len(shown) < len(lines):
        more = len(lines) - len(shown)
        out.append(
            _text(right - 6, top + 18 + row_h * len(shown), f"+{more} more", anchor="end", fill="#374151")
        )
    return out


def viridis(p: float) -> str:
    """The viridis colour of ``p`` in [0, 1] (the print figures' palette, readable in greyscale)."""
    p = min(max(float(p), 0.0), 1.0) * (len(_VIRIDIS) - 1)
    i = min(int(p), len(_VIRIDIS) - 2)
    t = p - i
    a, b = _VIRIDIS[i], _VIRIDIS[i + 1]
    rgb = [round(int(a[k : k + 2], 16) * (1 - t) + int(b[k : k + 2], 16) * t) for k in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in rgb)


def acceptance_map_svg(
    probabilities: Mapping[Card, float], *, title: str = "Chance each card is accepted next"
) -> str:
    """The deck as a grid coloured by the chance of being accepted next, the percentage in each cell:
    suits down and ranks across (standard deck), or letters down and looks across (letter deck)."""
    probs = {c.design: float(p) for c, p in probabilities.items()}
    playing = all(c.is_playing for c in probs)
    if playing:
        rows: list[tuple[str, Any]] = [(f"{s.symbol}", s) for s in SUITS]
        cols: list[tuple[str, Any]] = [
            (lbl, r)
            for r, lbl in enumerate(
                ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], start=1
            )
        ]

        def at(row: Any, col: Any) -> Card | None:
            return next((c for c in probs if c.suit == row and c.rank == col), None)
    else:
        rows = [(letter, letter) for letter in LETTERS] + [("blank", None)]
        looks = [(i, s, o) for i in Ink for s in Shape for o in Outline]
        cols = [
            (f"{i.value[:1].upper()}{'○' if s is Shape.CIRCLE else '□'}{o.value[:1]}", (i, s, o))
            for i, s, o in looks
        ]

        def at(row: Any, col: Any) -> Card | None:
            if row is None:
                return next((c for c in probs if c.is_blank), None) if col == looks[0] else None
            return next((c for c in probs if c.letter == row and (c.ink, c.shape, c.outline) == col), None)

    left, top = 64, 40
    cell = min(40.0, (WIDTH - left - 12) / len(cols))
    height = top + 26 + cell * len(rows) + 34
    out = [_svg_open(height, f"acceptance map: {title}", "eleusis-acceptance-svg")]
    out.append(_text(left, 24, title, size=18, font_weight="bold", fill="#111"))
    for j, (label, _c) in enumerate(cols):
        out.append(_text(left + cell * (j + 0.5), top + 16, label, anchor="middle", fill="#374151"))
    for i, (label, row) in enumerate(rows):
        y = top + 26 + cell * i
        red = playing and row is not None and row.color.value == "red"
        out.append(
            _text(
                left - 8,
                y + cell / 2 + 6,
                label,
                anchor="end",
                size=20 if playing else 15,
                fill="#b91c1c" if red else "#111",
            )
        )
        for j, (_label, col) in enumerate(cols):
            card = at(row, col)
            if card is None:
                continue
            p = probs[card]
            x = left + cell * j
            out.append(
                f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{cell - 2:.1f}" height="{cell - 2:.1f}" '
                f'fill="{viridis(p)}"><title>{escape(str(card))}: '
                f"{p:.0%}</title></rect>"
            )
            out.append(
                _text(
                    x + cell / 2,
                    y + cell / 2 + 5,
                    f"{round(100 * p)}",
                    anchor="middle",
                    fill="#111" if p > 0.6 else "#fff",
                )
            )
    out.append(
        _text(
            left,
            height - 10,
            "percent chance of acceptance: dark = unlikely, yellow = likely",
            fill="#374151",
        )
    )
    out.append("</svg>")
    return "".join(out)
