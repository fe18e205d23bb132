"""A teacher runs two whole rounds for a class of five in Voilà, by clicking only (issue 5, "Done when").

The page is ``notebooks/class_of_five.ipynb``: one set-up cell that builds a ``ClassBoard`` for Ana, Ben,
Cy, Dee and Eve.  Everything after it happens on the board, as at the projector: choose the game, type the
secret rule into the hidden field and a seed, deal, click the current player's cards, type a guess into
the guess field, reveal, next round.  Scores are read from the page and checked against RULES.md worked
out from the hand counts the board shows.  Screenshots at 1920×1080 and 1280×720 go to ``out/browser/``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from .harness import (
    ENABLED_CARD,
    HAND_IS_CURRENT,
    SETTLE,
    SIGNATURE,
    TABLE,
    VERDICT,
    artifacts_dir,
    class_deal,
    class_guess,
    hand_settled,
    voila,
)

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "notebooks" / "class_of_five.ipynb"
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve"]
FULL_HD = {"width": 1920, "height": 1080}
SMALL = {"width": 1280, "height": 720}


def _text(board: Any, selector: str) -> str:
    el = board.query_selector(selector)
    return "" if el is None else str(el.inner_text()).strip()


def _hand_counts(board: Any) -> dict[str, int]:
    """``cards in hand: Ana 11, Ben 12, …`` from the status line."""
    status = _text(board, ".eleusis-status")
    found = dict(re.findall(r"(\w+) (\d+)", status.split("cards in hand:")[1]))
    return {p: int(found[p]) for p in PLAYERS}


def _shown_scores(board: Any, where: str = ".eleusis-scores-area") -> dict[str, float]:
    """This round's points from the one scores table (name, this round, match total)."""
    rows = board.query_selector_all(f"{where} .eleusis-scores table tr")
    scores = {}
    for row in rows:
        cells = [str(td.inner_text()).strip() for td in row.query_selector_all("td")]
        if cells:
            scores[cells[0]] = float(cells[1])
    return scores


def _turn(board: Any) -> str:
    """``Ana`` from the status line's ``Ana's turn``."""
    found = re.search(r"(\w+)'s turn", _text(board, ".eleusis-status"))
    assert found, _text(board, ".eleusis-status")
    return found.group(1)


def _shot(page: Any, name: str, size: dict[str, int] = FULL_HD) -> None:
    page.set_viewport_size(size)
    page.wait_for_timeout(150)  # let the layout settle at the new size
    page.screenshot(path=str(artifacts_dir() / f"{name}-{size['width']}x{size['height']}.png"))


def _deal(page: Any, board: Any, game: str, rule: str, seed: str) -> None:
    class_deal(page, board, game, rule, seed)


def _click_a_card(page: Any, board: Any) -> str:
    """Click (a real mouse click) the first card of the current hand; wait until the board has changed."""
    before = board.evaluate(SIGNATURE)
    # The hand on show must be the hand of the player whose turn it is (the board has redrawn): a click
    # on the last player's hand is a stale click, which the board rightly ignores.
    page.wait_for_function(HAND_IS_CURRENT, arg=board, timeout=30_000)
    hand_settled(board)  # the board takes no click for the settle time after the hand changed
    for _attempt in range(10):  # a hand redrawn between finding a card and clicking it: find it again
        card = board.query_selector(ENABLED_CARD)
        assert card is not None, "no clickable card in the hand"
        try:
            label = str(card.inner_text()).strip()
            card.click(timeout=5_000)
            break
        except PlaywrightError:
            page.wait_for_timeout(300)
    else:
        raise AssertionError("the hand kept changing under the mouse")
    page.wait_for_function(f"([b, s]) => ({SIGNATURE})(b) !== s", arg=[board, before], timeout=15_000)
    board.evaluate(SETTLE)
    return label


def _over(board: Any) -> bool:
    return "The round is over" in _text(board, VERDICT)


def _reveal(page: Any, board: Any, rule_text: str) -> str:
    board.query_selector(".eleusis-reveal").click()
    page.wait_for_function(
        "(b) => b.querySelector('.eleusis-reveal-area').innerText.includes('Seal checked')",
        arg=board,
        timeout=30_000,
    )
    revealed = _text(board, ".eleusis-reveal-area")
    assert f"in the rule language: {rule_text}" in revealed
    assert revealed.index("THE SECRET RULE") < revealed.index(rule_text), "plain English first"
    assert "matches this rule" in revealed
    assert board.query_selector(".eleusis-revealed").is_visible()
    return revealed


