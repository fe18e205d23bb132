"""The rule builder and the words chooser in Voilà (headless Chromium), at the projector's 1280×720 and a
student laptop's 1024×768 (issue 28).

- "Alternate red and black" is built with the keyboard alone (Tab to the comparison, arrow keys), and the
  English and the rule text follow; the builder fits the width (no sideways scrolling).
- A student's words give a chooser whose rows are at least 18 px, one per row, never overlapping, and
  the row clicked is the row the kernel gets back.

The page is ``notebooks/rule_builder.ipynb`` (only the two widgets, so it is ready in seconds).
"""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from .harness import artifacts_dir, jupyter_lab, lab_open, lab_run_all, voila

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "notebooks" / "rule_builder.ipynb"
SIZES = {"projector": {"width": 1280, "height": 720}, "laptop": {"width": 1024, "height": 768}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    home = tmp_path_factory.mktemp("rule-builder")
    copy = home / NOTEBOOK.name
    shutil.copy(NOTEBOOK, copy)
    with voila(copy, home / "jupyter") as running:
        yield running


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Any, server: Any) -> Any:
    page = browser.new_page(viewport=SIZES[request.param])
    page.size_name = request.param
    try:
        page.goto(server.url + "/", wait_until="domcontentloaded")
        page.wait_for_selector(".eleusis-rule-builder .eleusis-builder-row", state="visible", timeout=90_000)
        yield page
    finally:
        page.close()


def test_alternate_red_and_black_by_keyboard_alone(page: Any) -> None:
    english = page.locator(".eleusis-builder-english")
    english.get_by_text("Play a red card.").wait_for(timeout=15_000)
    # Tab from the first dropdown (which card) past the property to the comparison, then arrow down
    # three times: is -> is not -> same as -> different from.
    first = page.locator(".eleusis-builder-row select").first
    first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.tagName + ':' + document.activeElement.value")
    assert focused == "SELECT:is", focused
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    english.get_by_text("Alternate red and black cards.").wait_for(timeout=15_000)
    assert "card.color != prev.color" in page.locator(".eleusis-builder-text").inner_text()
    # Check it, by the keyboard: the check button takes focus and Enter presses it.
    page.locator(".eleusis-builder-check").focus()
    page.keyboard.press("Enter")
    page.locator(".eleusis-builder-report").get_by_text("Fit for play.").wait_for(timeout=30_000)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], f"the page scrolls sideways: {wide} px"
    box = page.locator(".eleusis-rule-builder").bounding_box()
    assert box is not None and box["x"] + box["width"] <= page.viewport_size["width"]
    page.screenshot(path=str(artifacts_dir() / f"rule-builder-{page.size_name}.png"), full_page=True)


def test_the_chooser_rows_are_readable_and_the_clicked_row_is_returned(page: Any) -> None:
    words = page.locator(".eleusis-chooser-words input")
    words.fill("the colours go red, black, red, black")
    words.press("Enter")
    rows = page.locator(".eleusis-chooser-row")
    rows.first.wait_for(timeout=60_000)
    count = rows.count()
    assert 2 <= count <= 5
    boxes = [rows.nth(k).bounding_box() for k in range(count)]
    sizes = [float(rows.nth(k).evaluate("e => getComputedStyle(e).fontSize")[:-2]) for k in range(count)]
    assert min(sizes) >= 18, sizes
    for upper, lower in itertools.pairwise(boxes):
        assert upper["y"] + upper["height"] <= lower["y"], "two rows overlap"
    texts = [rows.nth(k).inner_text() for k in range(count)]
    assert not any(re.search(r"\b(card|prev[23]?)\.\w|==|!=", t) for t in texts), texts
    rows.nth(1).scroll_into_view_if_needed()
    rows.nth(1).click()
    picked = page.locator(".eleusis-test-picked .said")
    picked.wait_for(timeout=15_000)
    # the kernel got the second row, and the page marks the second row
    assert picked.inner_text() == texts[1]
    assert "mod-success" in (rows.nth(1).get_attribute("class") or "")
    assert "mod-success" not in (rows.nth(0).get_attribute("class") or "")
    page.screenshot(path=str(artifacts_dir() / f"rule-chooser-{page.size_name}.png"), full_page=True)


def test_the_builder_in_jupyterlab(browser: Any, tmp_path: Path) -> None:
    """The same page run in JupyterLab: a mouse-built rule and its English at the projector's size."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    with jupyter_lab(root, tmp_path / "jupyter") as lab:
        page = browser.new_page(viewport=SIZES["projector"])
        try:
            lab_open(page, lab, NOTEBOOK.name, timeout=120)
            lab_run_all(page, timeout=180)
            builder = page.locator(".eleusis-rule-builder")
            builder.locator(".eleusis-builder-row select").nth(2).select_option("different from")
            builder.locator(".eleusis-builder-english").get_by_text(
                "Alternate red and black cards."
            ).wait_for(timeout=30_000)
            builder.locator(".eleusis-builder-add-if").click()
            builder.locator(".eleusis-builder-row").nth(2).wait_for(timeout=30_000)  # if, then, otherwise
            text = builder.locator(".eleusis-builder-text").inner_text()
            # a new branch starts as a copy of the rule so far, its condition on the last card
            assert "if prev is red then card.color != prev.color else card.color != prev.color" in text, text
            page.screenshot(path=str(artifacts_dir() / "rule-builder-jupyterlab.png"))
        finally:
            page.close()
