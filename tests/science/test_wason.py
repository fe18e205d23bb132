"""The 2-4-6 task and the positive/negative test counter (lesson 9)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from eleusis_lab import Card
from eleusis_lab.science.wason import (
    EleusisTest,
    Tally,
    WasonTask,
    count_eleusis_tests,
    count_tests,
    parse_triple,
    plays_against_statements,
    same_triple_rule,
    triple_rule,
)


def test_the_computer_holds_any_increasing_triple() -> None:
    task = WasonTask()
    assert task.test((2, 4, 6)).fits
    assert task.test((1, 50, 999)).fits
    assert not task.test((6, 4, 2)).fits
    assert not task.test((3, 3, 3)).fits


def test_a_test_is_positive_or_negative_by_the_testers_own_idea() -> None:
    task = WasonTask()
    assert task.test((10, 12, 14), "up-by-two").positive is True
    assert task.test((1, 2, 3), "up-by-two").positive is False
    assert task.test((1, 2, 3), None).positive is None
    assert task.counts() == Tally(positive=1, negative=1, unknown=1)
    assert task.counts().negative_share == 0.5


def test_only_the_increasing_rule_is_announced_right() -> None:
    task = WasonTask()
    assert not task.announce("up-by-two")
    assert not task.announce("equal-steps")
    assert task.tests_to_solve is None
    task.test((1, 2, 3), "increasing")
    assert task.announce("increasing") and task.solved and task.tests_to_solve == 1
    with pytest.raises(ValueError, match="found"):
        task.test((1, 2, 3))


def test_the_narrow_ideas_are_not_the_rule_but_agree_with_2_4_6() -> None:
    secret = triple_rule("increasing")
    for key in ("up-by-two", "even-up-by-two", "equal-steps", "even", "different", "anything"):
        idea = triple_rule(key)
        assert idea.fits((2, 4, 6)), key
        assert not same_triple_rule(idea, secret), key


@pytest.mark.parametrize("bad", [(1, 2), "123", (1, 2, "x"), (1, 2, 5000), (1, True, 3)])
def test_bad_triples_get_a_clear_error_and_change_nothing(bad) -> None:
    task = WasonTask()
    with pytest.raises(ValueError):
        task.test(bad)
    assert task.tests == []


def test_numbers_typed_as_text_are_read() -> None:
    assert parse_triple([" 4", "8", "-2"]) == (4, 8, -2)


def test_an_unknown_idea_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="up-by-two"):
        WasonTask().test((1, 2, 3), "bigger")


def test_count_tests() -> None:
    assert count_tests([True, True, False, None]) == Tally(2, 1, 1)
    assert Tally(1, 2, 0) + Tally(3, 0, 1) == Tally(4, 2, 1)
    assert Tally().negative_share == 0.0


def _obs(player: str, index: int, card: str, line: list[str], accepted: bool) -> SimpleNamespace:
    return SimpleNamespace(
        kind="play",
        player=player,
        event_index=index,
        cards=(Card.parse(card),),
        mainline=tuple(Card.parse(c) for c in line),
        accepted=accepted,
    )


def test_eleusis_plays_are_counted_against_the_rule_stated_last_before_them() -> None:
    evidence = [
        _obs("Ana", 2, "5H", ["3D"], True),  # before any statement: unknown
        _obs("Ana", 4, "7S", ["3D", "5H"], True),  # holds "red": predicts rejected -> negative
        _obs("Ben", 5, "9H", ["3D", "5H", "7S"], True),  # Ben's own statement only
        _obs("Ana", 7, "2H", ["3D", "5H", "7S", "9H"], False),  # now "odd": predicts rejected -> negative
        _obs("Ana", 9, "JD", ["3D", "5H", "7S", "9H"], True),  # "odd": J is odd (11) -> positive
    ]
    statements = [
        ("Ana", 50, "card is red", 3),
        ("Ben", 90, "card is black", 1),
        ("Ana", 70, "card is odd", 6),
    ]
    plays = plays_against_statements(evidence, statements, "Ana")
    assert [p.hypothesis for p in plays] == [None, "card is red", "card is odd", "card is odd"]
    assert [p.predicted for p in plays] == [None, False, False, True]
    assert count_eleusis_tests(plays) == Tally(positive=1, negative=2, unknown=1)


def test_an_eleusis_test_predicts_with_missing_history_as_the_rules_do() -> None:
    play = EleusisTest(Card.parse("4C"), (Card.parse("2H"),), True, "card.rank > prev2.rank")
    assert play.predicted is True  # prev2 missing: any card is accepted


def test_plays_are_counted_against_the_space_the_players_reason_by() -> None:
    # the confirming player plays what its best rule (of the scientist's grammar space) accepts, so
    # counted against the best rule of that same space rebuilt from the evidence, its plays are positive
    # tests (unless no card of its hand fitted); the scientist, playing for information, is often negative
    from eleusis_lab.science import solo_round
    from eleusis_lab.science.wason import ConfirmingPlayer, count_eleusis_tests, plays_against_best_rule

    def tally(player_for_deal):
        tests = []
        for deal in (1, 2):
            tests += plays_against_best_rule(
                solo_round("express-1", player_for_deal(deal), seed=deal).evidence
            )
        return count_eleusis_tests(tests)

    confirmer = tally(lambda deal: ConfirmingPlayer(seed=deal))
    scientist = tally(lambda deal: "scientist")
    assert confirmer.tests >= 10 and confirmer.negative_share <= 0.1
    assert scientist.negative_share >= 0.3
