"""HTML of worksheets and answer keys, with print CSS for WeasyPrint (and any browser).

Cards are drawn by :func:`eleusis_lab.render.card_svg`, the renderer of the notebook boards.  The
page CSS sets the paper size, margins, running header and page numbers; every puzzle is a block that
is never split across pages.
"""

from __future__ import annotations

import base64
import re
from html import escape
from typing import TYPE_CHECKING

from eleusis_lab.cards import Card, Suit
from eleusis_lab.worksheets.difficulty import description_length
from eleusis_lab.worksheets.puzzles import (
    LETTERS,
    DesignRule,
    FindTheRule,
    Puzzle,
    RecordSheet,
    Survivors,
    WhatNext,
    falsifiers,
    reads_past_the_table,
    starter_breaks,
)
from eleusis_lab.worksheets.scoresheets import printed_sheet

if TYPE_CHECKING:
    from eleusis_lab.worksheets.candidates import Candidate
    from eleusis_lab.worksheets.layout import Layout, Play
    from eleusis_lab.worksheets.recipe import Recipe

CARD_W = 40  # px on paper (about 10.6 mm): big enough to read a letter card's initial
SIDE_W = 34
CHOICE_W = 50
KEY_CHOICE_W = 40
KEY_SCALE = 0.8  # answer keys draw their tables smaller: the teacher only looks for the framed cards

KIND_TITLES = {
    "find-the-rule": "Find the rule",
    "what-next": "What may come next?",
    "survivors": "Which hypotheses survive?",
    "design-a-rule": "Design a rule",
    "record-sheet": "Record and score sheet",
}


class Style:
    """Colour or greyscale choices shared by every fragment of one document."""

    def __init__(self, greyscale: bool, paper: str = "A4") -> None:
        self.greyscale = greyscale
        self.paper = paper
        self._cache: dict[tuple[Card, float, str | None], str] = {}

    def card(self, card: Card, width: float = CARD_W, highlight: str | None = None) -> str:
        """The card as drawn by :func:`eleusis_lab.render.card_svg`, embedded as an SVG image.

        An ``<img>`` with a data URI rather than inline ``<svg>``: WeasyPrint parses each distinct
        picture once and the HTML parser skips the SVG markup, which makes the PDF about 40% faster.
        """
        key = (card.design, width, highlight)
        tag = self._cache.get(key)
        if tag is None:
            from eleusis_lab.render import card_svg

            svg = card_svg(card, width=width, highlight=highlight, greyscale=self.greyscale, title=False)
            data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
            m = re.search(r'height="([0-9.]+)"', svg)
            height = m.group(1) if m else f"{width * 1.4:g}"
            tag = (
                f'<img class="card" width="{width:g}" height="{height}" alt="{escape(card.name)}" '
                f'data-card="{escape(str(card))}" src="data:image/svg+xml;base64,{data}">'
            )
            self._cache[key] = tag
        return tag

    def card_inked(self, card: Card, width: float = CARD_W, highlight: str | None = None) -> str:
        """:meth:`card` with, under a letter card, its ink in words: colour ink turns to much the same grey
        on a photocopier, and the corner letter (R, B, G) alone is small and reads "B" for blue."""
        pic = self.card(card, width, highlight)
        if card.is_letter and card.ink is not None:
            return f'{pic}<div class="ink">{escape(str(card.ink))}</div>'
        return pic

    def short_name(self, card: Card) -> str:
        """:meth:`name`, but a letter card by its letter alone, for lists that also say where each card lies
        (the key's table frames them all)."""
        if card.is_letter and card.letter is not None:
            return f'<span class="cn">{escape(card.letter)}</span>'
        return self.name(card)

    def name(self, card: Card) -> str:
        """A card in running text: ``Q♥`` in red (hollow ♡ in greyscale), letter cards in words."""
        if card.is_playing:
            assert card.suit is not None
            red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
            symbol = card.suit.symbol
            if red and self.greyscale:
                symbol = {"♥": "♡", "♦": "♢"}[symbol]
            cls = "red" if red and not self.greyscale else "black"
            return f'<span class="cn {cls}">{escape(card.label)}{symbol}</span>'
        return f'<span class="cn">{escape(card_words(card))}</span>'


def card_words(card: Card) -> str:
    """A card in words that cannot be misread: ``E (red ink, square, red outline)``, ``Q♥``, ``blank``."""
    if card.is_letter:
        return f"{card.letter} ({card.ink} ink, {card.shape}, {card.outline} outline)"
    if card.is_playing:
        return str(card)
    return "the blank card"


# -- shared pieces ------------------------------------------------------------------------------
def layout_html(
    layout: Layout, style: Style, marks: dict[int, str] | None = None, *, scale: float = 1.0
) -> str:
    """The table: numbered mainline cards, rejected cards hanging below the card they tried to follow.

    ``marks`` maps a play's order to a short label (answer keys): that card is drawn highlighted.
    ``scale`` shrinks the cards (the answer keys use smaller tables).
    """
    marks = marks or {}
    main_w, side_w = round(CARD_W * scale), round(SIDE_W * scale)
    by_after: dict[int, list[Play]] = {}
    accepted_play: dict[int, Play] = {}
    for p in layout.plays:
        if p.accepted:
            accepted_play[p.after + 1] = p
        else:
            by_after.setdefault(p.after, []).append(p)
    cols = []
    for i, card in enumerate(layout.mainline):
        play = accepted_play.get(i)
        mark = marks.get(play.order) if play else None
        label = "start" if i == 0 else str(i + 1)
        cell = [f'<div class="pos">{label}</div>']
        cell.append(
            f'<div class="main">{style.card_inked(card, main_w, "falsifier" if mark else None)}</div>'
        )
        cell.append(f'<div class="mark">{escape(mark)}</div>' if mark else "")
        side = by_after.get(i, [])
        if side:
            cell.append('<div class="side">')
            for p in side:
                m = marks.get(p.order)
                pic = style.card_inked(p.card, side_w, "falsifier" if m else None)
                cell.append(f'<div class="sc">{pic}</div>')
                if m:
                    cell.append(f'<div class="mark">{escape(m)}</div>')
            cell.append("</div>")
        cols.append(f'<div class="col" style="width: {main_w + 6}px">{"".join(cell)}</div>')
    return f'<div class="layout">{"".join(cols)}</div>'


