"""Every kind of mistake gets a RuleError at the right line and column, a caret and a helpful hint."""

from __future__ import annotations

import pickle

import pytest

from eleusis_lab.rules import Rule, RuleError
from eleusis_lab.rules import ast as A


def error(text: str) -> RuleError:
    with pytest.raises(RuleError) as info:
        Rule.parse(text)
    err = info.value
    assert isinstance(err, ValueError)
    return err


# (text, where the caret starts (1-based column), words in the reason, words in the hint)
CASES = [
    # unknown names, attributes, predicates, functions -> nearest known name
    ("card.suite == prev.suit", 6, "unknown attribute `suite`", "did you mean `suit`?"),
    ("card.colour == red", 6, "unknown attribute `colour`", "`color`"),
    ("card.Rank == 3", 6, "unknown attribute", "`rank`"),
    ("card.value == 3", 6, "unknown attribute", "`rank`"),
    ("card.even", 6, "unknown attribute `even`", "card is even"),
    ("crad.rank == 3", 1, "unknown name `crad`", "did you mean `card`?"),
    ("card.suit == heart", 14, "unknown name `heart`", "`hearts`"),
    ("card.suit == Hearts", 14, "unknown name `Hearts`", "`hearts`"),
    ("card.rank == J", 14, "unknown name `J`", "`jack`"),
    ("prev4.rank == 1", 1, "unknown name `prev4`", "prev3"),
    ("card.rank == seven", 14, "unknown name `seven`", ""),
    ("card.letter == A", 16, "unknown name `A`", 'in quotes: "A"'),
    ("even", 1, "unknown name `even`", "card is even"),
    ("rank == 3", 1, "unknown name `rank`", "card.rank"),
    ("card is evn", 9, "`evn` is not something a card can be", "did you mean `even`?"),
    ("card is hearts", 9, "not something a card can be", "card.suit == hearts"),
    ("card is rank", 9, "not something a card can be", "card.rank =="),
    ("nxt(prev.suit, [spades, hearts]) == card.suit", 1, "unknown function `nxt`", "`next`"),
    ("max(card.rank, 3) == 3", 1, "unknown function `max`", "the functions are next, cyc, abs, len and min"),
    ("cyc(1, 2) == 1", 1, "`cyc` takes 1 argument, not 2", "cyc(14) == 1"),
    ("next(prev.suit) == card.suit", 1, "`next` takes 2 arguments, not 1", "next(x, [a, b, c])"),
    # `=` for `==` and other symbols from other languages
    ("card.suit = prev.suit", 11, "`=` is not a comparison", "use `==`"),
    ("card.rank => 3", 11, "`=>` is not a comparison", "`>=`"),
    ("card.rank <> 3", 12, "`<>` is not a comparison", "`!=`"),
    ("card is red && prev is red", 13, "`&&` is not used", "`and`"),
    ("card is red || prev is red", 13, "`||` is not used", "`or`"),
    ("!(card is red)", 1, "`!` is not used alone", "`not`"),
    ("card.rank / 2 == 1", 11, "no division", "`%`"),
    ("card.rank ** 2 == 4", 12, "unexpected `*`", "no power operator"),
    ("card.rank == 1; prev.rank == 2", 15, "one expression", "`and`"),
    ("card.rank > 3 ? true : false", 15, "`?` is not used", "if C then A else B"),
    ("card.rank ≥ 3", 11, "`≥`", "`>=`"),
    ("card.suit == {hearts}", 14, "curly brackets", "[a, b]"),
    ("card.letter == ‘A’", 16, "curly quotes", "straight"),
    # unbalanced brackets and quotes
    ("(card.rank > 3", 1, "this `(` is never closed", "unbalanced"),
    ("card.rank > 3)", 14, "`)` without a matching `(`", "remove this `)`"),
    ("card.suit in [hearts, diamonds)", 31, "`)` closes the `[`", "close `[` with `]`"),
    ("((card.rank > 3)", 1, "never closed", ""),
    ('card.letter == "A', 16, "no closing quote", "between quotes"),
    # if / then / else
    ("if prev is red card is black", 16, "expected `then`", "if C then A else B"),
    ("if prev is red then card is black", 34, "ends too early", "needs an `else`"),
    ("if prev is red", 15, "ends too early", "`then` and `else`"),
    ("if prev is red then card is black else", 39, "ends too early", "follow `else`"),
    ("card.rank > 3 if prev is red else true", 15, "unexpected `if`", "`if` comes first"),
    ("If prev is red then true else false", 4, "unexpected `prev`", "lower case"),
    # missing operators, chained comparisons, `is` misuse, ranges
    ("card rank == 3", 6, "something is missing", "card.rank"),
    ("prev even", 6, "something is missing", "prev is even"),
    ("card.rank == 3 prev.rank == 4", 16, "something is missing", "operator missing"),
    ("card.rank < 3 < 4", 15, "unexpected `<`", "cannot be chained"),
    ("card.rank is 3", 14, "unexpected `3`", "to compare values use `==`"),
    ("card is not 3", 13, "unexpected `3`", "`is` takes a property"),
    ("(card is face) != prev is face", 24, "unexpected `is`", "(card is red) == (prev is red)"),
    ("card. == 3", 7, "unexpected `==`", "after the dot comes an attribute"),
    ("card.rank in [1..7]", 16, "unexpected `..`", "without brackets"),
    ("card.rank in 1 to 7", 16, "unexpected `to`", "two dots"),
    ("card.rank in 1...7", 15, "three dots", "two dots"),
    ("card.rank == 1 or", 18, "ends too early", "follow `or`"),
    ("not", 4, "ends too early", "follow `not`"),
    ("card.suit in []", 14, "a list needs at least one item", "[hearts, diamonds]"),
    # types
    ("card.suit == 3", 1, "a suit cannot be compared with a number", "compare `card.suit` with a suit"),
    ("card.color == hearts", 1, "a colour cannot be compared with a suit", "card.suit == hearts"),
    ("card.color == spades", 1, "a colour cannot be compared with a suit", ""),
    ("card.ink == black", 1, "an ink colour cannot be compared", "ink is red, blue or green"),
    ("card.outline == blue", 1, "cannot be compared", "outline is red or black"),
    ('card.letter == "F"', 1, "a letter cannot be compared with text", '"A" to "E"'),
    ('card.suit == "hearts"', 1, "a suit cannot be compared with text", "without quotes: `hearts`, `red`"),
    ('card.rank == "7"', 1, "a number cannot be compared with text", "without quotes"),
    ("card == prev", 1, "two cards cannot be compared", "card.rank == prev.rank"),
    ("card.rank > prev", 1, "a number cannot be compared with a card", "attribute of the card"),
    ("card.suit < prev.suit", 1, "cannot be put in order", "next("),
    ("(card is red) < (prev is red)", 1, "cannot be put in order", "only numbers"),
    ("card.rank == (card is red)", 1, "a number cannot be compared with a truth value", "brackets"),
    ("card.rank", 1, "a rule must be true or false, but this is a number", "compare it"),
    ("card.rank + 1", 1, "a rule must be true or false", ""),
    ("card.rank == 1 or 2", 19, "each side of `or` must be a truth value", "card.rank in [1, 2]"),
    ("card.suit == hearts or diamonds", 24, "must be a truth value", "card.suit in [hearts, diamonds]"),
    ("card is red and 3", 17, "each side of `and`", "whole condition"),
    ("not card.rank", 5, "what follows `not` must be a truth value", ""),
    ("card.suit + 1 == 2", 1, "each side of `+` must be a number", "arithmetic works on numbers"),
    ("-card.suit == 1", 2, "what follows `-` must be a number", ""),
    ("card.rank % 0 == 1", 13, "dividing by 0", ""),
    ("card.suit is even", 1, "a suit cannot be `even`", ""),
    ("card.rank is red", 1, "a number cannot be `red`", "card is red"),
    ("card.rank is blank", 1, "cannot be `blank`", "card is blank"),
    ("card.suit in 1..4", 1, "a range holds numbers", "card.suit in [hearts, diamonds]"),
    ("card.suit in [1, 2]", 1, "a suit is never in a list of numbers", ""),
    ("card.suit in card.rank", 14, "`in` needs a list or a range", "x in [a, b]"),
    ("card.rank in [1, hearts]", 18, "one kind of value", ""),
    ("card.rank == card.rank[0]", 14, "only a list can be indexed", ""),
    ("card.suit == [hearts, spades][card.suit]", 31, "a list index must be a number", ""),
    ("card.rank == [1, 2]", 1, "a list cannot be compared", "x in [a, b]"),
    ("card.suit == next(card.rank, [hearts])", 14, "a number is never in a list of suits", ""),
    ("next(card.suit, card.suit) == card.suit", 17, "must be a list", "next(x, [a, b, c])"),
    ("len(card.rank) == 1", 5, "the argument of `len` must be text", "len(player.name)"),
    ("cyc(card.suit) == 1", 5, "the argument of `cyc` must be a number", "cyc(14)"),
    ("player.rank == 1", 1, "a player has no `rank`", "`name`, `surname` and `seat`"),
    ("card.name == 1", 1, "a card has no `name`", "player.name"),
    ("card.rank.rank == 1", 1, "belongs to a card or a player", ""),
    ("card.rank + if prev is red then 1 else 2 == 3", 13, "unexpected `if`", ""),
    ("(if prev is red then 1 else hearts) == 1", 1, "the two branches of `if` differ", ""),
    ("if prev.rank then true else false", 4, "the condition after `if` must be a truth value", ""),
    ("card.rank > 3 and card.ink == red", 19, "reads both playing-card", "one deck"),
    ("card is blank or card is red", 18, "reads both", "`blank`"),
    # more teacher mistakes
    ("card.suit in (hearts, diamonds)", 21, "unexpected `,`", "square brackets"),
    ("card.suit == hearts, diamonds", 20, "unexpected `,`", "square brackets"),
    ("card is even number", 14, "something is missing", "one property at a time"),
    ("card is ace", 9, "not something a card can be", "card.rank == ace"),
    ("card.shape is circle", 15, "not something a card can be", "card.shape == circle"),
    ("card.rank >= 5 and <= 9", 20, "unexpected `<=`", "card.rank in 5..9"),
    ('"card.rank > 5"', 1, "the whole rule is in quotes", "remove the quotes"),
    ('card.letter == "a"', 1, "cannot be compared with text", 'capitals: "A"'),
    ("card.isRed", 6, "unknown attribute", "card is red"),
    ("previous.rank < card.rank", 1, "unknown name `previous`", "`prev`"),
    ("card.rank in range(1, 7)", 14, "unknown function `range`", "the functions are next"),
    ("if prev.rank > 7: card.rank < 7 else card.rank > 7", 17, "`:` is not used", "if C then A else B"),
    ("card.rank == # oops", 13, "ends too early", "follow `==`"),
    ("card.rank in 13..1", 14, "the range 13..1 is empty", "`1..13`"),
    ("card.rank not in king..-1", 18, "is empty", "`-1..king`"),
    # empty and too long
    ("", 1, "the rule is empty", "card.color != prev.color"),
    ("   # a comment only\n", 1, "the rule is empty", ""),
    ("card.rank == 99999999999", 14, "too large", ""),
]


