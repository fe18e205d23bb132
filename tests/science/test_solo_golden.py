"""The solo protocol gives the very results recorded before it moved onto ``Round`` (issue 9).

The golden files come from ``scripts/golden.py solo`` (``eleusis-lab solo --json`` plus the cards played).
The random player's results must never change.  The scientist's change only when the scientist itself is
changed on purpose; then its golden is regenerated (``python scripts/golden.py solo scientist``).  The unit
tests replay every random round and one seed per rule of the scientist (the script's ``--check`` replays
all of them).
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

import pytest

from eleusis_lab.science.solo_runs import solo_round

GOLDEN = pathlib.Path(__file__).parent / "golden"
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from golden import record_differences  # noqa: E402


def _records(player: str) -> list[dict[str, Any]]:
    return json.loads((GOLDEN / f"solo_{player}.json").read_text(encoding="utf-8"))


def _replayed(record: dict[str, Any]) -> dict[str, Any]:
    result = solo_round(record["key"], record["player"], seed=record["seed"])
    out = result.to_dict()
    out["key"] = record["key"]
    out["plays"] = [[str(card), accepted] for card, accepted in result.plays]
    return out


@pytest.mark.parametrize("record", _records("random"), ids=lambda r: f"{r['key']}-{r['seed']}")
def test_random_player_solo_results_are_unchanged(record: dict[str, Any]) -> None:
    assert _replayed(record) == record


@pytest.mark.parametrize(
    "record", [r for r in _records("scientist") if r["seed"] == 0], ids=lambda r: f"{r['key']}-{r['seed']}"
)
def test_scientist_solo_results_are_unchanged(record: dict[str, Any]) -> None:
    # every card and verdict as recorded; the reported confidences to float32's precision
    assert record_differences(record, _replayed(record)) == []


def test_golden_covers_both_decks_and_solved_and_unsolved_rounds() -> None:
    scientist = _records("scientist")
    assert {r["key"] for r in scientist} >= {"letters-cycle", "express-1"}
    assert any(r["solved"] for r in scientist) and any(not r["solved"] for r in scientist)
    assert any(r["wrong_guesses"] for r in _records("random"))
