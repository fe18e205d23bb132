"""Issue 29 #1-3 on the class board, with an injected clock: the click patterns a class makes at the
projector (a double-click 80-400 ms apart, two cards 60 and 120 ms apart, a double-click on Deal or on
Reveal) make exactly one play, one deal, and no reveal; the acceptance map's toggle is the teacher's."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w
import pytest

from eleusis_lab.widgets import ClassBoard
from eleusis_lab.widgets.round_board import RoundBoard
from eleusis_lab.widgets.settle import SETTLE_SECONDS, Settle

DOUBLE_CLICK_GAPS = (0.080, 0.150, 0.250, 0.400)  # seconds between the two clicks a browser sends


class Clock:
    """A clock the test moves by hand (no sleeping: a busy machine cannot break the timing)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


def _board(clock: Clock, players: tuple[str, ...] = ("Ana", "Ben", "Cy")) -> ClassBoard:
    board = ClassBoard("express", list(players), rule="express-1", seed=3, autosave=False, clock=clock)
    board.form.deal.click()
    assert board.round is not None
    clock.wait(SETTLE_SECONDS)  # the first student walks up to the board
    return board


def _events(board: Any) -> int:
    return len(board.session.events)


def _descendants(widget: Any) -> list[Any]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _descendants(child)
    return found


def test_the_settle_clock_is_read_at_each_click() -> None:
    clock = Clock()
    settle = Settle(clock=clock)
    assert settle.settled()  # nothing changed yet
    settle.start()
    clock.wait(SETTLE_SECONDS - 0.001)
    assert not settle.settled()
    clock.wait(0.001)
    assert settle.settled()


@pytest.mark.parametrize("gap", DOUBLE_CLICK_GAPS)
def test_a_double_click_on_a_card_makes_one_play(gap: float) -> None:
    clock = Clock()
    board = _board(clock)
    first = board.round.current_player
    before = _events(board)
    board.hand_buttons[0].click()
    assert _events(board) == before + 1 and board.round.current_player != first
    clock.wait(gap)
    board.hand_buttons[0].click()  # the second click lands on the next student's card, drawn on the spot
    assert _events(board) == before + 1, f"a second click {gap * 1000:.0f} ms later played again"
    clock.wait(SETTLE_SECONDS)  # the next student, after the settle time, plays as usual
    board.hand_buttons[0].click()
    assert _events(board) == before + 2


@pytest.mark.parametrize("gaps", [(0.060, 0.120), (0.120, 0.060)])
def test_two_cards_clicked_quickly_make_one_play(gaps: tuple[float, float]) -> None:
    clock = Clock()
    board = _board(clock)
    before = _events(board)
    board.hand_buttons[0].click()
    clock.wait(gaps[0])
    board.hand_buttons[1].click()
    clock.wait(gaps[1])
    board.hand_buttons[2].click()
    assert _events(board) == before + 1


def test_the_next_hand_is_announced_with_its_owner_name() -> None:
    clock = Clock()
    board = _board(clock)
    first = board.round.current_player
    board.hand_buttons[0].click()
    now = board.round.current_player
    assert now != first
    assert escape(f"{now}'s hand") in board.hand._title.value
    assert escape(f"{now}'s turn") in board.status_html


def test_the_hand_greys_out_for_the_settle_time_each_time_it_changes() -> None:
    """Each new hand swaps the settle class (a new class restarts the page's CSS animation, whose length
    is the settle time); a click refused within the settle time swaps nothing."""
    from eleusis_lab.widgets.views import SETTLE_CSS

    clock = Clock()
    board = _board(clock)

    def settling() -> list[str]:
        return [c for c in board.hand._dom_classes if c.startswith("eleusis-settling-")]

    first = settling()
    assert len(first) == 1
    board.hand_buttons[0].click()
    second = settling()
    assert len(second) == 1 and second != first
    board.hand_buttons[0].click()  # within the settle time: ignored, the hand does not change
    assert settling() == second
    clock.wait(SETTLE_SECONDS)
    board.hand_buttons[0].click()
    assert settling() == first
    for name in (*first, *second):
        rule = f".eleusis-hand-view.{name} .eleusis-hand {{ animation: {name} {SETTLE_SECONDS}s; }}"
        assert rule in SETTLE_CSS