def layout_caption(layout: Layout) -> str:
    n_side = sum(len(s) for s in layout.sidelines)
    return (
        f'<p class="caption">Mainline: {len(layout.mainline)} cards, left to right, starting with the '
        f"starter. {n_side} rejected card{'s' if n_side != 1 else ''} hang below the card "
        f"{'they' if n_side != 1 else 'it'} tried to follow.</p>"
    )


def _level(p: FindTheRule | WhatNext | Survivors, *, key: bool = False) -> str:
    """The measured difficulty for the heading (the key says who solved it)."""
    if p.measured is None:
        return p.difficulty
    if not key:
        return p.measured.label
    bits = description_length(p.secret.text, p.deck)
    length = "a rule outside the grammar" if bits == float("inf") else f"a rule of {bits:.0f} bits"
    return f"{p.measured.words()}; {length}"


def _head(kind: str, number: int, extra: str = "") -> str:
    return (
        f'<h2><span class="num">{number}</span> {escape(KIND_TITLES[kind])}'
        f"{f' <small>{escape(extra)}</small>' if extra else ''}</h2>"
    )


def _falsify_text(letter: str, play: Play, layout: Layout, style: Style) -> str:
    top = layout.mainline[play.after]
    where = escape(layout.where(play))
    if play.accepted:
        return (
            f"ruled out by {style.name(play.card)} ({where}): it was accepted on {style.name(top)}, "
            f"but {letter} would reject it."
        )
    return (
        f"ruled out by {style.name(play.card)} ({where}): it was rejected on {style.name(top)}, "
        f"but {letter} would accept it."
    )


def _features(card: Card) -> str:
    """What a student can read off a card, to explain a tick."""
    if card.is_playing:
        parts = [
            "red" if card.is_red else "black",
            "even" if card.is_even else "odd",
            "high" if card.is_high else "low",
        ]
        if card.is_face:
            parts.append("face")
        return ", ".join(parts)
    return card_words(card)


# -- puzzles on the worksheet --------------------------------------------------------------------
def _layout_puzzle(p: FindTheRule | WhatNext | Survivors, style: Style, task: str, body: str) -> str:
    """A puzzle set on a table of played cards: heading, ``task``, the layout, then ``body``."""
    return (
        f'<section class="puzzle" data-number="{p.number}">{_head(p.kind, p.number, _level(p))}'
        f'<p class="task">{task}</p>{layout_html(p.layout, style)}{layout_caption(p.layout)}{body}</section>'
    )


def puzzle_html(p: Puzzle, style: Style) -> str:
    if isinstance(p, FindTheRule):
        opts = "".join(
            f'<li><span class="box"></span><b>{LETTERS[i]}.</b> {escape(c.english)}</li>'
            for i, c in enumerate(p.options)
        )
        return _layout_puzzle(
            p,
            style,
            "These cards were played under a secret rule. Which of the four rules below would it be, judging "
            "from the table? Tick one. For each of the others, find a card that falsifies it (rules it out).",
            f'<ol class="options">{opts}</ol>'
            f'<p class="write">Ruled out by … &nbsp; {_blanks(LETTERS[:4])}</p>' + _second_rule_prompt(p),
        )
    if isinstance(p, WhatNext):
        cards = "".join(
            f'<div class="choice"><div>{style.card_inked(c, CHOICE_W)}</div>'
            f'<div class="cl">{LETTERS[i].lower()}</div><span class="box"></span></div>'
            for i, c in enumerate(p.choices)
        )
        return _layout_puzzle(
            p,
            style,
            "Study the table. Which of the six cards below would the rule accept as the next card, on "
            f"{style.name(p.layout.mainline[-1])}, judging from the table? Tick every one you think fits.",
            f'<div class="choices">{cards}</div>'
            f'<p class="write">My idea of the rule: <span class="line"></span></p>' + _second_rule_prompt(p),
        )
    if isinstance(p, Survivors):
        items = "".join(
            f'<tr><td class="h"><b>{LETTERS[i]}.</b> {escape(c.english)}</td>'
            f'<td class="r">ruled out by <span class="short"></span></td></tr>'
            for i, c in enumerate(p.hypotheses)
        )
        return _layout_puzzle(
            p,
            style,
            "Here are six hypotheses about the secret rule. Cross out each one the evidence on the table "
            "falsifies, and write the card that falsifies it. Which survive?",
            f'<table class="hyps">{items}</table>',
        )
    if isinstance(p, DesignRule):
        return design_html(p, style)
    if isinstance(p, RecordSheet):
        return record_html(p, style)
    raise TypeError(f"unknown puzzle {p!r}")


def _second_rule_prompt(p: FindTheRule | WhatNext) -> str:
    if not p.second_rule:
        return ""
    return (
        '<p class="write">A second rule that also fits every card of the table (a rival hypothesis): '
        '<span class="line"></span></p>'
    )


def _second_rule_key(p: FindTheRule | WhatNext) -> str:
    if not p.second_rule:
        return ""
    others = ", ".join(f"<code>{escape(t)}</code>" for t in p.also_fit)
    return (
        f'<p class="idea">A second rule that also fits: accept any rule, other than the student’s first '
        f"idea, that gives every card of the table its verdict, e.g. {others}.</p>"
    )


def _blanks(letters: str) -> str:
    return " ".join(f'{c}: <span class="short"></span>' for c in letters)


