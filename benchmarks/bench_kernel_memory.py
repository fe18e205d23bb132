"""A student's kernel memory, lesson by lesson and cell by cell, without a hub (fast to iterate on).

Starts ``--kernels K`` ipykernel processes (the python3 kernel of this environment, as a school server's
single-user server would), runs a lesson's code cells in each, top to bottom, and after every cell reads
each kernel's PSS and RSS (psutil) and how many modules it has imported.  PSS splits shared pages between
the processes that share them, so it drops as more kernels run side by side: ``--kernels 10`` is what a
class of ten sees (``bench_school_server.py`` measures the same through a real JupyterHub); one kernel
alone is the worst case.

    .venv/bin/python benchmarks/bench_kernel_memory.py [--lessons 1,4] [--kernels 1] [--cells] [--trace]

``--cells`` prints the table after every cell; ``--trace`` also runs ``tracemalloc`` in the first kernel
and prints where the Python heap's biggest blocks were allocated at the end of each lesson.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
GOAL_MB = 150.0
MB = 1024 * 1024
LESSONS = {
    "1": "01_meet_eleusis.ipynb",
    "2": "02_running_a_class_round.ipynb",
    "3": "03_gardners_original_game.ipynb",
    "4": "04_how_fast_did_we_find_it.ipynb",
    "5": "05_designing_a_good_rule.ipynb",
    "6": "06_new_eleusis.ipynb",
    "7": "07_guess_the_rule_letter_deck.ipynb",
    "9": "09_trying_to_be_wrong.ipynb",
    "10": "10_how_sure_are_you.ipynb",
    "11": "11_better_than_a_machine.ipynb",
}
TRACE_START = "import tracemalloc as _tm; _tm.start(1)"
TRACE_TOP = """
import tracemalloc as _tm
_snap = _tm.take_snapshot().filter_traces([_tm.Filter(False, _tm.__file__)])
_total = sum(s.size for s in _snap.statistics("filename"))
print(f"python heap traced: {_total / 2**20:.1f} MB")
for _s in _snap.statistics("filename")[:15]:
    print(f"  {_s.size / 2**20:7.2f} MB  {_s.count:8d} blocks  {_s.traceback[0].filename}")
