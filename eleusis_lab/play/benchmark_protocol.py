"""The pieces of the language-model benchmark's game that the solo variant's ``protocol="benchmark"`` uses.

The benchmark ("Can LLMs play the game of science?", scienceetonnante/eleusis-llm-benchmark) plays a
solo round like the kit's with these particulars:

- the double deck is built suit by suit, ♥ ♦ ♣ ♠, ranks 1-13 inside each suit, twice
  (:func:`benchmark_deck`); it is shuffled by ``random.Random(round_seed)`` with ``round_seed = (42 +
  (md5(code) & 0xFFFFFFFF) + round index) & 0xFFFFFFFF`` (:func:`round_seed`; ``code`` is the rule's
  own text);
- the 12-card hand is dealt first, then cards are turned up until one is accepted on an empty line:
  that is the starter, the rejected ones are discarded and the player never sees them;
- each turn is one play, the verdict, one card drawn, then the player may state the rule; at most 30
  turns;
- a correct guess on turn N scores ``31 - N - 2 x wrong guesses`` (:func:`score`); an unsolved round
  scores ``-2 x wrong guesses``; the mean the tables report floors every round at 0;
- the analysis counts a round as a *success* only if it was solved before the turn from which no guess
  could score above 0 any more: the first turn t with ``2 x wrong guesses so far >= 30 - t``
  (:func:`counting_success`); wrong guesses and turns are counted up to that turn too.

Where the article's prose and its code disagree (we follow the code):

1. *Score of a correct guess.*  The prose says ``max_turns - turns used - penalty x wrong``, which reads
   ``30 - N`` for a guess on turn N; the code passes the 0-based turn index, so it scores ``31 - N``
   (a guess on turn 1 scores 30).
2. *Unsolved rounds.*  The prose says the score "is floored at 0"; the code's round score of an unsolved
   round is ``-penalty x wrong guesses`` (it can be negative) and only the reported mean floors it.  We
   keep both: ``raw_score`` and the floored score.

The judge is the benchmark's too (:func:`simulation_judge`): 100 random walks of 40 plays onward from the
*current* mainline (``random.Random(42)``), every face compared at each step, the walk going on with a
card the secret rule accepts.  So a guess that differs from the secret rule only on the starter is
right here (the strict judge, :func:`eleusis_lab.rules.checks.same_rule`, looks at every situation the
secret rule can reach, the starter included).  What we cannot reproduce: the benchmark compiles the
guess's English to Python with a language model, and takes the ``md5`` of its own compiled Python code;
our rules are our own text, so pass ``code=`` to reproduce one of its decks exactly.

>>> round_seed("return card.rank % 2 == 0", 0)
3991486048
>>> score(True, turn=1, wrong=0), score(True, turn=10, wrong=2), score(False, turn=30, wrong=3)
(30, 17, -6)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card, Suit

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.rules import Rule

__all__ = [
    "BASE_SEED",
    "HAND_SIZE",
    "MAX_TURNS",
    "PENALTY",
    "benchmark_deck",
    "counting_success",
    "cutoff_turn",
    "round_seed",
    "score",
    "shuffled_deck",
    "simulation_judge",
]

BASE_SEED = 42
MAX_TURNS = 30
HAND_SIZE = 12
PENALTY = 2
_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)


def benchmark_deck() -> list[Card]:
    """The benchmark's double deck in its build order: ♥ ♦ ♣ ♠, ranks 1-13 in each suit, twice."""
    return [Card(rank=r, suit=s, copy=copy) for copy in range(2) for s in _SUITS for r in range(1, 14)]


def round_seed(code: str, index: int, base: int = BASE_SEED) -> int:
    """The deck seed of round ``index`` (0, 1, 2 …) of the rule whose code is ``code``."""
    rule_hash = int(hashlib.md5(code.encode()).hexdigest(), 16) & 0xFFFFFFFF
    return (base + rule_hash + index) & 0xFFFFFFFF


def shuffled_deck(seed: int) -> list[Card]:
    """The benchmark's deck shuffled as it shuffles it (``random.Random(seed).shuffle``)."""
    cards = benchmark_deck()
    random.Random(seed).shuffle(cards)
    return cards


def score(solved: bool, *, turn: int, wrong: int, max_turns: int = MAX_TURNS, penalty: int = PENALTY) -> int:
    """The benchmark's round score (its code): ``max_turns + 1 - turn - penalty x wrong`` if solved."""
    if solved:
        return max_turns + 1 - turn - penalty * wrong
    return -penalty * wrong


def cutoff_turn(wrong_after: Sequence[int], max_turns: int = MAX_TURNS, penalty: int = PENALTY) -> int | None:
    """The first turn t (1-based) with ``penalty x wrong guesses so far >= max_turns - t``, or None.

    ``wrong_after[t - 1]`` is the number of wrong guesses made up to the end of turn t.
    """
    for t, wrong in enumerate(wrong_after, start=1):
        if penalty * wrong >= max_turns - t:
            return t
    return None


def counting_success(
    solved_turn: int | None, wrong_after: Sequence[int], max_turns: int = MAX_TURNS, penalty: int = PENALTY
) -> bool:
    """Solved, and before the cut-off turn (the analysis's ``counting_success``)."""
    if solved_turn is None:
        return False
    cut = cutoff_turn(wrong_after[: solved_turn - 1], max_turns, penalty)
    return cut is None


def simulation_judge(
    guess: Rule, secret: Rule, mainline: Sequence[Card], *, walks: int = 100, steps: int = 40, seed: int = 42
) -> bool:
    """The benchmark's judge: do ``guess`` and ``secret`` agree on every face, all along ``walks`` random
    walks of ``steps`` plays from ``mainline`` (each step goes on with a card ``secret`` accepts)?"""
    rng = random.Random(seed)
    faces = [Card(rank=r, suit=s) for r in range(1, 14) for s in _SUITS]
    secret_row, guess_row = _Row(secret, faces), _Row(guess, faces)
    for _walk in range(walks):
        line = [c.design for c in mainline]
        for _step in range(steps):
            row = secret_row(line)
            if row != guess_row(line):
                return False
            accepted = [card for card, ok in zip(faces, row, strict=True) if ok]
            if not accepted:
                break
            line.append(rng.choice(accepted))
    return True


class _Row:
    """A rule's verdicts on every face after a line, remembered by what the rule can read of the line
    (its last ``lookback`` cards and its folded position), so the judge's 4,000 steps cost little."""

    def __init__(self, rule: Rule, faces: list[Card]) -> None:
        from eleusis_lab.rules.checks import position_fold  # the same folding same_rule relies on

        self.rule, self.faces = rule, faces
        self.back = rule.lookback
        self.fold = position_fold(rule)
        self.seen: dict[tuple[Any, ...], tuple[bool, ...]] = {}

    def __call__(self, line: list[Card]) -> tuple[bool, ...]:
        pos = len(line) + 1
        if self.fold is not None:
            threshold, period = self.fold
            pos = pos if pos < threshold else threshold + (pos - threshold) % period
        tail = tuple(line[-self.back :]) if self.back else ()
        key = (tail, min(len(line), self.back), pos)
        row = self.seen.get(key)
        if row is None:
            row = tuple(self.rule.accepts(card, line) for card in self.faces)
            self.seen[key] = row
        return row
