"""The narrowing history of a round: how many candidate rules remained after each verdict.

This is the data behind ``eleusis_lab.plots.narrowing_plot``: one step per observation (sidelines and
no-plays included), the dealer's verdict, the remaining count, the ideal one-bit-per-play halving, and
the lifelines of the class's own hypotheses (recorded at one step, falsified at another).

>>> from eleusis_lab.cards import parse_cards
>>> from eleusis_lab.play import Observation as Obs
>>> a, b, c = parse_cards("3H 9S 4H")
>>> n = Narrowing.from_evidence([Obs((), (a,), True), Obs((a,), (b,), False), Obs((a,), (c,), True)])
>>> [s.accepted for s in n.steps]
[True, False, True]
>>> n.remaining[0] > n.remaining[1] > n.remaining[2] > n.remaining[3] > 0
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card
from eleusis_lab.science.hypotheses import ClassHypotheses
from eleusis_lab.science.space import HypothesisSpace

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round


@dataclass(frozen=True)
class Step:
    """One verdict and what it left."""

    index: int  # 1-based number of the observation
    cards: tuple[Card, ...]
    mainline: tuple[Card, ...]
    accepted: bool
    remaining: int
    kind: str = "play"
    player: str = ""


@dataclass(frozen=True)
class Lifeline:
    """A class hypothesis: alive from ``start`` (observation count when recorded) to ``end``."""

    student: str
    text: str
    words: str | None
    start: int
    end: int | None  # the 1-based step that falsified it; None = still consistent
    falsified_by: str | None = None  # e.g. "9♠ on 3♥ was accepted, but …"
    card: Card | None = None


@dataclass
class Narrowing:
    """Remaining candidates after each observation, with the class hypotheses' lifelines."""

    initial: int
    steps: list[Step] = field(default_factory=list)
    lifelines: list[Lifeline] = field(default_factory=list)
    top: list[str] = field(default_factory=list)
    deck: str = "standard"
    skipped: int = 0  # observations the space cannot judge (a card outside its deck)

    @property
    def remaining(self) -> list[int]:
        """Counts before any evidence, then after each step."""
        return [self.initial, *(s.remaining for s in self.steps)]

    def ideal(self) -> list[float]:
        """One bit per play: the count halves with every verdict (never below 1)."""
        return [max(1.0, self.initial / 2**k) for k in range(len(self.steps) + 1)]

    def bits(self) -> list[float]:
        """Information gained by each step, in bits (log2 of the shrink factor)."""
        r = self.remaining
        return [math.log2(a / b) if a > 0 and b > 0 else 0.0 for a, b in itertools.pairwise(r)]

    @classmethod
    def from_evidence(
        cls,
        evidence: Iterable[Any],
        *,
        deck: str | None = None,
        hypotheses: ClassHypotheses | None = None,
        space: HypothesisSpace | None = None,
    ) -> Narrowing:
        """Replay ``evidence`` (``Observation``s) into a fresh space (or a copy of ``space``)."""
        evidence = list(evidence)
        if space is None and deck is None:
            cards = [c for o in evidence for c in (*o.mainline, *o.cards)]
            deck = "letters" if any(not c.is_playing for c in cards) else "standard"
        fold = NarrowingFold(deck or "standard", space=space)
        result = fold.update(evidence, hypotheses)
        result.top = [c.text for c in fold.space.classes(5)]
        return result

    @classmethod
    def from_round(cls, round: Round, hypotheses: ClassHypotheses | None = None) -> Narrowing:
        """The narrowing of a round so far (``round.evidence()``), with the class's hypotheses if given."""
        if hypotheses is not None:
            hypotheses.update(round)
        return cls.from_evidence(round.evidence(), deck=round.rule_deck(), hypotheses=hypotheses)

    def to_dict(self) -> dict[str, Any]:
        return {
            "initial": self.initial,
            "deck": self.deck,
            "steps": [
                {
                    "index": s.index,
                    "cards": [str(c) for c in s.cards],
                    "accepted": s.accepted,
                    "remaining": s.remaining,
                    "kind": s.kind,
                }
                for s in self.steps
            ],
            "lifelines": [
                {
                    "student": h.student,
                    "text": h.text,
                    "start": h.start,
                    "end": h.end,
                    "falsified_by": h.falsified_by,
                }
                for h in self.lifelines
            ],
            "top": list(self.top),
        }


def lifelines(
    hypotheses: ClassHypotheses | Sequence[Any], step_at: Sequence[int] | None = None
) -> list[Lifeline]:
    """The lifelines of the class's hypotheses (steps are 1-based like :class:`Step`).

    ``step_at[i]`` is the number of steps after the evidence's observation ``i`` (the fold skips what
    the space cannot judge, so steps and observations may differ); without it they are the same.  A
    hypothesis ends at the step of the play that falsified it, whenever it was typed.
    """

    def step(count: int) -> int:  # the step reached after ``count`` observations
        if step_at is None or count <= 0:
            return max(count, 0)
        return step_at[min(count, len(step_at)) - 1]

    out = []
    for h in hypotheses:
        f = h.falsified_by
        out.append(
            Lifeline(
                h.student,
                h.text,
                h.words,
                step(h.added_at),
                None if f is None else step(f.index + 1),
                None if f is None else str(f),
                None if f is None else f.card,
            )
        )
    return out


class NarrowingFold:
    """The one narrowing fold: observes only the new judgements of a growing evidence list (about 5 ms a
    judgement), and starts again from the beginning when the evidence was rewritten (an undo).

    Boards, plots and worksheets all read their narrowing from here (through :class:`Narrowing`), so a
    projector's plot and a handout's cannot disagree.  A judgement the space cannot judge is skipped and
    counted in ``Narrowing.skipped``, the same way everywhere.
    """

    def __init__(self, deck: str = "standard", *, space: HypothesisSpace | None = None) -> None:
        self.deck = space.deck if space is not None else deck
        self._start = space
        self._reset()

    def _reset(self) -> None:
        self.space = self._start.copy() if self._start is not None else HypothesisSpace(self.deck)
        self.initial = self.space.remaining()
        self._seen: list[Any] = []
        self._steps: list[Step] = []
        self._step_at: list[int] = []  # steps so far after each observation seen
        self._skipped = 0

    def update(
        self, evidence: Sequence[Any], hypotheses: ClassHypotheses | Sequence[Any] | None = None
    ) -> Narrowing:
        """The narrowing after ``evidence`` (the whole list so far), with the hypotheses' lifelines."""
        evidence = list(evidence)
        if evidence[: len(self._seen)] != self._seen:
            self._reset()
        for obs in evidence[len(self._seen) :]:
            self._seen.append(obs)
            try:
                self.space.observe(obs.mainline, tuple(obs.cards), obs.accepted)
            except ValueError:
                self._skipped += 1
                self._step_at.append(len(self._steps))
                continue
            self._steps.append(
                Step(
                    len(self._steps) + 1,
                    tuple(obs.cards),
                    tuple(obs.mainline),
                    bool(obs.accepted),
                    self.space.remaining(),
                    obs.kind,
                    obs.player,
                )
            )
            self._step_at.append(len(self._steps))
        return Narrowing(
            self.initial,
            list(self._steps),
            lifelines(hypotheses, self._step_at) if hypotheses is not None else [],
            deck=self.deck,
            skipped=self._skipped,
        )
