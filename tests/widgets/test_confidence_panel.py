"""The confidence panel: State keeps the slider's value and the rule in the round's log through the
session (an event: undo and the save cover it), or says why not."""

from __future__ import annotations

from eleusis_lab.session import TableSession
from eleusis_lab.widgets import SoloBoard
from eleusis_lab.widgets.confidence import ConfidencePanel
from eleusis_lab.widgets.rule_box import RULE_TEXT


class _Game:
    """The round's log as the panel sees it: the session's ``confidences`` over a real round."""

    def __init__(self) -> None:
        self.session = TableSession()
        self.session.begin("express", ["Ana", "Ben"], "express-1", seed=3)

    @property
    def log(self) -> list[tuple[str, int, str | None, int]]:
        r = self.session.round
        assert r is not None
        return [(who, p, about, n) for n, (who, p, about, _i) in enumerate(r.confidences())]


def _panel() -> tuple[ConfidencePanel, _Game]:
    game = _Game()
    return ConfidencePanel(lambda: game.session, "Ana"), game


def test_state_keeps_the_slider_and_the_rule_in_canonical_text() -> None:
    panel, game = _panel()
    panel.slider.value = 70
    panel.statement.mode.value = RULE_TEXT
    panel.statement.text.value = "card.color!=prev.color"
    panel.state_button.click()
    assert game.log == [("Ana", 70, "card.color != prev.color", 0)]
    assert "70 %" in panel.message.value and "(1 statement so far)" in panel.message.value
    assert "Alternate red and black cards." in panel.message.value, "the rule kept is shown in English"


def test_a_rule_said_in_words_is_stated_without_typing_rule_text() -> None:
    panel, game = _panel()
    panel.slider.value = 80
    panel.statement.text.value = "the colours take turns"  # typed words, then Enter
    assert not panel.state(), "words with no sentence clicked are not a statement of no rule"
    assert "Click the rule you mean" in panel.message.value and game.log == []
    sentences = [row.description for row in panel.statement.chooser.rows]
    panel.statement.chooser.rows[sentences.index("Alternate red and black cards.")].click()
    panel.state_button.click()
    assert game.log == [("Ana", 80, "card.color != prev.color", 0)]


def test_a_rule_built_by_clicks_is_stated() -> None:
    panel, game = _panel()
    panel.slider.value = 25
    builder = panel.statement.build()
    builder.rows("main")[0].prop.value = "suit"
    builder.rows("main")[0].comparison.value = "same as"
    panel.state_button.click()
    assert game.log == [("Ana", 25, "card.suit == prev.suit", 0)]


def test_an_empty_rule_box_states_no_rule() -> None:
    panel, game = _panel()
    panel.slider.value = 10
    panel.state_button.click()
    assert game.log == [("Ana", 10, None, 0)]
    assert "no rule yet" in panel.message.value


def test_a_rule_with_a_typo_is_a_message_and_nothing_is_kept() -> None:
    panel, game = _panel()
    panel.statement.mode.value = RULE_TEXT
    panel.statement.text.value = "card.colour == red"
    panel.state_button.click()
    assert game.log == []
    assert "did you mean `color`" in panel.statement.message.value
    assert "not a rule yet" in panel.message.value


def test_no_round_yet_is_a_message() -> None:
    panel = ConfidencePanel(lambda: None, "Ana")
    assert not panel.state()
    assert "Deal a round first" in panel.message.value


def test_what_the_round_refuses_is_shown_and_not_kept() -> None:
    panel, game = _panel()
    assert not panel.state(percent=150)
    assert game.log == [] and "per cent" in panel.message.value


def test_the_panel_acts_through_the_boards_session_so_undo_takes_a_statement_back() -> None:
    board = SoloBoard(rule="express-1", seed=3, autosave=False)
    board.deal()
    panel = ConfidencePanel.for_board(board)
    assert panel.state(40, "card is red")
    assert board.session.events[-1].type == "action" and board.round.confidences()[-1][1] == 40
    board.undo()
    assert board.round.confidences() == [] and board.session.confidences("You") == []
