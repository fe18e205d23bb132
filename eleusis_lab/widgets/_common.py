"""Small pieces every board shares: buttons with fixed widths and stable CSS classes, message banners,
score tables, the board style sheet.

Buttons get a fixed width (Voilà squeezes flexible buttons) and no icons (Font Awesome comes from a CDN,
which a classroom offline does not have).  Every control a browser test needs has a CSS class
``eleusis-…`` and a plain-text description.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.render import FOUR_COLOUR_CSS, card_svg, card_words, suit_colour

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# One style sheet for every board; injected once per board as an HTML widget (works in Lab and Voilà).
STYLE = (
    """
<style>
.eleusis-board { font-family: DejaVu Sans, Verdana, Arial, sans-serif; }
.eleusis-board .widget-button, .eleusis-board .jupyter-button { flex: 0 0 auto; }
.eleusis-hand-slot { margin: 0 6px 6px 0; align-items: center; position: relative; padding-bottom: 30px; }
/* The whole card picture is the button: the button lies over the picture, its label under it. */
.eleusis-hand-slot > .eleusis-hand-card { font-weight: bold; position: absolute !important; top: 0; left: 0;
  width: 100% !important; height: 100% !important; margin: 0 !important; padding: 0 0 4px 0;
  background: transparent !important; box-shadow: none !important; display: flex; align-items: flex-end;
  justify-content: center; cursor: pointer; }
.eleusis-hand-slot > .eleusis-hand-card:hover { background: rgba(37, 99, 235, 0.10) !important; }
.eleusis-hand-slot > .eleusis-hand-card:disabled { background: rgba(255, 255, 255, 0.6) !important; }
.eleusis-verdict .widget-html-content, .eleusis-table .widget-html-content { line-height: normal; }
.eleusis-table { overflow-x: hidden; }
.eleusis-title { font-size: 1.25em; font-weight: bold; }
"""
    + FOUR_COLOUR_CSS
    + """</style>
