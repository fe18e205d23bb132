"""The card and table renderer: well-formed SVG, colours, greyscale, highlights, table layout."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from eleusis_lab.cards import Card, letter_deck, parse_cards, standard_deck
from eleusis_lab.render import (
    CardRow,
    TableView,
    card_back_svg,
    card_svg,
    card_words,
    cards_html,
    table_html,
)
from eleusis_lab.render.svg import (
    BLACK,
    BLUE,
    CORNER,
    FOUR_COLOUR_CSS,
    GREEN,
    INK_COLOURS,
    LARGE_CORNER,
    RED,
    CornerLayout,
)

SVG = "{http://www.w3.org/2000/svg}"
COLOURED = re.compile(r'(?:fill|stroke)="(#[0-9a-fA-F]{6})"')


def _colours(svg: str) -> set[str]:
    return {c.lower() for c in COLOURED.findall(svg)}


def _is_grey(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return max(r, g, b) - min(r, g, b) <= 12


@pytest.mark.parametrize("card", [*standard_deck(), *letter_deck()], ids=str)
def test_every_card_is_well_formed_standalone_svg(card: Card) -> None:
    svg = card_svg(card)
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == SVG + "svg"
    assert root.get("width") == "72" and root.get("height") == "100.8"
    assert root.get("viewBox") == "0 0 100 140"
    assert root.findtext(SVG + "title") == card_words(card) == root.get("aria-label")
    assert " id=" not in svg  # many cards share one page: no ids to collide
    assert "class=" in svg and "url(" not in svg


def test_red_suits_red_and_black_suits_black() -> None:
    for card in standard_deck():
        colours = _colours(card_svg(card))
        assert (RED in colours) == card.is_red, card


def test_four_colour_deck_paints_diamonds_blue_and_clubs_green_with_the_same_shapes() -> None:
    expected = {"hearts": RED, "diamonds": BLUE, "spades": BLACK, "clubs": GREEN}
    for card in standard_deck():
        assert card.suit is not None
        two, four = card_svg(card), card_svg(card, four_colour=True)
        assert RED not in _colours(four) or card.suit.value == "hearts", card
        assert expected[card.suit.value] in _colours(four), card
        # Only the ink changes: the same paths, in the same places.
        paths = lambda svg: [p.get("d") for p in ET.fromstring(svg).iter(SVG + "path")]  # noqa: E731
        assert paths(two) == paths(four) and paths(two), card
        assert f"eleusis-suit-{card.suit.value}" in two  # a board's style sheet can switch it too
    # Greyscale stays greyscale (no colour classes to repaint it).
    assert "eleusis-suit-" not in card_svg(Card.parse("7D"), greyscale=True, four_colour=True)
    table = table_html(parse_cards("7D 8C"), [[Card.parse("9D")], []], four_colour=True)
    assert BLUE in _colours(table) and GREEN in _colours(table) and RED not in _colours(table)
    assert BLUE in _colours(cards_html(parse_cards("2D"), four_colour=True))
    assert ".eleusis-four-colour .eleusis-suit-diamonds" in FOUR_COLOUR_CSS and BLUE in FOUR_COLOUR_CSS


def test_letter_cards_name_their_ink_in_words() -> None:
    card = Card.parse("A red circle black")
    assert card_words(card) == "A — red ink, circle, black outline"
    svg = card_svg(card)
    assert "<title>A — red ink, circle, black outline</title>" in svg
    assert 'aria-label="A — red ink, circle, black outline"' in svg
    assert card_words(Card.parse("QH")) == "queen of hearts"


def test_playing_card_shows_rank_in_both_corners() -> None:
    svg = card_svg(Card.parse("10C"))
    texts = [t.text for t in ET.fromstring(svg).iter(SVG + "text")]
    assert texts.count("10") == 2
    face = card_svg(Card.parse("QH"))
    assert [t.text for t in ET.fromstring(face).iter(SVG + "text")].count("Q") == 3  # corners + panel


def _corner_ranks(svg: str) -> list[ET.Element]:
    """The two corner ranks (the court panel's big letter is the third text of a court card)."""
    return list(ET.fromstring(svg).iter(SVG + "text"))[:2]


@pytest.mark.parametrize("corner", [CORNER, LARGE_CORNER], ids=["corner", "large-corner"])
def test_a_ten_is_drawn_as_large_as_every_other_rank_only_condensed(corner: CornerLayout) -> None:
    sizes = set()
    for card in standard_deck():
        ranks = _corner_ranks(card_svg(card, corner=corner))
        assert [t.text for t in ranks] == [card.label] * 2, card
        sizes |= {float(t.get("font-size") or 0) for t in ranks}
        condensed = {(t.get("textLength"), t.get("lengthAdjust")) for t in ranks}
        if card.label == "10":
            # Narrower glyphs at the same height: a fixed width, inside the card's left edge.
            assert condensed == {(ranks[0].get("textLength"), "spacingAndGlyphs")}, card
            width = float(ranks[0].get("textLength") or 0)
            left = float(ranks[0].get("x") or 0) - width / 2
            assert left > 0 and width >= 0.9 * corner.rank_size, card
        else:
            assert condensed == {(None, None)}, card
    assert sizes == {corner.rank_size}  # the 10's font size is every other rank's


def test_a_large_corner_draws_a_larger_rank_on_a_card_of_the_same_size() -> None:
    plain, large = (
        card_svg(Card.parse("QS"), width=50),
        card_svg(Card.parse("QS"), width=50, corner=LARGE_CORNER),
    )
    assert ET.fromstring(plain).get("width") == ET.fromstring(large).get("width") == "50"
    size = lambda svg: float(_corner_ranks(svg)[0].get("font-size") or 0)  # noqa: E731
    assert size(large) / size(plain) >= 1 / 0.8 - 0.01  # a card drawn at 0.8 reads as large as a full one
    # The suit still sits under the rank and inside the strip a stacked wrong card leaves visible.
    assert LARGE_CORNER.suit_y > LARGE_CORNER.rank_baseline
    assert LARGE_CORNER.suit_y + LARGE_CORNER.suit_size <= 0.375 * 140
    # The court panel moves in, clear of the larger index.
    panels = [r for r in ET.fromstring(large).iter(SVG + "rect") if r.get("height") == "88"]
    assert [p.get("x") for p in panels] == ["30"]


def test_letter_card_shows_letter_in_ink_and_ink_initial() -> None:
    card = Card.parse("B green square black")
    root = ET.fromstring(card_svg(card))
    texts = {t.text: t.get("fill") for t in root.iter(SVG + "text")}
    assert texts["B"] == INK_COLOURS[card.ink]
    assert texts["G"] == INK_COLOURS[card.ink]  # the ink's initial, for colour-blind readers
    assert root.find(f"{SVG}rect[@x='19']") is not None  # the square figure
    red_circle = ET.fromstring(card_svg(Card.parse("A blue circle red")))
    circle = red_circle.find(SVG + "circle")
    assert circle is not None and circle.get("stroke") == RED
    assert {t.text for t in red_circle.iter(SVG + "text")} == {"A", "B"}


def test_greyscale_uses_no_colour_but_keeps_suits_and_inks_apart() -> None:
    looks = {}
    for card in [*standard_deck(), *letter_deck()]:
        svg = card_svg(card, greyscale=True)
        assert all(_is_grey(c) for c in _colours(svg)), card
        looks.setdefault(svg.replace(str(card), "").replace(card.name, ""), set()).add(card)
    # Hearts vs diamonds vs spades vs clubs differ by shape; red vs black by hollow vs solid.
    heart, spade = card_svg(Card.parse("5H"), greyscale=True), card_svg(Card.parse("5S"), greyscale=True)
    paths = {
        name: {p.get("fill") for p in ET.fromstring(svg).iter(SVG + "path")}
        for name, svg in (("heart", heart), ("spade", spade))
    }
    assert paths == {"heart": {"#ffffff"}, "spade": {"#111111"}}
    inks = {
        ink: card_svg(Card.parse(f"C {ink} circle black"), greyscale=True).split("<text")[-1]
        for ink in ("red", "blue", "green")
    }
    assert len({re.sub(r">.<", "", v) for v in inks.values()}) == 3
    dashed = card_svg(Card.parse("C red circle red"), greyscale=True)
    solid = card_svg(Card.parse("C red circle black"), greyscale=True)
    assert "stroke-dasharray" in dashed and "stroke-dasharray" not in solid
    # No two different faces look the same in greyscale.
    assert all(len(cards) == 1 for cards in looks.values())


def test_highlight_frames_and_bad_highlight() -> None:
    for name in ("accepted", "rejected", "falsifier", "selected"):
        assert f"eleusis-highlight-{name}" in card_svg(Card.parse("7D"), highlight=name)
    assert "#ff8800" in card_svg(Card.parse("7D"), highlight="#ff8800")
    assert "stroke-dasharray" in card_svg(Card.parse("7D"), highlight="rejected", greyscale=True)
    with pytest.raises(ValueError, match="unknown highlight 'wrong'"):
        card_svg(Card.parse("7D"), highlight="wrong")
    with pytest.raises(ValueError, match="width"):
        card_svg(Card.parse("7D"), width=0)
    with pytest.raises(TypeError):
        card_svg("7D")  # type: ignore[arg-type]


def test_width_scales_the_picture() -> None:
    root = ET.fromstring(card_svg(Card(), width=150))
    assert root.get("width") == "150" and root.get("height") == "210"
    assert "blank" in card_svg(Card())
    assert ET.fromstring(card_back_svg(width=40)).get("width") == "40"


def test_card_repr_svg_uses_renderer() -> None:
    assert Card.parse("KS")._repr_svg_() == card_svg(Card.parse("KS"))


def test_cards_html_row_labels_and_per_card_highlights() -> None:
    cards = parse_cards("AS 2H 3D")
    html = cards_html(cards, highlight=[None, "rejected", None], labels=["Ann", "Bo", "Cy"])
    assert html.count("<svg") == 3 and html.count("eleusis-highlight-rejected") == 1
    assert "Bo" in html and "white-space:normal" in html
    assert cards_html(["QH"], highlight="accepted").count("eleusis-highlight-accepted") == 1
    row = CardRow(["QH", "10S"])
    assert len(row) == 2 and str(row) == "Q♥, 10♠" and row._repr_html_().count("<svg") == 2


def _columns(html: str) -> list[str]:
    return html.split('class="eleusis-column"')[1:]


def test_table_sidelines_hang_under_their_card() -> None:
    main = parse_cards("5H 6S 7D")
    sides = [[Card.parse("KD")], [], [Card.parse("AS"), (Card.parse("3H"), Card.parse("4H"))]]
    html = table_html(main, sides, card_width=90)
    cols = _columns(html)
    assert len(cols) == 3
    assert 'data-card="5♥"' in cols[0] and 'data-card="K♦"' in cols[0]
    assert "eleusis-sideline" not in cols[1]
    assert cols[2].count("eleusis-sideline-play") == 2 and 'data-card="4♥"' in cols[2]
    # The mainline card comes before its sideline in reading order.
    assert cols[2].index('data-card="7♦"') < cols[2].index('data-card="A♠"')
    assert 'width="90"' in html and "display:inline-block" in html  # columns wrap as inline blocks


def test_a_wrong_card_is_smaller_but_its_rank_reads_as_large_as_a_mainline_rank() -> None:
    main = parse_cards("5H 6S")
    html = table_html(main, [[Card.parse("10D"), (Card.parse("3H"), Card.parse("QH"))], []], card_width=80)
    pictures = ET.fromstring(f"<div>{html}</div>").iter(SVG + "svg")
    on_screen = {}  # card -> (picture width px, corner rank px on screen)
    for svg in pictures:
        rank = next(svg.iter(SVG + "text"))
        width = float(svg.get("width") or 0)
        on_screen[svg.get("data-card")] = (width, float(rank.get("font-size") or 0) * width / 100)
    assert on_screen["5♥"] == on_screen["6♠"] == (80, 20)
    for wrong in ("10♦", "3♥", "Q♥"):
        width, rank = on_screen[wrong]
        assert width == 64 and rank >= 0.99 * 20, (wrong, width, rank)  # 19.84 px beside 20


def test_table_accepts_sideline_play_objects_markers_and_highlights() -> None:
    from eleusis_lab.play.table import Marker, SidelinePlay

    main = parse_cards("5H 6S 7D")
    html = table_html(
        main,
        [[SidelinePlay((Card.parse("2C"),), "Ann", 3)], [], []],
        [(0, "white"), Marker("black", 10, main[1], 1, True, 9), (2, "prophet")],
        highlight={-1: "accepted", (0, 0): "rejected"},
        show_players=True,
    )
    cols = _columns(html)
    assert "played by Ann" in cols[0] and "eleusis-highlight-rejected" in cols[0]
    assert "eleusis-marker-white" in cols[0] and "eleusis-marker-black" in cols[1]
    assert "eleusis-marker-prophet" in cols[2]
    assert "eleusis-highlight-accepted" in cols[2] and "eleusis-highlight-accepted" not in cols[0]
    with pytest.raises(TypeError):
        table_html(main, [], highlight="accepted")
    with pytest.raises(ValueError, match="marker"):
        table_html(main, [], [("x", "white")])


def test_empty_table_and_table_view() -> None:
    assert "No cards" in table_html([], [])
    view = TableView(tuple(parse_cards("5H 6S")), ((), ()))
    assert view._repr_html_().count("<svg") == 2


def test_cards_render_in_weasyprint_pdf(tmp_path) -> None:
    weasyprint = pytest.importorskip("weasyprint")
    pypdf = pytest.importorskip("pypdf")
    html = (
        "<html><body>"
        + table_html(parse_cards("10H QS"), [[Card.parse("3D")], []])
        + cards_html([*letter_deck()[:3], Card()], greyscale=True)
        + "</body></html>"
    )
    out = tmp_path / "cards.pdf"
    weasyprint.HTML(string=html).write_pdf(out)
    text = pypdf.PdfReader(out).pages[0].extract_text()
    assert "10" in text and "Q" in text and "blank" in text


def test_a_table_sized_by_its_box_measures_everything_in_card_widths() -> None:
    """``card_size``: every length is a multiple of the CSS card width (pictures included), only small
    text keeps a pixel floor, and a wrong card's owner name is never under 14 px."""
    from eleusis_lab.play.table import SidelinePlay

    main = parse_cards("5H 6S 7D")
    sides = [[SidelinePlay((Card.parse("KD"),), "Ana", event_index=1)], [], []]
    html = table_html(main, sides, card_width=64, card_size="var(--c)", show_players=True)
    assert html.count('<svg style="width:calc(1.0000 * var(--c));height:calc(1.4000 * var(--c))') == 3
    assert 'style="width:calc(0.8000 * var(--c));height:calc(1.1200 * var(--c))' in html
    assert "font-size:max(14px, calc(0.1250 * var(--c)))" in html  # the owner's name
    # every length that places a card is in card widths (a pixel floor only inside max())
    placing = re.findall(r"[;\"](margin(?:-top|-left)?|width|min-width|height|right|top):([^;\"]*)", html)
    assert len(placing) > 20
    fixed = [(name, value) for name, value in placing if "px" in value and not value.startswith("max(")]
    assert fixed == [], fixed
    plain = table_html(main, sides, card_width=64, show_players=True)
    assert "var(" not in plain and "font-size:10px" in plain  # other boards keep their pixels


def test_fit_card_size_weighs_every_column_and_each_way_to_wrap() -> None:
    """The card width is the best over 1..6 rows of min(width allowed, height allowed), clamped; a longer
    table or a deeper pile of wrong cards can only ask for smaller cards."""
    from eleusis_lab.render.html import fit_card_size

    short = fit_card_size(parse_cards("5H 6S"), [[], []], largest=96, smallest=28)
    assert short.startswith("clamp(28px, max(min(calc(99cqw / 2.160)") and short.endswith(", 96px)")
    assert short.count("min(") == 2  # two columns: one row or two
    long = fit_card_size(parse_cards("5H 6S 7D 8C 9H 10S 2D 3C"), [[]] * 8)
    assert long.count("min(") == 6  # at most six rows are weighed
    assert "calc(99cqw / 8.640)" in long  # eight columns of 1.08 card widths in one row
    deep = fit_card_size(parse_cards("5H 6S"), [parse_cards("KD QD JD 2C 3C 4C"), []])

    def one_row_height(css: str) -> float:
        return float(css.split("calc((99cqh - 14px) / ")[1].split(")")[0])

    assert one_row_height(deep) > one_row_height(short) + 3 * 0.375 * 1.12  # five more peeks of a pile
