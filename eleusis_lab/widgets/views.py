"""The one set of views over a table session: status, turn, table, verdict, message, hand, action row,
guess row, the count at the end (real cards) and scores; the reveal is :mod:`.reveal`'s.

Each view is a small widget typed against :class:`BoardSession` (what a view reads of a session;
:class:`~eleusis_lab.session.TableSession` is one) that draws itself in ``render(session)`` and reports
clicks through plain callbacks; none holds game state.  The buttons a view shows are the ones
``session.possible()`` lists (read from the round's ``legal_actions``).  Every board — the class board at
the projector, the student's prediction board, the real-cards board, a lesson's own — is a layout of
these views.  Sizes for the projector are CSS (:data:`PROJECTOR_STYLE`, keyed on the board's class), not
another view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Protocol

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.play import Round
from eleusis_lab.render import cards_html
from eleusis_lab.rules import RuleError
from eleusis_lab.rules.english import english as rule_english
from eleusis_lab.session import GuessNotice, MatchScoreRow, Notice, VerdictNotice
from eleusis_lab.widgets._common import FONT, banner, button, error_text, points_text, scores_html
from eleusis_lab.widgets.confirm import Choice, ConfirmRow
from eleusis_lab.widgets.options import OptionFields
from eleusis_lab.widgets.parts import HandArea, TableArea
from eleusis_lab.widgets.rule_box import WORDS, RuleBox
from eleusis_lab.widgets.settle import SETTLE_SECONDS, Settle
from eleusis_lab.widgets.verdicts import VARIANT_TITLES, end_text, possessive, second_person, verdict_banner

__all__ = [
    "PROJECTOR_STYLE",
    "SETTLE_CSS",
    "ActionRow",
    "BoardSession",
    "FinishBox",
    "GuessView",
    "GuessingSession",
    "HandView",
    "MessageView",
    "RevealConfirm",
    "ScoresView",
    "SessionBoard",
    "StatusView",
    "TableView",
    "TurnView",
    "VariantOptionsView",
    "VerdictView",
    "guess_banner",
    "guess_said",
    "set_children",
    "table_variants",
]

# Sized for a projector at 1280x720, on the class board only: verdict 30 px, status and buttons 18 px.
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
.eleusis-class-board .eleusis-verdict .eleusis-banner { font-size: 30px !important; }
.eleusis-class-board .eleusis-verdict .eleusis-computer-line { font-size: 18px; }
.eleusis-class-board .eleusis-status .eleusis-status-line { font-size: 15px; }
.eleusis-class-board .eleusis-status .eleusis-turn-now { font-size: 24px; font-weight: bold; }
.eleusis-class-board .eleusis-message .eleusis-banner { font-size: 18px !important; }
.eleusis-verdict .eleusis-banner { min-height: 1.2em; }
.eleusis-reveal-area:focus { outline: none; }
/* The reveal's and the scores' sizes are ems of this (an HTML widget sets its own font size). */
.eleusis-class-board .eleusis-reveal-area .widget-html, .eleusis-class-board .eleusis-scores-area {
  font-size: 18px; }
.eleusis-class-board .widget-checkbox label, .eleusis-class-board .widget-checkbox span,
.eleusis-class-board .eleusis-hypothesis-panel .widget-html-content { font-size: 18px; }
.eleusis-teacher .p-Accordion-title, .eleusis-teacher .jupyter-widget-Collapse-header { font-size: 16px; }
/* One screen: status, table, verdict, hand, action row fill the window's height; the table (a CSS size
   container, its cards sized by fit_card_size) takes what the others leave, so it wraps or shrinks and
   nothing below it is pushed off the screen.  What does not fit the projector's first screen (the class
   hypotheses, the teacher's fold) follows under it. */
.eleusis-class-board .eleusis-screen { min-height: calc(100vh - var(--eleusis-page-margin, 24px)); }
.eleusis-class-board .eleusis-screen > * { flex-shrink: 0; }
.eleusis-class-board .eleusis-screen > .eleusis-evidence { flex: 1 1 0; min-height: 4em; }
.eleusis-class-board .eleusis-evidence > .eleusis-table-area,
.eleusis-class-board .eleusis-evidence > .eleusis-figures-area { flex: 1 1 0; min-width: 0; }
.eleusis-class-board .eleusis-table-area { container-type: size; overflow-y: auto; }
.eleusis-class-board .eleusis-screen.eleusis-after-reveal { min-height: 0; }
.eleusis-class-board .eleusis-after-reveal > .eleusis-evidence { flex: 0 0 auto; height: 60vh; order: 10; }
.eleusis-class-board .eleusis-figures-area { overflow-y: auto; container-type: size; }
.eleusis-class-board .eleusis-figures-area .eleusis-narrowing-svg { max-height: 99cqh; }
.eleusis-class-board .eleusis-hand-title { font-size: 16px; }
.eleusis-class-board .eleusis-hand-title b { font-size: 22px; padding: 0 4px; border-radius: 4px; }
.eleusis-class-board .eleusis-hand-slot { padding-bottom: 24px; }
.eleusis-class-board .eleusis-view-choice .widget-toggle-button { font-size: 16px; height: 32px; }
.eleusis-class-board .eleusis-controls .widget-button { margin-bottom: 4px; }
.eleusis-class-board .eleusis-status { flex: 1 1 0%; min-width: 0; }
</style>
"""

