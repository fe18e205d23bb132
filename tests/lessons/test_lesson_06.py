"""Lesson 6's claims, checked on the lesson after Run All (``lessons/06_new_eleusis.ipynb``)."""

from __future__ import annotations

from lesson_kernel import Lesson, RunAllChecks, lesson_fixture

lesson = lesson_fixture("06_new_eleusis")


class TestRunAll(RunAllChecks):
    """Run All leaves the boards unplayed, the class tables empty, and shows every figure."""


def test_no_card_of_a_wrong_string_joins_the_mainline(lesson: Lesson) -> None:
    # The lesson's round goes on after this cell: the test plays the same two turns on a round of its own.
    lesson.run(
        r"""
def _wrong_string():
    again = new_round("new-eleusis", players, "new-eleusis", seed=1)
    def fits_here(cards):
        line = list(again.mainline)
        for card in cards:
            if not again.rule.accepts(card, line):
                return False
            line.append(card)
        return True
    first = again.current_player
    again.play(first, list(next(s for s in itertools.permutations(again.hand(first), 3) if fits_here(s))))
    who = again.current_player
    before, line_before = len(again.hand(who)), list(again.mainline)
    pairs = itertools.permutations(again.hand(who), 2)
    wrong = next(s for s in pairs if fits_here(s[:1]) and not fits_here(s))
    assert wrong == wrong_string, "the same string as the lesson's"
    told = again.play(who, list(wrong))
    assert list(again.mainline) == line_before, "no card of a wrong string joins the mainline"
    assert fits_here(wrong[:1]), "even the card that fitted on its own went to the sideline"
    assert list(again.sidelines[-1][-1].cards) == list(wrong), "the whole string is in the sideline"
    assert told.penalty == 2 * len(wrong) == 4, "2 penalty cards per card of the string"
    assert len(again.hand(who)) == before - 2 + 4
    assert again.evidence()[-1].cards == tuple(wrong) and not again.evidence()[-1].accepted
_wrong_string()
"""
    )


def test_a_hypothesis_accepting_the_whole_string_is_falsified(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert "anything goes" not in blames, "a hypothesis accepting the whole string is falsified"
assert blames["go up"] != blames["same colour"], "both survive, blaming different cards"
"""
    )


def test_an_overthrown_prophet_draws_5(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert overthrow.prophet_overthrown and game.prophet is None
assert len(game.hand(cy)) == prophet_before + 5, "an overthrown prophet draws 5"
assert len(game.hand(ana)) == ana_before - 1 and overthrow.penalty == 0, "no penalty for Ana"
assert not any(m.is_black for m in game.markers), "the black markers come off"
assert not game.can_become_prophet(cy), "a player can be prophet only once a round"
"""
    )


def test_a_white_marker_on_the_10th_card(lesson: Lesson) -> None:
    lesson.run(
        r"""
kinds = [(m.kind, m.count) for m in whole.markers]
assert kinds[0] == ("white", 10), "a white marker on the 10th card"
prophet_count = next(count for kind, count in kinds if kind == "prophet")
blacks = [count for kind, count in kinds if kind == "black"]
assert blacks == [prophet_count + 10, prophet_count + 20, prophet_count + 30]
assert whole.sudden_death and expelled, "after the 4th marker a wrong play expels"
assert whole.is_over
"""
    )


def test_a_string_played_on_the_class_board_joins_the_mainline_in_order(lesson: Lesson) -> None:
    lesson.run(
        r"""
def _string_on_the_board():
    table = ClassBoard("new-eleusis", players, rule="new-eleusis", seed=1, hypotheses=False, autosave=False)
    table.deal()
    first = table.round.current_player
    line = list(table.round.mainline)
    pair = next(
        s
        for s in itertools.permutations(table.round.hand(first), 2)
        if table.round.rule.accepts(s[0], line) and table.round.rule.accepts(s[1], [*line, s[0]])
    )
    table.play(list(pair))
    assert table.round.mainline[-2:] == list(pair), "the string joined the mainline in order"
    assert table.round.current_player != first
_string_on_the_board()
"""
    )


def test_god_played_a_card_of_the_hand_that_fits(lesson: Lesson) -> None:
    lesson.run(
        r"""
assert not claim.accepted and claim.penalty == 5
assert game.mainline[-1] == claim.dealer_card, "God played a card of the hand that fits"
assert len(game.hand(claimant)) == claimant_before - 1 + 5
"""
    )


def test_god_and_the_players_score_as_abbott_says(lesson: Lesson) -> None:
    lesson.run(
        r"""
left = [len(whole.hand(name)) for name in players]
high = max(left)
for name, own, points in zip(players, left, final.players, strict=True):
    if name != whole.prophet:
        assert points == high - own + (4 if own == 0 else 0), name
assert final.dealer == min(max(final.players), 2 * prophet_count), "God's score"
"""
    )
