"""A static record of a round (table, rule, scores, narrowing plot) printed as ordinary output.

Displayed at the reveal, it stays in the notebook as plain HTML, so ``jupyter nbconvert --to html`` of a
lesson gives a handout for absent students without any widget machinery.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import escape
from typing import Any

from eleusis_lab.render import table_html
from eleusis_lab.scoring import score_rows
from eleusis_lab.widgets._common import FONT, scores_html

__all__ = ["RoundRecord"]


@dataclass(frozen=True)
class RoundRecord:
    """The record of one round as self-contained HTML (``_repr_html_``) and plain text (``str``)."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    @classmethod
    def of(
        cls, round_: Any, *, english: str | None = None, card_width: float = 64, plot: bool = True
    ) -> RoundRecord:
        from eleusis_lab.widgets.verdicts import VARIANT_TITLES

        title = VARIANT_TITLES.get(round_.variant, round_.variant)
        rule = round_.rule
        players = ", ".join(round_.players)
        parts = [
            f'<div class="eleusis-round-record" style="font-family:{FONT};border:1px solid #d1d5db;'
            f'border-radius:8px;padding:12px;margin:8px 0">',
            f'<h3 style="margin:0 0 6px 0">Record of the round: {escape(title)}</h3>',
            f"<div>Players: {escape(players)} · {len(round_.mainline)} cards on the mainline · "
            f"{sum(len(p.cards) for s in round_.sidelines for p in s)} rejected · "
            f"{time.strftime('%Y-%m-%d')}</div>",
            f'<div style="margin:8px 0;font-size:1.1em">Secret rule: <code>{escape(rule.text)}</code></div>',
        ]
        if english:
            parts.append(f"<div>In words: {escape(english)}</div>")
        seal = getattr(round_, "seal", None)
        if seal is not None:
            ok = seal.verify(rule.text)
            parts.append(
                f"<div>Seal {escape(seal.fingerprint)}: "
                f"{'checked, it matches' if ok else 'DOES NOT MATCH'}.</div>"
            )
        parts.append('<div style="margin-top:8px">')
        parts.append(
            table_html(
                list(round_.mainline),
                [list(s) for s in round_.sidelines],
                list(getattr(round_, "markers", None) or ()),
                card_width=card_width,
                show_players=round_.capabilities.player_rules,
            )
        )
        parts.append("</div>")
        score_text = ""
        table = score_rows(round_)
        if table.unscored is None:
            names, points = [row.label for row in table], [row.points for row in table]
            parts.append(scores_html(names, points, title="Scores", notes=table.notes))
            score_text = "; ".join(f"{n} {p}" for n, p in zip(names, points, strict=True))
        else:
            parts.append(f"<div>Scores: {escape(table.unscored)}</div>")
        if plot:
            parts.append(_narrowing(round_))
        parts.append("</div>")
        text = (
            f"Record of the round ({title}): rule {rule.text!r}; mainline "
            + " ".join(str(c) for c in round_.mainline)
            + (f"; scores: {score_text}" if score_text else "")
        )
        return cls("".join(parts), text)


def _narrowing(round_: Any) -> str:
    """The narrowing of the candidate rules over the whole round (empty if it cannot be computed)."""
    from eleusis_lab.science import Narrowing

    try:
        narrowing = Narrowing.from_round(round_)
    except ValueError:
        return ""
    from eleusis_lab.widgets.figures import narrowing_html

    return f'<div style="margin-top:8px">{narrowing_html(narrowing)}</div>'
