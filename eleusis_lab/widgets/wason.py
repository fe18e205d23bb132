"""The 2-4-6 task as a small widget: the student's idea in words, a prediction, three numbers, a verdict.

A view over one :class:`eleusis_lab.science.wason.WasonTask`; the task holds every test, the widget draws
them.  The widget never suggests an idea: the boxes start empty, and before each test the student writes
their own idea and says what it predicts for the numbers (*fits* makes a positive test, *does not fit* a
negative one).  There is no menu of rules to pick from, so nothing on screen lists the answer.  When sure,
the student checks their rule on five new triples the computer chooses: they say what *their* rule says
of each, and learn only how many agree with the computer's rule (the answer itself is in the teacher
guide, or a collapsed cell of the lesson).

>>> widget = WasonWidget()
>>> [box.value for box in widget.numbers]
['', '', '']
>>> widget.try_triple((8, 10, 12), "up in twos", predicts_fit=True).fits
True
>>> widget.task.counts().positive
1
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.science.wason import Triple, WasonTask, WasonTest
from eleusis_lab.widgets._common import FONT, banner, button

__all__ = ["CHECK_TRIPLES", "WasonWidget"]

# The triples a rule is checked on at the end: they tell apart the ideas people usually hold (up by two,
# equal steps, even numbers, going up, all different) from one another and from the computer's rule.
CHECK_TRIPLES: tuple[Triple, ...] = ((1, 2, 3), (10, 8, 6), (3, 6, 12), (5, 5, 5), (-7, 0, 100))
_FITS, _NOT = "fits", "does not fit"


class WasonWidget(w.VBox):
    """Wason's 2-4-6 task for one student (the computer's rule is in ``task``, never on screen)."""

    def __init__(self, task: WasonTask | None = None) -> None:
        self.task = task or WasonTask()
        self.ideas: list[str] = ["" for _ in self.task.tests]  # the idea in words before each test
        self.idea = w.Text(
            placeholder="my idea of the rule, in words", layout=w.Layout(width="30em"), description="My idea"
        )
        self.idea.add_class("eleusis-wason-idea")
        self.numbers = [
            w.Text(value="", placeholder="?", layout=w.Layout(width="5em"), continuous_update=False)
            for _ in range(3)
        ]
        for k, box in enumerate(self.numbers):
            box.add_class(f"eleusis-wason-n{k + 1}")
        self.prediction = w.ToggleButtons(
            options=[_FITS, _NOT], value=None, description="My idea says:", style={"button_width": "8em"}
        )
        self.prediction.add_class("eleusis-wason-prediction")
        self.test_button = button("Test", "eleusis-wason-test", self._on_test, width="6em", style="primary")
        self.verdict = w.HTML()
        self.verdict.add_class("eleusis-wason-verdict")
        self.history = w.HTML()
        self.history.add_class("eleusis-wason-log")
        # The final check: what the student's rule says of each check triple.
        self.checks = [
            w.ToggleButtons(
                options=[_FITS, _NOT],
                value=None,
                description=", ".join(map(str, t)),
                style={"button_width": "7em"},
            )
            for t in CHECK_TRIPLES
        ]
        self.check_button = button("Check my rule", "eleusis-wason-announce", self._on_check, width="11em")
        self.announcements: list[tuple[str, int]] = []  # (the rule in words, check triples agreeing)
        intro = w.HTML(
            f'<div style="font-family:{FONT};font-size:1.1em">The computer has a rule about three numbers. '
            "<b>2, 4, 6</b> fits it. Write your idea of the rule, type three numbers, say whether your idea "
            "says they fit, and press <b>Test</b>. Change your idea whenever you like.</div>"
        )
        final = w.HTML(
            f'<div style="font-family:{FONT};margin-top:10px"><b>When you are sure</b>: for each set of '
            "numbers below, what does <i>your</i> rule say? Then press <b>Check my rule</b>.</div>"
        )
        super().__init__(
            [
                intro,
                self.idea,
                w.HBox([*self.numbers]),
                w.HBox([self.prediction, self.test_button]),
                self.verdict,
                self.history,
                final,
                *self.checks,
                self.check_button,
            ]
        )
        self.add_class("eleusis-wason")
        self._draw_log()

    # -- what the buttons do (tests drive these) --------------------------------------------------
    def try_triple(
        self, triple: Sequence[Any], idea: str | None = None, *, predicts_fit: bool | None = None
    ) -> WasonTest:
        """Test ``triple`` holding ``idea`` (words) that predicts ``predicts_fit``; shows the verdict."""
        result = self.task.test(triple, predicted=predicts_fit)
        self.ideas.append((idea or "").strip())
        numbers = ", ".join(str(n) for n in result.triple)
        self.verdict.value = (
            banner(f"{numbers}: yes, it fits the rule.", "accepted")
            if result.fits
            else banner(f"{numbers}: no, it does not fit.", "rejected")
        )
        self._draw_log()
        return result

    def check_rule(self, rule_words: str, says_fits: Sequence[bool]) -> int:
        """How many check triples the student's rule (saying ``says_fits`` of each) agrees on."""
        if len(says_fits) != len(CHECK_TRIPLES):
            raise ValueError(f"say what your rule says of all {len(CHECK_TRIPLES)} sets of numbers")
        agree = sum(
            self.task.secret.fits(t) == said for t, said in zip(CHECK_TRIPLES, says_fits, strict=True)
        )
        self.announcements.append((rule_words.strip(), agree))
        total = len(CHECK_TRIPLES)
        if agree == total:
            self.verdict.value = banner(
                f"Your rule agrees with the computer's on all {total} sets of numbers: you have very "
                f"probably found it (after {len(self.task.tests)} tests). Ask your teacher.",
                "accepted",
            )
        else:
            self.verdict.value = banner(
                f"Your rule and the computer's disagree on {total - agree} of the {total} sets. "
                "Keep testing: try numbers your idea says do NOT fit.",
                "rejected",
            )
        return agree

    # -- widget callbacks ------------------------------------------------------------------------
    def _on_test(self, _button: Any = None) -> None:
        if not self.idea.value.strip():
            self.verdict.value = banner(
                "First write your idea of the rule (any idea: you can change it).", "warning"
            )
            return
        if self.prediction.value is None:
            self.verdict.value = banner("Say what your idea predicts: fits, or does not fit?", "warning")
            return
        try:
            self.try_triple(
                [box.value for box in self.numbers],
                self.idea.value,
                predicts_fit=self.prediction.value == _FITS,
            )
        except ValueError as error:
            self.verdict.value = banner(str(error), "error")
            return
        self.prediction.value = None  # a new prediction for every test

    def _on_check(self, _button: Any = None) -> None:
        if not self.idea.value.strip():
            self.verdict.value = banner("First write your rule in the box “My idea”.", "warning")
            return
        if any(toggle.value is None for toggle in self.checks):
            self.verdict.value = banner("Say what your rule says of every set of numbers.", "warning")
            return
        self.check_rule(self.idea.value, [toggle.value == _FITS for toggle in self.checks])

    def _draw_log(self) -> None:
        tests = self.task.tests
        if not tests:
            self.history.value = ""
            return
        kinds = {True: "positive", False: "negative", None: "—"}
        rows = "".join(
            f"<tr><td>{i}</td><td>{escape(', '.join(map(str, t.triple)))}</td>"
            f"<td>{'fits' if t.fits else 'does not fit'}</td>"
            f"<td>{escape(idea)}</td><td>{'fits' if t.predicted else 'does not fit'}</td>"
            f"<td>{kinds[t.positive]}</td></tr>"
            for i, (t, idea) in enumerate(zip(tests, self.ideas, strict=True), start=1)
        )
        count = self.task.counts()
        self.history.value = (
            f'<div style="font-family:{FONT}"><b>Your tests</b>: {count.positive} positive (your idea said '
            f"“fits”), {count.negative} negative (your idea said “does not fit”)"
            "<style>.eleusis-wason-table td, .eleusis-wason-table th {padding:1px 14px 1px 0;"
            "text-align:left}</style>"
            '<table class="eleusis-wason-table" style="border-collapse:collapse;margin-top:4px">'
            "<tr><th>#</th><th>numbers</th><th>computer</th><th>your idea then</th><th>it said</th>"
            f"<th>test</th></tr>{rows}</table></div>"
        )
