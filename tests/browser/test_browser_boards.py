"""Lesson 1 in a real browser: JupyterLab and Voilà in headless Chromium, a card clicked on the board.

Checks what a class sees: after clicking a card in the hand the verdict appears and the table changes.
Screenshots land in ``out/browser/`` (or ``$ELEUSIS_ARTIFACTS``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .harness import (
    FIRST_LESSON,
    PROJECTOR,
    artifacts_dir,
    board_state,
    first_board,
    jupyter_lab,
    lab_open,
    lab_run_all,
    timed_click,
    voila,
)

pytestmark = pytest.mark.browser


def _click_a_card_and_check(page: Any, name: str) -> dict[str, Any]:
    board = first_board(page)
    board.scroll_into_view_if_needed()
    before = board_state(board)
    assert before["hand"] > 0, "the board shows no clickable card in the hand"
    page.screenshot(path=str(artifacts_dir() / f"{name}-before.png"), full_page=False)
    clicked = timed_click(board)
    assert clicked is not None, "no enabled hand card to click"
    # Wait (bounded) for the kernel's answer to be drawn: a verdict, and a table that gained a card.
    page.wait_for_function(
        "([board, table]) => board.querySelector('.eleusis-verdict').innerText.trim() !== '' &&"
        " board.querySelector('.eleusis-table').innerHTML !== table",
        arg=[board, before["table"]],
        timeout=15_000,
    )
    after = board_state(board)
    assert after["verdict"], "no verdict shown after the click"
    assert after["verdict"] != before["verdict"] or before["verdict"] == "", "the verdict did not change"
    assert after["table"] != before["table"], "the table did not change after the click"
    board.screenshot(path=str(artifacts_dir() / f"{name}-board.png"))
    page.screenshot(path=str(artifacts_dir() / f"{name}-after.png"), full_page=False)
    return {"clicked": clicked, "verdict": after["verdict"]}


def test_lesson_one_in_jupyterlab(browser: Any, lessons_copy: Path, tmp_path: Path) -> None:
    with jupyter_lab(lessons_copy, tmp_path / "jupyter") as server:
        page = browser.new_page(viewport=PROJECTOR)
        try:
            lab_open(page, server, FIRST_LESSON)
            lab_run_all(page)
            result = _click_a_card_and_check(page, "lab")
        finally:
            page.close()
    assert result["clicked"]["card"], "the clicked card has no label"


def test_lesson_one_in_voila(browser: Any, lessons_copy: Path, tmp_path: Path) -> None:
    with voila(lessons_copy / FIRST_LESSON, tmp_path / "jupyter") as server:
        page = browser.new_page(viewport=PROJECTOR)
        try:
            page.goto(server.url + "/", wait_until="domcontentloaded", timeout=120_000)
            # Voilà runs the whole notebook before the widgets appear; a failing cell shows its error.
            page.wait_for_selector(
                ".eleusis-hand-card, .jp-OutputArea-output[data-mime-type*=error]",
                state="attached",
                timeout=120_000,
            )
            errors = page.query_selector_all(".jp-OutputArea-output[data-mime-type*=error]")
            assert not errors, f"a cell failed in Voilà: {errors[0].inner_text()[:500]}"
            # Voilà hides the code: the page must show no code editor.
            assert page.query_selector(".jp-InputArea-editor") is None
            _click_a_card_and_check(page, "voila")
        finally:
            page.close()


def test_a_class_round_in_voila_needs_no_code(browser: Any, lessons_copy: Path, tmp_path: Path) -> None:
    """Lesson 2's last board in Voilà: the teacher types the secret rule (hidden), deals, clicks a card."""
    with voila(lessons_copy / "02_running_a_class_round.ipynb", tmp_path / "jupyter") as server:
        page = browser.new_page(viewport=PROJECTOR)
        try:
            page.goto(server.url + "/", wait_until="domcontentloaded", timeout=120_000)
            page.wait_for_selector(".eleusis-class-board .eleusis-deal", state="attached", timeout=120_000)
            live = page.query_selector_all(".eleusis-class-board")[-1]
            live.scroll_into_view_if_needed()
            secret = live.query_selector(".eleusis-rule-input input")
            assert secret is not None and secret.get_attribute("type") == "password", (
                "the rule must be hidden"
            )
            secret.fill("express-6")
            page.wait_for_timeout(300)  # let the typed rule reach the kernel before the click
            live.query_selector(".eleusis-deal").click()
            page.wait_for_function(
                "(board) => board.querySelectorAll('.eleusis-hand-card').length > 0", arg=live, timeout=30_000
            )
            board = live.evaluate_handle(
                "(b) => { const card = b.querySelector('.eleusis-hand-card'); let el = card.parentElement;"
                " while (el && !(el.querySelector('.eleusis-verdict') && el.querySelector('.eleusis-table')))"
                " el = el.parentElement; return el; }"
            ).as_element()
            assert board is not None
            assert "express-6" not in page.inner_text("body"), "the secret rule must not show on the page"
            before = board_state(board)
            assert timed_click(board) is not None
            page.wait_for_function(
                "([board, table]) => board.querySelector('.eleusis-table').innerHTML !== table",
                arg=[board, before["table"]],
                timeout=15_000,
            )
            after = board_state(board)
            assert after["verdict"] and after["verdict"] != before["verdict"]
            # The whole board at projector width (a tall window, so nothing is cut off).
            page.set_viewport_size({"width": PROJECTOR["width"], "height": 2400})
            live.scroll_into_view_if_needed()
            live.screenshot(path=str(artifacts_dir() / "voila-class-round.png"))
        finally:
            page.close()
