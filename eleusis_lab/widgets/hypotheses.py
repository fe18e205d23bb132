"""The class hypotheses panel, beside the table: students' guesses at the rule, falsified by the evidence.

Each hypothesis is checked against every judgement of the round (``Round.evidence()``); the first
observation it disagrees with falsifies it, and the panel shows that card.  The narrowing plot (how many
candidate rules are left after each play) and the acceptance map (how likely each card is to be accepted
next) come from :mod:`eleusis_lab.science` and :mod:`eleusis_lab.plots` and update after each play.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.render import card_svg
from eleusis_lab.widgets._common import FONT, banner, button, error_text

__all__ = ["ClassHypothesis", "HypothesisPanel", "falsifier"]


@dataclass(frozen=True)
class ClassHypothesis:
    """A student's hypothesis: who proposed it, the rule, and when (the number of judgements seen then)."""

    student: str
    rule: Any
    seen: int = 0

    @property
    def text(self) -> str:
        return str(self.rule.text)


def falsifier(rule: Any, round_: Any) -> tuple[int, Any] | None:
    """The first judgement of the round that ``rule`` would have judged otherwise, as (number, observation).

    A string (New Eleusis) counts as accepted by ``rule`` when each of its cards fits in turn.
    """
    for number, obs in enumerate(round_.evidence(), start=1):
        info = None
        if obs.player in round_.players:
            info = round_.player_info(obs.player)
        line = list(obs.mainline)
        fits = True
        for card in obs.cards:
            if not rule.accepts(card, line, info):
                fits = False
                break
            line.append(card)
        if fits != obs.accepted:
            return number, obs
    return None


