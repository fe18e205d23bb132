"""The class board driven through its views' public widgets and methods (no private attributes).

The state is the session's; these tests click what a teacher clicks and read what the projector shows.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from eleusis_lab.rules import Rule
from eleusis_lab.rules.english import english
from eleusis_lab.session import TableSession
from eleusis_lab.widgets import ClassBoard
from tests.widgets.conftest import button_for, fitting, play_to_the_end

FIVE = ["Ana", "Ben", "Cy", "Dee", "Eve"]


def _board(variant: str = "express", rule: str = "express-1", **kw: Any) -> ClassBoard:
    kw.setdefault("autosave", False)
    kw.setdefault("hypotheses", False)
    kw.setdefault("plots", False)
    players = kw.pop("players", ["Ana", "Ben", "Cy"])
    force = kw.pop("force", False)  # deal a rule the check calls not acceptable without the question
    board = ClassBoard(variant, players, rule=rule, seed=kw.pop("seed", 5), **kw)
    board.deal(force=force)
    assert board.round is not None, board.form.message.value
    return board


def _shown_cards(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def _classes(widget: Any) -> set[str]:
    """Every CSS class in a widget tree (what a browser test or a teacher's style sheet can select)."""
    found = set(widget._dom_classes)  # ipywidgets' own trait: the DOM classes
    for child in getattr(widget, "children", ()):
        found |= _classes(child)
    html = getattr(widget, "value", "")
    if isinstance(html, str):
        found |= {c for attr in re.findall(r'class="([^"]+)"', html) for c in attr.split()}
    return found


def _visible_text(board: ClassBoard) -> str:
    """The text of the play views on the projector (the teacher's fold and hidden fields left out)."""
    parts = [board.status_html, board.table_html, board.verdict_html, board.message_html, board.reveal_html()]
    parts += [b.description for b in board.hand_buttons]
    return " ".join(parts)


def test_setup_hides_the_rule_with_an_eye_and_deal_starts_the_round() -> None:
    board = ClassBoard("express", ["Ana", "Ben", "Cy"], rule="card.color != prev.color", autosave=False)
    field = board.form.rule
    assert field.value == "card.color != prev.color"
    assert isinstance(field.children[0], w.Password)  # hidden as it is typed
    field.eye.value = True  # the teacher checks a typo, in the teacher's fold
    assert field.shown in field.peek.children and field.shown.value == field.value
    field.eye.value = False
    assert field.shown.value == "" and field.value == "card.color != prev.color"
    assert board.form.layout.display is None
    board.form.deal.click()
    r = board.round
    assert r is not None and r.variant == "express" and board.form.layout.display == "none"
    assert board.form.rule.value == ""  # the secret leaves the set-up once dealt
    assert r.seal.fingerprint in board.status_html and "Ana" in board.status_html
    assert "card.color" not in _visible_text(board)
    assert _shown_cards(board.table_html) == [str(c) for c in r.mainline]
    assert {b.card for b in board.hand_buttons} == set(r.hand(r.current_player))
    assert all("eleusis-hand-card" in b._dom_classes for b in board.hand_buttons)


@pytest.mark.parametrize(
    ("players", "rule", "says"),
    [
        ("", "express-1", "Type the players"),
        ("Ana", "express-1", "at least two"),
        ("Ana, Ben, Ana", "express-1", "Two players are called Ana"),
        ("Ana, Ben", "card.colour != prev.color", "line 1, column"),
        ("Ana, Ben", "no-such-library-key-xyz", "The secret rule has a problem"),
    ],
)
def test_bad_setup_gets_one_line_and_deals_nothing(players: str, rule: str, says: str) -> None:
    board = ClassBoard("express", [], rule=rule, autosave=False, hypotheses=False)
    board.form.players.value = players
    board.form.deal.click()
    assert board.round is None and not board.session.events
    message = board.form.message.value
    assert says in message and "eleusis-banner-error" in message
    assert rule not in message and "colour" not in message  # the class must not read the secret


def test_clicking_a_card_picture_plays_it_and_a_double_click_plays_one_card() -> None:
    board = _board()
    r = board.round
    player = r.current_player
    card = fitting(r)[0]
    button = button_for(board, card)
    button.click()
    verdict = board.verdict_html
    assert r.mainline[-1] == card and "RIGHT" in verdict and player in verdict
    assert _shown_cards(board.table_html)[-1] == str(card)
    button.click()  # the second click of a double click, on a card no longer in the hand on show
    assert len(r.mainline) == 2 and board.verdict_html == verdict and board.message_html == ""
    wrong = next(c for c in r.hand(r.current_player) if c not in fitting(r))
    button_for(board, wrong).click()
    assert "WRONG" in board.verdict_html and "eleusis-highlight-rejected" in board.table_html


def test_a_refused_action_is_one_line_and_undo_takes_back() -> None:
    board = _board()
    r = board.round
    saved = board.session.to_json()
    assert board.guess("Cy", "card is red") is None  # nobody may guess before a right play
    assert board.session.to_json() == saved and "may not state the rule" in board.message_html
    button_for(board, fitting(r)[0]).click()
    assert board.message_html == ""
    board.actions.undo.click()
    assert board.session.to_json() == saved and len(r.mainline) == 1
    assert "Undone" in board.verdict_html


@pytest.mark.parametrize(
    ("variant", "rule", "players"),
    [
        ("express", "express-4", FIVE),
        ("gardner", "gardner-3", FIVE),
        ("letters", "letters-cycle", ["Ana", "Ben", "Cy"]),
        ("new-eleusis", "new-eleusis", ["Ana", "Ben", "Cy", "Dee"]),
    ],
)
def test_every_variant_plays_to_the_end_and_reveals_once(variant: str, rule: str, players: list[str]) -> None:
    board = _board(variant, rule, players=players)
    r = board.round
    play_to_the_end(board)
    assert r.is_over and "The round is over" in board.verdict_html
    assert board.hand_buttons == [] and "eleusis-scores" in board.scores.value
    board.actions.reveal.click()
    reveal = board.reveal_html()
    english = board.session.english()
    assert english and escape(english) in reveal and escape(r.rule.text) in reveal
    assert reveal.index(escape(english)) < reveal.index(escape(r.rule.text)), "plain English first"
    assert "Seal checked" in reveal and "eleusis-revealed" in reveal
    assert reveal.count("eleusis-scores") == 1 and board.scores.value == "", "the scores shown once"
    assert "match total" in reveal
    board.actions.next_round.click()
    assert board.round is None and board.form.layout.display is None
    assert set(players) <= set(board.totals())


def test_gardner_reveal_mid_round_locks_the_hands_and_shows_the_scores() -> None:
    board = _board("gardner", "gardner-3", players=FIVE)
    r = board.round
    for _ in range(3):
        button_for(board, r.hand(r.current_player)[0]).click()
    assert r.phase == "first-half"
    board.actions.reveal.click()  # mid-round: Reveal only asks; the reveal is the question's own button
    board.actions.reveal.click()
    assert not board.session.revealed and "Reveal the rule now?" in board.reveal_ask.question.value
    assert board.reveal_ask.children and board.reveal_ask.yes not in board.actions.children
    board.reveal_ask.yes.click()
    assert board.session.revealed and board.hand_buttons == []
    assert board.actions.no_play not in board.actions.children
    assert board.actions.next_round in board.actions.children
    assert "eleusis-scores" in board.reveal_html() and "Dee" in board.reveal_html()
    assert board.play([r.hand("Ana")[0]]) is False and "revealed" in board.message_html


def test_a_guess_in_words_offers_rules_to_pick_then_judges_it() -> None:
    board = _board("express", "express-1")
    r = board.round
    button_for(board, fitting(r)[0]).click()
    box = board.guess_box
    assert box.guesser.options and box.row in box.children
    before = board.session.to_json()
    box.statement.text.value = "purple elephants"
    box.find.click()
    assert "No rule matches" in box.statement.message.value and board.session.to_json() == before
    box.statement.text.value = "alternate colours"
    box.find.click()
    assert box.chooser in box.statement.area.children and box.chooser.picked is None
    labels = [row.description for row in box.chooser.rows]
    assert any("Alternate red and black" in label for label in labels)
    box.judge.click()  # nothing clicked yet: one line, nothing judged
    assert "Click the rule" in box.message.value and board.session.to_json() == before
    box.chooser.rows[labels.index("Alternate red and black cards.")].click()
    box.judge.click()
    assert r.is_over and "RIGHT" in board.verdict_html
    assert "eleusis-scores" in board.scores.value


def _words_found(words: str) -> tuple[ClassBoard, Any]:
    """A board after one right play, with a student's words typed and the rules found for them."""
    board = _board("express", "card.color != prev.color")
    button_for(board, fitting(board.round)[0]).click()
    box = board.guess_box
    box.statement.text.value = words
    box.find.click()
    return board, box


def test_the_clicked_row_of_the_guess_chooser_is_the_row_judged() -> None:
    board, box = _words_found("the colours go red, black, red, black")
    rows, matches = box.chooser.rows, box.chooser.matches
    assert len(rows) >= 3 and [row.description for row in rows] == [m.english for m in matches]
    assert "eleusis-chooser-row" in rows[0]._dom_classes  # the chooser's ≥ 18 px rows, one per row
    rows[2].click()
    assert box.chooser.picked == matches[2]
    box.judge.click()
    guesser = str(board.session.events[-2].describe()).split(" guesses: ")
    assert guesser[1] == matches[2].text  # the log says the rule judged: the third row's
    (kept,) = [h for h in board.session.hypotheses if h.student == guesser[0]]
    assert kept.rule == Rule.parse(matches[2].text) and kept.words == "the colours go red, black, red, black"


def test_a_candidate_adjusted_in_the_builder_is_the_rule_judged() -> None:
    board, box = _words_found("alternate colours")
    box.chooser.rows[0].click()
    box.chooser.builder_button.click()  # "Open in the builder": the box's own builder, prefilled
    builder = box.statement.builder
    assert builder in box.statement.area.children and builder.rule == Rule.parse(box.chooser.matches[0].text)
    builder.rows("main")[0].comparison.value = "same as"  # what the teacher's click on it does
    box.judge.click()
    guessed = [e.describe() for e in board.session.events if " guesses: " in e.describe()]
    assert guessed and guessed[-1].endswith("guesses: card.color == prev.color")
    (kept,) = [h for h in board.session.hypotheses if h.rule == Rule.parse("card.color == prev.color")]
    assert kept.words == "alternate colours", "the words stay with the adjusted rule"
    assert box.statement.builder is not builder, "the judged statement's builder is let go"


def test_a_judged_guess_becomes_the_class_hypothesis_on_the_narrowing_plot() -> None:
    board = _board(players=FIVE, rule="card.color != prev.color", hypotheses=True, plots=True)
    r = board.round
    button_for(board, fitting(r)[0]).click()
    box = board.guess_box
    who = str(box.guesser.value)
    box.statement.text.value = "only red cards"
    box.find.click()
    said = box.chooser.matches[0]
    box.chooser.rows[0].click()
    box.judge.click()
    assert "WRONG" in board.verdict_html or "RIGHT" in board.verdict_html
    (kept,) = [h for h in board.session.hypotheses if h.student == who]
    assert kept.words == "only red cards" and kept.rule == Rule.parse(said.text)
    board.render()
    assert f'data-student="{who}"' in board.figures.plot.value
    # The save keeps it, words and all, and a resumed session's undo still takes both back.
    resumed = TableSession.from_json(board.session.to_json())
    assert [(h.student, h.words) for h in resumed.hypotheses] == [(who, "only red cards")]
    resumed.undo()
    assert list(resumed.hypotheses) == []
    assert not any(" guesses: " in e.describe() for e in resumed.events)
    # One undo takes back the guess and the hypothesis it added, together.
    board.session.undo()
    assert who not in {h.student for h in board.session.hypotheses}
    assert not any(e.describe().startswith(f"{who} guesses") for e in board.session.events)
    # A guess the session refuses adds no hypothesis.
    before = board.session.to_json()
    board.guess("Nobody", "card is red")
    assert "may not state the rule" in board.message_html and board.session.to_json() == before


def test_the_reveal_of_a_typed_rule_gives_its_english_beside_the_rule_text() -> None:
    typed = "card.color == red and card.rank > 5"  # in no library entry: the generated sentence
    board = _board("express", typed, force=True)  # 36 cards never playable: the teacher deals it anyway
    assert board.reveal_html() == ""
    board.reveal(force=True)
    reveal, sentence = board.reveal_html(), english(typed)
    assert sentence == "Play a card that is red and is higher than 5."
    assert escape(sentence) in reveal and escape(Rule.parse(typed).text) in reveal
    assert reveal.index(escape(sentence)) < reveal.index("in the rule language")
    assert "The rule:" not in reveal


def test_a_wrong_typed_guess_shows_a_counterexample_and_the_dealer_may_overrule() -> None:
    board = _board("express", "card.color != prev.color", options={"counterexample": True})
    r = board.round
    button_for(board, fitting(r)[0]).click()
    board.guess_box.statement.text.value = "card is red"
    board.guess_box.judge.click()
    assert "WRONG" in board.verdict_html and "eleusis-highlight-falsifier" in board.verdict_html
    assert board.guess_box.overrule_row in board.guess_box.children
    board.guess_box.overrule_right.click()
    assert r.is_over


def test_new_eleusis_strings_and_the_prophet() -> None:
    board = _board("new-eleusis", "new-eleusis", players=["Ana", "Ben", "Cy", "Dee"])
    r = board.round
    player = r.current_player
    first = fitting(r)[0]
    button_for(board, first).click()  # selects, does not play yet
    assert len(r.mainline) == 1 and board.hand.selected == [first]
    board.actions.play_string.click()
    assert r.mainline[-1] == first and board.hand.selected == []
    assert board.actions.prophet in board.actions.children and player in board.actions.prophet.description
    board.actions.prophet.click()
    assert r.prophet == player and board.actions.prophet_says in board.actions.children
    name = r.current_player
    card = r.hand(name)[0]
    button_for(board, card).click()
    events = len(r.events)
    board.actions.play_string.click()
    assert len(r.events) == events and "for this play first" in board.message_html
    board.prophet_call(True)
    board.actions.play_string.click()
    assert len(r.events) > events and board.actions.prophet_says.value is None


def test_computer_seats_play_between_human_turns() -> None:
    board = ClassBoard(
        "express", ["Ana"], rule="express-1", seed=3, computers={"Robo": "careful"}, autosave=False
    )
    board.deal()
    r = board.round
    for _ in range(4):
        assert r.current_player == "Ana"
        button_for(board, r.hand("Ana")[0]).click()
    assert "Robo" in board.verdict_html


def test_autosave_and_resume_from_the_setup_list(tmp_path: Path) -> None:
    board = ClassBoard("express", ["Ana", "Ben", "Cy"], rule="express-1", seed=2, save_dir=tmp_path)
    board.deal()
    r = board.round
    button_for(board, r.hand(r.current_player)[0]).click()
    board.panel.add("Ben", "card is red", "red cards")
    saved = board.session.to_json()
    fresh = ClassBoard(save_dir=tmp_path, autosave=False)
    resume = [b for b in _buttons(fresh.form.saved) if "eleusis-resume" in b._dom_classes]
    assert resume, "the set-up form lists the saved session"
    labels = fresh.form.saved.children[1].children[1].value
    assert "express" in labels and "Ana, Ben, Cy" in labels and "1 plays" in labels
    resume[0].click()
    assert fresh.session.to_json() == saved and fresh.round is not None
    assert [h.student for h in fresh.panel.hypotheses] == ["Ben"]
    again = ClassBoard.resume(board.save_path)
    assert again.session.to_json() == saved


def _buttons(widget: Any) -> list[w.Button]:
    if isinstance(widget, w.Button):
        return [widget]
    return [b for c in getattr(widget, "children", ()) for b in _buttons(c)]


def test_back_to_setup_asks_first_and_records_the_round_as_abandoned() -> None:
    now = [1000.0]
    board = _board(clock=lambda: now[0])
    r = board.round
    now[0] += 1  # past the settle time of the deal
    button_for(board, r.hand(r.current_player)[0]).click()
    board.actions.back.click()
    assert board.round is r and board.back_ask.yes in board.back_ask.children
    board.back_ask.keep.click()
    assert board.back_ask.children == () and board.actions.back in board.actions.children
    board.actions.back.click()
    now[0] += 1  # the teacher reads the question
    board.back_ask.yes.click()
    assert board.round is None and board.session.events[-1].describe() == "the round abandoned"
    assert board.form.layout.display is None
    board.form.rule.value = "express-2"
    board.form.deal.click()
    assert board.message_html == "" and "Dealt" in board.verdict_html  # nothing of the last round


def test_secrets_stay_in_the_teachers_fold() -> None:
    board = ClassBoard("express", FIVE, rule="express-1", seed=1, autosave=False)
    board.form.check.click()
    assert board.form.teacher.selected_index is None and "Teacher only" in board.form.teacher.get_title(0)
    assert "The rule is" in board.form.report.value and "Teacher only" in board.form.message.value
    board.deal()
    assert board.teacher.selected_index is None and "Teacher only" in board.teacher.get_title(0)
    assert board.figures.show_map.value is False and board.figures.map.value == ""  # acceptance map off
    assert board.figures.toggles in board.teacher.box.children


@pytest.mark.parametrize("hypotheses", [True, False])
def test_the_narrowing_plot_marks_hypotheses_and_switches_scale(hypotheses: bool) -> None:
    board = _board(players=FIVE, rule="card.color != prev.color", hypotheses=hypotheses, plots=True)
    board.session.add_hypothesis("Ana", "card is red", "red cards")
    for _ in range(4):
        board.hand_buttons[0].click()
    board.render()
    plot = board.figures.plot.value
    assert 'data-scale="log"' in plot and 'data-student="Ana"' in plot
    fals = board.session.hypotheses["Ana"].falsified_by
    if fals is not None:  # marked at the play that falsified it
        assert f'data-step="{fals.index + 1}"' in plot
    board.figures.scale.value = "linear"  # the teacher's switch redraws at once
    assert 'data-scale="linear"' in board.figures.plot.value
    board.figures.show_plot.value = False
    assert board.figures.plot.value == ""


def test_a_hint_after_play_has_begun_needs_the_players_consent() -> None:
    board = _board()
    r = board.round
    button_for(board, r.hand(r.current_player)[0]).click()
    before = len(r.events)
    board.teacher.hint.value = "colours matter"
    board.teacher.give.click()
    assert len(r.events) == before and board.teacher.consent_row in board.teacher.box.children
    board.teacher.agree.click()
    assert r.hints == ["colours matter"] and "Hint" in board.verdict_html


def test_the_stable_css_classes_are_on_the_board() -> None:
    board = ClassBoard("express", FIVE, rule="express-1", seed=1, autosave=False)
    setup = _classes(board)
    for name in (
        "eleusis-players",
        "eleusis-variant",
        "eleusis-secret-rule",
        "eleusis-deal",
        "eleusis-teacher",
    ):
        assert name in setup, name
    board.deal()
    r = board.round
    button_for(board, fitting(r)[0]).click()
    playing = _classes(board)
    for name in ("eleusis-reveal", "eleusis-guess", "eleusis-no-play", "eleusis-hand-card"):
        assert name in playing, name
    board.reveal(force=True)
    shown = _classes(board)
    for name in (
        "eleusis-table",
        "eleusis-verdict",
        "eleusis-undo",
        "eleusis-revealed",
        "eleusis-scores",
        "eleusis-acceptance-map",
        "eleusis-teacher",
    ):
        assert name in shown, name
    board.undo()  # the reveal taken back: the hand is clickable again
    assert all("eleusis-hand-card" in b._dom_classes for b in board.hand_buttons) and board.hand_buttons


def test_a_player_deals_judges_words_and_the_deal_passes_on() -> None:
    """Match mode on the board: the form's Dealer field, the dealer's ruling on words, the next dealer."""
    board = ClassBoard("express", ["Ana", "Ben", "Cy", "Dee"], rule="card.color != prev.color", seed=1,
                       autosave=False, hypotheses=False, plots=False)  # fmt: skip
    board.form.dealer.value = "Zed"
    board.form.deal.click()
    assert board.round is None and "Zed is not one of the players" in board.form.message.value
    board.form.dealer.value = "Ben"
    board.form.deal.click()
    r = board.round
    assert r is not None and r.dealer == "Ben" and "Ben" not in r.players
    while not board.guess_box.guesser.options or "guess" not in board.session.possible():
        button_for(board, fitting(r)[0]).click()
    box = board.guess_box
    assert box.dealer_judges in box.buttons.children  # a person deals: words can go to them
    before = board.session.to_json()
    box.dealer_judges.click()  # no words yet: one line, nothing changes
    assert "Type what the student said" in box.message.value and board.session.to_json() == before
    box.statement.text.value = "red then black"
    box.dealer_judges.click()
    assert box.overrule_row in box.children and "The dealer judges" in board.verdict_html
    board.guess_box.overrule_right.click()
    assert r.is_over
    assert "Ben <small>(dealer)</small>" in board.scores_html
    board.actions.next_round.click()
    assert board.round is None and board.form.dealer.value == "Cy"
    assert "Cy deals this round" in board.form.message.value


def test_the_class_board_buys_a_hint_when_the_round_offers_it() -> None:
    board = ClassBoard(
        "express", ["Ana", "Ben", "Cy"], rule="express-1", seed=3, autosave=False, hypotheses=False,
        options={"buy_hints": True},
    )  # fmt: skip
    board.deal()
    r = board.round
    who = r.current_player
    before = len(r.hand(who))
    assert board.actions.buy_hint in board.actions.children
    board.actions.buy_hint.click()
    assert len(r.hand(who)) == before + 1 and len(r.hints) == 1
    assert "bought a hint" in board.verdict_html and board.message_html == ""
    board.actions.undo.click()
    assert len(r.hand(who)) == before and r.hints == []


def test_after_a_computer_played_first_the_hint_asks_the_players_not_the_engine() -> None:
    board = ClassBoard(
        "express", ["Ana", "Ben"], rule="express-1", seed=2, computers={"Robo": "careful"}, autosave=False,
        hypotheses=False,
    )  # fmt: skip
    board.deal()
    assert board.round.steps == 1  # Robo played first
    board.teacher.hint.value = "colours matter"
    board.teacher.give.click()
    assert board.teacher.consent_row in board.teacher.box.children  # the board asks the players
    assert board.round.hints == [] and "consented" not in board.message_html
    assert board.give_hint("colours matter") is False
    assert "consented" not in board.message_html and "consent" in board.message_html
    board.teacher.agree.click()
    assert board.round.hints == ["colours matter"]


@pytest.mark.parametrize(("plots", "label"), [(False, "Hypotheses"), (True, "Narrowing")])
def test_the_class_hypotheses_are_one_click_from_the_table_with_or_without_the_plot(
    plots: bool, label: str
) -> None:
    # A lesson's quick board has no plot: its hypotheses panel must still be reachable (lesson 2 says so).
    board = ClassBoard(players=["Ana", "Ben"], rule="card is red", plots=plots, autosave=False)
    assert board.view_choice.layout.display != "none" and board.view_choice.options == ("Evidence", label)
    assert board.panel is not None and board._narrowing.layout.display == "none"
    board.view_choice.value = label
    assert board._narrowing.layout.display is None and board.table.layout.display == "none"
    board.view_choice.value = "Evidence"
    assert board.table.layout.display is None


def test_without_a_hypotheses_panel_or_a_plot_there_is_no_second_view() -> None:
    board = ClassBoard(
        players=["Ana", "Ben"], rule="card is red", plots=False, hypotheses=False, autosave=False
    )
    assert board.view_choice.layout.display == "none"


def test_the_projector_reads_the_words_candidates_when_built_a_students_board_when_words_come() -> None:
    """The class waits on the projector's first words, so the class board starts reading the chooser's
    candidates when it is built; a student's board leaves them until words are typed (a class pressing
    Run All together would spend a school server's CPU and memory on words some never type)."""
    from eleusis_lab.science import words
    from eleusis_lab.widgets import SoloBoard

    words._WARMED.clear()
    SoloBoard(rule="card is red", seed=1)
    assert not words._WARMED, "a student's board read the candidates before any words"
    ClassBoard(autosave=False)
    warmed = set(words._WARMED)
    assert warmed == {"standard"}, warmed
