"""Issue 29 #7-8: the whole evidence on one screen, at 1280×720 and 1024×768, on the page
`eleusis-lab class` serves.

Through a Gardner round of 30 plays (a pile of wrong cards at the start, then right and wrong mixed) and
after the reveal, and with an Express hand of 12 and more cards and a wrong guess, the test measures with
``getBoundingClientRect`` inside the page, at both sizes, and asserts:

- the page does not scroll: the status, the table, the verdict, the hand and the action row are inside
  the screen, and no box inside the table scrolls (older cards are never hidden);
- every table card shows its corner (the point there hits that card: nothing covers it, nothing clips it)
  and its rank inside the card, no owner's name over it; the mainline's ranks (a 10 among them: the test
  plays one there) and the wrong cards' ranks are at least 16 px at 1280×720, the wrong cards' owner names
  at least 14 px;
- every card of the hand is drawn whole inside the screen and is the button under its centre;
- the narrowing plot is one click away ("Narrowing") and the table one click back ("Evidence");
- the next student's hand comes greyed out, their name lit above it, for the settle time (issue 29 #2).

The numbers (page height, action row's bottom, rank sizes) are printed for the issue's before/after
note; screenshots go to ``out/browser/layout-*.png``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .harness import (
    HAND_IS_CURRENT,
    HAND_SETTLE_MS,
    SETTLE,
    SIGNATURE,
    artifacts_dir,
    class_deal,
    class_guess,
    hand_settled,
)
from .test_projector import (
    EXPRESS_RULE,
    GARDNER_RULE,
    PLAYERS,
    PROJECTOR,
    SMALL,
    _text,
    _turn,
    class_command,
)

pytestmark = pytest.mark.browser

__all__ = ["class_command"]  # the module's server fixture, shared with the projector test's module

SIZES = (PROJECTOR, SMALL)
MIN_RANK_PX = 16.0  # table ranks at 1280×720, read from the back of a classroom
MIN_SIDELINE_RANK_PX = 16.0  # the wrong cards' ranks too (the cards are smaller, their ranks are not)
MIN_OWNER_PX = 14.0  # the names on the wrong cards

# Everything the class reads, measured in one go (a redraw cannot interleave): the page's scrolling
# height, each part's box, the table cards' corners and rank sizes, the hand's cards.
_MEASURE = """(b) => {
  const vw = innerWidth, vh = innerHeight;
  let pageHeight = document.scrollingElement.scrollHeight;
  for (let el = b; el; el = el.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(el).overflowY)) {
      pageHeight = Math.max(pageHeight, el.scrollHeight);
    }
  }
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left),
            right: Math.round(r.right), shown: r.width > 0 && r.height > 0}; };
  const inside = (r) => !!r && r.shown && r.top >= -1 && r.left >= -1 &&
    r.bottom <= vh + 1 && r.right <= vw + 1;
  // A card's corner (rank and suit) is seen when the point there hits the card itself.
  const corner = (svg) => {
    const r = svg.getBoundingClientRect();
    const x = r.left + 0.16 * r.width, y = r.top + 0.14 * r.height;
    const hit = document.elementFromPoint(x, y);
    const rank = svg.querySelector('text');
    const scale = r.width / svg.viewBox.baseVal.width;
    // The rank's drawn box (a condensed 10 included) stays on its card.
    const g = rank ? rank.getBoundingClientRect() : null;
    return {card: svg.dataset.card,
            seen: !!hit && svg.contains(hit) && y >= 0 && y <= vh && x >= 0 && x <= vw,
            px: rank ? parseFloat(rank.getAttribute('font-size')) * scale : null,
            rankOnCard: !g || (g.left >= r.left - 0.5 && g.right <= r.right + 0.5 && g.top >= r.top - 0.5)};
  };
  const table = b.querySelector('.eleusis-table');
  const mainline = Array.from(b.querySelectorAll('.eleusis-table .eleusis-mainline-card svg')).map(corner);
  const sideline = Array.from(b.querySelectorAll('.eleusis-table .eleusis-sideline-play svg')).map(corner);
  // An owner's name sits on the card's top right, never over its rank (the larger index of a wrong card).
  const owners = Array.from(b.querySelectorAll('.eleusis-table .eleusis-sideline-player')).map(el => {
    const n = el.getBoundingClientRect();
    const rank = el.parentElement.querySelector('svg text').getBoundingClientRect();
    return {name: el.innerText, px: parseFloat(getComputedStyle(el).fontSize), box: box(el),
            overRank: n.left < rank.right - 0.5 && n.right > rank.left + 0.5 &&
                      n.top < rank.bottom - 0.5 && n.bottom > rank.top + 0.5};
  });
  const scrollers = table ? [table, ...table.querySelectorAll('*')].filter(el =>
    el.scrollHeight > el.clientHeight + 2 &&
    /auto|scroll|hidden/.test(getComputedStyle(el).overflowY)).length : 0;
  const hand = Array.from(b.querySelectorAll('.eleusis-hand-slot')).filter(s => s.offsetParent !== null)
    .map(slot => {
      const button = slot.querySelector('.eleusis-hand-card');
      const picture = slot.querySelector('svg');
      const r = picture.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {card: picture.dataset.card, inside: inside(box(slot)),
              hitsItself: !!hit && hit.closest('.eleusis-hand-card') === button};
    });
  const actions = b.querySelector('.eleusis-actions');
  const buttons = actions ? Array.from(actions.querySelectorAll('button')).map(el => ({
    text: el.innerText.trim(), box: box(el)})) : [];
  return {size: vw + 'x' + vh, pageHeight, scrollers,
          status: box(b.querySelector('.eleusis-status')), table: box(table),
          verdict: box(b.querySelector('.eleusis-verdict')),
          handBox: box(b.querySelector('.eleusis-hand-view')),
          actions: box(actions), buttons, mainline, sideline, owners, hand,
          plot: box(b.querySelector('.eleusis-narrowing-svg')),
          plotFrame: box(b.querySelector('.eleusis-narrowing-plot')),
          revealed: box(b.querySelector('.eleusis-revealed')),
          plotShown: !!b.querySelector('.eleusis-narrowing-svg') &&
            b.querySelector('.eleusis-narrowing-svg').getBoundingClientRect().width > 0};
}"""

_TOP = """() => {
  document.querySelectorAll('*').forEach(el => { if (el.scrollTop) el.scrollTop = 0; });
  (document.scrollingElement || document.documentElement).scrollTop = 0;
}"""

# The top mainline card and the hand's cards, to choose a right or a wrong card for Gardner's rule.
_CARDS = """(b) => {
  const line = Array.from(b.querySelectorAll('.eleusis-table .eleusis-mainline-card svg'));
  const hand = Array.from(b.querySelectorAll('.eleusis-hand-slot')).filter(s =>
    s.querySelector('.eleusis-hand-card:not([disabled])')).map(s => s.querySelector('svg').dataset.card);
  return {top: line.length ? line[line.length - 1].dataset.card : null, hand};
}"""

# Click a hand card's picture (the mouse, at its centre) by the card's name.
_PICTURE_OF = """([b, name]) => {
  const slot = Array.from(b.querySelectorAll('.eleusis-hand-slot'))
    .find(s => s.querySelector('svg').dataset.card === name);
  const r = slot.querySelector('svg').getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""


def _rank(name: str) -> int:
    letters = {"A": 1, "J": 11, "Q": 12, "K": 13}
    face = name[:-1]
    return letters.get(face) or int(face)


def _gardner_right(top: str, card: str) -> bool:
    """GARDNER_RULE: after an even card an odd one, after an odd card an even one."""
    return _rank(top) % 2 != _rank(card) % 2


def _express_right(top: str, card: str) -> bool:
    """EXPRESS_RULE: the colours alternate."""
    return (top[-1] in "♥♦") != (card[-1] in "♥♦")


# The next hand as it is first drawn: whose it is (the title's name) and how the hand and the name look
# then (read in the frame the new name appears in).
_NEW_HAND = """([b, before]) => {
  const hand = b.querySelector('.eleusis-hand-view');
  const title = hand && hand.querySelector('.eleusis-hand-title b');
  if (!title || title.innerText === before) return null;
  const cards = hand.querySelector('.eleusis-hand');
  return {owner: title.innerText, opacity: parseFloat(getComputedStyle(cards).opacity),
          nameBackground: getComputedStyle(title).backgroundColor};
}"""
_HAND_LOOK = """(b) => {
  const hand = b.querySelector('.eleusis-hand-view');
  return {owner: hand.querySelector('.eleusis-hand-title b').innerText,
          opacity: parseFloat(getComputedStyle(hand.querySelector('.eleusis-hand')).opacity),
          nameBackground: getComputedStyle(hand.querySelector('.eleusis-hand-title b')).backgroundColor};
}"""


def _play(
    page: Any, board: Any, want_right: bool | None, rule: Any = _gardner_right, *, watch: bool = False
) -> dict[str, Any] | None:
    """The current student clicks a card of their hand: a right one, a wrong one (by ``rule``), or the
    first; waits until the board has drawn the verdict.  ``watch``: how the next hand looked when it
    appeared and once settled."""
    page.wait_for_function(HAND_IS_CURRENT, arg=board, timeout=30_000)
    board.evaluate(SETTLE)
    hand_settled(board)
    cards = page.evaluate(_CARDS, board)
    chosen = cards["hand"][0]
    if want_right is not None and cards["top"] is not None:
        fitting = [c for c in cards["hand"] if rule(cards["top"], c) == want_right]
        # A 10 when one fits, so a 10 reaches the mainline and its (condensed) rank is measured there.
        fitting.sort(key=lambda c: not c.startswith("10"))
        chosen = fitting[0] if fitting else chosen
    before = board.evaluate(SIGNATURE)
    owner = board.evaluate(_HAND_LOOK)["owner"]
    x, y = page.evaluate(_PICTURE_OF, [board, chosen])
    page.mouse.click(x, y)
    appeared = None
    if watch:
        found = page.wait_for_function(_NEW_HAND, arg=[board, owner], timeout=30_000, polling="raf")
        appeared = dict(found.json_value())
    page.wait_for_function(f"([b, s]) => ({SIGNATURE})(b) !== s", arg=[board, before], timeout=30_000)
    board.evaluate(SETTLE)
    if not watch:
        return None
    hand_settled(board)
    return {"appeared": appeared, "settled": board.evaluate(_HAND_LOOK)}


def _measure(
    page: Any,
    board: Any,
    moment: str,
    size: dict[str, int],
    shots: list[Path],
    *,
    table_in_view: bool = False,
) -> dict[str, Any]:
    """Everything measured at ``size``, the page scrolled to its top (or, ``table_in_view``, scrolled
    just so far that the whole table is in view)."""
    page.set_viewport_size(size)
    page.wait_for_timeout(250)
    page.evaluate(_TOP)
    if table_in_view:
        board.query_selector(".eleusis-table").evaluate("(t) => t.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(50)
    found = dict(page.evaluate(_MEASURE, board))
    path = artifacts_dir() / f"layout-{moment}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(path))
    shots.append(path)
    found["moment"] = moment
    return found


def _summary(m: dict[str, Any]) -> str:
    ranks = [c["px"] for c in m["mainline"] if c["px"]]
    side = [c["px"] for c in m["sideline"] if c["px"]]
    tens = [c["px"] for c in m["mainline"] + m["sideline"] if c["px"] and c["card"].startswith("10")]
    owners = [o["px"] for o in m["owners"]]
    return (
        f"{m['moment']:>16} {m['size']:>8}: page {m['pageHeight']} px, actions bottom "
        f"{m['actions']['bottom'] if m['actions'] else None}, mainline {len(m['mainline'])} "
        f"(rank {min(ranks, default=0):.1f} px), sideline {len(m['sideline'])} "
        f"(rank {min(side, default=0):.1f} px, names {min(owners, default=0):.0f} px), "
        f"10s {len(tens)} (rank {min(tens, default=0):.1f} px), "
        f"hand {len(m['hand'])}, inner scroll boxes {m['scrollers']}"
    )


def _problems(
    m: dict[str, Any],
    *,
    hand: bool = True,
    ranks: bool = True,
    parts: tuple[str, ...] = ("status", "table", "verdict", "actions"),
) -> list[str]:
    """What keeps the evidence off one screen, in words (empty when all of it fits)."""
    width, height = (int(x) for x in m["size"].split("x"))
    said = []
    if m["scrollers"]:
        said.append(f"{m['scrollers']} box(es) inside the table scroll")
    for part in (*parts, *(["handBox"] if hand else [])):
        r = m[part]
        if r is None or not r["shown"] or r["bottom"] > height + 1 or r["top"] < -1:
            said.append(f"{part} is not inside the screen: {r}")
    for b in m["buttons"] if "actions" in parts else []:
        if b["box"]["bottom"] > height + 1 or b["box"]["right"] > width + 1:
            said.append(f"the button {b['text']!r} is off the screen: {b['box']}")
    hidden = [c["card"] for c in m["mainline"] + m["sideline"] if not c["seen"] and "table" in parts]
    if hidden:
        said.append(f"table cards not seen: {hidden}")
    spilt = [c["card"] for c in m["mainline"] + m["sideline"] if not c["rankOnCard"]]
    if spilt:
        said.append(f"ranks drawn past their card's edge: {spilt}")
    if hand:
        cut = [c["card"] for c in m["hand"] if not (c["inside"] and c["hitsItself"])]
        if cut or not m["hand"]:
            said.append(f"hand cards not shown whole: {cut} of {len(m['hand'])}")
    if ranks and m["size"] == "1280x720" and m["moment"].startswith("gardner"):
        small = [c for c in m["mainline"] if c["px"] is not None and c["px"] < MIN_RANK_PX - 0.05]
        if small:
            said.append(f"mainline ranks below {MIN_RANK_PX} px: {small[:3]}")
        side = [c for c in m["sideline"] if c["px"] is not None and c["px"] < MIN_SIDELINE_RANK_PX - 0.05]
        if side:
            said.append(f"wrong cards' ranks below {MIN_SIDELINE_RANK_PX} px: {side[:3]}")
    covering = [o["name"] for o in m["owners"] if o["overRank"]]
    if covering:
        said.append(f"owner names drawn over their card's rank: {covering}")
    tiny = [o for o in m["owners"] if o["px"] < MIN_OWNER_PX]
    if tiny:
        said.append(f"owner names below {MIN_OWNER_PX} px: {tiny[:3]}")
    return said


def test_the_whole_evidence_fits_one_screen_at_1280x720_and_1024x768(
    browser: Any, class_command: str
) -> None:
    page = browser.new_page(viewport=PROJECTOR)
    shots: list[Path] = []
    measured: list[dict[str, Any]] = []
    problems: list[str] = []

    def check(moment: str, *, table_in_view: bool = False, **what: Any) -> None:
        for size in SIZES:
            m = _measure(page, board, moment, size, shots, table_in_view=table_in_view)
            measured.append(m)
            problems.extend(f"{moment} at {m['size']}: {p}" for p in _problems(m, **what))
        page.set_viewport_size(PROJECTOR)

    try:
        page.goto(class_command, wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_selector(".eleusis-class-board .eleusis-deal", state="attached", timeout=120_000)
        board = page.query_selector(".eleusis-class-board")

        # ---------------------------------------------- Express: a hand of 12, then more, a wrong guess
        class_deal(page, board, "Eleusis Express", EXPRESS_RULE, "3", PLAYERS)
        check("express-dealt")
        for right in (False, False, True):  # two wrong cards (a hand of 13), then a right one: a guess
            _play(page, board, right, _express_right)
        check("express-3-plays")
        class_guess(page, board, "card is red", "WRONG")
        board.evaluate(SETTLE)
        check("express-wrong-guess")
        board.query_selector(".eleusis-back-to-setup").click()
        board.wait_for_selector(".eleusis-confirm-abandon", state="visible")
        page.wait_for_timeout(HAND_SETTLE_MS)  # Yes waits the settle time: the teacher reads the question
        board.query_selector(".eleusis-confirm-abandon").click()
        page.wait_for_function("(b) => b.querySelector('.eleusis-deal').offsetParent !== null", arg=board)

        # -------------------------------------- Gardner: 30 plays, six wrong ones first, then a mix
        class_deal(page, board, "Gardner's Eleusis (1959)", GARDNER_RULE, "2", PLAYERS)
        pattern = [False] * 6 + [True, False, True, True, False, False, True, False] * 3
        for n, right in enumerate(pattern[:30], start=1):
            looks = _play(page, board, right, watch=n == 8)
            if n == 7:
                check("gardner-7-plays")
            if looks is not None:
                # The next student's hand comes greyed, their name lit, for the settle time; then live.
                print(f"\nthe next hand: {looks}")
                appeared, settled = looks["appeared"], looks["settled"]
                if appeared["owner"] != f"{_turn(board)}'s hand":
                    problems.append(f"the new hand is not the next student's: {looks}")
                if not (appeared["opacity"] < 0.6 and settled["opacity"] == 1):
                    problems.append(f"the new hand is not greyed for the settle time: {looks}")
                if appeared["nameBackground"] == settled["nameBackground"]:
                    problems.append(f"the next student's name is not lit: {looks}")
        check("gardner-30-plays")
        for m in measured[-2:]:
            if not any(c["card"].startswith("10") for c in m["mainline"]):
                problems.append(f"no 10 on the mainline to measure at {m['size']}: {m['mainline']}")

        # The narrowing plot is one click away, and the table one click back.
        narrowing = page.get_by_role("button", name="Narrowing", exact=True)
        if narrowing.count() == 0:
            problems.append("no 'Narrowing' button: the plot is not reachable without losing the table")
        else:
            narrowing.click()
            page.wait_for_function(
                "(b) => { const s = b.querySelector('.eleusis-narrowing-svg');"
                " return !!s && s.getBoundingClientRect().width > 0; }",
                arg=board,
                timeout=30_000,
            )
            plot = _measure(page, board, "narrowing", PROJECTOR, shots)
            drawn, frame = plot["plot"], plot["plotFrame"]
            assert plot["plotShown"] and drawn["bottom"] <= PROJECTOR["height"], (drawn, frame)
            assert drawn["right"] <= frame["right"] + 1 and drawn["bottom"] <= frame["bottom"] + 1, (
                f"the plot is cut off: {drawn}, its frame {frame}"
            )
            page.get_by_role("button", name="Evidence", exact=True).click()
            page.wait_for_function(
                "(b) => b.querySelector('.eleusis-table').getBoundingClientRect().height > 0", arg=board
            )

        # The reveal (Gardner's scores on the board).
        board.query_selector(".eleusis-reveal").click()
        board.wait_for_selector(".eleusis-reveal-confirm", state="visible")
        page.wait_for_timeout(800)  # the question's settle time
        board.query_selector(".eleusis-reveal-confirm").click()
        page.wait_for_selector(".eleusis-revealed", state="visible", timeout=30_000)
        board.evaluate(SETTLE)
        assert GARDNER_RULE in _text(board, ".eleusis-revealed")
        # The banner, the verdict and the buttons on the first screen; the table, whole, one scroll down.
        check("gardner-revealed", hand=False, ranks=False, parts=("status", "verdict", "actions"))
        for m in measured[-2:]:
            if m["revealed"] is None or not 0 <= m["revealed"]["top"] < int(m["size"].split("x")[1]) / 2:
                problems.append(f"the reveal banner is not in view at {m['size']}: {m['revealed']}")
        check("revealed-table", table_in_view=True, hand=False, ranks=False, parts=("table",))
    except Exception:
        page.screenshot(path=str(artifacts_dir() / "layout-failure.png"))
        raise
    finally:
        page.close()
        (artifacts_dir() / "layout-measures.json").write_text(json.dumps(measured, indent=1))
    print("\n" + "\n".join(_summary(m) for m in measured))
    print("screenshots: " + ", ".join(p.name for p in shots))
    assert not problems, "\n".join(problems)
