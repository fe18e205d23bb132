"""Check the lessons in ``lessons/``: text source and notebook in sync, the lesson pattern, the length.

Each lesson is a MyST Markdown file ``NN_title.md`` (the source people edit) paired with ``NN_title.ipynb``
(stripped; what nbval, Voilà and JupyterLab run). ``make lint`` runs this file; it exits 1 and says what to
do when a lesson breaks one of these:

- every ``.md`` has its ``.ipynb`` and the other way round, with the same cells (type, source, metadata);
- the first cells, before any code, are the title and *What you'll do*, *What you'll learn*,
  *What you'll need*, *Time*, in that order; the first code cell is the setup cell every lesson shares
  (``SETUP_CELL``); the last cell is *Teacher notes*;
- no cell holds test code in front of students: no ``assert``, no ``NBVAL`` marker (the lessons' claims
  are checked by ``tests/lessons/test_lesson_NN.py``, which run the notebooks);
- ``lessons/unit.toml`` lists every lesson once: the core path, the optional days, the teacher guide;
  a lesson a class meets says where to stop if short of time, its *Time* fits the period and its parts
  add up to it, its teacher notes hold the parts a teacher needs (``TEACHER_PARTS``), its *At a glance*
  says the time, the preparation, the groups and what to do without laptops (``GLANCE_PARTS``), and
  every *Talk about it* question has its numbered answer; a teacher guide's notes hold ``GUIDE_PARTS``;
- the core path (every Markdown cell before the first *If you have time* heading and before *Teacher
  notes*) is under ``CORE_WORDS_LIMIT`` words, so a lesson fits one class period.

    .venv/bin/python tests/lessons/check_lessons.py             # check every lesson
    .venv/bin/python tests/lessons/check_lessons.py --counts    # also print each lesson's word counts
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jupytext
import nbformat

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
CORE_WORDS_LIMIT = 900
OPENING_SECTIONS = ("What you'll do", "What you'll learn", "What you'll need", "Time")
TEACHER_NOTES = "Teacher notes"
UNIT_FILE = "unit.toml"
# Every lesson's first code cell (agreed with the install work: it makes JupyterLite and Colab work).
SETUP_CELL = (
    "# Where the kit is missing (JupyterLite in a browser, Colab) this installs it;"
    " elsewhere it does nothing."
    """
try:
    import eleusis_lab
except ModuleNotFoundError:
    %pip install -q eleusis-lab"""
)
# What a core lesson's teacher notes hold, each as a bold label.
TEACHER_PARTS = (
    "At a glance",
    "Say:",
    "misconceptions",
    "Answers to",
    "Support",
    "Extension",
    "Accessibility",
)
# What a lesson's *At a glance* paragraph says (case-insensitive): time, preparation, groups, laptops.
GLANCE_PARTS = ("minutes", "preparation", "group", "laptop")
# What a teacher guide's notes hold: what it takes, and how to make it work for every student.
GUIDE_PARTS = ("At a glance", "Accessibility")
STOP_HERE = re.compile(r"stop here if short of time|if you are short of time, stop here", re.IGNORECASE)
TEST_CODE = re.compile(r"^\s*assert\b|NBVAL", re.MULTILINE)
EXTRAS_HEADING = re.compile(r"^#{1,6}\s+If you have time\b", re.IGNORECASE | re.MULTILINE)
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*$", re.MULTILINE)
# A word: a run of letters or digits, with inner apostrophes or hyphens (don't, 2-4-6, left-to-right).
WORD = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")
SYNC_HINT = "edit the .md, then run `make sync-lessons` (or `jupytext --sync lessons/*.md`)"


@dataclass(frozen=True)
class WordCount:
    """Words of a lesson's Markdown cells: the core path, the *If you have time* part, the teacher notes."""

    core: int
    extras: int
    teacher: int


def _cells(notebook: Any) -> list[tuple[str, str, dict[str, Any]]]:
    """What must agree between the two files: each cell's type, source and metadata (ids may differ)."""
    return [(c.cell_type, c.source.strip(), dict(c.metadata)) for c in notebook.cells]


def sync_problems(text_path: Path, notebook_path: Path) -> list[str]:
    """How the Markdown source and its notebook disagree (empty when they are in sync)."""
    text = _cells(jupytext.read(text_path))
    notebook = _cells(nbformat.read(notebook_path, as_version=4))
    if text == notebook:
        return []
    if len(text) != len(notebook):
        return [f"{len(text)} cells in {text_path.name}, {len(notebook)} in {notebook_path.name}"]
    first = next(i for i, (a, b) in enumerate(zip(text, notebook, strict=True)) if a != b)
    return [f"cell {first + 1} differs ({text[first][1][:60]!r}…)"]