@pytest.mark.parametrize("gap", DOUBLE_CLICK_GAPS)
def test_a_double_click_on_deal_deals_once_and_plays_nothing(gap: float) -> None:
    clock = Clock()
    board = ClassBoard("express", ["Ana", "Ben", "Cy"], rule="express-1", seed=3, autosave=False, clock=clock)
    board.form.deal.click()
    dealt, events = board.round, _events(board)
    assert dealt is not None
    clock.wait(gap)
    board.form.deal.click()  # the second click, queued on the Deal button
    board.hand_buttons[0].click()  # or landing on the first student's hand drawn where Deal was
    assert board.round is dealt and _events(board) == events
    assert "WRONG" not in board.verdict_html and "RIGHT" not in board.verdict_html


@pytest.mark.parametrize("gap", DOUBLE_CLICK_GAPS)
def test_a_double_click_on_reveal_never_reveals(gap: float) -> None:
    clock = Clock()
    board = _board(clock)
    board.actions.reveal.click()
    clock.wait(gap)
    board.actions.reveal.click()  # the second click on the same spot
    board.reveal_ask.yes.click()  # or on the confirm button, had it been drawn under the pointer
    assert not board.session.revealed and board.session.phase == "playing"
    assert board.reveal_ask.yes in board.reveal_ask.children
    assert board.reveal_ask.yes not in _descendants(board.actions), "the confirm is not on Reveal's row"
    clock.wait(SETTLE_SECONDS)
    board.reveal_ask.yes.click()  # deliberate: the teacher reads the question, then confirms
    assert board.session.revealed and board.reveal_ask.children == ()


def test_keep_playing_puts_the_question_away_and_a_play_closes_nothing() -> None:
    clock = Clock()
    board = _board(clock)
    board.actions.reveal.click()
    board.reveal_ask.keep.click()
    assert board.reveal_ask.children == ()
    clock.wait(SETTLE_SECONDS)
    board.reveal_ask.yes.click()  # a stale click on the put-away button reveals nothing
    assert not board.session.revealed


def test_the_acceptance_map_toggle_is_only_in_the_closed_teacher_fold() -> None:
    clock = Clock()
    board = _board(clock)
    toggle = board.figures.show_map
    assert board.panel is not None and toggle not in _descendants(board.panel)
    holders = [box for box in _descendants(board) if isinstance(box, w.Box) and toggle in box.children]
    assert holders == [board.figures.toggles]
    assert board.figures.toggles in _descendants(board.teacher) and board.teacher.selected_index is None
    assert toggle.value is False


@pytest.mark.parametrize("gap", DOUBLE_CLICK_GAPS)
def test_the_round_board_takes_one_play_per_double_click_and_reveals_only_when_confirmed(gap: float) -> None:
    clock = Clock()
    board = RoundBoard("express", ["Ana", "Ben", "Cy"], rule="express-1", seed=3, autosave=False, clock=clock)
    board.form.deal.click()
    clock.wait(SETTLE_SECONDS)
    before = _events(board)
    board.hand_buttons[0].click()
    clock.wait(gap)
    board.hand_buttons[0].click()
    assert _events(board) == before + 1
    board.actions.reveal.click()
    clock.wait(gap)
    board.actions.reveal.click()
    board.reveal_ask.yes.click()
    assert not board.session.revealed and board.reveal_ask.yes not in _descendants(board.actions)
    clock.wait(SETTLE_SECONDS)
    board.reveal_ask.yes.click()
    assert board.session.revealed and "eleusis-revealed" in board.reveal_html()
