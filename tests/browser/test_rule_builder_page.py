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

from .harness import (
    SETTLE,
    VERDICT,
    artifacts_dir,
    class_dealt,
    expect,
    jupyter_lab,
    lab_open,
    lab_run_all,
    voila,
)
from .test_projector import PLAYERS, _assert_secret, _click_picture, _plot_text, _text, class_command

pytestmark = pytest.mark.browser

__all__ = ["class_command"]  # the projector test's server fixture, run for this module too

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
    expect(page.locator(".eleusis-builder-text")).to_contain_text("card.color != prev.color")
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
    # the kernel got the second row, and the page marks the second row (its class in a message of its own)
    assert picked.inner_text() == texts[1]
    expect(rows.nth(1)).to_have_class(re.compile(r"\bmod-success\b"))
    assert "mod-success" not in (rows.nth(0).get_attribute("class") or "")
    page.screenshot(path=str(artifacts_dir() / f"rule-chooser-{page.size_name}.png"), full_page=True)


# The element with the keyboard's focus: its tag, its text (a button's label) and its value (a select's).
_FOCUSED = """() => {
  const el = document.activeElement;
  return {tag: el.tagName, text: (el.innerText || '').trim(), value: el.value || ''};
}"""


def _tab_to(page: Any, wanted: str, most: int = 12, back: bool = False) -> dict[str, str]:
    """Press Tab (Shift+Tab with ``back``) until the focused element's text or value is ``wanted``."""
    for _ in range(most):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        focused = dict(page.evaluate(_FOCUSED))
        if wanted in (focused["text"], focused["value"]):
            return focused
    raise AssertionError(f"{wanted!r} is not reached by {most} Tabs: focus on {focused}")


def test_a_rule_stated_in_words_then_adjusted_by_keyboard_alone(page: Any) -> None:
    """The statement box by the keyboard: words typed and Enter, Tab to a sentence and Enter picks it,
    Tab to "By clicks" and Enter opens the builder on it, Tab and an arrow key change it."""
    said = "the colours go red, black, red, black"
    box = page.locator(".eleusis-rule-box")
    box.locator(".eleusis-rule-box-text input").focus()
    page.keyboard.type(said)
    page.keyboard.press("Enter")
    rows = box.locator(".eleusis-chooser-row")
    rows.first.wait_for(timeout=60_000)
    texts = [rows.nth(k).inner_text() for k in range(rows.count())]
    meant = "Alternate red and black cards."
    assert meant in texts, texts
    focused = _tab_to(page, meant)
    assert focused["tag"] == "BUTTON", focused
    page.keyboard.press("Enter")
    stated = page.locator(".eleusis-test-stated")
    stated.locator(".said").get_by_text(meant, exact=True).wait_for(timeout=15_000)
    assert stated.locator("code").inner_text() == "card.color != prev.color"
    assert stated.locator(".words").inner_text() == said, "the words stay with the rule picked"
    _tab_to(page, "By clicks", back=True)
    page.keyboard.press("Enter")
    builder = box.locator(".eleusis-rule-builder")
    builder.locator(".eleusis-builder-row").first.wait_for(timeout=15_000)
    expect(builder.locator(".eleusis-builder-english")).to_have_text(meant)  # prefilled
    builder.locator(".eleusis-builder-row select").first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate(_FOCUSED)["value"] == "different from"
    page.keyboard.press("ArrowUp")  # different from -> same as
    stated.locator("code").get_by_text("card.color == prev.color", exact=True).wait_for(timeout=15_000)
    page.screenshot(path=str(artifacts_dir() / f"rule-box-keyboard-{page.size_name}.png"), full_page=True)


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
            # a new branch starts as a copy of the rule so far, its condition on the last card
            expect(builder.locator(".eleusis-builder-text")).to_contain_text(
                "if prev is red then card.color != prev.color else card.color != prev.color", timeout=30_000
            )
            page.screenshot(path=str(artifacts_dir() / "rule-builder-jupyterlab.png"))
        finally:
            page.close()


# -------------------------------------------------------------------- the class board, at two sizes
# Each chooser row of the class guess box: its text, font size and box, top to bottom.
_GUESS_ROWS = """(b) => Array.from(b.querySelectorAll('.eleusis-guess-choices .eleusis-chooser-row'))
  .map(el => {
  const r = el.getBoundingClientRect();
  return {text: el.innerText.trim(), size: parseFloat(getComputedStyle(el).fontSize),
          top: r.top, bottom: r.bottom, left: r.left, right: r.right};
})"""


