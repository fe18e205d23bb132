"""The solo round's turn budget: what a computer player reads of the clock, instead of probing."""

from __future__ import annotations

import pytest

from eleusis_lab.play import VARIANTS, new_round
from eleusis_lab.play.actions import Play
from eleusis_lab.play.round import TurnBudget


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "solo"])
def test_a_table_round_has_no_clock(variant: str) -> None:
    r = new_round(variant, ["Ana", "Ben", "Cy"], "true", seed=1)
    assert r.turn_budget is None


def test_the_solo_budget_follows_the_round() -> None:
    r = new_round("solo", ["Ana"], "card is red", seed=4, max_turns=12, penalty=3)
    assert r.turn_budget == TurnBudget(turn=1, max_turns=12, penalty=3, wrong_guesses=0)
    play = next(a for a in r.legal_actions("Ana") if isinstance(a, Play))
    r.apply(play)
    r.guess("Ana", "card is black")  # wrong: counted, and the next turn is under way
    assert r.turn_budget == TurnBudget(turn=2, max_turns=12, penalty=3, wrong_guesses=1)
    bench = new_round("solo", ["Ana"], "card is red", seed=4, protocol="benchmark")
    assert bench.turn_budget is not None and bench.turn_budget.judged_from_start is False
