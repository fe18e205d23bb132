"""Issue 29 #5: the counterexample after a wrong guess is an option of the round, off by default.

In the sources a wrong guess is just wrong and play passes (RULES.md 2): a position and a card on which
the guess and the secret rule differ is evidence no play produced.  Off, the guess, its event, its save
and its message say only that it is wrong; on, they carry the counterexample as before.
"""

from __future__ import annotations

import pytest

from eleusis_lab.play import GameError, find_variant, load_round, new_round

RED = "card is red"
WRONG = "card is red or card.rank == 5"  # differs from RED on a black five


def _wrong_guess(**options: object) -> tuple[object, object]:
    r = new_round("express", ["Ana", "Ben"], RED, seed=5, **options)
    player = r.current_player
    r.play(player, next(c for c in r.hand(player) if c.is_red))
    return r, r.guess(player, WRONG)


def test_a_wrong_guess_says_only_that_it_is_wrong_by_default() -> None:
    option = next(o for o in find_variant("express").OPTIONS if o.name == "counterexample")
    assert option.type is bool and option.default is False and option.form is not None
    r, result = _wrong_guess()
    assert result.correct is False and result.counterexample is None
    assert result.message == f"{result.player}'s guess is not the rule."
    saved = r.to_json()
    assert "accepted by the guess" not in saved and "rejected by the secret rule" not in saved
    again = load_round(saved)
    assert again.options["counterexample"] is False and again.to_json() == saved


def test_with_the_option_a_wrong_guess_shows_where_the_rules_differ() -> None:
    r, result = _wrong_guess(counterexample=True)
    example = result.counterexample
    assert result.correct is False and example is not None
    assert example.explain() in result.message and "5♠" in result.message
    assert "accepted by the guess" in r.to_json()
    assert load_round(r.to_json()).options["counterexample"] is True


def test_the_option_is_a_yes_or_no() -> None:
    with pytest.raises(GameError, match="counterexample must be True or False"):
        new_round("express", ["Ana", "Ben"], RED, seed=5, counterexample="yes")
