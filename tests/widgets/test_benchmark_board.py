"""The solo board's benchmark mode, driven through its model (no browser)."""

from __future__ import annotations

from eleusis_lab.widgets.solo import BenchmarkBoard


def test_a_person_plays_the_benchmark_game_and_bad_input_changes_nothing() -> None:
    board = BenchmarkBoard(rule="red", round_index=0)
    hand = list(board.game.table.hand_cards)
    assert board.guess("card is red") is None  # no guess before a play
    assert board.game.turn == 0 and board.game.table.hand_cards == hand
    board.sure.value = 80
    accepted = board.play(hand[0])
    assert accepted in (True, False)
    assert board.statements == [(0.8, "")]
    assert board.game.turn_log[-1].confidence == 0.8
    assert board.play(board.game.table.hand_cards[0]) is None  # state a rule or pass first
    assert board.guess("card is") is None  # bad rule text
    assert board.game.wrong_guesses == 0
    assert board.guess("card is black") is False
    assert board.game.wrong_guesses == 1
    board.play(board.game.table.hand_cards[0])
    assert board.guess("card is red") is True
    result = board.result()
    assert result.solved and result.score == 31 - result.turns - 2
    assert "eleusis-benchmark" in board.widget._dom_classes
    assert "Solved on turn" in board.status.value


def test_rule_text_reaches_html_escaped() -> None:
    board = BenchmarkBoard(rule="red", round_index=1)
    board.play(board.game.table.hand_cards[0])
    board.guess("card.rank < 3 and card is red")
    assert "&lt;" in board.journal.value and "< 3" not in board.journal.value
