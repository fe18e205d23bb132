"""Builds the starter pack once per test session (it is also a test: every recipe must build)."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from eleusis_lab.worksheets import build_all
from eleusis_lab.worksheets.build import RECIPE_DIR


@pytest.fixture(scope="session")
def pack(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """name -> {"result", "dir", "answers"} for every recipe of ``worksheets/``."""
    out = tmp_path_factory.mktemp("pack")
    results = build_all(out, RECIPE_DIR)
    return {
        r.recipe.name: {
            "result": r,
            "dir": out,
            "answers": json.loads(r.files["answers"].read_text(encoding="utf-8")),
        }
        for r in results
    }


@functools.cache
def pdf_text(path: Path) -> str:
    """The PDF's text in content order (pdftotext -raw: document order for WeasyPrint; else pypdf)."""
    if shutil.which("pdftotext"):
        return subprocess.run(
            ["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True, text=True
        ).stdout
    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)
