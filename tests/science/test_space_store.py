"""The store of the hypothesis spaces' tables: built once, memory-mapped read-only, never stale."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from eleusis_lab.science import atoms as A
from eleusis_lab.science import grammar, space, space_store
from eleusis_lab.science.space_store import Texts


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh store for this test only (and an empty user cache, an environment store that is not there)."""
    folder = tmp_path / "store"
    monkeypatch.setenv("ELEUSIS_LAB_STORE", str(folder))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(space_store, "shared_dir", lambda: tmp_path / "no-env-store")
    return folder


def _fresh_caches() -> None:
    space_store.atom_table.cache_clear()
    space._base.cache_clear()
    grammar.grammar.cache_clear()


@pytest.fixture
def fresh() -> object:
    """Per-process tables built again for this test, and again afterwards for the next ones."""
    _fresh_caches()
    yield
    _fresh_caches()


def test_texts_behave_like_a_list_of_strings() -> None:
    words = ["card is red", "prev card is red", "", "é ♠ unicode", "card is red or x", "red"]
    texts = Texts.pack(words)
    assert len(texts) == len(words)
    assert list(texts) == words
    assert [texts[i] for i in range(len(words))] == words
    assert texts[-1] == "red" and texts[np.int64(3)] == "é ♠ unicode"
    assert texts[1:4] == words[1:4] and texts[::-2] == words[::-2]
    # index finds whole texts only, never a text inside another
    for i, w in enumerate(words):
        assert texts.index(w) == words.index(w) == i
    assert "red" in texts and "is red" not in texts and 3 not in texts
    with pytest.raises(ValueError):
        texts.index("card is")
    with pytest.raises(IndexError):
        texts[len(words)]
    assert random.Random(0).sample(texts, 3) == random.Random(0).sample(words, 3)
    with pytest.raises(ValueError, match="newline"):
        Texts.pack(["two\nlines"])


def test_built_once_then_mapped_read_only(store: Path) -> None:
    calls = []

    def build() -> dict[str, Any]:
        calls.append(1)
        return {"w": np.linspace(0, 1, 1000), "ok": np.arange(10) % 2 == 0, "names": ["a", "bb", "ccc"]}

    first = space_store.arrays("demo", build, sources=(A,))
    again = space_store.arrays("demo", build, sources=(A,))
    assert calls == [1], "the second call reads the store"
    entries = [p.name for p in store.iterdir()]
    assert len(entries) == 1 and entries[0].startswith("demo-")
    for values in (first, again):
        w = space_store.array(values, "w")
        assert np.array_equal(w, np.linspace(0, 1, 1000)) and not w.flags.writeable
        assert isinstance(w.base, np.memmap), "mapped from the file, not read into memory"
        assert list(values["names"]) == ["a", "bb", "ccc"] and isinstance(values["names"], Texts)
        with pytest.raises(ValueError):
            w[0] = 5.0  # read-only: one kernel cannot change what the others read


def test_a_code_change_builds_a_new_entry_and_a_broken_one_is_rebuilt(store: Path) -> None:
    calls = []

    def build() -> dict[str, Any]:
        calls.append(1)
        return {"x": np.arange(5)}

    space_store.arrays("demo", build, sources=(A,))
    space_store.arrays("demo", build, sources=(A, sys.modules[__name__]))
    assert len(calls) == 2 and len(list(store.iterdir())) == 2, "other source, other fingerprint"
    (entry,) = [p for p in store.iterdir() if p.name.endswith(space_store.fingerprint("demo", (A,)))]
    (entry / "x.npy").unlink()
    values = space_store.arrays("demo", build, sources=(A,))
    assert len(calls) == 3 and list(space_store.array(values, "x")) == [0, 1, 2, 3, 4]
    assert (entry / "x.npy").exists(), "the broken entry was replaced"


