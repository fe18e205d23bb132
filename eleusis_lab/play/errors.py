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
    "one_line",
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


def one_line(error: BaseException) -> str:
    """An error's message as the one line a person is shown: its first line (a rule error's caret and
    hint lines stay out; a ``KeyError``'s quotes too), or the error's kind when it says nothing.  Every
    session, board and command shows a refusal through this.

    >>> one_line(ValueError("Unexpected end of the rule.\\n  card is\\n         ^"))
    'Unexpected end of the rule.'
    >>> one_line(KeyError("no player called 'Zoe'")), one_line(RuntimeError())
    ("no player called 'Zoe'", 'RuntimeError')
    """
    text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
    lines = text.strip().splitlines()
    return lines[0] if lines else type(error).__name__


def first_clause(error: BaseException) -> str:
    """An error's message as one clause for a BadSave sentence: :func:`one_line` without a closing full
    stop (the sentence adds its own)."""
    return one_line(error).rstrip(" .")
