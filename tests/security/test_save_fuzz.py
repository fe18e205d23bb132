"""Save files, damaged and forged (issue 11, findings 1 and 7, and the save fuzz of "Done when").

Every input is either loaded as a round that passes the conformance checks of ``eleusis_lab.testing``,
or refused with one :class:`BadSave` sentence; loading never creates or changes a file.  The inputs
and the oracle are in ``save_corpus.py``; this run takes a third of the corpus (``scripts/soak.py
--saves`` takes all of it) plus random edits of the JSON tree driven by hypothesis.

Reproducer (finding 1): a save carrying ``"options": {"autosave": "/home/teacher/.bashrc", …}`` (its
checksum recomputed: it is plain SHA-256) made ``load_round`` write the round's JSON to that path,
even when the load was then refused for a bad event.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.play import load_round
from tests.security.save_corpus import JSON_VALUES as _JSON
from tests.security.save_corpus import SAVES, Tally, conformance, corpus, no_writes, resign


def _listing(folder: Path) -> dict[str, tuple[int, float]]:
    return {str(p): (p.stat().st_size, p.stat().st_mtime) for p in folder.rglob("*")}


def test_every_damaged_or_forged_save_is_refused_or_loads_a_conformant_round(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("ELEUSIS_LAB_SAVES", str(tmp_path / "saves"))
    (tmp_path / "victim.txt").write_text("the teacher's .bashrc\n")
    before = _listing(tmp_path)
    tally = Tally()
    for what, text in corpus(tmp_path, full=False):
        tally.judge(text, what)
    assert _listing(tmp_path) == before  # nothing created, nothing changed
    assert (tmp_path / "victim.txt").read_text() == "the teacher's .bashrc\n"
    assert tally.loaded >= len(SAVES)  # the untouched saves load (and an edit may leave a legal round)
    assert tally.refused > 1500
    print(f"save fuzz: {tally.loaded + tally.refused} inputs, {tally.loaded} loaded, {tally.refused} refused")


def test_loading_from_a_path_writes_nothing(tmp_path: Path) -> None:
    """``load_round(path)`` reads only (the round never writes a file of its own accord)."""
    path = tmp_path / "round.json"
    path.write_text(SAVES["express-mid"], encoding="utf-8")
    os.utime(path, (1_000_000, 1_000_000))
    with no_writes() as attempts:
        r = load_round(path)
        r.play(r.current_player, r.hand(r.current_player)[0])
    assert not attempts and path.stat().st_mtime == 1_000_000


# -- random edits of the JSON tree ------------------------------------------------------------------------


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


_FUZZ_TMP = Path(tempfile.mkdtemp(prefix="eleusis-fuzz-"))
_FUZZ = Tally()


@settings(max_examples=150)
@given(
    name=st.sampled_from(sorted(SAVES)),
    where=st.integers(0, 10**6),
    value=_JSON,
    signed=st.booleans(),
)
def test_random_edits_of_the_json_tree(name: str, where: int, value: Any, signed: bool) -> None:
    data = json.loads(SAVES[name])
    paths = [p for p in _paths(data) if p and p[0] != "checksum"]
    path = paths[where % len(paths)]
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    text = resign(data) if signed else json.dumps(data)
    before = _listing(_FUZZ_TMP)
    cwd = os.getcwd()
    os.chdir(_FUZZ_TMP)
    try:
        _FUZZ.judge(text, f"{name}: {'.'.join(map(str, path))} = {value!r}"[:120])
    finally:
        os.chdir(cwd)
    assert _listing(_FUZZ_TMP) == before


@pytest.mark.parametrize("name", sorted(SAVES))
def test_each_saved_round_itself_loads_and_conforms(name: str) -> None:
    r = load_round(SAVES[name])
    assert conformance(r) == []
