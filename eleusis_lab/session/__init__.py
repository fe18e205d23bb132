"""The table session: the only place where people act on rounds, without widgets.

- :class:`TableSession` — the rounds at one board as a fold over the session's own events: computer
  seats, the class's hypotheses, the student's prediction journal, real cards entered one by one, hints,
  confidence statements, matches (through :class:`~eleusis_lab.play.match.Match`), the reveal, undo of
  any event, one save file, and ``on_change`` for the views.
- :mod:`~eleusis_lab.session.notices` — what a board says after the last event, one type each.
- :func:`saved_sessions` — the autosaved sessions, newest first, for a set-up form.

Nothing here imports ipywidgets, traitlets or matplotlib: the boards in :mod:`eleusis_lab.widgets` are
views over a session.
"""

from __future__ import annotations

from eleusis_lab.session.notices import GuessNotice, InfoNotice, Notice, VerdictNotice
from eleusis_lab.session.saves import SavedSession, default_save_dir, new_session_path, saved_sessions
from eleusis_lab.session.session import (
    OPPONENTS,
    JournalEntry,
    MatchScoreRow,
    SessionError,
    TableSession,
    one_line,
    round_points,
)

__all__ = [
    "OPPONENTS",
    "GuessNotice",
    "InfoNotice",
    "JournalEntry",
    "MatchScoreRow",
    "Notice",
    "SavedSession",
    "SessionError",
    "TableSession",
    "VerdictNotice",
    "default_save_dir",
    "new_session_path",
    "one_line",
    "round_points",
    "saved_sessions",
]
