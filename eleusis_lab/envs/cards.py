"""Cards as small integers for array observations: 0 is "no card", 1..N the designs of a deck.

Copies of the double deck share their design's id: which physical copy lies on the table never
matters to a rule.  The order is the deck's own (``eleusis_lab.cards.deck``), so ids are stable.

>>> ids = CardIds.for_deck("standard")
>>> len(ids), ids.id_of(Card.parse("AS")), str(ids.card_of(1))
(52, 1, 'A♠')
>>> ids.id_of(None)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from eleusis_lab.cards import Card, designs
from eleusis_lab.cards import deck as make_deck

__all__ = ["EMPTY", "CardIds"]

#: The id of an empty slot in every array.
EMPTY = 0


class CardIds:
    """The ids of one deck's designs (``standard`` and ``double`` share the 52 playing-card ids)."""

    __slots__ = ("_index", "cards", "deck")

    def __init__(self, deck: str, cards: Sequence[Card]) -> None:
        self.deck = deck
        self.cards = tuple(cards)
        self._index = {c: i + 1 for i, c in enumerate(self.cards)}

    @staticmethod
    @cache
    def for_deck(deck: str) -> CardIds:
        name = "letters" if deck == "letters" else "standard"
        return CardIds(name, designs(make_deck(name)))

    def __len__(self) -> int:
        return len(self.cards)

    def id_of(self, card: Card | None) -> int:
        if card is None:
            return EMPTY
        return self._index[card.design]

    def card_of(self, card_id: int) -> Card:
        if not 1 <= card_id <= len(self.cards):
            raise ValueError(f"card ids run from 1 to {len(self.cards)}, not {card_id}")
        return self.cards[card_id - 1]

    def ids(self, cards: Sequence[Card], length: int) -> list[int]:
        """The ids of ``cards``, padded with :data:`EMPTY` (or cut) to ``length``."""
        out = [self.id_of(c) for c in cards[:length]]
        return out + [EMPTY] * (length - len(out))
