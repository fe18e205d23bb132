"""The rule language: parsing, canonical printing and judging of the DESIGN.md examples."""

from __future__ import annotations

import pytest

from eleusis_lab.cards import Card, parse_cards
from eleusis_lab.rules import PlayerInfo, Rule, RuleError

DESIGN_EXAMPLES = [
    "if prev is even then card is odd else card is even",
    "card.suit == prev.suit or card.rank == prev.rank",
    "if prev.color == prev2.color then card.rank in 1..7 else card.rank in 7..13",
    "if prev2 is red then card.rank >= prev2.rank else card.rank <= prev2.rank",
    "card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]",
    "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])",
    "if len(player.name) is odd then card.color != prev.color else card.color == prev.color",
    'card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])',
]


def ok(rule: str, card: str, mainline: str = "", player: PlayerInfo | None = None) -> bool:
    cards = [Card.parse(c.strip()) for c in mainline.split(",") if c.strip()]
    return Rule.parse(rule).accepts(Card.parse(card), cards, player)


@pytest.mark.parametrize("text", DESIGN_EXAMPLES)
def test_design_examples_parse_and_print_canonically(text: str) -> None:
    rule = Rule.parse(text)
    assert rule.text == text
    assert Rule.parse(rule.text) == rule
    assert hash(Rule.parse(rule.text)) == hash(rule)
    assert repr(rule) == f"Rule.parse({text!r})"


def test_gardner_parity() -> None:
    r = DESIGN_EXAMPLES[0]
    assert ok(r, "3S", "8H") and not ok(r, "4S", "8H")
    assert ok(r, "4S", "7H") and not ok(r, "5S", "7H")
    assert ok(r, "4S") and ok(r, "5S")  # starter: prev is missing


def test_suit_or_rank() -> None:
    r = DESIGN_EXAMPLES[1]
    assert ok(r, "7H", "3S, 7S") and ok(r, "2S", "3S, 7S") and not ok(r, "8H", "3S, 7S")


def test_two_back_colour_rule_needs_two_cards() -> None:
    r = DESIGN_EXAMPLES[2]
    assert ok(r, "KS", "3S")  # prev2 missing: accept
    assert not ok(r, "KS", "3S, 4S") and ok(r, "7S", "3S, 4S")
    assert ok(r, "KS", "3H, 4S") and not ok(r, "6S", "3H, 4S")


def test_cyclic_index_and_next() -> None:
    assert ok(DESIGN_EXAMPLES[4], "3S", "5H") and ok(DESIGN_EXAMPLES[4], "3C", "4H")
    assert not ok(DESIGN_EXAMPLES[4], "3H", "4H")
    assert ok(DESIGN_EXAMPLES[5], "3C", "QH") and ok(DESIGN_EXAMPLES[5], "3S", "QD")
    assert not ok(DESIGN_EXAMPLES[5], "3D", "QH")


def test_player_dependent() -> None:
    r = DESIGN_EXAMPLES[6]
    assert ok(r, "3S", "5H", PlayerInfo("Bob", 0)) and not ok(r, "3S", "5H", PlayerInfo("Anna", 1))
    assert ok(r, "3S", "5H") and ok(r, "3H", "5H")  # no player: missing, accept


def test_letter_cycle_and_blank() -> None:
    r = DESIGN_EXAMPLES[7]
    assert ok(r, "B red circle black", "A blue square red")
    assert not ok(r, "C red circle black", "A blue square red")
    assert ok(r, "A red circle black", "E blue square red")
    assert ok(r, "blank", "E blue square red") and ok(r, "D red circle black", "blank")


def test_position_starter_must_be_ace() -> None:
    r = "if position == 1 then card.rank == 1 else card.rank >= prev.rank"
    assert ok(r, "AS") and not ok(r, "2S")
    assert ok(r, "4S", "3S") and not ok(r, "2S", "3S")


def test_properties() -> None:
    rules = [Rule.parse(t) for t in DESIGN_EXAMPLES]
    assert [r.lookback for r in rules] == [1, 1, 2, 2, 1, 1, 1, 1]
    assert [r.deck for r in rules] == ["standard"] * 7 + ["letters"]
    assert [r.uses_player for r in rules] == [False] * 6 + [True, False]
    assert not any(r.uses_position for r in rules)
    assert Rule.parse("position > 3 or true").uses_position
    assert Rule.parse("position % 2 == 1").deck == "any"


def test_error_basics() -> None:
    with pytest.raises(RuleError) as info:
        Rule.parse("card.suite == prev.suit")
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.line, err.column) == (1, 6) and "suit" in err.hint
    assert "^^^^^" in str(err)


def test_mainline_tuple_and_text_card() -> None:
    rule = Rule.parse(DESIGN_EXAMPLES[1])
    assert rule.accepts("7H", tuple(parse_cards("3S 7S")))


def test_cheat_sheet_examples_parse_canonically() -> None:
    from eleusis_lab.rules import CHEAT_SHEET

    examples = [line.strip() for line in CHEAT_SHEET.splitlines() if line.startswith("    ")]
    assert len(examples) >= 10
    for text in examples:
        assert Rule.parse(text).text == text
