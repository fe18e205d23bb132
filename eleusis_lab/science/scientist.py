"""The scientist: a computer player that plays the most informative card and guesses when sure enough.

It keeps a :class:`HypothesisSpace` up to date with the round's evidence.  The card it plays is the
one whose acceptance is most uncertain under the posterior (a verdict then carries close to one bit).
It states the most probable remaining rule (its behaviour class, duplicates merged) when

- that rule's posterior mass passes ``guess_at``; or
- no card in hand carries ``stuck_below`` bits (the line is stuck) and the rule has ``stuck_guess_at``;
  a wrong guess then is the experiment: the guessed behaviour is ruled out; or
- it has been stuck for ``stuck_turns`` turns, or fewer than ``endgame`` turns are left (an unsolved
  solo round scores 0 anyway), whatever the rule's probability.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from typing import Any

from eleusis_lab.cards import Card
from eleusis_lab.science.space import HypothesisSpace

try:
    from eleusis_lab.play import players as _players

    _Base: type = _players.ComputerPlayer
except ImportError:  # pragma: no cover - only while the play layer is being rebuilt
    _players = None  # type: ignore[assignment]
    _Base = object


def _can(round: Any, what: str, name: str) -> bool:
    if _players is not None:
        return bool(getattr(_players, what)(round, name))
    fn = getattr(round, what, None)
    return bool(fn(name)) if callable(fn) else False


def entropy(p: float) -> float:
    """Bits of information a yes/no verdict with probability ``p`` carries."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def _deck_of(round: Any, name: str) -> str:
    cards = [*getattr(round, "mainline", []), *round.hand(name)]
    return "letters" if any(not c.is_playing for c in cards) else "standard"


class ScientistPlayer(_Base):
    """Chooses plays by expected information and guesses the most plausible rule when it is probable."""

    name = "scientist"

    def __init__(
        self,
        seed: int | None = None,
        *,
        guess_at: float = 0.2,
        progress: float = 0.05,
        stuck_below: float = 0.3,
        stuck_guess_at: float = 0.05,
        stuck_turns: int = 3,
        endgame: int = 5,
    ) -> None:
        self.seed = seed
        self.guess_at = guess_at
        self.progress = progress
        self.stuck_below = stuck_below
        self.stuck_guess_at = stuck_guess_at
        self.stuck_turns = stuck_turns
        self.endgame = endgame
        self._best_bits = 1.0
        self._stuck_turns = 0
        self._space: HypothesisSpace | None = None
        self._round_id: int | None = None
        self._seen = 0
        self._last_guess: str | None = None
        self._guessed_at = -1

    # -- keeping the space up to date --------------------------------------------------------
    def space(self, round: Any, name: str) -> HypothesisSpace:
        """The hypothesis space narrowed by all of ``round``'s evidence (updated incrementally)."""
        evidence = list(round.evidence())
        if self._space is None or self._round_id != id(round) or len(evidence) < self._seen:
            self._space = HypothesisSpace(_deck_of(round, name))
            self._round_id = id(round)
            self._seen = 0
            self._last_guess = None
        for obs in evidence[self._seen :]:
            self._space.observe(obs.mainline, tuple(obs.cards), obs.accepted)
        self._seen = len(evidence)
        return self._space

    def guess_was_wrong(self, text: str) -> None:
        """Told by the solo protocol (or noticed next turn): rule out the guessed behaviour."""
        if self._space is not None:
            with contextlib.suppress(ValueError):
                self._space.exclude(text)
        self._last_guess = None

    # -- the three choices -------------------------------------------------------------------
    def scores(self, round: Any, name: str, hand: Sequence[Card]) -> list[tuple[float, float, Card]]:
        """(bits, acceptance probability, card) for every distinct card of the hand."""
        space = self.space(round, name)
        faces: dict[Card, Card] = {}
        for c in hand:
            faces.setdefault(c.design, c)
        probs = space.probabilities(list(round.mainline), list(faces))
        return [(entropy(float(p)), float(p), c) for p, c in zip(probs, faces.values(), strict=True)]

    def choose_play(self, round: Any, name: str) -> list[Card] | None:
        hand = list(round.hand(name))
        if not hand:
            return None
        if self._last_guess is not None:
            # Still asked to play after a guess: the guess was wrong.
            self.guess_was_wrong(self._last_guess)
        scored = self.scores(round, name, hand)
        if _can(round, "can_no_play", name) and scored and max(p for _b, p, _c in scored) < 0.02:
            return None
        best = max(scored, key=lambda t: (t[0] + self.progress * t[1], t[1], -t[2].sort_key()[2]))
        self._best_bits = best[0]
        return [best[2]]

    def choose_guess(self, round: Any, name: str) -> str | None:
        if not _can(round, "can_guess", name):
            return None
        space = self.space(round, name)
        if self._last_guess is not None:
            self.guess_was_wrong(self._last_guess)
        best = space.classes(1)
        if not best:
            return None
        last_chance = bool(getattr(round, "last_turn", False))
        turns_left = getattr(round, "max_turns", 10**6) - getattr(round, "turn", 0)
        # When no card in hand can teach much, a guess is the best experiment left: after a few such
        # turns (or near the end of a solo round, when an unsolved round scores 0 anyway) guess the
        # most probable rule whatever its probability.
        stuck = self.stuck_below > 0 and self._best_bits < self.stuck_below
        self._stuck_turns = self._stuck_turns + 1 if stuck else 0
        desperate = self._stuck_turns >= self.stuck_turns or turns_left < self.endgame
        if (
            best[0].probability >= self.guess_at
            or last_chance
            or (stuck and best[0].probability >= self.stuck_guess_at)
            or desperate
        ):
            self._last_guess = best[0].text
            return best[0].text
        return None

    def wants_prophet(self, round: Any, name: str) -> bool:
        best = self.space(round, name).classes(1)
        return bool(best) and best[0].probability >= 0.9

    def judge_as_prophet(self, round: Any, name: str, cards: Sequence[Card]) -> bool:
        space = self.space(round, name)
        line = list(round.mainline)
        prob = 1.0
        for card in cards:
            prob *= float(space.probabilities(line, [card])[0])
            line.append(card)
        return prob >= 0.5

    def __repr__(self) -> str:
        return f"ScientistPlayer(seed={self.seed!r}, guess_at={self.guess_at})"


if _players is not None:
    _players.register("scientist", ScientistPlayer)
