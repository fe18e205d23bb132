"""The class board's set-up form: game, players, the secret rule (hidden, with an eye), options, Deal,
and the autosaved sessions to resume with one click.

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
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.session import SavedSession, SessionError
from eleusis_lab.widgets._common import button, rule_deck_of
from eleusis_lab.widgets.rule_box import RuleBox
from eleusis_lab.widgets.setup import TYPED, SetupView

__all__ = ["SecretRuleField", "SetupForm"]


class SecretRuleField(w.HBox):
    """The secret rule, hidden as it is typed; the eye shows it to the teacher to check a typo."""

    def __init__(self, value: str = "") -> None:
        self.hidden = w.Password(
            value=value,
            description="Secret rule",
            placeholder="rule text, library key or words — hidden as you type",
        )
        self.shown = w.Text(value=value, description="Secret rule")
        for field in (self.hidden, self.shown):
            field.layout.width = "40em"
            field.add_class("eleusis-secret-rule")
            field.add_class("eleusis-rule-input")
        self.shown.observe(lambda c: setattr(self.hidden, "value", c["new"]), "value")
        self.hidden.observe(lambda c: setattr(self.shown, "value", c["new"]), "value")
        self.eye = w.ToggleButton(value=False, description="👁 Show", tooltip="show or hide the rule")
        self.eye.layout.width = "7em"
        self.eye.add_class("eleusis-secret-eye")
        self.eye.observe(lambda _c: self._draw(), "value")
        super().__init__()
        self._draw()

    @property
    def value(self) -> str:
        return str(self.hidden.value)

    @value.setter
    def value(self, text: str) -> None:
        self.hidden.value = text

    def _draw(self) -> None:
        self.eye.description = "👁 Hide" if self.eye.value else "👁 Show"
        self.children = [self.shown if self.eye.value else self.hidden, self.eye]


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
        # Outside the fold: only *that* the secret is set in the fold, never what it is.
        self.secret_note = w.HTML()
        self.secret_note.add_class("eleusis-secret-note")
        self.rule_row = w.VBox([self.rule, self.secret_note])  # one box: a redraw keeps the field in place
        self.secret_words = self._secret_box()
        # The chooser and the builder offer the rules of the chosen game's deck (letters or cards).
        self.variant.observe(lambda _c: self._fresh_secret_box(), "value")
        self.report = w.HTML()
        self.teacher = w.Accordion(children=[self._fold()])
        self.teacher.set_title(0, "Teacher only — the secret in words or clicks; the rule check's report")
        self.teacher.selected_index = None
        self.teacher.add_class("eleusis-teacher")
        self.saved = w.VBox()
        self.saved.add_class("eleusis-saved-sessions")
        self._on_resume = on_resume
        self.draw()

    def rows(self) -> list[w.Widget]:
        who = [self.players, self.computers, self.dealer]
        return [*self.shared_rows(who, self.rule_row), self.teacher, self.saved]

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
        return w.VBox([w.HTML(say), self.secret_words, self.report])

    def _secret_given(self, rule: Rule | None) -> None:
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