def test_two_writers_leave_one_whole_entry(store: Path) -> None:
    one = space_store._write(store, "demo-1", {"x": np.arange(3), "t": ["a"]})
    two = space_store._write(store, "demo-1", {"x": np.arange(3), "t": ["a"]})
    assert one == two and [p.name for p in store.iterdir()] == ["demo-1"]
    names = sorted(p.name for p in one.iterdir())
    assert names == ["manifest.json", "t.ends.npy", "t.utf8", "x.npy"], "no temporary file left"
    assert list(space_store.array(space_store._open(one), "x")) == [0, 1, 2]


def test_nothing_writable_builds_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ELEUSIS_LAB_STORE", str(blocker / "store"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))
    monkeypatch.setattr(space_store, "shared_dir", lambda: blocker / "env")
    values = space_store.arrays("demo", lambda: {"x": np.arange(4), "t": ["p", "q"]}, sources=(A,))
    assert list(space_store.array(values, "x")) == [0, 1, 2, 3] and list(values["t"]) == ["p", "q"]


def test_stored_atom_table_is_the_built_one(store: Path, fresh: object) -> None:
    for deck, build in (("letters", A.build_letter_atoms), ("standard", A.build_standard_atoms)):
        built, groups = build()
        for _ in range(2):  # built and written, then read back
            space_store.atom_table.cache_clear()
            table, stored_groups = space_store.atom_table(deck)
            assert stored_groups == groups
            for name in ("offsets", "flat", "term_of", "costs", "roles"):
                assert np.array_equal(getattr(table, name), getattr(built, name)), name
            assert len(table) == len(built) and list(table.texts) == built.texts
            values, missing = (A.standard_situation if deck == "standard" else A.letter_situation)(
                *_situation(deck)
            )
            assert np.array_equal(table.evaluate(values, missing), built.evaluate(values, missing))


def _situation(deck: str) -> tuple[object, list[object]]:
    from eleusis_lab.cards import letter_deck, standard_deck

    faces = standard_deck() if deck == "standard" else letter_deck()
    return faces[5], [faces[17], faces[40]]


def test_spaces_from_the_store_judge_as_built_ones(store: Path, fresh: object) -> None:
    from eleusis_lab.cards import parse_cards
    from eleusis_lab.science import HypothesisSpace

    four, seven, nine = parse_cards("4D 7S 9S")
    results = []
    for _ in range(2):  # first built (and stored), then mapped from the store
        _fresh_caches()
        s = HypothesisSpace()
        s.observe([four], seven, True)
        s.observe([four, seven], nine, False)
        results.append((len(s), s.remaining(), s.top_texts(5), s.total_mass()))
        logw = s._base.logw[3]
        assert not logw.flags.writeable
    assert results[0] == results[1]
    names = sorted(p.name.rsplit("-", 1)[0] for p in store.iterdir())
    assert names == ["atoms-standard", "space-standard"]


def test_prepare_fills_a_folder_for_everyone(tmp_path: Path, store: Path, fresh: object) -> None:
    target = tmp_path / "for-the-class"
    assert space_store.prepare(target) == target
    names = sorted(p.name.rsplit("-", 1)[0] for p in target.iterdir())
    assert names == ["atoms-letters", "atoms-standard", "space-letters", "space-standard"]
    assert not store.exists(), "prepare writes only where it is told"


def test_the_admin_command_fills_the_folder(tmp_path: Path) -> None:
    """``eleusis-lab prepare DIR``, as docs/school-server.md tells the admin."""
    import subprocess

    target = tmp_path / "shared"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("ELEUSIS_LAB_STORE", None)
    result = subprocess.run(
        [sys.executable, "-m", "eleusis_lab.cli", "prepare", str(target)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    names = sorted(p.name.rsplit("-", 1)[0] for p in target.iterdir())
    assert names == ["atoms-letters", "atoms-standard", "space-letters", "space-standard"], result.stdout
    assert not (tmp_path / "cache").exists(), "nothing written to the user's cache"