@pytest.mark.parametrize("size_name", list(SIZES))
def test_the_teacher_builds_the_secret_by_clicks_and_a_words_guess_becomes_a_hypothesis(
    browser: Any, class_command: str, size_name: str
) -> None:
    """Issue 28's done-when on the page ``eleusis-lab class`` serves: the teacher builds "alternate red
    and black" by clicks in the teacher's fold and deals it; nothing of it is on the page before the
    reveal; a student's words give a readable chooser (rows of 18 px or more, one a row, no overlap)
    whose clicked row is the rule judged; the judged guess is the class's hypothesis on the plot."""
    from eleusis_lab.rules.english import english
    from eleusis_lab.science.words import closest_rules

    secret = "card.color != prev.color"
    sentence = english(secret)
    secrets = [secret, sentence]
    page = browser.new_page(viewport=SIZES[size_name])
    shot = artifacts_dir() / f"rule-statement-{size_name}"
    try:
        page.goto(class_command, wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_selector(".eleusis-class-board .eleusis-deal", state="attached", timeout=120_000)
        board = page.query_selector(".eleusis-class-board")
        board.query_selector(".eleusis-variant select").select_option(label="Eleusis Express")
        board.query_selector(".eleusis-players input").fill(", ".join(PLAYERS))
        board.query_selector(".eleusis-seed-input input").fill("3")
        # The teacher opens the fold and builds the rule by clicks: "By clicks", then the comparison.
        title = page.get_by_text("Teacher only — the secret in words or clicks")
        title.click()
        fold = page.locator(".eleusis-secret-words")
        fold.locator(".eleusis-rule-box-mode button", has_text="By clicks").click()
        comparison = fold.locator(".eleusis-builder-row select").nth(2)
        comparison.wait_for(timeout=30_000)
        comparison.select_option("different from")
        fold.locator(".eleusis-builder-english").get_by_text(sentence).wait_for(timeout=30_000)
        page.wait_for_function(
            "(b) => b.querySelector('.eleusis-secret-note').innerText.includes('teacher')", arg=board
        )
        box = fold.locator(".eleusis-rule-builder").bounding_box()
        assert box is not None and box["x"] + box["width"] <= SIZES[size_name]["width"], box
        page.screenshot(path=f"{shot}-fold.png")
        title.click()  # closed: the class sees only that a secret is set
        page.wait_for_timeout(300)
        _assert_secret(page, secrets)
        board.query_selector(".eleusis-deal").click()
        class_dealt(page, board)
        _assert_secret(page, secrets)
        assert "Alternate" not in page.content(), "the secret's sentence is in the page's HTML"
        for play in range(15):  # until a student may state the rule (in Express: right after a right play)
            _click_picture(page, board, 3 * play)
            _assert_secret(page, secrets)
            if "RIGHT" in _text(board, VERDICT):
                break
        assert "RIGHT" in _text(board, VERDICT), "no right play in 15"
        # The guess box is drawn after the verdict and the hand (its new rows are views made in turn).
        page.wait_for_selector(".eleusis-guess-box .eleusis-find-rules", state="visible", timeout=30_000)
        board.evaluate(SETTLE)
        words = board.query_selector(".eleusis-guess-words input")
        guesser = board.query_selector(".eleusis-guess-box select").evaluate("(s) => s.value")
        said = "the colours go red, black, red, black"
        words.fill(said)
        page.wait_for_timeout(300)
        board.query_selector(".eleusis-find-rules").click()
        page.wait_for_selector(".eleusis-guess-choices .eleusis-chooser-row", timeout=60_000)
        board.evaluate(SETTLE)
        rows = page.evaluate(_GUESS_ROWS, board)
        assert 2 <= len(rows) <= 5 and all(r["size"] >= 18 for r in rows), rows
        assert all(a["bottom"] <= b["top"] for a, b in itertools.pairwise(rows)), f"rows overlap: {rows}"
        assert all(r["right"] <= SIZES[size_name]["width"] for r in rows), rows
        page.screenshot(path=f"{shot}-chooser.png")
        # The row clicked: the second, or the next one that is not the secret (a right guess would end
        # the round and reveal it).
        k = next(k for k in range(1, len(rows)) if rows[k]["text"] != sentence)
        by_english = {m.english: m.text for m in closest_rules(said, deck="standard", k=5)}
        judged = by_english[rows[k]["text"]]
        clicked = page.locator(".eleusis-guess-choices .eleusis-chooser-row").nth(k)
        clicked.scroll_into_view_if_needed()
        clicked.click()
        page.wait_for_timeout(300)
        # "Open in the builder" shows the row clicked as rows of choices, inside the screen, to adjust.
        board.query_selector(".eleusis-guess-choices .eleusis-chooser-to-builder").click()
        built = page.locator(".eleusis-guess-box .eleusis-rule-builder")
        built.locator(".eleusis-builder-english").get_by_text(rows[k]["text"]).wait_for(timeout=30_000)
        box = built.bounding_box()
        assert box is not None and box["x"] + box["width"] <= SIZES[size_name]["width"] + 1, box
        page.screenshot(path=f"{shot}-guess-builder.png")
        board.query_selector(".eleusis-judge-choice").click()
        page.wait_for_function(
            "([b, who]) => b.querySelector('.eleusis-verdict').innerText.includes(who + \"'s guess\")",
            arg=[board, guesser],
            timeout=30_000,
        )
        board.evaluate(SETTLE)
        assert judged in _text(board, VERDICT), (judged, _text(board, VERDICT))  # the row clicked
        # Said in English (the verdict's large line), the rule text small under it (issue 28).
        assert english(judged) in _text(board, VERDICT), (english(judged), _text(board, VERDICT))
        listed = _text(board, ".eleusis-hypotheses-list")
        assert said in listed and rows[k]["text"] in listed, listed  # the words and the sentence
        assert guesser in _plot_text(page, board)["marks"], "the judged guess is not on the narrowing plot"
        _assert_secret(page, secrets)  # the chooser is put away: nothing of the secret before the reveal
        page.screenshot(path=f"{shot}-judged.png")
    except Exception:
        page.screenshot(path=f"{shot}-failure.png")
        raise
    finally:
        page.close()
