"""Lesson 5's claims, checked on the lesson after Run All (``lessons/05_designing_a_good_rule.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("05_designing_a_good_rule")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_gardners_bad_example_fails_every_check_the_text_names(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert not report.acceptable, "Gardner's example of an unacceptable rule"
assert report.cards(report.playable_median) == 4 and report.faces == 52  # 4 of 52 playable
assert report.playable_median < 1 / 4, "below Gardner's quarter of the deck"
assert sorted(c.rank for c in report.never_playable) == [1, 1, 1, 1], "the aces are stuck"
assert report.can_dead_end and report.dead_end_example[-1].rank == 13, "nothing follows a king"
assert sum(playable_on_seven.values()) == 4
assert all(c.rank == 8 for c, ok in playable_on_seven.items() if ok)
"""
    )


def test_going_round_removes_the_dead_end(lesson: Lesson) -> None:
    lesson.run(
        r"""
one, two, three = reports.values()
assert one.can_dead_end and one.never_playable
assert not two.can_dead_end and not two.never_playable, "going round removes the dead end"
assert not two.acceptable, "but it is still too strict"
assert two.cards(two.playable_median) == 4
assert three.acceptable and three.cards(three.playable_median) == 12, "12 of 52: Golden's ideal"
"""
    )


def test_an_unfair_rule_always_says_why(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert my_report.acceptable or my_report.problems, "an unfair rule always says why"
example = check("card.suit != prev.suit and card.rank != prev.rank")
assert example.acceptable and example.cards(example.playable_median) == 36, "the example: 36 of 52"
"""
    )


def test_the_swap_board_deals_the_rule_typed_in_the_box_not_the_example(lesson: Lesson) -> None:
    assert lesson.value("list(swap_area.children)") == [], "nothing is dealt before the button"
    lesson.run(
        r"""
rule_box.value = "card is face or card.color != prev.color"
_dealt = deal_swap_board()
assert _dealt.round.rule == Rule.parse("card is face or card.color != prev.color")
assert swap_area.children == (_dealt,)
rule_box.value = "card is purple"
assert deal_swap_board() is None and "Check your rule first" in swap_area.children[0].value
rule_box.value = my_rule
"""
    )


def test_the_black_cards_can_never_be_played(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert checked["only red cards"].never_playable, "the black cards can never be played"
assert not checked["go up, unless a face card"].acceptable, "40 of 52: too loose"
assert checked["Express 1 (alternate colours)"].acceptable
assert not checked["Gardner's bad example (one rank up)"].acceptable
"""
    )


def test_the_mended_rule_is_found_and_gardners_fifth_takes_longer(lesson: Lesson) -> None:
    lesson.run(
        r"""
n = len(deals)
mean = {r: sum(turns_needed(race[r, "scientist", s]) for s in deals) / n for r in race_rules}
assert all(race[mended, "scientist", s].solved for s in deals), "the mended bad rule is found"
assert mean["gardner-5"] > mean[mended], "Gardner's rule 5 takes longer to find"
scientist_points = sum(race[r, "scientist", s].score for r in race_rules for s in deals)
random_points = sum(race[r, "random", s].score for r in race_rules for s in deals)
assert scientist_points > random_points, "careful experiments beat luck"
"""
    )
