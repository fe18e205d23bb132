"""Session files: the time a save, a resume and the saved-sessions list take, and what the list reads.

Builds a class session of ``--rounds`` rounds of up to ``--plays`` plays each (Express, three players,
a file in a temporary saves folder) and prints:

- ``save``     the median and max of ``--repeat`` saves (the revision check under the folder lock, the
  checksum and the atomic write: what every click waits for after its verdict);
- ``resume``   the median of resuming the file (every round replays its log, every event is checked);
- ``list``     the saved-sessions list over ``--files`` copies of the file plus a sparse 300 MB file and
  a FIFO named like saves, its time and its peak Python memory (tracemalloc): the list reads heads only.

    .venv/bin/python benchmarks/bench_session_files.py [--rounds 8] [--plays 40] [--files 100]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from eleusis_lab.session import TableSession, saved_sessions


def _session(path: Path, rounds: int, plays: int) -> TableSession:
    s = TableSession(path)
    for seed in range(rounds):
        s.begin("express", ["Ana", "Ben", "Cy"], "express-1", seed=seed)
        for _ in range(plays):
            r = s.round
            if r is None or r.is_over or r.current_player is None:
                break
            s.play([r.hand(r.current_player)[0]])
        if not s.locked:
            s.reveal()
        s.next_round()
    s.begin("express", ["Ana", "Ben", "Cy"], "express-1", seed=rounds)
    return s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--plays", type=int, default=40)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="eleusis-bench-saves-"))
    try:
        path = folder / "class-session-20260101-000000-01.json"
        s = _session(path, args.rounds, args.plays)
        saves = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            s.save()
            saves.append(time.perf_counter() - t0)
        resumes = []
        for _ in range(5):
            t0 = time.perf_counter()
            TableSession.resume(path)
            resumes.append(time.perf_counter() - t0)
        for n in range(2, args.files + 1):
            shutil.copyfile(path, folder / f"class-session-20260101-000000-{n:03d}.json")
        with (folder / "class-session-20250101-000000-huge.json").open("wb") as f:
            f.truncate(300 * 2**20)
        os.mkfifo(folder / "class-session-20250101-000000-fifo.json")
        tracemalloc.start()
        t0 = time.perf_counter()
        listed = saved_sessions(folder, limit=args.files + 2)
        took = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        size = path.stat().st_size
        print(f"session file: {size / 1024:.0f} KB ({args.rounds} rounds, up to {args.plays} plays each)")
        print(f"save:   median {statistics.median(saves) * 1000:.1f} ms, max {max(saves) * 1000:.1f} ms")
        print(f"resume: median {statistics.median(resumes) * 1000:.0f} ms")
        print(
            f"list:   {len(listed)} lines from {args.files} saves, a 300 MB file and a FIFO in "
            f"{took * 1000:.0f} ms, peak {peak / 2**20:.1f} MB of Python memory"
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
