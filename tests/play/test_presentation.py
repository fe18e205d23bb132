"""What a person sees about a variant is on the variant: every end reason has a phrase, every table
variant a title, a printed sheet whose worked example agrees with the engine, and set-up fields."""

from __future__ import annotations

from typing import get_args

from eleusis_lab.play import actions as act
from eleusis_lab.play import find_variant, new_round
from eleusis_lab.play.presentation import END_REASONS, setup_fields
from eleusis_lab.play.table import EndReason
from eleusis_lab.play.variant import VARIANTS
from eleusis_lab.worksheets.scoresheets import printed_variants, worked_example


def test_every_end_reason_the_engine_gives_has_a_phrase() -> None:
    assert set(END_REASONS) == set(get_args(EndReason))


def test_a_solo_round_that_runs_out_of_turns_says_so() -> None:
    r = new_round("solo", ["Ana"], "card is red or card is black", seed=1, max_turns=1)
    r.play("Ana", r.hand("Ana")[0])
    r.apply(act.DeclineGuess("Ana"))  # the last turn's chance to guess, passed up
    assert r.end is not None and r.end.reason == "turns"
    assert r.presentation.end_phrase(r.end.reason, r.end.player) == "the turns ran out"


def test_every_table_variant_prints_a_sheet_the_engine_agrees_with() -> None:
    table = [key for key, cls in VARIANTS.items() if cls.match.playable]
    assert set(printed_variants()) == set(table) == {"gardner", "express", "new-eleusis", "letters"}
    for key in table:
        example = worked_example(key)  # raises if the written-out arithmetic disagrees with the engine
        assert example["lines"] and example["players"]


def test_the_express_example_ends_the_round_once() -> None:
    """Emptying a hand and a right guess each end an Express round (RULES.md 2): not both in one."""
    example = find_variant("express").presentation.sheet.example  # type: ignore[union-attr]
    assert example.counts["guessed_by"] is not None and 0 not in example.left


def test_express_offers_its_options_and_gardner_none() -> None:
    fields = setup_fields(find_variant("express"))
    assert [(f.option, f.kind) for f in fields] == [
        ("hand_size", "choice"),
        ("wrong_guess_penalty", "tick"),
        ("stock_refresh", "tick"),
        ("buy_hints", "tick"),
        ("counterexample", "tick"),
    ]
    assert fields[0].choices == (("12 cards", 12), ("10 cards", 10)) and fields[1].value(True) == 1
    assert setup_fields(find_variant("gardner")) == ()