# -- answer keys ---------------------------------------------------------------------------------
def key_html(p: Puzzle, style: Style) -> str:
    marks: dict[int, str] = {}  # play order -> the letters it rules out, drawn under the framed card
    rows: list[str] = []
    if isinstance(p, FindTheRule):
        for i, c in enumerate(p.options):
            play = p.falsified_by[i]
            if play is None:
                rows.append(
                    f'<li class="right"><b>{LETTERS[i]}. ✓ The rule:</b> {escape(c.english)} '
                    f"<code>{escape(c.text)}</code> — consistent with all {len(p.layout.plays)} plays.</li>"
                )
            else:
                text, refuting = _ruled_out(LETTERS[i], c, play, p.layout, style)
                for q in refuting:
                    marks[q.order] = (marks.get(q.order, "") + " ✗" + LETTERS[i]).strip()
                rows.append(
                    f'<li class="wrong"><b>{LETTERS[i]}. ✗</b> <s>{escape(c.english)}</s> '
                    f"<code>{escape(c.text)}</code><br>{text}</li>"
                )
        return (
            f'<section class="puzzle" data-number="{p.number}">{_head(p.kind, p.number, _level(p, key=True))}'
            f'<p class="answer">Answer: <b>{LETTERS[p.answer]}</b></p>'
            f"{layout_html(p.layout, style, marks, scale=KEY_SCALE)}"
            f'<ol class="key">{"".join(rows)}</ol>{_marking_notes(rows)}{_second_rule_key(p)}</section>'
        )
    if isinstance(p, WhatNext):
        for i, (card, ok) in enumerate(zip(p.choices, p.accepted, strict=True)):
            verdict = "✓ yes" if ok else "✗ no"
            rows.append(
                f'<li class="{"right" if ok else "wrong"}"><b>{LETTERS[i].lower()}. {verdict}</b> — '
                f"{style.name(card)}{f' ({escape(_features(card))})' if card.is_playing else ''}</li>"
            )
        ticks = ", ".join(LETTERS[i].lower() for i, ok in enumerate(p.accepted) if ok)
        return (
            f'<section class="puzzle" data-number="{p.number}">{_head(p.kind, p.number, _level(p, key=True))}'
            f'<p class="answer">Tick: <b>{ticks}</b>. The rule: {escape(p.secret.english)} '
            f"<code>{escape(p.secret.text)}</code></p>{_idea(p)}"
            f'<p class="why">Why: the top card is {style.name(p.layout.mainline[-1])}'
            f"{_prev2(p.layout, style)}.{_branch(p)} Each card was judged by the rule on this table.</p>"
            f'<div class="choices">'
            + "".join(
                f'<div class="choice">{style.card_inked(c, KEY_CHOICE_W, "accepted" if ok else "rejected")}'
                f'<div class="cl">{LETTERS[i].lower()} {"✓" if ok else "✗"}</div></div>'
                for i, (c, ok) in enumerate(zip(p.choices, p.accepted, strict=True))
            )
            + f'</div><ol class="key">{"".join(rows)}</ol></section>'
        )
    if isinstance(p, Survivors):
        for i, (c, play) in enumerate(zip(p.hypotheses, p.falsified_by, strict=True)):
            if play is None:
                secret = " (the secret rule)" if c.key == p.secret.key else " (also fits every card)"
                rows.append(
                    f'<li class="right"><b>{LETTERS[i]}. ✓ survives</b>{secret}: {escape(c.english)} '
                    f"<code>{escape(c.text)}</code></li>"
                )
            else:
                text, refuting = _ruled_out(LETTERS[i], c, play, p.layout, style)
                for q in refuting:
                    marks[q.order] = (marks.get(q.order, "") + " ✗" + LETTERS[i]).strip()
                rows.append(
                    f'<li class="wrong"><b>{LETTERS[i]}. ✗</b> <s>{escape(c.english)}</s> '
                    f"<code>{escape(c.text)}</code><br>{text}</li>"
                )
        alive = ", ".join(LETTERS[i] for i, x in enumerate(p.falsified_by) if x is None)
        return (
            f'<section class="puzzle" data-number="{p.number}">{_head(p.kind, p.number, _level(p, key=True))}'
            f'<p class="answer">Survivors: <b>{alive}</b></p>'
            f"{layout_html(p.layout, style, marks, scale=KEY_SCALE)}"
            f'<ol class="key">{"".join(rows)}</ol>{_marking_notes(rows)}</section>'
        )
    if isinstance(p, DesignRule):
        return (
            f'<section class="puzzle" data-number="{p.number}">{_head(p.kind, p.number)}'
            f"<p>Answers will vary. Check the student’s "
            f'rule with <code>eleusis-lab check "RULE"</code> or the rule-check cell of the lessons: it '
            f"should let every card be played at some point, never dead-end, and leave at least a quarter "
            f"of the deck playable on a typical turn (13 of 52); ideally 13 to 15 of 52.</p></section>"
        )
    if isinstance(p, RecordSheet):
        return ""
    raise TypeError(f"unknown puzzle {p!r}")


#: Marks in a key's line, explained once under the puzzle that uses them.
PAST_THE_TABLE = "†"
START_CARD = "⚑"
MARK_NOTES = {
    PAST_THE_TABLE: (
        f"{PAST_THE_TABLE} rules it out only by the table rule that a rule about more cards than the "
        "mainline then held accepts any card (e.g. <code>prev2</code> on the start card alone)."
    ),
    START_CARD: (
        f"{START_CARD} the start card breaks this rule too; it was not judged, so it does not count as "
        "evidence, but give credit to a student who names it and says so."
    ),
}


def _ruled_out(
    letter: str, cand: Candidate, first: Play, layout: Layout, style: Style
) -> tuple[str, list[Play]]:
    """The key's sentence for a ruled-out option: the named card explained, then every other card that
    rules it out (the teacher accepts any of them), with the marks of :data:`MARK_NOTES`; and those plays."""
    rule = cand.rule
    refuting = falsifiers(cand, layout)
    others = [q for q in refuting if q.order != first.order]

    def past(q: Play) -> str:
        return PAST_THE_TABLE if reads_past_the_table(rule, q.situation(layout)) else ""

    text = f"{letter} is {_falsify_text(letter, first, layout, style)}{past(first)}"
    if others:
        cards = ", ".join(f"{style.short_name(q.card)} ({_spot(q)}){past(q)}" for q in others)
        many = "this card" if len(others) == 1 else f"any of these {len(others)} cards"
        text += f" Also accept {many}: {cards}."
    else:
        text += " No other card rules it out."
    if starter_breaks(rule, layout):
        text += f" {START_CARD} The start card {style.name(layout.mainline[0])} would break it too."
    return text, [first, *others]


def _spot(play: Play) -> str:
    """Where a play lies, briefly: ``card 5`` (mainline) or ``under 3`` (the sideline below card 3)."""
    return f"card {play.after + 2}" if play.accepted else f"under {play.after + 1}"