# The hand greys out for the settle time after it changes (a click then is not taken), and the name of
# whose hand it is lights up: a CSS animation, restarted by swapping two classes (HandView).
SETTLE_CSS = (
    "<style>"
    + "".join(
        f"""
@keyframes eleusis-settling-{n} {{ from, to {{ opacity: 0.4; filter: grayscale(1); }} }}
@keyframes eleusis-announce-{n} {{ from, to {{ background: #fde68a; }} }}
.eleusis-hand-view.eleusis-settling-{n} .eleusis-hand {{ animation: eleusis-settling-{n} {SETTLE_SECONDS}s; }}
.eleusis-hand-view.eleusis-settling-{n} .eleusis-hand-title b {{
  animation: eleusis-announce-{n} {SETTLE_SECONDS}s; }}"""
        for n in (0, 1)
    )
    + "\n</style>\n"
)


def table_variants() -> list[tuple[str, str]]:
    """(title, key) of every variant played at a table, read from the variant registry when a set-up
    form is built: a variant registered by a lesson or a test appears without a package edit (its
    ``MatchRules.playable`` says it is a table game; the solo variant's says not)."""
    from eleusis_lab.play import VARIANTS

    order = list(VARIANT_TITLES)  # the kit's own games first, in the order the lessons meet them
    keys = sorted(
        (k for k, cls in VARIANTS.items() if cls.match.playable),
        key=lambda k: (k not in order, order.index(k) if k in order else 0),
    )
    return [(VARIANT_TITLES.get(key, VARIANTS[key].title), key) for key in keys]


class VariantOptionsView(w.VBox):
    """The seed and the chosen variant's option fields of a set-up form.  Its rows are made once and only
    their children change with the variant, so a field being typed in is never replaced under the cursor."""

    def __init__(self, seed: w.Text, fields: OptionFields) -> None:
        self.seed, self.fields = seed, fields
        self.size_row = w.HBox([seed])
        self.boxes_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self.size_row, self.boxes_row])

    def draw(self, variant: str) -> None:
        sizes = self.fields.beside_seed(variant)  # the variant says which fields sit beside the seed
        set_children(self.size_row, [self.seed, *sizes])
        set_children(self.boxes_row, [f for f in self.fields.shown(variant) if f not in sizes])


