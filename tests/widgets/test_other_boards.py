"""Solo board, real-cards board, hypotheses panel, score calculator, round record."""

from __future__ import annotations

from typing import Any

import pytest

from eleusis_lab.cards import Card
from eleusis_lab.rules.english import english
from eleusis_lab.widgets import HypothesisPanel, PhysicalBoard, ScoreCalculator, SoloBoard
from tests.widgets.conftest import button_for, fitting


# -- solo ---------------------------------------------------------------------------------------
def test_solo_board_requires_a_prediction_and_keeps_a_journal() -> None:
    board = SoloBoard(rule="express-1", seed=3, autosave=False)
    board.deal()
    r = board.round
    assert r.players == ["You"]
    card = fitting(r)[0]
    button_for(board, card).click()
    assert len(r.mainline) == 1 and "First predict" in board.message.value  # nothing played yet
    board.prediction.value = True
    button_for(board, card).click()
    assert r.mainline[-1] == card
    assert board.journal[-1].predicted is True and board.journal[-1].accepted is True
    assert "prediction was RIGHT" in board.verdict_html
    assert board.prediction.value is None  # a fresh prediction for each play
    wrong = next(c for c in r.hand("You") if c not in fitting(r))
    board.predict(True)
    button_for(board, wrong).click()
    assert board.journal[-1].right is False and "prediction was WRONG" in board.verdict_html
    assert board.accuracy() == [1.0, 0.5]
    assert "1 of 2 predictions right (50%)" in board.journal_view.value
    assert "eleusis-accuracy" in board.journal_view.value
    # The engine says "You draws 1 card."; the board speaks to the student in the second person.
    assert "You draw 1 card" in board.verdict_html and "You draws" not in board.verdict_html
    board.actions.buttons["undo"].click()
    assert len(board.journal) == 1 and "prediction was" not in board.verdict_html


def test_solo_board_with_computer_opponents_and_resume(tmp_path) -> None:
    path = tmp_path / "solo.json"
    board = SoloBoard(rule="express-2", seed=4, opponents=["careful", "scientist"], autosave=path)
    board.deal()
    r = board.round
    assert r.players == ["You", "Careful", "Scientist"]
    # Saved from the deal on: a kernel restart before the first play resumes the same deal.
    assert SoloBoard.resume(path).round.to_json() == r.to_json()
    for _ in range(3):
        if r.is_over:
            break
        assert r.current_player == "You"
        board.predict(False)
        button_for(board, r.hand("You")[0]).click()
    assert any(getattr(e, "player", None) == "Scientist" for e in r.events)
    again = SoloBoard.resume(path)
    assert again.round.to_json() == r.to_json()
    assert [(e.cards, e.predicted, e.accepted) for e in again.journal] == [
        (e.cards, e.predicted, e.accepted) for e in board.journal
    ]
    assert again.form.opponents.value == ("careful", "scientist")


def test_solo_board_buttons_are_the_legal_actions() -> None:
    board = SoloBoard("new-eleusis", rule="new-eleusis", seed=2, autosave=False, opponents=["careful"])
    board.deal()
    shown = set(board.actions.children)
    assert board.actions.buttons["play-string"] in shown and board.actions.buttons["no-play"] in shown
    assert board.actions.buttons["end-half"] not in shown
    assert board.actions.buttons["undo"] in shown  # undo of anything: the deal too
    gardner = SoloBoard("gardner", rule="gardner-2", seed=2, autosave=False, opponents=["careful", "random"])
    gardner.deal()
    assert board.actions.buttons["no-play"] not in set(gardner.actions.children)  # Gardner has no no-play
    assert "stock" not in gardner.status.value and "stock" in board.status.value


# -- real cards ---------------------------------------------------------------------------------
def test_physical_board_picker_judges_and_counts_at_the_end() -> None:
    board = PhysicalBoard(
        "express", ["Ana", "Ben"], rule="card.color != prev.color", autosave=False, hypotheses=False
    )
    board.deal()
    r = board.round
    assert r.physical and board.hand.layout.display == "none" and board.picker.layout.display is None
    assert "Enter the starter" in board.turn.value
    board.picker.pick("5H")
    board.picker.judge.click()
    assert r.mainline == [Card.parse("5H")]
    board.picker.pick("7D")  # red on red: wrong
    board.picker.judge.click()
    assert "WRONG" in board.verdict_html and r.sidelines[0][0].cards == (Card.parse("7D"),)
    board.picker.text.value = "QS"
    board.picker.judge.click()
    assert r.mainline[-1] == Card.parse("QS") and "RIGHT" in board.verdict_html
    board.picker.text.value = "not a card"
    board.picker.judge.click()
    assert "cannot read" in board.picker.message.value and len(r.mainline) == 2
    assert board.finish_box.children
    for name, box in board.finish_box.counts.items():
        box.value = {"Ana": 3, "Ben": 9}[name]
    board.finish_box.finish.click()
    assert r.is_over and "eleusis-scores" in board.scores.value
    assert board.picker.layout.display == "none" and board.next_button.layout.display is None


