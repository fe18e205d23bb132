"""Lesson 3's claims, checked on the lesson after Run All (``lessons/03_gardners_original_game.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("03_gardners_original_game")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_the_worked_scoring_examples_match_gardners_text(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert scoring.gardner_dealer([10, 5, 3]) == 9
assert list(scoring.gardner_players([2, 3, 10, 0])) == [7, 3, 0, 21]
"""
    )


def test_the_board_deals_ten_cards_each_in_the_first_half(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert [len(board.round.hand(name)) for name in names] == [10] * 5
assert board.round.phase == "first-half"
"""
    )


def test_the_round_went_on_into_its_second_half(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert gardner.is_over
assert len(second_half) > 0, "the round went on into its second half"
assert final.dealer == scoring.gardner_dealer(wrong_cards)
left = [len(gardner.hand(n)) for n in players]
assert list(final.players) == list(scoring.gardner_players(left))
assert all(p >= 0 for p in final.players)
"""
    )
