"""Pictures of cards and tables as SVG and HTML, for notebooks, boards and printed worksheets.

The engine never imports this package; cards and rounds draw themselves by importing it lazily.

>>> from eleusis_lab.cards import Card
>>> card_svg(Card.parse("7S"), width=50).startswith("<svg")
True
"""

from __future__ import annotations

from eleusis_lab.render.html import CardRow, TableView, cards_html, round_table_html, table_html
from eleusis_lab.render.svg import (
    FOUR_COLOUR_CSS,
    HIGHLIGHTS,
    card_back_svg,
    card_svg,
    card_words,
    suit_colour,
    suit_path,
)

__all__ = [
    "FOUR_COLOUR_CSS",
    "HIGHLIGHTS",
    "CardRow",
    "TableView",
    "card_back_svg",
    "card_svg",
    "card_words",
    "cards_html",
    "round_table_html",
    "suit_colour",
    "suit_path",
    "table_html",
]
