"""One atomic writer for the whole package (issue 11, finding 6).

Reproducer: ``ClassBoard.save`` and the boards' ``saves.write_sidecar`` (since merged into the one table
session's save) wrote a fixed ``NAME.tmp`` and renamed it,
without fsync: two processes saving to one path raised ``FileNotFoundError`` (one renamed the other's
temporary file away), and a reader saw empty or partial files.
"""

from __future__ import annotations

import ast
import errno
import json
import multiprocessing
import os
from pathlib import Path

import pytest

import eleusis_lab
from eleusis_lab.files import PRIVATE, SHARED, write_atomically

PACKAGE = Path(eleusis_lab.__file__).resolve().parent


def _writer(path: str, who: int, rounds: int) -> None:
    for k in range(rounds):
        # Sizes differ from write to write, so a partial read cannot pass for a whole one.
        data = {"who": who, "k": k, "padding": "x" * (200 + 5000 * ((k + who) % 3))}
        write_atomically(path + ".board.json", json.dumps(data))


def test_two_writers_and_a_reader_on_one_path_never_fail_or_see_half_a_file(tmp_path: Path) -> None:
    path = str(tmp_path / "round.json")
    target = tmp_path / "round.json.board.json"
    ctx = multiprocessing.get_context("fork")
    writers = [ctx.Process(target=_writer, args=(path, who, 150)) for who in (1, 2)]
    for p in writers:
        p.start()
    reads = 0
    while any(p.is_alive() for p in writers) or reads == 0:
        if target.exists():
            data = json.loads(target.read_text(encoding="utf-8"))  # never empty, never cut short
            assert data["who"] in (1, 2) and len(data["padding"]) in (200, 5200, 10200)
            reads += 1
    for p in writers:
        p.join(timeout=60)
        assert p.exitcode == 0, "a writer failed (another writer's temporary file was renamed away?)"
    assert reads > 0
    assert [p.name for p in tmp_path.iterdir()] == [target.name]  # no temporary file left behind


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "save.json"
    write_atomically(target, "old")

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_bytes_and_permissions(tmp_path: Path) -> None:
    write_atomically(tmp_path / "a.pdf", b"%PDF-1.7", mode=SHARED)
    write_atomically(tmp_path / "b.json", "é")
    assert (tmp_path / "a.pdf").read_bytes() == b"%PDF-1.7"
    assert (tmp_path / "b.json").read_bytes() == "é".encode()
    if os.name == "posix":
        assert (tmp_path / "a.pdf").stat().st_mode & 0o777 == SHARED
        assert (tmp_path / "b.json").stat().st_mode & 0o777 == PRIVATE  # saves hold the secret rule


# What writing a file looks like in Python source; only eleusis_lab/files.py may do it.
_WRITERS = {"write_text", "write_bytes", "replace", "rename", "mkstemp", "NamedTemporaryFile", "savefig"}
_MODULE_WRITERS = {"os": {"replace", "rename"}, "shutil": {"copyfile", "copy", "copy2", "copytree", "move"}}


def _writes_in(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        module = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else ""
        if name in _MODULE_WRITERS.get(module, ()):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {module}.{name}()")
            continue
        if name in ("replace", "rename"):
            continue  # str.replace looks like Path.replace; a Path.replace follows a write_text, caught above
        if (
            name == "savefig"
            and node.args
            and isinstance(node.args[0], ast.Name)
            and "buf" in node.args[0].id
        ):
            continue  # a figure drawn into an in-memory buffer, not a file
        if name == "open":
            modes = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant)]
            modes += [
                k.value.value for k in node.keywords if k.arg == "mode" and isinstance(k.value, ast.Constant)
            ]
            if not any(isinstance(m, str) and set(m) & set("wax+") for m in modes):
                continue
        elif name not in _WRITERS:
            continue
        found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {name}()")
    return found


def test_every_file_the_package_writes_goes_through_the_atomic_writer() -> None:
    writes = [
        w for path in sorted(PACKAGE.rglob("*.py")) if path.name != "files.py" for w in _writes_in(path)
    ]
    assert not writes, f"files written without eleusis_lab.files.write_atomically: {writes}"


def test_round_and_board_saves_use_it(tmp_path: Path) -> None:
    from eleusis_lab.play import load_round
    from eleusis_lab.session import TableSession

    s = TableSession(tmp_path / "s.json")
    s.begin("express", ["Ana", "Ben"], "express-1", seed=1)
    r = s.round
    assert r is not None
    s.play(r.hand(r.current_player)[0])
    r.save(tmp_path / "r.json")
    assert load_round(tmp_path / "r.json").to_json() == r.to_json()
    assert TableSession.resume(tmp_path / "s.json").to_json() == s.to_json()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json", "s.json"]
