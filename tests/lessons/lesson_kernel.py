"""Run a lesson notebook once, top to bottom (what "Run All" does), and keep its kernel for the tests.

The lessons hold no checks of their own (no ``assert`` in front of students): their claims are checked here,
against what a class really gets after **Run ▸ Run All Cells**.  We use nbclient (already installed:
nbval and Voila are built on it) rather than testbook (unmaintained since 2021, pins old nbclient) or nbval
with hidden tagged cells (they would still ship the checks inside the students' notebooks, and the
checks could only look at printed output).  nbclient executes the notebook in a real kernel and leaves it
running, so a test can read the lesson's own objects (``lesson.value("board.round.evidence()")``) and
every cell's outputs.  Each test module executes its lesson once (a module-scoped fixture) and all its
tests share that run: the whole folder costs one execution per notebook, as nbval did.

The notebooks run where a class runs them: in a working copy of the lessons made by the copy step of
``make lab`` / ``eleusis-lab lab`` (:func:`eleusis_lab.lesson_copy.copy_lessons`, no server), inside the
repository's ignored ``out/`` folder, so a lesson that writes beside itself or into ``../lessons`` shows up
in ``git status``; ``conftest.py`` compares ``git status`` before and after the stage
(:mod:`repository_state`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from html import unescape
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from eleusis_lab.lesson_copy import copy_lessons

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
REPO = LESSONS_DIR.parent
# Where the lessons run: out/ is ignored by git, as make lab's out/lessons is; one folder per xdist worker.
WORKING_COPIES = REPO / "out" / "lessons-under-test"
_MARK = "@@LESSON-VALUE@@"


@cache
def working_copy() -> Path:
    """A fresh copy of the lessons, made as ``make lab`` makes ``out/lessons`` (its copy step, no server)."""
    folder = WORKING_COPIES / os.environ.get("PYTEST_XDIST_WORKER", "main")
    shutil.rmtree(folder, ignore_errors=True)
    copy_lessons(folder)
    return folder


def lesson_path(stem: str) -> Path:
    """The notebook ``<stem>.ipynb`` of the working copy (a clear error when the kit has no such lesson)."""
    if not (LESSONS_DIR / f"{stem}.ipynb").is_file():
        raise FileNotFoundError(f"no lesson notebook {LESSONS_DIR / stem}.ipynb")
    return working_copy() / f"{stem}.ipynb"


class Lesson:
    """A lesson after Run All: its executed cells and its live kernel."""

    def __init__(self, path: Path, notebook: Any, client: NotebookClient) -> None:
        self.path = path
        self.notebook = notebook
        self._client = client
        self._cells_run = len(notebook.cells)
        self.run(_STATE_PROBE)
        # What the class sees after Run All, read before any test runs code of its own in the kernel.
        self.state_after_run_all: dict[str, Any] = self.value("_lesson_state()")

    # -- the cells as the class sees them ----------------------------------------------------------
    @property
    def code_cells(self) -> list[Any]:
        return [c for c in self.notebook.cells[: self._cells_run] if c.cell_type == "code"]

    def cell(self, containing: str) -> Any:
        """The one code cell whose source contains ``containing``."""
        found = [c for c in self.code_cells if containing in c.source]
        if len(found) != 1:
            raise LookupError(f"{len(found)} code cells of {self.path.name} contain {containing!r}")
        return found[0]

    @staticmethod
    def text(cell: Any) -> str:
        """Everything a cell printed or showed as text (streams, plain-text and HTML results)."""
        parts = []
        for out in cell.get("outputs", []):
            if out.output_type == "stream":
                parts.append(out.text)
            elif out.output_type in ("execute_result", "display_data"):
                data = out.get("data", {})
                parts.append(data.get("text/html", "") or data.get("text/plain", ""))
        return "".join(parts)

    @staticmethod
    def images(cell: Any) -> int:
        """How many figures the cell displayed (PNG or SVG outputs)."""
        return sum(
            1
            for out in cell.get("outputs", [])
            if out.output_type in ("execute_result", "display_data")
            and ({"image/png", "image/svg+xml"} & set(out.get("data", {})))
        )

    # -- the kernel ------------------------------------------------------------------------------
    def run(self, code: str) -> str:
        """Run ``code`` in the lesson's kernel (after the lesson's own cells); its printed text."""
        cell = nbformat.v4.new_code_cell(code)
        self.notebook.cells.append(cell)
        self._client.execute_cell(cell, len(self.notebook.cells) - 1)
        return "".join(out.text for out in cell.outputs if out.output_type == "stream")

    def value(self, expression: str) -> Any:
        """The value of ``expression`` in the lesson's kernel, carried back as JSON."""
        printed = self.run(f"import json as _json\nprint({_MARK!r} + _json.dumps({expression}))")
        line = next(line for line in printed.splitlines() if line.startswith(_MARK))
        return json.loads(line[len(_MARK) :])


