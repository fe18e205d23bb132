"""Notebook boards (ipywidgets 8): thin views over the engine for the projector, the class and a student.

- :class:`ClassBoard` — the teacher runs a round of any variant at the projector.
- :class:`PhysicalBoard` — the same with real cards: the teacher enters each card, the computer judges.
- :class:`SoloBoard` — a student alone against the computer dealer, predicting each verdict.
- :class:`HypothesisPanel` — the class's hypotheses, falsified by the evidence, and the narrowing plot.
- :class:`ScoreCalculator` — scores of a round played away from the computer.

Nothing in the engine imports this package.
"""

from __future__ import annotations

from eleusis_lab.widgets.calculator import ScoreCalculator
from eleusis_lab.widgets.class_board import ClassBoard
from eleusis_lab.widgets.hypotheses import HypothesisPanel
from eleusis_lab.widgets.physical import PhysicalBoard
from eleusis_lab.widgets.record import RoundRecord
from eleusis_lab.widgets.solo import SoloBoard

__all__ = ["ClassBoard", "HypothesisPanel", "PhysicalBoard", "RoundRecord", "ScoreCalculator", "SoloBoard"]
