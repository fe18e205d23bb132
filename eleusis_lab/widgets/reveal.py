"""The reveal: the one view every board shows the revealed rule with.

The banner (class ``eleusis-revealed``, in the view of class ``eleusis-reveal-area``) says the rule in
plain English first, then its rule text and the seal checked.  A board chooses what goes with it: the
scores table of the round and the match (``with_scores``, class ``eleusis-scores``), "Next round" on top
(``next_round``), the round's record for handouts (``with_record``, class ``eleusis-record``).  Its sizes
are ems of the board's font, so the class board's CSS makes it large at the projector
(:data:`~eleusis_lab.widgets.views.PROJECTOR_STYLE`) without a second view.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.widgets._common import FONT, banner, button, points_text
from eleusis_lab.widgets.views import BoardSession, set_children

__all__ = ["RevealView", "round_record", "scores_table_html"]


def scores_table_html(session: BoardSession) -> str:
    """One table: each player's points this round beside the match total (class ``eleusis-scores``)."""
    rows = session.scores()
    if not rows:
        return ""
    n = session.rounds_counted()
    body = "".join(
        f'<tr><td style="padding:2px 1em 2px 0">{escape(r.name)}'
        f"{' <small>(dealer)</small>' if r.dealer and r.name != 'Dealer' else ''}</td>"
        f'<td style="text-align:right;padding:2px 1em;font-weight:bold">{points_text(r.points)}</td>'
        f'<td style="text-align:right;padding:2px 0">{points_text(r.total)}</td></tr>'
        for r in rows
    )
    return (
        f'<div class="eleusis-scores" style="font-family:{FONT};font-size:1.333em">'
        f'<table style="border-collapse:collapse"><tr style="font-size:0.75em;color:#374151"><th></th>'
        f'<th style="padding:0 1.333em">this round</th>'
        f"<th>match total ({n} round{'s' if n != 1 else ''})</th></tr>"
        f"{body}</table></div>"
    )


def round_record(session: BoardSession) -> Any:
    """The round's static record (table, rule, scores, narrowing plot), for handouts."""
    from eleusis_lab.widgets.record import RoundRecord

    assert session.round is not None, "a round is on the board"
    return RoundRecord.of(session.round, english=session.english(), card_width=64)


class RevealView(w.VBox):
    """The rule once revealed (empty before): plain English, rule text, seal; the options above.

    "Next round" is also what brings the banner into view: ipywidgets' ``focus`` focuses a button (an
    HTML widget or a box cannot take focus), and focusing scrolls the page to it, wherever the teacher
    had scrolled.
    """

    def __init__(
        self,
        *,
        with_scores: bool = False,
        with_record: bool = False,
        next_round: Callable[[], object] | None = None,
    ) -> None:
        self.with_scores = with_scores
        self.banner = w.HTML()
        self.record = w.Output()
        self.record.add_class("eleusis-record")
        self._below = [self.record] if with_record else []
        self.next_round: w.Button | None = None
        if next_round is not None:
            self.next_round = button(
                "Next round", "eleusis-next-round-top", lambda _b: next_round(), width="9em", style="primary"
            )
        super().__init__([self.banner, *self._below], layout=w.Layout(align_items="stretch"))
        self.add_class("eleusis-reveal-area")

    @property
    def value(self) -> str:
        """The banner's HTML ("" before the reveal)."""
        return str(self.banner.value)

    def bring_into_view(self) -> None:
        """Scroll the page to the banner (focusing its button scrolls it into view)."""
        if self.next_round is not None and self.next_round in self.children:
            self.next_round.focus()

    def render(self, session: BoardSession) -> None:
        r = session.round
        if r is None or not session.revealed:
            self.banner.value = ""
            self._show([])
            return
        top = self.next_round
        self._show([top] if top is not None and "next-round" in session.possible() else [])
        english = session.english()
        head = (
            f'<div style="font-size:1.889em;font-weight:bold;line-height:1.2">{escape(english)}</div>'
            if english
            else '<div style="font-size:1.667em;font-weight:bold">The rule:</div>'
        )
        ok = r.seal.verify(r.rule.text)
        seal = (
            f"Seal checked: the seal code {r.seal.fingerprint} matches this rule."
            if ok
            else f"Seal BROKEN: the seal code {r.seal.fingerprint} does not match this rule!"
        )
        scores = f'<div style="margin-top:8px">{scores_table_html(session)}</div>' if self.with_scores else ""
        self.banner.value = (
            f'<div class="eleusis-revealed" style="font-family:{FONT};background:#f5f3ff;'
            f'border:4px solid #7c3aed;border-radius:10px;padding:12px 18px;margin:6px 0">'
            f'<div style="color:#5b21b6;font-weight:bold">THE SECRET RULE</div>{head}'
            f'<div style="font-size:1.222em;margin:6px 0">in the rule language: '
            f"<code>{escape(r.rule.text)}</code></div>"
            f"{banner(seal, 'accepted' if ok else 'rejected', size='1em')}{scores}</div>"
        )

    def _show(self, top: list[w.Widget]) -> None:
        set_children(self, [*top, self.banner, *self._below])

    def show_record(self, session: BoardSession, *, on_board: bool) -> None:
        """The round's record for handouts: on the board (``with_record``), or as the calling cell's own
        output."""
        from IPython.display import display

        made = round_record(session)
        if on_board:
            with self.record:
                display(made)
        else:
            display(made)

    def clear_record(self) -> None:
        """A new round: the last round's record goes."""
        if self.record.outputs:
            self.record.clear_output()
