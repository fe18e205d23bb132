"""What a board says after the session's last event, one type per kind of message.

A view matches a notice by its type (``isinstance(n, VerdictNotice)``), never by probing its fields:
a verdict on a play, a judged guess, a line of information, a warning, and a refusal (the action was
not taken; the session is as it was).
"""

from __future__ import annotations

from dataclasses import dataclass

from eleusis_lab.play import GuessResult, Verdict

__all__ = ["GuessNotice", "InfoNotice", "Notice", "Refusal", "VerdictNotice", "WarningNotice"]


@dataclass(frozen=True)
class Notice:
    """A line for the board; ``computer_lines`` say what the computer seats did after it."""

    text: str = ""
    computer_lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class InfoNotice(Notice):
    """A line of information (dealt, undone, revealed …)."""


@dataclass(frozen=True)
class WarningNotice(Notice):
    """Something the person should look at before going on."""


@dataclass(frozen=True)
class Refusal(Notice):
    """An action the session refused, in one sentence: nothing changed."""


@dataclass(frozen=True)
class VerdictNotice(Notice):
    """The dealer's verdict on a play or a no-play."""

    verdict: Verdict | None = None


@dataclass(frozen=True)
class GuessNotice(Notice):
    """A guess at the rule and its judgement (the dealer may still overrule it)."""

    result: GuessResult | None = None
