"""Lesson 1's claims, checked on the lesson after Run All (``lessons/01_meet_eleusis.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("01_meet_eleusis")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_alternate_colours_judges_7s_right_and_7h_wrong_on_qh(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert alternate.accepts(Card.parse("7S"), [Card.parse("QH")])
assert not alternate.accepts(Card.parse("7H"), [Card.parse("QH")])
"""
    )


def test_a_round_between_computer_players_must_come_to_an_end(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert demo.is_over, "a round between computer players must come to an end"
evidence = demo.evidence()
assert len(evidence) >= len(demo.mainline) - 1
# Every judgement on the table agrees with the secret rule.
plays = [o for o in evidence if o.kind == "play"]
assert all(demo.rule.accepts(o.cards[0], list(o.mainline)) == o.accepted for o in plays)
"""
    )


def test_the_secret_comes_from_the_first_round_deck_and_a_typed_code_picks_its_rule(lesson: Lesson) -> None:
    lesson.run(
        r"""
def _secret_from_the_deck():
    from eleusis_lab import library

    texts = {key: Rule.parse(library.get(key).text).text for key in deck.keys}
    assert board.round.rule.text in texts.values(), "an easy standard-deck rule no lesson shows"
    code = deck.codes[0]
    typed = SoloBoard("express", rule=deck.rule_key(f" {code.lower()} "), name="Sam", autosave=False)
    typed.deal()
    assert typed.round.rule.text == texts[deck.rule_key(code)], "a typed code picks its rule"
    slips = deck.hand_out([f"student {n}" for n in range(len(deck.codes))], seed=3)
    assert len(set(slips.values())) == len(deck.codes), "each student of the class a different secret"
_secret_from_the_deck()
"""
    )


def test_the_boards_status_says_the_rule_is_locked_without_engine_words(lesson: Lesson) -> None:
    from lesson_kernel import visible_text

    screens = visible_text(lesson.state_after_run_all["screens"])
    assert "rule locked, seal code" in screens, "the jargon check reads the board's status line"
    assert "sealed rule" not in screens and "fingerprint" not in screens
