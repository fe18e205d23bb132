"""Lesson 4's claims, checked on the lesson after Run All (``lessons/04_how_fast_did_we_find_it.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("04_how_fast_did_we_find_it")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_each_verdict_crosses_out_rules_and_a_consistent_rule_survives(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert counts[0] > counts[1] > counts[2] > 0, counts
# A rule that agrees with both verdicts survives; one that disagrees is gone.
survivor = Rule.parse("card.color != prev.color")
assert survivor.accepts(seven, [four]) and not survivor.accepts(nine, [four, seven])
"""
    )


def test_evidence_only_ever_removes_rules(lesson: Lesson) -> None:
    lesson.run(
        r"""
remaining = narrowing.remaining
assert remaining == sorted(remaining, reverse=True), "evidence only ever removes rules"
assert remaining[-1] < remaining[0] / 100, "a whole round removes most candidate rules"
fate = {item.student: item.status for item in hypotheses.items}
assert fate["Fay"] == "consistent", "the secret rule is never falsified"
assert fate["Dee"] == "falsified"
"""
    )


def test_the_secret_rule_itself_is_never_falsified(lesson: Lesson) -> None:
    lesson.run(
        r"""
fate = {hypothesis.student: falsifier for hypothesis, falsifier in panel.status()}
assert fate["Fay"] is None, "the secret rule itself is never falsified"
assert fate["Dee"] is not None
"""
    )


def test_the_scientist_outscores_the_random_player_and_solves_both_rounds(lesson: Lesson) -> None:
    lesson.run(
        r"""
score = {who: sum(r.score for r in results) for who, results in race.items()}
assert score["scientist"] > score["random"], score
assert all(r.solved for r in race["scientist"])
"""
    )
