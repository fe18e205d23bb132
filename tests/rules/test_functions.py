"""The rule language's functions: one test row per function at least, read from the same table.

Adding a function to ``eleusis_lab/rules/functions.py`` needs one row here (``ROWS``); the other
tests below then cover its cheat-sheet line, its usage hint and its argument checks by themselves.
"""

from __future__ import annotations

import pytest

from eleusis_lab.cards import Card, parse_cards
from eleusis_lab.rules import CHEAT_SHEET, PlayerInfo, Rule, RuleError
from eleusis_lab.rules.functions import FUNCTIONS

# (function, rule text, mainline, card, player name or None, accepted?)
ROWS = [
    ("next", "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])", "5S", "2H", None, True),
    ("next", "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])", "5D", "2S", None, True),
    ("next", "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])", "5S", "2C", None, False),
    ("next", "card.suit == next(prev.suit, [spades, hearts])", "5C", "2C", None, True),  # not in list
    ("cyc", "card.rank == cyc(prev.rank + 1)", "KS", "AH", None, True),
    ("cyc", "card.rank == cyc(prev.rank - 1)", "AS", "KH", None, True),
    ("cyc", "card.rank == cyc(prev.rank + 1)", "5S", "7H", None, False),
    ("abs", "abs(card.rank - prev.rank) <= 2", "9S", "7H", None, True),
    ("abs", "abs(card.rank - prev.rank) <= 2", "9S", "6H", None, False),
    ("len", "len(player.name) is odd", "", "5H", "Ann", True),
    ("len", "len(player.name) is odd", "", "5H", "Anna", False),
    ("min", "min(card.rank, 10) + min(prev.rank, 10) == 20", "KS", "QH", None, True),
    ("min", "min(card.rank, 10) + min(prev.rank, 10) == 20", "KS", "9H", None, False),
]


@pytest.mark.parametrize(("name", "text", "mainline", "card", "player", "expected"), ROWS)
def test_function_rows(
    name: str, text: str, mainline: str, card: str, player: str | None, expected: bool
) -> None:
    rule = Rule.parse(text)
    assert any(getattr(n, "func", None) == name for n in rule.ast.walk())
    line = parse_cards(mainline) if mainline else []
    who = PlayerInfo(player, 0) if player else None
    assert rule.accepts(Card.parse(card), line, who) is expected


def test_every_function_has_rows_and_a_cheat_sheet_line() -> None:
    assert {row[0] for row in ROWS} == set(FUNCTIONS)
    for f in FUNCTIONS.values():
        assert f.usage.replace("`", "") in CHEAT_SHEET
        assert f"    {f.example}\n" in CHEAT_SHEET
        assert f.name in Rule.parse(f.example).text


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_a_wrong_call_shows_the_usage(name: str) -> None:
    f = FUNCTIONS[name]
    args = ", ".join(["card.rank"] * (f.arity + 1))
    with pytest.raises(RuleError) as info:
        Rule.parse(f"{name}({args}) == 1")
    assert f"`{name}` takes {f.arity} argument" in info.value.reason
    assert info.value.hint == f.usage
    with pytest.raises(RuleError) as info:
        Rule.parse(f"{name[:-1]}x(card.rank) == 1")  # a misspelt name: the hint offers the real one
    assert "unknown function" in info.value.reason


@pytest.mark.parametrize("name", [n for n, f in FUNCTIONS.items() if "int" in f.params])
def test_a_wrong_argument_type_shows_the_usage(name: str) -> None:
    f = FUNCTIONS[name]
    args = ", ".join("card.suit" if p == "int" else "card.rank" for p in f.params)
    with pytest.raises(RuleError) as info:
        Rule.parse(f"{name}({args}) == 1")
    assert "must be a number" in info.value.reason
    assert info.value.hint == f.usage


def test_constant_calls_fold_and_bound() -> None:
    # folded when the rule is written: a constant zero divisor is refused however it is computed
    with pytest.raises(RuleError, match="dividing by 0"):
        Rule.parse("card.rank % (cyc(13) - 13) == 1")
    with pytest.raises(RuleError, match="dividing by 0"):
        Rule.parse("card.rank % min(0, 5) == 1")
    assert Rule.parse("card.rank % abs(-4) == 1").judge("5H", [])
