"""Cards and decks: the standard 52, the double deck of 104, and the 61-card letter deck.

A :class:`Card` is a small frozen value.  Playing cards have a ``rank`` (1-13) and a ``suit``;
letter cards have a ``letter`` (A-E), an ``ink``, a ``shape`` and an ``outline``; the letter deck's
blank has none of these.  ``copy`` tells apart the two physically distinct copies of a face in the
double deck, so a hand can hold both 7♥s and the log can say which one was played.

>>> Card.parse("QH"), Card.parse("10♠"), Card.parse("queen of hearts")
(Card.parse('Q♥'), Card.parse('10♠'), Card.parse('Q♥'))
>>> str(Card.parse("B green square black"))
'B green square black'
>>> Card.parse("Б green square black") == Card.parse("B green square black")
True
>>> len(standard_deck()), len(double_deck()), len(letter_deck())
(52, 104, 61)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from eleusis_lab.display import draw_as


class Suit(enum.Enum):
    """The four suits, in bridge order; ``symbol`` and ``letter`` are how people write them."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def color(self) -> Color:
        return Color.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Color.BLACK

    def __str__(self) -> str:
        return self.value


class Color(enum.Enum):
    """Colour of a playing card's suit (a letter card's colours are :class:`Ink` and :class:`Outline`)."""

    RED = "red"
    BLACK = "black"

    def __str__(self) -> str:
        return self.value


class Ink(enum.Enum):
    """The colour a letter card's letter is written in."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"

    def __str__(self) -> str:
        return self.value


class Shape(enum.Enum):
    """The figure drawn around a letter card's letter."""

    CIRCLE = "circle"
    SQUARE = "square"

    def __str__(self) -> str:
        return self.value


class Outline(enum.Enum):
    """The colour of the figure's outline on a letter card."""

    RED = "red"
    BLACK = "black"

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS: tuple[int, ...] = tuple(range(1, 14))
LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E")
# The original deck [001] is printed in Cyrillic; both alphabets are accepted and mean the same card.
CYRILLIC_LETTERS: tuple[str, ...] = ("А", "Б", "В", "Г", "Д")
_LETTER_FROM_ANY = {**{c: c for c in LETTERS}, **dict(zip(CYRILLIC_LETTERS, LETTERS, strict=True))}

RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_WORD = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}  # fmt: skip
_PRIMES = frozenset({2, 3, 5, 7, 11, 13})


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card.  Build it with :meth:`Card.parse` or the deck functions."""

    rank: int | None = None
    suit: Suit | None = None
    letter: str | None = None
    ink: Ink | None = None
    shape: Shape | None = None
    outline: Outline | None = None
    copy: int = 0

    def __post_init__(self) -> None:
        playing = self.rank is not None or self.suit is not None
        lettered = any(x is not None for x in (self.letter, self.ink, self.shape, self.outline))
        if playing and lettered:
            raise ValueError("a card is either a playing card or a letter card, not both")
        if playing and (self.rank not in RANKS or not isinstance(self.suit, Suit)):
            raise ValueError(f"a playing card needs a rank 1-13 and a suit, not {self.rank!r}, {self.suit!r}")
        if lettered and (
            self.letter not in LETTERS
            or not isinstance(self.ink, Ink)
            or not isinstance(self.shape, Shape)
            or not isinstance(self.outline, Outline)
        ):
            raise ValueError("a letter card needs a letter A-E, an ink, a shape and an outline")
        if self.copy < 0:
            raise ValueError("copy must be 0 or more")

    # -- what kind of card -------------------------------------------------------------------
    @property
    def is_playing(self) -> bool:
        """A card of the standard French-suited deck."""
        return self.rank is not None

    @property
    def is_letter(self) -> bool:
        """A lettered card of the 61-card deck (not the blank)."""
        return self.letter is not None

    @property
    def is_blank(self) -> bool:
        """The letter deck's one blank card."""
        return self.rank is None and self.letter is None

    @property
    def design(self) -> Card:
        """The printed face, forgetting which physical copy this is (``copy`` 0)."""
        return replace(self, copy=0) if self.copy else self

    # -- playing-card properties (None for letter cards) -------------------------------------
    @property
    def color(self) -> Color | None:
        return self.suit.color if self.suit is not None else None

    @property
    def is_red(self) -> bool:
        return self.color is Color.RED

    @property
    def is_black(self) -> bool:
        return self.color is Color.BLACK

    @property
    def is_face(self) -> bool:
        """Jack, queen or king."""
        return self.rank is not None and self.rank >= 11

    @property
    def is_number(self) -> bool:
        """Ace to ten."""
        return self.rank is not None and self.rank <= 10

    @property
    def is_high(self) -> bool:
        """Eight to king [004]."""
        return self.rank is not None and self.rank >= 8

    @property
    def is_low(self) -> bool:
        """Ace to seven [004]."""
        return self.rank is not None and self.rank <= 7

    @property
    def is_even(self) -> bool:
        return self.rank is not None and self.rank % 2 == 0

    @property
    def is_odd(self) -> bool:
        return self.rank is not None and self.rank % 2 == 1

    @property
    def is_prime(self) -> bool:
        return self.rank in _PRIMES

    # -- text --------------------------------------------------------------------------------
    @property
    def code(self) -> str:
        """Short ASCII notation: ``QH``, ``10S``, ``blank``, ``B-green-square-black``."""
        if self.is_playing:
            assert self.rank is not None and self.suit is not None
            return RANK_LABEL.get(self.rank, str(self.rank)) + self.suit.letter
        if self.is_blank:
            return "blank"
        return f"{self.letter}-{self.ink}-{self.shape}-{self.outline}"

    @property
    def label(self) -> str:
        """The rank as printed in a card's corner (``A``, ``10``, ``Q``) or the letter."""
        if self.rank is not None:
            return RANK_LABEL.get(self.rank, str(self.rank))
        return self.letter or ""

    @property
    def name(self) -> str:
        """In words: ``queen of hearts``, ``blank``, ``letter B in green, square, black outline``."""
        if self.is_playing:
            assert self.rank is not None and self.suit is not None
            return f"{RANK_WORD[self.rank]} of {self.suit.value}"
        if self.is_blank:
            return "blank"
        return f"letter {self.letter} in {self.ink}, {self.shape}, {self.outline} outline"

    def __str__(self) -> str:
        if self.is_playing:
            assert self.suit is not None
            return self.label + self.suit.symbol
        if self.is_blank:
            return "blank"
        return f"{self.letter} {self.ink} {self.shape} {self.outline}"

    def __repr__(self) -> str:
        extra = f", copy={self.copy}" if self.copy else ""
        return (
            f"Card.parse({str(self)!r}{extra})"
            if not extra
            else f"Card.parse({str(self)!r}).with_copy({self.copy})"
        )

    def with_copy(self, copy: int) -> Card:
        """The same face as another physical copy (the double deck has copies 0 and 1)."""
        return replace(self, copy=copy)

    def sort_key(self) -> tuple[int, int, int, int, int, int]:
        """Suit then rank for playing cards; letter, ink, shape, outline for letter cards."""
        if self.is_playing:
            assert self.suit is not None and self.rank is not None
            return (0, SUITS.index(self.suit), self.rank, self.copy, 0, 0)
        if self.is_blank:
            return (2, 0, 0, self.copy, 0, 0)
        assert self.ink and self.shape and self.outline and self.letter
        return (
            1,
            LETTERS.index(self.letter),
            list(Ink).index(self.ink),
            list(Shape).index(self.shape),
            list(Outline).index(self.outline),
            self.copy,
        )

    # -- notebooks: drawn by what eleusis_lab.render registers (eleusis_lab.display): never imported here --
    def _repr_svg_(self) -> str | None:
        return draw_as("card", "svg", self)

    # -- parsing -----------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from any notation people write; raise ``ValueError`` saying what was expected.

        >>> [str(Card.parse(t)) for t in ["7h", "10S", "T♣", "K♦", "ace of spades", "blank"]]
        ['7♥', '10♠', '10♣', 'K♦', 'A♠', 'blank']
        >>> Card.parse("11X")
        Traceback (most recent call last):
        ...
        ValueError: cannot read '11X' as a card: expected a rank (A, 2-10, J, Q, K) and a suit ...
        """
        if not isinstance(text, str):
            raise TypeError(f"Card.parse expects text, not {type(text).__name__}")
        card = _parse_playing(text) or _parse_letter(text)
        if card is None:
            raise ValueError(f"cannot read {text!r} as a card: {_EXPECTED}")
        return card


_EXPECTED = (
    "expected a rank (A, 2-10, J, Q, K) and a suit (S H D C or ♠ ♥ ♦ ♣), like 'QH' or '10♠', "
    "or a letter card like 'B green square black', or 'blank'"
)
_RANK_TEXT = {
    **{str(n): n for n in range(1, 14)},
    "a": 1, "t": 10, "j": 11, "q": 12, "k": 13,
    **{w: n for n, w in RANK_WORD.items()},
    "one": 1, "1": 1,
}  # fmt: skip
_SUIT_TEXT = {
    "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
    "spade": Suit.SPADES, "heart": Suit.HEARTS, "diamond": Suit.DIAMONDS, "club": Suit.CLUBS,
    **{s.value: s for s in Suit},
}  # fmt: skip
_SHORT = re.compile(r"^(10|[2-9]|[atjqk1])\s*([shdc♠♥♦♣♤♡♢♧])$", re.IGNORECASE)
_WORDS = re.compile(r"^([a-z0-9]+)\s+of\s+([a-z]+)$")


def _parse_playing(text: str) -> Card | None:
    t = text.strip().lower()
    # The variation selector (U+FE0F) follows emoji-style suit symbols pasted from phones.
    t = t.replace("\ufe0f", "")
    m = _SHORT.match(t) or _WORDS.match(t)
    if not m:
        return None
    rank = _RANK_TEXT.get(m.group(1))
    suit = _SUIT_TEXT.get(m.group(2))
    if rank is None or suit is None:
        return None
    return Card(rank=rank, suit=suit)


def _parse_letter(text: str) -> Card | None:
    words = [w for w in re.split(r"[\s,/\-]+", text.strip()) if w]
    if len(words) == 1 and words[0].lower() == "blank":
        return Card()
    if len(words) != 4:
        return None
    letter = _LETTER_FROM_ANY.get(words[0].upper())
    try:
        ink, shape, outline = Ink(words[1].lower()), Shape(words[2].lower()), Outline(words[3].lower())
    except ValueError:
        return None
    if letter is None:
        return None
    return Card(letter=letter, ink=ink, shape=shape, outline=outline)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Several cards separated by commas or spaces (``"QH 10S 7♥"``), or a list of card texts.

    Letter cards and ``queen of hearts`` contain spaces, so words are grouped greedily.

    >>> [str(c) for c in parse_cards("QH, 10S 7♥ queen of spades")]
    ['Q♥', '10♠', '7♥', 'Q♠']
    >>> [str(c) for c in parse_cards("B green square black blank")]
    ['B green square black', 'blank']
    """
    if not isinstance(text, str):
        return [as_card(t) for t in text]
    cards: list[Card] = []
    for chunk in text.split(","):
        words = chunk.split()
        i = 0
        while i < len(words):
            # Longest reading first: a letter card takes 4 words, "queen of hearts" 3, "QH" 1.
            for width in (4, 3, 1):
                piece = " ".join(words[i : i + width])
                if width > 1 and i + width > len(words):
                    continue
                try:
                    card = Card.parse(piece)
                except ValueError:
                    continue
                cards.append(card)
                i += width
                break
            else:
                raise ValueError(f"cannot read {words[i]!r} in {text!r} as a card: {_EXPECTED}")
    return cards


