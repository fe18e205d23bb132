"""Build time of every starter-pack worksheet: generation, worksheet PDF, answer-key PDF, total.

Prints wall-clock and CPU seconds (CPU is what counts on a shared machine) and the ratio of the whole
pack to its budget of 60 s.  With ``--twice`` the pack is built a second time into another folder and
every file compared byte for byte.  Usage: ``python benchmarks/bench_worksheets.py [--twice] [OUT_DIR]``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from eleusis_lab.worksheets import build, recipes

BUDGET_S = 60.0


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--twice"]
    twice = "--twice" in sys.argv[1:]
    out = Path(args[0]) if args else Path(tempfile.mkdtemp(prefix="bench-worksheets-"))
    print(f"{'recipe':<16} {'items':>5} {'pages':>5} {'generate':>9} {'sheet pdf':>9} {'key pdf':>8} "
          f"{'wall s':>7} {'cpu s':>7}")  # fmt: skip
    wall_total = cpu_total = 0.0
    for path in recipes():
        w0, c0 = time.perf_counter(), time.process_time()
        result = build(path, out)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        wall_total += wall
        cpu_total += cpu
        t = result.timings
        pages = _pages(result.files.get("sheet-pdf")) + _pages(result.files.get("key-pdf"))
        print(
            f"{result.recipe.name:<16} {len(result.puzzles):>5} {pages:>5} {t.get('generate', 0):>9.2f} "
            f"{t.get('sheet-pdf', 0):>9.2f} {t.get('key-pdf', 0):>8.2f} {wall:>7.2f} {cpu:>7.2f}"
        )
    print(f"{'total':<16} {'':>5} {'':>5} {'':>9} {'':>9} {'':>8} {wall_total:>7.2f} {cpu_total:>7.2f}")
    print(
        f"pack / budget ({BUDGET_S:.0f} s): wall {wall_total / BUDGET_S:.2f}, cpu {cpu_total / BUDGET_S:.2f}"
    )
    print(f"output: {out}")
    if twice:
        again = Path(tempfile.mkdtemp(prefix="bench-worksheets-again-"))
        for path in recipes():
            build(path, again)
        files = sorted(p.name for p in out.iterdir() if p.is_file())
        differ = [n for n in files if (out / n).read_bytes() != (again / n).read_bytes()]
        print(f"built twice: {len(files)} files, {len(files) - len(differ)} byte-identical"
              + (f"; DIFFERENT: {', '.join(differ)}" if differ else ""))  # fmt: skip
        return 1 if differ else 0
    return 0


def _pages(path: Path | None) -> int:
    if path is None:
        return 0
    from pypdf import PdfReader

    return len(PdfReader(str(path)).pages)


if __name__ == "__main__":
    sys.exit(main())
