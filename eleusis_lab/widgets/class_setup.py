"""The class board's set-up form: game, players, the secret rule (hidden), options, Check and Deal, and
the autosaved sessions to resume with one click.

A teacher sets a round up with the projector on: nothing secret is on the form the class sees.  The
rule field is a password field; the eye that shows it, the rule check's full report (its lists of
cards, its dead-end line) and the secret said in words are in the "Teacher only" fold, closed by
default.  *Check the rule* says under the form only the verdict in words: fair, or not acceptable and
why (``4 cards never playable; the line can dead-end``), never a card or the rule.  *Deal* checks a typed
rule too: one the check calls not acceptable is dealt only after the teacher confirms it on a row of
its own (:class:`~eleusis_lab.widgets.confirm.ConfirmRow`, out of a double-click's reach).

The secret may be rule text, a library key, or said in words or clicks: words typed in the hidden field
(or in the teacher's fold) are offered the closest rules as sentences, and a rule-language typo gets the
parser's hint, both in the "Teacher only" fold (:class:`~eleusis_lab.widgets.rule_box.RuleBox` with
``secret=True``), never under the form where the class reads.  A rule clicked there empties the hidden
field: the only copy is in the fold until the deal, and none after it.

The form holds only what the teacher is typing; :meth:`SetupForm.request` turns it into the arguments of
:meth:`~eleusis_lab.session.TableSession.begin`, which checks them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.rules.checks import RuleReport, check
from eleusis_lab.session import SavedSession, SessionError, TableSession
from eleusis_lab.widgets._common import button, error_text, rule_deck_of
from eleusis_lab.widgets.confirm import Choice, ConfirmRow
from eleusis_lab.widgets.rule_box import RuleBox
from eleusis_lab.widgets.settle import Settle
from eleusis_lab.widgets.setup import TYPED, SetupView

__all__ = ["RuleVerdict", "SecretRuleField", "SetupForm"]


@dataclass(frozen=True)
class RuleVerdict:
    """The rule check's verdict as the class may read it: fair, or not acceptable and why, in words.

    The why is the check's list of problems (``4 cards never playable``, ``the line can dead-end``,
    ``too loose (typically 52 of 52 playable)``): counts, never a card nor the rule.  The icon says it
    as well as the colour (green for fair, amber for not acceptable); both icons are in DejaVu Sans,
    so a machine without a colour-emoji font draws them too."""

    fair: bool
    text: str

    @classmethod
    def of(cls, report: RuleReport) -> RuleVerdict:
        if report.acceptable:
            return cls(True, "✔ Fair: the rule meets the sources' guidelines for play.")
        return cls(False, "⚠ Not acceptable: " + "; ".join(report.problems) + ".")

    @property
    def kind(self) -> str:
        """The banner's kind: green ``accepted`` or amber ``warning``."""
        return "accepted" if self.fair else "warning"


def report_html(report: RuleReport) -> str:
    """The check's full report (its verdicts with the cards they name), for the teacher's fold only."""
    items = "".join(f"<li>{escape(str(v))}</li>" for v in report.verdicts)
    fit = "fit to play" if report.acceptable else "against the sources' guidelines"
    return f'<div class="eleusis-check-report"><b>The rule is {fit}.</b><ul>{items}</ul></div>'


