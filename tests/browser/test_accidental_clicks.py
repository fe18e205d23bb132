"""Issue 29 #1-2 in the browser, on the page `eleusis-lab class` serves: the clicks a class makes at the
projector (a double-click 80, 150, 250 and 400 ms apart on a card, on Deal and on Reveal; two cards 60
and 120 ms apart) make exactly one play, one deal, and no reveal.

The clicks are timed inside the page (``setTimeout``, each one on whatever element is under the point
then, as a mouse's second click is), so Playwright's own round trips do not stretch the gaps; the gaps
the page measured are checked too.
"""

from __future__ import annotations

from typing import Any

import pytest

from eleusis_lab.widgets.settle import SETTLE_SECONDS

from .harness import ENABLED_CARD, HAND_IS_CURRENT, HAND_SETTLE_MS, SETTLE, VERDICT, hand_settled
from .test_projector import EXPRESS_RULE, PLAYERS, PROJECTOR, _judged, _text, class_command

pytestmark = pytest.mark.browser

__all__ = ["class_command"]  # the module's server fixture, shared with the projector test's module

GAPS_MS = (80, 150, 250, 400)

# Click at each point after its delay (ms after the click before), on the element under it then;
# returns what was hit and the gaps the page measured.
_CLICKS = """async (points) => {
  const hits = [], times = [];
  for (const [x, y, delay] of points) {
    if (delay) await new Promise(r => setTimeout(r, delay));
    times.push(performance.now());
    const el = document.elementFromPoint(x, y);
    const button = el && el.closest('button');
    hits.push(button ? button.innerText.trim() : (el ? el.tagName : ''));
    if (button) button.click();
  }
  return {hits, gaps: times.slice(1).map((t, i) => t - times[i])};
}"""

_CENTRE = """(el) => {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""


def _centre(board: Any, selector: str, nth: int = 0) -> tuple[float, float]:
    found = board.query_selector_all(selector)
    assert len(found) > nth, f"no {selector} number {nth}"
    found[nth].scroll_into_view_if_needed()
    x, y = found[nth].evaluate(_CENTRE)
    return float(x), float(y)


def _clicks(page: Any, points: list[tuple[float, float, int]]) -> dict[str, Any]:
    done = dict(page.evaluate(_CLICKS, [list(p) for p in points]))
    for measured, (_x, _y, delay) in zip(done["gaps"], points[1:], strict=True):
        # A busy machine may stretch a gap; it still tests the guard while the second click comes well
        # inside the settle time (a slower one would be a second, deliberate click).
        assert delay - 5 <= measured <= min(delay + 250, 0.9 * SETTLE_SECONDS * 1000), (
            f"the page clicked {measured:.0f} ms apart, not {delay}"
        )
    return done


def _quiet(page: Any, board: Any) -> None:
    """Time for a second play or a reveal, had a click made one, and for the board to redraw."""
    page.wait_for_timeout(900)
    board.evaluate(SETTLE)


def _ready_hand(page: Any, board: Any) -> None:
    page.wait_for_function(HAND_IS_CURRENT, arg=board, timeout=30_000)
    board.evaluate(SETTLE)
    hand_settled(board)


def _fill_form(page: Any, board: Any, seed: str) -> None:
    """The set-up form as the teacher fills it (the secret typed into its hidden field), not yet dealt."""
    board.query_selector(".eleusis-variant select").select_option(label="Eleusis Express")
    board.query_selector(".eleusis-players input").fill(", ".join(PLAYERS))
    board.query_selector(".eleusis-rule-input input").fill(EXPRESS_RULE)
    board.query_selector(".eleusis-seed-input input").fill(seed)
    page.wait_for_timeout(300)  # the typed values reach the kernel before the click


def _back_to_setup(page: Any, board: Any) -> None:
    board.query_selector(".eleusis-back-to-setup").click()
    board.wait_for_selector(".eleusis-confirm-abandon", state="visible")
    page.wait_for_timeout(HAND_SETTLE_MS)  # the teacher reads the question (Yes waits the settle time)
    board.query_selector(".eleusis-confirm-abandon").click()
    page.wait_for_function("(b) => b.querySelector('.eleusis-deal').offsetParent !== null", arg=board)
    board.evaluate(SETTLE)


def test_double_clicks_and_quick_clicks_make_one_play_one_deal_and_no_reveal(
    browser: Any, class_command: str
) -> None:
    page = browser.new_page(viewport=PROJECTOR)
    measured: list[str] = []
    try:
        page.goto(class_command, wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_selector(".eleusis-class-board .eleusis-deal", state="attached", timeout=120_000)
        board = page.query_selector(".eleusis-class-board")

        # Deal, double-clicked: one deal, and the second click plays nothing for the first student.
        for n, gap in enumerate(GAPS_MS):
            _fill_form(page, board, seed=str(3 + n))
            deal = _centre(board, ".eleusis-deal")
            done = _clicks(page, [(*deal, 0), (*deal, gap)])
            page.wait_for_function(
                "(b) => b.querySelector('.eleusis-verdict').innerText.includes('Dealt')",
                arg=board,
                timeout=30_000,
            )
            _quiet(page, board)
            verdict = _text(board, VERDICT)
            assert "Dealt" in verdict and "played" not in verdict, (
                f"Deal double-clicked at {gap} ms: {verdict}"
            )
            assert _judged(board) == 1, "only the starter card on the table"
            measured.append(f"deal {gap} ms: {done}")
            if n < len(GAPS_MS) - 1:
                _back_to_setup(page, board)

        # A card, double-clicked: one play.
        for gap in GAPS_MS:
            _ready_hand(page, board)
            before = _judged(board)
            spot = _centre(board, ENABLED_CARD)
            done = _clicks(page, [(*spot, 0), (*spot, gap)])
            _quiet(page, board)
            assert _judged(board) == before + 1, (
                f"a double-click {gap} ms apart made {_judged(board) - before} plays"
            )
            measured.append(f"card {gap} ms: {done}")

        # Two cards of one hand clicked 60 and 120 ms apart: one play.
        for gap in (60, 120):
            _ready_hand(page, board)
            before = _judged(board)
            first, second = _centre(board, ENABLED_CARD, 0), _centre(board, ENABLED_CARD, 1)
            done = _clicks(page, [(*first, 0), (*second, gap)])
            _quiet(page, board)
            assert _judged(board) == before + 1, (
                f"two cards {gap} ms apart made {_judged(board) - before} plays"
            )
            measured.append(f"two cards {gap} ms: {done}")

        # Reveal, double-clicked mid-round: it only asks; nothing is revealed.
        for gap in GAPS_MS:
            spot = _centre(board, ".eleusis-reveal")
            done = _clicks(page, [(*spot, 0), (*spot, gap)])
            _quiet(page, board)
            assert board.query_selector(".eleusis-revealed") is None, (
                f"revealed by a double-click at {gap} ms"
            )
            assert EXPRESS_RULE not in page.inner_text("body")
            assert board.query_selector(".eleusis-reveal-confirm").is_visible(), "the question is asked"
            board.query_selector(".eleusis-reveal-keep").click()
            board.wait_for_selector(".eleusis-reveal-confirm", state="detached")
            measured.append(f"reveal {gap} ms: {done}")
        print("\n".join(measured))
    finally:
        page.close()
