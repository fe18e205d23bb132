"""The table as one line of text, as the language-model benchmark shows it: ``4♠ 8♦ [Q♥] 9♣``.

Each mainline card is followed by the cards rejected after it, in brackets (a New Eleusis string in one
pair of brackets).
"""

from __future__ import annotations

from eleusis_lab.play import Round

__all__ = ["board_text"]


def board_text(round: Round) -> str:
    """The mainline, starter first, with each rejected play in brackets after the card it tried to follow."""
    parts: list[str] = []
    for card, plays in zip(round.mainline, round.sidelines, strict=False):
        parts.append(str(card))
        parts.extend("[" + " ".join(str(c) for c in play.cards) + "]" for play in plays)
    return " ".join(parts)
