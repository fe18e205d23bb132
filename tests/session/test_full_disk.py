"""A full disk on each board (issue 29, item 12): the action is taken back, the board says why, Undo works,
and the session and its file agree after every click.

On main at 9ce6a36 the session took the action back but kept the refused action's verdict as its notice
(the next redraw showed "A♠ is wrong: Ben draws 1 card" for a play that never happened), and the round
boards' four-colour toggle raised ``OSError`` out of its observer.  The last test fills a real 40 KB
tmpfs (in a user namespace, where the machine allows one).
"""

from __future__ import annotations

import errno
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import eleusis_lab.files
from eleusis_lab.session import TableSession

FULL = "could not be saved (No space left on device)"


class Disk:
    """The package's one writer, failing while ``full`` (as on a full disk or an exceeded quota)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        real = eleusis_lab.files.write_atomically

        def write(*args: Any, **kwargs: Any) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(*args, **kwargs)

        monkeypatch.setattr(eleusis_lab.files, "write_atomically", write)


def _agree(session: TableSession) -> None:
    assert session.save_path is not None
    assert TableSession.resume(session.save_path).to_json() == session.to_json()


def _text(html: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", html)


def test_the_class_board_takes_back_a_play_it_cannot_save(tmp_path: Path, monkeypatch) -> None:
    from eleusis_lab.widgets import ClassBoard

    disk, now = Disk(monkeypatch), [0.0]
    board = ClassBoard(
        "express",
        ["Ana", "Ben", "Cy"],
        rule="express-1",
        seed=3,
        autosave=tmp_path / "c.json",
        clock=lambda: now[0],
    )
    board.deal()
    now[0] += 5
    r = board.session.round
    assert r is not None and r.current_player is not None
    before, verdict = board.session.to_json(), board.verdict_html
    disk.full = True
    assert not board.play([r.hand(r.current_player)[0]])
    assert FULL in _text(board.message_html) and "taken back" in board.message_html
    assert board.session.to_json() == before
    board.render()  # any redraw shows the board as it was, not the refused play's verdict
    assert board.verdict_html == verdict
    assert not board.undo() and "nothing was undone" in board.message_html
    disk.full = False
    _agree(board.session)
    now[0] += 5
    assert board.play([r.hand(r.current_player)[0]]) and board.session.plays == 1
    _agree(board.session)
    disk.full = True
    assert not board.undo() and board.session.plays == 1
    disk.full = False
    assert board.undo() and board.session.plays == 0
    _agree(board.session)


def test_the_solo_board_keeps_its_journal_and_prediction_with_the_file(tmp_path: Path, monkeypatch) -> None:
    from eleusis_lab.widgets.solo import SoloBoard

    disk = Disk(monkeypatch)
    board = SoloBoard(rule="express-1", seed=2, autosave=tmp_path / "s.json", clock=lambda: 100.0)
    board.deal()
    for full in (False, True, True, False):
        disk.full = full
        board.predict(True)
        r = board.round
        assert r is not None and r.current_player is not None
        journal = list(board.journal)
        taken = board.play([r.hand(r.current_player)[0]])
        assert taken is not full
        if full:
            assert FULL in _text(board.message_html)
            assert board.journal == journal and board.session.prediction is True  # the prediction stays
        disk.full = False
        _agree(board.session)
    assert len(board.journal) == 2


def test_the_real_cards_board_and_the_four_colour_toggle_on_a_full_disk(tmp_path: Path, monkeypatch) -> None:
    from eleusis_lab.widgets.physical import PhysicalBoard

    disk = Disk(monkeypatch)
    board = PhysicalBoard(
        "express", ["Ana", "Ben"], rule="express-1", autosave=tmp_path / "p.json", hypotheses=False
    )
    board.deal()
    board.pick("5H")
    disk.full = True
    board.pick("6S")
    assert FULL in _text(board.message_html)
    assert board.round is not None and len(board.round.mainline) == 1
    board.four_colour.value = True  # raised OSError out of the observer on main
    assert "could not be saved" in board.message_html
    disk.full = False
    board.pick("6S")
    _agree(board.session)
    assert TableSession.resume(tmp_path / "p.json").board_notes["four_colour"] is True


_TMPFS_SCRIPT = textwrap.dedent(
    """
    import json, os, sys
    from pathlib import Path
    from eleusis_lab.session import SessionError, TableSession
    folder = Path(sys.argv[1])
    s = TableSession(folder / "class-session.json")
    s.begin("express", ["Ana", "Ben", "Cy"], "express-1", seed=3)
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    while True:  # fill the disk, then give back 8 KB: the session outgrows them in a few plays
        try:
            os.write(fd, b"x" * 1024)
        except OSError:
            break
    os.ftruncate(fd, max(0, os.fstat(fd).st_size - 8192))
    os.close(fd)
    refused = 0
    for _ in range(12):
        r = s.round
        before = s.to_json()
        try:
            s.play([r.hand(r.current_player)[0]])
        except SessionError as error:
            refused += 1
            assert "No space left on device" in str(error) and s.to_json() == before, str(error)
        on_disk = TableSession.resume(s.save_path)
        assert on_disk.to_json() == s.to_json(), "the file and the session disagree"
    filler.unlink()
    s.play([s.round.hand(s.round.current_player)[0]])
    s.undo()
    assert TableSession.resume(s.save_path).to_json() == s.to_json()
    print(json.dumps({"refused": refused, "taken": s.plays}))
    """
)


def test_a_real_40_kb_tmpfs(tmp_path: Path) -> None:
    unshare = shutil.which("unshare")
    if unshare is None or subprocess.run([unshare, "-rm", "true"], capture_output=True).returncode != 0:
        pytest.skip(
            "no user namespace here to mount a small tmpfs in (the monkeypatched disk above stands in)"
        )
    mount = tmp_path / "tiny"
    mount.mkdir()
    script = tmp_path / "fill.py"
    script.write_text(_TMPFS_SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [
            unshare,
            "-rm",
            "sh",
            "-c",
            f'mount -t tmpfs -o size=40k tmpfs "{mount}" && exec "{sys.executable}" "{script}" "{mount}"',
        ],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": ":".join(sys.path), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    assert counts["refused"] > 0 and counts["taken"] > 0, counts  # plays saved, then the disk was full
