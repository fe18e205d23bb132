"""Confirmation bias: Wason's 2-4-6 task, and positive and negative tests counted in Eleusis rounds.

In Wason's task (1960) the experimenter says that 2, 4, 6 fits a rule about three numbers; the subject
proposes triples, hears *fits* or *does not fit*, and announces the rule when sure.  The rule is "any
increasing triple".  Most subjects form a narrower idea ("up by two") and test only triples their idea
says fit (*positive tests*); those always come back "fits" and never show the idea is too narrow.  A
*negative test* (a triple the idea says does not fit) is what can find the rule.

The same count applies to an Eleusis round: a play is a positive test when the player's own current
hypothesis predicts it accepted, a negative test when it predicts it rejected.

>>> task = WasonTask()
>>> task.test((8, 10, 12), "up-by-two").fits
True
>>> task.test((1, 2, 3), "up-by-two").positive
False
>>> task.counts()
Tally(positive=1, negative=1, unknown=0)
>>> task.announce("increasing")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from eleusis_lab.cards import Card
from eleusis_lab.play.players import ComputerPlayer, SeatView
from eleusis_lab.rules import Rule, as_rule

Triple = tuple[int, int, int]

#: The numbers a triple may hold (a clear message for anything else).
LOWEST, HIGHEST = -999, 999
#: Two triple rules are the same rule when they agree on every triple of numbers in this range.
_SAME_RANGE = range(-6, 25)


@dataclass(frozen=True)
class TripleRule:
    """A rule about three numbers that a subject may hold, in words, with its test."""

    key: str
    words: str
    fits: Callable[[Triple], bool] = field(repr=False, compare=False)


TRIPLE_RULES: tuple[TripleRule, ...] = (
    TripleRule("up-by-two", "numbers going up by 2", lambda t: t[1] == t[0] + 2 and t[2] == t[1] + 2),
    TripleRule(
        "even-up-by-two",
        "even numbers going up by 2",
        lambda t: t[0] % 2 == 0 and t[1] == t[0] + 2 and t[2] == t[1] + 2,
    ),
    TripleRule("equal-steps", "numbers going up in equal steps", lambda t: t[1] - t[0] == t[2] - t[1] > 0),
    TripleRule("even", "three even numbers", lambda t: all(n % 2 == 0 for n in t)),
    TripleRule("increasing", "any three numbers going up", lambda t: t[0] < t[1] < t[2]),
    TripleRule("different", "any three different numbers", lambda t: len(set(t)) == 3),
    TripleRule("anything", "any three numbers at all", lambda t: True),
)
_BY_KEY = {r.key: r for r in TRIPLE_RULES}


def triple_rule(key: str) -> TripleRule:
    """The triple rule named ``key`` (a clear error naming the keys for anything else)."""
    try:
        return _BY_KEY[key]
    except KeyError:
        known = ", ".join(_BY_KEY)
        raise ValueError(f"unknown rule {key!r} for the 2-4-6 task; the rules are: {known}") from None


def same_triple_rule(a: TripleRule, b: TripleRule) -> bool:
    """Do ``a`` and ``b`` agree on every triple of small numbers (-6 to 24)?"""
    triples = itertools.product(_SAME_RANGE, _SAME_RANGE, _SAME_RANGE)
    return all(a.fits(t) == b.fits(t) for t in triples)


def parse_triple(values: Sequence[Any]) -> Triple:
    """Three whole numbers from -999 to 999 (numbers given as text are read too), else ``ValueError``."""
    if isinstance(values, str) or len(values) != 3:
        raise ValueError("a test is three numbers, such as 1, 3, 9")
    out = []
    for value in values:
        try:
            number = int(str(value).strip()) if not isinstance(value, int) else value
        except ValueError:
            raise ValueError(f"{value!r} is not a whole number") from None
        if isinstance(number, bool) or not LOWEST <= number <= HIGHEST:
            raise ValueError(f"the numbers go from {LOWEST} to {HIGHEST}")
        out.append(number)
    first, second, third = out
    return (first, second, third)


@dataclass(frozen=True)
class Tally:
    """How many tests were positive (the tester's idea said *fits*), negative, or made with no idea."""

    positive: int = 0
    negative: int = 0
    unknown: int = 0

    @property
    def tests(self) -> int:
        return self.positive + self.negative

    @property
    def negative_share(self) -> float:
        """Negative tests as a share of the tests made with an idea (0 when there are none)."""
        return self.negative / self.tests if self.tests else 0.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.positive + other.positive, self.negative + other.negative, self.unknown + other.unknown
        )


@dataclass(frozen=True)
class WasonTest:
    """One triple tried: the verdict, the tester's idea at the time, and what that idea predicted."""

    triple: Triple
    fits: bool
    hypothesis: str | None
    predicted: bool | None

    @property
    def positive(self) -> bool | None:
        """True for a positive test, False for a negative one, None when made with no idea."""
        return self.predicted


