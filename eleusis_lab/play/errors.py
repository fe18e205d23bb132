"""The errors a round raises: every refused action is a :class:`GameError` with a one-sentence reason.

A refused action never changes the round, so a board can show the message and carry on.
"""

from __future__ import annotations

__all__ = [
    "BadGuess",
    "BadSave",
    "CardNotInHand",
    "GameError",
    "IllegalAction",
    "NotYourTurn",
    "RoundOver",
    "UnknownPlayer",
    "first_clause",
]


class GameError(ValueError):
    """A refused action or a bad save; the message is one sentence a class can read."""


class NotYourTurn(GameError):
    """A player acted out of turn ("It is Ben's turn.")."""


class CardNotInHand(GameError):
    """A player named a card they do not hold ("Ana has no 7♥.")."""


class UnknownPlayer(GameError):
    """A name that is not one of the round's players."""


class RoundOver(GameError):
    """The round has ended; only undo, scores and saving are possible."""


class IllegalAction(GameError):
    """An action the rules of this variant do not allow at this moment."""


class BadGuess(IllegalAction):
    """A guessed rule that does not parse; ``rule_error`` is the parser's error with line and caret."""

    def __init__(self, message: str, rule_error: Exception | None = None) -> None:
        super().__init__(message)
        self.rule_error = rule_error


class BadSave(GameError):
    """A saved round that cannot be loaded: not JSON, wrong format or version, tampered, or illegal."""


def first_clause(error: BaseException) -> str:
    """An error's message as one clause for a BadSave sentence: its first line (a rule error's caret
    and hint lines stay out), without a closing full stop (the sentence adds its own)."""
    lines = str(error).strip().splitlines()
    return (lines[0] if lines else type(error).__name__).rstrip(" .")
