"""The solo board and the real-cards board in Voilà (headless Chromium) at 1280×720 and 1024×768.

A student predicts and plays cards by clicking; a teacher enters real cards with the picker.  Checks the
stable CSS classes, that the verdict changes after each click, that nothing secret is on the page, and
that the cards stay readable; screenshots go to ``out/browser/`` to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest

from .harness import artifacts_dir, hand_settled, voila

pytestmark = pytest.mark.browser

SECRET = "card.rank > prev.rank or card.suit == prev.suit"
BOARDS = f"""
from eleusis_lab.widgets import PhysicalBoard, SoloBoard
solo = SoloBoard("express", rule={SECRET!r}, seed=9, autosave=False, opponents=["careful"])
solo.deal()
solo
"""
REAL = f"""
real = PhysicalBoard("gardner", ["Ana", "Ben", "Cy"], rule={SECRET!r}, autosave=False, hypotheses=False,
                     four_colour=True)
real.deal()
real
"""
SIZES = [(1280, 720), (1024, 768)]


def _notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(BOARDS), nbformat.v4.new_code_cell(REAL)]
    path = folder / "round_boards.ipynb"
    nbformat.write(nb, path)
    return path


def _verdict(board: Any) -> str:
    return str(board.eval_on_selector(".eleusis-verdict", "el => el.innerText.trim()"))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_solo_and_real_cards_boards_in_voila(browser: Any, tmp_path: Path, width: int, height: int) -> None:
    with voila(_notebook(tmp_path), tmp_path / "jupyter") as server:
        page = browser.new_page(viewport={"width": width, "height": height})
        try:
            page.goto(server.url + "/", wait_until="domcontentloaded", timeout=120_000)
            page.wait_for_selector(
                ".eleusis-physical-board .eleusis-card-picker", state="attached", timeout=120_000
            )
            assert SECRET not in page.inner_text("body"), "the secret rule must not show on the page"
            solo = page.query_selector(".eleusis-solo-board")
            assert solo is not None
            for css in (
                ".eleusis-status",
                ".eleusis-table",
                ".eleusis-verdict",
                ".eleusis-hand-card",
                ".eleusis-prediction",
                ".eleusis-reveal",
                ".eleusis-journal",
            ):
                assert solo.query_selector(css) is not None, css  # fmt: skip
            solo.scroll_into_view_if_needed()
            for n in range(6):
                before = _verdict(solo)
                page.locator(".eleusis-solo-board .eleusis-prediction button").nth(n % 2).click()
                # the prediction reaches the kernel, and the hand has settled, before the card
                page.wait_for_timeout(250)
                hand_settled(solo)
                page.locator(".eleusis-solo-board .eleusis-hand-card:not([disabled])").first.click()
                page.wait_for_function(
                    "([b, v]) => b.querySelector('.eleusis-verdict').innerText.trim() !== v",
                    arg=[solo, before],
                    timeout=15_000,
                )
            assert "prediction was" in _verdict(solo)
            assert solo.query_selector(".eleusis-undo") is not None  # something to undo now
            size = solo.eval_on_selector(
                ".eleusis-mainline-card svg", "el => el.getBoundingClientRect().width"
            )
            assert size >= 60, "table cards large enough to read from the back"
            page.screenshot(path=str(artifacts_dir() / f"solo-{width}x{height}.png"), full_page=False)
            real = page.query_selector(".eleusis-physical-board")
            assert real is not None
            real.scroll_into_view_if_needed()
            for card in ("7H", "2S", "8C", "9D"):
                before = _verdict(real)
                page.locator(".eleusis-physical-board .eleusis-picker-text input").fill(card)
                page.wait_for_timeout(250)
                page.locator(".eleusis-physical-board .eleusis-judge-card").click()
                page.wait_for_function(
                    "([b, v]) => b.querySelector('.eleusis-verdict').innerText.trim() !== v",
                    arg=[real, before],
                    timeout=15_000,
                )
            assert real.query_selector(".eleusis-end-half") is not None
            # four-colour deck: the clubs on the table are green, not black
            fill = real.eval_on_selector(
                ".eleusis-table .eleusis-suit-clubs", "el => getComputedStyle(el).fill"
            )
            assert fill == "rgb(21, 128, 61)", fill
            real.screenshot(path=str(artifacts_dir() / f"physical-{width}x{height}.png"))
            page.screenshot(
                path=str(artifacts_dir() / f"physical-page-{width}x{height}.png"), full_page=False
            )
        finally:
            page.close()
