"""The 2-4-6 task as a small widget: three numbers, a *Test* button, the verdict, a log of tests.

A view over one :class:`eleusis_lab.science.wason.WasonTask`; the task holds every test and
announcement, the widget only draws them.  Before each test the student says which rule they hold now
(a menu of the ideas people usually have), so each test is counted as positive or negative.

>>> widget = WasonWidget()
>>> widget.try_triple((8, 10, 12), "up-by-two").fits
True
>>> widget.task.counts().positive
1
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.science.wason import TRIPLE_RULES, WasonTask, WasonTest
from eleusis_lab.widgets._common import FONT, banner, button

__all__ = ["WasonWidget"]

_NO_IDEA = "no idea yet"


class WasonWidget(w.VBox):
    """Wason's 2-4-6 task for one student: the computer's rule is "any increasing triple"."""

    def __init__(self, task: WasonTask | None = None) -> None:
        self.task = task or WasonTask()
        self.numbers = [
            w.Text(value=str(n), layout=w.Layout(width="5em"), continuous_update=False) for n in (1, 2, 3)
        ]
        for k, box in enumerate(self.numbers):
            box.add_class(f"eleusis-wason-n{k + 1}")
        choices = [(_NO_IDEA, "")] + [(r.words, r.key) for r in TRIPLE_RULES]
        self.idea = w.Dropdown(
            options=choices, value="", description="My rule now", style={"description_width": "7em"}
        )
        self.idea.layout.width = "26em"
        self.idea.add_class("eleusis-wason-idea")
        self.test_button = button("Test", "eleusis-wason-test", self._on_test, width="6em", style="primary")
        self.announce_button = button(
            "This is the rule", "eleusis-wason-announce", self._on_announce, width="11em"
        )
        self.verdict = w.HTML()
        self.verdict.add_class("eleusis-wason-verdict")
        self.history = w.HTML()
        self.history.add_class("eleusis-wason-log")
        intro = w.HTML(
            f'<div style="font-family:{FONT};font-size:1.1em">The computer has a rule about three numbers. '
            "<b>2, 4, 6</b> fits it. Type three numbers and press <b>Test</b>; when you are sure, choose "
            "your rule in the menu and press <b>This is the rule</b>.</div>"
        )
        super().__init__(
            [
                intro,
                w.HBox([*self.numbers, self.test_button]),
                w.HBox([self.idea, self.announce_button]),
                self.verdict,
                self.history,
            ]
        )
        self.add_class("eleusis-wason")
        self._draw_log()

    # -- what the buttons do (tests drive these) --------------------------------------------------
    def try_triple(self, triple: Sequence[Any], idea: str | None = None) -> WasonTest:
        """Test ``triple`` holding ``idea`` (a key of ``TRIPLE_RULES`` or None); shows the verdict."""
        result = self.task.test(triple, idea)
        numbers = ", ".join(str(n) for n in result.triple)
        self.verdict.value = (
            banner(f"{numbers}: yes, it fits the rule.", "accepted")
            if result.fits
            else banner(f"{numbers}: no, it does not fit.", "rejected")
        )
        self._draw_log()
        return result

    def announce(self, idea: str) -> bool:
        right = self.task.announce(idea)
        words = next(r.words for r in TRIPLE_RULES if r.key == idea)
        if right:
            self.verdict.value = banner(
                f"Right: the rule is {words}. You found it after {len(self.task.tests)} tests.", "accepted"
            )
        else:
            self.verdict.value = banner(f"No: the rule is not “{words}”. Keep testing.", "rejected")
        self._draw_log()
        return right

    # -- widget callbacks ------------------------------------------------------------------------
    def _on_test(self, _button: Any = None) -> None:
        try:
            self.try_triple([box.value for box in self.numbers], self.idea.value or None)
        except ValueError as error:
            self.verdict.value = banner(str(error), "error")

    def _on_announce(self, _button: Any = None) -> None:
        if not self.idea.value:
            self.verdict.value = banner("First choose your rule in the menu “My rule now”.", "warning")
            return
        self.announce(self.idea.value)

    def _draw_log(self) -> None:
        tests = self.task.tests
        if not tests:
            self.history.value = ""
            return
        kinds = {True: "positive", False: "negative", None: "—"}
        ideas = {r.key: r.words for r in TRIPLE_RULES}
        rows = "".join(
            f"<tr><td>{i}</td><td>{escape(', '.join(map(str, t.triple)))}</td>"
            f"<td>{'fits' if t.fits else 'does not fit'}</td>"
            f"<td>{escape(ideas.get(t.hypothesis or '', _NO_IDEA))}</td><td>{kinds[t.positive]}</td></tr>"
            for i, t in enumerate(tests, start=1)
        )
        count = self.task.counts()
        self.history.value = (
            f'<div style="font-family:{FONT}"><b>Your tests</b>: {count.positive} positive (your rule said '
            f"“fits”), {count.negative} negative (your rule said “does not fit”)"
            "<style>.eleusis-wason-table td, .eleusis-wason-table th {padding:1px 14px 1px 0;"
            "text-align:left}</style>"
            '<table class="eleusis-wason-table" style="border-collapse:collapse;margin-top:4px">'
            "<tr><th>#</th><th>numbers</th><th>computer</th><th>your rule then</th><th>test</th></tr>"
            f"{rows}</table></div>"
        )