def test_physical_letters_and_new_eleusis_strings() -> None:
    board = PhysicalBoard("letters", ["Ana", "Ben"], rule="letters-cycle", autosave=False, hypotheses=False)
    board.deal()
    r = board.round
    board.pick("A red circle black")
    board.picker.pick("B green square red")
    board.picker.judge.click()
    assert [c.letter for c in board.round.mainline] == ["A", "B"]
    board.picker.blank.click()
    assert r.mainline[-1].is_blank
    ne = PhysicalBoard(
        "new-eleusis", ["Ana", "Ben", "Cy"], rule="new-eleusis", autosave=False, hypotheses=False
    )
    ne.deal()
    ne.pick("2H")
    for text in ("3S", "4S"):
        ne.picker.pick(text)
        ne.picker.add_card.click()
    ne.picker.pick("5D")
    ne.picker.judge.click()
    assert [str(c) for c in ne.round.mainline] == ["2♥", "3♠", "4♠", "5♦"]


# -- hypotheses ---------------------------------------------------------------------------------
def test_hypothesis_panel_marks_falsified_with_the_card() -> None:
    from eleusis_lab.play import new_round

    r = new_round("express", ["Ana", "Ben"], "card.color != prev.color", seed=7)
    panel = HypothesisPanel(plots=False)
    panel.attach(r)
    panel.student_box.value = "Ben"
    panel.statement.text.value = "only red cards"  # the student's words, then Enter
    panel.add_button.click()
    assert "Click the rule you mean" in panel.message.value and not panel.hypotheses  # nothing picked yet
    sentences = [row.description for row in panel.statement.chooser.rows]
    panel.statement.chooser.rows[sentences.index("Play a red card.")].click()
    panel.add_button.click()
    assert panel.hypotheses[0].text == "card is red" and panel.hypotheses[0].words == "only red cards"
    assert "only red cards" in panel.list_html and "Play a red card." in panel.list_html
    assert panel.statement.rule is None and panel.statement.text.value == "", "the box is emptied"
    panel.add("Cy", "card.color != prev.color")
    with pytest.raises(ValueError):
        panel.add("Dee", "card.colr == red")
    assert len(panel.hypotheses) == 2
    panel.statement.text.value = "card.colr == red"  # a typo: refused in one line, the box kept
    panel.add_button.click()
    assert "eleusis-banner-warning" in panel.message.value and len(panel.hypotheses) == 2
    assert panel.statement.text.value == "card.colr == red"
    assert "did you mean" in panel.statement.message.value
    # play until the red-card hypothesis meets a card it misjudges
    for _ in range(30):
        if panel.hypotheses[0].falsified_by is not None or r.is_over:
            break
        name = r.current_player
        r.play(name, r.hand(name)[0])
        panel.refresh(r)
    fals = panel.hypotheses[0].falsified_by
    assert fals is not None
    # it is the first judgement "card is red" disagrees with
    first = next(i for i, o in enumerate(r.evidence()) if o.accepted != all(c.is_red for c in o.cards))
    assert fals.index == first
    status = {h.student: f for h, f in panel.status()}
    assert status["Cy"] is None and status["Ben"] is fals
    html = panel.list_html
    assert "falsified" in html and "still standing" in html
    assert f'data-card="{fals.cards[0]}"' in html and "eleusis-highlight-falsifier" in html
    # hypotheses survive a save: to_list / load_list re-check them
    saved = panel.to_list()
    other = HypothesisPanel(plots=False)
    other.load_list(saved, r)
    assert [(h.student, h.text, h.falsified_by) for h in other.hypotheses] == [
        (h.student, h.text, h.falsified_by) for h in panel.hypotheses
    ]


def test_a_hypothesis_built_by_clicks_on_a_letter_round_is_listed_by_its_sentence() -> None:
    from eleusis_lab.play import new_round

    r = new_round("letters", ["Ana", "Ben"], "letters-cycle", seed=3)
    panel = HypothesisPanel(plots=False)
    panel.attach(r)
    assert panel.statement.deck == "letters", "the box offers the round's own kind of rule"
    panel.add_button.click()
    assert "State the hypothesis first" in panel.message.value and not panel.hypotheses
    panel.student_box.value = "Eve"
    builder = panel.statement.build()
    builder.rows("main")[0].prop.value = "ink"
    panel.add_button.click()
    (hyp,) = panel.hypotheses
    assert hyp.words is None and hyp.text == builder.draft.text == "card.ink == red"
    listed = panel.list_html
    assert listed.index(english(hyp.rule)) < listed.index("card.ink == red"), "the sentence first"


