"""Hand-worked plays for every library rule, derived from the rule's English text (not its rule text).

Each case is ``(mainline, card, accepted)`` or ``(mainline, card, accepted, player_name)``; the mainline
is written starter first and ``""`` means the card would be the starter.
"""

from __future__ import annotations

import pytest

from eleusis_lab.cards import Card, parse_cards
from eleusis_lab.rules import PlayerInfo, library

T, F = True, False

CASES: dict[str, list[tuple]] = {
    # If the top card is even, play an odd card; if it is odd, play an even card.
    "gardner-1": [
        ("", "KS", T),
        ("2S", "7H", T),
        ("2S", "4H", F),
        ("10D", "AC", T),
        ("9C", "QD", T),
        ("9C", "KD", F),
        ("AH", "AS", F),
        ("3S 8H", "5D", T),
    ],
    # Same suit or same rank as the top card.
    "gardner-2": [
        ("", "2C", T),
        ("7H", "2H", T),
        ("7H", "7S", T),
        ("7H", "8S", F),
        ("QS 3C", "QD", F),
        ("QS 3C", "9C", T),
    ],
    # Two top cards same colour -> A..7, otherwise 7..K; one card on the line -> anything.
    "gardner-3": [
        ("", "KS", T),
        ("5H", "KS", T),
        ("5H", "AC", T),
        ("5H 9D", "7S", T),
        ("5H 9D", "8S", F),
        ("5H 9D", "AC", T),
        ("5H 9S", "7C", T),
        ("5H 9S", "6C", F),
        ("5H 9S", "KH", T),
        ("2S 4C", "8H", F),
    ],
    # Second card from the top red -> equal or higher than it; black -> equal or lower.
    "gardner-4": [
        ("", "2S", T),
        ("KH", "AS", T),
        ("9H 2S", "9C", T),
        ("9H 2S", "8C", F),
        ("9H 2S", "KD", T),
        ("9S 2H", "9C", T),
        ("9S 2H", "10C", F),
        ("9S 2H", "AC", T),
        ("QD 5C 3S", "5H", T),
        ("QD 5C 3S", "6H", F),
    ],
    # Top rank mod 4: 1 spade, 2 heart, 3 diamond, 0 club.
    "gardner-5": [
        ("", "7D", T),
        ("AH", "5S", T),
        ("AH", "5H", F),
        ("6C", "2H", T),
        ("7S", "KD", T),
        ("7S", "KC", F),
        ("8D", "3C", T),
        ("QH", "AC", T),
        ("KH", "KS", T),
        ("JH", "JD", T),
        ("JH", "JS", F),
    ],
    # Odd number of letters in the player's surname (last word of the name) -> other colour; even -> same.
    "gardner-6": [
        ("", "5H", T, "Ann"),
        ("5H", "8S", T, "Martin Gardner"),  # Gardner: 7 letters, though "Martin Gardner" has 14 characters
        ("5H", "8D", F, "Martin Gardner"),
        ("5H", "8D", T, "Anna Lee Wong"),  # Wong: 4 letters
        ("5H", "8S", F, "Anna Lee Wong"),
        ("5H", "8S", T, "Ann"),
        ("5H", "8D", F, "Ann"),
        ("5H", "8D", T, "Anna"),
        ("5H", "8S", F, "Anna"),
        ("2C", "JS", F, "Bruno"),
        ("2C", "JD", T, "Bruno"),
        ("2C", "JS", T, "Chen"),
    ],
    # The card one rank above the top card (no wrapping round).
    "gardner-7": [
        ("", "AS", T),
        ("7H", "8C", T),
        ("7H", "9C", F),
        ("7H", "6C", F),
        ("KS", "AS", F),
        ("QD", "KH", T),
    ],
    # Alternate red and black.
    "express-1": [
        ("", "AS", T),
        ("5H", "2S", T),
        ("5H", "2D", F),
        ("5H 9C", "9H", T),
        ("5H 9C", "KS", F),
    ],
    # Suits in the order spades, hearts, clubs, diamonds, repeating.
    "express-2": [
        ("", "3D", T),
        ("4S", "JH", T),
        ("4S", "JC", F),
        ("4H", "2C", T),
        ("4C", "2D", T),
        ("4D", "2S", T),
        ("4D", "2H", F),
        ("4H", "2D", F),
    ],
    # Even after odd, odd after even.
    "express-3": [
        ("", "8S", T),
        ("3S", "8H", T),
        ("3S", "9H", F),
        ("8S", "KH", T),
        ("8S", "10H", F),
        ("AS", "AD", F),
    ],
    # Same suit or same rank as the top card.
    "express-4": [
        ("", "9H", T),
        ("7C", "KC", T),
        ("7C", "7D", T),
        ("7C", "8D", F),
        ("2S 9H", "2H", T),
        ("2S 9H", "2D", F),
    ],
    # Even top card -> red; odd top card -> black.
    "express-5": [
        ("", "AS", T),
        ("4C", "9H", T),
        ("4C", "9S", F),
        ("QS", "2D", T),
        ("KD", "2D", F),
        ("KD", "2C", T),
        ("AH", "AS", T),
    ],
    # Low top (A-7) -> high (8-K); high top -> low.
    "express-6": [
        ("", "7S", T),
        ("7S", "8H", T),
        ("7S", "7H", F),
        ("AS", "KD", T),
        ("8D", "7C", T),
        ("8D", "9C", F),
        ("KH", "AH", T),
    ],
    # One rank higher, one lower, or equal.
    "express-7": [
        ("", "KC", T),
        ("7H", "8S", T),
        ("7H", "6S", T),
        ("7H", "7S", T),
        ("7H", "9S", F),
        ("7H", "5S", F),
        ("KH", "AH", F),
        ("AS", "2D", T),
        ("AS", "KD", F),
    ],
    # Diamond -> another suit; club -> red; spade -> black; heart -> same rank.
    "express-8": [
        ("", "5C", T),
        ("5D", "5H", T),
        ("5D", "9D", F),
        ("5C", "QH", T),
        ("5C", "QD", T),
        ("5C", "QS", F),
        ("5S", "2C", T),
        ("5S", "2S", T),
        ("5S", "2H", F),
        ("5H", "5C", T),
        ("5H", "5D", T),
        ("5H", "6H", F),
    ],
    # Sum of the two top cards (J, Q, K count 10): 2-8 spade, 9-12 club, 13-16 diamond, 17+ heart.
    "express-9": [
        ("", "KH", T),
        ("5D", "2H", T),
        ("AS AC", "9S", T),
        ("3H 5D", "JS", T),
        ("3H 5D", "JC", F),
        ("4H 5D", "2C", T),
        ("4H 5D", "2S", F),
        ("7H 5D", "QC", T),
        ("7H 6D", "QD", T),
        ("7H 6D", "QC", F),
        ("8H 8D", "3D", T),
        ("8H 9D", "3H", T),
        ("8H 9D", "3D", F),
        ("KH KS", "AH", T),
        # J, Q and K count 10 (RULES.md reading of "(count 10, Ace = 1)"): K + 5 is 15, a diamond
        ("KH 5D", "2D", T),
        ("KH 5D", "2H", F),
        ("JH 2D", "4C", T),  # J + 2 is 12: a club, not the diamond of 11 + 2 = 13
        ("JH 2D", "4D", F),
    ],
    # Higher than the previous card, unless that was a face card: then any number card.
    "new-eleusis": [
        ("", "KS", T),
        ("5H", "6C", T),
        ("5H", "5C", F),
        ("5H", "4C", F),
        ("5H", "QS", T),
        ("10H", "JS", T),
        ("JH", "AS", T),
        ("JH", "10S", T),
        ("JH", "QS", F),
        ("KD", "KS", F),
        ("KD", "AS", T),
    ],
    # A->B->C->D->E->A; other features do not matter; the blank goes anywhere and anything follows it.
    "letters-cycle": [
        ("", "C green square red", T),
        ("", "blank", T),
        ("A red circle black", "B blue square red", T),
        ("A red circle black", "C red circle black", F),
        ("A red circle black", "A red circle black", F),
        ("E green circle red", "A blue circle black", T),
        ("E green circle red", "B green circle red", F),
        ("D red square black", "blank", T),
        ("blank", "D red square black", T),
        ("B red circle red, blank", "A green square red", T),
        ("B red circle red, C red circle red", "D blue square black", T),
        ("B red circle red, C red circle red", "B red circle red", F),
    ],
    # Same colour as the top card.
    "same-color": [
        ("", "AS", T),
        ("5H", "KD", T),
        ("5H", "KS", F),
        ("2C", "9S", T),
        ("2C", "9H", F),
    ],
    # Odd places red, even places black.
    "color-by-position": [
        ("", "5H", T),
        ("", "5S", F),
        ("5H", "9C", T),
        ("5H", "9D", F),
        ("5H 9C", "2D", T),
        ("5H 9C", "2S", F),
        ("5H 9C 2D", "QS", T),
        ("5H 9C 2D", "QH", F),
    ],
    # Even on even, odd on odd.
    "same-parity": [
        ("", "7S", T),
        ("4S", "8H", T),
        ("4S", "9H", F),
        ("9S", "KH", T),
        ("9S", "QH", F),
        ("AS", "3D", T),
    ],
    # High (8-K) on high, low on low.
    "high-stays-high": [
        ("", "8S", T),
        ("8S", "KD", T),
        ("8S", "7D", F),
        ("7H", "AS", T),
        ("7H", "8D", F),
        ("QH", "8C", T),
    ],
    # Same colour as the top card, or any face card.
    "face-or-same-color": [
        ("", "2S", T),
        ("5H", "2D", T),
        ("5H", "JS", T),
        ("5H", "10S", F),
        ("KC", "QH", T),
        ("KC", "2H", F),
        ("KC", "2S", T),
    ],
    # After a face card red, after a number card black.
    "face-then-red": [
        ("", "3C", T),
        ("JS", "2H", T),
        ("JS", "2S", F),
        ("10S", "2H", F),
        ("10S", "QC", T),
        ("KD", "QD", T),
    ],
    # Same suit, or exactly one rank higher.
    "suit-or-one-up": [
        ("", "9S", T),
        ("9S", "2S", T),
        ("9S", "10H", T),
        ("9S", "8H", F),
        ("9S", "JH", F),
        ("KH", "AS", F),
        ("KH", "AH", T),
        ("QC", "KD", T),
    ],
    # Odd places odd cards, even places even cards.
    "parity-by-position": [
        ("", "3S", T),
        ("", "4S", F),
        ("3S", "QH", T),
        ("3S", "KH", F),
        ("3S QH", "AD", T),
        ("3S QH", "10D", F),
        ("3S QH AD", "2C", T),
    ],
    # Odd places low, even places high (8-K).
    "high-low-by-position": [
        ("", "7H", T),
        ("", "8H", F),
        ("7H", "8C", T),
        ("7H", "6C", F),
        ("7H 8C", "AD", T),
        ("7H 8C", "KD", F),
        ("7H 8C AD", "QS", T),
    ],
    # At most three ranks away, up or down, no wrapping.
    "within-three": [
        ("", "KS", T),
        ("7H", "10S", T),
        ("7H", "4S", T),
        ("7H", "7C", T),
        ("7H", "JS", F),
        ("7H", "3S", F),
        ("KH", "2H", F),
        ("AH", "4C", T),
        ("AH", "5C", F),
    ],
    # Face after number, number after face.
    "face-number-alternate": [
        ("", "QS", T),
        ("QS", "10H", T),
        ("QS", "KH", F),
        ("5D", "JC", T),
        ("5D", "AC", F),
        ("10D", "KC", T),
    ],
    # After red even, after black odd.
    "color-sets-parity": [
        ("", "3H", T),
        ("3H", "8S", T),
        ("3H", "9S", F),
        ("3S", "9H", T),
        ("3S", "8H", F),
        ("QD", "2D", T),
        ("QC", "KD", T),
    ],
    # Same suit, or any face card.
    "same-suit-or-face": [
        ("", "4D", T),
        ("4D", "9D", T),
        ("4D", "JS", T),
        ("4D", "9S", F),
        ("KS", "2S", T),
        ("KS", "2H", F),
        ("KS", "QH", T),
    ],
    # The other suit of the same colour.
    "sister-suit": [
        ("", "4H", T),
        ("4H", "9D", T),
        ("4H", "9H", F),
        ("4H", "9S", F),
        ("4S", "KC", T),
        ("4C", "KS", T),
        ("4C", "KC", F),
        ("4D", "AH", T),
    ],
    # Card + top card <= 14.
    "sum-at-most-14": [
        ("", "KD", T),
        ("7H", "7S", T),
        ("7H", "8S", F),
        ("KD", "AS", T),
        ("KD", "2S", F),
        ("AH", "KS", T),
        ("10C", "4C", T),
        ("10C", "5C", F),
    ],
    # After high (8-K) lower; after low higher.
    "toward-the-middle": [
        ("", "5S", T),
        ("5S", "6H", T),
        ("5S", "5H", F),
        ("5S", "4H", F),
        ("8S", "7H", T),
        ("8S", "8H", F),
        ("8S", "9H", F),
        ("KS", "QH", T),
        ("AS", "KH", T),
        ("7D", "8D", T),
        ("7D", "6D", F),
    ],
    # At least five ranks away.
    "big-jump": [
        ("", "7S", T),
        ("7S", "2H", T),
        ("7S", "QH", T),
        ("7S", "3H", F),
        ("7S", "JH", F),
        ("AS", "6C", T),
        ("AS", "5C", F),
        ("KS", "8D", T),
        ("KS", "9D", F),
    ],
    # Same colour as the second card from the top.
    "color-like-two-back": [
        ("", "AS", T),
        ("AS", "2H", T),
        ("AS 2H", "3C", T),
        ("AS 2H", "3D", F),
        ("AS 2H 3C", "4H", T),
        ("AS 2H 3C", "4S", F),
    ],
    # Suit of the top card or of the card under it.
    "suit-of-either": [
        ("", "8C", T),
        ("8C", "3H", T),
        ("8C", "3S", T),  # no card under the top one yet: a two-card rule accepts anything [000]
        ("8C 3H", "JC", T),
        ("8C 3H", "JH", T),
        ("8C 3H", "JS", F),
        ("8C 3H JC", "2D", F),
        ("8C 3H JC", "2C", T),
        ("8C 3H JC", "2H", T),
    ],
    # After red equal or higher; after black equal or lower.
    "red-up-black-down": [
        ("", "7C", T),
        ("7H", "7S", T),
        ("7H", "KS", T),
        ("7H", "6S", F),
        ("7C", "AH", T),
        ("7C", "7H", T),
        ("7C", "8H", F),
        ("KD", "KS", T),
        ("KD", "QS", F),
    ],
    # Spades/hearts take turns with diamonds/clubs.
    "major-minor-alternate": [
        ("", "2H", T),
        ("2H", "5D", T),
        ("2H", "5C", T),
        ("2H", "5S", F),
        ("2H", "5H", F),
        ("9C", "KS", T),
        ("9D", "KH", T),
        ("9D", "KC", F),
    ],
    # 1st spade, 2nd heart, 3rd diamond, 4th club, round again.
    "suit-by-position": [
        ("", "7S", T),
        ("", "7H", F),
        ("7S", "2H", T),
        ("7S", "2D", F),
        ("7S 2H", "KD", T),
        ("7S 2H KD", "AC", T),
        ("7S 2H KD", "AS", F),
        ("7S 2H KD AC", "9S", T),
        ("7S 2H KD AC", "9H", F),
    ],
    # 1, 2 or 3 ranks above the top card, counting on from K to A.
    "climb-round": [
        ("", "5D", T),
        ("5D", "6C", T),
        ("5D", "8C", T),
        ("5D", "9C", F),
        ("5D", "5C", F),
        ("5D", "4C", F),
        ("KD", "AC", T),
        ("KD", "3C", T),
        ("KD", "4C", F),
        ("JH", "AH", T),
        ("JH", "2H", F),
        ("QH", "2S", T),
    ],
    # Primes (2 3 5 7 J K) and non-primes take turns.
    "prime-alternate": [
        ("", "4S", T),
        ("2S", "4H", T),
        ("2S", "3H", F),
        ("4S", "JH", T),
        ("4S", "QH", F),
        ("KD", "AD", T),
        ("AD", "KH", T),
        ("9C", "7C", T),
        ("9C", "10C", F),
    ],
    # Stay in colour, but change colour after a face card.
    "face-switches-color": [
        ("", "JH", T),
        ("5H", "9D", T),
        ("5H", "9S", F),
        ("JH", "9S", T),
        ("JH", "9D", F),
        ("QS", "KH", T),
        ("10S", "JC", T),
    ],
    # Second card back high -> low; low -> high.
    "high-low-two-back": [
        ("", "KS", T),
        ("KS", "KD", T),
        ("KS 2D", "3C", T),
        ("KS 2D", "8C", F),
        ("2S KD", "8C", T),
        ("2S KD", "7C", F),
    ],
    # Second card back red -> even; black -> odd.
    "parity-from-two-back": [
        ("", "3S", T),
        ("3S", "4H", T),
        ("3S 4H", "5D", T),
        ("3S 4H", "6D", F),
        ("3S 4H 5D", "QC", T),
        ("3S 4H 5D", "KC", F),
    ],
    # Two top cards same colour -> change colour; otherwise the top card's suit.
    "pair-then-switch": [
        ("", "AH", T),
        ("AH", "9S", T),
        ("AH 9D", "2S", T),
        ("AH 9D", "2H", F),
        ("AH 9S", "2S", T),
        ("AH 9S", "2C", F),
        ("AH 9S", "2H", F),
        ("9S 2S", "KD", T),
    ],
    # Card + top card is prime.
    "prime-sum": [
        ("", "KS", T),
        ("AS", "AH", T),
        ("AS", "2H", T),
        ("AS", "3H", F),
        ("6S", "7H", T),
        ("6S", "8H", F),
        ("KS", "4H", T),
        ("KS", "5H", F),
        ("KS", "10H", T),
        ("2S", "9H", T),
    ],
    # Same letter or same ink; the blank is free.
    "same-letter-or-ink": [
        ("", "A red circle black", T),
        ("A red circle black", "A blue square red", T),
        ("A red circle black", "C red square red", T),
        ("A red circle black", "C blue circle black", F),
        ("A red circle black", "blank", T),
        ("blank", "C blue circle black", T),
    ],
    # Circle then square then circle; the blank is free.
    "shapes-alternate": [
        ("", "B red circle red", T),
        ("B red circle red", "A red square red", T),
        ("B red circle red", "C blue circle black", F),
        ("E green square black", "E green circle black", T),
        ("E green square black", "A green square black", F),
        ("E green square black", "blank", T),
        ("blank", "D green square red", T),
        ("A red circle black, blank", "B red circle red", T),
    ],
    # Inks red -> blue -> green -> red; the blank is free.
    "ink-cycle": [
        ("", "A green circle red", T),
        ("A red circle black", "C blue square red", T),
        ("A red circle black", "C green square red", F),
        ("A blue circle black", "A green circle black", T),
        ("A green circle black", "D red square black", T),
        ("A green circle black", "D blue square black", F),
        ("A green circle black", "blank", T),
        ("blank", "E blue circle red", T),
    ],
    # Red outline -> circle; black outline -> square; the blank is free.
    "outline-picks-shape": [
        ("", "A red square black", T),
        ("A blue square red", "C green circle black", T),
        ("A blue square red", "C green square black", F),
        ("A blue circle black", "B red square red", T),
        ("A blue circle black", "B red circle red", F),
        ("blank", "B red circle red", T),
        ("A blue circle black", "blank", T),
    ],
}


def _cards(text: str) -> list[Card]:
    return parse_cards(text) if text else []


def _flat() -> list[tuple]:
    out = []
    for key, cases in CASES.items():
        for i, case in enumerate(cases):
            out.append(pytest.param(key, *case[:3], case[3] if len(case) > 3 else None, id=f"{key}-{i}"))
    return out


@pytest.mark.parametrize(("key", "mainline", "card", "expected", "player"), _flat())
def test_hand_worked_play(key: str, mainline: str, card: str, expected: bool, player: str | None) -> None:
    rule = library.get(key).rule
    info = PlayerInfo(player, 0) if player else None
    assert rule.accepts(Card.parse(card), _cards(mainline), info) is expected


def test_every_entry_has_hand_worked_cases() -> None:
    assert set(CASES) == set(library.keys())
    for key, cases in CASES.items():
        assert any(c[2] for c in cases), f"{key}: no accepted play"
        assert any(not c[2] for c in cases), f"{key}: no rejected play"
        assert any(c[0] == "" for c in cases), f"{key}: no starter case"
