"""One card as a standalone SVG: playing cards, letter cards and the blank.

Every card is drawn in a fixed 100 x 140 viewBox and scaled by ``width``, so the same picture serves a
projector, a notebook and a printed worksheet.  Styling is by SVG attributes only (no external CSS, no
ids), because WeasyPrint does not let page CSS reach inside an inline SVG and because many cards share
one HTML page.  Suit symbols are SVG paths, so no font needs the ♠♥♦♣ glyphs.

>>> from eleusis_lab.cards import Card
>>> svg = card_svg(Card.parse("QH"))
>>> svg.startswith("<svg") and 'width="72"' in svg and RED in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from eleusis_lab.cards import Card, Ink, Outline, Shape, Suit

# Colours chosen to stay apart on a projector and for the common colour-blindnesses (with the initials).
RED = "#c8102e"
BLACK = "#111111"
BLUE = "#1d4ed8"
GREEN = "#15803d"
INK_COLOURS = {Ink.RED: RED, Ink.BLUE: BLUE, Ink.GREEN: GREEN}
# The four-colour deck (colour-blind safe: red and black are no longer the only cue between suits).
# Suit shapes stay the same; only diamonds and clubs change colour.
FOUR_COLOURS = {Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.SPADES: BLACK, Suit.CLUBS: GREEN}
TWO_COLOURS = {Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.SPADES: BLACK, Suit.CLUBS: BLACK}
OUTLINE_COLOURS = {Outline.RED: RED, Outline.BLACK: BLACK}
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# Frames drawn by ``highlight``: colour, and the dash pattern that tells them apart in greyscale.
HIGHLIGHTS: dict[str, tuple[str, str | None]] = {
    "accepted": ("#16a34a", None),
    "rejected": ("#dc2626", "10 6"),
    "falsifier": ("#f59e0b", "3 4"),
    "selected": ("#2563eb", None),
    "predicted": ("#7c3aed", "14 4 3 4"),
}

VIEW_W, VIEW_H = 100, 140


@dataclass(frozen=True)
class CornerLayout:
    """A playing card's corner index (rank over suit) in the 100 x 140 viewBox, and how far in the court
    cards' panel starts so the index never touches it."""

    rank_size: float  # every rank's font size, the "10" included
    rank_x: float  # the rank's centre
    rank_baseline: float
    ten_width: float  # a "10" is condensed to this width, not shrunk
    suit_x: float
    suit_y: float
    suit_size: float
    panel_x: float


# The index of a card drawn full size (a mainline, a hand, a worksheet).
CORNER = CornerLayout(
    rank_size=25, rank_x=15, rank_baseline=29, ten_width=24, suit_x=6, suit_y=34, suit_size=18, panel_x=27
)
# The index of a card drawn at 0.8 of the others (a wrong card under the mainline): a rank 31/25 as large,
# so on screen it reads as large as a mainline card's, and a smaller suit, so rank and suit still show in
# the strip a stacked wrong card leaves visible (the top 0.375 of the card, 52.5 units); the court panel
# narrows to stay clear of the larger index.
LARGE_CORNER = CornerLayout(
    rank_size=31, rank_x=16, rank_baseline=32, ten_width=28, suit_x=8, suit_y=36, suit_size=16, panel_x=30
)

# Suit shapes in a 100 x 100 box, centred on (50, 50).
_SUIT_PATHS = {
    Suit.HEARTS: (
        "M50 92 C 30 74 2 54 2 30 C 2 14 14 4 28 4 C 39 4 46 11 50 21 "
        "C 54 11 61 4 72 4 C 86 4 98 14 98 30 C 98 54 70 74 50 92 Z"
    ),
    Suit.DIAMONDS: "M50 2 L 86 50 L 50 98 L 14 50 Z",
    Suit.SPADES: (
        "M50 2 C 70 26 98 40 98 62 C 98 77 87 86 74 86 C 64 86 57 81 53 74 "
        "C 54 85 59 92 68 98 L 32 98 C 41 92 46 85 47 74 C 43 81 36 86 26 86 "
        "C 13 86 2 77 2 62 C 2 40 30 26 50 2 Z"
    ),
    Suit.CLUBS: (
        "M50 4 A 21 21 0 0 1 67 38 A 21 21 0 1 1 56 70 C 57 84 61 91 68 98 L 32 98 "
        "C 39 91 43 84 44 70 A 21 21 0 1 1 33 38 A 21 21 0 0 1 50 4 Z"
    ),
}