def test_hypothesis_panel_narrowing_updates_after_each_play() -> None:
    from eleusis_lab.play import new_round

    r = new_round("express", ["Ana", "Ben"], "express-1", seed=2)
    panel = HypothesisPanel(plots=True, acceptance_map=False)
    panel.attach(r)
    first = panel.remaining
    name = r.current_player
    r.play(name, r.hand(name)[0])
    panel.refresh(r)
    assert panel.remaining is not None and panel.remaining < first
    assert len(panel.history) == len(r.evidence()) + 1
    assert panel.narrowing().remaining == panel.history
    assert "Candidate rules left" in panel.count.value
    assert "narrowing plot" in panel.plot.value and panel.acceptance_map.value == ""
    panel.show_map.value = True  # ticking the box draws the acceptance map
    assert "acceptance map" in panel.acceptance_map.value
    r.undo()
    panel.refresh(r)
    assert panel.remaining == first  # rebuilt after an undo


def test_class_board_updates_the_panel_after_each_click() -> None:
    from eleusis_lab.widgets import ClassBoard

    board = ClassBoard("express", ["Ana", "Ben"], rule="express-1", seed=2, autosave=False, plots=False)
    board.deal()
    board.panel.add("Ana", "card is black")
    before = board.panel.remaining
    button_for(board, board.round.hand(board.round.current_player)[0]).click()
    assert board.panel.remaining < before


# -- score calculator -----------------------------------------------------------------------------
def test_score_calculator_every_variant() -> None:
    calc = ScoreCalculator(variant="letters", players=["Ana", "Ben", "Cy"], dealer="Dee")
    assert list(calc.per_player) == ["left"] and calc.extras == {}
    calc.set_counts(left=[5, 2, 0])
    calc.go.click()
    html = calc.result_html
    assert "Ana" in html and "-13" in html and "Dee" in html and "20" in html
    calc.variant.value = "gardner"
    calc.names.value = "A, B, C, D"
    assert list(calc.per_player) == ["left", "wrong"]  # the form follows the variant's score columns
    calc.set_counts(left=[2, 3, 10, 0], wrong=[10, 5, 3, 1])
    assert calc.calculate().players == [7.0, 3.0, 0.0, 21.0]
    calc.variant.value = "express"
    assert calc.extras["base"].value == 12  # the column's default: twelve-card hands
    calc.set_counts(left=[0, 4, 7, 1])
    calc.extras["guessed_by"].value = "B"
    scores = calc.calculate()
    assert scores.players[1] == 12 - 4 + 6
    calc.variant.value = "new-eleusis"
    assert set(calc.extras) == {"prophet", "prophet_right", "prophet_wrong", "played_through_marker"}
    calc.set_counts(left=[0, 4, 7, 1])
    without = calc.calculate().players[2]
    calc.extras["prophet"].value = "C"
    calc.extras["prophet_right"].value = 3
    assert calc.calculate().players[2] >= 0 and calc.calculate().players[2] != without
    with pytest.raises(ValueError):
        calc.set_counts(wrong=[1, 2, 3, 4])  # New Eleusis has no first-half wrong cards
    calc.names.value = "A, A"
    calc.go.click()
    assert "eleusis-banner-error" in calc.result_html


def test_physical_gardner_teacher_ends_the_first_half() -> None:
    board = PhysicalBoard("gardner", ["Ana", "Ben", "Cy"], rule="gardner-2", autosave=False, hypotheses=False)
    board.deal()
    r = board.round
    end_half = board.actions.buttons["end-half"]
    assert end_half not in board.actions.children  # no starter yet
    for text in ("7H", "2S", "3C", "9D", "9H"):  # the starter, three wrong cards, one right
        board.pick(text)
    assert [str(c) for c in r.mainline] == ["7♥", "9♥"] and r.phase == "first-half"
    assert end_half in board.actions.children
    end_half.click()
    assert r.phase == "second-half" and "first half is over" in board.verdict_html
    assert "Dealer&#x27;s score after the first half" in board.scores.value
    assert board.finish_box.children
    for name, box in board.finish_box.counts.items():
        box.value = {"Ana": 1, "Ben": 0, "Cy": 1}[name]
    board.finish_box.finish.click()
    assert r.is_over and "eleusis-scores" in board.scores.value


def test_table_box_holds_a_whole_row_with_a_sideline_on_a_small_screen() -> None:
    from eleusis_lab.play import new_round
    from eleusis_lab.widgets.parts import TableArea

    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1)
    area = TableArea(card_width=96)
    area.show(r)
    assert "max-height:max(44vh, 442px)" in area.html  # 4.6 × 96: one row with a four-card sideline
    area.card_width = 60
    area.show(r)
    assert "max-height:max(44vh, 276px)" in area.html


