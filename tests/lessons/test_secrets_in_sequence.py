"""No rule a lesson keeps secret is shown in a lesson a class may meet before it (``lessons/unit.toml``)."""

from __future__ import annotations

from secret_scan import Secret, may_come_before, secrets, shown_in, shown_in_lesson, student_lessons


def test_every_student_lesson_after_the_first_is_scanned_against_the_ones_before() -> None:
    lessons = student_lessons()
    assert lessons[0] == "01_meet_eleusis" and len(lessons) == 9
    assert may_come_before("01_meet_eleusis", "11_better_than_a_machine")
    assert not may_come_before("11_better_than_a_machine", "09_trying_to_be_wrong")
    assert may_come_before("06_new_eleusis", "09_trying_to_be_wrong"), "an optional day may come early"
    assert secrets("01_meet_eleusis"), "lesson 1's deck is read as its secrets"
    assert len(secrets("11_better_than_a_machine")) >= 10


def test_no_secret_is_shown_in_a_lesson_that_may_come_before() -> None:
    found = []
    for later in student_lessons():
        for secret in secrets(later):
            for earlier in student_lessons():
                if may_come_before(earlier, later) and (how := shown_in_lesson(earlier, secret)):
                    found.append(f"{later}'s secret {secret.text!r} is shown in {earlier}: {how}")
    assert not found, "\n".join(found)


def test_the_scan_finds_a_secret_by_name_text_or_an_equivalent_rule() -> None:
    secret = Secret(("even-ranks",), ("only even cards",), "card is even")
    assert shown_in("", {"even-ranks"}, secret), "a key written in code"
    assert shown_in("Play Only even cards!", set(), secret), "the rule in words"
    assert shown_in("", {"card is even"}, secret), "the rule text"
    assert shown_in("", {"card.rank % 2 == 0"}, secret), "the same rule written otherwise"
    assert not shown_in("", {"card.rank % 2 == 1", "card is red", "if prev is even then card is odd"}, secret)
    assert not shown_in("even ranks are fine in prose", {"uneven-ranks"}, secret)
