"""Kernel work per turn on the benchmark board: a play, a statement, playing on, and the export.

Builds :class:`~eleusis_lab.widgets.benchmark.BenchmarkBoard` (the language-model benchmark's game over
a :class:`~eleusis_lab.session.TableSession`) and plays ``--rounds`` rounds of ``--rule`` through the
board's own click path: each turn the first card of the hand (``board.play``: the session's play with the
confidence stated, then every view drawn again), then a wrong rule stated every fifth turn
(``board.guess``) or play on (``board.pass_turn``); once over, ``board.export`` writes the
human-baseline file.  Prints the median and the max of each (what the next click waits for), and the
target (a play ≤ 100 ms median).

    .venv/bin/python benchmarks/bench_benchmark_board.py [--rounds 3] [--rule rank-pairs]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

GOAL_MS = 100.0


def _timed(store: dict[str, list[float]], name: str, call: Callable[..., Any], *args: Any) -> Any:
    t0 = time.perf_counter()
    try:
        return call(*args)
    finally:
        store[name].append(1000 * (time.perf_counter() - t0))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rule", default="rank-pairs", help="a benchmark rule's key (default rank-pairs)")
    args = parser.parse_args()

    from eleusis_lab.widgets.benchmark import BenchmarkBoard

    times: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.rounds):
            board = _timed(times, "deal", BenchmarkBoard, args.rule, index)
            board.export_dir = Path(folder)
            while not board.round.is_over:
                _timed(times, "play", board.play, board.round.hand(board.name)[0])
                if board.round.turns % 5 == 0:
                    _timed(times, "state a rule", board.guess, "card is red and card is black")
                else:
                    _timed(times, "play on", board.pass_turn)
            _timed(times, "export", board.export)
    print(f"benchmark board, {args.rounds} rounds of {args.rule} (ms, median / max):")
    for name, values in times.items():
        print(f"  {name:14} {statistics.median(values):7.1f} {max(values):7.1f}   ({len(values)} calls)")
    play = statistics.median(times["play"])
    verdict = "met" if play <= GOAL_MS else "NOT met"
    print(f"target: a play <= {GOAL_MS:.0f} ms median: {verdict} ({play:.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
