"""The class board's views of play: status line, table, verdict, hand, action bar.

Each view is a small widget that draws from a :class:`~eleusis_lab.session.TableSession` in
``render(session)`` and reports clicks to the board through plain callbacks; none holds game state.
Sizes are for a projector at 1280×720: verdict 30 px, status and buttons 18 px, cards readable from the
back of a room, the table scrolling inside its own box so the hand and the buttons stay on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.render import cards_html
from eleusis_lab.session import GuessNotice, TableSession, VerdictNotice
from eleusis_lab.widgets._common import FONT, banner, button, points_text
from eleusis_lab.widgets.parts import HandArea, TableArea
from eleusis_lab.widgets.verdicts import VARIANT_TITLES, end_text, possessive, verdict_banner

__all__ = ["PROJECTOR_STYLE", "ActionBar", "HandView", "StatusView", "TableView", "VerdictView"]

PROJECTOR_STYLE = """
<style>
.eleusis-class-board { font-size: 18px; }
.eleusis-class-board .widget-button, .eleusis-class-board .jupyter-button { font-size: 18px !important;
  height: 40px !important; }
.eleusis-class-board .widget-label, .eleusis-class-board .widget-text input,
.eleusis-class-board .widget-dropdown select, .eleusis-class-board .widget-checkbox { font-size: 18px; }
.eleusis-class-board .widget-text, .eleusis-class-board .widget-dropdown { height: 36px; }
.eleusis-class-board .widget-text input, .eleusis-class-board .widget-dropdown select { height: 34px; }
.eleusis-class-board .eleusis-hand-slot > .eleusis-hand-card { font-size: 18px !important;
  height: 100% !important; }
.eleusis-verdict .eleusis-banner { min-height: 1.2em; }
.eleusis-reveal-area:focus { outline: none; }
.eleusis-class-board .widget-checkbox label, .eleusis-class-board .widget-checkbox span,
.eleusis-class-board .eleusis-hypothesis-panel .widget-html-content { font-size: 18px; }
.eleusis-teacher .p-Accordion-title, .eleusis-teacher .jupyter-widget-Collapse-header { font-size: 16px; }
</style>
"""


class StatusView(w.HTML):
    """One line: game, round, whose turn, the seal's fingerprint, the stock, cards in each hand."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-status")

    def render(self, session: TableSession) -> None:
        r = session.round
        if r is None:
            self.value = ""
            return
        bits = [f"<b>{escape(VARIANT_TITLES.get(r.variant, r.variant))}</b>", f"round {session.round_number}"]
        bits.append(f'sealed <code class="eleusis-fingerprint">{escape(r.seal.fingerprint)}</code>')
        if session.revealed:
            bits.append("<b>the rule is revealed: the round is over</b>")
        elif r.phase in ("first-half", "second-half"):  # Gardner's halves (the other games have one)
            bits.append(f"phase: {r.phase}")
            if r.phase == "second-half":  # the dealer's score is fixed when the first half ends
                bits.append(f"dealer's score: <b>{points_text(r.scores().dealer)}</b>")
        if r.prophet:
            bits.append(f"prophet: <b>{escape(r.prophet)}</b>")
        if r.capabilities.no_play or r.stock_size:  # the games that draw from a stock
            bits.append(f"stock: {r.stock_size}")
        counts = ", ".join(f"{escape(p)} {r.hand_size(p)}" for p in r.players)
        turn = ""
        if session.phase == "playing" and r.current_player is not None:
            who = r.current_player
            note = " (computer)" if not session.human(who) else ""
            big = "font-size:24px;font-weight:bold"
            turn = f'<span style="{big}">{escape(possessive(who))} turn{note}</span> · '
        self.value = (
            f'<div style="font-family:{FONT};font-size:18px;line-height:1.3">{turn}{" · ".join(bits)}'
            f'<br><span style="color:#374151">cards in hand: {counts}</span></div>'
        )


class TableView(TableArea):
    """The table: the mainline scrolls inside its box (newest row in view), so nothing below moves."""

    def render(self, session: TableSession) -> None:
        r = session.round
        self.show(r, show_players=r is not None and r.capabilities.player_rules)


