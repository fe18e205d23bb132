"""Cards: notations people write, the three decks, and the properties rules read."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eleusis_lab.cards import (
    Card,
    Color,
    Ink,
    Outline,
    Shape,
    Suit,
    as_card,
    card_from_json,
    card_to_json,
    deck,
    designs,
    double_deck,
    letter_deck,
    parse_cards,
    standard_deck,
)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QH", 12, Suit.HEARTS),
        ("qh", 12, Suit.HEARTS),
        ("10S", 10, Suit.SPADES),
        ("10♠", 10, Suit.SPADES),
        ("Q♥", 12, Suit.HEARTS),
        ("Q♥\ufe0f", 12, Suit.HEARTS),
        ("T♣", 10, Suit.CLUBS),
        ("AD", 1, Suit.DIAMONDS),
        ("1D", 1, Suit.DIAMONDS),
        ("K♦", 13, Suit.DIAMONDS),
        ("queen of hearts", 12, Suit.HEARTS),
        ("Ace of Spades", 1, Suit.SPADES),
        ("7 of clubs", 7, Suit.CLUBS),
        (" 2 c ", 2, Suit.CLUBS),
    ],
)
def test_playing_card_notations(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card.is_playing and not card.is_letter and not card.is_blank


@pytest.mark.parametrize(
    "text", ["", "11X", "QQ", "0H", "14S", "queen", "hearts", "B green", "F red circle red"]
)
def test_bad_card_text_says_what_was_expected(text: str) -> None:
    with pytest.raises(ValueError, match="expected a rank"):
        Card.parse(text)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(TypeError):
        Card.parse(12)  # type: ignore[arg-type]


def test_letter_cards_and_blank() -> None:
    card = Card.parse("B green square black")
    assert (card.letter, card.ink, card.shape, card.outline) == ("B", Ink.GREEN, Shape.SQUARE, Outline.BLACK)
    assert card.is_letter and card.color is None and card.rank is None
    # Cyrillic letters of the original deck [001] are the same cards.
    assert Card.parse("Б green square black") == card
    assert Card.parse("д blue circle red").letter == "E"
    blank = Card.parse("blank")
    assert blank.is_blank and not blank.is_letter and str(blank) == "blank"


def test_printing_round_trips_every_card() -> None:
    for card in [*standard_deck(), *letter_deck()]:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.code) == card
        if card.is_playing:
            assert Card.parse(card.name) == card


def test_str_uses_suit_symbols_and_code_is_ascii() -> None:
    card = Card.parse("10H")
    assert str(card) == "10♥"
    assert card.code == "10H"
    assert card.name == "ten of hearts"


def test_properties_used_by_rules() -> None:
    q = Card.parse("QH")
    assert q.color is Color.RED and q.is_red and not q.is_black
    assert q.is_face and not q.is_number and q.is_high and not q.is_low
    assert q.is_even and not q.is_odd and not q.is_prime
    seven = Card.parse("7S")
    assert seven.is_black and seven.is_low and seven.is_prime and seven.is_odd and seven.is_number
    eight = Card.parse("8C")
    assert eight.is_high and not eight.is_low
    assert Card.parse("KD").is_prime  # 13
    assert sum(c.is_prime for c in standard_deck()) == 6 * 4
    assert sum(c.is_face for c in standard_deck()) == 12


def test_decks() -> None:
    assert len(standard_deck()) == len(set(standard_deck())) == 52
    dd = double_deck()
    assert len(dd) == len(set(dd)) == 104
    assert Counter(c.design for c in dd) == Counter({c: 2 for c in standard_deck()})
    ld = letter_deck()
    assert len(ld) == len(set(ld)) == 61
    assert sum(c.is_blank for c in ld) == 1
    assert deck("letters") == ld and deck("double") == dd
    with pytest.raises(ValueError, match="unknown deck"):
        deck("tarot")


def test_copies_differ_but_share_a_design() -> None:
    a, b = Card.parse("7H"), Card.parse("7H").with_copy(1)
    assert a != b and a.design == b.design == a
    assert designs([b, a, Card.parse("8H")]) == [a, Card.parse("8H")]
    assert card_from_json(card_to_json(b)) == b
    assert card_to_json(a) == "7♥"


@pytest.mark.parametrize("bad", [7, None, "7♥#x", "7♥#", "nonsense"])
def test_card_from_json_rejects_garbage(bad: object) -> None:
    if bad == "7♥#":
        assert card_from_json(bad) == Card.parse("7H")  # empty copy means copy 0
        return
    with pytest.raises(ValueError):
        card_from_json(bad)


def test_invalid_card_values_are_refused() -> None:
    with pytest.raises(ValueError):
        Card(rank=14, suit=Suit.HEARTS)
    with pytest.raises(ValueError):
        Card(rank=3)
    with pytest.raises(ValueError):
        Card(rank=3, suit=Suit.HEARTS, letter="A")
    with pytest.raises(ValueError):
        Card(letter="F", ink=Ink.RED, shape=Shape.CIRCLE, outline=Outline.RED)


def test_parse_cards_groups_words() -> None:
    assert [str(c) for c in parse_cards("QH 10S, 7♥")] == ["Q♥", "10♠", "7♥"]
    assert parse_cards(["QH", Card.parse("2C")]) == [Card.parse("QH"), Card.parse("2C")]
    assert [str(c) for c in parse_cards("A red circle black, blank")] == ["A red circle black", "blank"]
    with pytest.raises(ValueError, match="'ZZ'"):
        parse_cards("QH ZZ")
    assert as_card("QH") == Card.parse("QH")


def test_sort_key_orders_suits_then_ranks() -> None:
    cards = sorted(standard_deck()[::-1], key=Card.sort_key)
    assert cards == standard_deck()
    letters = sorted(letter_deck()[::-1], key=Card.sort_key)
    assert letters[-1].is_blank


@given(st.text(max_size=40))
def test_any_text_parses_or_raises_value_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except ValueError:
        return
    assert Card.parse(str(card)) == card
