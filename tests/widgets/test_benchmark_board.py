"""The solo board's benchmark mode, driven through its model (no browser)."""

from __future__ import annotations

from html import escape
from typing import Any

import pytest

from eleusis_lab.play import load_round
from eleusis_lab.science.benchmark import PUBLISHED, RULES
from eleusis_lab.widgets.benchmark import published_html
from eleusis_lab.widgets.solo import BenchmarkBoard


def test_a_person_plays_the_benchmark_game_and_bad_input_changes_nothing() -> None:
    board = BenchmarkBoard(rule="red", round_index=0)
    r = board.round
    assert r.benchmark and r.variant == "solo"
    hand = r.hand("You")
    before = r.to_json()
    assert board.guess("card is red") is None  # no guess before a play
    assert r.turns == 0 and r.hand("You") == hand and r.to_json() == before
    board.sure.value = 80
    accepted = board.play(hand[0])
    assert accepted in (True, False)
    assert board.statements == [(0.8, "")]
    assert board.result().turn_log[-1].confidence == 0.8
    after_play = r.to_json()
    assert board.play(r.hand("You")[0]) is None  # state a rule or pass first
    assert board.guess("card is") is None  # bad rule text
    assert r.wrong_guesses == 0 and r.to_json() == after_play
    assert board.guess("card is black") is False
    assert r.wrong_guesses == 1
    board.play(r.hand("You")[0])
    assert board.guess("card is red") is True
    result = board.result()
    assert result.solved and result.score == 31 - result.turns - 2
    assert "eleusis-benchmark" in board.widget._dom_classes
    assert "Solved on turn" in board.status.value
    # the board's round is a round like any other: it saves and loads back exactly
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_passing_on_the_last_turn_ends_the_round_unsolved() -> None:
    board = BenchmarkBoard(rule="rank-pairs", round_index=0)
    while not board.round.is_over:
        assert board.play(board.round.hand("You")[0]) is not None
        board.pass_turn()
    result = board.result()
    assert board.round.turns == 30 and not result.solved and result.raw_score == 0
    assert "Not solved in 30 turns" in board.status.value


def test_rule_text_reaches_html_escaped() -> None:
    board = BenchmarkBoard(rule="red", round_index=1)
    board.play(board.round.hand("You")[0])
    board.guess("card.rank < 3 and card is red")
    assert "&lt;" in board.journal.value and "< 3" not in board.journal.value


def _hand_button(board: BenchmarkBoard, k: int = 0) -> Any:
    return board.hand.buttons[k]


def test_a_double_click_plays_one_card_and_the_verdict_stays() -> None:
    # Found in the browser: the second click of a double click reached the kernel after the first had
    # played, and its warning ("State a rule or play on …") replaced the verdict the student had to read.
    board = BenchmarkBoard(rule="red", round_index=0)
    card_button = _hand_button(board)
    card_button.click()
    shown = board.verdict.value
    assert "is accepted" in shown or "is rejected" in shown
    assert all(b.disabled for b in board.hand.buttons)  # the hand stays on show while a rule is stated
    card_button.click()  # the stale second click
    _hand_button(board, 3).click()  # a click queued before the hand was greyed
    assert board.round.turns == 1 and board.verdict.value == shown
    board.rule_text.value = "card is black"
    board.guess_button.click()
    board.guess_button.click()  # a double click on "State the rule" states it once
    assert board.round.wrong_guesses == 1 and "Not the rule" in board.verdict.value
    board.pass_button.click()  # nothing to pass: the stale click changes nothing
    assert board.round.turns == 1 and "Not the rule" in board.verdict.value
    _hand_button(board).click()
    board.pass_button.click()
    board.pass_button.click()
    assert board.round.turns == 2 and "is " in board.verdict.value and "Nothing" not in board.verdict.value
    # the guards are for clicks only: a program that calls play out of order still hears why
    board.play(board.round.hand("You")[0])
    assert board.play(board.round.hand("You")[0]) is None and "State a rule" in board.verdict.value


def test_the_status_shows_what_a_right_rule_scores_this_turn() -> None:
    # Found in the browser: after a wrong guess the board promised 31 - 1 - 2 = 28 for turn 2 (it counted
    # the turn just played); a right rule on turn 2 scores 31 - 2 - 2 = 27.
    board = BenchmarkBoard(rule="red", round_index=0)
    assert "Turn 1 of 30" in board.status.value and "scores <b>30</b>" in board.status.value
    board.play(board.round.hand("You")[0])
    assert "Turn 1 of 30" in board.status.value and "scores <b>30</b>" in board.status.value
    board.guess("card is black")
    assert "Turn 2 of 30" in board.status.value and "scores <b>27</b>" in board.status.value
    board.play(board.round.hand("You")[0])
    assert "scores <b>27</b>" in board.status.value
    assert board.guess("card is red") is True and board.result().score == 27
    assert "Solved on turn 2 with 1 wrong guess: score 27." in board.status.value
    assert "card is red" in board.status.value  # the rule is shown once the round is over


