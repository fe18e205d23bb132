"""The classroom layer: a class session at the board as a fold over its own log, without widgets.

- :class:`ClassSession` — the round, the series of rounds, computer seats, the class's hypotheses, the
  reveal and the save file; every change an event (:mod:`eleusis_lab.classroom.events`), undo of any.
- :func:`closest_rules` — a student's sentence to the closest rules, to pick and judge.
- :func:`saved_sessions` — the autosaved sessions, newest first, for the set-up form.
"""

from __future__ import annotations

from eleusis_lab.classroom.saves import SavedSession, new_session_path, saved_sessions
from eleusis_lab.classroom.session import ClassSession, Notice, ScoreRow, SessionError
from eleusis_lab.classroom.words import RuleMatch, closest_rules, plain_english

__all__ = [
    "ClassSession",
    "Notice",
    "RuleMatch",
    "SavedSession",
    "ScoreRow",
    "SessionError",
    "closest_rules",
    "new_session_path",
    "plain_english",
    "saved_sessions",
]
