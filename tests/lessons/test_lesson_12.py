"""Teacher guide C's claims (``lessons/12_no_laptops.ipynb``), checked after Run All."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("12_no_laptops")


class TestRunAll(RunAllChecks):
    """Run All leaves the team board undealt, the class tables empty, and shows every figure."""


def test_the_team_board_has_the_teams_as_players_and_waits_for_the_teachers_rule(lesson: Lesson) -> None:
    assert lesson.value("team_board.form.players.value") == ", ".join(lesson.value("teams"))
    assert lesson.value("team_board.round is None"), "the teacher types the secret and deals in class"


def test_the_sheets_are_built_and_shown_one_page_each(lesson: Lesson) -> None:
    names = lesson.value("[p.name for p in sheets]")
    assert sorted(names) == sorted(
        f"no-laptops-{key}-{size}.pdf" for key in ("team-record", "2-4-6-sure") for size in ("A4", "Letter")
    )
    lesson.run(
        r"""
from pypdf import PdfReader
assert all(len(PdfReader(p).pages) == 1 for p in sheets)
"""
    )
    shown = lesson.cell("display(*(first_page(path)")
    assert lesson.images(shown) == 2, "both A4 sheets previewed"


def test_a_published_rule_is_marked_retracted_by_the_card_that_refutes_it_and_the_status_names_the_seal(
    lesson: Lesson,
) -> None:
    # What guide C promises the teams, on a board of the test's own with the teams as players.
    lesson.run(
        r"""
def _teams():
    teams_board = ClassBoard("express", teams, rule="express-6", seed=2, plots=False, autosave=False)
    teams_board.deal()
    game = teams_board.round
    status = teams_board.status_html
    assert "rule locked, seal code" in status and game.seal.fingerprint in status
    teams_board.panel.add("Team B", "card.color != prev.color", "colours alternate")
    for _ in range(40):
        teams_board.play([game.hand(game.current_player)[0]])
        if dict((h.student, f) for h, f in teams_board.panel.status())["Team B"] is not None:
            break
    refuted = dict((h.student, f) for h, f in teams_board.panel.status())["Team B"]
    assert refuted is not None, "a card on the table refutes the published rule: the team retracts it"
_teams()
"""
    )
