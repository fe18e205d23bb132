"""Figures for the projector and for print: the narrowing of hypotheses and the acceptance map.

matplotlib is imported here only (the engine never needs it).  Figures use large fonts, a palette that
survives greyscale printing (viridis) and markers that differ by shape as well as colour.  SVG output
is byte-for-byte deterministic (:func:`to_svg`: fixed hash salt, no date).

>>> from eleusis_lab.science import Narrowing
>>> from eleusis_lab.play import Observation as Obs
>>> from eleusis_lab.cards import parse_cards
>>> a, b = parse_cards("3H 9S")
>>> fig = narrowing_plot(Narrowing.from_evidence([Obs((), (a,), True), Obs((a,), (b,), False)]))
>>> [ax.get_yscale() for ax in fig.axes]
['log']
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib
import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from eleusis_lab.cards import LETTERS, SUITS, Card, Ink, Outline, Shape, letter_deck, standard_deck

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from eleusis_lab.science.narrowing import Narrowing

# Big enough to read from the back of a classroom.
STYLE = {
    "font.size": 16,
    "axes.titlesize": 20,
    "axes.labelsize": 18,
    "xtick.labelsize": 15,
    "ytick.labelsize": 15,
    "legend.fontsize": 14,
    "svg.hashsalt": "eleusis-lab",
    "svg.fonttype": "none",
    "figure.dpi": 100,
}
ACCEPT_COLOR = "#1b7837"  # green, and a filled circle
REJECT_COLOR = "#b2182b"  # red, and a cross
CURVE_COLOR = "#2c3e50"
IDEAL_COLOR = "#7f7f7f"
HYPOTHESIS_COLORS = ["#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"]


def to_svg(fig: Figure) -> str:
    """The figure as SVG text, identical bytes for identical figures (no date, fixed ids)."""
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "eleusis-lab"}):
        fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    return buf.getvalue()


def to_png(fig: Figure, path: str, dpi: int = 100) -> None:
    """Save a PNG (for worksheets and for looking at the figure)."""
    from eleusis_lab.files import SHARED, write_atomically

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    write_atomically(path, buf.getvalue(), mode=SHARED)


def narrowing_plot(
    narrowing: Narrowing,
    *,
    ax: Axes | None = None,
    title: str | None = "How the evidence narrowed the rules",
    scale: str = "log",
) -> Figure:
    """Hypotheses remaining (``scale`` "log" or "linear") against plays, every verdict marked right (●)
    or wrong (✕), the ideal of one bit per play (halving) for comparison, and the class's hypotheses as
    lines that end with ✕ where a card falsified them; the falsifying play is also ringed on the curve
    in the hypothesis's colour, and each hypothesis is labelled where it ends."""
    if scale not in ("log", "linear"):
        raise ValueError(f"scale is 'log' or 'linear', not {scale!r}")
    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]
        lines = list(narrowing.lifelines)
        if ax is None:
            if lines:
                fig = Figure(figsize=(12, 7.5 + 0.45 * len(lines)))
                ax, hax = fig.subplots(
                    2,
                    1,
                    sharex=True,
                    gridspec_kw={"height_ratios": [3, max(1.0, 0.45 * len(lines))]},
                )
            else:
                fig = Figure(figsize=(12, 7))
                ax = fig.subplots()
                hax = None
        else:
            fig = ax.figure  # type: ignore[assignment]
            hax = ax.inset_axes((0.0, -0.62, 1.0, 0.38), sharex=ax) if lines else None
        x = np.arange(len(narrowing.steps) + 1)
        remaining = np.maximum(np.array(narrowing.remaining, dtype=float), 0.8)
        ax.step(
            x, remaining, where="post", color=CURVE_COLOR, linewidth=3, label="rules still possible", zorder=3
        )
        ax.plot(
            x,
            narrowing.ideal(),
            linestyle="--",
            color=IDEAL_COLOR,
            linewidth=2.5,
            label="ideal: half per play",
        )
        acc = [s.index for s in narrowing.steps if s.accepted]
        rej = [s.index for s in narrowing.steps if not s.accepted]
        ax.scatter(
            acc,
            remaining[acc],
            marker="o",
            s=110,
            color=ACCEPT_COLOR,
            edgecolors="white",
            linewidths=1.2,
            label="right (accepted)",
            zorder=4,
        )
        ax.scatter(
            rej, remaining[rej], marker="X", s=130, color=REJECT_COLOR, label="wrong (rejected)", zorder=4
        )
        for k, h in enumerate(lines):
            if h.end is not None:
                end = min(h.end, len(narrowing.steps))
                ax.scatter([end], [remaining[end]], s=420, facecolors="none", linewidths=2.5, zorder=5,
                           edgecolors=HYPOTHESIS_COLORS[k % len(HYPOTHESIS_COLORS)])  # fmt: skip
        ax.set_yscale(scale)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        if scale == "log":
            ax.set_ylim(0.7, max(2.0, narrowing.initial * 2.5))
        else:
            ax.set_ylim(0, max(2.0, narrowing.initial * 1.08))
        ax.set_xlim(-0.3, max(1, len(narrowing.steps)) + 0.3)
        ax.set_ylabel("rules still possible")
        ax.grid(True, which="major", axis="y", alpha=0.3)
        if title:
            ax.set_title(title)
        ax.legend(loc="upper right", framealpha=0.9)
        if hax is None:
            ax.set_xlabel("plays judged")
        else:
            _lifelines(hax, lines, len(narrowing.steps))
        return fig  # type: ignore[return-value]


