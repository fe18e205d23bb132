"""The 2-4-6 widget: it starts empty, asks for an idea in words and a prediction, lists no rule, and checks
a rule on new triples without saying what the computer's rule is."""

from __future__ import annotations

import ipywidgets

from eleusis_lab.science.wason import TRIPLE_RULES, WasonTask
from eleusis_lab.widgets.wason import CHECK_TRIPLES, WasonWidget


def _type(widget: WasonWidget, *values: str) -> None:
    for box, value in zip(widget.numbers, values, strict=True):
        box.value = value


def test_the_widget_starts_empty_and_lists_no_rule() -> None:
    widget = WasonWidget()
    assert [box.value for box in widget.numbers] == ["", "", ""]
    assert widget.idea.value == "" and widget.prediction.value is None
    shown = " ".join(child.value for child in widget.children if isinstance(child, ipywidgets.HTML))
    for rule in TRIPLE_RULES:
        assert rule.words not in shown, f"the widget lists the rule {rule.words!r}"


def test_a_test_needs_an_idea_in_words_then_a_prediction() -> None:
    widget = WasonWidget()
    _type(widget, "8", "10", "12")
    widget.test_button.click()
    assert "First write your idea" in widget.verdict.value and widget.task.tests == []
    widget.idea.value = "up in twos"
    widget.test_button.click()
    assert "what your idea predicts" in widget.verdict.value and widget.task.tests == []
    widget.prediction.value = "fits"
    widget.test_button.click()
    assert "yes, it fits" in widget.verdict.value
    assert widget.task.counts().positive == 1 and "1 positive" in widget.history.value
    assert "up in twos" in widget.history.value
    assert widget.prediction.value is None, "each test asks for a new prediction"


def test_a_negative_test_is_counted_as_negative() -> None:
    widget = WasonWidget()
    widget.idea.value = "up in twos"
    _type(widget, "1", "2", "3")
    widget.prediction.value = "does not fit"
    widget.test_button.click()
    assert "1, 2, 3: yes, it fits" in widget.verdict.value
    assert widget.task.counts().negative == 1


def test_a_bad_number_is_a_message_and_no_test() -> None:
    widget = WasonWidget()
    widget.idea.value = "anything"
    widget.prediction.value = "fits"
    widget.numbers[1].value = "two"
    widget.test_button.click()
    assert "not a whole number" in widget.verdict.value
    assert widget.task.tests == [] and widget.ideas == []


def test_checking_a_rule_says_how_many_triples_agree_never_the_rule() -> None:
    widget = WasonWidget()
    widget.check_button.click()
    assert "First write your rule" in widget.verdict.value
    widget.idea.value = "up in twos"
    widget.check_button.click()
    assert "every set of numbers" in widget.verdict.value and widget.announcements == []
    narrow = [t[1] == t[0] + 2 and t[2] == t[1] + 2 for t in CHECK_TRIPLES]
    for toggle, says in zip(widget.checks, narrow, strict=True):
        toggle.value = "fits" if says else "does not fit"
    widget.check_button.click()
    assert "disagree" in widget.verdict.value and "going up" not in widget.verdict.value
    truth = [WasonTask().secret.fits(t) for t in CHECK_TRIPLES]
    assert widget.check_rule("numbers that get bigger", truth) == len(CHECK_TRIPLES)
    assert "very probably found it" in widget.verdict.value


def test_the_check_triples_tell_the_usual_ideas_from_the_rule() -> None:
    secret = WasonTask().secret
    for idea in TRIPLE_RULES:
        if idea.key != secret.key:
            assert any(idea.fits(t) != secret.fits(t) for t in CHECK_TRIPLES), idea.words