class WasonTask:
    """The 2-4-6 task: the computer holds ``secret`` (any increasing triple); the tester tries triples."""

    EXAMPLE: Triple = (2, 4, 6)

    def __init__(self, secret: str = "increasing") -> None:
        self.secret = triple_rule(secret)
        if not self.secret.fits(self.EXAMPLE):
            raise ValueError("the secret rule must fit the example 2, 4, 6")
        self.tests: list[WasonTest] = []
        self.announcements: list[tuple[str, bool]] = []

    def test(
        self, triple: Sequence[Any], hypothesis: str | None = None, *, predicted: bool | None = None
    ) -> WasonTest:
        """Try ``triple`` while holding ``hypothesis`` (a key of :data:`TRIPLE_RULES`, or None).

        A tester whose idea is in their own words (not one of the listed rules) says instead what it
        predicts: ``predicted=True`` (a positive test) or ``False`` (a negative one).
        """
        numbers = parse_triple(triple)
        idea = triple_rule(hypothesis) if hypothesis is not None else None
        if idea is not None and predicted is not None:
            raise ValueError("give a listed rule or a prediction, not both")
        if self.solved:
            raise ValueError("the rule has been found; start a new task to play again")
        result = WasonTest(
            numbers, self.secret.fits(numbers), hypothesis, idea.fits(numbers) if idea else predicted
        )
        self.tests.append(result)
        return result

    def announce(self, hypothesis: str) -> bool:
        """Say "the rule is ``hypothesis``"; True when it is the secret rule (same on every small triple)."""
        right = same_triple_rule(triple_rule(hypothesis), self.secret)
        self.announcements.append((hypothesis, right))
        return right

    @property
    def solved(self) -> bool:
        return any(right for _key, right in self.announcements)

    @property
    def tests_to_solve(self) -> int | None:
        """How many triples were tried before the right announcement (None while not found)."""
        return len(self.tests) if self.solved else None

    def counts(self) -> Tally:
        return count_tests(t.predicted for t in self.tests)


def count_tests(predictions: Iterable[bool | None]) -> Tally:
    """Count predictions: True (a positive test), False (negative), None (no idea held)."""
    positive = negative = unknown = 0
    for p in predictions:
        if p is None:
            unknown += 1
        elif p:
            positive += 1
        else:
            negative += 1
    return Tally(positive, negative, unknown)


# -- Eleusis: tests against the player's own current hypothesis -----------------------------------


@dataclass(frozen=True)
class EleusisTest:
    """One play: the card, the mainline it was played on, the verdict, the hypothesis held before it."""

    card: Card
    mainline: tuple[Card, ...]
    accepted: bool
    hypothesis: str | None

    @property
    def predicted(self) -> bool | None:
        """What the hypothesis said of the play (None when the player held none)."""
        if self.hypothesis is None:
            return None
        return as_rule(self.hypothesis).accepts(self.card, list(self.mainline))


def plays_against_statements(
    evidence: Iterable[Any], statements: Iterable[tuple[str, int, str | None, int]], player: str
) -> list[EleusisTest]:
    """``player``'s plays, each against the rule they last stated before it.

    ``evidence`` holds a round's observations (``mainline``, ``cards``, ``accepted``, ``player``,
    ``event_index``, ``kind``); ``statements`` are (player, percent, rule text or None, event index), as
    ``Round.confidences()`` gives them.
    """
    said = sorted((i, about) for who, _percent, about, i in statements if who == player)
    out: list[EleusisTest] = []
    for obs in evidence:
        if obs.kind != "play" or obs.player != player:
            continue
        held = [about for i, about in said if i < obs.event_index]
        out.append(
            EleusisTest(obs.cards[0], tuple(obs.mainline), bool(obs.accepted), held[-1] if held else None)
        )
    return out


def plays_against_best_rule(evidence: Iterable[Any], deck: str = "standard") -> list[EleusisTest]:
    """Each play against the most plausible rule of the scientist's grammar space given the evidence
    before it.

    This is the current hypothesis of a player who reasons by that space (the scientist, or the
    confirming player below, whose experiments are chosen against the same space); the space is rebuilt
    from the evidence, never read from the player.
    """
    from eleusis_lab.science.grammar import GrammarSpace

    space = GrammarSpace(deck)
    out: list[EleusisTest] = []
    for obs in evidence:
        if obs.kind == "play":
            best = space.top(1)
            hypothesis = best[0].text if best else None
            out.append(EleusisTest(obs.cards[0], tuple(obs.mainline), bool(obs.accepted), hypothesis))
        space.observe(tuple(obs.mainline), tuple(obs.cards), bool(obs.accepted))
    return out


def count_eleusis_tests(tests: Iterable[EleusisTest]) -> Tally:
    return count_tests(t.predicted for t in tests)


class ConfirmingPlayer(ComputerPlayer):
    """A scientist that only ever tries to be right: it plays a card its best rule says is accepted.

    It reasons and guesses exactly like the scientist it wraps; only its experiments differ (positive
    tests only, unless no card of its hand fits its idea).  Lesson 9 sets it beside the scientist.
    """

    name = "confirming"

    def __init__(self, seed: int | None = None) -> None:
        from eleusis_lab.science.scientist import ScientistPlayer

        self.seed = seed
        self._scientist = ScientistPlayer(seed=seed)

    def choose_play(self, round: SeatView, name: str) -> list[Card] | None:
        hand = list(round.hand(name))
        if not hand:
            return None
        space = self._scientist.space(round, name)
        best = space.top(1)
        line = list(round.mainline)
        fitting = [c for c in hand if best and best[0].accepts(c, line)]
        if not fitting:
            return self._scientist.choose_play(round, name)
        probs = space.probabilities(line, fitting)
        ranked = sorted(zip(probs, fitting, strict=True), key=lambda t: (-float(t[0]), t[1].sort_key()))
        return [ranked[0][1]]

    def choose_guess(self, round: SeatView, name: str) -> str | None:
        return self._scientist.choose_guess(round, name)

    def guess_was_wrong(self, text: str, round: SeatView | None = None) -> None:
        self._scientist.guess_was_wrong(text, round)

    def report(self) -> tuple[float | None, str | None, float | None]:
        return self._scientist.report()

    def space_history(self) -> tuple[float, ...]:
        return self._scientist.space_history()

    def __repr__(self) -> str:
        return f"ConfirmingPlayer(seed={self.seed!r})"


def as_hypothesis(text: str | Rule | None) -> str | None:
    """A stated rule as canonical rule text (None stays None); bad text raises ``RuleError``."""
    return None if text is None else as_rule(text).text
