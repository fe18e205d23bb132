"""One reveal view on every board (issue 27): the class board's and the round boards' reveals are one
:class:`RevealView`, the board choosing only what goes with the banner."""

from html import escape

import pytest

from eleusis_lab.widgets import ClassBoard
from eleusis_lab.widgets.physical import PhysicalBoard
from eleusis_lab.widgets.reveal import RevealView
from eleusis_lab.widgets.solo import SoloBoard


def test_every_board_reveals_the_rule_with_the_one_view() -> None:
    solo = SoloBoard(rule="express-1", seed=3, autosave=False)
    real = PhysicalBoard("express", ["Ana", "Ben"], rule="express-1", autosave=False, hypotheses=False)
    projector = ClassBoard("express", ["Ana", "Ben", "Cy"], rule="express-1", seed=3, autosave=False,
                           hypotheses=False)  # fmt: skip
    boards = (solo, real, projector)
    for board in boards:
        board.deal()
        assert board.reveal_html() == "", "nothing before the reveal"
        board.reveal(force=True, record="none")
    for board in boards:
        html, english = board.reveal_html(), board.session.english()
        assert type(board.reveal_view) is RevealView, type(board).__name__
        assert english and 'class="eleusis-revealed"' in html and "Seal checked" in html
        assert html.index(escape(english)) < html.index("in the rule language"), "plain English first"
        assert "card.color != prev.color" in html
    # the options: the class board's banner holds the scores and "Next round"; the round boards show
    # their scores in their own view and keep the round's record under the banner
    assert "eleusis-scores" in projector.reveal_html()
    assert projector.reveal_view.next_round in projector.reveal_view.children
    for board in (solo, real):
        assert "eleusis-scores" not in board.reveal_html()
        assert board.reveal_view.next_round is None
        assert board.reveal_view.record in board.reveal_view.children
    assert projector.reveal_view.record not in projector.reveal_view.children


def test_a_broken_seal_is_said_on_the_banner(monkeypatch: pytest.MonkeyPatch) -> None:
    solo = SoloBoard(rule="express-1", seed=3, autosave=False)
    solo.deal()
    solo.reveal(force=True, record="none")
    r = solo.round
    assert r is not None
    good = solo.reveal_html()
    # a rule that does not match its seal (a rule and a seal cannot be changed: the check is made to fail)
    monkeypatch.setattr(type(r.seal), "verify", lambda _seal, _text: False)
    solo.reveal_view.render(solo.session)
    assert "Seal checked" in good and "Seal BROKEN" in solo.reveal_html()