class VerdictView(w.HTML):
    """The last verdict, large; or what the board did last (dealt, undone, revealed)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-verdict")

    def render(self, session: TableSession) -> None:
        notice = session.notice
        r = session.round
        if r is None:
            self.value = ""
            return
        if isinstance(notice, VerdictNotice) and notice.verdict is not None:
            html = verdict_banner(notice.verdict, size="30px")
        elif isinstance(notice, GuessNotice) and notice.result is not None:
            html = guess_banner(notice.result)
        else:
            html = banner(notice.text, "info", size="28px") if notice.text else ""
        html += "".join(
            f'<div style="font-size:18px;color:#374151">{escape(line)}</div>'
            for line in notice.computer_lines
        )
        if r.is_over and not session.revealed:
            html += banner(end_text(r), "info", size="28px")
        self.value = html


def guess_banner(result: Any) -> str:
    """A judged guess: RIGHT, WRONG with a counterexample on cards, or waiting for the dealer."""
    said = escape(result.text or result.words or "")
    if result.correct is None:
        return banner(f"The dealer judges {result.player}'s guess.", "warning", size="28px", detail=said)
    if result.correct:
        return banner(
            f"{result.player}'s guess is RIGHT: it is the same rule.", "accepted", size="30px", detail=said
        )
    detail = said
    example = result.counterexample
    if example is not None:
        detail += "<br>" + escape(example.explain())
        line = list(example.mainline)[-4:]
        detail += cards_html([*line, example.card], card_width=56, highlight={len(line): "falsifier"})
    return banner(f"{result.player}'s guess is WRONG.", "rejected", size="30px", detail=detail)


class HandView(HandArea):
    """The current player's hand: each whole card picture is a button (class ``eleusis-hand-card``).

    A click on a card that is not in the hand on show is a stale click (the second half of a double
    click, a click queued while the kernel judged the play before): it is ignored, so the verdict of
    the play just made stays on screen.  Every physical card is a different ``Card`` (the double deck's
    two copies too), so a stale click can never play a card of the next hand.
    """

    def __init__(self, on_play: Callable[[Card], None], card_width: float = 64) -> None:
        super().__init__(self._clicked, card_width=card_width)
        self._on_play = on_play
        self.selected: list[Card] = []  # a New Eleusis string being chosen (not game state: a choice)
        self.add_class("eleusis-hand-view")
        # One row whatever the hand's size: a long hand scrolls sideways, it never pushes the buttons down.
        self.row.layout.flex_flow = "row nowrap"
        self.row.layout.overflow_x = "auto"

    def _clicked(self, card: Card) -> None:
        if card in self.cards:
            self._on_play(card)

    def render(self, session: TableSession) -> None:
        r = session.round
        who = r.current_player if r is not None else None
        visible = r is not None and session.phase == "playing" and session.human(who) and bool(r.mainline)
        self.layout.display = None if visible else "none"
        if not visible or r is None or who is None:
            self.cards = []
            return
        cards = r.hand(who)
        self.selected = [c for c in self.selected if c in cards]
        strings = "play-string" in session.possible()
        hint = (
            "click the cards of your string in order, then 'Play string'"
            if strings
            else "click a card to play it"
        )
        title = (
            f'<span style="font-size:18px"><b>{escape(possessive(who))} hand</b> ({len(cards)} cards)'
            f" — {hint}</span>"
        )
        # A hand that grows past a dozen cards gets narrower cards, not a second row.
        self.resize(64 if len(cards) <= 13 else round(max(46, 64 * 13 / len(cards))))
        self.show(title, cards, selected=self.selected, disabled=session.disabled_cards())


class ActionBar(w.HBox):
    """The buttons the session says may happen now: No play, Play string, Undo, Reveal, Back to set-up."""

    def __init__(self, act: dict[str, Callable[[], object]]) -> None:
        self.no_play = button("No play", "eleusis-no-play", lambda _b: act["no-play"](), width="8em")
        self.play_string = button(
            "Play string", "eleusis-play-string", lambda _b: act["play-string"](), width="10em"
        )
        self.clear_string = button(
            "Clear", "eleusis-clear-string", lambda _b: act["clear-string"](), width="6em"
        )
        self.prophet = button("Become prophet", "eleusis-prophet", lambda _b: act["prophet"](), width="14em")
        self.prophet_says = w.ToggleButtons(options=[("right", True), ("wrong", False)], value=None)
        self.prophet_says.style.button_width = "6em"
        self.prophet_says.add_class("eleusis-prophet-call")
        self.undo = button("Undo", "eleusis-undo", lambda _b: act["undo"](), width="6em", style="warning")
        self.reveal = button("Reveal the rule", "eleusis-reveal", lambda _b: act["reveal"](), width="11em")
        self.next_round = button(
            "Next round", "eleusis-next-round", lambda _b: act["next-round"](), width="9em", style="primary"
        )
        self.back = button("Back to set-up", "eleusis-back-to-setup", lambda _b: act["back"](), width="11em")
        self.confirm = w.HTML()
        self.confirm_yes = button(
            "Yes, abandon it",
            "eleusis-confirm-abandon",
            lambda _b: act["abandon"](),
            width="11em",
            style="danger",
        )
        self.confirm_no = button(
            "Keep playing", "eleusis-keep-playing", lambda _b: act["keep"](), width="10em"
        )
        self.armed = False  # "Back to set-up" asks once before it abandons the round
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("eleusis-actions")

    def render(self, session: TableSession) -> None:
        can = session.possible()
        r = session.round
        kids: list[w.Widget] = []
        if (
            r is not None
            and r.prophet
            and session.human(r.prophet)
            and ("play" in can or "play-string" in can)
        ):
            self.prophet_says.description = f"{r.prophet} says"
            kids.append(self.prophet_says)
        if "play-string" in can:
            kids += [self.play_string, self.clear_string]
        if "no-play" in can:
            kids.append(self.no_play)
        who = session.prophet_candidate()
        if "prophet" in can and who is not None:
            self.prophet.description = f"{who} becomes prophet"
            kids.append(self.prophet)
        if "undo" in can:
            kids.append(self.undo)
        if "reveal" in can:
            kids.append(self.reveal)
        if "next-round" in can:
            kids.append(self.next_round)
        elif "abandon" in can:
            if self.armed:
                self.confirm.value = '<b style="font-size:18px">Abandon this round?</b>'
                kids += [self.confirm, self.confirm_yes, self.confirm_no]
            else:
                kids.append(self.back)
        _set_children(self, kids)


def _set_children(box: w.Box, kids: list[w.Widget]) -> None:
    """Replace a box's children only when they change (no flicker on the projector)."""
    if list(box.children) != kids:
        box.children = kids