class SecretRuleField(w.HBox):
    """The secret rule, hidden as it is typed (a password field: the projector shows dots).

    Its eye (:attr:`peek`, a row for the teacher's fold) shows the rule to the teacher to check a typo;
    the field that shows it holds the text only while the eye is open, so no other widget on the page
    carries the secret while the eye is shut."""

    def __init__(self, value: str = "") -> None:
        self.hidden = w.Password(
            value=value,
            description="Secret rule",
            placeholder="rule text, library key or words — hidden as you type",
        )
        self.hidden.layout.width = "40em"
        self.hidden.add_class("eleusis-secret-rule")
        self.hidden.add_class("eleusis-rule-input")
        self.shown = w.Text(description="Secret rule")
        self.shown.layout.width = "30em"
        self.shown.add_class("eleusis-secret-shown")
        self.shown.observe(self._typed_in_shown, "value")
        self.hidden.observe(self._typed_in_hidden, "value")
        # The eye is the button's icon (Font Awesome, which the page loads): a 👁 character needs a
        # colour-emoji font that many school machines lack.
        self.eye = w.ToggleButton(
            value=False, description="Show the secret", icon="eye", tooltip="show or hide the secret rule"
        )
        self.eye.layout.width = "12em"
        self.eye.add_class("eleusis-secret-eye")
        self.eye.observe(lambda _c: self._draw(), "value")
        self.peek = w.HBox([self.eye])
        self.peek.add_class("eleusis-secret-peek")
        super().__init__([self.hidden])

    @property
    def value(self) -> str:
        return str(self.hidden.value)

    @value.setter
    def value(self, text: str) -> None:
        self.hidden.value = text

    def _typed_in_shown(self, change: dict[str, object]) -> None:
        if self.eye.value:  # the shown copy is emptied when the eye shuts: that is no edit
            self.hidden.value = change["new"]

    def _typed_in_hidden(self, change: dict[str, object]) -> None:
        if self.eye.value:
            self.shown.value = change["new"]

    def _draw(self) -> None:
        self.eye.description = "Hide the secret" if self.eye.value else "Show the secret"
        self.eye.icon = "eye-slash" if self.eye.value else "eye"
        self.shown.value = self.hidden.value if self.eye.value else ""
        self.peek.children = [self.eye, self.shown] if self.eye.value else [self.eye]


