"""What the printed pack shows a teacher: the reading box, the legend, names, words, measured difficulty,
a tagged PDF with the card names as alternative text, and last pages put to use."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import pdf_text
from pypdf import PdfReader

from eleusis_lab.worksheets import build, load_recipe, parse_recipe
from eleusis_lab.worksheets.builder import OWN_RULE_MIN_MM, RECIPE_DIR, free_mm, generate, render
from eleusis_lab.worksheets.html import card_words, document

pytestmark = pytest.mark.xdist_group("worksheets")

PUZZLE_PACK = ("express-easy", "express-medium", "express-hard", "gardner-easy", "gardner-medium",
               "gardner-hard", "letters")  # fmt: skip


def _pages(path: Path) -> list[str]:
    return [re.sub(r"\s+", " ", p) for p in pdf_text(path).split("\f") if p.strip()]


def test_page_one_teaches_how_to_read_a_table_and_every_page_has_a_name_line(pack: dict) -> None:
    for name in PUZZLE_PACK:
        pages = _pages(pack[name]["files"]["sheet-pdf"])
        first = pages[0]
        assert "How to read a table" in first, name
        for words in ("start card", "top card", "second card from the top",
                      "under the card it tried to follow", "accepts any card"):  # fmt: skip
            assert words in first, (name, words)
        assert all("Name:" in page for page in pages), name
        assert "the card under it" not in " ".join(pages)


def test_letter_cards_are_written_in_words(pack: dict) -> None:
    from eleusis_lab.cards import Card

    assert card_words(Card.parse("E red square red")) == "E (red ink, square, red outline)"
    key = " ".join(_pages(pack["letters"]["files"]["key-pdf"]))
    assert re.search(r"[A-E] \((red|blue|green) ink, (circle|square), (red|black) outline\)", key)
    assert not re.search(r"\b[A-E] (red|blue|green) (circle|square) (red|black)\b", key)


def test_measured_difficulty_is_printed_per_puzzle(pack: dict) -> None:
    for name in PUZZLE_PACK:
        key = " ".join(_pages(pack[name]["files"]["key-pdf"]))
        for p in pack[name]["answers"]["puzzles"]:
            if p["kind"] not in ("find-the-rule", "what-next", "survivors"):
                continue
            d = p["difficulty"]
            n = len(d["solved_by"])
            want = "easy" if n == d["players"] else "medium" if n >= d["players"] - 2 else "hard"
            assert d["measured"] == want and d["recipe"] in ("easy", "medium", "hard")
            assert f"{want}: {n} of {d['players']} simulated players solve it" in key, (name, p["number"])
    labels = {
        p["difficulty"]["measured"]
        for n in PUZZLE_PACK
        for p in pack[n]["answers"]["puzzles"]
        if "difficulty" in p
    }
    assert len(labels) >= 2, "the measure tells puzzles apart"


def _alt_texts(node, out: list[str], depth: int = 0) -> list[str]:
    """Every /Alt of the structure tree (the figures' alternative texts)."""
    node = node.get_object()
    if depth > 60:
        return out
    if isinstance(node, list):
        for kid in node:
            _alt_texts(kid, out, depth + 1)
    elif hasattr(node, "get"):
        if "/Alt" in node:
            out.append(str(node["/Alt"]))
        if "/K" in node:
            _alt_texts(node["/K"], out, depth + 1)
    return out


def test_pdfs_are_tagged_with_card_names_as_alternative_text(pack: dict) -> None:
    reader = PdfReader(str(pack["express-easy"]["files"]["sheet-pdf"]))
    root = reader.trailer["/Root"]
    assert root["/MarkInfo"]["/Marked"] and root["/Lang"] == "en"
    assert b"pdfuaid" in root["/Metadata"].get_object().get_data()  # the XMP metadata declares PDF/UA-1
    alts = _alt_texts(root["/StructTreeRoot"], [])
    first = pack["express-easy"]["answers"]["puzzles"][0]["layout"]["mainline"][0]
    from eleusis_lab.cards import Card

    assert Card.parse(first).name in alts
    assert len(alts) > 50 and all(re.fullmatch(r"[a-z0-9 ]+ of [a-z]+", a) for a in alts)


def test_greyscale_sheets_carry_a_legend(tmp_path) -> None:
    for name in ("letters", "express-easy"):
        recipe = replace(load_recipe(RECIPE_DIR / f"{name}.toml"), greyscale=True)
        html = document(recipe, generate(recipe), key=False)
        assert "Printed in black and white" in html
        assert ("dashed" in html and "hollow" in html) if name == "letters" else "hollow" in html


def test_a_last_page_with_room_gets_a_your_own_rule_box(pack: dict, tmp_path) -> None:
    text = (
        'title = "T"\nseed = 5\ndeck = "double"\nrules = ["express-1"]\n'
        '[[puzzles]]\nkind = "find-the-rule"\ncount = 1\n'
    )
    recipe = parse_recipe(text, name="two")
    plain = render(document(recipe, generate(recipe), key=False))
    assert free_mm(plain) >= OWN_RULE_MIN_MM  # the puzzle alone on page 2, after the worked example
    result = build(recipe, tmp_path)
    pages = _pages(result.files["sheet-pdf"])
    assert len(pages) == len(plain.pages) and "Your own rule" in pages[-1]  # no new page
    assert free_mm(render(result.files["sheet-html"].read_text("utf-8"))) < 10  # the box fills it
    for name in PUZZLE_PACK:  # no student's last page of the pack is left with room for the box
        html = Path(pack[name]["files"]["sheet-html"]).read_text(encoding="utf-8")
        assert free_mm(render(html)) < OWN_RULE_MIN_MM, name