def _marking_notes(rows: list[str]) -> str:
    used = [note for mark, note in MARK_NOTES.items() if any(mark in row for row in rows)]
    if any(" Also accept " in row for row in rows):
        used.insert(0, "“card 5” is mainline card 5; “under 3” is the sideline below mainline card 3.")
    return "".join(f'<p class="note">{note}</p>' for note in used)


def _idea(p: WhatNext) -> str:
    """What to accept for "my idea of the rule": any rule that fits every card of the table."""
    others = ", ".join(f"<code>{escape(t)}</code>" for t in p.also_fit)
    shown = f", e.g. <code>{escape(p.secret.text)}</code>{', ' + others if others else ''}"
    return (
        f'<p class="idea">My idea of the rule: accept any rule that fits every card on the table{shown}. '
        f"Of the {p.family:,} rules of up to two parts about the card and the top card, {p.fitting:,} fit "
        f"this table, and every one of them gives the ticks above.</p>{_second_rule_key(p)}"
    )


def _branch(p: WhatNext) -> str:
    out = ""
    if p.branch is not None:
        said = ", ".join(
            f"<code>{escape(text)}</code> is {'true' if truth else 'false'}"
            for text, truth in p.branch.conditions
        )
        out = f" Here {said}, so the card must satisfy <code>{escape(p.branch.applies)}</code>."
    if p.values:
        vals = ", ".join(f"<code>{escape(expr)}</code> is <b>{escape(v)}</b>" for expr, v in p.values)
        out += f" On this table {vals}."
    return out


def _prev2(layout: Layout, style: Style) -> str:
    if len(layout.mainline) < 2:
        return ""
    return f" and the card before it is {style.name(layout.mainline[-2])}"


# -- pages without a secret rule ------------------------------------------------------------------
def _rule_reference(deck: str) -> str:
    """The few words of the rule language a student needs, on the page (lesson 5 has the full cheat sheet)."""
    if deck == "letters":
        words = (
            "<code>card</code> the card played, <code>prev</code> the top card, <code>prev2</code> the one "
            'before; <code>.letter</code> (<code>"A"</code>…<code>"E"</code>), <code>.ink</code> '
            "(<code>red</code>, <code>blue</code>, <code>green</code>), <code>.shape</code> (<code>circle"
            "</code>, <code>square</code>), <code>.outline</code>; <code>card is blank</code>"
        )
    else:
        words = (
            "<code>card</code> the card played, <code>prev</code> the top card, <code>prev2</code> the one "
            "before; <code>.rank</code> (1 to 13), <code>.suit</code> (<code>spades</code>, <code>hearts"
            "</code>, …), <code>.color</code>; <code>card is red</code> / <code>black</code> / <code>even"
            "</code> / <code>odd</code> / <code>high</code> / <code>low</code> / <code>face</code>"
        )
    return (
        f'<span class="ref">Rule language: {words}; compare with <code>==</code> <code>!=</code> '
        "<code>&lt;</code> <code>&gt;</code>; join with <code>and</code>, <code>or</code>, <code>not</code>; "
        "choose with <code>if … then … else …</code>. The full cheat sheet is in lesson 5 (designing a "
        "good rule); <code>eleusis-lab rules</code> lists the library's rules as examples.</span>"
    )


def design_html(p: DesignRule, style: Style) -> str:
    size = 61 if p.deck == "letters" else 52
    examples = []
    for ex in p.examples:
        never = ex["never_playable"]
        never_txt = f"{len(never)} cards can never be played" if never else "every card can be played"
        if ex["ideal"]:
            verdict = "a good rule: ideal"
        elif ex["acceptable"]:
            verdict = "acceptable, but not ideal"
        else:
            verdict = "not acceptable"
        examples.append(
            f"<tr><td>{escape(ex['english'])}<br><code>{escape(ex['text'])}</code></td>"
            f"<td>{ex['playable_min']}–{ex['playable_max']} (typically {ex['playable_median']})</td>"
            f"<td>{escape(never_txt)}</td><td>{'yes' if ex['can_dead_end'] else 'no'}</td>"
            f"<td><b>{verdict}</b></td></tr>"
        )
    table = (
        '<table class="grid ex"><tr><th>Rule</th><th>Cards playable<br>on a turn (of '
        f"{size})</th><th>Every card playable some time?</th><th>Can dead-end?</th><th>Verdict</th></tr>"
        + "".join(examples)
        + "</table>"
        if examples
        else ""
    )
    tops = "".join(f"<tr><td>{i}</td><td></td><td></td><td></td></tr>" for i in range(1, 5))
    return f"""<section class="puzzle page" data-number="{p.number}">{_head(p.kind, p.number)}
<p class="task">Invent a secret rule for the dealer to use. A good rule is hard enough to be interesting and
fair enough to be found. Work through the steps.</p>
<div class="guide"><b>What the sources say about good rules</b><ul>
<li>The rule depends only on the cards (and on the players only if you announce it) — Gardner.</li>
<li>Every card of the deck must be playable at some point, and the line must never get stuck — Golden.</li>
<li>Never restrict the choice to fewer than a quarter of the deck — Gardner.</li>
<li>Ideally 12 to 15 of the 52 cards are playable at any moment — Golden. With Gardner's quarter, an
ideal rule leaves {-(-size // 4)} to {round(15 / 52 * size)} of the {size} cards playable.</li>
<li>The dealer scores best when one player finds the rule and the others do not: not too easy, not
too hard.</li></ul></div>
<ol class="steps">
<li><b>Write your rule in words.</b><span class="line"></span><span class="line"></span></li>
<li><b>Write it in the rule language</b> (for example <code>card.color != prev.color</code>).
{_rule_reference(p.deck)}<span class="line"></span></li>
<li><b>Count the playable cards.</b> Pick four different top cards. For each, count how many of the {size}
cards your rule would accept next.
<table class="grid count"><tr><th>#</th><th>Top card(s)</th><th>Cards playable</th>
<th>At least a quarter ({size // 4})?</th></tr>{tops}</table></li>
<li><b>Every card some time?</b> Name the card that is hardest to play under your rule. Is there a top card
on which it is accepted? <span class="line"></span></li>
<li><b>Dead ends?</b> Could the line reach a top card on which nothing is accepted? <span class="box"></span>
no <span class="box"></span> yes — then change the rule.</li>
<li><b>If you have a computer</b> (not needed for steps 1–5): <code>eleusis-lab check "your rule"</code>,
or the rule-check cell of lesson 5, prints the same numbers.</li>
</ol>
<p class="task"><b>Two worked examples</b>, measured by the rule checks:</p>{table}
</section>"""


