"""Each lesson's lab sheet and exit ticket, and the sheets of a class without laptops, build to one-page
PDFs on A4 and Letter (all of them: about 4 seconds)."""

from __future__ import annotations

import tomllib
from html import unescape
from pathlib import Path

import pytest
from lesson_kernel import LESSONS_DIR

from eleusis_lab import scoring
from eleusis_lab.worksheets.labsheets import (
    NO_LAPTOP_SHEETS,
    PAPERS,
    build_lesson_papers,
    build_no_laptop_sheets,
    exit_ticket_html,
    lab_sheet_html,
    record_sheet_html,
)

pypdf = pytest.importorskip("pypdf", reason="the print extra reads the PDFs back")
pytest.importorskip("weasyprint", reason="the print extra builds the PDFs")

# Points: A4 is 210 x 297 mm, Letter 8.5 x 11 in.
SIZES = {"A4": (595, 842), "Letter": (612, 792)}


def test_every_lesson_a_class_meets_has_paper_with_three_answered_questions() -> None:
    unit = tomllib.loads((LESSONS_DIR / "unit.toml").read_text(encoding="utf-8"))
    assert set(unit["core"]) | set(unit["optional"]) == set(PAPERS)
    for paper in PAPERS.values():
        assert (LESSONS_DIR / f"{paper.stem}.md").is_file()
        assert paper.stem.startswith(f"{paper.number:02d}_")
        assert all(question and answer for question, answer in paper.exit_ticket)
        results = {"Verdict", "Computer says", "Fair? Why not?", "God's verdict"}
        assert results & set(paper.columns), f"lesson {paper.number}'s sheet has a column for the result"
        assert paper.question in unescape(lab_sheet_html(paper, "A4"))


def test_answers_are_only_on_the_teachers_ticket() -> None:
    paper = PAPERS["10_how_sure_are_you"]
    student = exit_ticket_html(paper, "A4", answers=False)
    teacher = exit_ticket_html(paper, "A4", answers=True)
    student, teacher = unescape(student), unescape(teacher)
    for question, answer in paper.exit_ticket:
        assert question in student and question in teacher
        assert answer not in student and answer in teacher


def _one_page_of(path: Path) -> str:
    """The text of the PDF's only page, after checking it has one page of the size its name says."""
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 1, f"{path.name} runs over one page"
    box = reader.pages[0].mediabox
    size = next(name for name in SIZES if path.stem.endswith(name))
    assert (round(float(box.width)), round(float(box.height))) == SIZES[size], path.name
    return reader.pages[0].extract_text()


def test_every_lessons_pdfs_are_one_page_each_on_both_papers(tmp_path: Path) -> None:
    paths = build_lesson_papers(tmp_path)
    assert len(paths) == 3 * len(SIZES) * len(PAPERS)
    for stem, paper in PAPERS.items():
        mine = [p for p in paths if p.name.startswith(f"lesson-{paper.number:02d}-")]
        assert len(mine) == 3 * len(SIZES), stem
        for path in mine:
            assert f"lesson {paper.number}" in _one_page_of(path), path.name


def test_the_no_laptop_sheets_are_one_page_each_on_both_papers(tmp_path: Path) -> None:
    paths = build_no_laptop_sheets(tmp_path)
    assert len(paths) == len(SIZES) * len(NO_LAPTOP_SHEETS)
    for sheet in NO_LAPTOP_SHEETS.values():
        for size in SIZES:
            text = _one_page_of(tmp_path / f"no-laptops-{sheet.key}-{size}.pdf")
            assert "no laptops" in text
            for table in sheet.tables:
                assert all(word in text for word in table.columns[0].split()[:2])


def test_the_team_record_has_room_for_published_rules_and_the_2_4_6_sheet_for_sureness() -> None:
    team = unescape(record_sheet_html(NO_LAPTOP_SHEETS["team-record"], "A4"))
    assert "Published rules" in team and "retract" in team and "Verdict" in team
    sure = unescape(record_sheet_html(NO_LAPTOP_SHEETS["2-4-6-sure"], "Letter"))
    assert "How sure now (%)" in sure and "2, 4, 6" in sure


def test_lesson_3s_ticket_does_gardners_arithmetic_as_the_engine_does() -> None:
    (dealer, dealer_answer), _, (players, players_answer) = PAPERS["03_gardners_original_game"].exit_ticket
    assert "8, 6, 2 and 4" in dealer
    assert dealer_answer.endswith(f"= {scoring.gardner_dealer([8, 6, 2, 4]):g}.")
    assert "4, 1 and 0" in players
    assert players_answer.endswith(f": {scoring.gardner_players([4, 1, 0])[2]:g}.")


def test_an_unknown_lesson_or_paper_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no lab sheet for 99_nothing"):
        build_lesson_papers(tmp_path, ["99_nothing"])
    with pytest.raises(ValueError, match="paper 'A5' is not one of A4, Letter"):
        lab_sheet_html(PAPERS["01_meet_eleusis"], "A5")
    with pytest.raises(ValueError, match="paper 'A5' is not one of A4, Letter"):
        build_no_laptop_sheets(tmp_path / "sheets", ["A4", "A5"])
    assert not list(tmp_path.iterdir()), "nothing written"
