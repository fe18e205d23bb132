"""Teacher guide A's claims (``lessons/02_running_a_class_round.ipynb``), checked after Run All.

The guide leaves its boards for the teacher to try by hand; the tests play the same steps on boards of
their own in the guide's kernel.
"""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("02_running_a_class_round")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_a_library_rule_used_in_class_passes_the_checks(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert report.acceptable, "a library rule used in class must pass the checks"
assert not check(library.get("gardner-7").rule).acceptable, "Gardner's bad example fails them"
"""
    )


def test_playing_undo_a_wrong_guess_reveal_and_scores_as_the_guide_says(lesson: Lesson) -> None:
    lesson.run(
        r"""
def _walkthrough():
    walk = ClassBoard(
        "express", names, rule="express-6", seed=2, plots=False, autosave=False,
        options={"counterexample": True},
    )
    walk.deal()
    walk.panel.add("Ben", "card.color != prev.color", "alternate colours")
    game = walk.round
    fingerprint = game.seal.fingerprint
    for _ in range(5):
        walk.play([game.hand(game.current_player)[0]])
    assert len(game.evidence()) >= 5
    before = len(game.events)
    walk.undo()
    assert len(game.events) < before, "undo takes back the last action"
    for _ in range(30):
        player = game.current_player
        walk.play([game.hand(player)[0]])
        if game.evidence()[-1].accepted:
            break
    wrong = walk.guess(player, "card.color != prev.color")
    assert not wrong.correct and wrong.counterexample is not None, "a wrong guess gets a counterexample"
    fate = {h.student: falsifier for h, falsifier in walk.panel.status()}
    assert fate["Ben"] is not None, "a card on the table falsifies 'alternate colours'"
    walk.reveal(force=True)
    assert game.seal.verify(game.rule.text) and game.seal.fingerprint == fingerprint
    assert not game.seal.verify("card.color != prev.color")
    expected = scoring.express([len(game.hand(n)) for n in game.players])
    assert list(game.scores().players) == list(expected.players), "12 minus cards left, +6, +3"
_walkthrough()
"""
    )


def test_the_physical_board_judges_the_cards_the_guide_suggests(lesson: Lesson) -> None:
    lesson.run(
        r"""
def _physical():
    table = PhysicalBoard("express", names, rule="express-6", hypotheses=False, autosave=False)
    table.deal()
    for card in ["5H", "9C", "3D"]:
        table.pick(card)
    assert [str(c) for c in table.round.mainline] == ["5♥", "9♣", "3♦"], "low wants high, high wants low"
_physical()
"""
    )


def test_nothing_is_dealt_until_the_teacher_clicks_deal(lesson: Lesson) -> None:
    assert lesson.value("class_board.round is None")


def test_the_answer_key_lists_every_code_of_both_decks(lesson: Lesson) -> None:
    printed = lesson.text(lesson.cell("deck.answer_key()"))
    codes = lesson.value("[c for d in DECKS.values() for c in d.codes]")
    assert codes and all(code in printed for code in codes)
