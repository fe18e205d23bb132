"""Parts the boards are built from: the table, a hand of clickable cards, a card picker for real cards.

Each part is a small ``VBox`` that draws from plain values (cards, a round) and reports clicks through a
callback, so the boards stay thin and the parts can be tested alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import LETTERS, RANK_LABEL, SUITS, Card, Ink, Outline, Shape, parse_cards
from eleusis_lab.render import card_svg, table_html
from eleusis_lab.render.html import fit_card_size
from eleusis_lab.widgets._common import banner, button, button_label, card_slot, error_text

__all__ = ["CardPicker", "HandArea", "TableArea", "last_play_highlight"]


def last_play_highlight(round_: Any) -> dict[Any, str]:
    """Highlight for the most recent judged play: the new top card, or the sideline play just rejected."""
    events = list(getattr(round_, "events", ()))
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        kind = getattr(event, "type", "")
        if kind in ("played", "no-play", "starter-placed"):
            break
    else:
        return {}
    for i, column in enumerate(round_.sidelines):
        for j, play in enumerate(column):
            if getattr(play, "event_index", None) == index:
                return {(i, j): "rejected"}
    if kind == "played" and not getattr(event, "accepted", True):
        return {}
    return {len(round_.mainline) - 1: "accepted"} if round_.mainline else {}


# A table row (position label, mainline card, a four-card sideline, margins) is about 4.6 card widths tall.
ROW_HEIGHT_PER_WIDTH = 4.6


class TableArea(w.VBox):
    """The table: mainline wrapping onto new lines, sidelines under their cards, markers, last play framed.

    ``fits_box``: the cards are sized so the whole table fits the box the page gives this part (a CSS
    size container, see :func:`~eleusis_lab.render.html.fit_card_size`): it wraps into rows or shrinks,
    never scrolls, up to ``1.5 * card_width``; ``max_height`` is then unused."""

    def __init__(
        self, card_width: float = 96, max_height: str | None = "44vh", *, fits_box: bool = False
    ) -> None:
        self.card_width = card_width
        self.max_height = None if fits_box else max_height
        self.fits_box = fits_box
        self._html = w.HTML()
        self._html.add_class("eleusis-table")
        super().__init__([self._html], layout=w.Layout(width="100%"))
        self.add_class("eleusis-table-area")

    @property
    def html(self) -> str:
        return self._html.value

    def show(
        self, round_: Any, *, highlight: dict[Any, str] | None = None, show_players: bool = False
    ) -> None:
        if round_ is None:
            self._html.value = ""
            return
        mainline, sidelines = list(round_.mainline), [list(s) for s in round_.sidelines]
        html = table_html(
            mainline,
            sidelines,
            list(getattr(round_, "markers", None) or ()),
            card_width=self.card_width,
            highlight=last_play_highlight(round_) if highlight is None else highlight,
            show_players=show_players,
            card_size="var(--eleusis-card)" if self.fits_box else None,
        )
        if self.fits_box:
            size = fit_card_size(mainline, sidelines, largest=1.5 * self.card_width)
            html = f'<div class="eleusis-table-fit" style="--eleusis-card:{size}">{html}</div>'
        elif self.max_height:
            # A long table scrolls inside its box; column-reverse keeps the newest row in view, so the
            # verdict and the hand below stay on a small projector screen.  The box is never shorter than
            # one row with a four-card sideline: on a 720-pixel screen 44vh would cut off the top of the
            # mainline (its ranks) above a Gardner pile of wrong cards.
            floor = f"{ROW_HEIGHT_PER_WIDTH * self.card_width:.0f}px"
            html = (
                f'<div style="max-height:max({self.max_height}, {floor});overflow-y:auto;display:flex;'
                f'flex-direction:column-reverse"><div>{html}</div></div>'
            )
        self._html.value = html


class HandArea(w.VBox):
    """A hand as card pictures with a button each (class ``eleusis-hand-card``), wrapping onto new lines."""

    def __init__(self, on_click: Callable[[Card], None], card_width: float = 84) -> None:
        self._on_click = on_click
        self.card_width = card_width
        self._title = w.HTML()
        self._title.add_class("eleusis-hand-title")
        self._cards = w.HBox(layout=w.Layout(flex_flow="row wrap", width="100%"))
        self._cards.add_class("eleusis-hand")
        self.row = self._cards  # the row of cards (a board may lay it out differently)
        super().__init__([self._title, self._cards], layout=w.Layout(width="100%"))
        self.cards: list[Card] = []
        self._pool: dict[Card, w.VBox] = {}

    def resize(self, card_width: float) -> None:
        """Draw the cards at ``card_width`` from the next :meth:`show` on (a hand that grows narrows)."""
        if card_width != self.card_width:
            self.card_width = card_width
            self._pool.clear()

    @property
    def buttons(self) -> list[w.Button]:
        """The hand's buttons in display order (each has ``.card``)."""
        return [slot.children[1] for slot in self._cards.children]

    def show(
        self,
        title: str,
        cards: Sequence[Card],
        *,
        selected: Sequence[Card] = (),
        enabled: bool = True,
        disabled: Sequence[Card] = (),
    ) -> None:
        """Show ``cards`` (sorted); widgets are reused from a pool so a click redraws in milliseconds."""
        if self._title.value != title:
            self._title.value = title
        self.cards = sorted(cards, key=lambda c: c.sort_key())
        order = {card: i for i, card in enumerate(selected, start=1)}
        slots = []
        for card in self.cards:
            slot = self._pool.get(card)
            if slot is None:
                slot = self._pool[card] = card_slot(card, self._on_click, width=self.card_width)
                slot.selected = False
            want = card in order
            if slot.selected != want:
                slot.children[0].value = card_svg(
                    card, width=self.card_width, highlight="selected" if want else None
                )
                slot.selected = want
            button = slot.children[1]
            # A string is played in the order of the clicks: the button shows each card's place.
            label = f"{button_label(card)} · {order[card]}" if want else button_label(card)
            if button.description != label:
                button.description = label
            off = not enabled or card in disabled
            if button.disabled != off:
                button.disabled = off
            slots.append(slot)
        if list(self._cards.children) != slots:
            self._cards.children = slots


