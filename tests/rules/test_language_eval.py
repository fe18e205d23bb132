"""Judging plays: every construct, the lazy missing-history rule, blanks, letter cards, player, position."""

from __future__ import annotations

import ast as python_ast
import inspect
import pickle
from copy import deepcopy

import pytest

from eleusis_lab.cards import Card, letter_deck, parse_cards, standard_deck
from eleusis_lab.rules import PlayerInfo, Rule, evaluator

C = Card.parse


def judge(rule: str, card: str, mainline: str = "", player: PlayerInfo | None = None) -> bool:
    cards = [C(c.strip()) for c in mainline.split(",") if c.strip()]
    return Rule.parse(rule).accepts(C(card), cards, player)


# -- one construct at a time (no previous card needed) ------------------------------------------------
@pytest.mark.parametrize(
    ("rule", "card", "expected"),
    [
        ("card.rank == 7", "7H", True),
        ("card.rank == 7", "8H", False),
        ("card.rank == ace", "AS", True),
        ("card.rank == jack or card.rank == queen or card.rank == king", "QD", True),
        ("card.rank != 7", "7H", False),
        ("card.rank < 7", "6H", True),
        ("card.rank <= 7", "7H", True),
        ("card.rank > 7", "7H", False),
        ("card.rank >= 7", "7H", True),
        ("card.suit == hearts", "7H", True),
        ("card.suit == ♥", "7H", True),
        ("card.suit == ♠", "7H", False),
        ("card.color == red", "7D", True),
        ("card.color == black", "7D", False),
        ("card.rank + 1 == 8", "7C", True),
        ("card.rank - 10 == -3", "7C", True),
        ("card.rank * 2 == 14", "7C", True),
        ("card.rank % 4 == 3", "7C", True),
        ("-card.rank == -7", "7C", True),
        ("2 + 3 * 2 == 8", "7C", True),
        ("(2 + 3) * 2 == 10", "7C", True),
        ("10 - 3 - 2 == 5", "7C", True),
        ("card is even", "8C", True),
        ("card is odd", "8C", False),
        ("card is prime", "KC", True),
        ("card is prime", "AC", False),
        ("card is not prime", "9C", True),
        ("card is red", "9H", True),
        ("card is black", "9H", False),
        ("card is face", "JH", True),
        ("card is face", "10H", False),
        ("card is number", "10H", True),
        ("card is number", "AH", True),
        ("card is high", "8H", True),
        ("card is high", "7H", False),
        ("card is low", "7H", True),
        ("card is blank", "7H", False),
        ("card.rank is even", "4S", True),
        ("card.rank + 1 is prime", "4S", True),
        ("card.color is red", "4D", True),
        ("card.rank in 1..7", "7S", True),
        ("card.rank in 1..7", "8S", False),
        ("card.rank not in 1..7", "8S", True),
        ("card.suit in [hearts, diamonds]", "8D", True),
        ("card.suit not in [hearts, diamonds]", "8D", False),
        ("card.rank in [2, 4, 6]", "4S", True),
        ("true", "4S", True),
        ("false", "4S", False),
        ("not card is red", "4S", True),
        ("not (card is red)", "4H", False),
        ("card is red and card.rank > 5", "6H", True),
        ("card is red and card.rank > 5", "6S", False),
        ("card is red or card.rank > 5", "6S", True),
        ("(card is face) != (card is red)", "KS", True),
        ("(card is face) == (card is red)", "KS", False),
        ("if card is red then card.rank > 5 else card.rank < 5", "4S", True),
        ("if card is red then card.rank > 5 else card.rank < 5", "4H", False),
        ("if card is red then false else if card.rank > 5 then true else false", "6S", True),
        ("card.suit == [clubs, spades, hearts, diamonds][card.rank]", "2H", True),
        ("card.suit == [clubs, spades, hearts, diamonds][-1]", "2D", True),
        ("card.rank == [1, 2, 3][7]", "2D", True),
        ("card.suit == next(clubs, [spades, hearts, clubs, diamonds])", "2D", True),
        ("card.suit == next(diamonds, [spades, hearts, clubs, diamonds])", "2S", True),
        ("card.rank == cyc(14)", "AS", True),
        ("card.rank == cyc(0)", "KS", True),
        ("card.rank == cyc(-1)", "QS", True),
        ("card.rank == cyc(13)", "KS", True),
        ("card.rank == abs(3 - 10)", "7S", True),
        ('len("Ada") == 3', "7S", True),
        ("card.rank == (if card is red then 5 else 6)", "6S", True),
        ("card.rank in (if card is red then [1, 2] else [6])", "6S", True),
        ("# just a comment line\ncard.rank == 6  # and another", "6S", True),
        ("card.suit == (if card is red then [hearts, diamonds] else [spades])[1]", "6D", True),
        ("card.suit == (if card is red then [hearts, diamonds] else [spades])[1]", "6S", True),
        ("card.suit == next(card.suit, if card is red then [hearts, diamonds] else [spades])", "6S", True),
        ("card.suit == next(card.suit, if card is red then [hearts, diamonds] else [spades])", "6H", False),
        ("(if card is red then card else card).rank == 6", "6H", True),
        ("(if card is red then card else card) is even", "7H", False),
        ("red in [red, black] and [red, black][1] == black", "7H", True),
        ('card.rank == 1 or "#" == "#"', "7H", True),
        ("card.suit == ♥️", "7H", True),
    ],
)
def test_construct(rule: str, card: str, expected: bool) -> None:
    assert judge(rule, card) is expected


