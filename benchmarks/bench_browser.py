"""Click-to-verdict time of a board in a real browser (JupyterLab and Voilà in headless Chromium).

Opens lesson 1 (or ``--notebook``), runs it, then clicks the first card of the hand ``--clicks`` times and
measures, inside the page, the time from the click to the first change of the verdict and of the table.
Prints the median and the spread; the goal is a median under 100 ms.

    .venv/bin/python benchmarks/bench_browser.py [--clicks 20] [--notebook lessons/01_meet_eleusis.ipynb]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from harness import (
    PROJECTOR,
    copy_lessons,
    first_board,
    jupyter_lab,
    lab_open,
    lab_run_all,
    launch_chromium,
    timed_click,
    voila,
)

GOAL_MS = 100.0


def _clicks(page, count: int) -> list[dict]:
    board = first_board(page)
    board.scroll_into_view_if_needed()
    samples = []
    for _ in range(count):
        result = timed_click(board)
        if result is None:  # the hand is empty or the round is over
            break
        samples.append(result)
        # Let computer players and redraws settle so each click starts from a quiet page.
        page.wait_for_timeout(150)
        board = first_board(page)
    return samples


def _report(where: str, samples: list[dict], setup_s: float) -> None:
    verdict = [s["verdict"] for s in samples if s["verdict"] is not None]
    table = [s["table"] for s in samples if s["table"] is not None]
    missing = len(samples) - len(verdict)
    print(f"{where}: {len(samples)} clicks (page ready in {setup_s:.1f} s)")
    if verdict:
        med = statistics.median(verdict)
        print(
            f"  click -> verdict  median {med:6.1f} ms   min {min(verdict):6.1f}   max {max(verdict):6.1f}"
            f"   goal {GOAL_MS:.0f} ms: {'met' if med < GOAL_MS else 'MISSED'} ({med / GOAL_MS:.2f} of goal)"
        )
    if table:
        print(f"  click -> table    median {statistics.median(table):6.1f} ms   max {max(table):6.1f}")
    if missing:
        print(f"  {missing} clicks changed no verdict within 5 s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--notebook", type=Path, default=Path("lessons/01_meet_eleusis.ipynb"))
    parser.add_argument("--only", choices=["lab", "voila"], default=None)
    args = parser.parse_args(argv)
    notebook = args.notebook.resolve()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        # Serve a copy: a notebook run in JupyterLab must not autosave outputs into the repository.
        notebook = copy_lessons(Path(tmp) / "lessons", notebook.parent) / notebook.name
        browser = launch_chromium(playwright)
        try:
            if args.only in (None, "lab"):
                with jupyter_lab(notebook.parent, Path(tmp) / "lab") as server:
                    page = browser.new_page(viewport=PROJECTOR)
                    t0 = time.monotonic()
                    lab_open(page, server, notebook.name)
                    lab_run_all(page)
                    ready = time.monotonic() - t0
                    _report("JupyterLab", _clicks(page, args.clicks), ready)
                    page.close()
            if args.only in (None, "voila"):
                with voila(notebook, Path(tmp) / "voila") as server:
                    page = browser.new_page(viewport=PROJECTOR)
                    t0 = time.monotonic()
                    page.goto(server.url + "/", timeout=120_000)
                    first_board(page, timeout=120)
                    ready = time.monotonic() - t0
                    _report("Voila", _clicks(page, args.clicks), ready)
                    page.close()
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
