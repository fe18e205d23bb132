"""The session's one kind of refusal, in its own module so the save file's reader raises it too."""

from __future__ import annotations

__all__ = ["SessionError", "StaleSession"]


class SessionError(ValueError):
    """A refused action at the board, or a save file refused, in one sentence; nothing changed."""


class StaleSession(SessionError):
    """The save file moved on since this session read or wrote it: another tab or window saved to it."""

    def __init__(self) -> None:
        super().__init__("This session was changed in another tab or window; reload it to go on.")
