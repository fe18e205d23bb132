"""``eleusis-lab worksheets``: build, list, overrides, and one-sentence errors."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from eleusis_lab.cli import main

pytestmark = pytest.mark.xdist_group("worksheets")


def test_build_html_only_with_overrides(tmp_path, capsys) -> None:
    code = main(["worksheets", "build", "gardner-easy", "-o", str(tmp_path), "--no-pdf", "--seed", "5",
                 "--greyscale"])  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    assert "gardner-easy.html" in out and "gardner-easy-key.html" in out and ".pdf" not in out
    grey = _with_pictures((tmp_path / "gardner-easy.html").read_text(encoding="utf-8"))
    assert (
        main(["worksheets", "build", "gardner-easy", "-o", str(tmp_path / "c"), "--no-pdf", "--seed", "5"])
        == 0
    )
    colour = _with_pictures((tmp_path / "c" / "gardner-easy.html").read_text(encoding="utf-8"))
    assert RED in colour and "<svg" in colour  # control: the colour build has red suits
    assert RED not in grey and "<svg" in grey  # greyscale: no red anywhere, cards included


RED = "#c8102e"


def _with_pictures(html: str) -> str:
    """The HTML with its base64 card pictures decoded, so colours inside the SVGs can be searched."""
    return html + "".join(
        base64.b64decode(m).decode("utf-8") for m in re.findall(r"data:image/svg\+xml;base64,([^\"]+)", html)
    )


def test_build_letter_paper_pdf(tmp_path) -> None:
    assert main(["worksheets", "build", "worksheets/record-sheets.toml", "-o", str(tmp_path),
                 "--paper", "Letter"]) == 0  # fmt: skip
    reader = PdfReader(str(tmp_path / "record-sheets.pdf"))
    page = reader.pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    # two pages a variant, as on A4: no guess line left alone on a page of its own
    assert len(reader.pages) == 8
    for sheet in reader.pages:
        text = sheet.extract_text() or ""
        assert "Record and score sheet" in text or "Score sheet" in text, text[:200]


def test_build_all_on_letter_paper_in_greyscale(tmp_path, capsys) -> None:
    """``build-all --paper Letter --greyscale`` (the README's options) overrides every recipe."""
    folder = tmp_path / "recipes"
    folder.mkdir()
    (folder / "record-sheets.toml").write_text(
        (Path("worksheets") / "record-sheets.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    out = tmp_path / "out"
    assert (
        main(["worksheets", "build-all", str(folder), "-o", str(out), "--paper", "Letter", "--greyscale"])
        == 0
    )
    assert "record-sheets" in capsys.readouterr().out
    page = PdfReader(str(out / "record-sheets.pdf")).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    html = (out / "record-sheets.html").read_text(encoding="utf-8")
    assert "#c8102e" not in html and "#1e3a8a" not in html  # greyscale: no red, no blue accents


def test_list_and_errors(capsys) -> None:
    assert main(["worksheets", "list"]) == 0
    assert "express-easy" in capsys.readouterr().out
    assert main(["worksheets", "build", "no-such-recipe.toml"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and err.count("\n") == 1
    assert main(["worksheets"]) == 2  # a subcommand is required
