"""Physical-cards mode: the class plays with real cards; the teacher enters each card and the computer judges.

The round is a ``physical=True`` round: no deal, no hands, no stock.  The board keeps the table, the
evidence, the hypotheses and the plots exactly as for a computer-dealt round; the card picker takes the
place of the hand, and at the end the teacher counts each player's cards left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eleusis_lab.play import Round
from eleusis_lab.session import TableSession
from eleusis_lab.widgets.round_board import RoundBoard

__all__ = ["PhysicalBoard"]


class PhysicalBoard(RoundBoard):
    """A round board for real cards: a card picker instead of hands, cards left counted at the end.

    >>> board = PhysicalBoard("express", ["Ana", "Ben"], rule="express-1", autosave=False, hypotheses=False)
    >>> board.deal(); board.pick("5H"); board.round.mainline
    [Card.parse('5♥')]
    """

    kind = "physical"

    def __init__(
        self,
        variant: str = "express",
        players: Sequence[str] = ("Ana", "Ben", "Cy", "Dee", "Eve"),
        rule: Any = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("title", "Eleusis — class board (real cards)")
        kwargs["physical"] = True
        super().__init__(variant, players, rule, **kwargs)

    @classmethod
    def _for_resume(cls, r: Round, session: TableSession, **kwargs: Any) -> RoundBoard:
        kwargs.pop("physical", None)
        return cls(r.variant, list(r.players), autosave=False, **kwargs)