@pytest.mark.parametrize(("text", "column", "reason", "hint"), CASES, ids=[c[0] or "empty" for c in CASES])
def test_error_catalogue(text: str, column: int, reason: str, hint: str) -> None:
    err = error(text)
    assert reason in err.reason, str(err)
    assert hint in err.hint, str(err)
    assert err.column == column, str(err)
    assert err.line == 1
    # The message shows the reason, the position, the line and the caret, then the hint.
    message = str(err)
    assert message.startswith(err.reason)
    assert f"line 1, column {column}" in message
    if text.strip() and not text.lstrip().startswith("#"):
        lines = message.split("\n")
        source, caret = lines[1], lines[2]
        assert source.strip() == text.split("\n")[0].strip()
        assert caret.index("^") - 4 == column - 1
    if hint:
        assert message.endswith("hint: " + err.hint)


def test_caret_on_a_later_line() -> None:
    err = error("card.suit == prev.suit\n  or card.rank == prev.rnk  # typo")
    assert (err.line, err.column) == (2, 24)
    lines = str(err).split("\n")
    assert lines[1] == "      or card.rank == prev.rnk  # typo"
    assert lines[2] == "    " + " " * 23 + "^^^"
    assert err.hint == "did you mean `rank`?"


def test_too_long_text_is_refused_quickly_with_the_limit() -> None:
    err = error("card.rank == 1 or " * 200 + "true")
    assert "too long" in err.reason and "2000" in err.reason
    assert len(str(err)) < 600


