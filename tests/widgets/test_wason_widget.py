"""The 2-4-6 widget: the buttons drive the task, the verdict and the log show what happened."""

from __future__ import annotations

from eleusis_lab.widgets.wason import WasonWidget


def test_testing_a_triple_shows_the_verdict_and_logs_it() -> None:
    widget = WasonWidget()
    for box, value in zip(widget.numbers, ("8", "10", "12"), strict=True):
        box.value = value
    widget.idea.value = "up-by-two"
    widget.test_button.click()
    assert "yes, it fits" in widget.verdict.value
    assert widget.task.counts().positive == 1
    assert "1 positive" in widget.history.value


def test_a_bad_number_is_a_message_and_no_test() -> None:
    widget = WasonWidget()
    widget.numbers[1].value = "two"
    widget.test_button.click()
    assert "not a whole number" in widget.verdict.value
    assert widget.task.tests == []


def test_announcing_needs_an_idea_and_judges_it() -> None:
    widget = WasonWidget()
    widget.announce_button.click()
    assert "First choose your rule" in widget.verdict.value
    widget.idea.value = "up-by-two"
    widget.announce_button.click()
    assert "is not" in widget.verdict.value and not widget.task.solved
    widget.idea.value = "increasing"
    widget.announce_button.click()
    assert widget.task.solved and "Right" in widget.verdict.value
