"""The views of the solo and real-cards boards: status, turn, verdict, action row, guesses, the count at
the end (real cards), scores and the reveal.

Each is a small widget drawn from a :class:`~eleusis_lab.session.TableSession` by ``render(session)``;
clicks go to the board through callbacks.  No view holds game state; the buttons a view shows are the
ones :meth:`TableSession.possible` lists (read from the round's ``legal_actions``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.render import cards_html
from eleusis_lab.session import GuessNotice, TableSession, VerdictNotice
from eleusis_lab.widgets._common import FONT, banner, button, points_text, scores_html
from eleusis_lab.widgets.parts import HandArea
from eleusis_lab.widgets.verdicts import VARIANT_TITLES, end_text, possessive, second_person, verdict_banner

__all__ = [
    "ActionRow",
    "FinishBox",
    "GuessRow",
    "RevealPanel",
    "ScoresView",
    "StatusLine",
    "TurnLine",
    "VerdictLine",
]


class StatusLine(w.HTML):
    """Game, round, the seal's fingerprint, phase, stock, prophet, cards in each hand, the save file."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-status")

    def render(self, session: TableSession, board_name: str = "SoloBoard") -> None:
        r = session.round
        if r is None:
            self.value = ""
            return
        bits = [
            f"<b>{escape(VARIANT_TITLES.get(r.variant, r.title))}</b>",
            f"round {session.round_number}",
        ]
        bits.append(f'sealed rule <code class="eleusis-fingerprint">{escape(r.seal.fingerprint)}</code>')
        if r.capabilities.halves and not r.is_over:
            bits.append(f"phase: {escape(r.phase)}")
        if not session.physical and (r.capabilities.no_play or r.stock_size):  # games that draw from a stock
            bits.append(f"stock: {r.stock_size}")
        if r.prophet:
            bits.append(f"prophet: <b>{escape(r.prophet)}</b>")
        counts = "" if session.physical else ", ".join(f"{escape(p)} {r.hand_size(p)}" for p in r.players)
        save = ""
        if session.save_path is not None:
            path = escape(str(session.save_path))
            save = (
                f'<details class="eleusis-save" style="font-size:0.85em;color:#4b5563"><summary>Autosaved to '
                f"<code>{escape(session.save_path.name)}</code></summary>"
                f'<code class="eleusis-save-path">{path}</code> — after a restart: '
                f"<code>{board_name}.resume(r'{path}')</code></details>"
            )
        line2 = f'<div style="color:#374151">cards in hand: {counts}</div>' if counts else ""
        self.value = f'<div style="font-family:{FONT};font-size:1.1em">{" · ".join(bits)}</div>{line2}{save}'


