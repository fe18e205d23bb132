"""The class board's teacher's fold (``eleusis-teacher``, closed by default, titled "Teacher only"): what
must not reach the projector unasked: hints, the acceptance map toggle, where the session is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.session import TableSession
from eleusis_lab.widgets._common import button
from eleusis_lab.widgets.views import set_children

__all__ = ["TeacherFold"]


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
        set_children(self.box, rows)

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
