"""Issue 32 #5: files left behind, and files more readable than the user asked.

Reproducers (fed187d): ``kill -9`` during an autosave left ``.eleusis-*.tmp`` files (8 after 25 kills)
that nothing ever removed; worksheets, answer keys and lesson copies were written 0644 even under
``umask 077``, so where home folders can be traversed students could read ``~teacher/…/*-key.pdf``.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from eleusis_lab.files import (
    PRIVATE,
    SHARED,
    STALE_TEMPORARY_S,
    remove_abandoned_temporaries,
    write_atomically,
)
from eleusis_lab.lesson_copy import copy_lessons
from eleusis_lab.lesson_copy import kit_recipes as recipes_folder

LONG_AGO = STALE_TEMPORARY_S + 60


def _killed_mid_write(folder: Path) -> Path:
    """A process killed with SIGKILL between writing its temporary file and renaming it (an autosave)."""
    script = textwrap.dedent(
        f"""
        import os, signal
        from eleusis_lab import files
        os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)
        files.write_atomically({str(folder / "round.json")!r}, '{{"secret": "card is red"}}')
        """
    )
    result = subprocess.run([sys.executable, "-c", script], env=os.environ, timeout=60)
    assert result.returncode == -9
    [left] = folder.glob(".eleusis-*.tmp")
    return left


def _age(path: Path, seconds: float) -> None:
    then = path.stat().st_mtime - seconds
    os.utime(path, (then, then), follow_symlinks=False)


def test_a_killed_writers_temporary_file_is_removed_once_abandoned(tmp_path: Path) -> None:
    left = _killed_mid_write(tmp_path)
    assert remove_abandoned_temporaries(tmp_path) == []  # just written: it could still be a live writer's
    _age(left, LONG_AGO)
    assert remove_abandoned_temporaries(tmp_path) == [left.name]
    assert not left.exists()


def test_the_next_write_into_the_folder_cleans_up(tmp_path: Path) -> None:
    left = _killed_mid_write(tmp_path)
    _age(left, LONG_AGO)
    write_atomically(tmp_path / "round.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["round.json"]


@pytest.fixture
def live_writer(tmp_path: Path) -> Iterator[Path]:
    """An old temporary file whose writer still holds its lock (a very slow disk, a stopped process)."""
    path = tmp_path / ".eleusis-0123456789ab.tmp"
    path.write_bytes(b"half")
    fd = os.open(path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    _age(path, LONG_AGO)
    yield path
    os.close(fd)


def test_never_a_live_writers_file_nor_anything_not_ours(tmp_path: Path, live_writer: Path) -> None:
    others = {
        ".eleusis-notes.txt": b"x",  # not a temporary name
        "eleusis-0123456789ab.tmp": b"x",  # not hidden: not ours
        ".other-0123456789ab.tmp": b"x",
    }
    for name, data in others.items():
        (tmp_path / name).write_bytes(data)
        _age(tmp_path / name, LONG_AGO)
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    link = tmp_path / ".eleusis-abcdefabcdef.tmp"
    link.symlink_to(outside)
    _age(link, LONG_AGO)
    (tmp_path / ".eleusis-fedcbafedcba.tmp").mkdir()
    assert remove_abandoned_temporaries(tmp_path) == []
    assert live_writer.exists() and link.is_symlink() and outside.read_text() == "keep"
    assert all((tmp_path / name).exists() for name in others)


@pytest.fixture
def umask_077() -> Iterator[None]:
    before = os.umask(0o077)
    yield
    os.umask(before)


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_shared_files_honour_the_umask_and_saves_stay_private(tmp_path: Path, umask_077: None) -> None:
    write_atomically(tmp_path / "figure.svg", "<svg/>", mode=SHARED)
    write_atomically(tmp_path / "round.json", "{}")
    assert _mode(tmp_path / "figure.svg") == _mode(tmp_path / "round.json") == PRIVATE
    # the hypothesis tables are for every user of a school server, whatever the admin's umask
    write_atomically(tmp_path / "table.npy", b"", mode=SHARED, exact=True)
    assert _mode(tmp_path / "table.npy") == SHARED


def test_lesson_copies_honour_the_umask(tmp_path: Path, umask_077: None) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "01_a.ipynb").write_text("{}", encoding="utf-8")
    report = copy_lessons(tmp_path / "mine", source=kit)
    assert report.copied == ["01_a.ipynb"]
    assert _mode(tmp_path / "mine" / "01_a.ipynb") == 0o600


def test_answer_keys_are_owner_only_and_sheets_honour_the_umask(tmp_path: Path) -> None:
    from eleusis_lab.worksheets.builder import build

    recipe = recipes_folder() / "express-easy.toml"
    before = os.umask(0o022)
    try:
        open_files = build(recipe, tmp_path / "022", pdf=False).files
    finally:
        os.umask(0o077)
    try:
        closed_files = build(recipe, tmp_path / "077", pdf=False).files
    finally:
        os.umask(before)
    assert _mode(open_files["sheet-html"]) == 0o644
    assert _mode(open_files["key-html"]) == _mode(open_files["answers"]) == 0o600
    assert {_mode(p) for p in closed_files.values()} == {0o600}