# -- colour-blind safe ------------------------------------------------------------------------------
def test_every_board_offers_the_four_colour_deck() -> None:
    from eleusis_lab.widgets import ClassBoard
    from eleusis_lab.widgets._common import STYLE
    from eleusis_lab.widgets.solo import BenchmarkBoard

    solo = SoloBoard(rule="express-1", seed=3, autosave=False, four_colour=True)
    assert "eleusis-four-colour" in solo._dom_classes and solo.four_colour.value is True
    solo.four_colour.value = False
    assert "eleusis-four-colour" not in solo._dom_classes
    real = PhysicalBoard("express", ["Ana", "Ben"], rule="express-1", autosave=False, hypotheses=False)
    real.four_colour.value = True
    assert "eleusis-four-colour" in real._dom_classes
    bench = BenchmarkBoard(rule="red", four_colour=True)
    assert "eleusis-four-colour-choice" in bench.four_colour._dom_classes and bench.four_colour.value
    board = ClassBoard("express", ["Ana", "Ben"], rule="express-1", autosave=False, hypotheses=False)
    assert board.form.four_colour in board.form.children
    assert "eleusis-four-colour-choice" in board.form.four_colour._dom_classes
    # The boards' one style sheet repaints every card under the switch; the hand labels follow by class.
    assert ".eleusis-board:has(.eleusis-four-colour-choice input:checked) .eleusis-suit-clubs" in STYLE
    solo.deal()
    labels = {b.card.suit.value for b in solo.hand_buttons if b.card.suit} & {"diamonds", "clubs"}
    for b in solo.hand_buttons:
        if b.card.suit is not None:
            assert f"eleusis-card-{b.card.suit.value}" in b._dom_classes
    assert labels, "the hand holds a diamond or a club"


def test_letter_cards_say_their_ink_in_words_on_the_hand_buttons() -> None:
    board = SoloBoard("letters", rule="letters-cycle", seed=1, autosave=False, opponents=["careful"])
    board.deal()
    b = board.hand_buttons[0]
    c = b.card
    assert b.tooltip == f"{c.letter} — {c.ink} ink, {c.shape}, {c.outline} outline"


def _classes(widget: Any) -> set[str]:
    """Every CSS class in a widget tree, and those inside its HTML (the table, the banners)."""
    import re

    found = set(getattr(widget, "_dom_classes", ()))
    value = getattr(widget, "value", None)
    if isinstance(value, str):
        for attr in re.findall(r'class="([^"]+)"', value):
            found.update(attr.split())
    for child in getattr(widget, "children", ()):
        found |= _classes(child)
    return found


def test_solo_and_real_cards_boards_carry_the_stable_css_classes() -> None:
    solo = SoloBoard(rule="express-1", seed=3, autosave=False)
    setup = _classes(solo)
    assert {"eleusis-variant", "eleusis-players", "eleusis-deal", "eleusis-four-colour-choice"} <= setup
    solo.form.source.value = "typed"
    assert "eleusis-secret-rule" in _classes(solo)
    solo.deal()
    solo.predict(True)
    solo.play([fitting(solo.round)[0]])
    playing = _classes(solo)
    for css in ("eleusis-table", "eleusis-verdict", "eleusis-hand-card", "eleusis-no-play", "eleusis-undo",
                "eleusis-reveal", "eleusis-prediction", "eleusis-journal", "eleusis-status"):  # fmt: skip
        assert css in playing, css
    solo.reveal(force=True, record="none")
    assert "eleusis-revealed" in _classes(solo) and solo.session.locked
    real = PhysicalBoard("express", ["Ana", "Ben"], rule="express-1", autosave=False, hypotheses=False)
    real.deal()
    real.pick("5H", "9C")
    assert {"eleusis-card-picker", "eleusis-judge-card", "eleusis-no-play", "eleusis-finish-box"} <= _classes(
        real
    )
    assert "eleusis-hand-card" not in _classes(real)  # nobody's hand on a real-cards screen


def test_the_acceptance_map_is_off_on_the_real_cards_board_where_the_class_watches() -> None:
    real = PhysicalBoard("express", ["Ana", "Ben"], rule="express-1", autosave=False, plots=True)
    assert real.panel is not None and real.panel.figures.show_map.value is False
    solo = SoloBoard(rule="express-1", seed=1, autosave=False, hypotheses=True)
    assert solo.panel is not None and solo.panel.figures.show_map.value is True  # it teaches there


def test_a_resumed_board_keeps_the_four_colour_deck(tmp_path) -> None:
    path = tmp_path / "solo.json"
    board = SoloBoard(rule="express-1", seed=3, autosave=path)
    board.deal()
    board.four_colour.value = True
    again = SoloBoard.resume(path)
    assert again.four_colour.value is True and "eleusis-four-colour" in again._dom_classes
