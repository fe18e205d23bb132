"""A student states the rule on the round boards (the solo board, the real-cards board) in words or by
clicks, with rule text still there (issue 28 #4): the rule judged is the one clicked, never another."""

from __future__ import annotations

from eleusis_lab.play.events import Guessed
from eleusis_lab.widgets import PhysicalBoard, SoloBoard
from eleusis_lab.widgets.rule_box import RULE_TEXT, WORDS


def _solo_after_one_play() -> SoloBoard:
    board = SoloBoard(rule="card.color != prev.color", seed=3, autosave=False)
    board.deal()
    for _ in range(10):  # Express: a player may state the rule right after an accepted card
        if "guess" in board.session.possible():
            return board
        board.predict(True)
        board.play([board.hand.cards[0]])
    raise AssertionError("no accepted card in ten plays")


def _guesses(board: SoloBoard) -> list[tuple[str | None, bool | None]]:
    """The guesses in the round's log: rule text and the engine's verdict."""
    return [(e.text, e.correct) for e in board.round.events if isinstance(e, Guessed)]


def test_a_solo_guess_in_words_judges_the_sentence_clicked_and_keeps_the_words() -> None:
    board = _solo_after_one_play()
    statement = board.guesses.statement
    assert statement.mode.value == WORDS and statement in board.guesses.row.children
    statement.text.value = "the colours go red, black, red, black"
    board.guesses.judge.click()  # nothing clicked yet: said in one line, nothing judged
    assert "Click the rule you mean" in board.guesses.message.value and _guesses(board) == []
    sentences = [row.description for row in statement.chooser.rows]
    assert 1 <= len(sentences) <= 5 and "Alternate red and black cards." in sentences
    statement.chooser.rows[sentences.index("Alternate red and black cards.")].click()
    board.guesses.judge.click()
    assert _guesses(board) == [("card.color != prev.color", True)]
    (hyp,) = board.session.hypotheses
    assert hyp.words == "the colours go red, black, red, black", "the words stay with the hypothesis"
    assert statement.rule is None and statement.text.value == "", "the box is emptied for the next guess"


def test_a_solo_guess_by_clicks_and_a_wrong_one_by_rule_text() -> None:
    board = _solo_after_one_play()
    statement = board.guesses.statement
    builder = statement.build()
    builder.rows("main")[0].prop.value = "suit"  # "Play a spade." then "… same suit as the last card"
    builder.rows("main")[0].comparison.value = "same as"
    board.guesses.judge.click()
    assert _guesses(board) == [("card.suit == prev.suit", False)]
    statement.mode.value = RULE_TEXT
    statement.text.value = "card.colour != prev.colour"  # a typo: the parser's hint, nothing judged
    board.guesses.judge.click()
    assert len(_guesses(board)) == 1 and "did you mean `color`" in statement.message.value


def test_the_real_cards_board_offers_letter_rules_on_a_letters_round() -> None:
    board = PhysicalBoard("letters", ["Ana", "Ben"], rule="letters-cycle", autosave=False, hypotheses=False)
    board.deal()
    assert board.guesses.statement.deck == "letters"
    assert "ink" in board.guesses.statement.builder.draft.properties("card")
