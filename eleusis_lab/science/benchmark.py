"""The public Eleusis benchmark for language models: its 26 rules and its published results, as data.

The rules (each with the English of the benchmark's ``rules.txt`` and our rule text) and the published
table are in ``benchmark_results.json`` beside this module.  The game is the solo variant's
``protocol="benchmark"`` (:class:`eleusis_lab.play.solo.SoloRound`, with its pieces — deck, round seed,
score, success, judge — in :mod:`eleusis_lab.play.benchmark_protocol`, where the two places the
article's prose and code disagree are documented); a computer player plays it with
:func:`eleusis_lab.science.solo_runs.run_solo` (``benchmark_round`` here is that run under this
protocol), a rule set of it with ``eleusis-lab bench`` (:mod:`eleusis_lab.science.bench`).

>>> len(RULES), RULES[0].text, PUBLISHED[0].model
(26, 'card is even', 'Claude Opus 4.5')
>>> r = benchmark_round("card is red", "random", 0)
>>> r.round.benchmark, r.turns
(True, 30)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from eleusis_lab.science.solo_runs import SoloRun, run_solo

__all__ = [
    "PUBLISHED",
    "PUBLISHED_SOURCE",
    "RULES",
    "SOURCE",
    "BenchmarkRule",
    "PublishedResult",
    "benchmark_round",
]


@dataclass(frozen=True, slots=True)
class BenchmarkRule:
    """One of the benchmark's 26 rules: its key, its English (from ``rules.txt``) and our rule text."""

    key: str
    english: str
    text: str


@dataclass(frozen=True, slots=True)
class PublishedResult:
    """One row of the benchmark's published table (26 rules x 3 rounds = 78 rounds a model)."""

    model: str
    solved: float  # share of rounds counted as a success by the analysis
    mean_score: float  # mean floored score
    wrong_guesses: float  # mean wrong guesses a round (counted up to the cut-off turn)


_DATA: dict[str, Any] = json.loads(
    resources.files("eleusis_lab.science").joinpath("benchmark_results.json").read_text(encoding="utf-8")
)
SOURCE: str = _DATA["source"]
#: The 26 rules of the benchmark's rules.txt, in its order, written in our rule language.
RULES: tuple[BenchmarkRule, ...] = tuple(BenchmarkRule(**r) for r in _DATA["rules"])
PUBLISHED_SOURCE: str = _DATA["published_source"]
PUBLISHED: tuple[PublishedResult, ...] = tuple(PublishedResult(**p) for p in _DATA["published"])


def benchmark_round(rule: Any, player: Any = "scientist", index: int = 0, **options: Any) -> SoloRun:
    """Round ``index`` of ``rule`` under the benchmark's protocol with a computer ``player``:
    :func:`~eleusis_lab.science.solo_runs.run_solo` with ``protocol="benchmark"`` (``calibrate``,
    ``code``, ``judge`` and the round's options as there)."""
    return run_solo(rule, player, "benchmark", index=index, **options)
