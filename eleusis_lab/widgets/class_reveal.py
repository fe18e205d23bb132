"""The class board's reveal banner and the teacher's fold.

The reveal (class ``eleusis-revealed``) is one moment: the rule in plain English first, then its rule
text, the seal check, and one scores table (this round and the match totals).  The teacher's fold
(``eleusis-teacher``, closed by default, titled "Teacher only") holds what must not reach the
projector unasked: hints, the acceptance map toggle, where the session is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.session import TableSession
from eleusis_lab.widgets._common import FONT, banner, button, points_text

__all__ = ["RevealView", "TeacherFold", "scores_table_html"]


def scores_table_html(session: TableSession) -> str:
    """One table: each player's points this round beside the match total (class ``eleusis-scores``)."""
    rows = session.scores()
    if not rows:
        return ""
    n = session.rounds_counted()
    body = "".join(
        f'<tr><td style="padding:2px 24px 2px 0">{escape(r.name)}'
        f"{' <small>(dealer)</small>' if r.dealer and r.name != 'Dealer' else ''}</td>"
        f'<td style="text-align:right;padding:2px 24px;font-weight:bold">{points_text(r.points)}</td>'
        f'<td style="text-align:right;padding:2px 0">{points_text(r.total)}</td></tr>'
        for r in rows
    )
    return (
        f'<div class="eleusis-scores" style="font-family:{FONT};font-size:24px">'
        f'<table style="border-collapse:collapse"><tr style="font-size:18px;color:#374151"><th></th>'
        f'<th style="padding:0 24px">this round</th>'
        f"<th>match total ({n} round{'s' if n != 1 else ''})</th></tr>"
        f"{body}</table></div>"
    )


class RevealView(w.VBox):
    """The large reveal banner, shown once the rule is revealed (empty before), with "Next round" on top.

    The button is also what brings the banner into view: ipywidgets' ``focus`` focuses a button (an
    HTML widget or a box cannot take focus), and focusing scrolls the page to it, wherever the teacher
    had scrolled.
    """

    def __init__(self, on_next: Callable[[], Any] | None = None) -> None:
        self.banner = w.HTML()
        self.next_round = button(
            "Next round", "eleusis-next-round-top", lambda _b: on_next and on_next(), width="9em",
            style="primary",
        )  # fmt: skip
        super().__init__([self.banner], layout=w.Layout(align_items="stretch"))
        self.add_class("eleusis-reveal-area")

    @property
    def value(self) -> str:
        """The banner's HTML ("" before the reveal)."""
        return str(self.banner.value)

    def bring_into_view(self) -> None:
        """Scroll the page to the banner (focusing its button scrolls it into view)."""
        if self.next_round in self.children:
            self.next_round.focus()

    def render(self, session: TableSession) -> None:
        r = session.round
        if r is None or not session.revealed:
            self.banner.value = ""
            self.children = [self.banner]
            return
        top = [self.next_round] if "next-round" in session.possible() else []
        if list(self.children) != [*top, self.banner]:
            self.children = [*top, self.banner]
        english = session.english()
        head = (
            f'<div style="font-size:34px;font-weight:bold;line-height:1.2">{escape(english)}</div>'
            if english
            else '<div style="font-size:30px;font-weight:bold">The rule:</div>'
        )
        ok = r.seal.verify(r.rule.text)
        seal = (
            f"Seal checked: the seal code {r.seal.fingerprint} matches this rule."
            if ok
            else f"Seal BROKEN: the seal code {r.seal.fingerprint} does not match this rule!"
        )
        self.banner.value = (
            f'<div class="eleusis-revealed" style="font-family:{FONT};background:#f5f3ff;'
            f'border:4px solid #7c3aed;border-radius:10px;padding:12px 18px;margin:6px 0">'
            f'<div style="font-size:18px;color:#5b21b6;font-weight:bold">THE SECRET RULE</div>{head}'
            f'<div style="font-size:22px;margin:6px 0">in the rule language: '
            f"<code>{escape(r.rule.text)}</code></div>"
            f"{banner(seal, 'accepted' if ok else 'rejected', size='18px')}"
            f'<div style="margin-top:8px">{scores_table_html(session)}</div></div>'
        )


class TeacherFold(w.Accordion):
    """Closed by default; hints (with the players' consent once play has begun), figure toggles, the save."""

    def __init__(self, act: Callable[[Callable[[], Any]], bool], toggles: w.Widget) -> None:
        self._act = act
        self._session: TableSession | None = None
        self.hint = w.Text(
            description="Hint", placeholder="the dealer's hint to everybody (blank: the computer's)"
        )
        self.hint.layout.width = "30em"
        self.hint.add_class("eleusis-hint-input")
        self.give = button("Give the hint", "eleusis-hint", lambda _b: self.give_hint(), width="11em")
        self.consent = w.HTML()
        self.agree = button(
            "The players agree", "eleusis-hint-consent", lambda _b: self.give_hint(True), width="13em"
        )
        self.cancel = button("Cancel", "eleusis-hint-cancel", lambda _b: self._ask(False), width="7em")
        self.asking = False
        self.saved = w.HTML()
        self.saved.add_class("eleusis-save")
        self.box = w.VBox()
        self.hint_row = w.HBox([self.hint, self.give])
        self.consent_row = w.HBox([self.consent, self.agree, self.cancel])
        self.toggles = toggles
        super().__init__(children=[self.box])
        self.set_title(0, "Teacher only — hints, figures, the save file")
        self.selected_index = None
        self.add_class("eleusis-teacher")

    def render(self, session: TableSession) -> None:
        self._session = session
        rows: list[w.Widget] = []
        if "hint" in session.possible():
            rows.append(self.hint_row)
            if self.asking:
                rows.append(self.consent_row)
        rows.append(self.toggles)
        path = session.save_path
        self.saved.value = (
            f'<div style="font-size:14px;color:#4b5563">Autosaved after every action to '
            f"<code>{escape(str(path))}</code>; the set-up form lists it to resume.</div>"
            if path is not None
            else '<div style="font-size:14px;color:#4b5563">Not saved (autosave is off).</div>'
        )
        rows.append(self.saved)
        if list(self.box.children) != rows:
            self.box.children = rows

    def _ask(self, on: bool) -> None:
        self.asking = on
        self.consent.value = (
            "<b>Play has begun: a hint changes the game. Do the players agree?</b>" if on else ""
        )
        if self._session is not None:
            self.render(self._session)

    def give_hint(self, agreed: bool = False) -> None:
        session = self._session
        if session is None:
            return
        if session.hint_needs_consent() and not agreed:  # from the round: a computer may have played
            self._ask(True)
            return
        text = self.hint.value

        if self._act(lambda: session.give_hint(text, players_agree=agreed)):
            self.hint.value = ""
        self._ask(False)
