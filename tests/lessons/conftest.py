"""The lessons stage leaves the repository as it found it (issue 30 #7).

Every lesson runs in a working copy made by ``make lab``'s copy step (``lesson_kernel``); before the first
test and after the last, the controlling pytest process (not an xdist worker) reads ``git status``, and the
stage fails when a tracked file changed or a file appeared outside the ignored folders.
"""

from __future__ import annotations

from typing import Any

import pytest
from lesson_kernel import REPO
from repository_state import changes, snapshot

_BEFORE = pytest.StashKey[Any]()


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    if not _is_worker(session.config):
        session.stash[_BEFORE] = snapshot(REPO)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _is_worker(session.config):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    before = session.stash.get(_BEFORE, None)
    if before is None:  # not a git checkout, or git refused (say so: a check that did not run is news)
        if reporter is not None:
            reporter.write_line(f"git status unavailable in {REPO}: the repository-clean check did not run")
        return
    after = snapshot(REPO)
    changed = changes(before, after or {})
    if changed:
        message = "running the lessons changed the repository (they must run in a working copy):"
        if reporter is not None:
            reporter.write_sep("=", "repository not clean", red=True)
            reporter.write_line(message)
            for line in changed:
                reporter.write_line(f"  {line}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
