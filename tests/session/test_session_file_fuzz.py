"""The session-file fuzz of issue 29's "Done when": truncations, type changes, forged events, forged rule
keys and computer seats, huge and odd files.  Every input either resumes exactly or is refused with one
:class:`SessionError` sentence; no other exception type (``judge`` in ``session_files.py``).

On main at 9ce6a36 this corpus (311 inputs) crashed 19 times (an unknown computer kind, ``steps_before``
as text, RecursionError, a card that is ``true``) and loaded 142 of the files; here: no crash, 32 loaded.
"""

from __future__ import annotations

import copy
import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.session import SessionError, TableSession
from tests.security.save_corpus import JSON_VALUES
from tests.session.session_files import SAVES, _paths, corpus, judge, resign, set_at


def test_every_damaged_or_forged_session_file_resumes_exactly_or_is_refused() -> None:
    loaded = refused = 0
    for what, text in corpus(seed=29, per_save=10):
        try:
            session = judge(text)
        except Exception as error:  # a crash: say which input
            raise AssertionError(f"{what}: {type(error).__name__}: {error}"[:300]) from error
        if session is None:
            refused += 1
        else:
            loaded += 1
    assert refused > 250 and loaded >= 1  # an edit may leave a legal session (a rule_key set to None …)
    print(f"session-file fuzz: {loaded + refused} inputs, {loaded} resumed exactly, {refused} refused")


def test_odd_files_on_disk_are_refused_without_reading_them_whole(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(300 * 2**20)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe" + SAVES["real-cards"].encode("utf-16-le"))
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    signal.signal(signal.SIGALRM, _hung)
    signal.alarm(20)  # reading the FIFO would wait for a writer forever
    try:
        for path in (fifo, huge, binary, loop, tmp_path, tmp_path / "missing.json"):
            with pytest.raises(SessionError) as refused:
                TableSession.resume(path)
            assert "\n" not in str(refused.value)
    finally:
        signal.alarm(0)


def _hung(_signal: int, _frame: Any) -> None:
    raise TimeoutError("Resume hangs on a FIFO")


@settings(max_examples=80, deadline=None)
@given(
    name=st.sampled_from(sorted(SAVES)), where=st.integers(0, 10**6), value=JSON_VALUES, signed=st.booleans()
)
def test_random_edits_of_the_json_tree(name: str, where: int, value: Any, signed: bool) -> None:
    data = json.loads(SAVES[name])
    paths = [p for p in _paths(data) if p and p[0] != "checksum"]
    path = paths[where % len(paths)]
    edited = copy.deepcopy(data)
    set_at(edited, path, value)
    judge(resign(edited) if signed else json.dumps(edited, ensure_ascii=False))