def suit_colour(suit: Suit, *, four_colour: bool = False) -> str:
    """The ink of a suit: red and black, or with ``four_colour`` diamonds blue and clubs green."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def suit_path(
    suit: Suit, x: float, y: float, size: float, *, greyscale: bool = False, four_colour: bool = False
) -> str:
    """The suit symbol as an SVG path, its 100-unit box scaled to ``size`` with top-left at (x, y).

    In greyscale red suits are hollow (thick black outline) and black suits solid, so a black-and-white
    printer keeps the two colours apart.  In colour the path carries the class ``eleusis-suit-<suit>``,
    so a board can turn every card on it four-colour with one style rule (see ``FOUR_COLOUR_CSS``).
    """
    scale = size / 100
    if greyscale:
        if suit.color.value == "red":
            paint = f'fill="#ffffff" stroke="{BLACK}" stroke-width="{_r(2.2 / scale)}"'
        else:
            paint = f'fill="{BLACK}"'
    else:
        paint = f'fill="{suit_colour(suit, four_colour=four_colour)}" class="eleusis-suit-{suit.value}"'
    return (
        f'<path transform="translate({_r(x)} {_r(y)}) scale({_r(scale)})" d="{_SUIT_PATHS[suit]}" '
        f'{paint} stroke-linejoin="round"/>'
    )


def card_svg(
    card: Card,
    *,
    width: float = 72,
    highlight: str | None = None,
    greyscale: bool = False,
    title: bool = True,
    four_colour: bool = False,
    corner: CornerLayout = CORNER,
) -> str:
    """A standalone ``<svg>`` of ``card``, ``width`` pixels wide (height 1.4 x width).

    ``highlight`` draws a thick frame: ``accepted`` (green), ``rejected`` (red, dashed), ``falsifier``
    (amber, dotted), ``selected`` (blue), ``predicted`` (purple), or any ``#rrggbb`` colour.
    ``greyscale`` keeps suits, inks and outlines apart without colour (hollow red suits, hollow/solid/grey
    letters, dashed red outlines).  ``four_colour`` draws diamonds blue and clubs green (colour-blind
    safe; the shapes do not change).  ``corner``: where a playing card's rank and suit index sits and how
    large (:data:`LARGE_CORNER` for a card drawn smaller than its neighbours).  ``title`` adds a
    ``<title>`` with the card in words (tooltip, screen readers): a letter card says its ink in words,
    ``A — red ink, circle, black outline``.
    """
    if not isinstance(card, Card):
        raise TypeError(f"card_svg expects a Card, not {type(card).__name__}")
    if not width or width <= 0:
        raise ValueError(f"width must be a positive number of pixels, not {width!r}")
    height = width * VIEW_H / VIEW_W
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_r(width)}" height="{_r(height)}" '
        f'viewBox="0 0 {VIEW_W} {VIEW_H}" class="eleusis-card" role="img" '
        f'aria-label="{escape(card_words(card))}" data-card="{escape(str(card))}">'
    ]
    if title:
        parts.append(f"<title>{escape(card_words(card))}</title>")
    parts.append(
        f'<rect x="1.5" y="1.5" width="{VIEW_W - 3}" height="{VIEW_H - 3}" rx="8" ry="8" '
        f'fill="#ffffff" stroke="#707070" stroke-width="1.5"/>'
    )
    if card.is_playing:
        parts.append(_playing_face(card, greyscale, four_colour, corner))
    elif card.is_letter:
        parts.append(_letter_face(card, greyscale))
    else:
        parts.append(_blank_face())
    if highlight:
        parts.append(_frame(highlight, greyscale))
    parts.append("</svg>")
    return "".join(parts)


def card_back_svg(*, width: float = 72, greyscale: bool = False) -> str:
    """The back of a card (the stock, a hidden hand), drawn with a lattice so it reads as 'face down'."""
    height = width * VIEW_H / VIEW_W
    colour = "#555555" if greyscale else "#1e3a8a"
    lines = []
    for k in range(-140, 141, 14):
        lines.append(f'<line x1="{k}" y1="0" x2="{k + 140}" y2="140"/>')
        lines.append(f'<line x1="{k + 140}" y1="0" x2="{k}" y2="140"/>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_r(width)}" height="{_r(height)}" '
        f'viewBox="0 0 {VIEW_W} {VIEW_H}" class="eleusis-card eleusis-card-back" role="img" '
        f'aria-label="card face down"><title>card face down</title>'
        f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" ry="8" fill="#ffffff" stroke="#707070" '
        f'stroke-width="1.5"/><rect x="8" y="8" width="84" height="124" rx="4" fill="{colour}"/>'
        f'<svg x="8" y="8" width="84" height="124" viewBox="8 8 84 124">'
        f'<g stroke="#ffffff" stroke-width="1.2" opacity="0.55">{"".join(lines)}</g></svg></svg>'
    )


def card_words(card: Card) -> str:
    """The card in words, for tooltips and screen readers: ``queen of hearts``, ``blank``, and a letter
    card with its ink named as a word, ``A — red ink, circle, black outline`` (the colour alone is not
    enough for a reader who does not see it)."""
    if card.is_letter:
        return f"{card.letter} — {card.ink} ink, {card.shape}, {card.outline} outline"
    return card.name


# A board with the class ``eleusis-four-colour`` (or a ticked ``eleusis-four-colour-choice`` box inside
# it) shows every card four-colour: the suit paths, ranks and court frames carry ``eleusis-suit-<suit>``.
FOUR_COLOUR_CSS = "".join(
    f".eleusis-four-colour .eleusis-suit-{suit.value}, "
    f".eleusis-board:has(.eleusis-four-colour-choice input:checked) .eleusis-suit-{suit.value} "
    f"{{ fill: {colour}; }}\n"
    f".eleusis-four-colour .eleusis-frame-{suit.value}, "
    f".eleusis-board:has(.eleusis-four-colour-choice input:checked) .eleusis-frame-{suit.value} "
    f"{{ stroke: {colour}; }}\n"
    f".eleusis-four-colour .eleusis-card-{suit.value}, "
    f".eleusis-board:has(.eleusis-four-colour-choice input:checked) .eleusis-card-{suit.value} "
    f"{{ color: {colour} !important; }}\n"
    for suit, colour in ((Suit.DIAMONDS, BLUE), (Suit.CLUBS, GREEN))
)


# -- faces ---------------------------------------------------------------------------------------
def _playing_face(card: Card, greyscale: bool, four_colour: bool, corner: CornerLayout) -> str:
    assert card.suit is not None and card.rank is not None
    suit = card.suit
    colour = BLACK if greyscale else suit_colour(suit, four_colour=four_colour)
    css = "" if greyscale else f' class="eleusis-suit-{suit.value}"'
    label = card.label
    # "10" is two glyphs wide: condensed to a fixed width (whatever font the reader has), never smaller,
    # so it reads as large as every other rank and both corners keep the same footprint.
    condense = (
        f' textLength="{_r(corner.ten_width)}" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    )
    index = (
        f'<text x="{_r(corner.rank_x)}" y="{_r(corner.rank_baseline)}" font-family="{FONT}" '
        f'font-size="{_r(corner.rank_size)}" font-weight="bold" text-anchor="middle" fill="{colour}"'
        f"{css}{condense}>{label}</text>"
        + suit_path(
            suit, corner.suit_x, corner.suit_y, corner.suit_size, greyscale=greyscale, four_colour=four_colour
        )
    )
    parts = [index, f'<g transform="rotate(180 50 70)">{index}</g>']
    if card.is_face:
        # Court cards: a framed panel with the big rank letter over the suit, readable from afar.
        frame = "#a0a0a0" if greyscale else colour
        frame_css = "" if greyscale else f' class="eleusis-frame-{suit.value}"'
        panel = corner.panel_x
        parts.append(
            f'<rect x="{_r(panel)}" y="26" width="{_r(VIEW_W - 2 * panel)}" height="88" rx="4" fill="none" '
            f'stroke="{frame}" stroke-width="1.5"{frame_css}/>'
            f'<text x="50" y="71" font-family="{FONT}" font-size="38" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}"{css}>{label}</text>'
            + suit_path(suit, 35, 77, 30, greyscale=greyscale, four_colour=four_colour)
        )
    else:
        parts.append(suit_path(suit, 25, 45, 50, greyscale=greyscale, four_colour=four_colour))
    return "".join(parts)


_INK_INITIAL = {Ink.RED: "R", Ink.BLUE: "B", Ink.GREEN: "G"}


def _letter_face(card: Card, greyscale: bool) -> str:
    assert card.ink is not None and card.shape is not None and card.outline is not None
    ink = INK_COLOURS[card.ink]
    initial = _INK_INITIAL[card.ink]
    if greyscale:
        outline_paint = f'stroke="{BLACK}" stroke-width="4"' + (
            ' stroke-dasharray="7 5"' if card.outline is Outline.RED else ""
        )
        letter_paint = {
            Ink.RED: f'fill="#ffffff" stroke="{BLACK}" stroke-width="2.2"',
            Ink.BLUE: f'fill="{BLACK}"',
            Ink.GREEN: f'fill="#8a8a8a" stroke="{BLACK}" stroke-width="1"',
        }[card.ink]
        initial_fill = BLACK
    else:
        # Red outlines are dashed in colour too, so a colour sheet on a black-and-white printer (and a
        # reader who does not see red) still tells them from black ones.
        outline_paint = f'stroke="{OUTLINE_COLOURS[card.outline]}" stroke-width="4"' + (
            ' stroke-dasharray="7 5"' if card.outline is Outline.RED else ""
        )
        letter_paint = f'fill="{ink}"'
        initial_fill = ink
    if card.shape is Shape.CIRCLE:
        figure = f'<circle cx="50" cy="72" r="33" fill="#ffffff" {outline_paint}/>'
    else:
        figure = f'<rect x="19" y="41" width="62" height="62" rx="2" fill="#ffffff" {outline_paint}/>'
    corner = (
        f'<text x="13" y="24" font-family="{FONT}" font-size="18" font-weight="bold" '
        f'text-anchor="middle" fill="{initial_fill}">{initial}</text>'
    )
    return (
        corner
        + f'<g transform="rotate(180 50 70)">{corner}</g>'
        + figure
        + f'<text x="50" y="88" font-family="{FONT}" font-size="46" font-weight="bold" '
        f'text-anchor="middle" {letter_paint} stroke-linejoin="round">{escape(card.letter or "")}</text>'
    )


def _blank_face() -> str:
    return (
        '<rect x="10" y="10" width="80" height="120" rx="5" fill="none" stroke="#a0a0a0" '
        'stroke-width="1.5" stroke-dasharray="4 4"/>'
        f'<text x="50" y="76" font-family="{FONT}" font-size="16" text-anchor="middle" '
        f'fill="#707070">blank</text>'
    )


def _frame(highlight: str, greyscale: bool) -> str:
    if highlight in HIGHLIGHTS:
        colour, dash = HIGHLIGHTS[highlight]
    elif highlight.startswith("#") and len(highlight) in (4, 7):
        colour, dash = highlight, None
    else:
        raise ValueError(
            f"unknown highlight {highlight!r}: choose one of {', '.join(HIGHLIGHTS)} "
            "or a colour like '#ff8800'"
        )
    name = highlight if highlight in HIGHLIGHTS else "custom"
    if greyscale:
        colour = BLACK
    dash_attr = f' stroke-dasharray="{dash}"' if dash and greyscale else ""
    return (
        f'<rect x="3.5" y="3.5" width="{VIEW_W - 7}" height="{VIEW_H - 7}" rx="7" ry="7" fill="none" '
        f'stroke="{colour}" stroke-width="7"{dash_attr} class="eleusis-highlight-{name}"/>'
    )


def _r(x: float) -> str:
    """A number for SVG, short and stable (no float noise in the output)."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"
