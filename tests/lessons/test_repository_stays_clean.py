"""The lessons run in a working copy, and the stage's ``git status`` comparison catches what a run changes
(the comparison itself runs in ``conftest.py`` around the whole stage; these tests take under a second)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from lesson_kernel import LESSONS_DIR, REPO, working_copy
from repository_state import changes, snapshot

from eleusis_lab.lesson_copy import MANIFEST_NAME


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    _git(tmp_path, "init", "-q")
    (tmp_path / ".gitignore").write_text("out/\n")
    (tmp_path / "lesson.ipynb").write_text("{}\n")
    (tmp_path / "draft.md").write_text("a developer's work in progress\n")
    _git(tmp_path, "add", ".gitignore", "lesson.ipynb")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "lessons")
    return tmp_path


def test_a_changed_lesson_and_a_new_file_are_caught_and_ignored_folders_are_not(repo: Path) -> None:
    before = snapshot(repo)
    assert before is not None and list(before) == ["draft.md"], "the work in progress is there before"
    (repo / "out").mkdir()
    (repo / "out" / "autosave.ipynb").write_text("{}")
    assert changes(before, snapshot(repo) or {}) == [], "out/ is ignored: a working copy may change"
    (repo / "lesson.ipynb").write_text('{"outputs": 7}\n')
    (repo / "lesson.png").write_bytes(b"png")
    assert changes(before, snapshot(repo) or {}) == ["lesson.ipynb: changed", "lesson.png: new, untracked"]


def test_a_file_already_changed_is_caught_when_the_run_changes_it_again(repo: Path) -> None:
    before = snapshot(repo) or {}
    (repo / "draft.md").write_text("overwritten by a lesson\n")
    assert changes(before, snapshot(repo) or {}) == ["draft.md: changed again"]


def test_no_git_checkout_means_nothing_to_compare(tmp_path: Path) -> None:
    assert snapshot(tmp_path / "nowhere") is None


def test_the_working_copy_is_make_labs_copy_in_an_ignored_folder() -> None:
    copy = working_copy()
    notebooks = sorted(p.name for p in LESSONS_DIR.glob("*.ipynb"))
    assert notebooks and all(
        (copy / name).read_bytes() == (LESSONS_DIR / name).read_bytes() for name in notebooks
    )
    assert (copy / "rules.md").is_file(), "the rules page the lessons link to sits beside them"
    assert (copy / MANIFEST_NAME).is_file(), "made by copy_lessons, the copy step of eleusis-lab lab"
    ignored = subprocess.run(["git", "-C", str(REPO), "check-ignore", "-q", str(copy / notebooks[0])])
    assert ignored.returncode == 0, f"{copy} must be ignored by git, as make lab's out/lessons is"