#: A letter card's record box: the letter written in, the rest circled (no codes to remember).
LETTER_BOX = (
    '<div class="lb"><span class="lw">letter</span></div>'
    '<div class="lc">ink: red · blue · green</div><div class="lc">shape: ○ · □</div>'
    '<div class="lc">outline: red · black</div>'
)


#: Lines for guesses on a record sheet, by paper.
GUESS_LINES = {"A4": 5, "Letter": 4}


def record_html(p: RecordSheet, style: Style) -> str:
    from eleusis_lab.play import find_variant

    v = p.variant
    printed = printed_sheet(v)
    title = printed.title
    leader, players = printed.roles
    described = find_variant(v)
    states_rules = described.capabilities.guess or described.capabilities.prophet
    halves = described.capabilities.halves  # Gardner: every wrong try of the second half is written down
    blocks = []
    letters = described.deck_name == "letters"
    per_row, rows = (6, 4) if letters else (12, 4)
    for r in range(rows):
        nums = "".join(f'<td class="n">{r * per_row + k + 1}</td>' for k in range(per_row))
        box = LETTER_BOX if letters else ""
        cells = "".join(f'<td class="c{" letter" if letters else ""}">{box}</td>' for _ in range(per_row))
        tall = "s" if halves else "s short"
        sides = "".join(f'<td class="{tall}"></td>' for _ in range(per_row))
        wrong = "(not allowed)" if letters else "(wrong)"
        blocks.append(
            f'<table class="rec"><tr><th rowspan="2" class="rl">Mainline</th>{nums}</tr><tr>{cells}</tr>'
            f'<tr><th class="rl">Sideline<br>{wrong}</th>{sides}</tr></table>'
        )
    guesses = ""
    if states_rules:  # a guess (Express) or a prophet's rule (New Eleusis) is written down
        # Letter paper is 17 mm shorter than A4: one guess line fewer keeps the page whole, and the
        # heading and its table never part (a lone guess line on the next page was the result).
        n_guesses = GUESS_LINES.get(style.paper, 5)
        glines = "".join("<tr><td></td><td></td><td></td><td></td></tr>" for _ in range(n_guesses))
        guesses = (
            '<div class="guesses"><h3>Guesses</h3><table class="grid guesses"><tr><th>After card #</th>'
            f"<th>Player</th><th>Guess</th><th>Right?</th></tr>{glines}</table></div>"
        )
    cols = printed.sheet.columns
    head = "".join(f"<th>{c}</th>" for c in cols)
    n_rows = 6 if halves else 8
    body = "".join("<tr>" + "".join("<td></td>" for _ in cols) + "</tr>" for _ in range(n_rows))
    dealer_row = f'<tr class="dealer"><td>{leader}</td><td colspan="{len(cols) - 2}"></td><td></td></tr>'
    ex = p.example
    inputs = "".join(
        f"<li>{escape(k.capitalize())}: {escape(_list(v_))}</li>" for k, v_ in ex["inputs"].items()
    )
    lines = "".join(f"<li>{line}</li>" for line in ex["lines"])
    formula = "".join(f"<p>{f}</p>" for f in printed.sheet.formula)
    return f"""<section class="puzzle page record" data-number="{p.number}">{_head(p.kind, p.number, title)}
<table class="meta"><tr><td>Date: <span class="short"></span></td><td>{leader}: <span class="mid"></span></td>
<td>{players}: <span class="mid"></span></td></tr></table>
<div class="secret"><b>Secret rule</b> ({leader.lower()} only — fold this strip under):
<span class="line"></span>
Hint given (if any): <span class="line"></span></div>
<p class="note">{escape(printed.sheet.record_note)}</p>
{"".join(blocks)}
{guesses}
</section>
<section class="puzzle page record" data-number="{p.number}">
<h2><span class="num">{p.number}</span> Score sheet <small>{escape(title)}</small></h2>
<table class="grid score"><tr>{head}</tr>{body}{dealer_row}</table>
<div class="formula"><h3>How to score</h3>{formula}</div>
<div class="worked"><h3>Worked example</h3><p>{players} {escape(", ".join(ex["names"]))}.</p>
<ul>{inputs}</ul>
<ol class="work">{lines}</ol>
<p class="check">Checked by <code>eleusis_lab.scoring</code>:
{players.lower()} {escape(", ".join(ex["players"]))};
{leader.lower()} {escape(ex["dealer"])}.</p></div>
</section>"""


def _list(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(x) for x in value)
    return str(value)


# -- whole documents -----------------------------------------------------------------------------
def _example_cards(deck: str) -> list[Card]:
    """Start, an accepted card, a rejected card tried on it, the second card from the top, the top card."""
    texts = (
        [
            "B blue circle black",
            "C red square red",
            "A green circle red",
            "D blue square black",
            "E red circle black",
        ]
        if deck == "letters"
        else ["5S", "9H", "3C", "8C", "JD"]
    )
    return [Card.parse(t) for t in texts]


def how_to_read(recipe: Recipe, style: Style) -> str:
    """The "How to read a table" box of page 1: a small table drawn like the puzzles', annotated."""
    start, second, rejected, below_top, top = _example_cards(recipe.deck)
    w, sw = 30, 26

    def col(label: str, card: Card, note: str, side: str = "") -> str:
        return (
            f'<div class="hcol"><div class="pos">{label}</div>{style.card_inked(card, w)}'
            f'<div class="hn">{note}</div>{side}</div>'
        )

    hang = f'<div class="side">{style.card_inked(rejected, sw)}<div class="hn">rejected</div></div>'
    picture = (
        col("start", start, "start card")
        + col("2", second, "accepted", hang)
        + col("3", below_top, "second card<br>from the top")
        + col("4", top, "<b>top card</b>")
    )
    return f"""<div class="howto"><h3>How to read a table</h3><div class="hpic">{picture}</div>
<ul><li>The <b>start card</b> was turned up by the dealer. Every later card was judged by the secret
rule.</li>
<li>An <b>accepted</b> card extends the mainline to the right. The last one is the <b>top card</b>
({style.name(top)}): the next card is played on it. The card before it ({style.name(below_top)}) is the
<b>second card from the top</b>.</li>
<li>A <b>rejected</b> card hangs below the mainline, under the card it tried to follow:
{style.name(rejected)} was tried on {style.name(second)} and refused.</li>
<li>While only one card is down, a rule about the two top cards accepts any card: there is no second
card to compare with.</li>
{_deck_facts(recipe.deck)}</ul></div>"""


