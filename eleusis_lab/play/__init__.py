"""Playing rounds of Eleusis: the four variants behind one facade, the event log, saving and loading.

A round is a seed plus an event log; everything on the table is derived from it, so ``undo``,
``to_json``/``load_round`` and step-by-step replay (``round.at(k)``) come for free.

>>> r = new_round("express", ["Ana", "Ben"], "card.color != prev.color", seed=1)
>>> r.variant, r.players, len(r.hand("Ana")), len(r.mainline)
('express', ['Ana', 'Ben'], 12, 1)
>>> me = r.current_player
>>> v = r.play(me, r.hand(me)[0])
>>> v.accepted in (True, False), r.current_player != me
(True, True)
>>> r.play(me, "7H")
Traceback (most recent call last):
...
eleusis_lab.play.errors.NotYourTurn: It is Ben's turn.
>>> load_round(r.to_json()).to_json() == r.to_json()
True
>>> _ = r.undo(); r.current_player == me
True

A class playing with real cards: the teacher enters each card, the engine judges and keeps score.

>>> p = new_round("letters", ["Ana", "Ben", "Cy"], "letters-cycle", physical=True, starter="A red circle red")
>>> p.play("Ana", "B blue square black").accepted
True
>>> p.finish([5, 2, 0]).players
[-13, -1, 7]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from eleusis_lab.play.errors import (
    BadGuess,
    BadSave,
    CardNotInHand,
    GameError,
    IllegalAction,
    NotYourTurn,
    RoundOver,
    UnknownPlayer,
)
from eleusis_lab.play.express import ExpressRound
from eleusis_lab.play.gardner import GardnerRound
from eleusis_lab.play.letters import LettersRound
from eleusis_lab.play.new_eleusis import NewEleusisRound
from eleusis_lab.play.round import GuessResult, Round, Verdict
from eleusis_lab.play.save import load_round
from eleusis_lab.play.solo import SoloRound
from eleusis_lab.play.table import Marker, Observation, SidelinePlay, Table, WrongCard
from eleusis_lab.play.variant import (
    VARIANTS,
    Capabilities,
    MatchRules,
    Option,
    ScoreColumn,
    find_variant,
    register_variant,
    registered,
    unregister_variant,
)
from eleusis_lab.rules import as_rule

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.rules import Rule

__all__ = [
    "VARIANTS",
    "BadGuess",
    "BadSave",
    "Capabilities",
    "CardNotInHand",
    "ExpressRound",
    "GameError",
    "GardnerRound",
    "GuessResult",
    "IllegalAction",
    "LettersRound",
    "Marker",
    "MatchRules",
    "NewEleusisRound",
    "NotYourTurn",
    "Observation",
    "Option",
    "Round",
    "RoundOver",
    "ScoreColumn",
    "SidelinePlay",
    "SoloRound",
    "Table",
    "UnknownPlayer",
    "Verdict",
    "WrongCard",
    "find_variant",
    "load_round",
    "new_round",
    "register_variant",
    "registered",
    "unregister_variant",
    "variant_class",
]

# The built-in variants, in the order boards and score sheets list them.  A new variant is a module
# with its Round subclass, imported and added here (or registered by its own code with register_variant).
for _cls in (GardnerRound, ExpressRound, NewEleusisRound, LettersRound, SoloRound):
    register_variant(_cls)


def variant_class(name: str | type[Round]) -> type[Round]:
    """The :class:`Round` subclass for a variant name (the same as :func:`find_variant`)."""
    return find_variant(name)


def new_round(
    variant: str,
    players: Sequence[str],
    rule: Rule | str,
    *,
    seed: int | None = None,
    dealer: str | None = None,
    physical: bool = False,
    **options: Any,
) -> Round:
    """Deal a new round of ``variant`` for ``players`` (names in turn order) with the secret ``rule``.

    ``dealer`` is the dealer's name (None: the computer deals and judges).  ``physical=True``: the
    class plays with real cards and the teacher enters each card (saving as play goes on is the
    session's: :class:`~eleusis_lab.session.TableSession`).  Other options are the variant's (see its
    ``OPTIONS``), plus
    ``deck_order`` (a stacked deck, top first), ``starter`` (physical rounds) and ``announcement``.
    """
    cls = find_variant(variant)
    return cls(
        players,
        as_rule(rule),
        seed=seed,
        dealer=dealer,
        physical=physical,
        **options,
    )
