"""The library's recorded scientist rounds (eleusis_lab/science/library_run.json, lesson 10's curve) are
what the scientist plays now: a sample replays turn for turn.  When the scientist is changed on
purpose, the file is written again (``python scripts/golden.py library-run scientist``)."""

from __future__ import annotations

import pathlib
import sys

import pytest

from eleusis_lab.science.bench import library_rules, library_run_round, recorded_library_run, run_pairs

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from golden import record_differences

RUN = recorded_library_run()
SAMPLE = [RUN[k] for k in range(0, len(RUN), 33)]  # four rounds spread over the library


def test_the_run_covers_every_library_rule_three_times() -> None:
    keys = [r["key"] for r in RUN]
    assert sorted(set(keys)) == sorted(rule.key for rule in library_rules())
    assert all(keys.count(k) == 3 for k in set(keys))
    pairs = run_pairs(RUN)
    assert len(pairs) > 1000 and all(0.0 <= c <= 1.0 for c, _ok in pairs)


@pytest.mark.parametrize("recorded", SAMPLE, ids=lambda r: f"{r['key']}-{r['round']}")
def test_a_recorded_round_replays_turn_for_turn(recorded: dict) -> None:
    rule = next(rule for rule in library_rules() if rule.key == recorded["key"])
    now = library_run_round(rule, recorded["round"])
    assert now["best_right"] == recorded["best_right"]
    # float32 sums: their 7th digit moves with the processor's SIMD width (the goldens' own precision)
    assert record_differences(recorded["confidence"], now["confidence"]) == []