def _deck_facts(deck: str) -> str:
    """What the cards are worth and how to read them: the convention every rule on the sheet uses."""
    if deck == "letters":
        return (
            "<li><b>The cards</b>: a letter A to E (in that order: A first, E last) in <b>red</b>, "
            "<b>blue</b> or <b>green</b> ink, written under each card and in its corner (R, B, G); a "
            "<b>circle</b> or a <b>square</b>; an outline that is red (drawn <b>dashed</b>) or black "
            "(<b>solid</b>). One more card, the <b>blank</b>, has no letter, ink, shape or outline: a "
            "rule that asks the blank about them counts as met, so the blank fits any rule that does not "
            "name it, and a card played on the blank fits any comparison with the top card.</li>"
        )
    return (
        "<li><b>Card values</b>: <b>A = 1</b>, 2 to 10 as printed, <b>J = 11, Q = 12, K = 13</b> (an ace is "
        "low, and K is not followed by A unless a rule says so). <b>High</b> cards are 8 to K, <b>low</b> "
        "cards A to 7; <b>face</b> cards are J, Q, K. Hearts and diamonds are red, spades and clubs "
        "black.</li>"
    )


def worked_html(deck: str, style: Style) -> str:
    """A small table solved step by step (:mod:`eleusis_lab.worksheets.worked`), before the first puzzle."""
    from eleusis_lab.worksheets.worked import worked_example

    ex = worked_example(deck)
    layout, top = ex.layout, ex.layout.mainline[-1]
    n_yes = len(layout.mainline) - 1
    n_no = sum(len(s) for s in layout.sidelines)
    steps = [
        f"<li><b>Evidence.</b> {n_yes} cards were accepted and {n_no} refused. Each verdict is evidence "
        "about the secret rule: whatever the rule is, it must give every one of these cards its verdict.</li>"
    ]
    for h in ex.hypotheses:
        said = f"<b>Hypothesis:</b> “{escape(h.english)}”"
        play = h.falsified_by
        if play is not None:
            verdict = "accepted" if play.accepted else "refused"
            would = "refuse" if play.accepted else "accept"
            steps.append(
                f"<li>{said} The evidence <b>falsifies</b> it: {style.name(play.card)} "
                f"({escape(layout.where(play))}) was {verdict}, but this hypothesis would {would} it. "
                "Cross it out: one card is enough.</li>"
            )
        else:
            steps.append(
                f"<li>{said} Check it against every card: {escape(ex.fits_because)} It fits all the "
                "evidence, so keep it. That does not prove it: evidence can only falsify.</li>"
            )
    other = "accepts" if not ex.splitter_secret else "refuses"
    mine = "accepts" if ex.splitter_secret else "refuses"
    steps.append(
        f"<li><b>A second rule that also fits:</b> <code>{escape(ex.second_rule)}</code> gives every card "
        f"on this table its verdict too. The table cannot tell the two apart yet: "
        f"{style.name(ex.splitter)} played on {style.name(top)} would, since the kept hypothesis {mine} it "
        f"and the second rule {other} it.</li>"
    )
    steps.append(
        f"<li><b>What next?</b> Judging from the table with the kept hypothesis, on {style.name(top)} the "
        f"rule would accept {style.name(ex.next_yes)} and refuse {style.name(ex.next_no)}.</li>"
    )
    return (
        '<section class="worked-example"><h3>Worked example: finding a rule step by step</h3>'
        f"{layout_html(layout, style, scale=0.8)}<ol>{''.join(steps)}</ol></section>"
    )


def greyscale_legend(recipe: Recipe, style: Style) -> str:
    """How a black-and-white print tells the colours apart (greyscale sheets and keys only)."""
    if recipe.deck == "letters":
        cards = [Card.parse(t) for t in ("A red circle black", "A blue circle black", "A green circle black",
                                         "A blue square red")]  # fmt: skip
        words = (
            "Ink is shown by the letter’s fill: <b>hollow</b> = red ink, <b>solid black</b> = blue ink, "
            "<b>grey</b> = green ink (the corner letter R, B or G names it too). A <b>dashed</b> outline is "
            "red, a <b>solid</b> outline black."
        )
    else:
        cards = [Card.parse(t) for t in ("5H", "5D", "5S", "5C")]
        words = (
            "Red suits print <b>hollow</b> (♡ hearts, ♢ diamonds), "
            "black suits <b>solid</b> (♠ spades, ♣ clubs)."
        )
    pics = "".join(style.card(c, 24) for c in cards)
    return (
        f'<div class="legend"><b>Printed in black and white.</b> <span class="lp">{pics}</span> {words}</div>'
    )


def own_rule_box(height_mm: float) -> str:
    """A "your own rule" box that fills the space left on the last page."""
    boxes = "".join('<span class="ob"></span>' for _ in range(8))
    return (
        f'<section class="own" style="height: {height_mm:.0f}mm"><h2>Your own rule</h2>'
        "<p>Invent a secret rule, play a table of it here for a partner (accepted cards to the right, "
        "rejected cards below the card they tried to follow), and let them find it.</p>"
        '<p class="write">My rule: <span class="line"></span></p>'
        f'<div class="obs">{boxes}</div>'
        '<p class="write">My partner’s guess: <span class="line"></span></p></section>'
    )