# -- letter deck ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rule", "card", "expected"),
    [
        ('card.letter == "B"', "B red circle black", True),
        ('card.letter == "Б"', "B red circle black", True),  # Cyrillic in the rule
        ('card.letter == "B"', "Б red circle black", True),  # Cyrillic on the card
        ('card.letter < "C"', "B red circle black", True),
        ("card.ink == red", "B red circle black", True),
        ("card.ink == green", "B red circle black", False),
        ("card.ink in [blue, green]", "B green circle black", True),
        ("card.shape == circle", "B red circle black", True),
        ("card.shape != square", "B red square black", False),
        ("card.outline == black", "B red circle black", True),
        ("card.outline == red", "B red circle black", False),
        ("card is blank", "blank", True),
        ("card is not blank", "blank", False),
        ("card is blank", "B red circle black", False),
        # Reading what a blank does not have: missing, so the rule accepts.
        ('card.letter == "A"', "blank", True),
        ("card.ink == red", "blank", True),
        # A standard-deck rule meeting a letter card reads a missing rank: accept.
        ("card.rank > 20", "B red circle black", True),
        ("card is red", "B red circle black", True),
        ("card is face", "blank", True),
    ],
)
def test_letter_deck(rule: str, card: str, expected: bool) -> None:
    assert judge(rule, card) is expected


def test_typographic_quotes_read_as_text() -> None:
    assert Rule.parse("card.letter == “B”").text == 'card.letter == "B"'
    assert Rule.parse("card.letter == 'B'") == Rule.parse('card.letter == "B"')


def test_letter_ink_cycle_and_outline_rule() -> None:
    rule = "card is blank or prev is blank or card.ink == next(prev.ink, [red, blue, green])"
    assert judge(rule, "A blue circle red", "C red square black")
    assert not judge(rule, "A green circle red", "C red square black")
    assert judge(rule, "A red circle red", "C green square black")
    assert judge(rule, "A red circle red", "blank")
    assert Rule.parse(rule).deck == "letters"


# -- missing history ---------------------------------------------------------------------------------
def test_missing_previous_card_accepts() -> None:
    assert judge("card.rank > prev.rank", "2S")
    assert judge("card.rank > prev2.rank", "2S", "KS")
    assert not judge("card.rank > prev2.rank", "2S", "KS, QS")
    assert judge("card.rank > prev3.rank", "2S", "KS, QS")
    assert not judge("card.rank > prev3.rank", "2S", "KS, QS, JS")
    assert judge("prev3.rank == 2", "2S", "2S, KS, QS")
    assert judge("prev3.rank == 2", "2S", "AS, 2S, KS, QS")
    assert not judge("prev3.rank == 2", "2S", "2S, AS, KS, QS")


def test_missing_is_lazy_and_short_circuit() -> None:
    # `or`: the left side decides, the missing right side is never read.
    assert not judge("card.rank == 5 and prev.rank == 4", "6S")
    assert judge("card.rank == 6 or prev.rank == 4", "6S")
    # the left side is read first and is missing: the rule accepts
    assert judge("prev.rank == 4 and card.rank == 5", "6S")
    # `if` runs one branch only
    rule = "if position == 1 then card.rank == 1 else card.rank >= prev.rank"
    assert judge(rule, "AS") and not judge(rule, "2S")
    assert judge(rule, "5S", "4H") and not judge(rule, "3S", "4H")
    # only the chosen list item is read
    assert not judge("card.rank == [1, prev.rank][card.rank]", "4S")
    assert judge("card.rank == [1, prev.rank][card.rank]", "3S")  # picks prev.rank: missing
    # membership stops at the first match
    assert judge("card.rank in [4, prev.rank]", "4S")
    assert judge("card.rank in [5, prev.rank]", "4S")  # needs prev: missing
    assert not judge("card.rank in [5, prev.rank]", "4S", "3S")


def test_missing_inside_not_still_accepts() -> None:
    assert judge("not (prev is red)", "4S")
    assert judge("card.rank not in [prev.rank]", "4S")


def test_next_of_a_value_not_in_the_list_is_missing() -> None:
    rule = "card.rank == next(prev.rank, [1, 3, 5])"
    assert judge(rule, "3S", "AS") and not judge(rule, "4S", "AS")
    assert judge(rule, "AS", "5S")
    assert judge(rule, "9S", "2S")  # 2 is not in the list: there is no "next"


