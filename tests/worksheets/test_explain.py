"""The key's "why" for if-rules: the branch a table selects, judged by the engine."""

from __future__ import annotations

import pytest

from eleusis_lab.cards import parse_cards
from eleusis_lab.rules import Rule
from eleusis_lab.worksheets.explain import branch_on

pytestmark = pytest.mark.xdist_group("worksheets")


def test_branch_of_an_else_if_chain() -> None:
    rule = Rule.parse("if prev.suit == diamonds then card.suit != diamonds else if prev.suit == clubs "
                      "then card is red else card is black")  # fmt: skip
    b = branch_on(rule, parse_cards("3H 8C"))
    assert b is not None
    assert b.conditions == (("prev.suit == diamonds", False), ("prev.suit == clubs", True))
    assert b.applies == "card is red"


def test_no_branch_without_if_or_with_missing_history_or_card_conditions() -> None:
    assert branch_on(Rule.parse("card.color != prev.color"), parse_cards("3H 8C")) is None
    two_back = Rule.parse("if prev2 is red then card is odd else card is even")
    assert branch_on(two_back, parse_cards("8C")) is None  # prev2 missing: the rule accepts anything
    assert branch_on(two_back, parse_cards("3H 8C")).applies == "card is odd"
    assert branch_on(Rule.parse("if card is red then prev is odd else true"), parse_cards("3H")) is None
    assert branch_on(two_back, []) is None


def test_table_values_are_what_the_engine_computes() -> None:
    from eleusis_lab.worksheets.explain import table_values

    table = parse_cards("3H 8S 6D")
    assert table_values("card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]", table) == (
        ("[clubs, spades, hearts, diamonds][prev.rank % 4]", "hearts"),
    )
    assert table_values("card.rank + prev.rank + prev2.rank <= 20", table) == ()  # card on both sides
    assert table_values("card.rank == prev.rank + prev2.rank - 10", table) == (
        ("prev.rank + prev2.rank - 10", "4"),
    )
    assert table_values("card.suit == prev.suit", table) == ()  # the top card says it already
    assert table_values("card.rank > prev3.rank + 1", table) == (("prev3.rank + 1", "4"),)
    assert table_values("card.rank > prev3.rank + 1", table[1:]) == ()  # prev3 missing