class TurnLine(w.HTML):
    """Whose turn it is, big; or how the round ended."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-turn")

    def render(self, session: TableSession) -> None:
        r = session.round
        if r is None:
            self.value = ""
        elif r.is_over or session.revealed:
            self.value = banner(
                end_text(r) if r.is_over else "The rule is revealed: the round is over.", "info"
            )
        elif session.physical and not r.mainline:
            self.value = '<div style="font-size:1.5em;font-weight:bold">Enter the starter card</div>'
        elif r.current_player is not None:
            note = "" if session.human(r.current_player) else " (computer)"
            self.value = (
                f'<div style="font-size:1.6em;font-weight:bold;margin:6px 0">'
                f"{escape(possessive(r.current_player))} turn{note}</div>"
            )


class VerdictLine(w.VBox):
    """The verdict of the last action (and the computers' replies); a refused action's reason under it, so
    the verdict the class is reading stays on screen."""

    def __init__(self) -> None:
        self.verdict = w.HTML()
        self.verdict.add_class("eleusis-verdict")
        self.message = w.HTML()
        self.message.add_class("eleusis-message")
        super().__init__([self.verdict, self.message])

    def render(self, session: TableSession, extra: str = "") -> None:
        notice = session.notice
        if isinstance(notice, VerdictNotice) and notice.verdict is not None:
            html = verdict_banner(notice.verdict, notice.verdict.player)
        elif isinstance(notice, GuessNotice) and notice.result is not None:
            html = guess_banner(notice.result, notice.text)
        else:
            html = banner(second_person(notice.text), "info") if notice.text else ""
        lines = "".join(banner(second_person(line), "info", size="1em") for line in notice.computer_lines)
        self.verdict.value = html + extra + lines
        self.message.value = ""

    def say(self, text: str, kind: str = "error") -> None:
        self.message.value = banner(text, kind, size="1.1em") if text else ""


def guess_banner(result: Any, said: str) -> str:
    """A judged guess: RIGHT, or WRONG with the counterexample the engine found."""
    name = escape(result.player)
    if result.correct is None:
        return banner(f"The dealer judges {result.player}'s guess.", "warning")
    if result.correct:
        return banner(f"{result.player}'s guess is RIGHT: it is the same rule.", "accepted", detail=name)
    detail = ""
    example = result.counterexample
    if example is not None:
        line = list(example.mainline)[-4:]
        detail = escape(example.explain()) + cards_html(
            [*line, example.card], card_width=56, highlight={len(line): "falsifier"}
        )
    return banner(f"{result.player}'s guess is WRONG.", "rejected", detail=detail)


class ActionRow(w.HBox):
    """The buttons of the moment: a string, no play, the prophet, hints, the half, undo and reveal."""

    ORDER = (
        "prophet-call",
        "play-string",
        "no-play",
        "end-half",
        "hint",
        "buy-hint",
        "prophet",
        "undo",
        "reveal",
    )

    def __init__(self, act: dict[str, Callable[[], object]]) -> None:
        def press(key: str) -> Callable[[Any], object]:
            return lambda _b: act[key]()

        self.buttons = {
            "play-string": button("Play string", "eleusis-play-string", press("play-string"), width="10em"),
            "clear-string": button("Clear", "eleusis-clear-string", press("clear-string"), width="6em"),
            "no-play": button("No play", "eleusis-no-play", press("no-play"), width="8em"),
            "end-half": button("End the first half", "eleusis-end-half", press("end-half"), width="13em"),
            "hint": button("Give a hint", "eleusis-hint", press("hint"), width="9em"),
            "buy-hint": button("Buy a hint", "eleusis-buy-hint", press("buy-hint"), width="9em"),
            "prophet": button("Become prophet", "eleusis-prophet", press("prophet"), width="14em"),
            "undo": button("Undo", "eleusis-undo", press("undo"), width="7em", style="warning"),
            "reveal": button("Reveal the rule", "eleusis-reveal", press("reveal"), width="12em"),
        }
        self.shown_hand = w.Text(description="Hand shown", placeholder="for 'No play': e.g. QH 10S 3D")
        self.shown_hand.add_class("eleusis-shown-hand")
        self.agree = w.Checkbox(value=False, description="The players agree to a hint", indent=False)
        self.agree.layout.width = "17em"
        self.prophet_says = w.ToggleButtons(options=[("right", True), ("wrong", False)], value=None)
        self.prophet_says.style.button_width = "7em"
        self.prophet_says.add_class("eleusis-prophet-call")
        super().__init__(layout=w.Layout(flex_flow="row wrap"))
        self.add_class("eleusis-actions")

    def render(self, session: TableSession, selected: int = 0) -> None:
        can = session.possible()
        r = session.round
        kids: list[w.Widget] = []
        for key in self.ORDER:
            if key not in can:
                continue
            if key == "prophet-call" and r is not None:
                self.prophet_says.description = f"{r.prophet} says"
                kids.append(self.prophet_says)
                continue
            b = self.buttons[key]
            if key == "play-string":
                b.description = f"Play string ({selected})"
                kids += [b, self.buttons["clear-string"]]
                continue
            if key == "prophet":
                b.description = f"{session.prophet_candidate()} becomes prophet"
            kids.append(b)
            if key == "no-play" and session.physical:
                kids.append(self.shown_hand)
            if key == "hint" and session.hint_needs_consent():
                kids.append(self.agree)
        _set_children(self, kids)


class HandView(HandArea):
    """The current person's hand, each card a button; hidden when no person may play (or real cards)."""

    def render(self, session: TableSession, selected: Sequence[Card] = ()) -> None:
        r, can = session.round, session.possible()
        who = r.current_player if r is not None else None
        visible = not session.physical and ("play" in can or "play-string" in can) and who is not None
        self.layout.display = None if visible else "none"
        if r is None or who is None or not visible:
            return
        cards = r.hand(who)
        how = (
            "click the cards of your string in order, then 'Play string'"
            if "play-string" in can
            else "click a card to play it"
        )
        title = f"<b>{escape(possessive(who))} hand</b> ({len(cards)} cards) — {how}"
        self.show(title, cards, selected=selected, disabled=session.disabled_cards())


class GuessRow(w.VBox):
    """Who guesses, their rule, the judgement (and the dealer's overrule right after a guess)."""

    def __init__(self, judge: Callable[[], object], overrule: Callable[[bool], object]) -> None:
        self.guesser = w.Dropdown(description="Who guesses", style={"description_width": "initial"})
        self.guesser.layout.width = "20em"
        self.text = w.Text(description="Their rule", placeholder="e.g. card.color != prev.color")
        self.text.layout.width = "40em"
        self.text.add_class("eleusis-guess-input")
        self.judge = button("Judge the guess", "eleusis-guess", lambda _b: judge(), width="12em")
        self.right = button(
            "Dealer: count it right", "eleusis-overrule-right", lambda _b: overrule(True), width="14em"
        )
        self.wrong = button(
            "Dealer: count it wrong", "eleusis-overrule-wrong", lambda _b: overrule(False), width="14em"
        )
        self.row = w.HBox([self.guesser, self.text, self.judge], layout=w.Layout(flex_flow="row wrap"))
        self.overrule = w.HBox([self.right, self.wrong])
        super().__init__()
        self.add_class("eleusis-guess-box")

    def render(self, session: TableSession) -> None:
        guessers = session.guessers()
        kids: list[w.Widget] = []
        if guessers:
            old = self.guesser.value
            self.guesser.options = guessers
            self.guesser.value = old if old in guessers else guessers[0]
            kids.append(self.row)
        if "overrule" in session.possible() and session.last_was_guess():
            kids.append(self.overrule)
        _set_children(self, kids)


class FinishBox(w.VBox):
    """Real cards: each player's cards left at the end of the round, then *Count the cards and finish*."""

    def __init__(self, finish: Callable[[], object]) -> None:
        self.counts: dict[str, w.BoundedIntText] = {}
        self.finish = button(
            "Count the cards and finish", "eleusis-finish", lambda _b: finish(), width="18em"
        )
        super().__init__()
        self.add_class("eleusis-finish-box")

    def render(self, session: TableSession) -> None:
        r = session.round
        if r is None or "finish" not in session.possible():
            _set_children(self, [])
            return
        if list(self.counts) != list(r.players):
            self.counts = {
                p: w.BoundedIntText(0, min=0, max=104, description=p, layout=w.Layout(width="14em"))
                for p in r.players
            }
        head = w.HTML("<b>At the end of the round</b>: cards left in each hand")
        boxes = w.HBox(list(self.counts.values()), layout=w.Layout(flex_flow="row wrap"))
        self.children = (head, boxes, self.finish)


class ScoresView(w.HTML):
    """The round's scores once it is over (Gardner's dealer score at half time), and the totals so far."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-scores-area")

    def render(self, session: TableSession) -> None:
        r = session.round
        parts = []
        if r is not None and (r.is_over or session.revealed):
            rows = session.scores()
            names = [f"{row.name} (dealer)" if row.dealer and r.dealer else row.name for row in rows]
            values, notes = [row.points for row in rows], session.score_notes()
            if names:
                title = "Scores of this round" if r.is_over else "Scores so far"
                parts.append(_projector(scores_html(names, values, title=title, notes=notes)))
            else:
                parts.append(
                    banner("The round stopped before its end: it has no scores.", "info", size="1em")
                )
        elif r is not None and r.capabilities.halves and r.phase == "second-half":
            parts.append(
                banner(f"Dealer's score after the first half: {points_text(r.scores().dealer)}", "info")
            )
        totals = session.totals()
        if totals and session.rounds:
            title = f"Totals after {session.rounds_counted()} round(s)"
            parts.append(_projector(scores_html(list(totals), list(totals.values()), title=title)))
        self.value = "".join(parts)


class RevealPanel(w.VBox):
    """The rule once revealed: its text, its English, the seal checked; and the round's record."""

    def __init__(self) -> None:
        self.banner = w.HTML()
        self.banner.add_class("eleusis-reveal-area")
        self.record = w.Output()
        self.record.add_class("eleusis-record")
        super().__init__([self.banner, self.record])

    def render(self, session: TableSession) -> None:
        r = session.round
        if r is None or not session.revealed:
            self.banner.value = ""
            return
        parts = [
            '<div style="font-size:1.4em;font-weight:bold">The rule: '
            f"<code>{escape(r.rule.text)}</code></div>"
        ]
        english = session.english()
        if english:
            parts.append(f'<div style="font-size:1.2em">In words: {escape(english)}</div>')
        ok = r.seal.verify(r.rule.text)
        word = "matches this rule" if ok else "does NOT match this rule"
        parts.append(
            banner(
                f"Seal checked: fingerprint {r.seal.fingerprint} {word}.", "accepted" if ok else "rejected"
            )
        )
        self.banner.value = '<div class="eleusis-revealed" style="margin:8px 0">' + "".join(parts) + "</div>"

    def show_record(self, session: TableSession, *, on_board: bool) -> None:
        """The round's record for handouts: on the board, or as the calling cell's own output."""
        from IPython.display import display

        from eleusis_lab.widgets.record import RoundRecord

        assert session.round is not None
        made = RoundRecord.of(session.round, english=session.english(), card_width=64)
        if on_board:
            with self.record:
                display(made)
        else:
            display(made)


def _set_children(box: w.Box, kids: list[w.Widget]) -> None:
    """Replace a box's children only when they change (no redraw, no flicker on the projector)."""
    if list(box.children) != kids:
        box.children = tuple(kids)


def _projector(html: str) -> str:
    """Scores big enough to read from the back of the room."""
    return f'<div class="eleusis-projector" style="font-size:1.5em;line-height:1.3">{html}</div>'
