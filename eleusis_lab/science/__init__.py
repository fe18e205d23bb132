"""Science: the space of possible rules, the class's own hypotheses, narrowing, and the scientist player.

``HypothesisSpace`` (``space.py``) is the countable space the class narrows; the scientist reasons in
the grammar space of ``grammar.py`` (``docs/scientist.md``).

>>> from eleusis_lab.science import HypothesisSpace
>>> HypothesisSpace().remaining() >= 1_000_000
True
"""

from __future__ import annotations

from eleusis_lab.science.hypotheses import (
    CheckResult,
    ClassHypotheses,
    Falsification,
    StudentHypothesis,
    check,
)
from eleusis_lab.science.narrowing import Lifeline, Narrowing, Step
from eleusis_lab.science.scientist import ScientistPlayer
from eleusis_lab.science.solo_runs import SoloRun, run_solo, solo_round, solo_rounds
from eleusis_lab.science.space import Candidate, HypothesisSpace

__all__ = [
    "Candidate",
    "CheckResult",
    "ClassHypotheses",
    "Falsification",
    "HypothesisSpace",
    "Lifeline",
    "Narrowing",
    "ScientistPlayer",
    "SoloRun",
    "Step",
    "StudentHypothesis",
    "check",
    "run_solo",
    "solo_round",
    "solo_rounds",
]
