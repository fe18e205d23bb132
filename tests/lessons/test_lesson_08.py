"""Lesson 8's claims, checked on the lesson after Run All (``lessons/08_worksheets.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("08_worksheets")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_the_worksheet_has_the_pages_its_footer_says(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert len(sheet.pages) == int(footer), "the worksheet has the pages its footer says"
for number, page in enumerate(sheet.pages, start=1):
    assert f"Page {number} of {len(sheet.pages)}" in page.extract_text()
assert len(result.puzzles) == 5 and len(key.pages) >= 1
assert any("Find the rule" in page.extract_text() for page in sheet.pages)  # after the worked example
"""
    )


def test_the_key_agrees(lesson: Lesson) -> None:
    lesson.run(
        r"""
pairs = list(zip(what_next.choices, what_next.accepted, strict=True))
assert all(secret.accepts(card, table) == ticked for card, ticked in pairs), "the key agrees"
assert any(what_next.accepted) and not all(what_next.accepted), "a puzzle with something to find"
"""
    )


def test_only_the_answer_survives(lesson: Lesson) -> None:
    lesson.run(
        r"""
for option in puzzle["options"]:
    card = option["falsified_by"]
    if card is None:
        assert option["letter"] == puzzle["answer"], "only the answer survives"
        continue
    candidate = Rule.parse(option["rule"])
    judged = candidate.accepts(Card.parse(card["card"]), [Card.parse(c) for c in card["mainline_before"]])
    assert judged != card["accepted"], f"{card['card']} falsifies option {option['letter']}"
"""
    )
