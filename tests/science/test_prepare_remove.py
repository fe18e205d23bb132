"""``eleusis-lab prepare`` fails when it writes nothing (issue 32 #4), and ``prepare --remove`` (issue 33)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from eleusis_lab.cli import main
from eleusis_lab.science import grammar, space, space_store


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    """No store but the one named, and per-process tables built again for this test and after it."""
    monkeypatch.delenv("ELEUSIS_LAB_STORE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(
        space_store, "shared_dir", lambda: tmp_path / "env" / "share" / "eleusis-lab" / "store"
    )
    for cached in (space_store.atom_table, space._base, grammar.grammar):
        cached.cache_clear()
    yield
    for cached in (space_store.atom_table, space._base, grammar.grammar):
        cached.cache_clear()


def test_prepare_into_a_folder_it_cannot_write_fails_in_one_sentence(
    tmp_path: Path, fresh: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """Reproducer (fed187d): ``eleusis-lab prepare DIR`` on a read-only DIR printed ``tables ready in
    DIR (0.0 MB, 0.8 s)`` and exited 0 (the tables were built in memory only).  Here the folder's parent
    is a file, which no user can write into, root included."""
    (tmp_path / "a-file").write_text("not a folder")
    assert main(["prepare", str(tmp_path / "a-file" / "store")]) == 2
    out, err = capsys.readouterr()
    assert "tables ready" not in out
    assert err.startswith("eleusis-lab prepare: error: cannot write the tables into ")
    assert err.count("\n") == 1 and "so they are not ready" in err
    assert not (tmp_path / "cache").exists(), "nothing quietly written elsewhere instead"


def test_a_permission_error_is_a_failure_too(
    tmp_path: Path, fresh: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(root: Path, entry: str, values: object) -> Path:
        raise PermissionError(errno.EACCES, "Permission denied", str(root / entry))

    monkeypatch.setattr(space_store, "_write", refuse)
    assert main(["prepare", str(tmp_path / "read-only")]) == 2
    assert "(Permission denied)" in capsys.readouterr().err


def _fake_entry(root: Path, name: str, size: int = 1000) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "logw.npy").write_bytes(b"\0" * size)
    (folder / "manifest.json").write_text("{}")
    return folder


def test_remove_deletes_only_the_kits_tables(tmp_path: Path, fresh: object, capsys) -> None:
    """``pip uninstall`` leaves ``$PREFIX/share/eleusis-lab``: ``prepare --remove`` clears it, and only
    the table folders the kit writes, never anything else a mistyped DIR might hold."""
    store = space_store.shared_dir()
    _fake_entry(store, "atoms-standard-0123456789abcdef", 3 * 2**20)
    _fake_entry(store, "space-letters-fedcba9876543210")
    assert main(["prepare", "--remove"]) == 0
    assert capsys.readouterr().out.startswith(f"removed 2 table folders (3.0 MB) in {store}")
    assert not store.parent.exists() and store.parent.parent.exists()  # share/eleusis-lab gone, share kept

    other = tmp_path / "mixed"
    _fake_entry(other, "atoms-standard-0123456789abcdef")
    _fake_entry(other, "photos-0123456789abcdef").joinpath("holiday.jpg").write_bytes(b"jpg")
    (other / "notes.txt").write_text("keep me")
    (other / "atoms-standard-not-an-entry").mkdir()
    assert main(["prepare", "--remove", str(other)]) == 0
    assert sorted(p.name for p in other.iterdir()) == [
        "atoms-standard-not-an-entry",
        "notes.txt",
        "photos-0123456789abcdef",
    ]
    assert main(["prepare", "--remove", str(tmp_path / "nothing-here")]) == 0
    assert "no tables" in capsys.readouterr().out.splitlines()[-1]
