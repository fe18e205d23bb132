"""Shared helpers for the board tests: play a round through the board's own buttons."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch) -> None:
    """Boards that autosave by default write into the test's folder, never into the home directory."""
    monkeypatch.setenv("ELEUSIS_LAB_SAVES", str(tmp_path / "saves"))


class PatientClock:
    """A clock that moves a second on at every reading: a class that waits for the next hand, so the
    settle time (widgets/settle.py) never refuses a click in tests that are not about it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture(autouse=True)
def _patient_class(monkeypatch) -> None:
    """Boards built without a clock read this one; the settle tests inject their own exact clock."""
    from eleusis_lab.widgets.settle import Settle

    monkeypatch.setattr(Settle, "clock", PatientClock())


def button_for(board: Any, card: Any) -> Any:
    """The hand button that plays ``card``."""
    matches = [b for b in board.hand_buttons if b.card == card]
    assert matches, f"no hand button for {card}"
    return matches[0]


def fitting(round_: Any) -> list[Any]:
    """Cards of the current player's hand the secret rule accepts now (the test peeks; players cannot)."""
    name = round_.current_player
    return [c for c in round_.hand(name) if round_.accepts(c, name)]


def play_to_the_end(board: Any, *, max_actions: int = 400, wrong_every: int = 5) -> int:
    """Click through a whole round on the class board: mostly fitting cards, a wrong one now and then,
    no-play when stuck, the prophet calling every play right."""
    r = board.round
    n = 0
    while not r.is_over:
        n += 1
        assert n <= max_actions, "the round did not end"
        if r.prophet:
            board.prophet_call(True)
        usable = {b.card for b in board.hand_buttons if not b.disabled}
        hand = [c for c in r.hand(r.current_player) if c in usable]
        fit = [c for c in fitting(r) if c in usable]
        if not fit and board.actions.no_play in board.actions.children:
            board.actions.no_play.click()
            continue
        wrong = [c for c in hand if c not in fit]
        card = wrong[0] if (n % wrong_every == 0 and wrong) or not fit else fit[0]
        button_for(board, card).click()
        if board.actions.play_string in board.actions.children:
            board.actions.play_string.click()
    return n