def test_next_with_repeated_items_uses_first_occurrence() -> None:
    rule = "card.rank == next(prev.rank, [1, 2, 1, 3])"
    assert judge(rule, "2S", "AS") and not judge(rule, "3S", "AS")
    assert judge(rule, "AS", "3S")


def test_remainder_by_zero_counts_as_missing() -> None:
    rule = "card.rank % (prev.rank - 5) == 0"
    assert judge(rule, "7S", "5S")
    assert judge(rule, "6S", "8S") and not judge(rule, "7S", "8S")


# -- position and player -------------------------------------------------------------------------------
def test_position_is_length_plus_one() -> None:
    rule = "position == 3"
    assert judge(rule, "7S", "AS, 2S") and not judge(rule, "7S", "AS")
    assert judge("position % 2 == 0 and card is red or position % 2 == 1 and card is black", "7H", "AS")


def test_player_name_and_seat() -> None:
    ada, bo = PlayerInfo("Ada", 0), PlayerInfo("Bo", 3)
    assert judge('player.name == "Ada"', "7H", player=ada)
    assert not judge('player.name == "Ada"', "7H", player=bo)
    assert judge("card.rank % 4 == player.seat", "7H", player=bo)
    assert not judge("card.rank % 4 == player.seat", "8H", player=bo)
    assert judge("card.rank % 4 == player.seat", "8H")  # no player given: missing
    assert judge('player.name == "Дима"', "7H", player=PlayerInfo("Дима", 2))
    # names that are also words of the language are fine as text
    assert judge('player.name in ["Jack", "Red", "Ace"]', "7H", player=PlayerInfo("Jack", 2))
    rule = Rule.parse("player.seat == 0")
    assert rule.uses_player and not rule.uses_position and rule.lookback == 0 and rule.deck == "any"


def test_player_info_is_a_frozen_value() -> None:
    p = PlayerInfo("Ada", 0)
    assert p == PlayerInfo("Ada", 0) and hash(p) == hash(PlayerInfo("Ada", 0))
    with pytest.raises(AttributeError):
        p.name = "Bo"  # type: ignore[misc]


# -- the Rule value -----------------------------------------------------------------------------------
def test_rule_is_an_immutable_hashable_value() -> None:
    a = Rule.parse("card.rank>prev.rank   # up")
    b = Rule.parse("(card.rank) > (prev.rank)")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Rule.parse("card.rank >= prev.rank") and a != "card.rank > prev.rank"
    assert str(a) == "card.rank > prev.rank"
    with pytest.raises(AttributeError):
        a._text = "x"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a
    assert deepcopy(a) == a
    assert Rule.parse(a) is a
    assert Rule(a.ast) == a


def test_judge_accepts_card_texts() -> None:
    rule = Rule.parse("card.rank > prev.rank")
    assert rule.judge("9S", ["2H", "8C"]) and not rule.judge("7S", ["2H", "8C"])
    assert rule("9S", parse_cards("2H 8C"))


def test_accepts_always_returns_bool_on_both_decks() -> None:
    rules = [
        "card.suit == prev.suit or card.rank == prev.rank",
        "if prev is blank then true else card.ink != prev.ink",
        "card.rank in prev2.rank..prev.rank",
        "(card is face) != (prev is face)",
    ]
    decks = standard_deck() + letter_deck()
    for text in rules:
        rule = Rule.parse(text)
        for i, card in enumerate(decks[::7]):
            line = decks[i : i + (i % 4)]
            assert rule.accepts(card, line) in (True, False)


# -- safety -------------------------------------------------------------------------------------------
def test_evaluator_never_calls_eval_exec_or_compile() -> None:
    tree = python_ast.parse(inspect.getsource(evaluator))
    called = {
        node.func.id
        for node in python_ast.walk(tree)
        if isinstance(node, python_ast.Call) and isinstance(node.func, python_ast.Name)
    }
    assert not called & {"eval", "exec", "compile", "__import__", "getattr", "setattr"}
    source = inspect.getsource(evaluator)
    for word in ("eval(", "exec(", "compile(", "__import__"):
        assert f" {word}" not in source and f"({word}" not in source


def test_rule_cannot_reach_python_attributes() -> None:
    from eleusis_lab.rules import RuleError

    for text in ["card.__class__ == 1", "card.__dict__", "player.__init__", "card.rank.real == 1", "card._x"]:
        with pytest.raises(RuleError):
            Rule.parse(text)


def test_prime_holds_beyond_the_ranks() -> None:
    # Sums of two ranks reach 26: `is prime` must not stop at 13 (found by the library's prime-sum rule).
    rule = Rule.parse("(card.rank + prev.rank) is prime")
    assert rule.accepts(Card.parse("4H"), [Card.parse("KS")])  # 17
    assert rule.accepts(Card.parse("10H"), [Card.parse("KS")])  # 23
    assert not rule.accepts(Card.parse("5H"), [Card.parse("KS")])  # 18
    assert not rule.accepts(Card.parse("KH"), [Card.parse("KS")])  # 26
    assert not Rule.parse("card.rank - 1 is prime").accepts(Card.parse("AH"), [])  # 0