def document(recipe: Recipe, puzzles: list[Puzzle], *, key: bool, own_rule_mm: float | None = None) -> str:
    """A complete HTML page: the worksheet (``key=False``) or its answer key.

    ``own_rule_mm`` adds a "your own rule" box of that height at the end (the build measures the space
    the last page has left).
    """
    style = Style(recipe.greyscale, recipe.paper)
    title = recipe.title + (" — answer key" if key else "")
    has_tables = any(not isinstance(p, (RecordSheet, DesignRule)) for p in puzzles)
    legend = greyscale_legend(recipe, style) if recipe.greyscale and has_tables else ""
    if key:
        body = "".join(key_html(p, style) for p in puzzles if not isinstance(p, RecordSheet))
        top = (
            f'<header class="top"><h1>{escape(title)}</h1><p class="intro">For the teacher. Every answer '
            f"below was checked by the Eleusis Lab engine on the exact table shown. Cards that rule out a "
            f"candidate are framed {'with a dotted border' if recipe.greyscale else 'in amber'} and "
            f"labelled with its letter. Difficulty is measured: how many of the simulated players solved "
            f"each puzzle from the table shown.</p>{legend}</header>"
        )
    else:
        body = "".join(puzzle_html(p, style) for p in puzzles)
        if own_rule_mm:
            body += own_rule_box(own_rule_mm)
        intro = f'<p class="intro">{escape(recipe.intro)}</p>' if recipe.intro else ""
        name_line = (
            ""
            if all(isinstance(p, RecordSheet) for p in puzzles)
            else '<table class="meta"><tr><td>Name: <span class="mid"></span></td><td>Class: '
            '<span class="short"></span></td><td>Date: <span class="short"></span></td></tr></table>'
        )
        howto = how_to_read(recipe, style) + worked_html(recipe.deck, style) if has_tables else ""
        top = f'<header class="top"><h1>{escape(title)}</h1>{name_line}{intro}{howto}{legend}</header>'
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{css(recipe, key=key, puzzles=puzzles)}</style></head>"
        f"<body>{top}{body}</body></html>"
    )


def _css_string(text: str) -> str:
    """A CSS string literal (quotes and backslashes escaped, no markup can close the style)."""
    body = "".join(c if c.isalnum() or c in " .,:;!?'()-–—·&" else f"\\{ord(c):x} " for c in text)
    return f'"{body}"'


