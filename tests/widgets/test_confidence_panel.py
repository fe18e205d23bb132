"""The confidence panel: State keeps the slider's value and the rule in the round's log, or says why not."""

from __future__ import annotations

from typing import Any

from eleusis_lab.widgets.confidence import ConfidencePanel


class _Round:
    """The two methods of a round the panel uses (``state_confidence``, ``confidences``) and ``is_over``."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int, str | None, int]] = []
        self.is_over = False

    def state_confidence(self, player: str, percent: int, about: str | None = None) -> None:
        if not 0 <= percent <= 100:
            raise ValueError("A confidence is a whole number of per cent, from 0 to 100.")
        self.log.append((player, percent, about, len(self.log)))

    def confidences(self) -> list[tuple[str, int, str | None, int]]:
        return list(self.log)


def _panel() -> tuple[ConfidencePanel, _Round]:
    game = _Round()
    holder: dict[str, Any] = {"round": game}
    return ConfidencePanel(lambda: holder["round"], "Ana"), game


def test_state_keeps_the_slider_and_the_rule_in_canonical_text() -> None:
    panel, game = _panel()
    panel.slider.value = 70
    panel.rule_box.value = "card.color!=prev.color"
    panel.state_button.click()
    assert game.log == [("Ana", 70, "card.color != prev.color", 0)]
    assert "70 %" in panel.message.value and "(1 statement so far)" in panel.message.value


def test_an_empty_rule_box_states_no_rule() -> None:
    panel, game = _panel()
    panel.slider.value = 10
    panel.state_button.click()
    assert game.log == [("Ana", 10, None, 0)]
    assert "no rule yet" in panel.message.value


def test_a_rule_with_a_typo_is_a_message_and_nothing_is_kept() -> None:
    panel, game = _panel()
    panel.rule_box.value = "card.colour == red"
    panel.state_button.click()
    assert game.log == []
    assert "colour" in panel.message.value


def test_no_round_yet_is_a_message() -> None:
    panel = ConfidencePanel(lambda: None, "Ana")
    assert not panel.state()
    assert "Deal a round first" in panel.message.value


def test_what_the_round_refuses_is_shown_and_not_kept() -> None:
    panel, game = _panel()
    assert not panel.state(percent=150)
    assert game.log == [] and "per cent" in panel.message.value
