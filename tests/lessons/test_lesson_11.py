"""Lesson 11's claims, checked on the lesson after Run All (``lessons/11_better_than_a_machine.ipynb``)."""

from __future__ import annotations

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


def test_the_class_table_starts_empty_and_floors_negative_scores(lesson: Lesson) -> None:
    assert "No results yet" in lesson.value("class_table.value")
    lesson.run(
        r"""
codes = deck.codes
lines = [f"Ana, {codes[0]}, 0, 24, yes", f"Ben, {codes[1].lower()}, 1, -3, no", "bad line"]
lines.append("Cy, X-000, 0, 5, no")
class_box.value = "\n".join(lines)
mean, solved = show_class()
assert (mean, solved) == (29 / 3, 1 / 3), "a negative score counts as 0, as in the published means"
assert "GPT" in class_table.value and "scientist" in class_table.value
assert len(PUBLISHED) >= 12 and all(0 <= p.solved <= 1 for p in PUBLISHED)
assert scientist_on(class_lines()).rounds == 2, "the scientist plays the class's two known rounds"
class_box.value = ""
"""
    )
