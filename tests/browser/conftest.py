"""Fixtures for the real-browser tests: Chromium under Playwright, and a scratch copy of the lessons.

The tests skip only when Chromium is missing *and* ``ELEUSIS_REQUIRE_BROWSER`` is unset; CI sets it, so
a CI machine without a browser fails instead of passing quietly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import CHROMIUM, LESSONS, copy_lessons, launch_chromium

pytestmark = pytest.mark.browser


def _require_browser() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("ELEUSIS_REQUIRE_BROWSER"):
        pytest.fail(f"ELEUSIS_REQUIRE_BROWSER is set but there is no Chromium at {CHROMIUM}")
    pytest.skip(f"no Chromium at {CHROMIUM} (install it: apt-get install chromium)")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def lessons_copy(tmp_path: Path) -> Path:
    """A scratch copy of ``lessons/`` (``ELEUSIS_BROWSER_LESSONS`` may point at another folder)."""
    source = Path(os.environ.get("ELEUSIS_BROWSER_LESSONS", LESSONS))
    return copy_lessons(tmp_path / "lessons", source)