_RANKS = [(RANK_LABEL.get(r, str(r)), r) for r in range(1, 14)]
_SUIT_BUTTONS = [(f"{s.symbol} {s.value}", s) for s in SUITS]


class CardPicker(w.VBox):
    """Enter a real card played at the table: rank and suit buttons (or letter-card features), or text.

    ``on_pick(cards)`` receives the chosen card(s); a New Eleusis string is built with *Add to string*.
    """

    def __init__(
        self, on_pick: Callable[[list[Card]], None], *, deck: str = "standard", strings: bool = False
    ) -> None:
        self._on_pick = on_pick
        self.deck = deck
        self.strings = strings
        self.string: list[Card] = []
        self._rank = w.ToggleButtons(options=_RANKS, value=None, description="Rank")
        self._suit = w.ToggleButtons(options=_SUIT_BUTTONS, value=None, description="Suit")
        self._letter = w.ToggleButtons(options=list(LETTERS), value=None, description="Letter")
        self._ink = w.ToggleButtons(options=[(i.value, i) for i in Ink], value=None, description="Ink")
        self._shape = w.ToggleButtons(options=[(s.value, s) for s in Shape], value=None, description="Shape")
        self._outline = w.ToggleButtons(
            options=[(o.value, o) for o in Outline], value=None, description="Outline"
        )
        for toggle in (self._rank, self._suit, self._letter, self._ink, self._shape, self._outline):
            toggle.style.button_width = "4.2em" if toggle is self._rank else "8.8em"  # "♦ diamonds" in full
            toggle.add_class("eleusis-picker-toggle")
        self._rank.add_class("eleusis-picker-rank")
        self._suit.add_class("eleusis-picker-suit")
        self.text = w.Text(
            placeholder="or type the card: QH, 10S, B green square black, blank", description="Card"
        )
        self.text.layout.width = "34em"
        self.text.add_class("eleusis-picker-text")
        self.judge = button(
            "Judge this card", "eleusis-judge-card", lambda _b: self.submit(), width="12em", style="primary"
        )
        self.blank = button("Blank card", "eleusis-picker-blank", lambda _b: self._pick_blank(), width="9em")
        self.add_card = button(
            "Add to string", "eleusis-add-to-string", lambda _b: self._add_to_string(), width="10em"
        )
        self.clear_string = button(
            "Clear string", "eleusis-clear-string", lambda _b: self.clear(), width="9em"
        )
        self._string_view = w.HTML()
        self.message = w.HTML()
        super().__init__()
        self.add_class("eleusis-card-picker")
        self._layout()

    def _layout(self) -> None:
        if self.deck == "letters":
            rows: list[w.Widget] = [self._letter, self._ink, self._shape, self._outline]
            actions = [self.judge, self.blank]
        else:
            rows = [self._rank, self._suit]
            actions = [self.judge]
        if self.strings:
            actions = [self.add_card, self.clear_string, *actions]
            self.judge.description = "Judge string"
        rows += [self.text, w.HBox(actions), self._string_view, self.message]
        self.children = rows

    def set_deck(self, deck: str, strings: bool) -> None:
        self.deck, self.strings = deck, strings
        self.judge.description = "Judge this card"
        self.clear()
        self._layout()

    def chosen(self) -> Card | None:
        """The card the buttons (or the text box) describe, or None; bad text raises ``ValueError``."""
        text = self.text.value.strip()
        if text:
            cards = parse_cards(text)
            if len(cards) != 1:
                raise ValueError("type one card at a time (use 'Add to string' for a string)")
            return cards[0]
        if self.deck == "letters":
            parts = (self._letter.value, self._ink.value, self._shape.value, self._outline.value)
            if None in parts:
                return None
            return Card(letter=parts[0], ink=parts[1], shape=parts[2], outline=parts[3])
        if self._rank.value is None or self._suit.value is None:
            return None
        return Card(rank=self._rank.value, suit=self._suit.value)

    def pick(self, card: Card | str) -> None:
        """Set the buttons to ``card`` (as a teacher would click them)."""
        card = card if isinstance(card, Card) else Card.parse(card)
        self.text.value = ""
        if card.is_playing:
            self._rank.value, self._suit.value = card.rank, card.suit
        elif card.is_letter:
            self._letter.value, self._ink.value = card.letter, card.ink
            self._shape.value, self._outline.value = card.shape, card.outline
        else:
            self.text.value = "blank"

    def submit(self) -> None:
        """Hand the chosen card (or the string built so far plus the chosen card) to the board."""
        try:
            card = self.chosen()
        except ValueError as error:
            self.message.value = banner(error_text(error), "error", size="1em")
            return
        cards = [*self.string, *([card] if card is not None else [])]
        if not cards:
            self.message.value = banner(
                "Choose a rank and a suit first (or type the card).", "warning", size="1em"
            )
            return
        self.message.value = ""
        self._on_pick(cards)

    def clear(self) -> None:
        self.string = []
        self.text.value = ""
        for toggle in (self._rank, self._suit, self._letter, self._ink, self._shape, self._outline):
            toggle.value = None
        self._string_view.value = ""
        self.message.value = ""

    def _pick_blank(self) -> None:
        self.text.value = "blank"
        self.submit()

    def _add_to_string(self) -> None:
        try:
            card = self.chosen()
        except ValueError as error:
            self.message.value = banner(error_text(error), "error", size="1em")
            return
        if card is None:
            self.message.value = banner("Choose a card to add first.", "warning", size="1em")
            return
        if len(self.string) >= 4:
            self.message.value = banner("A string has at most 4 cards.", "warning", size="1em")
            return
        self.string.append(card)
        self.text.value = ""
        for toggle in (self._rank, self._suit, self._letter, self._ink, self._shape, self._outline):
            toggle.value = None
        self._string_view.value = "String so far: " + " ".join(str(c) for c in self.string)
        self.message.value = ""
