"""Kernel work per play on the class board: verdict, views, hypotheses and both figures, timed part by part.

Builds the projector's :class:`~eleusis_lab.widgets.class_board.ClassBoard` (five players, Express, an
autosave file, three class hypotheses, the narrowing plot *and* the acceptance map switched on) and
plays ``--plays`` cards through the board's own click path (``board.play``).  Each part's time is
measured around the call the board makes:

- ``verdict``      the session's play: judging, computer seats, the event log and the autosave;
- ``table`` / ``hand`` / ``status`` / ``verdict view`` / ``actions`` / ``guess box`` / ``reveal``: the views;
- ``hypotheses``   the class hypotheses re-checked, the narrowing fold and the panel's list;
- ``narrowing plot`` and ``acceptance map``: drawing each figure;
- ``total``        the whole of ``board.play`` (what the next click waits for);
- ``matplotlib …``  for comparison, the same two figures drawn by matplotlib as PNG (the boards' way
  before), timed outside the play (``--no-matplotlib`` skips them).

Prints the median and the max of each over the plays, and the target (total ≤ 250 ms median).

    .venv/bin/python benchmarks/bench_class_board.py [--plays 30] [--variant express] [--seed 4]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

GOAL_MS = 250.0


def _timed(store: dict[str, list[float]], name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            store[name].append(1000 * (time.perf_counter() - t0))

    return wrapper


def _matplotlib_figures(times: dict[str, list[float]], board: Any) -> None:
    """What the same two figures cost drawn by matplotlib as PNG (the boards' way before light SVG)."""
    import base64
    import io

    from eleusis_lab import plots

    def png(fig: Any) -> str:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=60, bbox_inches="tight")
        return base64.b64encode(buf.getvalue()).decode("ascii")

    session = board.session
    t0 = time.perf_counter()
    png(plots.narrowing_plot(session.narrowing()))
    times["matplotlib narrowing"].append(1000 * (time.perf_counter() - t0))
    t0 = time.perf_counter()
    png(plots.acceptance_map(session.live_space().acceptance_map(list(session.round.mainline))))
    times["matplotlib map"].append(1000 * (time.perf_counter() - t0))


def run(plays: int, variant: str, seed: int, rule: str, compare: bool = True) -> dict[str, list[float]]:
    from eleusis_lab.widgets import figures as figures_module
    from eleusis_lab.widgets.class_board import ClassBoard

    times: dict[str, list[float]] = defaultdict(list)
    # The figures' drawing functions, wherever the views call them from (module globals).
    for name, label in (("narrowing_html", "narrowing plot"), ("acceptance_map_html", "acceptance map")):
        setattr(figures_module, name, _timed(times, label, getattr(figures_module, name)))
    with tempfile.TemporaryDirectory() as tmp:
        board = ClassBoard(
            variant,
            ["Ana", "Ben", "Cy", "Dee", "Eve"],
            rule=rule,
            seed=seed,
            autosave=Path(tmp) / "bench.json",
            hypotheses=True,
            plots=True,
            acceptance_map=True,
        )
        board.deal()
        for student, text in (("Ana", "card is red"), ("Ben", "card.rank > prev.rank"), ("Cy", "true")):
            board.session.add_hypothesis(student, text)
        board.figures.show_map.value = True
        board.figures.show_plot.value = True
        session = board.session
        session.play = _timed(times, "verdict", session.play)  # type: ignore[method-assign]
        views = {
            "table": board.table,
            "hand": board.hand,
            "status": board.status,
            "verdict view": board.verdict,
            "actions": board.actions,
            "guess box": board.guess_box,
            "reveal": board.reveal_view,
        }
        for label, view in views.items():
            view.render = _timed(times, label, view.render)  # type: ignore[method-assign]
        if board.panel is not None:
            panel = board.panel
            panel._draw_list = _timed(times, "hypotheses", panel._draw_list)  # type: ignore[method-assign]
        done = 0
        while done < plays and session.phase == "playing":
            buttons = [b for b in board.hand_buttons if not b.disabled]
            if not buttons:
                board.no_play()
                continue
            card = buttons[(done * 7 + seed) % len(buttons)].card
            t0 = time.perf_counter()
            ok = board.play([card])
            times["total"].append(1000 * (time.perf_counter() - t0))
            if not ok:
                raise SystemExit(f"play {done + 1} was refused: {board.message_html}")
            done += 1
            if compare and session.phase == "playing":
                _matplotlib_figures(times, board)
        times["plays"] = [float(done)]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=30)
    parser.add_argument("--variant", default="express")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--rule", default="card.color != prev.color")
    parser.add_argument(
        "--no-matplotlib", action="store_true", help="skip timing the old matplotlib figures for comparison"
    )
    args = parser.parse_args()
    load = os.getloadavg()
    print(
        f"class board, {args.variant}, 5 players, rule {args.rule!r}, {args.plays} plays, "
        f"both figures on, drawn in this thread; load average {load[0]:.1f} on {os.cpu_count()} cores"
    )
    t0 = time.perf_counter()
    times = run(args.plays, args.variant, args.seed, args.rule, not args.no_matplotlib)
    n = int(times.pop("plays")[0])
    print(f"{n} plays in {time.perf_counter() - t0:.1f} s (board built and dealt included)")
    order = [
        "verdict",
        "table",
        "hand",
        "status",
        "verdict view",
        "actions",
        "guess box",
        "reveal",
        "hypotheses",
        "narrowing plot",
        "acceptance map",
        "total",
        "matplotlib narrowing",
        "matplotlib map",
    ]
    print(f"  {'part':<20} {'calls':>5} {'median ms':>10} {'max ms':>9}")
    for name in order:
        values = times.get(name, [])
        if not values:
            print(f"  {name:<20} {0:>5} {'-':>10} {'-':>9}")
            continue
        print(f"  {name:<20} {len(values):>5} {statistics.median(values):>10.1f} {max(values):>9.1f}")
    slowest = max(range(len(times["total"])), key=times["total"].__getitem__)
    # Parts called once a play (the figures also once at the deal: their first value is the deal's).
    n_total = len(times["total"])
    parts = {
        k: v[len(v) - n_total + slowest]
        for k, v in times.items()
        if k != "total" and not k.startswith("matplotlib") and len(v) in (n_total, n_total + 1)
    }
    worst = max(parts, key=parts.__getitem__) if parts else "?"
    print(f"slowest play: number {slowest + 1}, {times['total'][slowest]:.1f} ms "
          f"(most of it {worst}: {parts.get(worst, 0):.1f} ms)")  # fmt: skip
    total = statistics.median(times["total"])
    verdict = "met" if total <= GOAL_MS else "MISSED"
    print(
        f"kernel work per play: median {total:.1f} ms, goal <= {GOAL_MS:.0f} ms: {verdict} "
        f"({total / GOAL_MS:.2f} of goal)"
    )
    figures = [
        sum(v) for v in zip(times.get("narrowing plot", []), times.get("acceptance map", []), strict=False)
    ]
    if figures:
        print(
            f"both figures per play (light SVG): median {statistics.median(figures):.1f} ms, "
            f"max {max(figures):.1f} ms"
        )
    old = [
        sum(v)
        for v in zip(times.get("matplotlib narrowing", []), times.get("matplotlib map", []), strict=False)
    ]
    if old and figures:
        print(
            "the same figures by matplotlib (PNG, the boards before): "
            f"median {statistics.median(old):.1f} ms, max {max(old):.1f} ms; "
            f"light SVG is {statistics.median(old) / statistics.median(figures):.0f}x faster"
        )


if __name__ == "__main__":
    main()
