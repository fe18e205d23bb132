"""The class hypotheses panel (the class board's Narrowing view, one click from the table): students'
guesses at the rule, falsified by the evidence.

The panel holds no hypotheses of its own: it draws from a *source* — a
:class:`~eleusis_lab.session.TableSession` on every board (each hypothesis a session event, so undo
and saves cover it), or :class:`RoundHypotheses` around a bare round (a lesson's panel beside code).
Both fold the narrowing with the one :class:`~eleusis_lab.science.narrowing.NarrowingFold`, so the
board, the plots and the handouts agree.

A hypothesis is stated with the kit's one :class:`~eleusis_lab.widgets.rule_box.RuleBox`: the student's
words (then the sentence they mean, clicked; their words are kept with it), clicks (the rule builder),
or rule text.  The list shows each hypothesis by its English sentence, the rule text small under it.
"""

from __future__ import annotations

from html import escape
from typing import Any, Protocol

import ipywidgets as w

from eleusis_lab.play import Round
from eleusis_lab.render import card_svg
from eleusis_lab.rules.english import english
from eleusis_lab.science.hypotheses import ClassHypotheses
from eleusis_lab.science.narrowing import Narrowing, NarrowingFold
from eleusis_lab.widgets._common import FONT, banner, button, error_text
from eleusis_lab.widgets.figures import FiguresView
from eleusis_lab.widgets.rule_box import RuleBox

__all__ = ["HypothesisPanel", "HypothesisSource", "RoundHypotheses"]


class HypothesisSource(Protocol):
    """What the panel reads and asks: a class session satisfies it, so does :class:`RoundHypotheses`."""

    @property
    def round(self) -> Round | None: ...

    @property
    def hypotheses(self) -> ClassHypotheses: ...

    def add_hypothesis(self, student: str, text: str, words: str | None = None) -> Any: ...

    def remove_hypothesis(self, student: str) -> Any: ...

    def narrowing(self) -> Narrowing | None: ...

    def live_space(self) -> Any: ...


class RoundHypotheses:
    """The class's hypotheses about one round, without a session (the solo and real-cards boards)."""

    def __init__(self, round_: Round) -> None:
        self.round = round_
        self._hyps = ClassHypotheses()
        self._fold = NarrowingFold(round_.rule_deck())

    @property
    def hypotheses(self) -> ClassHypotheses:
        self._hyps.update(self.round)
        return self._hyps

    def add_hypothesis(self, student: str, text: str, words: str | None = None) -> Any:
        return self.hypotheses.add(student.strip() or "class", text, words=words)

    def remove_hypothesis(self, student: str) -> None:
        self._hyps.remove(student)

    def narrowing(self) -> Narrowing:
        return self._fold.update(self.round.evidence(), self.hypotheses)

    def live_space(self) -> Any:
        """A copy of the narrowed space (the acceptance map reads it in a worker thread)."""
        self.narrowing()
        return self._fold.space.copy()

    def to_list(self) -> list[dict[str, Any]]:
        return [
            {"student": h.student, "text": h.text, "words": h.words, "added_at": h.added_at}
            for h in self._hyps
        ]

    def load_list(self, items: list[dict[str, Any]]) -> None:
        self._hyps = ClassHypotheses()
        self._hyps.update(self.round)
        for item in items:
            hyp = self._hyps.add(item["student"], item["text"], words=item.get("words"))
            hyp.added_at = int(item.get("added_at", hyp.added_at))


