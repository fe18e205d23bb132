"""A deliberate decision: a question on a row of its own, with *Yes* and *No* buttons, for the actions
a double-click must never reach (reveal the rule mid-round, abandon the round, deal a rule the check
calls unfair).

Why a row of its own: the button that asks (Reveal, Back to set-up, Deal) stays where it is, and the
confirming button appears elsewhere, so the second click of a double-click lands on the asking button
again (which only asks again), never on *Yes*.  Why the settle time too: a click on *Yes* within
:data:`~eleusis_lab.widgets.settle.SETTLE_SECONDS` after the question appeared is ignored, so even a
pointer that happened to be where *Yes* was drawn confirms nothing until the teacher has read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as w

from eleusis_lab.widgets._common import button
from eleusis_lab.widgets.settle import Settle

__all__ = ["Choice", "ConfirmRow"]


@dataclass(frozen=True)
class Choice:
    """One button of the question: its words, its stable CSS class (for people and browser tests) and
    its width."""

    label: str
    css_class: str
    width: str = "11em"


class ConfirmRow(w.HBox):
    """The question (HTML), *No* (puts the row away) and *Yes* (does the thing, once settled)."""

    def __init__(
        self,
        question: str,
        on_yes: Callable[[], object],
        settle: Settle | None = None,
        *,
        yes: Choice,
        no: Choice,
    ) -> None:
        self.settle = settle if settle is not None else Settle()
        self.question = w.HTML(question)
        self.keep = button(no.label, no.css_class, lambda _b: self.ask(False), width=no.width)
        self.yes = button(
            yes.label, yes.css_class, lambda _b: self._confirmed(), width=yes.width, style="danger"
        )
        self._on_yes = on_yes
        self.asking = False
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="center"))

    def ask(self, on: bool = True) -> None:
        """Show (or put away) the question; showing it starts the settle time of its *Yes* button."""
        if on and not self.asking:
            self.settle.start()
        self.asking = on
        row: w.Box = self
        kids = (self.question, self.keep, self.yes) if on else ()
        if tuple(row.children) != kids:  # unchanged: no redraw on the projector
            row.children = kids

    def _confirmed(self) -> None:
        if self.asking and self.settle.settled():
            self.ask(False)
            self._on_yes()
