"""The solo board's benchmark mode in Voilà (headless Chromium), played as a student plays it.

A student says how sure they are with the slider, plays cards by clicking them (once, and by double
clicks), states a wrong rule and then the right one in the guess box.  The test checks what they see: each
verdict, their confidence in the journal, the score of the benchmark's protocol (``31 - N - 2 x wrong``
for a right rule on turn N), their result in its place in the published models' table, and that nothing
on the page gives the secret rule away before the round is over.  Screenshots at 1280 x 720 and
1024 x 768 go to the harness's artifacts folder.

The page is ``notebooks/benchmark_board.ipynb`` (only the board, so the page is ready in seconds).
"""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from eleusis_lab.science.benchmark import PUBLISHED, RULES

from .harness import SETTLE, artifacts_dir, expect, voila

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "notebooks" / "benchmark_board.ipynb"
RULE_KEY = "colours-alternate"  # the notebook's rule
SECRET = next(r.text for r in RULES if r.key == RULE_KEY)
BOARD = ".eleusis-benchmark"
PLAYABLE = f"{BOARD} .eleusis-hand-card:not([disabled])"
SIZES = {"1280x720": {"width": 1280, "height": 720}, "1024x768": {"width": 1024, "height": 768}}

# Everything a student can read or reach on the page: the text drawn, what is typed in the fields, the
# fields' placeholders, the tooltips shown on hover, and the page's whole HTML (hidden parts too).
_READABLE = """() => {
  const fields = Array.from(document.querySelectorAll('input, textarea, select'));
  return {
    text: document.body.innerText,
    values: fields.map(f => f.value).join('\\n'),
    placeholders: fields.map(f => f.placeholder || '').join('\\n'),
    titles: Array.from(document.querySelectorAll('[title]')).map(e => e.title).join('\\n'),
    html: document.documentElement.outerHTML,
  };
}"""


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Any:
    copy = tmp_path / NOTEBOOK.name
    shutil.copy(NOTEBOOK, copy)
    with voila(copy, tmp_path / "jupyter") as server:
        page = browser.new_page(viewport=SIZES["1280x720"])
        try:
            page.goto(server.url + "/", wait_until="domcontentloaded")
            page.wait_for_selector(f"{BOARD} .eleusis-hand-card", state="visible", timeout=90_000)
            yield page
        finally:
            page.close()


def _settle(page: Any) -> None:
    """Wait until the kernel's answer to the last action has all been drawn (300 ms without a change)."""
    page.locator(BOARD).evaluate(SETTLE)


def _nothing_secret(page: Any, when: str) -> None:
    readable = page.evaluate(_READABLE)
    squeeze = SECRET.replace(" ", "")
    for where, text in readable.items():
        found = SECRET in text or squeeze in text.replace(" ", "")
        assert not found, f"the rule is in the {where} {when}"
        assert RULE_KEY not in text, f"the rule's name is in the {where} {when}"


