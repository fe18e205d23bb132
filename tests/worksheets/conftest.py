"""Builds the starter pack once per test session (it is also a test: every recipe must build).

Under pytest-xdist the workers share one build: the first worker to get the lock builds the pack into
the session's shared temporary folder, the others wait and read it.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from eleusis_lab.worksheets import build_all, load_recipe, recipes
from eleusis_lab.worksheets.builder import RECIPE_DIR

FILES = {
    "sheet-pdf": "{}.pdf",
    "sheet-html": "{}.html",
    "key-pdf": "{}-key.pdf",
    "key-html": "{}-key.html",
    "answers": "{}-answers.json",
}


@pytest.fixture(scope="session")
def pack(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """name -> {"files": {which: path}, "answers": the parsed answers} for each recipe of ``worksheets/``."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        out = tmp_path_factory.mktemp("pack")
        build_all(out, RECIPE_DIR)
    else:
        out = tmp_path_factory.getbasetemp().parent / "worksheets-pack"
        with open(out.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (out / "BUILT").exists():
                build_all(out, RECIPE_DIR)
                (out / "BUILT").write_text("ok")
    found: dict[str, dict[str, Any]] = {}
    for path in recipes(RECIPE_DIR):
        name = load_recipe(path).name
        files = {which: out / pattern.format(name) for which, pattern in FILES.items()}
        files = {which: p for which, p in files.items() if p.exists()}
        found[name] = {"files": files, "answers": json.loads(files["answers"].read_text(encoding="utf-8"))}
    return found


@functools.cache
def pdf_text(path: Path) -> str:
    """The PDF's text in content order (pdftotext -raw: document order for WeasyPrint; else pypdf)."""
    if shutil.which("pdftotext"):
        return subprocess.run(
            ["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True, text=True
        ).stdout
    from pypdf import PdfReader

    # pages joined by a form feed, as pdftotext marks a page break
    return "\f".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)
