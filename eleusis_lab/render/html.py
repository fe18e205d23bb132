"""HTML of card rows and of the table (mainline with sidelines hanging under their cards).

Only inline styles and inline SVG, so the same markup works in a notebook output, inside an ipywidgets
``HTML``, in Voilà and in a WeasyPrint PDF.  Columns are inline blocks, so a long mainline wraps onto new
lines and each sideline stays in the column of the card it tried to follow.

>>> from eleusis_lab.cards import parse_cards
>>> html = table_html(parse_cards("5H 6S"), [[parse_cards("KD")[0]], []])
>>> html.count("<svg"), "eleusis-sideline" in html
(3, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, TypedDict

from eleusis_lab.cards import Card, as_card
from eleusis_lab.render.svg import FONT, LARGE_CORNER, VIEW_H, VIEW_W, card_svg

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round

Highlight = str | Mapping[Any, str] | Sequence[str | None] | None


class _Paint(TypedDict):
    """How every card of a picture is painted: the keywords of :func:`card_svg` passed on to each card."""

    greyscale: bool
    four_colour: bool


# How much of a sideline card stays visible under the next one: enough for the corner rank and suit.
_SIDE_PEEK = 0.42
_SIDE_PEEK_TIGHT = 0.375
_STRING_PEEK = 0.42
# A table's geometry in card widths (one place, read by table_html and fit_card_size).
_SIDE_SCALE = 0.8  # a wrong card is this much of a mainline card (its rank as large: LARGE_CORNER)
_SIDE_TOP = 0.06  # gap between a mainline card and its sideline
_COLUMN_GAP = 0.08  # right of each column
_ROW_GAP = 0.2  # under each column (between wrapped rows)
_POSITION_LINE = 0.2  # the position number's line above each card
_POSITION_FLOOR = 14  # px: the position number's line above each card is never lower than this


def cards_html(
    cards: Iterable[Card | str],
    *,
    card_width: float = 72,
    highlight: Highlight = None,
    greyscale: bool = False,
    gap: float = 6,
    labels: Sequence[str] | None = None,
    wrap: bool = True,
    four_colour: bool = False,
) -> str:
    """A row of cards that wraps onto new lines.

    ``highlight`` is one highlight for every card, a mapping ``index -> highlight``, or a sequence with one
    highlight (or None) per card.  ``labels`` puts a small caption under each card (e.g. who played it).
    ``four_colour`` draws diamonds blue and clubs green (see :func:`card_svg`).
    """
    row = [as_card(c) for c in cards]
    marks = _per_index(highlight, len(row))
    paint = _Paint(greyscale=greyscale, four_colour=four_colour)
    items = []
    for i, card in enumerate(row):
        caption = ""
        if labels is not None and i < len(labels) and labels[i]:
            caption = (
                f'<div style="font-size:{_px(max(10, card_width / 6))};line-height:1.3;color:#374151;'
                "text-align:center;"
                f'max-width:{_px(card_width)};overflow:hidden;white-space:nowrap">{escape(labels[i])}</div>'
            )
        items.append(
            f'<span class="eleusis-card-slot" style="display:inline-block;vertical-align:top;'
            f'margin:0 {_px(gap)} {_px(gap)} 0">'
            f"{card_svg(card, width=card_width, highlight=marks.get(i), **paint)}{caption}</span>"
        )
    white = "normal" if wrap else "nowrap"
    return (
        f'<div class="eleusis-cards" style="line-height:0;white-space:{white};font-family:{FONT}">'
        + "".join(items)
        + "</div>"
    )


def table_html(
    mainline: Sequence[Card | str],
    sidelines: Sequence[Sequence[Any]] = (),
    markers: Iterable[Any] = (),
    *,
    card_width: float = 72,
    highlight: Highlight = None,
    greyscale: bool = False,
    numbers: bool = True,
    show_players: bool = False,
    empty_text: str = "No cards on the table yet.",
    four_colour: bool = False,
    card_size: str | None = None,
) -> str:
    """The table: the mainline left to right, wrapping; each sideline hangs in a column under its card.

    ``sidelines[i]`` holds the plays rejected after mainline card ``i``: each a card, a tuple of cards (a
    New Eleusis string) or a ``SidelinePlay`` (with ``.cards`` and ``.player``).  ``markers`` are New
    Eleusis markers: :class:`~eleusis_lab.play.table.Marker` values (``mainline_index`` 0-based, ``kind``
    ``white``, ``black`` or ``prophet``), or ``(index, kind)`` pairs.  ``highlight`` maps a mainline index
    (negative counts from the end) or ``(i, j)`` (the j-th play under card i) to a highlight name (see
    :func:`card_svg`).  ``numbers`` prints each card's position (the starter is 1) above it.
    ``four_colour`` draws diamonds blue and clubs green (see :func:`card_svg`).
    ``card_size``: a CSS length for the card width (e.g. ``var(--eleusis-card)``, set by the page from
    :func:`fit_card_size`): every length is then that many card widths, so the page can size the whole
    table to its box; ``card_width`` is only the scale the pixel floors (small text) are read against,
    and a wrong card's owner name is never under 14 px.
    """
    paint = _Paint(greyscale=greyscale, four_colour=four_colour)
    px = _px if card_size is None else (lambda x: f"calc({x / card_width:.4f} * {card_size})")

    def at_least(floor: float, x: float) -> str:
        return _px(max(floor, x)) if card_size is None else f"max({_px(floor)}, {px(x)})"

    def sized(svg: str, width: float) -> str:
        """With ``card_size`` the picture's size is CSS (the attributes stay for other readers)."""
        if card_size is None:
            return svg
        style = f"width:{px(width)};height:{px(width * VIEW_H / VIEW_W)};vertical-align:top"
        return svg.replace("<svg ", f'<svg style="{style}" ', 1)

    main = [as_card(c) for c in mainline]
    sides = [list(s) for s in sidelines]
    if not main and not any(sides):
        return (
            f'<div class="eleusis-table-view" style="font-family:{FONT};color:#6b7280;'
            f'font-size:{at_least(12, card_width / 5)};padding:8px">{escape(empty_text)}</div>'
        )
    marks = _table_highlights(highlight, len(main))
    marker_at: dict[int, list[str]] = {}
    for m in markers:
        index, colour = _marker_fields(m)
        if index < 0:
            index += len(main)
        marker_at.setdefault(index, []).append(colour)
    height = card_width * VIEW_H / VIEW_W
    side_width = card_width * _SIDE_SCALE
    # read from the back of a classroom when the table is sized to its box; the old floor elsewhere
    name_size = _px(max(10, card_width / 8)) if card_size is None else f"max(14px, {px(card_width / 8)})"
    side_height = side_width * VIEW_H / VIEW_W
    columns = []
    for i in range(max(len(main), len(sides))):
        head = ""
        if numbers:
            number = str(i + 1) if i < len(main) else ""
            head = f'<span style="font-size:{at_least(11, card_width / 7)};color:#6b7280">{number}</span>'
        tokens = "".join(_marker_token(c, card_width) for c in marker_at.get(i, []))
        line = at_least(_POSITION_FLOOR, card_width * _POSITION_LINE)
        top = (
            f'<div class="eleusis-position" style="height:{line};'
            "line-height:1;"
            f'text-align:center;white-space:nowrap">{head}{tokens}</div>'
        )
        if i < len(main):
            body = (
                f'<div class="eleusis-mainline-card" style="line-height:0">'
                f"{sized(card_svg(main[i], width=card_width, highlight=marks.get(i), **paint), card_width)}"
                "</div>"
            )
        else:
            body = (
                f'<div style="width:{px(card_width)};height:{px(height)};border:2px dashed #d1d5db;'
                f'border-radius:6px;box-sizing:border-box"></div>'
            )
        plays = sides[i] if i < len(sides) else []
        side_parts = []
        # Long sidelines (Gardner's wrong cards pile up) show less of each card: still rank and suit.
        peek = _side_peek(len(plays))
        for j, play in enumerate(plays):
            cards, player = _play_fields(play)
            overlap = 0 if j == 0 else -(1 - peek) * side_height
            fan = []
            for k, card in enumerate(cards):
                shift = 0 if k == 0 else -(1 - _STRING_PEEK) * side_width
                # The card is smaller, so the older ones fit; its rank is not (LARGE_CORNER).
                picture = card_svg(
                    card, width=side_width, highlight=marks.get((i, j)), corner=LARGE_CORNER, **paint
                )
                fan.append(
                    f'<span style="display:inline-block;margin-left:{px(shift)};vertical-align:top">'
                    f"{sized(picture, side_width)}</span>"
                )
            who = f"rejected, played by {player}" if player else "rejected"
            label = ""
            if show_players and player:
                # Inside the visible strip of the card, top right (blank on every card face).
                label = (
                    f'<span class="eleusis-sideline-player" style="position:absolute;'
                    f"right:{px(side_width * 0.06)};top:{px(side_width * 0.05)};background:#ffffffdd;"
                    f"border-radius:3px;padding:0 2px;font-size:{name_size};line-height:1.2;"
                    f"color:#1f2937;max-width:{px(side_width * 0.62)};overflow:hidden;white-space:nowrap;"
                    f'text-overflow:ellipsis">{escape(player)}</span>'
                )
            side_parts.append(
                f'<div class="eleusis-sideline-play" title="{escape(who)}" style="position:relative;'
                f'white-space:nowrap;line-height:0;margin-top:{px(overlap)}">{"".join(fan)}{label}</div>'
            )
        side = ""
        if side_parts:
            # A pale red band behind rejected cards tells the sideline from a wrapped mainline row.
            pad = (card_width - side_width) / 2
            side = (
                f'<div class="eleusis-sideline" style="margin-top:{px(card_width * _SIDE_TOP)};'
                f"padding:{px(pad)} {px(pad)} {px(pad)} {px(pad)};background:#fde8e8;"
                f'border-radius:{px(card_width * 0.08)};width:fit-content;min-width:{px(side_width)}">'
                f"{''.join(side_parts)}</div>"
            )
        columns.append(
            f'<div class="eleusis-column" style="display:inline-block;vertical-align:top;'
            f"margin:0 {px(card_width * _COLUMN_GAP)} {px(card_width * _ROW_GAP)} 0;"
            f'min-width:{px(card_width)}">'
            f"{top}{body}{side}</div>"
        )
    return (
        f'<div class="eleusis-table-view" style="font-family:{FONT};line-height:1.2;white-space:normal">'
        + "".join(columns)
        + "</div>"
    )


