"""Lesson 7's claims, checked on the lesson after Run All
(``lessons/07_guess_the_rule_letter_deck.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("07_guess_the_rule_letter_deck")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_the_deck_has_61_cards_and_reads_cyrillic_or_latin(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert len(deck) == 61 and sum(c.is_blank for c in deck) == 1
assert len({(c.letter, c.ink, c.shape, c.outline) for c in deck if c.is_letter}) == 5 * 3 * 2 * 2
assert Card.parse("Б red circle black") == Card.parse("B red circle black"), "Cyrillic or Latin"
"""
    )


def test_a_wrong_card_goes_back_with_no_penalty_cards(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert len(game.hand("Ana")) + len(game.hand("Ben")) + len(game.hand("Cy")) <= 60
assert all(gone == (1 if allowed else 0) for _who, allowed, gone in tries), "no penalty cards"
assert {allowed for _who, allowed, _gone in tries} == {True, False}, "both verdicts were shown"
"""
    )


def test_three_watching_hypotheses_are_falsified_and_the_rule_survives(lesson: Lesson) -> None:
    lesson.run(
        r"""
fate = {item.student: item.status for item in hypotheses.items}
assert fate == {"Dee": "falsified", "Eve": "falsified", "Fay": "consistent", "Gus": "falsified"}
"""
    )


def test_evidence_only_ever_removes_rules(lesson: Lesson) -> None:
    lesson.run(
        r"""
remaining = narrowing.remaining
assert remaining == sorted(remaining, reverse=True), "evidence only ever removes rules"
assert remaining[-1] < remaining[0] / 1000
half = len(remaining) // 2
assert remaining[half] < 10 * remaining[-1], "the second half of the round told little"
"""
    )


def test_letter_scores_match_the_worked_example_and_the_round(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert list(example.players) == [-13, -1, 7] and example.dealer == 20
round_scores = whole.scores()
assert list(round_scores.players) == list(scoring.letters(left).players)
assert round_scores.dealer == max(round_scores.players) - min(round_scores.players)
"""
    )


def test_a_rival_rule_fits_all_the_evidence_but_is_not_the_rule(lesson: Lesson) -> None:
    lesson.run(
        r"""
plays = [o for o in whole.evidence() if o.kind == "play"]
rival_rule = Rule.parse(rival)
assert all(rival_rule.accepts(o.cards[0], list(o.mainline)) == o.accepted for o in plays), "it fits all"
assert not same_rule(rival, whole.rule).same
"""
    )


def test_the_calculator_gives_the_worked_example(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert list(calculator.calculate().players) == [-13, -1, 7]
"""
    )


def test_the_letter_rules_are_fair_same_ink_another_letter_17(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert letter_report.faces == 61 and letter_report.acceptable
assert letter_report.cards(letter_report.playable_median) == 17, "same ink, another letter: 17"
assert check(cycle.rule, deck="letters").acceptable, "the sample rule is fair"
"""
    )