def _shoot(page: Any, name: str) -> None:
    """Screenshots of the board at both classroom sizes (the page is left at 1280 x 720)."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        page.screenshot(path=str(artifacts_dir() / f"benchmark-{name}-{size}.png"))
    page.set_viewport_size(SIZES["1280x720"])


def _journal_rows(page: Any) -> list[str]:
    return page.locator(f"{BOARD} .eleusis-journal tr").all_inner_texts()[1:]  # after the heading


def _slide_to(page: Any, value: int) -> None:
    """Move the confidence slider with the keyboard, as a student can (steps of 5)."""
    handle = page.locator(f"{BOARD} .eleusis-confidence .noUi-handle")
    readout = page.locator(f"{BOARD} .eleusis-confidence .widget-readout")
    handle.focus()
    now = int(readout.inner_text())
    for _ in range(abs(value - now) // 5):
        handle.press("ArrowRight" if value > now else "ArrowLeft")
    assert readout.inner_text() == str(value)
    _settle(page)  # continuous_update=False: the value goes to the kernel on the slider's change


def _verdict_after_playing(page: Any, how: str) -> str:
    """Play the first card of the hand (``click``, ``dblclick``, or two clicks sent at once); the verdict."""
    card = page.locator(PLAYABLE).first
    label = card.inner_text().strip()
    if how == "fast-double":  # both clicks leave before the kernel has answered the first
        card.evaluate("(b) => { b.click(); b.click(); }")
    else:
        getattr(card, how)()
    verdict = page.locator(f"{BOARD} .eleusis-verdict")
    verdict.get_by_text(re.compile(r"is (accepted|rejected)\.")).wait_for(timeout=15_000)
    _settle(page)
    text = verdict.inner_text().strip()
    assert text in (f"{label} is accepted.", f"{label} is rejected."), f"after a {how}: {text!r}"
    assert page.locator(f"{BOARD} .eleusis-hand-card").count() > 0, "the hand stays on show"
    assert page.locator(PLAYABLE).count() == 0, "the hand waits for a rule or play on"
    assert page.locator(f"{BOARD} .eleusis-guess input").is_visible()
    return text


def _state_rule(page: Any, text: str, *, enter: bool = False) -> None:
    """Type a rule in the box, then click "State the rule" (or press Enter)."""
    box = page.locator(f"{BOARD} .eleusis-guess input")
    box.fill(text)
    if enter:
        box.press("Enter")
    else:
        page.locator(f"{BOARD} .eleusis-guess-button").click()
    page.locator(f"{BOARD} .eleusis-verdict").get_by_text(re.compile("Right!|Not the rule")).wait_for(
        timeout=15_000
    )
    _settle(page)


def test_a_student_plays_the_benchmark_game_by_clicking(page: Any) -> None:
    status = page.locator(f"{BOARD} .eleusis-scores")
    verdict = page.locator(f"{BOARD} .eleusis-verdict")
    assert "Turn 1 of 30" in status.inner_text() and "scores 30" in status.inner_text()
    _nothing_secret(page, "before the first play")
    _shoot(page, "start")

    # Turn 1: 80 % sure, one click, a wrong rule (2 points).
    _slide_to(page, 80)
    _verdict_after_playing(page, "click")
    assert _journal_rows(page)[0].split("\t")[:1] == ["1"] and "80 %" in _journal_rows(page)[0]
    _nothing_secret(page, "after the first play")
    _shoot(page, "after-a-play")
    _state_rule(page, "card is red")
    assert verdict.inner_text().strip() == "Not the rule: 2 points lost. Play on."
    expect(status).to_contain_text("Wrong guesses 1")
    expect(status).to_contain_text(f"scores {31 - 2 - 2 * 1}")  # a right rule on turn 2 scores 31 - 2 - 2
    assert "card is red ✗" in _journal_rows(page)[0]

    # Turn 2: 30 % sure, a double click plays one card and its verdict stays; a double "Play on" is one.
    _slide_to(page, 30)
    shown = _verdict_after_playing(page, "dblclick")
    assert len(_journal_rows(page)) == 2 and "30 %" in _journal_rows(page)[1]
    page.locator(f"{BOARD} .eleusis-pass").dblclick()
    page.locator(PLAYABLE).first.wait_for(state="visible", timeout=15_000)
    _settle(page)
    assert verdict.inner_text().strip() == shown, "a stale click replaced the verdict"
    assert "Turn 3 of 30" in status.inner_text() and len(_journal_rows(page)) == 2

    # Turn 3: two clicks at once still play one card; then the right rule, typed.
    _verdict_after_playing(page, "fast-double")
    assert len(_journal_rows(page)) == 3
    _nothing_secret(page, "before the right rule is typed")
    _state_rule(page, SECRET, enter=True)
    assert verdict.inner_text().strip() == "Right! That is the rule."
    turn, wrong = 3, 1
    expected = 31 - turn - 2 * wrong
    expect(status).to_contain_text(f"Solved on turn {turn} with 1 wrong guess: score {expected}.")
    assert page.locator(f"{BOARD} .eleusis-hand-card").count() == 0
    assert not page.locator(f"{BOARD} .eleusis-guess input").is_visible()
    assert not page.locator(f"{BOARD} .eleusis-confidence").is_visible()

    # The result, in the published table's own measures, in its place among the language models.
    table = page.locator(f"{BOARD} .eleusis-published")
    assert table.is_visible()
    rows = [r.split("\t") for r in table.locator("tr").all_inner_texts()[1:]]
    assert [r[0] for r in rows if r[0] != "You (this round)"] == [
        p.model for p in sorted(PUBLISHED, key=lambda p: -p.mean_score)
    ]
    you = next(r for r in rows if r[0] == "You (this round)")
    assert you[1:] == ["100%", f"{expected:.1f}", f"{wrong:.2f}"]
    scores = [float(r[2]) for r in rows]
    assert scores == sorted(scores, reverse=True), "the table is ranked by mean score"
    box = table.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1280, "the published table fits the projector"
    bottom = table.evaluate("e => e.getBoundingClientRect().bottom + window.scrollY")
    assert bottom <= 720, f"the published table ends {bottom:.0f} px down the page: off a 1280 x 720 screen"
    _shoot(page, "solved")


def _state_row(page: Any, row: Any) -> str:
    """Click a row of the rules offered, then "State the rule"; the verdict on it."""
    row.click()
    _settle(page)
    page.locator(f"{BOARD} .eleusis-guess-button").click()
    verdict = page.locator(f"{BOARD} .eleusis-verdict")
    verdict.get_by_text(re.compile("Right!|Not the rule")).wait_for(timeout=15_000)
    _settle(page)
    return str(verdict.inner_text().strip())


def test_a_student_states_the_rule_in_words_and_the_row_clicked_is_the_rule_judged(page: Any) -> None:
    """Issue 28 on the benchmark board: no rule text typed.  The student's words offer rules as
    sentences, one readable row each; a wrong row clicked and stated is judged as that rule, then the
    right row solves the round."""
    from eleusis_lab.science.words import closest_rules

    words = "alternate colours"
    offered = closest_rules(words)  # the kernel offers the same rows: one function, no randomness
    right = next(k for k, m in enumerate(offered) if m.text == SECRET)
    wrong = next(k for k in range(len(offered)) if k != right)
    _verdict_after_playing(page, "click")
    box = page.locator(f"{BOARD} .eleusis-guess input")
    box.fill(words)
    box.press("Enter")  # words and Enter: rules to pick from, nothing stated
    rows = page.locator(f"{BOARD} .eleusis-chooser-row")
    rows.first.wait_for(state="visible", timeout=60_000)  # the first reading of words warms up (~4 s)
    _settle(page)
    assert rows.all_inner_texts() == [m.english for m in offered]
    assert "Wrong guesses 0" in page.locator(f"{BOARD} .eleusis-scores").inner_text()
    boxes = [rows.nth(k).bounding_box() for k in range(rows.count())]
    for above, below in itertools.pairwise(boxes):
        assert above and below and above["y"] + above["height"] <= below["y"], "the rows overlap"
    sizes = rows.evaluate_all("rs => rs.map(r => parseFloat(getComputedStyle(r).fontSize))")
    assert min(sizes) >= 18, f"rows at {sizes} px: too small to read from the back of the room"
    _nothing_secret(page, "with the rules offered for the student's words")
    _shoot(page, "words")

    assert _state_row(page, rows.nth(wrong)) == "Not the rule: 2 points lost. Play on."
    assert _journal_rows(page)[0].endswith(f"{offered[wrong].text} ✗"), (
        "the row judged is not the row clicked"
    )
    assert box.input_value() == words, "no rule text was typed"

    _verdict_after_playing(page, "click")
    assert _state_row(page, rows.nth(right)) == "Right! That is the rule."
    status = page.locator(f"{BOARD} .eleusis-scores")
    expect(status).to_contain_text(f"Solved on turn 2 with 1 wrong guess: score {31 - 2 - 2}.")
    _shoot(page, "solved-in-words")
