"""Each lesson's time is justified in its teacher notes: the words it asks students to read, at a stated
reading speed, and what its plays take; the figures stay true to the lesson as it is edited (a fraction of
a second for every lesson, no notebook runs)."""

from __future__ import annotations

import re

import jupytext
import pytest
from check_lessons import TEACHER_NOTES, word_count
from lesson_kernel import LESSONS_DIR
from secret_scan import student_lessons, unit

WHY = "**Why the time holds.**"


@pytest.mark.parametrize("stem", student_lessons())
def test_the_time_is_justified_by_the_words_read_and_the_plays_made(stem: str) -> None:
    notebook = jupytext.read(LESSONS_DIR / f"{stem}.md")
    notes = notebook.cells[-1].source
    assert notes.startswith(f"## {TEACHER_NOTES}")
    why = next((p for p in notes.split("\n\n") if p.startswith(WHY)), "")
    assert why, f"{stem}: the teacher notes need a '{WHY}' paragraph"
    words = word_count(notebook).core
    stated = re.search(r"about (\d+) words: (\d+) minutes of reading at (\d+) words a minute", why)
    assert stated, f"{stem}: say 'about N words: M minutes of reading at R words a minute'"
    said_words, minutes, rate = map(int, stated.groups())
    assert abs(said_words - words) <= 0.1 * words, f"{stem}: {said_words} words said, {words} counted"
    assert abs(minutes - words / rate) <= 1, f"{stem}: {words} words take {words / rate:.1f} minutes"
    assert minutes < unit()["period_minutes"] / 4, "reading is the smaller part of a lesson"
    assert "play" in why and "minutes" in why.split(WHY)[1], f"{stem}: say what the plays take"