class BoardSession(Protocol):
    """What the views read of a session (and nothing they could change it by)."""

    @property
    def round(self) -> Round | None: ...

    @property
    def notice(self) -> Notice: ...

    @property
    def phase(self) -> str: ...

    @property
    def revealed(self) -> bool: ...

    @property
    def locked(self) -> bool: ...

    @property
    def physical(self) -> bool: ...

    @property
    def round_number(self) -> int: ...

    @property
    def rounds(self) -> list[Round]: ...

    @property
    def save_path(self) -> Path | None: ...

    def possible(self) -> frozenset[str]: ...

    def human(self, name: str | None) -> bool: ...

    def guessers(self) -> list[str]: ...

    def prophet_candidate(self) -> str | None: ...

    def disabled_cards(self) -> list[Card]: ...

    def hint_needs_consent(self) -> bool: ...

    def last_was_guess(self) -> bool: ...

    def scores(self) -> list[MatchScoreRow]: ...

    def score_notes(self) -> list[str]: ...

    def totals(self) -> dict[str, float]: ...

    def rounds_counted(self) -> int: ...

    def english(self) -> str | None: ...


class StatusView(w.HTML):
    """Game, round, the seal's fingerprint, phase, stock, prophet, cards in each hand; ``turn``: whose turn
    it is at the front (the class board); ``resume_as``: the board's name, to say where it autosaves."""

    def __init__(self, *, turn: bool = False, resume_as: str | None = None) -> None:
        super().__init__()
        self.turn, self.resume_as = turn, resume_as
        self.add_class("eleusis-status")

    def render(self, session: BoardSession) -> None:
        r = session.round
        if r is None:
            self.value = ""
            return
        bits = [
            f"<b>{escape(VARIANT_TITLES.get(r.variant, r.title))}</b>",
            f"round {session.round_number}",
            f'rule locked, seal code <code class="eleusis-fingerprint">{escape(r.seal.fingerprint)}</code>',
        ]
        if session.revealed:
            bits.append("<b>the rule is revealed: the round is over</b>")
        elif not r.is_over:
            phase = r.presentation.phase_words(r.phase)  # Gardner's halves, in the variant's words
            if phase:
                bits.append(escape(phase))
            if r.capabilities.halves and r.phase == "second-half":  # fixed when the first half ends
                bits.append(f"dealer's score: <b>{points_text(r.scores().dealer)}</b>")
        if r.prophet:
            bits.append(f"prophet: <b>{escape(r.prophet)}</b>")
        if not session.physical and (r.capabilities.no_play or r.stock_size):  # games that draw from a stock
            bits.append(f"stock: {r.stock_size}")
        turn = ""
        if self.turn and session.phase == "playing" and r.current_player is not None:
            who = r.current_player
            note = " (computer)" if not session.human(who) else ""
            turn = f'<span class="eleusis-turn-now">{escape(possessive(who))} turn{note}</span> · '
        counts = "" if session.physical else ", ".join(f"{escape(p)} {r.hand_size(p)}" for p in r.players)
        second = [f"cards in hand: {counts}"] if counts else []
        if r.set_aside_note:  # the cards an equal deal leaves over (RULES.md: the board says so)
            second.append(escape(r.set_aside_note))
        line2 = f'<div style="color:#374151">{" · ".join(second)}</div>' if second else ""
        self.value = (
            f'<div class="eleusis-status-line" style="font-family:{FONT};font-size:1.1em;line-height:1.3">'
            f"{turn}{' · '.join(bits)}{line2}</div>{self._save_note(session)}"
        )

    def _save_note(self, session: BoardSession) -> str:
        path = session.save_path
        if self.resume_as is None or path is None:
            return ""
        where = escape(str(path))
        return (
            f'<details class="eleusis-save" style="font-size:0.85em;color:#4b5563"><summary>Autosaved to '
            f"<code>{escape(path.name)}</code></summary>"
            f'<code class="eleusis-save-path">{where}</code> — after a restart: '
            f"<code>{self.resume_as}.resume(r'{where}')</code></details>"
        )


