"""What a board says after the session's last event, one type per kind of message.

A view matches a notice by its type (``isinstance(n, VerdictNotice)``), never by probing its fields:
a verdict on a play or a no-play, a judged guess, a line of information.  A refused action is no notice:
it is a :class:`~eleusis_lab.session.SessionError` (one sentence), raised with the session as it was, so
the verdict the class is reading stays on the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from eleusis_lab.play import GuessResult, Verdict

__all__ = ["GuessNotice", "InfoNotice", "Notice", "VerdictNotice"]


@dataclass(frozen=True)
class Notice:
    """A line for the board; ``computer_lines`` say what the computer seats did after it."""

    text: str = ""
    computer_lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class InfoNotice(Notice):
    """A line of information (dealt, undone, revealed …)."""


@dataclass(frozen=True)
class VerdictNotice(Notice):
    """The dealer's verdict on a play or a no-play."""

    verdict: Verdict | None = None


@dataclass(frozen=True)
class GuessNotice(Notice):
    """A guess at the rule and its judgement (the dealer may still overrule it)."""

    result: GuessResult | None = None