def as_card(value: Card | str) -> Card:
    """A card from a card or its text, for functions that accept either."""
    if isinstance(value, Card):
        return value
    return Card.parse(value)


# -- decks -------------------------------------------------------------------------------------
def standard_deck() -> list[Card]:
    """The 52 cards, spades first, ace to king within each suit."""
    return [Card(rank=r, suit=s) for s in SUITS for r in RANKS]


def double_deck() -> list[Card]:
    """Two standard decks shuffled together (Eleusis Express, New Eleusis): copies 0 and 1."""
    return [c.with_copy(k) for k in (0, 1) for c in standard_deck()]


def letter_deck() -> list[Card]:
    """The 61 cards of "Guess the rule!" [001]: 5 letters x 3 inks x 2 shapes x 2 outlines, plus the blank."""
    cards = [
        Card(letter=letter, ink=ink, shape=shape, outline=outline)
        for letter in LETTERS
        for ink in Ink
        for shape in Shape
        for outline in Outline
    ]
    return [*cards, Card()]


DECKS = {"standard": standard_deck, "double": double_deck, "letters": letter_deck}


def deck(name: str) -> list[Card]:
    """A fresh deck by name: ``standard`` (52), ``double`` (104) or ``letters`` (61)."""
    try:
        return DECKS[name]()
    except KeyError:
        raise ValueError(f"unknown deck {name!r}: choose one of {', '.join(DECKS)}") from None


def designs(cards: Sequence[Card]) -> list[Card]:
    """The distinct faces among ``cards`` (copies merged), in first-seen order."""
    seen: dict[Card, None] = {}
    for c in cards:
        seen.setdefault(c.design, None)
    return list(seen)


def card_to_json(card: Card) -> Any:
    """A card as JSON-ready text; the copy number is kept as ``#1`` so saves tell copies apart."""
    return str(card) + (f"#{card.copy}" if card.copy else "")


def card_from_json(value: Any) -> Card:
    """Inverse of :func:`card_to_json`; raises ``ValueError`` on anything else."""
    if not isinstance(value, str):
        raise ValueError(f"expected card text, found {value!r}")
    text, _, copy = value.partition("#")
    card = Card.parse(text)
    if copy:
        if not copy.isdigit():
            raise ValueError(f"bad copy number in {value!r}")
        card = card.with_copy(int(copy))
    return card