class SetupForm(SetupView):
    """Variant, players, computer seats, the dealer, the secret rule or a random one, seed, options;
    Deal; the rule check's report in a closed fold; the autosaved sessions to resume."""

    message_size = "18px"

    def __init__(
        self,
        *,
        variant: str,
        players: str,
        rule: str,
        seed: int | None,
        computers: str,
        on_deal: Callable[[], None],
        on_check: Callable[[], None],
        on_resume: Callable[[Path], None],
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(
            variant=variant,
            players=players,
            seed=seed,
            typed=True,
            four_colour=False,
            on_deal=on_deal,
            on_check=on_check,
            width="28em",
            players_width="40em",
        )
        self.source.style.button_width = "17em"
        self.computers = w.Text(
            value=computers,
            description="Computers",
            placeholder="optional: Sci=scientist, Robo=careful",
            layout=w.Layout(width="40em"),
        )
        self.dealer = w.Text(
            description="Dealer",
            placeholder="blank = the computer deals; or a player who deals and types the rule",
            layout=w.Layout(width="40em"),
        )
        self.dealer.add_class("eleusis-dealer")
        self.rule = SecretRuleField(rule)
        self.report = w.HTML()  # the check's full report: in the teacher's fold only
        self._on_deal = on_deal
        # A rule the check calls not acceptable is dealt only once the teacher says so, on this row.
        self.unfair_ask = ConfirmRow(
            '<span style="font-size:18px"><b>Deal this rule anyway?</b> Players may get stuck.</span>',
            self._deal_anyway,
            Settle(clock=clock),
            yes=Choice("Yes, deal it anyway", "eleusis-deal-anyway", "15em"),
            no=Choice("Choose another rule", "eleusis-deal-keep", "14em"),
        )
        self.unfair_ask.add_class("eleusis-unfair-ask")
        self._asked: tuple[str, str] | None = None  # the (game, secret) the question is about
        self._confirmed: tuple[str, str] | None = None  # the (game, secret) the teacher chose to deal
        for field in (self.rule.hidden, self.variant, self.source):
            field.observe(lambda _c: self._secret_changed(), "value")
        # Outside the fold: only *that* the secret is set in the fold, never what it is.
        self.secret_note = w.HTML()
        self.secret_note.add_class("eleusis-secret-note")
        self.rule_row = w.VBox([self.rule, self.secret_note])  # one box: a redraw keeps the field in place
        self.secret_words = self._secret_box()
        # The chooser and the builder offer the rules of the chosen game's deck (letters or cards).
        self.variant.observe(lambda _c: self._fresh_secret_box(), "value")
        self.teacher = w.Accordion(children=[self._fold()])
        title = "Teacher only — the secret in words or clicks (or shown); the check's report"
        self.teacher.set_title(0, title)
        self.teacher.selected_index = None
        self.teacher.add_class("eleusis-teacher")
        self.saved = w.VBox()
        self.saved.add_class("eleusis-saved-sessions")
        self._on_resume = on_resume
        self.draw()

    def rows(self) -> list[w.Widget]:
        who = [self.players, self.computers, self.dealer]
        return [*self.shared_rows(who, self.rule_row), self.unfair_ask, self.teacher, self.saved]

    def _secret_box(self) -> RuleBox:
        # No example in the placeholder: the teacher's secret might be that very example.
        box = RuleBox(
            rule_deck_of(self.variant.value),
            secret=True,
            placeholder="the secret in words or rule text (hidden as you type)",
        )
        box.add_class("eleusis-secret-words")
        box.on_change(self._secret_given)
        return box

    def _fold(self) -> w.VBox:
        say = (
            '<div style="font-size:16px">Say the secret rule in words and click the rule you mean, or '
            "build it by clicks: the Deal button deals it when the hidden field above is empty.</div>"
        )
        return w.VBox([self.rule.peek, w.HTML(say), self.secret_words, self.report])

    def _secret_changed(self) -> None:
        """Another secret or game: what was said about the last one (the verdict, the question, the
        report) goes, so nothing on the form speaks of a rule no longer there."""
        self.unfair_ask.ask(False)
        self.say("")
        self.report.value = ""

    def _secret_given(self, rule: Rule | None) -> None:
        self._secret_changed()
        if rule is None:
            self.secret_note.value = ""
            return
        self.rule.value = ""  # one secret at a time: the one in the fold
        self.secret_note.value = (
            '<div style="font-size:16px">The secret rule is set in the teacher\'s fold (hidden).</div>'
        )

    def secret_text(self) -> str:
        """The secret to deal: the hidden field's rule text or library key, else the fold's rule.

        Words typed in the hidden field go to the fold's chooser, and a typo's hint to the fold; either
        way nothing is dealt, and the line under the form says where to look, never what was typed."""
        typed = self.rule.value.strip()
        if not typed:
            return self.secret_words.rule.text if self.secret_words.rule is not None else ""
        if typed in library.keys():  # noqa: SIM118 - keys() is the library's function
            return typed
        try:
            Rule.parse(typed)
            return typed
        except RuleError as error:
            where = f" at line {error.line}, column {error.column}" if error.line is not None else ""
        self.secret_words.type_text(typed)
        if self.secret_words.chooser.matches and " " in typed:  # a sentence, not a mistyped key
            raise SessionError("That reads as words: open 'Teacher only' below and click the rule you mean.")
        raise SessionError(f"The secret rule has a problem{where}: the hint is in 'Teacher only' below.")

    def check_secret(self) -> RuleReport:
        """The rule check's report on the secret the form would deal (a problem with the form is a
        ``ValueError``: one sentence, nothing checked)."""
        request = self.request()
        variant = request["variant"]
        key, rule = TableSession.choose_rule(variant, request["rule"], request["seed"], request["difficulty"])
        parsed = library.get(key).rule if key is not None else rule
        return check(parsed, deck=rule_deck_of(variant), player_names=request["players"] or None)

    def check_rule(self) -> RuleVerdict | None:
        """*Check the rule*: the verdict in words under the form, the full report in the teacher's fold."""
        try:
            report = self.check_secret()
        except (ValueError, KeyError) as error:
            self.say(error_text(error))
            return None
        self.report.value = report_html(report)
        verdict = RuleVerdict.of(report)
        self.say(f"{verdict.text} The full report is in 'Teacher only' below.", verdict.kind)
        return verdict

    def deal_into(self, session: Any, options: dict[str, Any], *, force: bool = False) -> bool:
        """Deal as the shared form does, once a typed secret passed the check or the teacher confirmed
        it (or ``force``); a secret the check calls not acceptable shows why and asks (nothing is dealt)."""
        if self.source.value == TYPED and not force:
            try:
                decision = (str(self.variant.value), self.secret_text())
                # No secret yet: nothing to check, the session says what is missing (players first).
                wanted = decision[1] != "" and decision != self._confirmed
                report = self.check_secret() if wanted else None
            except (ValueError, KeyError) as error:
                self.say(error_text(error))
                return False
            if report is not None and not report.acceptable:
                self._asked = decision
                self.report.value = report_html(report)
                self.say(RuleVerdict.of(report).text, "warning")
                self.unfair_ask.ask(True)
                return False
        self.unfair_ask.ask(False)
        return super().deal_into(session, options)

    def _deal_anyway(self) -> None:
        """The teacher confirmed the rule the question was about: Deal deals it."""
        self._confirmed = self._asked
        self._on_deal()

    def show_saved(self, sessions: list[SavedSession]) -> None:
        """The autosaved sessions, newest first, each resumed by one click."""
        rows: list[w.Widget] = []
        for saved in sessions[:6]:
            resume = button("Resume", "eleusis-resume", self._resumer(saved.path), width="7em")
            rows.append(
                w.HBox([resume, w.HTML(f'<span style="font-size:16px">{escape(saved.label())}</span>')])
            )
        head = '<div style="font-size:18px;font-weight:bold;margin-top:8px">Saved sessions</div>'
        self.saved.children = [w.HTML(head), *rows] if rows else []

    def _resumer(self, path: Path) -> Callable[[Any], None]:
        return lambda _b: self._on_resume(path)

    def request(self) -> dict[str, Any]:
        """The arguments of ``TableSession.begin`` from the form (raises SessionError on a bad seed)."""
        computers: dict[str, str] = {}
        for part in self.computers.value.split(","):
            if part.strip():
                name, _, kind = part.partition("=")
                computers[name.strip()] = (kind.strip() or "careful").lower()
        return {
            **self.shared_request(self.secret_text() if self.source.value == TYPED else ""),
            "players": [n.strip() for n in self.players.value.split(",") if n.strip()],
            "computers": computers,
            "dealer": self.dealer.value.strip() or None,
        }

    def dealt(self) -> None:
        """The secret leaves the form once dealt; the next round's seed is the next number."""
        self.rule.value = ""
        self.rule.eye.value = False
        self.report.value = ""
        self.unfair_ask.ask(False)
        self._asked = self._confirmed = None
        self._fresh_secret_box()
        super().dealt()

    def _fresh_secret_box(self) -> None:
        """A new fold box, and the old one's widgets closed: no copy of the secret (its text, the
        sentences offered, the builder's rows) stays in the page's widget state."""
        old_fold, old_box = self.teacher.children[0], self.secret_words
        self.secret_words = self._secret_box()
        self.teacher.children = [self._fold()]
        # No live widget may keep a closed one among its children: a page that loads the widget state
        # whole (Voila, a notebook reopened) then renders none of the board.  So the old fold lets go of
        # its children (the report lives on in the new fold) before it and the old box are closed.
        old_fold.children = ()
        old_fold.close()
        _close_tree(old_box)
        self.secret_note.value = ""


def _close_tree(widget: w.Widget) -> None:
    """Close a widget and every widget below it (ipywidgets' close() leaves the children open)."""
    if isinstance(widget, w.Box):  # the accordions and tabs too
        for child in widget.children:
            _close_tree(child)
    widget.close()
