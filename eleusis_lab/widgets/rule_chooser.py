"""The words-to-rules chooser: a student's sentence, then a handful of rules, one sentence per row.

Each candidate is a full-width button whose label is the rule's English at projector size (20 px, at
least 18 px on any board), wrapping onto as many lines as it needs, so rows never overlap; the row
clicked is the row returned (:attr:`RuleChooser.picked`, and ``on_pick`` callbacks get the same
:class:`~eleusis_lab.science.words.RuleMatch`).  "Open in the builder" hands the picked (or best)
candidate to a :class:`~eleusis_lab.widgets.rule_builder.RuleBuilder`, prefilled, to adjust.

>>> chooser = RuleChooser()
>>> chooser.find("the colours go red, black, red, black")
>>> chooser.rows[0].click()
>>> chooser.picked.text
'card.color != prev.color'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from eleusis_lab.science.words import RuleMatch, closest_rules
from eleusis_lab.widgets._common import button
from eleusis_lab.widgets.rule_builder import RuleBuilder

__all__ = ["RuleChooser"]

STYLE = """
<style>
.eleusis-rule-chooser .eleusis-chooser-row { font-size: 20px; line-height: 1.3; white-space: normal;
  height: auto !important; min-height: 44px; text-align: left; justify-content: flex-start;
  padding: 8px 12px; margin: 0 0 8px 0; overflow: visible; }
.eleusis-rule-chooser .eleusis-chooser-row.mod-success { outline: 3px solid #166534; }
.eleusis-chooser-message { font-size: 18px; }
</style>
"""


class RuleChooser(w.VBox):
    """Type words, get at most a handful of rules as sentences, click one: ``chooser.picked``."""

    def __init__(
        self, deck: str = "standard", *, with_words: bool = True, opens: Callable[[], object] | None = None
    ) -> None:
        """``with_words=False`` leaves out its own word box (a caller with one calls :meth:`show`);
        ``opens``: what *Open in the builder* does instead (a caller with a builder of its own)."""
        self.deck = deck
        self.matches: list[RuleMatch] = []
        self.rows: list[w.Button] = []
        self.picked: RuleMatch | None = None
        self.builder: RuleBuilder | None = None  # the builder opened from a candidate, to adjust it
        self._callbacks: list[Callable[[RuleMatch], object]] = []
        # Enter (or leaving the box) sends the words: the value changes only then.
        self.words = w.Text(
            placeholder="What the student said, in words",
            continuous_update=False,
            layout=w.Layout(width="100%"),
        )
        self.words.add_class("eleusis-chooser-words")
        self.words.observe(lambda ch: self.find(ch["new"]), "value")
        self.find_button = button(
            "Find rules", "eleusis-chooser-find", lambda _b: self.find(self.words.value)
        )
        self.message = w.HTML()
        self.message.add_class("eleusis-chooser-message")
        self.list = w.VBox(layout=w.Layout(width="100%"))
        self.list.add_class("eleusis-chooser-list")
        self.builder_button = button(
            "Open in the builder",
            "eleusis-chooser-to-builder",
            lambda _b: (opens or self.open_builder)(),
            width="13em",
        )
        self.builder_area = w.VBox()
        super().__init__(
            [
                w.HTML(STYLE),
                *([w.HBox([self.words, self.find_button])] if with_words else []),
                self.message,
                self.list,
                self.builder_button,
                self.builder_area,
            ],
            layout=w.Layout(max_width="1000px"),
        )
        self.add_class("eleusis-rule-chooser")

    def on_pick(self, callback: Callable[[RuleMatch], object]) -> None:
        """Call ``callback(match)`` with the row clicked."""
        self._callbacks.append(callback)

    def find(self, sentence: str) -> None:
        """Offer the rules closest to ``sentence`` (nothing is picked until a row is clicked)."""
        if not sentence.strip():
            self.show([], "Type what the student said first.")
            return
        found = closest_rules(sentence, deck=self.deck)
        self.show(
            found, "" if found else "No rule matches those words: try other words, or the rule builder."
        )

    def show(self, matches: Sequence[RuleMatch], message: str = "") -> None:
        """Show these candidates, one row each (for a caller that found them itself)."""
        self.matches = list(matches)
        self.picked = None
        self.builder, self.builder_area.children = None, []  # a builder belongs to the words it came from
        self.rows = [self._row(k, m) for k, m in enumerate(self.matches)]
        self.list.children = self.rows
        self.message.value = f"<div>{escape(message)}</div>" if message else ""

    def _row(self, k: int, match: RuleMatch) -> w.Button:
        row = w.Button(description=match.english, tooltip=match.english, layout=w.Layout(width="100%"))
        row.add_class("eleusis-chooser-row")
        row.on_click(lambda _b: self.pick(k))
        return row

    def pick(self, k: int) -> RuleMatch:
        """The row ``k`` is picked (what a click does): it is the one returned, and marked."""
        if not 0 <= k < len(self.matches):
            raise ValueError(f"there is no row {k + 1}: {len(self.matches)} rules are offered")
        self.picked = self.matches[k]
        for j, row in enumerate(self.rows):
            row.button_style = "success" if j == k else ""
        for callback in self._callbacks:
            callback(self.picked)
        return self.picked

    def open_builder(self) -> RuleBuilder | None:
        """A rule builder prefilled with the picked candidate (or the best one), to adjust it."""
        match = self.picked or (self.matches[0] if self.matches else None)
        if match is None:
            self.message.value = "<div>Find rules first.</div>"
            return None
        builder = RuleBuilder(self.deck)
        try:
            builder.prefill(match.text)
        except ValueError as err:
            self.message.value = f"<div>{escape(str(err))}</div>"
            return None
        self.builder = builder
        self.builder_area.children = [builder]
        return builder
