"""The lesson checker of ``make lint``: it passes a lesson that follows the pattern and names each break."""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest
from check_lessons import SETUP_CELL, check, count_words, word_count  # tests/lessons is on sys.path

OPENING = """# Lesson 99 — A test lesson

A line of introduction.

## What you'll do
- Play.

## What you'll learn
- Something.

## What you'll need
- A computer.

## Time
About 20 minutes: 5 to start, 15 to play."""


def _lesson(*cells: nbformat.NotebookNode) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = list(cells)
    notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return notebook


def _bare() -> nbformat.NotebookNode:
    """A lesson with the pattern but none of what a class lesson adds (stop point, teacher's parts)."""
    return _lesson(
        nbformat.v4.new_markdown_cell(OPENING),
        nbformat.v4.new_code_cell(SETUP_CELL),
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_markdown_cell("## Teacher notes\n\n- Say hello."),
    )


TEACHER_PARTS_TEXT = (
    "## Teacher notes\n\n**At a glance.** 20 minutes; preparation: none; groups: pairs;"
    " without laptops: paper."
    "\n\n**Say:** **Likely misconceptions.** **Answers to** **Support.** **Extension.** **Accessibility.**"
)


def _good() -> nbformat.NotebookNode:
    notebook = _bare()
    notebook.cells.insert(3, nbformat.v4.new_markdown_cell("If you are short of time, stop here."))
    notebook.cells[-1].source = TEACHER_PARTS_TEXT
    return notebook


UNIT = 'period_minutes = 50\ncore = []\noptional = ["99_test"]\nteacher_guide = []\n'


def _write(folder: Path, notebook: nbformat.NotebookNode, stem: str = "99_test", unit: str = UNIT) -> None:
    jupytext.write(notebook, folder / f"{stem}.md", fmt="md:myst")
    nbformat.write(notebook, folder / f"{stem}.ipynb")
    (folder / "unit.toml").write_text(unit)


def test_a_lesson_that_follows_the_pattern_passes(tmp_path: Path) -> None:
    _write(tmp_path, _good())
    assert check(tmp_path) == []


def test_an_edited_text_file_is_out_of_sync_until_synced(tmp_path: Path) -> None:
    _write(tmp_path, _good())
    text = tmp_path / "99_test.md"
    text.write_text(text.read_text().replace("x = 1", "x = 2"))
    [problem] = check(tmp_path)
    assert "out of sync" in problem and "make sync-lessons" in problem


def test_a_missing_pair_is_named(tmp_path: Path) -> None:
    _write(tmp_path, _good())
    (tmp_path / "99_test.ipynb").unlink()
    [problem] = check(tmp_path)
    assert "has no notebook" in problem


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda nb: nb.cells[0].update(source=OPENING.replace("## Time\n", "")), "in that order"),
        (lambda nb: nb.cells.pop(), "last cell must be '## Teacher notes'"),
        (lambda nb: nb.cells[2].update(source="x = 1\nassert x == 1"), "holds test code"),
        (lambda nb: nb.cells[2].update(source="# NBVAL_IGNORE_OUTPUT\nx = 1"), "holds test code"),
        (lambda nb: nb.cells[1].update(source="import eleusis_lab"), "setup cell"),
    ],
)
def test_each_break_of_the_pattern_is_named(tmp_path: Path, change, message: str) -> None:
    notebook = _good()
    change(notebook)
    _write(tmp_path, notebook)
    problems = check(tmp_path)
    assert any(message in p for p in problems), problems


def test_the_core_path_stops_at_if_you_have_time_and_teacher_notes(tmp_path: Path) -> None:
    long_text = " ".join(["word"] * 950)
    notebook = _good()
    notebook.cells.insert(2, nbformat.v4.new_markdown_cell("## If you have time\n\n" + long_text))
    _write(tmp_path, notebook)
    counts = word_count(jupytext.read(tmp_path / "99_test.md"))
    stop = count_words("If you are short of time, stop here.")  # _good()'s stop point, after the heading
    assert counts.extras == 950 + 4 + stop and counts.teacher == count_words(TEACHER_PARTS_TEXT)
    assert check(tmp_path) == []
    notebook.cells.insert(1, nbformat.v4.new_markdown_cell(long_text))
    _write(tmp_path, notebook)
    assert any("core path has" in p for p in check(tmp_path))


def test_words_are_counted_as_a_reader_sees_them() -> None:
    assert count_words("The **2-4-6** task: don't `click` — *think*.") == 6


def test_the_unit_must_list_every_lesson_once(tmp_path: Path) -> None:
    _write(tmp_path, _good(), unit="core = []\noptional = []\nteacher_guide = []\n")
    assert any("does not list 99_test" in p for p in check(tmp_path))
    _write(tmp_path, _good(), unit='core = ["99_test"]\noptional = ["99_test"]\n')
    assert any("lists 99_test twice" in p for p in check(tmp_path))


def test_a_core_lesson_needs_a_stop_point_a_time_and_the_teachers_parts(tmp_path: Path) -> None:
    _write(tmp_path, _bare(), unit='period_minutes = 50\ncore = ["99_test"]\n')
    problems = check(tmp_path)
    assert any("stop if short of time" in p for p in problems)
    assert any("teacher notes lack: At a glance" in p for p in problems)
    assert not any("at most 50" in p for p in problems), "20 minutes fit a period"
    too_long = _good()
    too_long.cells[0].source = OPENING.replace("About 20 minutes:", "About 70 minutes:")
    _write(tmp_path, too_long, unit='period_minutes = 50\ncore = ["99_test"]\n')
    assert any("at most 50" in p for p in check(tmp_path))
    notebook = _good()
    notebook.cells[0].source = OPENING.replace(
        "About 20 minutes: 5 to start, 15", "50 minutes: 5 to start, 45"
    )
    _write(tmp_path, notebook, unit='period_minutes = 50\ncore = ["99_test"]\n')
    assert check(tmp_path) == []


def test_a_lessons_time_must_add_up_and_its_glance_say_what_a_teacher_plans_with(tmp_path: Path) -> None:
    notebook = _good()
    notebook.cells[0].source = OPENING.replace("15 to play", "25 to play")
    notebook.cells[-1].source = TEACHER_PARTS_TEXT.replace("; without laptops: paper", "")
    _write(tmp_path, notebook)
    problems = check(tmp_path)
    assert any("parts (5 + 25) must add up to its 20 minutes" in p for p in problems), problems
    assert any("*At a glance* paragraph must say: laptop" in p for p in problems), problems


def test_every_talk_about_it_question_needs_its_answer(tmp_path: Path) -> None:
    notebook = _good()
    talk = "## Talk about it\n\n1. Why?\n2. How?\n3. Where?"
    notebook.cells.insert(3, nbformat.v4.new_markdown_cell(talk))
    notebook.cells[-1].source = TEACHER_PARTS_TEXT + "\n\n**Answers to *Talk about it*.** (1) A. (3) C."
    _write(tmp_path, notebook)
    assert [p for p in check(tmp_path) if "Talk about it" in p] == [
        "99_test: *Talk about it* question(s) [2] have no answer '(n) …' in the teacher notes"
    ]


def test_a_teacher_guide_needs_its_glance_and_accessibility(tmp_path: Path) -> None:
    _write(tmp_path, _bare(), unit='core = []\noptional = []\nteacher_guide = ["99_test"]\n')
    assert check(tmp_path) == ["99_test: the teacher notes lack: At a glance, Accessibility"]