def _headings(source: str) -> list[str]:
    return [match.group(2) for match in HEADING.finditer(source)]


def pattern_problems(notebook: Any) -> list[str]:
    """Where a lesson breaks the pattern: opening sections, *Teacher notes* last, an ``assert`` cell."""
    problems = []
    opening: list[str] = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            break
        opening += _headings(cell.source)
    found = [h for h in opening if h in OPENING_SECTIONS]
    if tuple(found) != OPENING_SECTIONS:
        problems.append(
            "before the first code cell it needs the sections "
            + ", ".join(f"'{s}'" for s in OPENING_SECTIONS)
            + f" in that order (found {found})"
        )
    if not opening or not notebook.cells[0].source.startswith("# "):
        problems.append(
            "the first cell must start with the title ('# Lesson N — …', '# Teacher guide A — …')"
        )
    code = [c for c in notebook.cells if c.cell_type == "code"]
    if not code or code[0].source.strip() != SETUP_CELL:
        problems.append("the first code cell must be the setup cell (SETUP_CELL in check_lessons.py)")
    last = notebook.cells[-1] if notebook.cells else None
    if last is None or last.cell_type != "markdown" or _headings(last.source)[:1] != [TEACHER_NOTES]:
        problems.append(f"the last cell must be '## {TEACHER_NOTES}'")
    markdown = [c.source for c in notebook.cells if c.cell_type == "markdown"]
    teacher_cells = sum(TEACHER_NOTES in _headings(source) for source in markdown)
    if teacher_cells > 1:
        problems.append(f"'{TEACHER_NOTES}' appears in {teacher_cells} cells; keep one, last")
    for number, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type == "code" and TEST_CODE.search(cell.source):
            problems.append(
                f"cell {number} holds test code (`assert` or an NBVAL marker) in front of students:"
                " move the check to tests/lessons/"
            )
    return problems


def core_problems(notebook: Any, period_minutes: int) -> list[str]:
    """What a core-path lesson lacks: a stop point, a *Time* within the period, the teacher's parts."""
    problems = []
    markdown = [c.source for c in notebook.cells if c.cell_type == "markdown"]
    if not any(STOP_HERE.search(source) for source in markdown[:-1]):
        problems.append("say where to stop if short of time ('stop here if short of time')")
    time_text = next((source for source in markdown if "## Time" in source), "")
    minutes = [int(n) for n in re.findall(r"(\d+) minutes", time_text)]
    if not minutes or max(minutes) > period_minutes:
        problems.append(f"the *Time* section must state the lesson's minutes, at most {period_minutes}")
    elif sum(time_parts(time_text)) != max(minutes):
        problems.append(
            f"the *Time* section's parts ({' + '.join(map(str, time_parts(time_text)))}) must add up to its"
            f" {max(minutes)} minutes ('5 to start, 10 for …')"
        )
    notes = markdown[-1] if markdown else ""
    missing = [part for part in TEACHER_PARTS if part not in notes]
    if missing:
        problems.append("the teacher notes lack: " + ", ".join(missing))
    glance = _part(notes, "At a glance")
    missing = [word for word in GLANCE_PARTS if word not in glance.lower()]
    if glance and missing:
        problems.append("the *At a glance* paragraph must say: " + ", ".join(missing))
    questions = talk_questions(markdown)
    answers = _part(notes, "Answers to *Talk about it*")
    unanswered = [n for n in range(1, questions + 1) if f"({n})" not in answers]
    if unanswered:
        problems.append(
            f"*Talk about it* question(s) {unanswered} have no answer '(n) …' in the teacher notes"
        )
    return problems


def guide_problems(notebook: Any) -> list[str]:
    """What a teacher guide's notes lack (``GUIDE_PARTS``)."""
    markdown = [c.source for c in notebook.cells if c.cell_type == "markdown"]
    notes = markdown[-1] if markdown else ""
    missing = [part for part in GUIDE_PARTS if f"**{part}" not in notes]
    return ["the teacher notes lack: " + ", ".join(missing)] if missing else []


def time_parts(time_text: str) -> list[int]:
    """The minutes of each part of a *Time* section: '5 to start, 10 for the rules' gives [5, 10]."""
    return [int(n) for n in re.findall(r"\b(\d+)\s+(?:to|for)\s", time_text)]


def talk_questions(markdown: Sequence[str]) -> int:
    """How many questions the *Talk about it* section asks (its numbered or bulleted items)."""
    for source in markdown:
        if match := re.search(r"^## Talk about it\s*$(.*?)(?=^#|\Z)", source, re.MULTILINE | re.DOTALL):
            return len(re.findall(r"^(?:\d+\.|-) ", match.group(1), re.MULTILINE))
    return 0