@pytest.mark.parametrize("rule", [r.key for r in RULES])
def test_nothing_on_the_board_gives_the_rule_away_before_the_end(rule: str) -> None:
    # Found in the browser: the guess box's placeholder gave an example, card.color != prev.color, which
    # is the default rule (colours-alternate) itself.
    board = BenchmarkBoard(rule=rule, round_index=0)
    secret = board.round.rule.text
    board.play(board.round.hand("You")[0])
    shown = [board._title.value, board.status.value, board.journal.value, board.published.value]
    shown += [board.rule_text.placeholder, board.sure.description, board.verdict.value]
    assert not any(secret in text for text in shown)
    assert rule not in board._title.value and rule not in board.status.value  # nor the rule's name


def test_the_result_is_shown_in_its_place_in_the_published_table() -> None:
    board = BenchmarkBoard(rule="red", round_index=0)
    assert board.published.value == ""
    board.play(board.round.hand("You")[0])
    board.guess("card is red")
    html = board.published.value
    assert all(escape(p.model) in html for p in PUBLISHED)
    you = html.index("You (this round)")
    better = [p for p in PUBLISHED if p.mean_score > board.result().score]
    assert all(html.index(escape(p.model)) < you for p in better)
    assert all(html.index(escape(p.model)) > you for p in PUBLISHED if p not in better)
    # a class's rounds, summed up the benchmark's way, under its own name (text reaches HTML escaped)
    other = BenchmarkBoard(rule="red", round_index=1)
    while not other.round.is_over:
        other.play(other.round.hand("You")[0])
        other.pass_turn()
    both = published_html([board.result(), other.result()], label="<our class>")
    assert "&lt;our class&gt;" in both and "<our class>" not in both
    assert f"<td>50%</td><td>{(board.result().score + 0) / 2:.1f}</td>" in both


def test_a_computer_player_plays_the_same_round_for_a_row_beside_yours() -> None:
    # "random" stands in for the scientist (whose play this test does not judge): the row is its round.
    from eleusis_lab.science.benchmark import benchmark_round

    board = BenchmarkBoard(rule="red", round_index=2, opponent="random")
    board.play(board.round.hand("You")[0])
    assert "random" not in board.published.value  # nothing is played before yours is over
    board.guess("card is red")
    html = board.published.value
    machine = benchmark_round(board.round.rule.text, "random", 2)
    assert machine.seed == board.round.seed  # the same deck
    label = escape("the kit's random (same round)")
    row = f"<td>{label}</td><td>{machine.success:.0%}</td><td>{machine.score:.1f}</td>"
    assert row in html and html.count('class="eleusis-you"') == 1


def test_the_hand_reuses_its_card_widgets_from_turn_to_turn() -> None:
    # The board built 36 new widgets (never closed) for every redraw of the hand: 2,784 over a 30-turn
    # round.  The hand's part (HandArea) keeps one slot per card it has shown.
    board = BenchmarkBoard(rule="rank-pairs", round_index=0)
    before = {b.card: b for b in board.hand.buttons}
    board.play(board.round.hand("You")[0])
    board.pass_turn()
    after = {b.card: b for b in board.hand.buttons}
    kept = before.keys() & after.keys()
    assert len(kept) == 11 and all(before[c] is after[c] for c in kept)


def test_enter_in_the_rule_box_states_the_rule_once() -> None:
    board = BenchmarkBoard(rule="red", round_index=0)
    enter = {"event": "submit"}  # what the browser's text box sends for Enter
    board.rule_text.value = "card is black"
    board.rule_text._handle_custom_msg(enter, [])  # before a play: nothing to state, nothing changes
    assert board.round.wrong_guesses == 0 and board.verdict.value == ""
    board.play(board.round.hand("You")[0])
    board.rule_text._handle_custom_msg(enter, [])
    board.rule_text._handle_custom_msg(enter, [])  # Enter pressed twice: one guess
    assert board.round.wrong_guesses == 1 and "Not the rule" in board.verdict.value