def css(recipe: Recipe, *, key: bool, puzzles: list[Puzzle] | None = None) -> str:
    paper = "A4" if recipe.paper == "A4" else "letter"
    running = _css_string(recipe.title + (" · answer key" if key else ""))
    # Every page of a student's sheet carries a name line (pages get separated); page 1 has the form.
    named = not key and not all(isinstance(p, RecordSheet) for p in puzzles or [])
    top_right = '"Name: ______________________"' if named else '"Eleusis Lab"'
    # A puzzle, on the sheet or in the key, is never split: a teacher marks it on one page.
    puzzle_break = "avoid"
    accent = "#333" if recipe.greyscale else "#1e3a8a"
    red = "#111" if recipe.greyscale else "#c8102e"
    return f"""
@page {{ size: {paper}; margin: 15mm 14mm 14mm 14mm;
  @top-left {{ content: {running}; font: 8pt 'DejaVu Sans', sans-serif; color: #555; }}
  @top-right {{ content: {top_right}; font: 8pt 'DejaVu Sans', sans-serif; color: #555; }}
  @bottom-center {{ content: "Page " counter(page) " of " counter(pages);
                    font: 8pt 'DejaVu Sans', sans-serif; color: #555; }} }}
@page :first {{ @top-right {{ content: "Eleusis Lab"; font: 8pt 'DejaVu Sans', sans-serif; color: #555; }} }}
html {{ font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 9.5pt; color: #111; }}
body {{ margin: 0; line-height: 1.35; }}
h1 {{ font-size: 17pt; margin: 0 0 2mm; color: {accent}; }}
h2 {{ font-size: 11.5pt; margin: 0 0 1.5mm; color: {accent}; }}
h2 small {{ font-weight: normal; color: #666; font-size: 9pt; margin-left: 2mm; }}
h2 .num {{ display: inline-block; min-width: 6mm; padding: 0.3mm 1.2mm; margin-right: 1.5mm;
          border-radius: 1.2mm; background: {accent}; color: #fff; text-align: center; }}
h3 {{ font-size: 10pt; margin: 3mm 0 1mm; color: {accent}; }}
header.top {{ margin-bottom: 4mm; }}
.intro {{ margin: 1.5mm 0 0; color: #333; }}
table.meta {{ width: 100%; border-collapse: collapse; margin: 1mm 0 2mm; }}
table.meta td {{ padding: 1mm 0; white-space: nowrap; }}
span.short, span.mid, span.line {{ display: inline-block; border-bottom: 0.6pt solid #444; height: 4mm; }}
span.short {{ width: 20mm; }} span.mid {{ width: 45mm; }}
span.line {{ display: block; width: 100%; height: 6mm; }}
section.puzzle {{ break-inside: {puzzle_break}; page-break-inside: {puzzle_break};
  border: 0.6pt solid #9aa3b2;
  border-radius: 2.5mm; padding: 2.5mm 4mm 2mm; margin: 0 0 4mm; }}
section.page {{ break-before: page; border: none; padding: 0; }}
header.top + section.page {{ break-before: auto; }}
p.task {{ margin: 0 0 2mm; }}
p.caption {{ margin: 1mm 0 2mm; font-size: 7.5pt; color: #555; }}
.layout {{ line-height: 0; }}
.col {{ display: inline-block; vertical-align: top; width: {CARD_W + 6}px; text-align: center;
        line-height: 1; margin: 0 0 1.5mm; }}
.col .pos {{ font-size: 7pt; color: #666; height: 3.2mm; line-height: 3.2mm; }}
.col .side {{ margin-top: 1.2mm; padding-top: 0.8mm; border-top: 0.6pt dashed #999; }}
.col .sc {{ margin-bottom: 0.6mm; }}
.col .mark {{ font-size: 7pt; font-weight: bold; color: {"#111" if recipe.greyscale else "#b45309"};
              line-height: 1.2; margin-bottom: 0.6mm; }}
img.card {{ vertical-align: top; }}
ol.options, ol.hyps, ol.key {{ list-style: none; padding: 0; margin: 1mm 0 0; }}
ol.options li {{ margin: 0 0 1.2mm; }}
table.hyps {{ width: 100%; border-collapse: collapse; margin-top: 1mm; }}
table.hyps td {{ padding: 0.5mm 0; vertical-align: bottom; border-bottom: 0.4pt dotted #bbb;
              line-height: 1.25; }}
table.hyps td.r {{ width: 36mm; text-align: right; color: #555; font-size: 8pt; white-space: nowrap; }}
ol.key li {{ margin: 0 0 1.4mm; }}
li.wrong s {{ color: #555; }}
span.box {{ display: inline-block; width: 3.2mm; height: 3.2mm; border: 0.8pt solid #333;
            border-radius: 0.6mm; vertical-align: -0.5mm; margin: 0 1.8mm 0 0; }}
p.write {{ margin: 2mm 0 0; }}
.choices {{ margin: 1mm 0 1mm; }}
.choice {{ display: inline-block; text-align: center; width: {CHOICE_W + 24}px; vertical-align: top; }}
.choice .cl {{ font-weight: bold; margin: 0.8mm 0 0.5mm; }}
.choice span.box {{ margin: 0; }}
p.answer {{ margin: 0 0 2mm; font-size: 10.5pt; }}
p.why, p.idea {{ margin: 0 0 1.5mm; }}
code {{ font-family: 'DejaVu Sans Mono', monospace; font-size: 7.5pt; color: #374151; }}
.cn {{ font-weight: bold; white-space: nowrap; }}
.cn.red {{ color: {red}; }}
.guide {{ border-left: 1.2mm solid {accent}; background: #f3f4f6; padding: 2mm 3mm; margin: 0 0 3mm; }}
.guide ul {{ margin: 1mm 0 0; padding-left: 5mm; }}
ol.steps li {{ margin-bottom: 2.5mm; }}
table.grid {{ border-collapse: collapse; width: 100%; margin: 1.5mm 0; }}
table.grid th, table.grid td {{ border: 0.6pt solid #555; padding: 1mm 1.5mm; text-align: left;
                                vertical-align: top; }}
table.grid th {{ background: #e5e7eb; font-size: 8pt; }}
table.count td {{ height: 7mm; }}
table.ex td {{ font-size: 8.5pt; }}
table.rec {{ border-collapse: collapse; width: 100%; margin: 0 0 3mm; table-layout: fixed; }}
table.rec td, table.rec th {{ border: 0.6pt solid #555; }}
table.rec th.rl {{ width: 14mm; font-size: 7pt; background: #e5e7eb; font-weight: normal; }}
table.rec td.n {{ font-size: 6.5pt; color: #666; height: 3mm; padding: 0 0.8mm; border-bottom: none; }}
table.rec td.c {{ height: 11mm; border-top: none; }}
table.rec td.c.letter {{ height: 19mm; vertical-align: top; padding: 0.5mm 1mm; font-size: 6.5pt; color: #444;
                        line-height: 1.45; }}
table.rec td.c.letter .lb {{ height: 7mm; border-bottom: 0.4pt dotted #999; margin-bottom: 0.6mm; }}
table.rec td.c.letter .lw {{ font-size: 6pt; color: #777; }}
table.rec td.s {{ height: 24mm; background: #fafafa; }}
table.rec td.s.short {{ height: 18mm; }}
table.score td {{ height: 8mm; }}
table.score tr.dealer td {{ background: #f3f4f6; font-weight: bold; }}
table.guesses td {{ height: 6.5mm; }}
div.guesses {{ break-inside: avoid; }}
.secret {{ border: 0.8pt dashed #555; padding: 2mm 3mm; margin: 0 0 2mm; }}
p.note {{ font-size: 8.5pt; color: #333; margin: 0 0 2mm; }}
.formula p {{ margin: 0 0 1.5mm; }}
.worked {{ border: 0.6pt solid #9aa3b2; border-radius: 2mm; padding: 1mm 3mm 2mm; margin-top: 3mm; }}
.worked ul, .worked ol {{ margin: 0.5mm 0; }}
p.check {{ font-size: 8pt; color: #555; margin: 1mm 0 0; }}
section.puzzle h2, p.answer {{ break-after: avoid; }}
.layout, ol.key li, .choices, p.why, p.idea {{ break-inside: avoid; }}
.howto {{ border: 0.6pt solid #9aa3b2; border-radius: 2.5mm; padding: 1.5mm 4mm 1mm; margin: 2mm 0 0;
          background: #f8fafc; font-size: 8.5pt; }}
.howto h3 {{ margin: 0 0 1mm; }}
.howto .hpic {{ float: left; margin: 0 5mm 1mm 0; line-height: 1; }}
.howto ul {{ margin: 0; padding-left: 4mm; overflow: hidden; }}
.howto li {{ margin: 0 0 0.6mm; }}
.hcol {{ display: inline-block; vertical-align: top; width: 19mm; text-align: center; }}
.hcol .pos {{ font-size: 7pt; color: #666; height: 3.2mm; }}
.ink {{ font-size: 6pt; line-height: 1.1; color: #333; }}
.worked-example {{ border: 0.6pt solid #9aa3b2; border-radius: 2.5mm; padding: 1.5mm 4mm 1mm;
                   margin: 2mm 0 0; font-size: 8.5pt; break-inside: avoid; }}
.worked-example h3 {{ margin: 0 0 1mm; }}
.worked-example ol {{ margin: 1mm 0 0; padding-left: 5mm; }}
.worked-example li {{ margin: 0 0 0.6mm; }}
.ref {{ display: block; font-size: 8pt; color: #333; margin: 0.5mm 0 0; }}
.hcol .hn {{ font-size: 6.5pt; line-height: 1.15; color: #333; margin-top: 0.5mm; }}
.hcol .side {{ margin-top: 1mm; padding-top: 0.6mm; border-top: 0.6pt dashed #999; }}
.legend {{ border: 0.6pt dashed #555; padding: 1mm 3mm; margin: 2mm 0 0; font-size: 8pt; }}
.legend .lp img {{ vertical-align: middle; margin-right: 1mm; }}
section.own {{ border: 0.6pt dashed #9aa3b2; border-radius: 2.5mm; padding: 2.5mm 4mm 2mm; margin: 0;
               break-inside: avoid; box-sizing: border-box; }}
section.own h2 {{ margin-bottom: 1mm; }}
section.own p {{ margin: 0 0 1.5mm; }}
.obs {{ margin: 2mm 0 3mm; }}
.obs .ob {{ display: inline-block; width: 14mm; height: 19mm; border: 0.6pt solid #999;
            border-radius: 1.5mm; margin: 0 2mm 0 0; }}
@media screen {{ body {{ max-width: 182mm; margin: 8mm auto; }} }}
"""
