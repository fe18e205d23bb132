"""Pictures of cards and tables as SVG and HTML, for notebooks, boards and printed worksheets.

The engine never imports this package: importing it registers the pictures a card (SVG) and a table
(HTML) show in a notebook (:mod:`eleusis_lab.display`), and ``eleusis_lab`` imports it in a notebook.

>>> from eleusis_lab.cards import Card
>>> card_svg(Card.parse("7S"), width=50).startswith("<svg")
True
"""

from __future__ import annotations

from typing import Any

from eleusis_lab.display import register_drawing
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


def _table_picture(table: Any) -> str:
    """A :class:`~eleusis_lab.play.table.Table` (a round's ``table``) as HTML."""
    return str(table_html(list(table.mainline), [list(s) for s in table.sidelines], list(table.markers)))


register_drawing("card", "svg", card_svg)
register_drawing("table", "html", _table_picture)