@contextmanager
def executed(stem: str) -> Iterator[Lesson]:
    """Run All of the working copy's ``<stem>.ipynb`` in a fresh kernel, in the copy's folder (as JupyterLab
    runs it under ``make lab``); the kernel lives until the block ends.

    Saves go to a temporary folder (``ELEUSIS_LAB_SAVES``) and the kernel imports this checkout's kit.
    """
    path = lesson_path(stem)
    notebook = nbformat.read(path, as_version=4)
    saved = {k: os.environ.get(k) for k in ("ELEUSIS_LAB_SAVES", "PYTHONPATH", "MPLBACKEND")}
    with tempfile.TemporaryDirectory(prefix="lesson-saves-") as saves:
        os.environ["ELEUSIS_LAB_SAVES"] = saves
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), saved["PYTHONPATH"]) if p)
        os.environ.pop("MPLBACKEND", None)  # the lesson's %matplotlib inline decides, as in JupyterLab
        client = NotebookClient(
            notebook,
            timeout=120,
            kernel_name="python3",
            resources={"metadata": {"path": str(path.parent)}},
        )
        try:
            with client.setup_kernel():
                for index, cell in enumerate(notebook.cells):
                    client.execute_cell(cell, index)
                yield Lesson(path, notebook, client)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def lesson_fixture(stem: str) -> Any:
    """A module-scoped ``lesson`` fixture: the lesson run once, shared by the module's tests."""

    @pytest.fixture(scope="module")
    def lesson() -> Iterator[Lesson]:
        with executed(stem) as run:
            yield run

    return lesson


# What a class sees after Run All, read in the lesson's kernel: every board's plays beyond the deal, every
# Wason puzzle's tests, and every multi-line text box a lesson's widgets hold (the class tables' input).
_STATE_PROBE = """
def _lesson_state():
    import ipywidgets as _w
    from eleusis_lab.widgets import ClassBoard, PhysicalBoard, SoloBoard
    from eleusis_lab.widgets.solo import BenchmarkBoard
    from eleusis_lab.widgets.wason import WasonWidget

    # What a player or the teacher does; the deal's own events (cards dealt, starter turned) are not play.
    actions = {
        "Played", "NoPlayDeclared", "Guessed", "GuessDeclined", "ConfidenceStated", "HintBought",
        "HintGiven", "ProphetDeclared", "CardsCounted", "HalfEndedByTeacher", "RoundEnded",
    }
    boards, boxes, screens, seen = {}, {}, [], set()

    def walk(name, widget):
        if id(widget) in seen:
            return
        seen.add(id(widget))
        if isinstance(widget, _w.Textarea):
            boxes[f"{name} ({widget.placeholder})"] = widget.value
        # What a student reads on the widgets: their texts, labels, buttons and menus.
        if isinstance(widget, (_w.HTML, _w.HTMLMath, _w.Label)):
            screens.append(widget.value)
        for attribute in ("description", "tooltip", "placeholder"):
            screens.append(str(getattr(widget, attribute, "") or ""))
        if isinstance(widget, (_w.Dropdown, _w.Select, _w.ToggleButtons, _w.RadioButtons)):
            screens.extend(str(label) for label in widget._options_labels)
        if isinstance(widget, _w.Box):
            for child in widget.children:
                walk(name, child)

    for name, obj in list(globals().items()):
        if name.startswith("_"):
            continue
        if isinstance(obj, (ClassBoard, PhysicalBoard, SoloBoard, BenchmarkBoard)):
            events = [] if obj.round is None else [type(e).__name__ for e in obj.round.events]
            boards[name] = [e for e in events if e in actions]
        elif isinstance(obj, WasonWidget):
            boards[name] = [str(t.triple) for t in obj.task.tests]
        if isinstance(obj, BenchmarkBoard):
            walk(name, obj.widget)
        elif isinstance(obj, _w.Widget):
            walk(name, obj)
    return {"boards": boards, "boxes": boxes, "screens": "\\n".join(screens)}
"""