"""
)

VERDICT_COLOURS = {
    "accepted": ("#dcfce7", "#166534", "#16a34a"),
    "rejected": ("#fee2e2", "#991b1b", "#dc2626"),
    "info": ("#eff6ff", "#1e3a8a", "#93c5fd"),
    "warning": ("#fef3c7", "#92400e", "#f59e0b"),
    "error": ("#fee2e2", "#991b1b", "#dc2626"),
}


def button(
    description: str,
    css_class: str,
    on_click: Callable[[Any], object] | None = None,
    *,
    width: str = "10em",
    tooltip: str = "",
    style: str = "",
) -> w.Button:
    """A button of fixed width with a stable CSS class, for people and for browser tests."""
    b = w.Button(
        description=description,
        tooltip=tooltip or description,
        layout=w.Layout(width=width, min_width=width, flex="0 0 auto"),
        button_style=style,
    )
    b.add_class(css_class)
    if on_click is not None:
        b.on_click(on_click)
    return b


def banner(text: str, kind: str = "info", *, size: str = "1.3em", detail: str = "") -> str:
    """A coloured message box (verdicts, judgements, errors); text is escaped, ``detail`` is HTML."""
    bg, fg, border = VERDICT_COLOURS.get(kind, VERDICT_COLOURS["info"])
    extra = f'<div style="font-size:0.8em;font-weight:normal;margin-top:4px">{detail}</div>' if detail else ""
    return (
        f'<div class="eleusis-banner eleusis-banner-{kind}" style="font-family:{FONT};background:{bg};'
        f"color:{fg};border:3px solid {border};border-radius:8px;padding:8px 14px;font-size:{size};"
        f'font-weight:bold;line-height:1.3">{escape(text)}{extra}</div>'
    )


def scores_html(
    names: Sequence[str], points: Sequence[Any], *, title: str = "Scores", notes: Sequence[str] = ()
) -> str:
    """A plain HTML table of names and points (prints well, reads well on a projector)."""
    rows = "".join(
        f'<tr><td style="padding:2px 14px 2px 0">{escape(str(n))}</td>'
        f'<td style="padding:2px 0;text-align:right;font-weight:bold">{escape(points_text(p))}</td></tr>'
        for n, p in zip(names, points, strict=True)
    )
    note_html = "".join(f'<div style="font-size:0.85em;color:#4b5563">{escape(n)}</div>' for n in notes)
    return (
        f'<div class="eleusis-scores" style="font-family:{FONT}"><div style="font-weight:bold;'
        f'margin-bottom:4px">{escape(title)}</div><table style="border-collapse:collapse">{rows}</table>'
        f"{note_html}</div>"
    )


def points_text(score: Any) -> str:
    """Points as a projector shows them: ``3``, ``1.5`` (never ``3.0``)."""
    if isinstance(score, float):
        return str(int(score)) if score.is_integer() else f"{score:.2f}".rstrip("0")
    return str(score)


def button_label(card: Card) -> str:
    """The text on a card's button: ``Q♥``; a letter card's full name ("A green circle red") does not fit
    under its picture, so it says ``Play A`` — the picture above says the rest, the tooltip names it."""
    return str(card) if card.is_playing or card.is_blank else f"Play {card.letter}"


def card_slot(
    card: Card,
    on_click: Callable[[Card], object],
    *,
    width: float = 90,
    greyscale: bool = False,
    selected: bool = False,
    label: str | None = None,
    css_class: str = "eleusis-hand-card",
) -> w.VBox:
    """A card picture with a button under it; clicking the button calls ``on_click(card)``."""
    picture = w.HTML(
        card_svg(card, width=width, greyscale=greyscale, highlight="selected" if selected else None)
    )
    b = button(
        label or button_label(card),
        css_class,
        lambda _b: on_click(card),
        width=f"{width:.0f}px",
        tooltip=card_words(card),
    )
    b.card = card  # tests and browser harnesses can read which card a button plays
    b.style.font_weight = "bold"
    b.style.font_size = "16px"
    if card.suit is not None:
        # The board's four-colour rule repaints the label by this class (diamonds blue, clubs green).
        b.add_class(f"eleusis-card-{card.suit.value}")
        if card.is_red:
            b.style.text_color = suit_colour(card.suit)
    slot = w.VBox([picture, b], layout=w.Layout(width=f"{width + 4:.0f}px", flex="0 0 auto"))
    slot.add_class("eleusis-hand-slot")
    return slot


def rule_deck_of(variant: str) -> str:
    """The kind of card a secret rule for ``variant`` reads (``letters`` or ``standard``), from the
    variant's description (its deck), before any round is dealt."""
    from eleusis_lab.play import find_variant

    return find_variant(variant).rule_deck_for()


def four_colour_choice(value: bool = False) -> w.Checkbox:
    """The colour-blind-safe deck switch: ticked, every card on its board shows ♦ blue and ♣ green.

    The board's style sheet does the repainting (``FOUR_COLOUR_CSS`` keys on this box's class), so the
    table, the hand and the reveal change at once without being redrawn.
    """
    box = w.Checkbox(value=value, description="Four-colour deck (♦ blue, ♣ green)", indent=False)
    box.layout.width = "22em"
    box.add_class("eleusis-four-colour-choice")
    return box


def difficulty_choice() -> w.Dropdown:
    """How hard a random library rule may be (the set-up forms' choice when no rule is typed)."""
    return w.Dropdown(
        options=[("any difficulty", "any"), ("easy", "easy"), ("medium", "medium"), ("hard", "hard")],
        value="any",
        description="Difficulty",
    )


def seed_field(seed: int | None) -> w.Text:
    """The deal's seed (blank: a random deal); browser tests type the seed as a teacher would."""
    field = w.Text(value="" if seed is None else str(seed), description="Seed", placeholder="blank = random")
    field.layout.width = "16em"
    field.add_class("eleusis-seed-input")
    return field


def error_text(error: BaseException) -> str:
    """One readable sentence from an exception (a RuleError keeps its first line only)."""
    from eleusis_lab.play.errors import one_line

    return one_line(error)