def _side_peek(plays: int) -> float:
    return _SIDE_PEEK if plays <= 5 else _SIDE_PEEK_TIGHT


def fit_card_size(
    mainline: Sequence[Card | str],
    sidelines: Sequence[Sequence[Any]] = (),
    *,
    largest: float = 96,
    smallest: float = 28,
) -> str:
    """A CSS length for :func:`table_html`'s ``card_size``: the widest card (between ``smallest`` and
    ``largest`` px) at which the whole table fits its box, a CSS size container (``cqw``/``cqh``).

    For each number of rows r the table could wrap into, the cards may be as wide as lets ceil(n / r)
    columns sit side by side, and as tall as lets the r tallest columns stack (an upper bound on any r
    rows); the best r wins.  So the table wraps or shrinks and never hides a card; only past
    ``smallest`` (a round far longer than a class plays) does it need more room than its box.
    """
    sides = [list(s) for s in sidelines]
    count = max(len(mainline), len(sides), 1)
    widths, heights = [], []  # per column, in card widths (heights plus a pixel floor each)
    for i in range(count):
        plays = [_play_fields(p)[0] for p in (sides[i] if i < len(sides) else [])]
        fan = max((_SIDE_SCALE * (1 + _STRING_PEEK * (len(cards) - 1)) for cards in plays), default=0)
        side_box = fan + (1 - _SIDE_SCALE)  # the pale band's padding, half a card's margin each side
        widths.append(max(1.0, side_box) + _COLUMN_GAP)
        side_high = _SIDE_SCALE * VIEW_H / VIEW_W
        pile = 0.0
        if plays:
            pile = _SIDE_TOP + (1 - _SIDE_SCALE) + side_high * (1 + _side_peek(len(plays)) * (len(plays) - 1))
        heights.append(_POSITION_LINE + VIEW_H / VIEW_W + pile + _ROW_GAP)
    widest = max(widths)
    tallest = sorted(heights, reverse=True)
    options = []
    for rows in range(1, min(count, 6) + 1):
        per_row = -(-count // rows)
        high = sum(tallest[:rows])
        options.append(
            f"min(calc(99cqw / {per_row * widest:.3f}), "
            f"calc((99cqh - {rows * _POSITION_FLOOR}px) / {high:.3f}))"
        )
    return f"clamp({_px(smallest)}, max({', '.join(options)}), {_px(largest)})"


def round_table_html(round_: Round, **options: Any) -> str:
    """:func:`table_html` of a round's mainline, sidelines and markers."""
    return table_html(round_.mainline, round_.sidelines, round_.markers, **options)


@dataclass(frozen=True)
class CardRow:
    """A short list of cards that draws itself in a notebook as a row of pictures.

    >>> from eleusis_lab.cards import parse_cards
    >>> row = CardRow(parse_cards("QH 10S"))
    >>> len(row), row._repr_html_().count("<svg")
    (2, 2)
    """

    cards: tuple[Card, ...]
    card_width: float = 72
    greyscale: bool = False

    def __init__(self, cards: Iterable[Card | str], card_width: float = 72, greyscale: bool = False):
        object.__setattr__(self, "cards", tuple(as_card(c) for c in cards))
        object.__setattr__(self, "card_width", card_width)
        object.__setattr__(self, "greyscale", greyscale)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Any:
        return iter(self.cards)

    def __getitem__(self, i: int) -> Card:
        return self.cards[i]

    def __str__(self) -> str:
        return ", ".join(str(c) for c in self.cards)

    def _repr_html_(self) -> str:
        return cards_html(self.cards, card_width=self.card_width, greyscale=self.greyscale)


@dataclass(frozen=True)
class TableView:
    """A table (mainline, sidelines, markers) that draws itself in a notebook; see :func:`table_html`."""

    mainline: tuple[Card, ...]
    sidelines: tuple[tuple[Any, ...], ...] = ()
    markers: tuple[Any, ...] = ()
    card_width: float = 72

    @classmethod
    def of(cls, round_: Round, card_width: float = 72) -> TableView:
        """The table of a round: its mainline, sidelines and markers."""
        return cls(
            tuple(round_.mainline),
            tuple(tuple(s) for s in round_.sidelines),
            tuple(round_.markers),
            card_width,
        )

    def _repr_html_(self) -> str:
        return table_html(self.mainline, self.sidelines, self.markers, card_width=self.card_width)


# -- helpers -------------------------------------------------------------------------------------
def _per_index(highlight: Highlight, n: int) -> dict[Any, str]:
    if highlight is None:
        return {}
    if isinstance(highlight, str):
        return {i: highlight for i in range(n)}
    if isinstance(highlight, Mapping):
        out = {}
        for key, value in highlight.items():
            if value is None:
                continue
            if isinstance(key, int) and key < 0:
                key += n
            out[key] = value
        return out
    return {i: h for i, h in enumerate(highlight) if h}


def _table_highlights(highlight: Highlight, n: int) -> dict[Any, str]:
    if isinstance(highlight, str):
        raise TypeError("table_html's highlight maps positions to highlights, e.g. {-1: 'accepted'}")
    return _per_index(highlight, n)


def _play_fields(play: Any) -> tuple[tuple[Card, ...], str | None]:
    """(cards, player) of one sideline entry: a SidelinePlay, a card, card text, or a tuple of cards."""
    from eleusis_lab.play.table import SidelinePlay

    if isinstance(play, SidelinePlay):
        return play.cards, play.player
    if isinstance(play, Card):
        return (play,), None
    if isinstance(play, str):
        return (as_card(play),), None
    return tuple(as_card(c) for c in play), None


def _marker_fields(marker: Any) -> tuple[int, str]:
    """(mainline index, kind) of a :class:`~eleusis_lab.play.table.Marker` or an ``(index, kind)`` pair."""
    from eleusis_lab.play.table import Marker

    if isinstance(marker, Marker):
        return marker.mainline_index, marker.kind
    if not isinstance(marker, tuple | list) or len(marker) != 2:
        raise ValueError(f"a marker is a Marker or an (index, kind) pair, not {marker!r}")
    index, kind = marker
    if not isinstance(index, int):
        raise ValueError(f"a marker needs a mainline index, not {marker!r}")
    return index, str(kind).lower()


def _marker_token(colour: str, card_width: float) -> str:
    """A round token: white, black, or the prophet's black marker (black with a white ring)."""
    size = max(12, card_width / 6)
    fill = "#111111" if colour in ("black", "prophet") else "#ffffff"
    ring = '<circle cx="10" cy="10" r="4" fill="#ffffff"/>' if colour == "prophet" else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_px(size)[:-2]}" height="{_px(size)[:-2]}" '
        f'viewBox="0 0 20 20" class="eleusis-marker eleusis-marker-{escape(colour)}" '
        f'style="vertical-align:middle;margin-left:3px"><title>{escape(colour)} marker</title>'
        f'<circle cx="10" cy="10" r="8" fill="{fill}" stroke="#111111" stroke-width="2"/>{ring}</svg>'
    )


def _px(x: float) -> str:
    text = f"{x:.1f}".rstrip("0").rstrip(".")
    return (text if text not in ("", "-0") else "0") + "px"
