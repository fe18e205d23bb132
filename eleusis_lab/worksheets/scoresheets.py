"""Record and score sheets: what each variant's presentation says about its sheet, and a worked example
checked against the engine.

Everything a sheet prints about a variant (title, roles, columns, formula, record note, the worked
example's counts and arithmetic) is on the variant's :class:`~eleusis_lab.play.presentation.Presentation`,
so a variant defined anywhere gets a sheet by describing one.  The worked example's arithmetic is compared
with the variant's own ``score_counts`` (:mod:`eleusis_lab.scoring`) before it is printed, so the sheet
can never show a sum the engine disagrees with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eleusis_lab.play.presentation import ScoreSheet, Worked, number_text
from eleusis_lab.play.variant import VARIANTS, ScoreColumn, find_variant

__all__ = ["PrintedSheet", "printed_sheet", "printed_variants", "worked_example"]


@dataclass(frozen=True)
class PrintedSheet:
    """The facts a printed record and score sheet shows for one variant."""

    variant: str
    title: str
    roles: tuple[str, str]
    sheet: ScoreSheet
    score_columns: tuple[ScoreColumn, ...]


def printed_variants() -> tuple[str, ...]:
    """The registered variants with a printed sheet (those whose presentation describes one)."""
    return tuple(key for key, cls in VARIANTS.items() if cls.presentation.sheet is not None)


def printed_sheet(variant: str) -> PrintedSheet:
    """The sheet of ``variant`` (a key or alias), or a ``ValueError`` naming the variants that have one."""
    cls = find_variant(variant)
    sheet = cls.presentation.sheet
    if sheet is None:
        raise ValueError(f"{cls.title} has no printed sheet; choose one of {', '.join(printed_variants())}")
    return PrintedSheet(
        cls.key, cls.presentation.paper_title, cls.presentation.roles, sheet, cls.score_columns
    )


def _shown(column: ScoreColumn, value: Any, names: tuple[str, ...]) -> Any:
    if column.kind == "player":
        return names[value] if value is not None else "nobody"
    return list(value) if column.per_player else value


def worked_example(variant: str) -> dict[str, Any]:
    """Inputs (one a score column the example counts), one line of arithmetic per step, and the totals,
    checked against the variant's ``score_counts``."""
    cls = find_variant(variant)
    printed = printed_sheet(variant)
    example = printed.sheet.example
    counts = dict(example.counts)
    engine = cls.score_counts(list(counts.pop("left")), **counts)
    if printed.sheet.explain is not None:
        worked = printed.sheet.explain(example)
        _agree(cls.key, worked, engine.players, engine.dealer)
        lines = worked.lines
    else:  # no arithmetic written out: each player's counts and the engine's score
        lines = [
            f"{name}: {left} cards left, score <b>{number_text(score)}</b>"
            for name, left, score in zip(example.names, example.left, engine.players, strict=True)
        ]
        lines.append(f"{printed.roles[0]}: <b>{number_text(engine.dealer)}</b>")
    inputs = {
        column.label.lower(): _shown(column, example.counts[column.name], example.names)
        for column in printed.score_columns
        if column.name in example.counts
    }
    return {
        "variant": cls.key,
        "names": list(example.names),
        "inputs": inputs,
        "lines": lines,
        "players": [number_text(p) for p in engine.players],
        "dealer": number_text(engine.dealer),
    }


def _agree(variant: str, worked: Worked, players: list[Any], dealer: Any) -> None:
    if [float(x) for x in worked.players] != [float(x) for x in players] or float(worked.dealer) != float(
        dealer
    ):
        raise AssertionError(
            f"{variant}: the worked example ({worked.players}, {worked.dealer}) disagrees with the engine's "
            f"scores ({players}, {dealer})"
        )