class HypothesisPanel(w.VBox):
    """Add a student's hypothesis; see it falsified with the card that did it; watch the space narrow.

    ``figures_inside``: the figures are drawn in the panel (else the board places ``panel.figures``);
    ``toggles_inside``: their toggles too (the class board puts them in the teacher's fold only, since the
    acceptance map, ticked, shows the class the rule).
    """

    def __init__(
        self,
        *,
        plots: bool = True,
        acceptance_map: bool = True,
        card_width: float = 44,
        figures_inside: bool = True,
        toggles_inside: bool = True,
    ) -> None:
        self.source: Any = None
        self.card_width = card_width
        self.student_box = w.Text(placeholder="student", layout=w.Layout(width="8em"))
        self.student_box.add_class("eleusis-hypothesis-student")
        # No example rules in the placeholder: the projector shows it, and one might be the secret.
        self.statement = RuleBox(placeholder="the student's idea in words, then Enter")
        self.statement.text.add_class("eleusis-hypothesis-input")
        self.statement.add_class("eleusis-hypothesis-statement")
        self.add_button = button(
            "Add hypothesis", "eleusis-add-hypothesis", lambda _b: self.add_stated(), width="11em"
        )
        self.message = w.HTML()
        self._list = w.HTML()
        self._list.add_class("eleusis-hypotheses-list")
        self.figures = FiguresView(plot=plots, acceptance_map=plots and acceptance_map)
        self.figures.on_toggle(self._draw_plots)
        self._show_plots, self.show_map = self.figures.show_plot, self.figures.show_map
        self.count = w.HTML()
        self.count.add_class("eleusis-remaining")
        self.plot, self.acceptance_map = self.figures.plot, self.figures.map
        if figures_inside:
            self.figures.layout.flex_flow = "column"
        super().__init__(
            [
                w.HTML(
                    f'<div style="font-family:{FONT};font-weight:bold;font-size:1.15em">'
                    "Class hypotheses</div>"
                ),
                # The class's ideas first: on the projector the narrowing view has a few hundred pixels,
                # and the list is what the class reads beside the plot; the form to add one follows.
                self._list,
                self.student_box,
                self.statement,
                self.add_button,
                self.message,
                *([self.figures.toggles] if toggles_inside else []),
                self.count,
                *([self.figures] if figures_inside else []),
            ]
        )
        self.add_class("eleusis-hypothesis-panel")
        self.layout.padding = "0 0 0 12px"
        self.layout.border_left = "1px solid #d1d5db"

    # -- public -------------------------------------------------------------------------------
    @property
    def round(self) -> Round | None:
        return self.source.round if self.source is not None else None

    @property
    def hypotheses(self) -> list[Any]:
        """The class's hypotheses (``StudentHypothesis``: student, rule, text, words, falsified_by)."""
        return list(self.source.hypotheses) if self.source is not None else []

    def attach(self, round_: Round) -> None:
        """Follow a bare round; hypotheses belong to a round, so the list starts empty."""
        self.follow(RoundHypotheses(round_))

    def follow(self, source: HypothesisSource) -> None:
        """Draw from ``source`` (a class session, or :class:`RoundHypotheses`)."""
        self.source = source
        self.refresh()

    def add(self, student: str, text: str, words: str | None = None) -> Any:
        """Add a hypothesis, checked at once against the evidence so far; bad rule text raises a
        ``ValueError`` and adds nothing."""
        result = self.source.add_hypothesis(student, text, words)
        self.refresh()
        return result

    def add_stated(self) -> None:
        """Add the hypothesis stated in the box (what *Add hypothesis* does); a refusal is one line and
        leaves the box as it was."""
        statement = self.statement
        rule = statement.rule
        if rule is None:
            said = statement.problem or "State the hypothesis first: in words, by clicks or as rule text."
            self.message.value = banner(said, "warning", size="0.9em")
            return
        try:
            self.add(self.student_box.value, rule.text, statement.words)
        except ValueError as error:
            self.message.value = banner(error_text(error), "error", size="0.9em")
            return
        self.message.value = ""
        statement.clear()

    def remove(self, student: str) -> None:
        """Forget every hypothesis of ``student`` (a teacher's misclick)."""
        self.source.remove_hypothesis(student)
        self.refresh()

    def status(self) -> list[tuple[Any, Any]]:
        """Each hypothesis with its ``Falsification`` (None while it still stands)."""
        return [(h, h.falsified_by) for h in self.hypotheses]

    @property
    def message_html(self) -> str:
        return self.message.value

    @property
    def list_html(self) -> str:
        return self._list.value

    @property
    def count_html(self) -> str:
        return self.count.value

    @property
    def remaining(self) -> int | None:
        """Candidate rules still agreeing with every judgement (None with nothing to follow)."""
        n = self.narrowing()
        return n.remaining[-1] if n is not None else None

    @property
    def history(self) -> list[int]:
        n = self.narrowing()
        return list(n.remaining) if n is not None else []

    def narrowing(self) -> Narrowing | None:
        """The round's narrowing so far, from the source's one fold."""
        return self.source.narrowing() if self.source is not None and self.round is not None else None

    def refresh(self, round_: Round | None = None) -> None:
        """Re-check every hypothesis and update the count and the plots (after each play)."""
        if round_ is not None and (self.source is None or self.source.round is not round_):
            self.attach(round_)
            return
        if self.round is not None:  # the box offers and builds rules of the round's deck
            self.statement.set_deck(self.round.rule_deck())
        self._draw_list()
        self._draw_plots()

    def to_list(self) -> list[dict[str, Any]]:
        return self.source.to_list() if isinstance(self.source, RoundHypotheses) else []

    def load_list(self, items: list[dict[str, Any]], round_: Round | None = None) -> None:
        """Restore saved hypotheses about a bare round (after a restart) and re-check them."""
        if round_ is not None:
            self.source = RoundHypotheses(round_)
        if isinstance(self.source, RoundHypotheses):
            self.source.load_list(items)
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------------
    def _draw_list(self) -> None:
        rows = []
        for h, fals in self.status():
            words = f'<div style="color:#374151">said: “{escape(h.words)}”</div>' if h.words else ""
            head = (
                f'<div><b>{escape(h.student)}:</b> <span class="eleusis-hypothesis-english">'
                f"{escape(english(h.rule))}</span></div>{words}"
                f'<div class="eleusis-hypothesis-text" style="font-size:0.75em;color:#6b7280">'
                f"<code>{escape(h.text)}</code></div>"
            )
            if fals is None:
                state = '<div style="color:#166534">still standing ✔</div>'
                colour = "#16a34a"
            else:
                pics = "".join(card_svg(c, width=self.card_width, highlight="falsifier") for c in fals.cards)
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
                '<div style="color:#6b7280">No hypotheses yet: say one in words, pick the rule they mean '
                'and click "Add hypothesis" below.</div>'
            )
        self._list.value = f'<div style="font-family:{FONT};font-size:1em">{"".join(rows)}</div>'

    def _draw_plots(self) -> None:
        """The count, then the figures (light SVG, drawn after everything else on the board)."""
        narrowing, r = self.narrowing(), self.round
        if narrowing is None or r is None:
            return
        self.count.value = (
            f'<div style="font-family:{FONT}">Candidate rules left: <b>{narrowing.remaining[-1]:,}</b> '
            f"of {narrowing.initial:,}</div>"
        )
        space = self.source.live_space() if self.figures.wants_map and not r.is_over else None
        self.figures.update(narrowing, space, list(r.mainline))