def _in_words(text: str) -> str:
    """A hypothesis typed as rule text, in English (the text itself if it is no rule: a label never fails)."""
    from eleusis_lab.rules import RuleError
    from eleusis_lab.rules.english import english

    try:
        return english(text)
    except (RuleError, TypeError):
        return text


def _lifelines(hax: Axes, lines: Sequence[Any], n_steps: int) -> None:
    end_all = max(1, n_steps)
    for k, h in enumerate(lines):
        y = len(lines) - 1 - k
        color = HYPOTHESIS_COLORS[k % len(HYPOTHESIS_COLORS)]
        # a hypothesis recorded after the card that disproves it is shown dead on arrival
        end = max(h.end, h.start) if h.end is not None else end_all
        hax.plot([h.start, end], [y, y], color=color, linewidth=5, solid_capstyle="butt")
        label = f"{h.student}: {h.words or _in_words(h.text)}"
        if len(label) > 60:
            label = label[:57] + "…"
        # labelled where it ends (the falsifying play), inside the axes on whichever side has room
        right_half = end > end_all / 2
        hax.text(end, y + 0.22, label, fontsize=13, va="bottom", ha="right" if right_half else "left",
                 color="#222222")  # fmt: skip
        if h.end is not None:
            hax.scatter([end], [y], marker="X", s=150, color=REJECT_COLOR, zorder=4)
            if h.card is not None:
                hax.annotate(
                    str(h.card),
                    (end, y),
                    xytext=(11, 0),
                    textcoords="offset points",
                    fontsize=14,
                    va="center",
                    ha="left",
                    color=REJECT_COLOR,
                )
        else:
            hax.scatter([end], [y], marker=">", s=120, color=color, zorder=4)
    hax.set_ylim(-0.7, len(lines) - 0.1 + 0.4)
    hax.set_yticks([])
    hax.set_xlabel("plays judged")
    hax.set_title("the class's hypotheses (✕ = falsified by this card)", fontsize=15, loc="left")
    for side in ("top", "right", "left"):
        hax.spines[side].set_visible(False)


def _grid_standard(probs: Mapping[Card, float]) -> tuple[np.ndarray, list[list[str]], list[str], list[str]]:
    grid = np.full((4, 13), np.nan)
    labels = [["" for _ in range(13)] for _ in range(4)]
    for card, p in probs.items():
        if card.is_playing and card.suit is not None and card.rank is not None:
            i, j = SUITS.index(card.suit), card.rank - 1
            grid[i, j] = p
            labels[i][j] = card.label
    rows = [f"{s.symbol} {s.value}" for s in SUITS]
    cols = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return grid, labels, rows, cols


def _grid_letters(probs: Mapping[Card, float]) -> tuple[np.ndarray, list[list[str]], list[str], list[str]]:
    combos = [(i, s, o) for i in Ink for s in Shape for o in Outline]
    grid = np.full((len(LETTERS) + 1, len(combos)), np.nan)
    labels = [["" for _ in combos] for _ in range(len(LETTERS) + 1)]
    for card, p in probs.items():
        if card.is_blank:
            grid[len(LETTERS), 0] = p
            labels[len(LETTERS)][0] = "□"
        elif card.letter is not None:
            i = LETTERS.index(card.letter)
            j = combos.index((card.ink, card.shape, card.outline))  # type: ignore[arg-type]
            grid[i, j] = p
            labels[i][j] = card.letter
    rows = [*LETTERS, "blank"]
    cols = [f"{i.value}\n{'○' if s is Shape.CIRCLE else '□'} {o.value}" for i, s, o in combos]
    return grid, labels, rows, cols


def _as_mapping(probabilities: Any, deck: str) -> dict[Card, float]:
    if isinstance(probabilities, Mapping):
        return {c.design: float(p) for c, p in probabilities.items()}
    values = np.asarray(probabilities, dtype=float)
    faces = standard_deck() if deck == "standard" else letter_deck()
    if values.shape != (len(faces),):
        raise ValueError(f"expected {len(faces)} probabilities for the {deck} deck, got shape {values.shape}")
    return dict(zip(faces, values.tolist(), strict=True))


