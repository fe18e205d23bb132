"""The widgets of the new lessons in Voilà (headless Chromium): what a student does, and what they see.

- The 2-4-6 widget (lesson 9) takes three typed numbers and a chosen idea, and shows the verdict and the
  test counted as positive or negative.
- The confidence panel (lesson 10): a rule said in words (the sentence clicked) and the slider's value,
  stated, are kept in the round's log, and the panel shows what the log holds.

The page is ``notebooks/new_lesson_widgets.ipynb`` (only the widgets, so the page is ready in seconds).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from .harness import PROJECTOR, artifacts_dir, expect, voila

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "notebooks" / "new_lesson_widgets.ipynb"


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Any:
    copy = tmp_path / NOTEBOOK.name
    shutil.copy(NOTEBOOK, copy)
    with voila(copy, tmp_path / "jupyter") as server:
        page = browser.new_page(viewport=PROJECTOR)
        try:
            page.goto(server.url + "/", wait_until="domcontentloaded")
            page.wait_for_selector(".eleusis-wason-test", state="visible", timeout=90_000)
            page.wait_for_selector(".eleusis-confidence-state", state="visible", timeout=90_000)
            yield page
        finally:
            page.close()


def test_the_2_4_6_widget_judges_a_typed_triple(page: Any) -> None:
    for k, value in enumerate(("1", "2", "3"), start=1):
        box = page.locator(f".eleusis-wason-n{k} input")
        box.fill(value)
        box.press("Tab")  # continuous_update=False: the value reaches the kernel when the box loses focus
    idea = page.locator(".eleusis-wason-idea input")
    idea.fill("numbers going up by 2")
    idea.press("Tab")
    page.locator(".eleusis-wason-prediction button", has_text="does not fit").click()
    page.locator(".eleusis-wason-test").click()
    verdict = page.locator(".eleusis-wason-verdict")
    verdict.get_by_text("1, 2, 3: yes, it fits the rule.").wait_for(timeout=15_000)
    history = page.locator(".eleusis-wason-table")
    # 1, 2, 3 under "up by 2" is a negative test; the table is its own widget, so its text may lag
    expect(history).to_contain_text("negative", timeout=15_000)
    page.screenshot(path=str(artifacts_dir() / "voila-wason.png"))

    for k, value in enumerate(("9", "7", "5"), start=1):
        box = page.locator(f".eleusis-wason-n{k} input")
        box.fill(value)
        box.press("Tab")
    page.locator(".eleusis-wason-prediction button", has_text="does not fit").click()
    page.locator(".eleusis-wason-test").click()
    verdict.get_by_text("9, 7, 5: no, it does not fit.").wait_for(timeout=15_000)


def test_the_confidence_panel_keeps_the_sliders_value_in_the_log(page: Any) -> None:
    panel = ".eleusis-confidence"
    # The rule in words, then the sentence meant clicked: no rule text typed (issue 28).
    rule = page.locator(f"{panel} .eleusis-confidence-rule input")
    rule.fill("the colours go red, black, red, black")
    rule.press("Enter")  # the words reach the kernel, which offers rules as sentences
    sentence = page.locator(f"{panel} .eleusis-chooser-row", has_text="Alternate red and black cards.")
    sentence.click(timeout=60_000)
    handle = page.locator(f"{panel} .noUi-handle")
    readout = page.locator(f"{panel} .widget-readout")
    handle.focus()
    for _ in range(4):  # 50 % down to 30 %, by the keyboard, in steps of 5
        handle.press("ArrowLeft")
    assert readout.inner_text() == "30"
    page.wait_for_timeout(500)  # continuous_update=False: the value goes to the kernel on the change
    page.locator(f"{panel} .eleusis-confidence-state").click()
    kept = page.locator(f"{panel} .eleusis-confidence-kept")
    # the panel draws the round's log (Round.confidences()), not its own fields
    expect(kept).to_contain_text(
        "Kept in the log: 30 % sure of “Alternate red and black cards.” (1 statement so far)", timeout=15_000
    )
    page.screenshot(path=str(artifacts_dir() / "voila-confidence.png"))
