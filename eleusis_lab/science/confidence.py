"""How sure, and how often right: a player's stated confidence in their rule, and when guessing pays.

Before each play a student states their current rule and how sure they are of it (0-100 %); the round's
log keeps each statement (``Round.state_confidence``).  Judged against the secret rule afterwards, the
statements give (confidence, right) pairs, which a calibration table bins (see
:mod:`eleusis_lab.science.calibration`).

**When does guessing pay?**  Say a right guess now scores S.  Waiting costs ``turn_cost`` points a turn,
and a wrong guess costs ``penalty`` more.  Compare guessing now, with probability p of being right, against
waiting one turn and then guessing surely right.  Guessing now: p·S + (1 − p)·(S − turn_cost − penalty)
(a wrong guess teaches you the rule by next turn at best).  Waiting: S − turn_cost.  Guessing is better when
(1 − p)·(turn_cost + penalty) < turn_cost, that is when p > penalty / (penalty + turn_cost).  With the
solo score (a wrong guess costs 2, each turn 1) that is p > 2/3, the threshold the language-model benchmark's
article derives.

>>> guess_pays_above(penalty=2, turn_cost=1)
0.6666666666666666
>>> round(guess_gain(0.9), 2), round(guess_gain(0.5), 2)
(0.7, -0.5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round


def guess_pays_above(penalty: float = 2, turn_cost: float = 1) -> float:
    """The confidence above which guessing now beats waiting a turn (``penalty / (penalty + turn_cost)``)."""
    if penalty < 0 or turn_cost <= 0:
        raise ValueError("the penalty must be at least 0 and a turn must cost something")
    return penalty / (penalty + turn_cost)


def guess_gain(p: float, penalty: float = 2, turn_cost: float = 1) -> float:
    """Expected points of guessing now minus waiting one turn, when the guess is right with chance ``p``."""
    if not 0 <= p <= 1:
        raise ValueError("a confidence is a probability between 0 and 1")
    return turn_cost - (1 - p) * (turn_cost + penalty)


@dataclass(frozen=True)
class Statement:
    """One stated confidence: who, how sure (0-1), of which rule (None: no rule yet), where in the log."""

    player: str
    confidence: float
    rule: str | None
    event_index: int


def statements(confidences: Iterable[tuple[str, int, str | None, int]]) -> list[Statement]:
    """Statements from a round's ``confidences()`` (player, percent, rule text or None, event index)."""
    return [Statement(who, percent / 100, about, index) for who, percent, about, index in confidences]


def last_before_plays(evidence: Iterable[Any], said: Iterable[Statement], player: str) -> list[Statement]:
    """For each of ``player``'s plays, the last statement they made before it (plays with none are skipped).

    One statement a play, so a student who moves the slider five times between two plays counts once.
    """
    mine = sorted((s for s in said if s.player == player), key=lambda s: s.event_index)
    out: list[Statement] = []
    for obs in evidence:
        if obs.kind != "play" or obs.player != player:
            continue
        before = [s for s in mine if s.event_index < obs.event_index]
        if before and (not out or before[-1] is not out[-1]):
            out.append(before[-1])
    return out


def judged(said: Iterable[Statement], is_right: Any) -> list[tuple[float, bool]]:
    """(confidence, right) pairs; ``is_right(rule_text)`` judges a stated rule (no rule is never right).

    Each distinct rule text is judged once.
    """
    verdicts: dict[str, bool] = {}
    out = []
    for s in said:
        if s.rule is None:
            out.append((s.confidence, False))
            continue
        if s.rule not in verdicts:
            verdicts[s.rule] = bool(is_right(s.rule))
        out.append((s.confidence, verdicts[s.rule]))
    return out


def round_calibration(round: Round, player: str) -> list[tuple[float, bool]]:
    """``player``'s statements before their plays in ``round``, each judged against the secret rule."""
    from eleusis_lab.rules.checks import same_rule

    said = last_before_plays(round.evidence(), statements(round.confidences()), player)
    return judged(said, lambda text: bool(same_rule(text, round.rule, deck=round.cards_in_play())))