def test_once_over_the_result_beside_the_models_comes_right_under_the_banner() -> None:
    # At 1280 x 720 a 30-turn line pushed the published table below the screen's edge.
    board = BenchmarkBoard(rule="rank-pairs", round_index=0)
    kids = list(board.widget.children)
    assert kids.index(board.status) < kids.index(board.table) < kids.index(board.hand)
    while not board.round.is_over:
        board.play(board.round.hand("You")[0])
        board.pass_turn()
    kids = list(board.widget.children)
    row = next(k for k in kids if board.published in getattr(k, "children", ()))
    assert kids.index(board.status) + 1 == kids.index(row) < kids.index(board.table)
    assert board.hand not in kids and board.after not in kids


def test_a_rule_is_stated_in_words_and_the_row_picked_is_the_rule_judged() -> None:
    # Issue 28: a student states a rule without typing rule text.  The words offer rules as sentences;
    # the row clicked is the rule stated (a wrong row first, then the right one).
    board = BenchmarkBoard(rule="colours-alternate", round_index=0)
    secret = board.round.rule.text
    board.play(board.round.hand("You")[0])
    board.rule_text.value = "alternate colours"
    rows, offered = board.rule_box.chooser.rows, board.rule_box.chooser.matches
    assert rows and board.rule_box.rule is None  # words are no rule until a row is picked
    board.guess_button.click()
    assert board.round.wrong_guesses == 0 and "Click the rule you mean" in board.verdict.value
    right = next(k for k, m in enumerate(offered) if m.text == secret)
    wrong = next(k for k in range(len(offered)) if k != right)
    rows[wrong].click()
    board.guess_button.click()
    assert board.round.wrong_guesses == 1
    assert board.result().turn_log[0].guess == offered[wrong].text
    board.play(board.round.hand("You")[0])
    rows[right].click()
    board.guess_button.click()
    result = board.result()
    assert result.solved and result.turn_log[1].guess == secret and result.score == 31 - 2 - 2


def test_a_rule_is_stated_by_clicks_in_the_builder() -> None:
    board = BenchmarkBoard(rule="red", round_index=0)
    board.play(board.round.hand("You")[0])
    builder = board.rule_box.build()  # the builder: every part a click, the rule text shown as it grows
    builder.prefill("card is black")  # what its controls' clicks make (tests/rules/test_builder.py)
    board.guess_button.click()
    assert board.round.wrong_guesses == 1 and board.result().turn_log[0].guess == "card is black"
    board.play(board.round.hand("You")[0])
    builder.prefill("card is red")
    board.guess_button.click()
    assert board.result().solved


def test_once_over_the_round_exports_for_the_human_baseline(tmp_path: Any) -> None:
    from eleusis_lab.science.human_baseline import baseline_row, load_rounds

    board = BenchmarkBoard(rule="red", round_index=0, name="Sam <b>", export_dir=tmp_path)
    with pytest.raises(ValueError, match="Finish the round first"):
        board.export()  # the file holds the rule: not before the end
    assert board.export_area not in board.widget.children
    board.play(board.round.hand("Sam <b>")[0])
    board.guess("card is red")
    assert board.export_area in board.widget.children
    board.export_button.click()
    [path] = list(tmp_path.iterdir())
    assert path.name.startswith("benchmark-Sam-b-") and escape(str(path)) in board.export_note.value
    rows = load_rounds([path])
    assert baseline_row(rows["Sam <b>"], "Sam") == baseline_row([board.result()], "Sam")


def test_the_board_redraws_from_its_session_after_an_undo() -> None:
    # The board holds no game state: undo in the session (the play and its confidence together) and every
    # view follows, the stage too.
    board = BenchmarkBoard(rule="red", round_index=0)
    hand = board.round.hand("You")
    board.sure.value = 70
    board.play(hand[0])
    assert all(b.disabled for b in board.hand.buttons) and board.after.layout.display == ""
    board.session.undo()
    assert board.round.turns == 0 and board.round.hand("You") == hand and board.round.confidences() == []
    assert not any(b.disabled for b in board.hand.buttons) and board.after.layout.display == "none"
    assert "Turn 1 of 30" in board.status.value and "Your turns appear here" in board.journal.value
    board.session.undo()  # the deal itself: nothing on the board, nothing drawn
    assert board.round is None and board.status.value == "" and board.published.value == ""


def test_the_journal_says_a_stated_rule_in_english_with_its_rule_text_small() -> None:
    board = BenchmarkBoard(rule="red", round_index=1)
    board.play(board.round.hand("You")[0])
    board.guess("card.color != prev.color")
    journal = board.journal.value
    assert "Alternate red and black cards." in journal  # the library's own sentence for this rule
    assert '<code style="font-size:0.8em' in journal and "card.color != prev.color</code>" in journal
    assert journal.index("Alternate red and black") < journal.index("card.color != prev.color")
