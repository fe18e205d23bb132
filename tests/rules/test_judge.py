"""The exact judge for other harnesses: ``eleusis_lab.rules.judge`` and ``eleusis-lab judge``."""

from __future__ import annotations

import json

import pytest

from eleusis_lab import Card, Rule, RuleError, new_round
from eleusis_lab.cli import main
from eleusis_lab.rules import as_rule
from eleusis_lab.rules.judge import judge, read_mainline


def test_same_rule_in_other_words_is_same():
    j = judge("card.color != prev.color", "if prev is red then card is black else card is red")
    assert j.same and j.counterexample is None
    assert j.method == "exhaustive"


def test_different_rule_has_a_counterexample_both_rules_confirm():
    secret, guess = Rule.parse("card.rank >= prev.rank"), Rule.parse("card.rank > prev.rank")
    j = judge(secret, guess)
    assert not j.same
    cx = j.counterexample
    assert cx is not None
    line = list(cx.mainline)
    assert secret.accepts(cx.card, line) == cx.b_accepts
    assert guess.accepts(cx.card, line) == cx.a_accepts
    assert cx.a_accepts != cx.b_accepts


def test_mainline_relative_judgement():
    """A guess wrong only about the second card is wrong from the start, right once two cards are down."""
    secret = "card.rank >= prev.rank or position < 3"
    guess = "card.rank >= prev.rank"
    assert not judge(secret, guess).same
    later = judge(secret, guess, mainline="4♠ 8♦")
    assert later.same, later.explain()
    # and the counterexample of a later difference starts with the mainline that was given
    cx = judge("card is red", "card.rank > 0", mainline="4S 8D").counterexample
    assert cx is not None and [str(c) for c in cx.mainline[:2]] == ["4♠", "8♦"]


def test_benchmark_board_text_skips_rejected_cards():
    assert read_mainline("4♠ 8♦ [Q♥] 9♣") == [Card.parse(c) for c in ("4S", "8D", "9C")]
    assert read_mainline("") == []


def test_bad_input_is_a_clear_error():
    with pytest.raises(RuleError):
        judge("card.colr == red", "card is red")
    with pytest.raises(ValueError, match="cannot read"):
        judge("card is red", "card is black", mainline="4♠ ZZ")
    with pytest.raises(ValueError, match="not a card of this rule's deck"):
        judge("card.letter == 'A'", "card.letter != 'B'", mainline="4♠")


def test_cli_exit_status_and_json(capsys):
    assert main(["judge", "--rule", "express-1", "--guess", "card.color != prev.color"]) == 0
    assert capsys.readouterr().out.startswith("same")
    status = main(["judge", "--rule", "card.rank >= prev.rank", "--guess", "card.rank > prev.rank", "--json"])
    assert status == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["same"] is False and answer["counterexample"]["card"]
    assert main(["judge", "--rule", "card.colr", "--guess", "card is red"]) == 2
    assert "unknown attribute" in capsys.readouterr().err


def _round_judges(secret: str, guess: str) -> bool:
    """How an Express round's own guess judging answers: play a right card, then guess."""
    game = new_round("express", ["Ana", "Ben"], secret, seed=3)
    rule = game.rule
    for _ in range(40):
        player = game.current_player
        assert player is not None
        right = [c for c in game.hand(player) if rule.accepts(c, game.mainline)]
        if right:
            game.play(player, right[0])
            return bool(game.guess(player, guess).correct)
        game.no_play(player)
    raise AssertionError("no right card in 40 turns")  # pragma: no cover


@pytest.mark.parametrize(
    "secret,guess",
    [
        ("express-1", "express-3"),
        ("express-3", "gardner-1"),
        ("express-4", "gardner-2"),
        ("express-6", "express-5"),
    ],
)
def test_agrees_with_the_rounds_own_judging(secret, guess):
    names = ["Ana", "Ben"]
    expected = _round_judges(secret, as_rule(guess).text)
    assert judge(secret, guess, player_names=names).same == expected


def test_a_round_does_not_pay_a_guess_that_differs_after_a_long_line():
    """Issue 32 #1, reproducer (fed187d): in an Express round with a computer dealer, guessing
    "card.color != prev.color or position == 100" after a right play "found the rule" and paid +6; the
    two rules part after a 99-card line, which the round's two decks can lay."""
    assert _round_judges("card.color != prev.color", "card.color != prev.color or position == 100") is False
    assert _round_judges("card.color != prev.color", "card.color != prev.color or position == 150") is True