class HypothesisPanel(w.VBox):
    """Add a student's hypothesis; see it falsified with the card that did it; watch the space narrow."""

    def __init__(self, *, plots: bool = True, card_width: float = 44) -> None:
        self.round: Any = None
        self.hypotheses: list[ClassHypothesis] = []
        self.card_width = card_width
        self._space: Any = None
        self._seen = 0
        self._student = w.Text(placeholder="student", layout=w.Layout(width="8em"))
        self._student.add_class("eleusis-hypothesis-student")
        self._text = w.Text(placeholder="their rule, e.g. card is red", layout=w.Layout(width="95%"))
        self._text.add_class("eleusis-hypothesis-input")
        self._add = button(
            "Add hypothesis", "eleusis-add-hypothesis", lambda _b: self.add_typed(), width="11em"
        )
        self._message = w.HTML()
        self._list = w.HTML()
        self._list.add_class("eleusis-hypotheses-list")
        self._show_plots = w.Checkbox(value=plots, description="Show plots", indent=False)
        self._show_plots.observe(lambda _c: self._draw_plots(), "value")
        self._count = w.HTML()
        self._count.add_class("eleusis-remaining")
        self._plot = w.HTML()
        self._plot.add_class("eleusis-narrowing-plot")
        self._map = w.HTML()
        self._map.add_class("eleusis-acceptance-map")
        super().__init__(
            [
                w.HTML(
                    f'<div style="font-family:{FONT};font-weight:bold;font-size:1.15em">'
                    "Class hypotheses</div>"
                ),
                w.HBox([self._student, self._add]),
                self._text,
                self._message,
                self._list,
                self._show_plots,
                self._count,
                self._plot,
                self._map,
            ]
        )
        self.add_class("eleusis-hypothesis-panel")
        self.layout.padding = "0 0 0 12px"
        self.layout.border_left = "1px solid #d1d5db"

    # -- public -------------------------------------------------------------------------------
    def attach(self, round_: Any) -> None:
        """Follow a new round (the hypotheses of the last round are kept, and re-checked)."""
        self.round = round_
        self._space = None
        self._seen = 0
        self.refresh(round_)

    def add(self, student: str, text: str) -> ClassHypothesis:
        """Add a hypothesis; a rule that does not parse raises ``RuleError`` and adds nothing."""
        from eleusis_lab.rules import Rule

        rule = Rule.parse(text)
        seen = len(self.round.evidence()) if self.round is not None else 0
        hyp = ClassHypothesis(student.strip() or "class", rule, seen)
        self.hypotheses.append(hyp)
        self._draw_list()
        return hyp

    def add_typed(self) -> None:
        try:
            self.add(self._student.value, self._text.value)
        except ValueError as error:
            where = ""
            if getattr(error, "column", None) is not None:
                where = f"<pre style='font-size:0.85em'>{escape(str(error))}</pre>"
            self._message.value = banner(error_text(error), "error", size="0.9em", detail=where)
            return
        self._message.value = ""
        self._text.value = ""

    def remove(self, index: int) -> None:
        del self.hypotheses[index]
        self._draw_list()

    def status(self) -> list[tuple[ClassHypothesis, tuple[int, Any] | None]]:
        """Each hypothesis with its falsifier (None while it still stands)."""
        if self.round is None:
            return [(h, None) for h in self.hypotheses]
        return [(h, falsifier(h.rule, self.round)) for h in self.hypotheses]

    @property
    def list_html(self) -> str:
        return self._list.value

    @property
    def remaining(self) -> int | None:
        """Candidate rules still agreeing with every judgement (None before the space is built)."""
        return self._space.remaining() if self._space is not None else None

    @property
    def history(self) -> list[int]:
        return list(self._space.history) if self._space is not None else []

    def refresh(self, round_: Any = None) -> None:
        """Re-check every hypothesis and update the space and the plots (after each play)."""
        if round_ is not None:
            self.round = round_
        self._draw_list()
        self._update_space()
        self._draw_plots()

    def to_list(self) -> list[dict[str, Any]]:
        return [{"student": h.student, "text": h.text, "seen": h.seen} for h in self.hypotheses]

    def load_list(self, items: list[dict[str, Any]], round_: Any = None) -> None:
        from eleusis_lab.rules import Rule

        self.hypotheses = [
            ClassHypothesis(i["student"], Rule.parse(i["text"]), int(i.get("seen", 0))) for i in items
        ]
        self.refresh(round_)

    # -- internals --------------------------------------------------------------------------------
    def _deck(self) -> str:
        return "letters" if getattr(self.round, "variant", "") == "letters" else "standard"

    def _update_space(self) -> None:
        if self.round is None:
            return
        evidence = self.round.evidence()
        if self._space is None or len(evidence) < self._seen or self._space.deck != self._deck():
            from eleusis_lab.science.space import HypothesisSpace

            self._space = HypothesisSpace(self._deck())
            self._seen = 0
        for obs in evidence[self._seen :]:
            try:
                self._space.observe(obs.mainline, tuple(obs.cards), obs.accepted)
            except ValueError:
                continue  # a situation the space cannot judge (e.g. mixed decks); the rest still counts
        self._seen = len(evidence)

    def _draw_list(self) -> None:
        rows = []
        for h, fals in self.status():
            head = (
                f'<div style="font-weight:bold">{escape(h.student)}: <code style="font-size:0.95em">'
                f"{escape(h.text)}</code></div>"
            )
            if fals is None:
                state = '<div style="color:#166534">still standing ✔</div>'
                colour = "#16a34a"
            else:
                number, obs = fals
                what = "accepted" if obs.accepted else "rejected"
                would = "reject" if obs.accepted else "accept"
                pics = "".join(card_svg(c, width=self.card_width, highlight="falsifier") for c in obs.cards)
                state = (
                    f'<div style="color:#991b1b">falsified ✘ by judgement {number}: '
                    f"{' '.join(escape(str(c)) for c in obs.cards)} was {what}, this rule would {would} it."
                    f'</div><div style="line-height:0">{pics}</div>'
                )
                colour = "#dc2626"
            rows.append(
                f'<div class="eleusis-hypothesis" style="border-left:5px solid {colour};padding:2px 8px;'
                f'margin:4px 0">{head}{state}</div>'
            )
        if not rows:
            rows.append(
                '<div style="color:#6b7280">No hypotheses yet: type one and click "Add hypothesis".</div>'
            )
        self._list.value = f'<div style="font-family:{FONT};font-size:0.95em">{"".join(rows)}</div>'

    def _draw_plots(self) -> None:
        if self.round is None or not self._show_plots.value:
            self._count.value = self._plot.value = self._map.value = ""
            return
        if self._space is None:
            self._update_space()
        if self._space is None:
            return
        left = self._space.remaining()
        self._count.value = (
            f'<div style="font-family:{FONT}">Candidate rules left: <b>{left:,}</b> '
            f"of {len(self._space):,}</div>"
        )
        from eleusis_lab.widgets.figures import acceptance_map_html, narrowing_html

        hyps = [(h, f) for h, f in self.status()]
        self._plot.value = narrowing_html(self._space, self.round, hyps)
        self._map.value = acceptance_map_html(self._space, self.round)
