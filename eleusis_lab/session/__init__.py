"""The sessions of the solo and real-cards boards, without widgets (the class board's: ``classroom``).

- :class:`RoundSession` — one board's round: deal, act through the round's ``legal_actions``, undo the
  last person's action, reveal, scores and totals, save and resume.
- :class:`SoloSession` — the same with the student's predictions and their journal.

Nothing here imports ipywidgets: the boards in :mod:`eleusis_lab.widgets` are views over a session.
"""

from __future__ import annotations

from eleusis_lab.session.round_session import RoundSession, points
from eleusis_lab.session.solo import OPPONENTS, JournalEntry, SoloSession

__all__ = ["OPPONENTS", "JournalEntry", "RoundSession", "SoloSession", "points"]
