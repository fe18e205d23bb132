"""How sure are you? A slider (0-100 %) and the rule you hold now, stated into a round's log before a play.

A small view beside a board: it knows only how to find the board's current round (``round_of``) and the
student's name.  **State** writes ``Round.state_confidence(player, percent, rule)`` into the round's log;
what the panel then shows is read back from the log (``Round.confidences()``), so what you see is what
was kept.  Nothing on the table changes.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.rules import Rule, RuleError
from eleusis_lab.widgets._common import FONT, banner, button

__all__ = ["ConfidencePanel"]


class ConfidencePanel(w.VBox):
    """The student's rule now and how sure they are of it; **State** keeps both in the round's log."""

    def __init__(self, round_of: Callable[[], Any], player: str) -> None:
        self._round_of = round_of
        self.player = player
        self.rule_box = w.Text(
            placeholder="your rule now, in the rule language (or leave empty)",
            description="My rule now",
            style={"description_width": "8em"},
            layout=w.Layout(width="44em"),
        )
        self.rule_box.add_class("eleusis-confidence-rule")
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
            f'<div style="font-family:{FONT}">Before each play: how sure are you that your rule is the '
            "secret rule? Move the slider, then press <b>State</b>.</div>"
        )
        super().__init__([intro, self.rule_box, w.HBox([self.slider, self.state_button]), self.message])
        self.add_class("eleusis-confidence")

    @classmethod
    def for_board(cls, board: Any, player: str | None = None) -> ConfidencePanel:
        """A panel for ``board``'s current round (``board.round``), for ``player`` (default: its first)."""
        name = player if player is not None else board.player_names()[0]
        return cls(lambda: board.round, name)

    def state(self, percent: int | None = None, rule: str | None = None) -> bool:
        """Keep a statement in the round's log (the slider's and the box's values unless given).

        False, with a one-line message and nothing kept, when the rule does not parse or the round refuses.
        """
        percent = self.slider.value if percent is None else percent
        text = (self.rule_box.value if rule is None else rule).strip()
        current = self._round_of()
        if current is None or current.is_over:
            self.message.value = banner(
                "Deal a round first: there is nothing to be sure about yet.", "warning"
            )
            return False
        try:
            about = Rule.parse(text).text if text else None
            current.state_confidence(self.player, int(percent), about)
        except RuleError as error:
            self.message.value = banner(
                "Your rule does not read as a rule:", "error", detail=escape(str(error))
            )
            return False
        except ValueError as error:  # the round refuses (a GameError): one line, nothing kept
            self.message.value = banner(str(error), "error")
            return False
        self.draw()
        return True

    def draw(self) -> None:
        """Show the last statement the round's log keeps for this player."""
        current = self._round_of()
        kept = [c for c in current.confidences() if c[0] == self.player] if current is not None else []
        if not kept:
            self.message.value = ""
            return
        _who, percent, about, _index = kept[-1]
        rule = f"of “{about}”" if about else "with no rule yet"
        count = f"{len(kept)} statement{'' if len(kept) == 1 else 's'}"
        self.message.value = (
            f'<div class="eleusis-confidence-kept" style="font-family:{FONT}">Kept in the log: '
            f"<b>{percent} %</b> sure {escape(rule)} ({count} so far).</div>"
        )

    def _on_state(self, _button: Any = None) -> None:
        self.state()