def acceptance_map(
    probabilities: Mapping[Card, float] | Sequence[float] | np.ndarray,
    *,
    deck: str | None = None,
    ax: Axes | None = None,
    title: str | None = "Chance each card is accepted next",
    show_values: bool = True,
) -> Figure:
    """The cards of the deck as a grid coloured by the probability of being accepted next.

    Standard deck: 4 suits × 13 ranks.  Letter deck: 5 letters × 12 looks (ink, shape, outline), plus
    the blank.  ``probabilities`` maps cards to probabilities (``HypothesisSpace.acceptance_map``) or
    lists them in deck order.
    """
    if deck is None:
        keys = list(probabilities.keys()) if isinstance(probabilities, Mapping) else []
        deck = "letters" if any(not c.is_playing for c in keys) or len(probabilities) == 61 else "standard"
    probs = _as_mapping(probabilities, deck)
    grid, _labels, rows, cols = _grid_standard(probs) if deck == "standard" else _grid_letters(probs)
    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]
        if ax is None:
            fig = Figure(figsize=(14, 5.2) if deck == "standard" else (14, 7))
            ax = fig.subplots()
        else:
            fig = ax.figure  # type: ignore[assignment]
        cmap = matplotlib.colormaps["viridis"].with_extremes(bad="#eeeeee")
        image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=0.0, vmax=1.0, aspect="equal")
        ax.set_xticks(range(len(cols)), cols)
        ax.set_yticks(range(len(rows)), rows)
        ax.tick_params(length=0)
        ax.set_xticks(np.arange(-0.5, len(cols)), minor=True)
        ax.set_yticks(np.arange(-0.5, len(rows)), minor=True)
        ax.grid(which="minor", color="white", linewidth=2)
        for side in ax.spines.values():
            side.set_visible(False)
        if show_values:
            for i in range(grid.shape[0]):
                for j in range(grid.shape[1]):
                    p = grid[i, j]
                    if np.isnan(p):
                        continue
                    color = "black" if p > 0.6 else "white"
                    ax.text(j, i, f"{round(100 * p)}", ha="center", va="center", fontsize=13, color=color)
        bar = fig.colorbar(image, ax=ax, fraction=0.025, pad=0.02)
        bar.set_label("probability accepted")
        if deck == "letters":
            ax.set_xlabel("ink, then shape and outline colour")
            ax.tick_params(axis="x", labelsize=12)
        if title:
            ax.set_title(title)
        return fig  # type: ignore[return-value]


def calibration_plot(
    statements: Sequence[tuple[float, bool]] | Mapping[str, Sequence[tuple[float, bool]]],
    *,
    bins: int = 10,
    ax: Axes | None = None,
    title: str | None = "How sure, how often right",
    errors: float = 2.0,
) -> Figure:
    """Calibration curves: each bin of stated confidence against the share of those statements right.

    ``statements`` are (confidence, right) pairs (the scientist's reports, ``bench.calibration_pairs``,
    or a class's slider statements), or a mapping of a name to such pairs for several curves.  Points
    on the diagonal are calibrated; below it, overconfident.  A point's size grows with its count, and
    its bar spans ``errors`` standard errors of its share right either side (``Bin.standard_error``;
    0 draws none): a level of five statements can say little, one of five hundred pins its share down.
    """
    from eleusis_lab.science.calibration import calibration_table

    series = dict(statements) if isinstance(statements, Mapping) else {"statements": list(statements)}
    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]
        if ax is None:
            fig = Figure(figsize=(7.5, 8), layout="constrained")
            ax = fig.subplots()
        else:
            fig = ax.figure  # type: ignore[assignment]
        ax.plot([0, 100], [0, 100], color=IDEAL_COLOR, linestyle="--", linewidth=1.5, label="calibrated")
        ax.fill_between([0, 100], [-10, 90], [10, 110], color=IDEAL_COLOR, alpha=0.12, linewidth=0)
        markers = ["o", "s", "^", "D", "v", "P"]
        for k, (name, pairs) in enumerate(series.items()):
            table = [b for b in calibration_table(pairs, bins) if b.count]
            if not table:
                continue
            xs = [100 * b.confidence for b in table]
            ys = [100 * b.right for b in table]
            sizes = [30 + 170 * (b.count / max(x.count for x in table)) ** 0.5 for b in table]
            color = CURVE_COLOR if k == 0 else HYPOTHESIS_COLORS[(k - 1) % len(HYPOTHESIS_COLORS)]
            ax.plot(xs, ys, color=color, linewidth=2)
            if errors > 0:
                spread = [100 * errors * b.standard_error for b in table]
                ax.errorbar(
                    xs, ys, yerr=spread, fmt="none", ecolor=color, elinewidth=1.5, capsize=4, alpha=0.7
                )
            ax.scatter(xs, ys, s=sizes, color=color, marker=markers[k % len(markers)], zorder=3,
                       label=f"{name} ({sum(b.count for b in table)} statements)")  # fmt: skip
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 100)
        ax.set_aspect("equal")
        ax.set_xlabel("stated confidence (%)")
        ax.set_ylabel("right (%)")
        # below the square, not in it: a point or an error bar can fall anywhere inside
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), frameon=False)
        if title:
            ax.set_title(title, pad=14)  # clear of the markers drawn at 100 %
        return fig  # type: ignore[return-value]