def test_a_full_express_round_and_a_full_gardner_round_for_five_in_voila(
    browser: Any, tmp_path: Path
) -> None:
    timings: dict[str, Any] = {}
    with voila(NOTEBOOK, tmp_path / "jupyter") as server:
        page = browser.new_page(viewport=FULL_HD)
        try:
            page.goto(server.url + "/", wait_until="domcontentloaded", timeout=120_000)
            page.wait_for_selector(
                ".eleusis-class-board .eleusis-deal, .jp-OutputArea-output[data-mime-type*=error]",
                state="attached",
                timeout=120_000,
            )
            errors = page.query_selector_all(".jp-OutputArea-output[data-mime-type*=error]")
            assert not errors, f"the set-up cell failed in Voilà: {errors[0].inner_text()[:500]}"
            assert page.query_selector(".jp-InputArea-editor") is None, "Voilà must show no code"
            assert "ClassBoard(" not in page.inner_text("body")
            board = page.query_selector(".eleusis-class-board")
            _shot(page, "class5-setup")

            # ---------------------------------------------------------------- Eleusis Express
            _deal(page, board, "Eleusis Express", "express-1", "1")
            assert "card.color" not in page.inner_text("body"), "the secret rule must not show"
            assert _hand_counts(board) == {p: 12 for p in PLAYERS}
            t0 = time.monotonic()
            clicks = 0
            # Play until at least eight cards were judged and the last one was RIGHT: then the player
            # who just played it guesses (a guess may follow only a right play).
            while True:
                player = _turn(board)
                assert player in PLAYERS, player
                label = _click_a_card(page, board)
                clicks += 1
                verdict = _text(board, VERDICT)
                assert verdict.startswith(f"{player} played {label}:"), verdict
                assert ("RIGHT" in verdict) != ("WRONG" in verdict), verdict
                if clicks == 4:
                    _shot(page, "class5-express-playing")
                    _shot(page, "class5-express-playing", SMALL)
                    page.set_viewport_size(FULL_HD)
                if clicks >= 8 and "RIGHT" in verdict:
                    break
                assert clicks < 40, "no right play to guess after"
            assert _text(board, ".eleusis-table") or board.query_selector(f"{TABLE} svg") is not None
            guesser = board.query_selector(".eleusis-guess-box select").evaluate(
                "(s) => s.options[s.selectedIndex].text"
            )
            assert guesser == player, "the guess box should offer the player who has just played right"
            class_guess(page, board, "card.color != prev.color", "The round is over")
            timings["express"] = (clicks, time.monotonic() - t0)
            assert "guess is RIGHT" in _text(board, VERDICT)
            assert f"{guesser} found the rule" in _text(board, VERDICT)
            assert (
                board.query_selector(ENABLED_CARD) is None
                or not board.query_selector(".eleusis-hand").is_visible()
            ), "a finished round offers no cards to play"
            hands = _hand_counts(board)
            expected = {p: 12 - n + (6 if p == guesser else 0) for p, n in hands.items()}
            expected["Dealer"] = max(expected.values())
            assert _shown_scores(board) == expected
            _reveal(page, board, "card.color != prev.color")
            assert _shown_scores(board, ".eleusis-revealed") == expected, "the reveal keeps the scores"
            assert _shown_scores(board) == {}, "the scores are shown once"
            board.query_selector(".eleusis-reveal-area").scroll_into_view_if_needed()
            _shot(page, "class5-express-revealed")
            _shot(page, "class5-express-revealed", SMALL)
            page.set_viewport_size(FULL_HD)

            # ---------------------------------------------------------------- Gardner's Eleusis
            board.query_selector(".eleusis-next-round").click()
            page.wait_for_function(
                "(b) => b.querySelector('.eleusis-deal').offsetParent !== null", arg=board, timeout=15_000
            )
            _deal(page, board, "Gardner's Eleusis (1959)", "gardner-1", "1")
            # 51 cards for five: 10 each, one set aside.
            assert _hand_counts(board) == {p: 10 for p in PLAYERS}
            t0 = time.monotonic()
            first_half = 0
            while "first half" in _text(board, ".eleusis-status"):
                assert "dealer's score" not in _text(board, ".eleusis-status")
                _click_a_card(page, board)
                first_half += 1
                assert first_half <= 50, "the first half has 50 plays (10 cards × 5 players)"
            assert first_half == 50
            status = _text(board, ".eleusis-status")
            assert "second half" in status, status
            assert "phase" not in status and "-half" not in status, "engine words on the status line"
            assert "The first half is over" in _text(board, VERDICT)
            wrong = _hand_counts(board)  # each hand is now exactly that player's wrong cards
            leader = min(wrong.values())
            dealer_score = sum(wrong.values()) - leader - (len(PLAYERS) - 1) * leader
            assert f"dealer's score: {dealer_score}" in _text(board, ".eleusis-status")
            _shot(page, "class5-gardner-half")
            _shot(page, "class5-gardner-half", SMALL)
            page.set_viewport_size(FULL_HD)
            second_half = 0
            while not _over(board):
                _click_a_card(page, board)
                second_half += 1
                assert second_half <= 150, "the second half did not end"
            timings["gardner"] = (first_half, second_half, time.monotonic() - t0)
            left = _hand_counts(board)
            n = len(PLAYERS)
            expected = {p: max(0, sum(left.values()) - c - (n - 1) * c) for p, c in left.items()}
            out = [p for p, c in left.items() if c == 0]
            if out:
                for p in out:
                    expected[p] += 6
            else:
                fewest = [p for p, c in left.items() if c == min(left.values())]
                for p in fewest:
                    expected[p] += 6 / len(fewest)
            expected["Dealer"] = dealer_score
            assert _shown_scores(board) == pytest.approx(expected)
            _reveal(page, board, "if prev is even then card is odd else card is even")
            totals = _text(board, ".eleusis-revealed .eleusis-scores")
            assert "match total (2 rounds)" in totals, totals
            board.query_selector(".eleusis-reveal-area").scroll_into_view_if_needed()
            _shot(page, "class5-gardner-revealed")
            _shot(page, "class5-gardner-revealed", SMALL)
            page.set_viewport_size({"width": 1920, "height": 3000})
            board.screenshot(path=str(artifacts_dir() / "class5-gardner-whole-board.png"))
        except Exception:
            page.screenshot(path=str(artifacts_dir() / "class5-failure.png"))
            raise
        finally:
            page.close()
    # Clicks and seconds of each round (the time includes waiting for the board to settle after each click).
    print(f"\nclass of five: {timings}")
