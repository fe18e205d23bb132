"""How sure are you? A slider (0-100 %) and the rule you hold now, stated into a round's log before a play.

The rule is stated in words (click the sentence you mean), by clicks (the rule builder) or as rule text:
the panel's :class:`~eleusis_lab.widgets.rule_box.RuleBox`, so lesson 10 measures sureness, not typing.
A small view beside a board: it knows only how to find the board's session (``session_of``) and the
student's name.  **State** asks the session (``state_confidence``), which keeps the statement in the
round's log as one of its events (so undo and the save cover it); what the panel then shows is read back
from the session (``confidences``), so what you see is what was kept.  Nothing on the table changes.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, Protocol

import ipywidgets as w

from eleusis_lab.rules.english import english
from eleusis_lab.widgets._common import FONT, banner, button, error_text
from eleusis_lab.widgets.rule_box import RuleBox

__all__ = ["ConfidencePanel", "ConfidenceSession"]


class ConfidenceSession(Protocol):
    """What the panel asks of a session (:class:`~eleusis_lab.session.TableSession` is one)."""

    def state_confidence(self, player: str, percent: int, rule: str | None = None) -> Any: ...

    def confidences(self, player: str) -> list[tuple[int, str | None]]: ...


class ConfidencePanel(w.VBox):
    """The student's rule now and how sure they are of it; **State** keeps both in the round's log."""

    def __init__(
        self, session_of: Callable[[], ConfidenceSession | None], player: str, deck: str = "standard"
    ) -> None:
        self._session_of = session_of
        self.player = player
        self.statement = RuleBox(deck, placeholder="your rule now in words (or leave it empty), then Enter")
        self.statement.add_class("eleusis-confidence-rule")
        self.statement.layout.max_width = "1000px"
        self.slider = w.IntSlider(
            value=50,
            min=0,
            max=100,
            step=5,
            description="How sure (%)",
            style={"description_width": "8em"},
            layout=w.Layout(width="34em"),
        )
        self.slider.add_class("eleusis-confidence-slider")
        self.state_button = button(
            "State", "eleusis-confidence-state", self._on_state, width="6em", style="info"
        )
        self.message = w.HTML()
        self.message.add_class("eleusis-confidence-message")
        intro = w.HTML(
            f'<div style="font-family:{FONT};font-size:17px">Before each play: <b>my rule now</b> (in words, '
            "then click the sentence you mean; or by clicks), and how sure you are that it is the secret "
            "rule. Move the slider, then press <b>State</b>.</div>"
        )
        super().__init__([intro, self.statement, w.HBox([self.slider, self.state_button]), self.message])
        self.add_class("eleusis-confidence")

    @classmethod
    def for_board(cls, board: Any, player: str | None = None) -> ConfidencePanel:
        """A panel acting through ``board``'s session, for ``player`` (default: its first)."""
        name = player if player is not None else board.player_names()[0]
        round_ = board.round
        deck = round_.rule_deck() if round_ is not None else "standard"
        return cls(lambda: board.session, name, deck)

    def state(self, percent: int | None = None, rule: str | None = None) -> bool:
        """Keep a statement in the round's log (the slider's value and the rule box's rule unless given).

        False, with a one-line message and nothing kept, when the session refuses (no round, a rule that
        does not parse, a percentage out of range) or the box holds words not yet turned into a rule.
        """
        percent = self.slider.value if percent is None else percent
        session = self._session_of()
        if session is None:
            self.message.value = banner(
                "Deal a round first: there is nothing to be sure about yet.", "warning"
            )
            return False
        if rule is None and self.statement.problem:  # half-stated: never kept as "no rule"
            self.message.value = banner(self.statement.problem, "warning")
            return False
        stated = self.statement.rule
        text = rule if rule is not None else (stated.text if stated is not None else None)
        try:
            session.state_confidence(self.player, int(percent), text)
        except ValueError as error:  # the session's one sentence; nothing was kept
            self.message.value = banner(error_text(error), "error")
            return False
        self.draw()
        return True

    def draw(self) -> None:
        """Show the last statement the session keeps for this player."""
        session = self._session_of()
        kept = session.confidences(self.player) if session is not None else []
        if not kept:
            self.message.value = ""
            return
        percent, about = kept[-1]
        rule = f"of “{english(about)}”" if about else "with no rule yet"
        count = f"{len(kept)} statement{'' if len(kept) == 1 else 's'}"
        self.message.value = (
            f'<div class="eleusis-confidence-kept" style="font-family:{FONT}">Kept in the log: '
            f"<b>{percent} %</b> sure {escape(rule)} ({count} so far).</div>"
        )

    def _on_state(self, _button: Any = None) -> None:
        self.state()
