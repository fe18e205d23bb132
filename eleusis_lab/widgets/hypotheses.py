"""The class hypotheses panel, beside the table: students' guesses at the rule, falsified by the evidence.

The hypotheses are kept by :class:`eleusis_lab.science.ClassHypotheses`, which checks each one against
every judgement of the round (``Round.evidence()``); the first observation it disagrees with falsifies
it, and the panel shows that card.  The narrowing plot (how many
candidate rules are left after each play) and the acceptance map (how likely each card is to be accepted
next) come from :mod:`eleusis_lab.science` and :mod:`eleusis_lab.plots` and update after each play.
"""

from __future__ import annotations

import threading
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.render import card_svg
from eleusis_lab.widgets._common import FONT, banner, button, error_text

__all__ = ["HypothesisPanel"]


class HypothesisPanel(w.VBox):
    """Add a student's hypothesis; see it falsified with the card that did it; watch the space narrow."""

    def __init__(
        self,
        *,
        plots: bool = True,
        acceptance_map: bool = True,
        card_width: float = 44,
        background: Any = None,
        figures_inside: bool = True,
    ) -> None:
        from eleusis_lab.science import ClassHypotheses

        self.round: Any = None
        self.hyps = ClassHypotheses()
        self.card_width = card_width
        self._space: Any = None
        self._steps: list[Any] = []
        self._seen = 0
        self._student = w.Text(placeholder="student", layout=w.Layout(width="8em"))
        self._student.add_class("eleusis-hypothesis-student")
        self._text = w.Text(placeholder="their rule, e.g. card is red", layout=w.Layout(width="95%"))
        self._text.add_class("eleusis-hypothesis-input")
        self._words = w.Text(placeholder="in the student's words (optional)", layout=w.Layout(width="95%"))
        self._words.add_class("eleusis-hypothesis-words")
        self._add = button(
            "Add hypothesis", "eleusis-add-hypothesis", lambda _b: self.add_typed(), width="11em"
        )
        self._message = w.HTML()
        self._list = w.HTML()
        self._list.add_class("eleusis-hypotheses-list")
        # Figures take about a second: inside a kernel they are drawn in a worker thread, so the next
        # click is never kept waiting; outside (scripts, tests) they are drawn at once.
        self.background = _in_kernel() if background is None else bool(background)
        self._lock = threading.Lock()
        self._job: Any = None
        self._worker: threading.Thread | None = None
        self._show_plots = w.Checkbox(value=plots, description="Narrowing plot", indent=False)
        self._show_plots.observe(lambda _c: self._draw_plots(), "value")
        self._show_map = w.Checkbox(
            value=plots and acceptance_map, description="Acceptance map", indent=False
        )
        self._show_map.observe(lambda _c: self._draw_plots(), "value")
        self._count = w.HTML()
        self._count.add_class("eleusis-remaining")
        self._plot = w.HTML()
        self._plot.add_class("eleusis-narrowing-plot")
        self._map = w.HTML()
        self._map.add_class("eleusis-acceptance-map")
        # The figures are wide: a board may place them under the table at full width (``figures``).
        self._plot.layout.flex = self._map.layout.flex = "1 1 0%"
        self._plot.layout.min_width = self._map.layout.min_width = "0"
        self.figures = w.HBox([self._plot, self._map], layout=w.Layout(width="100%"))
        self.figures.add_class("eleusis-figures")
        if figures_inside:
            self.figures.layout.flex_flow = "column"
        super().__init__(
            [
                w.HTML(
                    f'<div style="font-family:{FONT};font-weight:bold;font-size:1.15em">'
                    "Class hypotheses</div>"
                ),
                w.HBox([self._student, self._add]),
                self._text,
                self._words,
                self._message,
                self._list,
                w.HBox([self._show_plots, self._show_map]),
                self._count,
                *([self.figures] if figures_inside else []),
            ]
        )
        self.add_class("eleusis-hypothesis-panel")
        self.layout.padding = "0 0 0 12px"
        self.layout.border_left = "1px solid #d1d5db"

    # -- public -------------------------------------------------------------------------------
    @property
    def hypotheses(self) -> list[Any]:
        """The class's hypotheses (``StudentHypothesis``: student, rule, text, words, falsified_by)."""
        return list(self.hyps)

    def attach(self, round_: Any) -> None:
        """Follow a new round; hypotheses belong to a round, so the list starts empty."""
        from eleusis_lab.science import ClassHypotheses

        self.round = round_
        self.hyps = ClassHypotheses()
        self._space = None
        self._steps = []
        self._seen = 0
        self.refresh(round_)

    def add(self, student: str, text: str, words: str | None = None) -> Any:
        """Add a hypothesis, checked at once against the evidence so far; bad rule text raises
        ``RuleError`` and adds nothing."""
        if self.round is not None:
            self.hyps.update(self.round)
        hyp = self.hyps.add(student.strip() or "class", text, words=words)
        self._draw_list()
        self._draw_plots()
        return hyp

    def add_typed(self) -> None:
        try:
            self.add(self._student.value, self._text.value, self._words.value.strip() or None)
        except ValueError as error:
            where = ""
            if getattr(error, "column", None) is not None:
                where = f"<pre style='font-size:0.85em'>{escape(str(error))}</pre>"
            self._message.value = banner(error_text(error), "error", size="0.9em", detail=where)
            return
        self._message.value = ""
        self._text.value = self._words.value = ""

    def remove(self, student: str) -> None:
        """Forget every hypothesis of ``student`` (a teacher's misclick)."""
        self.hyps.remove(student)
        self._draw_list()

    def status(self) -> list[tuple[Any, Any]]:
        """Each hypothesis with its ``Falsification`` (None while it still stands)."""
        if self.round is not None:
            self.hyps.update(self.round)
        return [(h, h.falsified_by) for h in self.hyps]

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

    def narrowing(self) -> Any:
        """The round's narrowing so far, as :class:`eleusis_lab.science.Narrowing` (built incrementally)."""
        from eleusis_lab.science import Narrowing
        from eleusis_lab.science.narrowing import lifelines

        self._update_space()
        initial = len(self._space) if self._space is not None else 0
        return Narrowing(initial, list(self._steps), lifelines(self.hyps), deck=self._deck())

    def refresh(self, round_: Any = None) -> None:
        """Re-check every hypothesis and update the space and the plots (after each play)."""
        if round_ is not None:
            self.round = round_
        self._draw_list()
        self._update_space()
        self._draw_plots()

    def to_list(self) -> list[dict[str, Any]]:
        return [
            {"student": h.student, "text": h.text, "words": h.words, "added_at": h.added_at}
            for h in self.hyps
        ]

    def load_list(self, items: list[dict[str, Any]], round_: Any = None) -> None:
        """Restore saved hypotheses (after a restart) and re-check them against the round."""
        from eleusis_lab.science import ClassHypotheses

        if round_ is not None:
            self.round = round_
        self.hyps = ClassHypotheses()
        if self.round is not None:
            self.hyps.update(self.round)
        for item in items:
            hyp = self.hyps.add(item["student"], item["text"], words=item.get("words"))
            hyp.added_at = int(item.get("added_at", hyp.added_at))
        self.refresh()

    # -- internals --------------------------------------------------------------------------------
    def _deck(self) -> str:
        return "letters" if getattr(self.round, "variant", "") == "letters" else "standard"

    def _update_space(self) -> None:
        """Observe the new judgements only (an undo rebuilds from the start): ~5 ms a judgement."""
        if self.round is None:
            return
        from eleusis_lab.science.narrowing import Step

        evidence = self.round.evidence()
        if self._space is None or len(evidence) < self._seen or self._space.deck != self._deck():
            from eleusis_lab.science.space import HypothesisSpace

            self._space = HypothesisSpace(self._deck())
            self._steps = []
            self._seen = 0
        for obs in evidence[self._seen :]:
            try:
                self._space.observe(obs.mainline, tuple(obs.cards), obs.accepted)
            except ValueError:
                continue  # a situation the space cannot judge; the rest still counts
            self._steps.append(
                Step(
                    len(self._steps) + 1,
                    tuple(obs.cards),
                    tuple(obs.mainline),
                    bool(obs.accepted),
                    self._space.remaining(),
                    getattr(obs, "kind", "play"),
                    getattr(obs, "player", ""),
                )
            )
        self._seen = len(evidence)

    def _draw_list(self) -> None:
        rows = []
        for h, fals in self.status():
            words = f'<div style="color:#374151">“{escape(h.words)}”</div>' if h.words else ""
            head = (
                f'<div style="font-weight:bold">{escape(h.student)}: <code style="font-size:0.95em">'
                f"{escape(h.text)}</code></div>{words}"
            )
            if fals is None:
                state = '<div style="color:#166534">still standing ✔</div>'
                colour = "#16a34a"
            else:
                width = self.card_width
                pics = "".join(card_svg(c, width=width, highlight="falsifier") for c in fals.cards)
                state = (
                    f'<div style="color:#991b1b">falsified ✘ by judgement {fals.index + 1}: '
                    f"{escape(str(fals))}.</div>"
                    f'<div style="line-height:0">{pics}</div>'
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
        """The count at once; the figures (about a second of work) in the background inside a kernel."""
        if self.round is None:
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
        want_plot, want_map = self._show_plots.value, self._show_map.value
        if not want_plot:
            self._plot.value = ""
        if not want_map:
            self._map.value = ""
        if not (want_plot or want_map):
            return
        job = (
            self.narrowing() if want_plot else None,
            self._space.copy() if want_map and not self.round.is_over else None,
            list(self.round.mainline),
        )
        if self.background:
            self._submit(job)
        else:
            self._render(job)

    def _render(self, job: tuple[Any, Any, list[Any]]) -> None:
        from eleusis_lab.widgets.figures import acceptance_map_html, narrowing_html

        narrowing, space, mainline = job
        if narrowing is not None:
            self._plot.value = narrowing_html(narrowing)
        if space is not None:
            self._map.value = acceptance_map_html(space, mainline)
        elif self._show_map.value:
            self._map.value = ""

    def _submit(self, job: tuple[Any, Any, list[Any]]) -> None:
        """Hand the newest job to the worker thread (older, unstarted jobs are dropped: latest wins)."""
        with self._lock:
            self._job = job
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="eleusis-plots", daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                job, self._job = self._job, None
                if job is None:
                    self._worker = None
                    return
            try:
                self._render(job)
            except Exception as error:
                self._plot.value = banner(
                    f"The plot could not be drawn: {error_text(error)}", "warning", size="0.9em"
                )

    def wait(self, timeout: float = 60.0) -> None:
        """Wait until the background figures are drawn (for scripts and tests)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
