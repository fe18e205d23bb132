"""Issue 29 #4 and #6 in the browser, on the page `eleusis-lab class` serves, at 1280×720 and 1024×768.

A teacher sets a round up with the projector on: types a rule the check calls not acceptable into the
hidden field, checks it, and deals.  Before the reveal the page's text (and every field a class can
read) never holds the rule nor the check's lists of cards; the verdict under the form is in words, amber
with an icon; Deal asks on a row of its own, a double-click on Deal never deals, and the teacher's own
click on "Yes, deal it anyway" after reading does.  The check's full report is in the "Teacher only"
fold, closed until the teacher opens it.  Once dealt, "Back to set-up" double-clicked only asks.

Screenshots go to ``out/browser/unfair-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from eleusis_lab.rules.checks import check

from .harness import HAND_SETTLE_MS, SETTLE, artifacts_dir, class_dealt
from .test_accidental_clicks import _centre, _clicks
from .test_projector import _FIELD_TEXT, PLAYERS, PROJECTOR, SMALL, _text, class_command

pytestmark = pytest.mark.browser

__all__ = ["class_command"]  # the module's own server (the fixture is module-scoped)

UNFAIR = "card.rank == prev.rank + 1"  # 4 cards never playable; the line dead-ends after a king
TOO_LOOSE = "card is red or card is black"
FAIR = "card.color != prev.color"
MESSAGE = ".eleusis-setup-message"


def _lists(rule: str) -> list[str]:
    """The check's lists as its report writes them (never playable, the dead end's line)."""
    report = check(rule, deck="double")
    found = [" ".join(str(c) for c in report.never_playable)] if report.never_playable else []
    if report.dead_end_example:
        found.append("the mainline " + " ".join(str(c) for c in report.dead_end_example))
    return [*found, "never playable after", "no card is playable", "never are"]


def _projected(page: Any) -> str:
    """What the class can read: the page's visible text and the fields' values and placeholders (a
    password field's value is dots)."""
    return str(page.inner_text("body")) + " " + str(page.evaluate(_FIELD_TEXT))


def _assert_nothing_secret(page: Any, secrets: list[str]) -> None:
    shown = _projected(page)
    leaked = [s for s in secrets if s.lower() in shown.lower()]
    assert not leaked, f"the projector shows {leaked}"


def _shot(page: Any, name: str) -> Path:
    size = page.viewport_size
    path = artifacts_dir() / f"unfair-{name}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(path))
    return path


def _set_up(page: Any, board: Any, rule: str, seed: str) -> None:
    board.query_selector(".eleusis-variant select").select_option(label="Eleusis Express")
    board.query_selector(".eleusis-players input").fill(", ".join(PLAYERS))
    secret = board.query_selector(".eleusis-rule-input input")
    assert secret.get_attribute("type") == "password", "the secret rule is hidden as it is typed"
    secret.fill(rule)
    board.query_selector(".eleusis-seed-input input").fill(seed)
    page.wait_for_timeout(300)  # the typed values reach the kernel before the click


def _message_says(page: Any, board: Any, words: str) -> None:
    page.wait_for_function(
        "([b, words]) => b.querySelector('.eleusis-setup-message').innerText.includes(words)",
        arg=[board, words],
        timeout=30_000,
    )


@pytest.mark.parametrize(("size", "rule"), [(PROJECTOR, UNFAIR), (SMALL, TOO_LOOSE)])
def test_an_unfair_rule_is_set_up_checked_and_dealt_with_nothing_secret_on_the_projector(
    browser: Any, class_command: str, size: dict[str, int], rule: str
) -> None:
    secrets = [rule, *_lists(rule)]
    page = browser.new_page(viewport=size)
    shots: list[Path] = []
    try:
        page.goto(class_command, wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_selector(".eleusis-class-board .eleusis-deal", state="attached", timeout=120_000)
        board = page.query_selector(".eleusis-class-board")

        # A fair rule first: green, with its own icon.
        _set_up(page, board, FAIR, seed="4")
        board.query_selector(".eleusis-check-rule").click()
        _message_says(page, board, "Fair")
        assert _text(board, MESSAGE).startswith("✔ Fair"), _text(board, MESSAGE)
        assert board.query_selector(f"{MESSAGE} .eleusis-banner-accepted") is not None, "green"
        _assert_nothing_secret(page, [FAIR])
        shots.append(_shot(page, "fair"))

        _set_up(page, board, rule, seed="4")

        # Check the rule: the verdict in words, amber with its icon; the lists stay in the closed fold.
        board.query_selector(".eleusis-check-rule").click()
        _message_says(page, board, "Not acceptable")
        verdict = _text(board, MESSAGE)
        assert verdict.startswith("⚠ Not acceptable:"), verdict
        assert ("never playable" in verdict) if rule == UNFAIR else ("too loose" in verdict), verdict
        assert board.query_selector(f"{MESSAGE} .eleusis-banner-warning") is not None, "amber, not blue"
        report = board.query_selector(".eleusis-check-report")
        assert report is not None and not report.is_visible(), "the full report waits in the closed fold"
        _assert_nothing_secret(page, secrets)
        shots.append(_shot(page, "checked"))

        # Deal, double-clicked 250 ms apart: it asks, on a row of its own, and deals nothing.
        deal = _centre(board, ".eleusis-deal")
        _clicks(page, [(*deal, 0), (*deal, 250)])
        board.wait_for_selector(".eleusis-deal-anyway", state="visible", timeout=30_000)
        page.wait_for_timeout(900)  # time for a deal, had the second click made one
        board.evaluate(SETTLE)
        assert board.query_selector(".eleusis-hand-card") is None, "an unfair rule was dealt unasked"
        ask = board.query_selector(".eleusis-unfair-ask").bounding_box()
        row = board.query_selector(".eleusis-deal").bounding_box()
        assert ask["y"] >= row["y"] + row["height"], "the confirm is below Deal, not under its pointer"
        assert "Deal this rule anyway?" in _text(board, ".eleusis-unfair-ask")
        _assert_nothing_secret(page, secrets)
        shots.append(_shot(page, "asks"))

        # The teacher looks in the fold (the projector would show it: the title says Teacher only).
        page.get_by_text("Teacher only — the secret in words").click()
        board.wait_for_selector(".eleusis-check-report", state="visible", timeout=30_000)
        assert "Not acceptable for play" in _text(board, ".eleusis-check-report")
        eye = board.query_selector(".eleusis-secret-eye")
        assert eye.is_visible() and "Show the secret" in eye.inner_text()
        assert eye.query_selector("i.fa-eye") is not None, "the eye is drawn as an icon"
        shots.append(_shot(page, "teacher-fold"))
        page.get_by_text("Teacher only — the secret in words").click()
        board.wait_for_selector(".eleusis-check-report", state="hidden", timeout=30_000)
        _assert_nothing_secret(page, secrets)

        # The teacher has read the reason and decides: the rule is dealt.
        page.wait_for_timeout(HAND_SETTLE_MS)
        board.query_selector(".eleusis-deal-anyway").click()
        class_dealt(page, board)
        assert _text(board, ".eleusis-unfair-ask") == ""
        _assert_nothing_secret(page, [rule, *_lists(rule)[:2]])  # the cards themselves are in hands now
        shots.append(_shot(page, "dealt"))

        # Back to set-up, double-clicked 250 ms apart: it asks on a row of its own and abandons nothing.
        back = _centre(board, ".eleusis-back-to-setup")
        done = _clicks(page, [(*back, 0), (*back, 250)])
        assert done["hits"] == ["Back to set-up", "Back to set-up"], done
        board.wait_for_selector(".eleusis-confirm-abandon", state="visible", timeout=30_000)
        page.wait_for_timeout(900)  # time for the round to go, had the second click abandoned it
        board.evaluate(SETTLE)
        assert board.query_selector(".eleusis-hand-card").is_visible(), "the round was abandoned"
        assert "Abandon this round?" in _text(board, ".eleusis-back-ask")
        shots.append(_shot(page, "back-asks"))
        board.query_selector(".eleusis-abandon-keep").click()
        board.wait_for_selector(".eleusis-confirm-abandon", state="detached", timeout=30_000)
        print("screenshots:", *map(str, shots))
    finally:
        page.close()
