"""Lesson 11's claims, checked on the lesson after Run All (``lessons/11_better_than_a_machine.ipynb``)."""

from __future__ import annotations

from pathlib import Path

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("11_better_than_a_machine")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_the_board_plays_a_rule_of_the_benchmark_deck_named_by_an_opaque_code(lesson: Lesson) -> None:
    printed = lesson.text(lesson.cell("deck = DECKS["))
    code, key = lesson.value("[code, deck.rule_key(code)]")
    assert f"Your code: {code}, round 0." in printed and key not in printed
    assert lesson.value("board.round.rule.text") == lesson.value(f"{{r.key: r.text for r in RULES}}[{key!r}]")
    source = "".join(c.source for c in lesson.notebook.cells)
    assert "colours-alternate" not in source, "rule keys shown to students are codes"
    assert "answer_key" not in source, "the slips' answer key is in the teacher guide only"


def test_the_board_plays_the_benchmarks_game_exactly(lesson: Lesson) -> None:
    lesson.run(
        r"""
def _replay():
    machine = benchmark_round(board.round.rule.text, "scientist", 0)
    replay = BenchmarkBoard(rule=deck.rule_key(code), round_index=0, name="replay", confidence=False)
    for turn in machine.turn_log:
        replay.play(turn.card)
        if turn.guess is not None:
            replay.guess(turn.guess)
        elif not replay.round.is_over:
            replay.pass_turn()
    again = replay.result()
    assert (again.solved, again.turns, again.wrong_guesses, again.score) == (
        machine.solved, machine.turns, machine.wrong_guesses, machine.score)
_replay()
"""
    )


def test_the_rows_start_empty_and_say_so(lesson: Lesson) -> None:
    # Run All: no round played, no file in the class folder; nothing is filled in.
    assert "You: no benchmark rounds played yet, so the row is empty." in lesson.value("my_row.value")
    empty = "our class (0 players): no benchmark rounds played yet, so the row is empty."
    assert empty in lesson.value("class_table.value")
    assert "GPT" in lesson.value("class_table.value"), "the published models are there beside it"


def test_the_class_row_is_computed_from_the_exported_rounds_alone(lesson: Lesson, tmp_path: Path) -> None:
    # Two rounds computed by hand: Ana states the rule right after her first play (turn 1: 31 - 1 = 30,
    # a success); Ben states a wrong rule once, then plays on to the end (raw -2, floored 0, 1 wrong
    # statement counted).  The class's row: solved 50 %, mean 15.0, 0.50 wrong guesses, raw mean 14.0.
    folder = tmp_path / "class-rounds"
    lesson.run(
        rf"""
_key = deck.rule_key(deck.codes[0])
_secret = {{r.key: r.text for r in RULES}}[_key]
_ana = BenchmarkBoard(rule=_key, round_index=0, name="Ana", export_dir={str(folder)!r})
_ana.play(_ana.round.hand("Ana")[0])
_ana.guess(_secret)
_ana.export_button.click()
_ben = BenchmarkBoard(rule=_key, round_index=1, name="Ben", export_dir={str(folder)!r})
_ben.play(_ben.round.hand("Ben")[0])
_ben.guess("not (" + _secret + ")")
while not _ben.round.is_over:
    _ben.play(_ben.round.hand("Ben")[0])
    _ben.pass_turn()
_ben.export_button.click()
folder_box.value = {str(folder)!r}
_row = show_class()
"""
    )
    assert len(list(folder.glob("*.json"))) == 2
    row = lesson.value("_row.to_dict()")
    assert row == {
        "label": "our class (2 players)",
        "rounds": 2,
        "rules": 1,
        "solved": 0.5,
        "mean_score": 15.0,
        "wrong_guesses": 0.5,
        "raw_mean": 14.0,
    }
    table = lesson.value("class_table.value")
    assert "<td>our class (2 players)</td><td>50%</td><td>15.0</td><td>0.50</td>" in table
    assert "the kit&#x27;s scientist" in table, "the scientist plays the class's rule and both rounds"
    assert (
        lesson.value("len(scientist_on(load_rounds(sorted(Path(folder_box.value).glob('*.json')))['Ana']))")
        == 1
    )


def test_a_hand_edited_file_is_named_and_nothing_is_counted(lesson: Lesson, tmp_path: Path) -> None:
    folder = tmp_path / "edited"
    lesson.run(
        rf"""
_key = deck.rule_key(deck.codes[1])
_cy = BenchmarkBoard(rule=_key, round_index=0, name="Cy", export_dir={str(folder)!r})
while not _cy.round.is_over:
    _cy.play(_cy.round.hand("Cy")[0])
    _cy.pass_turn()
_path = _cy.export()
_path.write_text(_path.read_text().replace('"correct": false', '"correct": true'))
_path.write_text(_path.read_text().replace('"accepted": false', '"accepted": true', 1))
folder_box.value = {str(folder)!r}
_row = show_class()
"""
    )
    assert lesson.value("_row is None")
    table = lesson.value("class_table.value")
    assert table.startswith("<p>Not added up: round 1 of benchmark-Cy-") and "does not replay" in table


def test_my_row_is_the_boards_round(lesson: Lesson) -> None:
    lesson.run(
        r"""
_mine = BenchmarkBoard(rule=deck.rule_key(code), round_index=0, name="Dee", confidence=False)
_mine.play(_mine.round.hand("Dee")[0])
_mine.guess(_mine.round.rule.text)
_kept, board = board, _mine
_row = show_my_row()
board = _kept
"""
    )
    assert lesson.value("[_row.rounds, _row.solved, _row.mean_score, _row.raw_mean]") == [1, 1.0, 30.0, 30.0]
    assert '<tr class="eleusis-you"><td>Dee</td><td>100%</td><td>30.0</td><td>0.00</td>' in lesson.value(
        "my_row.value"
    )