def test_too_deep_nesting_is_refused() -> None:
    err = error("-" * 70 + "card.rank == 1")
    assert "nested too deeply" in err.reason
    err = error("not " * 70 + "true")
    assert "nested too deeply" in err.reason
    err = error(" or ".join(["true"] * 70))
    assert "nested too deeply" in err.reason
    # plain brackets do not add depth
    assert Rule.parse("(" * 300 + "true" + ")" * 300) == Rule.parse("true")


def test_hand_built_tree_errors_are_located_by_printing() -> None:
    with pytest.raises(RuleError) as info:
        Rule(A.Compare("==", A.Attr(A.Ref("card"), "suit"), A.Int(3)))
    assert "a suit cannot be compared with a number" in str(info.value)
    assert "card.suit == 3" in str(info.value)


def test_deep_hand_built_tree_is_refused_without_recursion_error() -> None:
    tree: A.Node = A.Bool(True)
    for _ in range(5000):
        tree = A.Not(tree)
    with pytest.raises(RuleError, match="nested too deeply"):
        Rule(tree)


def test_hand_built_tree_checks_its_fields() -> None:
    with pytest.raises(ValueError, match="unknown attribute"):
        A.Attr(A.Ref("card"), "__class__")
    with pytest.raises(ValueError, match="Neg"):
        A.Int(-3)
    with pytest.raises(ValueError, match="syntax-tree node"):
        A.Not("card")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="does not mean"):
        A.Int(2, "ace")


def test_errors_pickle_and_keep_their_fields() -> None:
    err = error("card.suite == 1")
    again = pickle.loads(pickle.dumps(err))
    assert (again.line, again.column, again.hint, str(again)) == (err.line, err.column, err.hint, str(err))


def test_non_text_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        Rule.parse(42)  # type: ignore[arg-type]


def test_control_characters_are_shown_safely() -> None:
    err = error("card.rank == 1 \x07 or true")
    assert "\x07" not in str(err)
    err = error("card.rank ==\x00 1")
    assert "NUL" in err.reason
