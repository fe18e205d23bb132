"""Issue 29 #4 and #6 on the class board's set-up form, and its "Back to set-up" question.

#4: a teacher sets a round up with the projector on.  The rule field is a password field; the eye, the
check's full report (its card lists, its dead-end line) are in the "Teacher only" fold, closed; under the
form "Check the rule" says only the verdict in words.  The scan reads every widget of the board the way
a page does (value, description, tooltip, placeholder, HTML) outside that fold, a password field's dots
left out.

#6: Deal with a rule the check calls not acceptable shows why and asks, on a row of its own with the
settle time of Reveal's question; fair and unfair verdicts differ in colour and in icon.  "Back to set-up"
asks the same way.

#5 on the board: the counterexample after a wrong guess is the round's option, a tick box on the form,
off by default.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import pytest

from eleusis_lab.rules import Rule
from eleusis_lab.rules.checks import check
from eleusis_lab.widgets import ClassBoard
from eleusis_lab.widgets.settle import SETTLE_SECONDS
from tests.widgets.conftest import button_for, fitting
from tests.widgets.test_no_accidental_click import DOUBLE_CLICK_GAPS, Clock

UNFAIR = "card.rank == prev.rank + 1"  # 4 cards never playable, dead end after a king
TOO_LOOSE = "card is red or card is black"
FAIR = "card.color != prev.color"


def _board(clock: Clock | None = None) -> ClassBoard:
    return ClassBoard(
        "express", ["Ana", "Ben", "Cy"], seed=3, autosave=False, plots=False, clock=clock or Clock()
    )


def _typed(board: ClassBoard, rule: str) -> None:
    board.form.rule.hidden.value = rule  # as the teacher types it into the password field


def _descendants(widget: Any) -> list[Any]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _descendants(child)
    return found


def _page_text(board: ClassBoard) -> str:
    """Everything the page is sent of the board's widgets (each widget's synced state: value,
    description, tooltip, placeholder, HTML …) outside the teacher's fold (closed), except the value of
    a password field, which the page shows as dots."""
    fold = set(map(id, _descendants(board.form.teacher)))
    parts: list[str] = []
    for widget in _descendants(board):
        if id(widget) in fold:
            continue
        state = widget.get_state()
        if isinstance(widget, w.Password):
            state.pop("value")
        parts.append(repr(state))
    return "\n".join(parts)


def _card_texts(rule: str) -> list[str]:
    report = check(rule, deck="double")
    cards = [str(c) for c in report.never_playable]
    cards += [str(c) for c in report.dead_end_example or ()]
    return cards


def test_a_set_up_with_an_unfair_rule_typed_and_checked_shows_nothing_secret() -> None:
    board = _board()
    _typed(board, UNFAIR)
    board.form.check.click()
    text = _page_text(board)
    secrets = [UNFAIR, Rule.parse(UNFAIR).text, "prev.rank", *_card_texts(UNFAIR)]
    assert len(secrets) > 5, "the check names cards: the scan has something to find"
    assert not [s for s in secrets if s in text], [s for s in secrets if s in text]
    assert "no card is playable" not in text and "never are" not in text
    # The verdict is under the form, in words; the lists are in the fold, which is closed.
    assert (
        "Not acceptable" in board.form.message.value and "4 cards never playable" in board.form.message.value
    )
    assert "A♠" in board.form.report.value and "no card is playable" in board.form.report.value
    assert board.form.report in _descendants(board.form.teacher)
    assert board.form.teacher.selected_index is None


def test_the_eye_is_in_the_closed_fold_and_its_field_holds_the_secret_only_while_open() -> None:
    board = _board()
    field = board.form.rule
    _typed(board, UNFAIR)
    outside = set(map(id, _descendants(board.form))) - set(map(id, _descendants(board.form.teacher)))
    assert id(field.eye) not in outside and field.eye in _descendants(board.form.teacher)
    assert isinstance(field.hidden, w.Password) and field.hidden in _descendants(board.form.rule_row)
    assert field.shown.value == ""  # nothing else on the page carries the secret
    field.eye.value = True  # the teacher opens the fold and looks
    assert field.shown in field.peek.children and field.shown.value == UNFAIR
    field.shown.value = FAIR  # and corrects the typo there
    assert field.value == FAIR
    field.eye.value = False
    assert field.shown.value == "" and field.value == FAIR and field.shown not in field.peek.children


@pytest.mark.parametrize(
    ("rule", "kind", "says"),
    [
        (FAIR, "accepted", "✔ Fair"),
        (UNFAIR, "warning", "⚠ Not acceptable: 4 cards never playable; the line can dead-end"),
        (TOO_LOOSE, "warning", "⚠ Not acceptable: too loose (typically 52 of 52 playable)"),
    ],
)
def test_fair_and_unfair_verdicts_look_different(rule: str, kind: str, says: str) -> None:
    board = _board()
    _typed(board, rule)
    board.form.check.click()
    message = board.form.message.value
    assert f"eleusis-banner-{kind}" in message and says in message, message
    assert rule not in message
    _typed(board, rule + " and card.rank > 1")  # another rule typed: the verdict was about the last one
    assert board.form.message.value == "" and board.form.report.value == ""


@pytest.mark.parametrize("rule", [UNFAIR, TOO_LOOSE])
@pytest.mark.parametrize("gap", DOUBLE_CLICK_GAPS)
def test_deal_with_an_unfair_rule_asks_and_a_double_click_never_deals_it(rule: str, gap: float) -> None:
    clock = Clock()
    board = _board(clock=clock)
    _typed(board, rule)
    board.form.deal.click()
    ask = board.form.unfair_ask
    assert board.round is None and ask.yes in ask.children, board.form.message.value
    assert (
        "Not acceptable" in board.form.message.value and "eleusis-banner-warning" in board.form.message.value
    )
    assert ask.yes not in _descendants(board.form.buttons), "the confirm is not on Deal's row"
    clock.wait(gap)
    board.form.deal.click()  # the second click of a double-click on Deal only asks again
    ask.yes.click()  # or lands where the confirm is drawn: within the settle time, ignored
    assert board.round is None and len(board.session.events) == 0
    clock.wait(SETTLE_SECONDS)
    ask.yes.click()  # the teacher read the reason and decides
    assert board.round is not None and board.round.rule.text == Rule.parse(rule).text
    assert ask.children == () and board.form.rule.value == ""


def test_a_fair_rule_deals_at_once() -> None:
    board = _board()
    _typed(board, FAIR)
    board.form.deal.click()
    assert board.round is not None and board.form.unfair_ask.children == ()


def test_the_question_goes_with_the_rule_it_was_about() -> None:
    clock = Clock()
    board = _board(clock=clock)
    _typed(board, UNFAIR)
    board.form.deal.click()
    assert board.form.unfair_ask.asking
    _typed(board, TOO_LOOSE)  # the teacher types another rule instead
    assert not board.form.unfair_ask.asking and board.form.message.value == ""
    assert board.form.report.value == "", "no report of a rule no longer typed"
    clock.wait(SETTLE_SECONDS)
    board.form.unfair_ask.yes.click()  # a stale click on the put-away button deals nothing
    assert board.round is None
    board.form.deal.click()  # the new rule is checked and asked about on its own
    assert board.round is None and board.form.unfair_ask.asking
    assert "too loose" in board.form.message.value
    board.form.unfair_ask.keep.click()  # "Choose another rule"
    assert board.form.unfair_ask.children == () and board.round is None


def test_a_decision_holds_for_one_deal_only() -> None:
    clock = Clock()
    board = _board(clock=clock)
    _typed(board, UNFAIR)
    board.form.deal.click()
    clock.wait(SETTLE_SECONDS)
    board.form.unfair_ask.yes.click()
    assert board.round is not None
    board.abandon()
    clock.wait(SETTLE_SECONDS)
    _typed(board, UNFAIR)  # the next round, the same rule: the board asks again
    board.form.deal.click()
    assert board.round is None and board.form.unfair_ask.asking


@pytest.mark.parametrize("gap", DOUBLE_CLICK_GAPS)
def test_a_double_click_on_back_to_setup_never_abandons(gap: float) -> None:
    clock = Clock()
    board = _board(clock=clock)
    _typed(board, FAIR)
    board.form.deal.click()
    r = board.round
    clock.wait(SETTLE_SECONDS)
    board.actions.back.click()
    clock.wait(gap)
    board.actions.back.click()  # the second click on the same spot only asks again
    board.back_ask.yes.click()  # or on the confirm, had it been drawn under the pointer
    assert board.round is r and board.back_ask.yes in board.back_ask.children
    assert board.back_ask.yes not in _descendants(board.actions), "the confirm is not on Back's row"
    clock.wait(SETTLE_SECONDS)
    board.back_ask.yes.click()
    assert board.round is None and board.session.events[-1].describe() == "the round abandoned"
    assert board.back_ask.children == ()


def _counterexample_box(board: ClassBoard) -> w.Checkbox:
    boxes = [f for f in board.form.option_fields.shown("express") if "counterexample" in str(f.description)]
    assert len(boxes) == 1, "the set-up form offers the round option"
    return boxes[0]


@pytest.mark.parametrize("ticked", [False, True])
def test_a_wrong_guess_shows_a_counterexample_only_when_the_round_says_so(ticked: bool) -> None:
    clock = Clock()
    board = _board(clock=clock)
    box = _counterexample_box(board)
    assert box.value is False and box in _descendants(board.form), "off by default, on the form"
    box.value = ticked
    _typed(board, FAIR)
    board.form.deal.click()
    r = board.round
    assert r is not None and r.options["counterexample"] is ticked
    player = r.current_player
    clock.wait(SETTLE_SECONDS)  # the first student walks up to the board
    button_for(board, fitting(r)[0]).click()  # a right play: the player may guess
    board.guess_box.guesser.value = player
    board.guess_box.statement.text.value = f"{FAIR} or card.rank == 5"
    board.guess_box.judge.click()
    verdict = board.verdict_html
    assert f"{player}&#x27;s guess is WRONG" in verdict or f"{player}'s guess is WRONG" in verdict, verdict
    shown = "eleusis-highlight-falsifier" in verdict and "accepted by the guess" in verdict
    assert shown is ticked, verdict


def test_a_form_with_no_players_says_so_before_any_check() -> None:
    board = _board()
    board.form.players.value = ""
    _typed(board, "")
    board.form.deal.click()
    assert "players" in board.form.message.value and not board.form.unfair_ask.asking
