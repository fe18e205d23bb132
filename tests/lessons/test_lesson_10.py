"""Lesson 10's claims, checked on the lesson after Run All (``lessons/10_how_sure_are_you.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("10_how_sure_are_you")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_a_statement_is_logged_and_judged_against_the_secret_rule(lesson: Lesson) -> None:
    lesson.run(
        r"""
def _statement_is_logged():
    demo = SoloBoard("express", rule="express-5", name="Demo", seed=4, autosave=False)
    demo.deal()
    demo_panel = ConfidencePanel.for_board(demo)
    assert demo_panel.state(30, "card.color != prev.color")
    demo.predict(True)
    demo.play([demo.hand.cards[0]])
    kept = demo.round.confidences()
    assert kept[-1][:3] == ("Demo", 30, "card.color != prev.color"), "the slider's value is in the log"
    assert round_calibration(demo.round, "Demo") == [(0.3, False)], "judged against the secret rule"
_statement_is_logged()
"""
    )


def test_draw_my_curve_adds_the_students_points_to_the_scientists(lesson: Lesson) -> None:
    assert lesson.images(lesson.cell('calibration_plot({"scientist": scientist})')) == 1
    lesson.run("_before = draw_my_curve()")
    assert lesson.value("_before") == []
    assert "No statements yet" in lesson.value("my_curve.value")
    lesson.run('sureness.state(70, "card is red")\nboard.predict(True)\nboard.play([board.hand.cards[0]])')
    lesson.run("_after = draw_my_curve()")
    assert lesson.value("_after") == [[0.7, False]], "one statement at 70 %, judged wrong"
    assert "<svg" in lesson.value("my_curve.value"), "the curve is drawn"


def test_guessing_pays_above_two_chances_in_three(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert abs(threshold - 2 / 3) < 1e-12
assert guess_gain(0.9) > 0 > guess_gain(0.5), "sure: guess; unsure: wait"
for p in (0.5, 0.7, 0.9):
    score = 20
    assert (p * score + (1 - p) * (score - 3) > score - 1) == (p > threshold)
"""
    )


def test_the_scientist_is_never_overconfident_on_the_eight_rounds(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert len(scientist) >= 30, "enough statements to draw the scientist's curve"
covered = [b for b in table if b.count >= 5]
assert len(covered) >= 3, "at least three levels of sureness with five statements or more"
assert all(b.right >= b.confidence - 0.10 for b in covered), "the scientist is not overconfident"
assert any(b.right > b.confidence + 0.10 for b in covered), "on these rules it is underconfident somewhere"
"""
    )


def test_over_the_library_the_scientist_is_within_10_points(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert len(library_run) >= 120 and len(many) >= 1000, "every library rule, three rounds"
assert within(many_table, 0.10, min_count=10), "within 10 points at every level, give or take 2 errors"
assert many_gap <= 0.15, "and no level is more than 15 points off, whatever its error"
full = [b.standard_error for b in many_table if b.count >= 100]
assert min(b.standard_error for b in table if b.count) > max(full), "few statements, long bars"
"""
    )


def test_every_promised_figure_is_shown(lesson: Lesson) -> None:
    assert lesson.images(lesson.cell("plt.show()")) == 1, "the guessing sum"
    assert lesson.images(lesson.cell('calibration_plot({"scientist": scientist})')) == 1
    assert lesson.images(lesson.cell('calibration_plot({"scientist, 8 rounds"')) == 1, "the library curve"


def test_a_statement_is_made_in_words_or_by_clicks_without_rule_text(lesson: Lesson) -> None:
    """Lesson 10 measures sureness, not typing: the panel's rule comes from a sentence clicked or clicks."""
    lesson.run(
        r"""
def _stated_without_rule_text():
    demo = SoloBoard("express", rule="express-5", name="Words", seed=5, autosave=False)
    demo.deal()
    panel = ConfidencePanel.for_board(demo)
    assert panel.statement.mode.value == "In words", "words come first"
    panel.statement.text.value = "the colours take turns"
    sentences = [row.description for row in panel.statement.chooser.rows]
    assert "Alternate red and black cards." in sentences, sentences
    assert not panel.state(60), "words without a sentence clicked are refused"
    panel.statement.chooser.rows[sentences.index("Alternate red and black cards.")].click()
    assert panel.state(60)
    builder = panel.statement.build()
    builder.rows("main")[0].prop.value = "suit"  # the builder opens on the rule picked: now suits
    assert panel.state(20)
    return [(p, about) for _who, p, about, _i in demo.round.confidences()]
_stated = _stated_without_rule_text()
"""
    )
    assert lesson.value("_stated") == [[60, "card.color != prev.color"], [20, "card.suit != prev.suit"]]