def _part(notes: str, label: str) -> str:
    """The paragraph of the teacher notes that starts with the bold ``label`` (empty when there is none)."""
    for paragraph in notes.split("\n\n"):
        if paragraph.lstrip().startswith(f"**{label}"):
            return paragraph
    return ""


def unit_problems(lessons_dir: Path, stems: set[str]) -> tuple[list[str], dict[str, Any]]:
    """Whether ``unit.toml`` lists every lesson exactly once; the unit itself."""
    path = lessons_dir / UNIT_FILE
    if not path.is_file():
        return [f"{UNIT_FILE} is missing: list the core path, the optional days and the teacher guide"], {}
    unit = tomllib.loads(path.read_text(encoding="utf-8"))
    listed = [stem for part in ("core", "optional", "teacher_guide") for stem in unit.get(part, [])]
    problems = [
        f"{UNIT_FILE} lists {stem} twice" for stem in sorted({s for s in listed if listed.count(s) > 1})
    ]
    problems += [f"{UNIT_FILE} does not list {stem}" for stem in sorted(stems - set(listed))]
    problems += [f"{UNIT_FILE} lists {stem}, which is not a lesson" for stem in sorted(set(listed) - stems)]
    return problems, unit


def count_words(text: str) -> int:
    return len(WORD.findall(text))


def word_count(notebook: Any) -> WordCount:
    """Words of the Markdown cells, split at the first *If you have time* heading and at *Teacher notes*."""
    core = extras = teacher = 0
    part = "core"
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        source = cell.source
        if TEACHER_NOTES in _headings(source):
            part = "teacher"
        elif part == "core" and (match := EXTRAS_HEADING.search(source)):
            core += count_words(source[: match.start()])
            source, part = source[match.start() :], "extras"
        words = count_words(source)
        if part == "core":
            core += words
        elif part == "extras":
            extras += words
        else:
            teacher += words
    return WordCount(core, extras, teacher)


def check(lessons_dir: Path, *, show_counts: bool = False) -> list[str]:
    """Every problem of every lesson in ``lessons_dir``, one line each (empty when all is well)."""
    problems: list[str] = []
    texts = {p.stem: p for p in sorted(lessons_dir.glob("[0-9][0-9]_*.md"))}
    notebooks = {p.stem: p for p in sorted(lessons_dir.glob("[0-9][0-9]_*.ipynb"))}
    for stem in sorted(notebooks.keys() - texts.keys()):
        problems.append(f"{stem}.ipynb has no text source {stem}.md: write it with `jupytext --to myst`")
    for stem in sorted(texts.keys() - notebooks.keys()):
        problems.append(f"{stem}.md has no notebook {stem}.ipynb: {SYNC_HINT}")
    unit_issues, unit = unit_problems(lessons_dir, set(texts) | set(notebooks))
    problems += unit_issues
    core = set(unit.get("core", [])) | set(unit.get("optional", []))  # every lesson a class meets
    for stem in sorted(texts.keys() & notebooks.keys()):
        out_of_sync = sync_problems(texts[stem], notebooks[stem])
        problems += [f"{stem}: out of sync: {p}; {SYNC_HINT}" for p in out_of_sync]
        notebook = jupytext.read(texts[stem])
        problems += [f"{stem}: {p}" for p in pattern_problems(notebook)]
        if stem in core:
            problems += [f"{stem}: {p}" for p in core_problems(notebook, unit.get("period_minutes", 50))]
        elif stem in unit.get("teacher_guide", []):
            problems += [f"{stem}: {p}" for p in guide_problems(notebook)]
        words = word_count(notebook)
        if show_counts:
            print(f"{stem}: core {words.core} words, extras {words.extras}, teacher notes {words.teacher}")
        if words.core >= CORE_WORDS_LIMIT and stem not in unit.get("teacher_guide", []):
            problems.append(
                f"{stem}: the core path has {words.core} words (limit {CORE_WORDS_LIMIT}): shorten it,"
                " or move parts under an '## If you have time' heading"
            )
    if not texts and not notebooks:
        problems.append(f"no lessons found in {lessons_dir}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons_dir", nargs="?", type=Path, default=LESSONS_DIR)
    parser.add_argument("--counts", action="store_true", help="print each lesson's word counts")
    args = parser.parse_args(argv)
    problems = check(args.lessons_dir, show_counts=args.counts)
    _report(problems)
    return 1 if problems else 0


def _report(problems: Iterable[str]) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