del _snap, _total
"""


@dataclass
class Sample:
    pss: float
    rss: float
    modules: int


def _sample(kernel: Any) -> Sample:
    import psutil

    mem = psutil.Process(kernel.pid).memory_full_info()
    reply = kernel.client.execute_interactive(
        "", silent=True, user_expressions={"n": "len(__import__('sys').modules)"}, timeout=60
    )
    modules = int(reply["content"]["user_expressions"]["n"]["data"]["text/plain"])
    return Sample(getattr(mem, "pss", mem.rss) / MB, mem.rss / MB, modules)


class Kernel:
    def __init__(self, cwd: Path) -> None:
        from jupyter_client.manager import KernelManager

        self.manager = KernelManager(kernel_name="python3")
        self.manager.start_kernel(cwd=str(cwd), env={**os.environ, "PYDEVD_DISABLE_FILE_VALIDATION": "1"})
        self.client = self.manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=120)
        self.pid = self.manager.provisioner.process.pid  # type: ignore[union-attr]

    def run(self, code: str, show: bool = False) -> list[str]:
        """Run one cell; the error lines, if any (printed output shown when ``show``)."""
        errors: list[str] = []

        def hook(msg: dict[str, Any]) -> None:
            kind, content = msg["header"]["msg_type"], msg["content"]
            if kind == "error":
                errors.append(f"{content['ename']}: {content['evalue']}")
            elif show and kind == "stream":
                print(content["text"], end="")

        reply = self.client.execute_interactive(code, output_hook=hook, timeout=600, allow_stdin=False)
        if reply["content"]["status"] != "ok" and not errors:
            errors.append(str(reply["content"].get("ename", "error")))
        return errors

    def stop(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


def code_cells(lesson: str) -> list[str]:
    notebook = json.loads((REPO / "lessons" / LESSONS[lesson]).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def run_lesson(lesson: str, kernels: int, cells: bool, trace: bool, work: Path) -> dict[str, Any]:
    started = [Kernel(work) for _ in range(kernels)]
    try:
        at_start = [_sample(k) for k in started]
        if trace:
            started[0].run(TRACE_START)
        print(f"\nlesson {lesson} ({LESSONS[lesson]}), {kernels} kernel(s) side by side")
        if cells:
            print(f"  {'':4} {'PSS med':>8} {'RSS med':>8} {'modules':>8}  cell")
            s = at_start
            pss, rss = statistics.median(x.pss for x in s), statistics.median(x.rss for x in s)
            print(f"  {'':4} {pss:8.1f} {rss:8.1f} {s[0].modules:8d}  (kernel started)")
        t0 = time.monotonic()
        for i, code in enumerate(code_cells(lesson), 1):
            for k in started:  # one after the other: each kernel's peak is its own
                errors = k.run(code)
                if errors:
                    raise SystemExit(f"lesson {lesson}, cell {i}: {errors}")
            if cells:
                s = [_sample(k) for k in started]
                first = code.strip().splitlines()[0][:60] if code.strip() else ""
                print(
                    f"  {i:4} {statistics.median(x.pss for x in s):8.1f} "
                    f"{statistics.median(x.rss for x in s):8.1f} {s[0].modules:8d}  {first}"
                )
        wall = time.monotonic() - t0
        end = [_sample(k) for k in started]
        if trace:
            started[0].run(TRACE_TOP, show=True)
    finally:
        for k in started:
            k.stop()
    pss = [x.pss for x in end]
    rss = [x.rss for x in end]
    result = {
        "kernels": kernels,
        "kernel_pss_at_start": statistics.median(x.pss for x in at_start),
        "kernel_rss_at_start": statistics.median(x.rss for x in at_start),
        "kernel_pss_median": statistics.median(pss),
        "kernel_pss_max": max(pss),
        "kernel_rss_median": statistics.median(rss),
        "kernel_rss_max": max(rss),
        "modules": end[0].modules,
        "wall_s": wall,
    }
    verdict = "met" if max(pss) <= GOAL_MB else "MISSED"
    print(
        f"  kernel at start      PSS {result['kernel_pss_at_start']:6.1f} MB  RSS "
        f"{result['kernel_rss_at_start']:6.1f} MB  ({at_start[0].modules} modules)\n"
        f"  after the lesson     PSS median {statistics.median(pss):6.1f} max {max(pss):6.1f} MB   "
        f"RSS median {statistics.median(rss):6.1f} max {max(rss):6.1f} MB   {end[0].modules} modules   "
        f"goal {GOAL_MB:.0f} MB PSS: {verdict} ({max(pss) / GOAL_MB:.2f} of goal)\n"
        f"  the lesson's cells took {wall:.1f} s for {kernels} kernel(s) in turn; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--lessons", default="1,4", help="lessons to run, each in fresh kernels (default 1,4)"
    )
    parser.add_argument("--kernels", "-k", type=int, default=1, help="kernels side by side (default 1)")
    parser.add_argument("--cells", action="store_true", help="print memory after every cell")
    parser.add_argument("--trace", action="store_true", help="tracemalloc's biggest allocations by file")
    parser.add_argument("--json", type=Path, help="also write the numbers to this JSON file")
    args = parser.parse_args(argv)
    lessons = [x.strip() for x in args.lessons.split(",") if x.strip()]
    if any(x not in LESSONS for x in lessons) or args.kernels < 1:
        parser.error(f"lessons are among {sorted(LESSONS, key=int)}; at least one kernel")
    from eleusis_lab.lesson_copy import copy_lessons

    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="eleusis-kernel-memory-") as tmp:
        work = Path(tmp) / "lessons"
        copy_lessons(work)  # the lessons write beside themselves (saves, PDFs): a student's own copy
        for lesson in lessons:
            results[f"lesson_{lesson}"] = run_lesson(lesson, args.kernels, args.cells, args.trace, work)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
