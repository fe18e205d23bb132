"""``eleusis-lab-singleuser``: the hub's student server without the slow ``rfc3987_syntax`` import."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from eleusis_lab import singleuser

CHECK = """
import sys
from eleusis_lab.singleuser import skip_slow_imports
skip_slow_imports()
import jsonschema
from jupyter_events.validators import validate_schema
assert sys.modules["rfc3987_syntax"] is None, "never imported"
# A Jupyter event schema is still validated, formats and all: a good one passes, a bad one fails.
schema = {
    "$id": "https://events.example.org/eleusis/start",
    "version": "1",
    "title": "start",
    "type": "object",
    "properties": {"at": {"type": "string", "format": "date-time"}},
}
validate_schema(schema)
checker = jsonschema.Draft7Validator.FORMAT_CHECKER
validator = jsonschema.Draft7Validator(schema["properties"]["at"], format_checker=checker)
assert validator.is_valid("2026-12-01T12:00:00Z") and not validator.is_valid("at noon")
assert "iri" not in checker.checkers and "date-time" in checker.checkers
print("ok")
"""


def test_event_schemas_are_still_validated_without_the_slow_module() -> None:
    pytest.importorskip("jupyter_events")
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_main_runs_jupyterhub_singleuser(monkeypatch: pytest.MonkeyPatch) -> None:
    hub = pytest.importorskip("jupyterhub.singleuser")
    calls: list[list[str]] = []
    monkeypatch.setattr(hub, "main", lambda: calls.append(list(sys.argv)) or 0)
    monkeypatch.setattr(sys, "argv", ["eleusis-lab-singleuser", "--debug"])
    monkeypatch.delitem(sys.modules, "rfc3987_syntax", raising=False)
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "-")  # remembered as it was, restored afterwards
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_")
    assert singleuser.main() == 0
    assert os.environ["MALLOC_MMAP_THRESHOLD_"] == "131072", "the kernels' malloc setting"
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "65536")
    assert singleuser.main() == 0
    assert os.environ["MALLOC_MMAP_THRESHOLD_"] == "65536", "the hub's own setting wins"
    assert calls[0] == ["jupyterhub-singleuser", "--debug"], "the hub's own server, same arguments"
    assert sys.modules["rfc3987_syntax"] is None
    monkeypatch.delitem(sys.modules, "rfc3987_syntax")
