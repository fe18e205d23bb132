"""Each core lesson's lab sheet and exit ticket build to one-page PDFs on A4 and Letter."""

from __future__ import annotations

import tomllib
from html import unescape
from pathlib import Path

import pytest
from lesson_kernel import LESSONS_DIR

from eleusis_lab.worksheets.labsheets import PAPERS, build_lesson_papers, exit_ticket_html, lab_sheet_html

pypdf = pytest.importorskip("pypdf", reason="the print extra reads the PDFs back")
pytest.importorskip("weasyprint", reason="the print extra builds the PDFs")

# Points: A4 is 210 x 297 mm, Letter 8.5 x 11 in.
SIZES = {"A4": (595, 842), "Letter": (612, 792)}


def test_every_core_lesson_has_paper_with_three_answered_questions() -> None:
    core = tomllib.loads((LESSONS_DIR / "unit.toml").read_text(encoding="utf-8"))["core"]
    assert set(core) <= set(PAPERS)
    for paper in PAPERS.values():
        assert (LESSONS_DIR / f"{paper.stem}.md").is_file()
        assert paper.stem.startswith(f"{paper.number:02d}_")
        assert all(question and answer for question, answer in paper.exit_ticket)
        results = {"Verdict", "Computer says", "Fair? Why not?"}
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


@pytest.mark.parametrize("stem", ["09_trying_to_be_wrong", "05_designing_a_good_rule"])
def test_the_pdfs_are_one_page_each_on_both_papers(tmp_path: Path, stem: str) -> None:
    paths = build_lesson_papers(tmp_path, [stem])
    assert len(paths) == 3 * len(SIZES)
    for path in paths:
        reader = pypdf.PdfReader(path)
        assert len(reader.pages) == 1, f"{path.name} runs over one page"
        box = reader.pages[0].mediabox
        size = next(name for name in SIZES if path.stem.endswith(name))
        assert (round(float(box.width)), round(float(box.height))) == SIZES[size], path.name
        text = reader.pages[0].extract_text()
        assert f"lesson {PAPERS[stem].number}" in text


def test_an_unknown_lesson_or_paper_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no lab sheet for 99_nothing"):
        build_lesson_papers(tmp_path, ["99_nothing"])
    with pytest.raises(ValueError, match="paper 'A5' is not one of A4, Letter"):
        lab_sheet_html(PAPERS["01_meet_eleusis"], "A5")
    assert not list(tmp_path.iterdir()), "nothing written"