class TurnView(w.HTML):
    """Whose turn it is, big; or how the round ended."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-turn")

    def render(self, session: BoardSession) -> None:
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


class TableView(TableArea):
    """The table.  With ``fits_box`` (the class board) its cards are sized so the whole table fits the
    room the page leaves it (it wraps or shrinks, never hides a card); otherwise a long table scrolls
    inside its box, newest row in view, so nothing below moves."""

    def render(self, session: BoardSession) -> None:
        r = session.round
        self.show(r, show_players=r is not None and r.capabilities.player_rules)


class VerdictView(w.HTML):
    """The verdict of the last action, large, and what the computer seats did after it; or what the board
    did last (dealt, undone, revealed).  ``shows_end``: the end of the round under it (the class board;
    other layouts say it in the :class:`TurnView`); ``extra``: more for the line (the prediction's result)."""

    def __init__(self, *, shows_end: bool = False, extra: Callable[[], str] | None = None) -> None:
        super().__init__()
        self.shows_end, self.extra = shows_end, extra
        self.add_class("eleusis-verdict")

    def render(self, session: BoardSession) -> None:
        notice, r = session.notice, session.round
        if r is None:
            self.value = ""
            return
        if isinstance(notice, VerdictNotice) and notice.verdict is not None:
            html = verdict_banner(notice.verdict, notice.verdict.player)
        elif isinstance(notice, GuessNotice) and notice.result is not None:
            html = guess_banner(notice.result)
        else:
            html = banner(second_person(notice.text), "info") if notice.text else ""
        html += self.extra() if self.extra is not None else ""
        html += "".join(
            f'<div class="eleusis-computer-line" style="color:#374151">{escape(second_person(line))}</div>'
            for line in notice.computer_lines
        )
        if self.shows_end and r.is_over and not session.revealed:
            html += banner(end_text(r), "info")
        self.value = html


class MessageView(w.HTML):
    """A refused action's reason, in one line, under the verdict the class is reading (which stays)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-message")

    def say(self, text: str, kind: str = "error") -> None:
        self.value = banner(text, kind, size="1.1em") if text else ""


def guess_banner(result: Any) -> str:
    """A judged guess: RIGHT, WRONG (with the counterexample on cards when the round's option shows
    one), or waiting for the dealer; under it the guessed rule in English (:func:`guess_said`)."""
    said, whose = guess_said(result), possessive(result.player)
    if result.correct is None:
        return banner(
            f"The dealer judges {whose.lower() if whose == 'Your' else whose} guess.", "warning", detail=said
        )
    if result.correct:
        return banner(f"{whose} guess is RIGHT: it is the same rule.", "accepted", detail=said)
    detail = said
    example = result.counterexample
    if isinstance(example, str):  # why a guess was not proven the same (the judge's own sentence)
        detail += f'<div class="eleusis-guess-why">{escape(example)}</div>'
    elif example is not None:  # the round's counterexample option: a position and a card, on cards
        detail += f'<div class="eleusis-guess-why">{escape(example.explain())}</div>'
        line = list(example.mainline)[-4:]
        detail += cards_html([*line, example.card], card_width=40, highlight={len(line): "falsifier"})
    return banner(f"{whose} guess is WRONG.", "rejected", detail=detail)


def rule_sentence(text: str) -> str | None:
    """A rule text's English sentence (the library's own for a library rule, else the generated one),
    or None when the text does not read as a rule."""
    try:
        return rule_english(text)
    except RuleError:
        return None


def guess_said(result: Any) -> str:
    """The guessed rule as the class reads it (HTML, every user text escaped): its English sentence,
    large (the library's own sentence for a library rule, else the generated one), then the student's
    words and the rule text, small, for those who read rule text.  A guess in words alone (the dealer
    judges it) shows the words, large.  Only the guess is said here, never the secret rule."""
    text, words = result.text, result.words
    # a guess the parser refused never reaches a verdict; said as typed if it did
    sentence = rule_sentence(text) if text else None
    large = sentence or words or text or ""
    html = f'<div class="eleusis-guess-english">“{escape(large)}”</div>' if large else ""
    small = []
    if words and words != large:
        small.append(f"{escape(result.player)} said: “{escape(words)}”")
    if text and text != large:
        small.append(f'as rule text: <code class="eleusis-guess-rule-text">{escape(text)}</code>')
    if small:
        html += (
            '<div class="eleusis-guess-small" style="font-size:0.75em;color:#4b5563">'
            + " · ".join(small)
            + "</div>"
        )
    return html


class HandView(HandArea):
    """The current person's hand: each whole card picture is a button (class ``eleusis-hand-card``);
    hidden when no person may play (and with real cards, which nobody's screen shows).

    A click on a card that is not in the hand on show is a stale click (the second half of a double
    click, a click queued while the kernel judged the play before): it is ignored, so the verdict of
    the play just made stays on screen.  Every physical card is a different ``Card`` (the double deck's
    two copies too), so a stale click can never play a card of the next hand.  The card buttons are
    reused, though, so the same spot shows a card of the next hand at once: for the settle time after
    the hand on show changes (the next student's hand, the hand after a play or the deal) a click is
    ignored, not queued (:mod:`~eleusis_lab.widgets.settle`), and the title names whose hand it is.
    """

    def __init__(
        self, on_play: Callable[[Card], None], card_width: float = 64, settle: Settle | None = None
    ) -> None:
        super().__init__(self._clicked, card_width=card_width)
        self._on_play = on_play
        self.settle = settle if settle is not None else Settle()
        self._shown: tuple[str | None, tuple[Card, ...]] = (None, ())  # whose hand, which cards
        self._base_width = card_width
        self.selected: list[Card] = []  # a New Eleusis string being chosen (not game state: a choice)
        self.add_class("eleusis-hand-view")
        self._settling = 0  # which of the two settle classes is on (a new one restarts the greying)
        # Every card on show: a long hand wraps onto a second line (on the class board the table above
        # gives up the room), it never scrolls sideways out of sight.
        self.row.layout.flex_flow = "row wrap"

    def _clicked(self, card: Card) -> None:
        if card in self.cards and self.settle.settled():
            self._on_play(card)

    def _now_showing(self, who: str | None, cards: list[Card]) -> None:
        """Start the settle time when the hand under the pointer changed (owner or cards)."""
        shown = (who, tuple(cards))
        if shown != self._shown:
            self._shown = shown
            if cards:
                self.settle.start()
                self._grey_while_settling()

    def _grey_while_settling(self) -> None:
        """Grey the hand for the settle time (:data:`SETTLE_CSS`): the class sees that a click now is not
        taken.  Swapping between two classes restarts the CSS animation each time, with no kernel timer."""
        self.remove_class(f"eleusis-settling-{self._settling}")
        self._settling = 1 - self._settling
        self.add_class(f"eleusis-settling-{self._settling}")

    def render(self, session: BoardSession) -> None:
        r, can = session.round, session.possible()
        who = r.current_player if r is not None else None
        visible = not session.physical and ("play" in can or "play-string" in can) and who is not None
        self.layout.display = None if visible else "none"
        if r is None or who is None or not visible:
            self._now_showing(None, [])
            self.cards = []
            return
        cards = r.hand(who)
        self._now_showing(who, cards)
        self.selected = [c for c in self.selected if c in cards]
        how = (
            "click the cards of your string in order, then 'Play string'"
            if "play-string" in can
            else "click a card to play it"
        )
        title = f"<b>{escape(possessive(who))} hand</b> ({len(cards)} cards) — {how}"
        # A hand that grows past a dozen cards gets narrower cards, not a second row.
        base = self._base_width
        self.resize(base if len(cards) <= 13 else round(max(0.72 * base, base * 13 / len(cards))))
        self.show(
            title,
            cards,
            selected=self.selected,
            enabled=self.playable(session),
            disabled=session.disabled_cards(),
        )

    def playable(self, session: BoardSession) -> bool:
        """May the hand on show be played now?  (A layout that holds the hand back says when.)"""
        return True


class ActionRow(w.HBox):
    """The buttons the session says may happen now, in one order; ``keys`` are the ones this layout shows
    (the class board gives hints in the teacher's fold, and asks once before it abandons a round)."""

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
        "next-round",
        "abandon",
    )

    def __init__(self, act: dict[str, Callable[[], object]], keys: Sequence[str] = ORDER) -> None:
        def press(key: str) -> Callable[[Any], object]:
            return lambda _b: act[key]()

        self.shows = tuple(keys)
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
            "next-round": button(
                "Next round", "eleusis-next-round", press("next-round"), width="9em", style="primary"
            ),
            "back": button("Back to set-up", "eleusis-back-to-setup", press("back"), width="11em"),
        }
        self.no_play, self.play_string = self.buttons["no-play"], self.buttons["play-string"]
        self.clear_string, self.prophet = self.buttons["clear-string"], self.buttons["prophet"]
        self.undo, self.reveal = self.buttons["undo"], self.buttons["reveal"]
        self.next_round, self.back = self.buttons["next-round"], self.buttons["back"]
        self.buy_hint = self.buttons["buy-hint"]
        self.shown_hand = w.Text(description="Hand shown", placeholder="for 'No play': e.g. QH 10S 3D")
        self.shown_hand.add_class("eleusis-shown-hand")
        self.agree = w.Checkbox(value=False, description="The players agree to a hint", indent=False)
        self.agree.layout.width = "17em"
        self.prophet_says = w.ToggleButtons(options=[("right", True), ("wrong", False)], value=None)
        self.prophet_says.style.button_width = "7em"
        self.prophet_says.add_class("eleusis-prophet-call")
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("eleusis-actions")

    def render(self, session: BoardSession, selected: int = 0) -> None:
        can = session.possible()
        r = session.round
        kids: list[w.Widget] = []
        for key in self.shows:
            if key not in can:
                continue
            if key == "prophet-call" and r is not None:
                self.prophet_says.description = f"{r.prophet} says"
                kids.append(self.prophet_says)
                continue
            if key == "abandon":  # "Back to set-up": the board asks before it abandons (its own row)
                if "next-round" not in can or "next-round" not in self.shows:
                    kids.append(self.buttons["back"])
                continue
            b = self.buttons[key]
            if key == "play-string":
                b.description = f"Play string ({selected})" if selected else "Play string"
                kids += [b, self.buttons["clear-string"]]
                continue
            if key == "prophet":
                b.description = f"{session.prophet_candidate()} becomes prophet"
            kids.append(b)
            if key == "no-play" and session.physical:
                kids.append(self.shown_hand)
            if key == "hint" and session.hint_needs_consent():
                kids.append(self.agree)
        set_children(self, kids)


class RevealConfirm(ConfirmRow):
    """Mid-round, *Reveal the rule* only asks: the reveal is this row's own button, on a row of its own
    under the action row (never where Reveal was, so a double-click on Reveal cannot reach it), and a
    click on it within the settle time after it appeared is ignored.  *Keep playing* puts the row away."""

    def __init__(
        self, on_reveal: Callable[[], object], settle: Settle | None = None, *, what: str = "the round"
    ) -> None:
        super().__init__(
            f"<b>Reveal the rule now?</b> {escape(what.capitalize())} is not over: the class will read it.",
            on_reveal,
            settle,
            yes=Choice("Yes, reveal it now", "eleusis-reveal-confirm", "13em"),
            no=Choice("Keep playing", "eleusis-reveal-keep", "10em"),
        )
        self.add_class("eleusis-reveal-ask")


class GuessingSession(BoardSession, Protocol):
    """What the guess view reads of a session, and the two calls it acts by."""

    def guess(self, player: str, text: str | None = None, words: str | None = None) -> Notice: ...

    def overrule(self, correct: bool) -> Notice: ...


class GuessView(w.VBox):
    """Who guesses and their rule (in words, by clicks or as rule text: the kit's one
    :class:`~eleusis_lab.widgets.rule_box.RuleBox`), judged by the session; words alone go to the dealer
    when a person deals; the dealer's overrule right after a guess.  ``act`` is the board's one way to
    act on the session (a refusal is its message line); what is missing from a statement is said in
    the view's own line.  ``column``: a narrow column beside the class board's table (one field a line),
    else a row under the round boards' hand."""

    def __init__(self, act: Callable[[Callable[[], object]], bool], *, column: bool = False) -> None:
        self._act, self.column = act, column
        self._session: GuessingSession | None = None
        self.guesser = w.Dropdown(description="Who guesses", style={"description_width": "initial"})
        self.guesser.layout.width = "95%" if column else "20em"
        # No example rule in the placeholder: a projector shows it, and an example might be the secret.
        self.statement = RuleBox(placeholder="the rule in your words, then Enter and click the one you mean")
        self.statement.text.add_class("eleusis-guess-words")
        self.statement.text.add_class("eleusis-guess-input")
        self.statement.chooser.add_class("eleusis-guess-choices")
        self.statement.layout.max_width = "1000px"
        self.chooser = self.statement.chooser
        self.find = button("Find rules", "eleusis-find-rules", lambda _b: self.find_rules(), width="9em")
        self.judge = button("Judge the guess", "eleusis-guess", lambda _b: self.judge_stated(), width="12em")
        self.judge.add_class("eleusis-judge-choice")
        self.dealer_judges = button(
            "The dealer judges these words",
            "eleusis-dealer-judges",
            lambda _b: self.judge_words(),
            width="16em",
        )
        self.overrule_right = button(
            "Dealer: count it right", "eleusis-overrule-right", lambda _b: self.overrule(True), width="14em"
        )
        self.overrule_wrong = button(
            "Dealer: count it wrong", "eleusis-overrule-wrong", lambda _b: self.overrule(False), width="14em"
        )
        self.overrule_row = w.HBox(
            [self.overrule_right, self.overrule_wrong], layout=w.Layout(flex_flow="row wrap")
        )
        self.message = w.HTML()
        self.message.add_class("eleusis-guess-message")
        if column:
            self.head = w.HTML('<b style="font-size:18px">A student states the rule</b>')
            # the guesser above the statement: one field a line, the labels above their fields
            self._buttons: list[w.Widget] = [self.find, self.judge]
            self.buttons: w.Box = w.VBox(self._buttons)
            self.row = w.VBox([self.head, self.guesser, self.statement, self.buttons])
        else:
            self.head = w.HTML(
                '<b style="font-size:17px">State the rule</b>: in words, by clicks or as rule text'
            )
            self._buttons = [self.guesser, self.find, self.judge]
            self.buttons = w.HBox(self._buttons, layout=w.Layout(flex_flow="row wrap"))
            self.row = w.VBox([self.head, self.statement, self.buttons])
        super().__init__()
        if column:  # framed, so the class sees where a statement goes
            self.layout = w.Layout(border="2px solid #f59e0b", padding="4px 8px", margin="0 0 8px 0")
        self.add_class("eleusis-guess-box")

    def render(self, session: GuessingSession) -> None:
        self._session = session
        r = session.round
        if r is not None:
            self.statement.set_deck(r.rule_deck())  # a letters round: letter rules offered and built
        names = session.guessers()
        kids: list[w.Widget] = []
        if names:
            if list(self.guesser.options) != names:
                old = self.guesser.value
                self.guesser.options = names
                self.guesser.value = old if old in names else names[0]
            kids.append(self.row)
            # a person deals: the student's words may go to them
            person_deals = r is not None and bool(r.dealer)
            set_children(self.buttons, [*self._buttons, *([self.dealer_judges] if person_deals else [])])
        elif self.statement.chooser.matches:
            self.statement.chooser.show([])  # no guess now: no sentences left on the screen
        if "overrule" in session.possible() and session.last_was_guess():
            kids.append(self.overrule_row)
        kids.append(self.message)
        set_children(self, kids)
        self._show_if_asking()

    def _show_if_asking(self) -> None:
        """Beside the class board's table the box takes the hand's room only when it has something to
        show: a guess may be made, the dealer may overrule, or it says why a guess was refused."""
        if self.column:
            asks = len(self.children) > 1 or bool(self.message.value)
            self.layout.display = None if asks else "none"

    # -- the ways to act --
    def find_rules(self) -> None:
        """Offer the rules closest to the words typed (nothing changes in the round)."""
        said = self.statement.text.value.strip()
        if not said:
            self.say("Type what the student said first.")
            return
        if self.statement.mode.value != WORDS:
            self.statement.mode.value = WORDS
        if self.statement.words != said:  # read already when the field was left (the click's blur)
            self.statement.type_text(said)
        self.say("")

    def judge_stated(self, player: str | None = None) -> bool:
        """Judge the rule stated (the row clicked, the rule built or typed), with the student's words when
        it was picked from them; what is missing is said, and nothing is judged."""
        statement = self.statement
        if statement.problem:  # words with no sentence clicked: said, never judged as something else
            self.say(statement.problem)
            return False
        text, words = (statement.rule.text if statement.rule else None), statement.words
        return self._guess(player, text, words)

    def judge_words(self) -> bool:
        """A person deals: the student's words go to the dealer, who rules right or wrong."""
        said = self.statement.text.value.strip()
        if not said:
            self.say("Type what the student said first.")
            return False
        return self._guess(None, None, said)

    def overrule(self, correct: bool) -> bool:
        session = self._session
        return session is not None and self._act(lambda: session.overrule(correct))

    def _guess(self, player: str | None, text: str | None, words: str | None) -> bool:
        session = self._session
        if session is None:
            return False
        who = player or str(self.guesser.value or "")
        if not self._act(lambda: session.guess(who, text, words)):
            return False
        self.statement.clear()
        self.say("")
        return True

    def say(self, text: str) -> None:
        self.message.value = banner(text, "warning", size="18px") if text else ""
        self._show_if_asking()


class FinishBox(w.VBox):
    """Real cards: each player's cards left at the end of the round, then *Count the cards and finish*."""

    def __init__(self, finish: Callable[[], object]) -> None:
        self.counts: dict[str, w.BoundedIntText] = {}
        self.finish = button(
            "Count the cards and finish", "eleusis-finish", lambda _b: finish(), width="18em"
        )
        super().__init__()
        self.add_class("eleusis-finish-box")

    def render(self, session: BoardSession) -> None:
        r = session.round
        if r is None or "finish" not in session.possible():
            set_children(self, [])
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

    def render(self, session: BoardSession) -> None:
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


class SessionBoard:
    """What every board laid out of these views shares: its session (the board redraws when the session
    says it changed), one way to act on it (a refusal is one line in the message view), and what lessons
    and tests read off it: the round, the save file, the hand's buttons on show, the HTML of the views."""

    _session: Any
    status: StatusView
    table: TableView
    verdict: VerdictView
    message: MessageView
    hand: HandView

    @property
    def session(self) -> Any:
        return self._session

    @session.setter
    def session(self, session: Any) -> None:
        self._session = session
        session.on_change(lambda _s: self.session_changed())

    def session_changed(self) -> None:
        """Redraw the board (the session has just changed)."""
        raise NotImplementedError

    def act(self, call: Callable[[], object]) -> bool:
        """One call on the session; a refusal (a ``ValueError``: the session's one sentence, or a rule
        that does not parse) is a line in the message view, and nothing changed."""
        try:
            call()
        except ValueError as error:
            self.message.say(error_text(error))
            return False
        self.message.say("")
        return True

    @property
    def round(self) -> Round | None:
        return self.session.round  # type: ignore[no-any-return]

    @property
    def save_path(self) -> Path | None:
        return self.session.save_path  # type: ignore[no-any-return]

    @property
    def hand_buttons(self) -> list[w.Button]:
        """The hand's card buttons on show (each button's ``.card`` is the card it plays)."""
        return self.hand.buttons if self.hand.layout.display != "none" else []

    @property
    def verdict_html(self) -> str:
        return str(self.verdict.value)

    @property
    def table_html(self) -> str:
        return self.table.html

    @property
    def status_html(self) -> str:
        return str(self.status.value)

    @property
    def message_html(self) -> str:
        return str(self.message.value)


def set_children(box: w.Box, kids: list[w.Widget]) -> None:
    """Replace a box's children only when they change (no redraw, no flicker on the projector)."""
    if list(box.children) != kids:
        box.children = tuple(kids)


def _projector(html: str) -> str:
    """Scores big enough to read from the back of the room."""
    return f'<div class="eleusis-projector" style="font-size:1.5em;line-height:1.3">{html}</div>'
