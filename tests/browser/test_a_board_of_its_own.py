"""A board defined here alone, as a layout of the kit's views over a table session, plays a round in
Voilà (headless Chromium): the views redraw themselves when the session says it changed (``on_change``),
so a lesson or a teacher can lay out a board of their own without copying a view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest

from .harness import HAND_IS_CURRENT, SETTLE, artifacts_dir, hand_settled, voila

pytestmark = pytest.mark.browser

SECRET = "card.color != prev.color"
BOARD = f"""
import ipywidgets as w

from eleusis_lab.session import TableSession
from eleusis_lab.widgets.views import ActionRow, HandView, MessageView, StatusView, TableView, VerdictView


class TinyBoard(w.VBox):
    \"\"\"Six of the kit's views over one session; it redraws them when the session changes.\"\"\"

    def __init__(self) -> None:
        self.session = TableSession()
        self.views = [StatusView(turn=True), TableView(56), VerdictView(shows_end=True), HandView(self.play)]
        self.message = MessageView()
        self.actions = ActionRow({{"undo": lambda: self.act(self.session.undo)}}, ("undo",))
        super().__init__([*self.views, self.message, self.actions])
        self.add_class("tiny-board")
        self.session.on_change(self.render)

    def act(self, action) -> None:
        try:
            action()
        except ValueError as error:
            self.message.say(str(error))

    def play(self, card) -> None:
        self.act(lambda: self.session.play([card]))

    def render(self, session: TableSession) -> None:
        for view in self.views:
            view.render(session)
        self.actions.render(session)


board = TinyBoard()
board.session.begin("express", ["Ana", "Ben"], {SECRET!r}, seed=5)
board
"""


def _notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(BOARD)]
    path = folder / "tiny_board.ipynb"
    nbformat.write(nb, path)
    return path


def _verdict(board: Any) -> str:
    return str(board.eval_on_selector(".eleusis-verdict", "el => el.innerText.trim()"))


def test_a_board_laid_out_in_a_test_plays_a_round_in_voila(browser: Any, tmp_path: Path) -> None:
    with voila(_notebook(tmp_path), tmp_path / "jupyter") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            page.goto(server.url + "/", wait_until="domcontentloaded", timeout=120_000)
            page.wait_for_selector(".tiny-board .eleusis-hand-card", state="attached", timeout=120_000)
            assert SECRET not in page.inner_text("body"), "the secret rule must not show on the page"
            board = page.query_selector(".tiny-board")
            assert board is not None
            assert "Dealt" in _verdict(board) and "Express" in page.inner_text(".tiny-board .eleusis-status")
            for _ in range(4):
                page.wait_for_function(HAND_IS_CURRENT, arg=board, timeout=15_000)
                board.evaluate(SETTLE)  # the redraw has arrived whole: no click on the last hand
                hand_settled(board)  # and the hand has been still for the settle time, as a class waits
                before = _verdict(board)
                page.locator(".tiny-board .eleusis-hand-card:not([disabled])").first.click()
                page.wait_for_function(
                    "([b, v]) => b.querySelector('.eleusis-verdict').innerText.trim() !== v",
                    arg=[board, before],
                    timeout=15_000,
                )
                assert "RIGHT" in _verdict(board) or "WRONG" in _verdict(board)
            cards = board.query_selector_all(".eleusis-table .eleusis-mainline-card")
            assert len(cards) >= 1, "the starter and the accepted plays are on the table"
            before = _verdict(board)
            page.locator(".tiny-board .eleusis-undo").click()
            page.wait_for_function(
                "([b, v]) => b.querySelector('.eleusis-verdict').innerText.trim() !== v",
                arg=[board, before],
                timeout=15_000,
            )
            assert "Undone" in _verdict(board)
            board.screenshot(path=str(artifacts_dir() / "tiny-board.png"))
        finally:
            page.close()
