"""Lesson 9's claims, checked on the lesson after Run All (``lessons/09_trying_to_be_wrong.ipynb``)."""

from __future__ import annotations

from lesson_kernel import LESSONS_DIR, Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("09_trying_to_be_wrong")
ANSWER = "any three numbers going up"


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_the_answer_is_nowhere_in_the_lesson_but_in_the_teacher_guide(lesson: Lesson) -> None:
    def words(text: str) -> str:
        return " ".join(text.replace("*", " ").split()).lower()

    everything = words(" ".join(c.source for c in lesson.notebook.cells))
    shown = words("".join(lesson.text(c) for c in lesson.code_cells))
    assert ANSWER not in everything and ANSWER not in shown and "increasing" not in shown
    guide = words((LESSONS_DIR / "02_running_a_class_round.md").read_text(encoding="utf-8"))
    assert ANSWER in guide, "teacher guide A holds the answer"


def test_the_puzzle_starts_empty_and_lists_no_rule(lesson: Lesson) -> None:
    state = lesson.value("[[b.value for b in puzzle.numbers], puzzle.idea.value, len(puzzle.task.tests)]")
    assert state == [["", "", ""], "", 0]
    assert "Dropdown" not in lesson.value("[type(c).__name__ for c in puzzle.children]")


def test_the_typical_student_hears_yes_four_times_and_is_wrong(lesson: Lesson) -> None:
    printed = lesson.text(lesson.cell("typical = WasonTask()"))
    assert printed.count("does not fit") == 0 and printed.count("fits") == 4
    assert "4 tests the idea said would fit, 0 it said would not." in printed
    assert "The idea 'up by 2' is wrong." in printed


def test_one_negative_test_shows_the_idea_is_too_narrow(lesson: Lesson) -> None:
    assert lesson.text(lesson.cell("careful = WasonTask()")).strip() == "1, 2, 3: fits!"
    assert lesson.value("[surprise.fits, surprise.positive, careful.announce('increasing')]") == [
        True,
        False,
        True,
    ]


def test_each_prediction_on_the_board_is_one_test(lesson: Lesson) -> None:
    lesson.run(
        r"""
def _one_test_per_prediction():
    demo = SoloBoard("express", rule="express-6", name="Demo", seed=9, autosave=False)
    demo.deal()
    for predicted in (True, False, True):
        demo.predict(predicted)
        demo.play([demo.hand.cards[0]])
    tally = count_tests(entry.predicted for entry in demo.journal)
    assert (tally.positive, tally.negative) == (2, 1), "one test per prediction"
_one_test_per_prediction()
"""
    )


def test_the_scientist_tries_to_be_wrong_more_often_and_finds_the_rule_sooner(lesson: Lesson) -> None:
    lesson.run(
        r"""
sci, con = tallies["scientist"], tallies["confirmer"]
assert sci.negative_share > con.negative_share, "the scientist tries to be wrong more often"
assert sci.negative_share >= 0.3, "about a third or more of the scientist's tests are negative"
assert all(r.solved for r in results["scientist"])
turns = {who: sum(r.turns for r in rounds) for who, rounds in results.items()}
assert turns["scientist"] < turns["confirmer"], "and finds the rule sooner"
"""
    )


def test_the_class_table_starts_empty_and_adds_every_students_tests(lesson: Lesson) -> None:
    assert "No results yet" in lesson.value("class_result.value")
    lesson.run(
        r"""
class_box.value = "Ana, 9, 1, 14\nBen, 4, 4, 8\nnot a line"
assert abs(class_ratio() - 5 / 18) < 1e-9, "the class's share adds every student's tests"
assert "Scientist" in class_result.value and "28% negative" in class_result.value
class_box.value = ""
"""
    )
