"""Notebook boards (ipywidgets 8): thin views over the engine for the projector, the class and a student.

Every board is a layout of the one set of views in :mod:`eleusis_lab.widgets.views` (status, turn,
table, verdict, message, hand, action row, guess row, scores, reveal) and the set-up fields of
:mod:`eleusis_lab.widgets.setup`, over one :class:`~eleusis_lab.session.TableSession`; the board redraws
them when the session says it changed (``on_change``).  A lesson may lay out a board of its own the same way.

- :class:`ClassBoard` — the teacher runs a class round at the projector: small views (set-up form, table,
  verdict, hand, action bar, guess box, hypotheses, reveal, teacher's fold) over a
  :class:`~eleusis_lab.session.TableSession`, which holds all the state.
- :class:`PhysicalBoard` — real cards: the teacher enters each card, the computer judges.
- :class:`SoloBoard` — a student alone against the computer dealer, predicting each verdict.
  Both are small views over the same widget-free :class:`~eleusis_lab.session.TableSession`
  (real cards: ``physical=True``; the student's predictions: ``predicting=True``).
- :class:`HypothesisPanel` — the class's hypotheses, falsified by the evidence, and the narrowing plot.
- :class:`ScoreCalculator` — scores of a round played away from the computer.

Driving a board from code (lessons, tests) goes through the same methods as its buttons::

    board = ClassBoard("express", ["Ana", "Ben", "Cy"], rule="express-4", seed=1, autosave=False)
    board.deal()                                   # or click "Deal"
    board.play([board.round.hand(board.round.current_player)[0]])   # a hand button's click
    board.guess("Ana", "card.suit == prev.suit or card.rank == prev.rank")
    board.panel.add("Ben", "card is red", "only red cards")
    board.reveal(force=True)                       # the reveal ends the round in every variant
    ClassBoard.resume(board.save_path)             # after a kernel restart (autosave on)

Stable CSS classes (for tests and teachers' own styles): ``eleusis-players``, ``eleusis-variant``,
``eleusis-secret-rule``, ``eleusis-deal``, ``eleusis-table``, ``eleusis-verdict``, ``eleusis-hand-card``
(the clickable card), ``eleusis-no-play``, ``eleusis-guess``, ``eleusis-undo``, ``eleusis-reveal``,
``eleusis-revealed`` (the reveal banner), ``eleusis-scores``, ``eleusis-acceptance-map``, ``eleusis-teacher``
(the teacher's fold), ``eleusis-prediction`` (solo), ``eleusis-next-round``, ``eleusis-judge-card``,
``eleusis-four-colour-choice`` (the colour-blind-safe deck switch; ``eleusis-four-colour`` on a board).

Nothing in the engine imports this package.
"""

from __future__ import annotations

# The boards are ipywidgets with matplotlib plots, which the kit installs only with an extra: without them,
# say which extra in one line rather than the raw import error of whichever module came first.
try:
    import ipywidgets  # noqa: F401
    import matplotlib  # noqa: F401
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"the notebook boards need {missing.name}: pip install 'eleusis-lab[widgets]' "
        "(or [notebook] for JupyterLab and Voila too)",
        name=missing.name,
    ) from None

from eleusis_lab.widgets.calculator import ScoreCalculator
from eleusis_lab.widgets.class_board import ClassBoard
from eleusis_lab.widgets.hypotheses import HypothesisPanel
from eleusis_lab.widgets.physical import PhysicalBoard
from eleusis_lab.widgets.record import RoundRecord
from eleusis_lab.widgets.solo import SoloBoard

__all__ = ["ClassBoard", "HypothesisPanel", "PhysicalBoard", "RoundRecord", "ScoreCalculator", "SoloBoard"]