# Words of the engine and its reports that mean nothing to a student (issue 30's list), looked for in what
# the cells print and in what the boards and widgets show after Run All.
ENGINE_JARGON = (
    "canonical",
    "reachable situation",
    "[000]",
    "[001]",
    "[002]",
    "[004]",
    "Tally(",
    "NBVAL",
    "sealed rule",
    "fingerprint",
    "ended: blocked",
    "ended: out",
)


def visible_text(html: str) -> str:
    """What a reader sees of ``html``: no tags, no style or script blocks (class names are not words)."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.DOTALL | re.IGNORECASE)
    return unescape(re.sub(r"<[^>]*>", " ", html))


class RunAllChecks:
    """Checks every lesson passes after Run All; a lesson's test module subclasses this once.

    The module defines the ``lesson`` fixture (``lesson = lesson_fixture("NN_name")``).
    """

    def test_the_lesson_runs_in_the_working_copy_not_in_the_tracked_lessons(self, lesson: Lesson) -> None:
        # Where JupyterLab runs it under make lab: whatever it writes beside itself stays out of git.
        assert lesson.value("__import__('os').getcwd()") == str(working_copy())

    def test_boards_are_unplayed_after_run_all(self, lesson: Lesson) -> None:
        boards = lesson.state_after_run_all["boards"]
        played = {name: events for name, events in boards.items() if events}
        assert not played, f"Run All played on the students' boards: {played}"

    def test_class_tables_are_empty_after_run_all(self, lesson: Lesson) -> None:
        boxes = lesson.state_after_run_all["boxes"]
        filled = {name: value for name, value in boxes.items() if value.strip()}
        assert not filled, f"Run All filled the students' boxes: {filled}"

    def test_no_cell_shows_an_error_or_a_warning(self, lesson: Lesson) -> None:
        for cell in lesson.code_cells:
            kinds = [out.output_type for out in cell.get("outputs", [])]
            stderr = [out.text for out in cell.get("outputs", []) if out.get("name") == "stderr"]
            assert "error" not in kinds and not stderr, f"{cell.source[:60]!r}: {stderr}"

    def test_no_output_shows_a_secret_of_a_lesson_that_may_come_later(self, lesson: Lesson) -> None:
        # Printed lists (the simplest candidate rules, a library's rules) must not give a later secret away.
        from secret_scan import later_secrets, shown_in_output

        shown = "".join(lesson.text(cell) for cell in lesson.code_cells)
        found = [
            f"{later}'s secret {secret.text!r}: {how}"
            for later, secret in later_secrets(lesson.path.stem)
            if (how := shown_in_output(shown, secret))
        ]
        assert not found, "\n".join(found)

    def test_no_output_shows_engine_jargon_to_students(self, lesson: Lesson) -> None:
        from secret_scan import student_lessons

        if lesson.path.stem not in student_lessons():
            return  # the teacher guide may show the engine's full reports
        shown = "".join(lesson.text(cell) for cell in lesson.code_cells)
        shown = visible_text(shown + lesson.state_after_run_all["screens"])
        found = [word for word in ENGINE_JARGON if word.lower() in shown.lower()]
        assert not found, f"engine words on a student's screen: {found}"

    def test_every_plot_cell_shows_its_figure(self, lesson: Lesson) -> None:
        for cell in lesson.code_cells:
            top_level = [line for line in cell.source.splitlines() if not line.startswith((" ", "#"))]
            if any("_plot(" in line or "plt.show()" in line for line in top_level):
                assert lesson.images(cell) >= 1, f"no figure displayed by {cell.source[-80:]!r}"
