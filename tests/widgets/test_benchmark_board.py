"""The solo board's benchmark mode, driven through its model (no browser)."""

from __future__ import annotations

from eleusis_lab.play import load_round
from eleusis_lab.widgets.solo import BenchmarkBoard


def test_a_person_plays_the_benchmark_game_and_bad_input_changes_nothing() -> None:
    board = BenchmarkBoard(rule="red", round_index=0)
    r = board.round
    assert r.benchmark and r.variant == "solo"
    hand = r.hand("You")
    before = r.to_json()
    assert board.guess("card is red") is None  # no guess before a play
    assert r.turns == 0 and r.hand("You") == hand and r.to_json() == before
    board.sure.value = 80
    accepted = board.play(hand[0])
    assert accepted in (True, False)
    assert board.statements == [(0.8, "")]
    assert board.result().turn_log[-1].confidence == 0.8
    after_play = r.to_json()
    assert board.play(r.hand("You")[0]) is None  # state a rule or pass first
    assert board.guess("card is") is None  # bad rule text
    assert r.wrong_guesses == 0 and r.to_json() == after_play
    assert board.guess("card is black") is False
    assert r.wrong_guesses == 1
    board.play(r.hand("You")[0])
    assert board.guess("card is red") is True
    result = board.result()
    assert result.solved and result.score == 31 - result.turns - 2
    assert "eleusis-benchmark" in board.widget._dom_classes
    assert "Solved on turn" in board.status.value
    # the board's round is a round like any other: it saves and loads back exactly
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_passing_on_the_last_turn_ends_the_round_unsolved() -> None:
    board = BenchmarkBoard(rule="rank-pairs", round_index=0)
    while not board.round.is_over:
        assert board.play(board.round.hand("You")[0]) is not None
        board.pass_turn()
    result = board.result()
    assert board.round.turns == 30 and not result.solved and result.raw_score == 0
    assert "Not solved in 30 turns" in board.status.value


def test_rule_text_reaches_html_escaped() -> None:
    board = BenchmarkBoard(rule="red", round_index=1)
    board.play(board.round.hand("You")[0])
    board.guess("card.rank < 3 and card is red")
    assert "&lt;" in board.journal.value and "< 3" not in board.journal.value
