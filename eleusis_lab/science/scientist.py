"""The scientist: a computer player that plays the most informative card and guesses when it pays.

It keeps a :class:`~eleusis_lab.science.grammar.GrammarSpace` up to date with the round's evidence.

- **Experiments by expected information.**  It plays the card of its hand whose verdict splits the
  posterior mass most evenly (the most bits expected); ``exploit_last`` turns before the end it may
  instead play the card most likely to be accepted.  After each play it reports the bits the verdict
  actually gained (log2 of the mass before over the mass after).  Where no card in hand tells the
  likely rules apart, it looks one play further: a card is worth also what the best other card
  could tell on the line it makes if accepted, so a line stuck where they all agree moves on.
- **Guesses by expected score.**  Its confidence is the posterior probability that the true rule judges
  like its best rule wherever a guess is judged: every card next on this line and random walks onward
  (the benchmark's judge), and under the strict judge of a student's board or a table also every
  starter and walks from the start (:meth:`ScientistPlayer.judged_situations`).  Guessing now with
  confidence p is worth ``p * S + (1 - p) * V_wrong`` against ``V_wait`` for waiting, where S is the
  score of a right guess now; waiting one turn costs a point, a wrong guess the penalty and a turn
  (:func:`guess_threshold`).
  With the benchmark's penalty 2 that gives p > 2/3, the article's own figure; a wrong guess costs its
  penalty in full even where the mean's floor at 0 would hide it, so the end of a round brings no
  desperate guesses.  ``ScientistPlayer(penalty=k)`` decides as if a wrong statement cost k points
  (the score is still the game's): below the game's penalty it is bolder, above it more careful.
- **Never repeats a refuted guess**: after a wrong guess the guess's behaviour class (every allowed rule
  that judges like it where it was judged) is taken out of the posterior, so the next experiment goes
  where the refuted guess and the rest disagree — the counterexample the verdict implies exists.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from eleusis_lab.cards import Card
from eleusis_lab.play import players as _players
from eleusis_lab.play.players import SeatView
from eleusis_lab.play.round import TurnBudget
from eleusis_lab.science.grammar import GrammarSpace
from eleusis_lab.science.order import settled
from eleusis_lab.science.prior import DEFAULT_PRIOR, Prior


def entropy(p: float) -> float:
    """Bits of information a yes/no verdict with probability ``p`` carries."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def guess_threshold(
    turn: int, max_turns: int, wrong: int = 0, penalty: float = 2, settle: float = 1.0
) -> float:
    """The confidence above which guessing now has the higher expected score.

    A right guess on ``turn`` scores ``S = max_turns + 1 - turn - penalty * wrong``.  If plays would
    settle whether the best rule is right in ``settle`` turns, waiting is worth ``V_wait = S - settle``
    (0 once that is past the end of the round, or at the last turn); a wrong guess settles it at once for
    the penalty, and the round goes on as if we had waited: ``V_wait - penalty``.  The penalty is
    counted in full even where the benchmark's mean floors a round's score at 0: a wrong statement costs
    its two points whatever the floor hides (the article's raw score), so a scientist near the end of a
    round does not state rules it barely believes.  Guess when ``p * S + (1 - p) * (V_wait - penalty) >
    V_wait``, i.e. ``p > penalty / (S - V_wait + penalty)`` — ``penalty / (penalty + settle)`` while the
    round is long: 2/3 with the benchmark's penalty 2 when one play settles it (the article's figure),
    lower when plays can hardly tell (a wrong guess is then the experiment).

    >>> round(guess_threshold(5, 30), 3), round(guess_threshold(5, 30, settle=4), 3)
    (0.667, 0.333)

    Near the end waiting is worth little, but a right guess is worth little too: on the last turn a
    right guess scores 1 and a wrong one costs 2, so the threshold stays 2/3; with 3 points left and no
    card able to tell (``settle`` 4) it is 2/5.

    >>> round(guess_threshold(30, 30), 3), round(guess_threshold(28, 30, settle=4), 3)
    (0.667, 0.4)

    Once wrong guesses have eaten the whole score (``S <= 0``) a right guess gains nothing, so only a
    certain rule is stated:

    >>> guess_threshold(28, 30, wrong=2), guess_threshold(30, 30, wrong=1)
    (1.0, 1.0)
    """
    s = max_turns + 1 - turn - penalty * wrong
    if s <= 0:
        return 1.0  # even a right guess scores nothing (floored at 0): guess only when certain
    v_wait = 0.0 if turn >= max_turns else max(0.0, s - settle)
    return penalty / (s - v_wait + penalty)


def settle_turns(p: float, bits_per_play: float, turns_left: int = 30) -> float:
    """Turns of play expected before the best rule (held with probability ``p``) is known right:
    ``log2(1 / p)`` bits are missing and the best card in hand brings ``bits_per_play`` bits (at least
    0.05: the hand changes every turn), at least one turn and at most ``turns_left``.

    >>> settle_turns(0.5, 1.0), settle_turns(0.5, 0.1), settle_turns(0.5, 0.0, turns_left=12)
    (1.0, 10.0, 12.0)
    """
    if p >= 1.0:
        return 1.0
    need = math.log2(1.0 / max(p, 1e-9))
    return float(min(max(1, turns_left), max(1.0, need / max(bits_per_play, 0.05))))


STUCK_BITS = 0.1  # below this, no card in hand can tell the likely rules apart: the line is stuck


def top_split(rules: Sequence[tuple[float, Any]], line: Sequence[Card], cards: Sequence[Card]) -> list[float]:
    """Bits each card's verdict on ``line`` carries about which of ``rules`` (weight, rule) is right.

    >>> from eleusis_lab.cards import parse_cards
    >>> from eleusis_lab.rules import Rule
    >>> rules = [(0.5, Rule.parse("card is red")), (0.5, Rule.parse("card is face"))]
    >>> top_split(rules, [], parse_cards("KH 2H KS"))
    [0.0, 1.0, 1.0]
    """
    cards_down = list(line)
    return [entropy(sum(w for w, r in rules if r.accepts(card, cards_down))) for card in cards]


class ScientistPlayer(_players.ComputerPlayer):
    """Plays by expected information, reports its confidence each turn, guesses by expected score."""

    name = "scientist"

    def __init__(
        self,
        seed: int | None = None,
        *,
        penalty: float | None = None,
        exploit_last: int = 0,
        last_turn_floor: float = 0.02,
        prior: Prior = DEFAULT_PRIOR,
    ) -> None:
        # a wrong statement cannot be worth points, nor the exploitation last for negative turns, and
        # the last turn's floor is a probability: say so here, not as odd guesses in the middle of a round
        if penalty is not None and not penalty >= 0:
            raise ValueError(f"a wrong guess's penalty must be 0 or more, not {penalty!r}")
        if exploit_last < 0:
            raise ValueError(f"exploit_last counts turns: 0 or more, not {exploit_last!r}")
        if not 0.0 <= last_turn_floor <= 1.0:
            raise ValueError(f"last_turn_floor is a confidence between 0 and 1, not {last_turn_floor!r}")
        if not isinstance(prior, Prior):
            raise ValueError(f"the scientist's prior is a Prior, not {type(prior).__name__}")
        self.seed = seed
        self.penalty = penalty
        self.exploit_last = exploit_last
        self.last_turn_floor = last_turn_floor
        self.prior = prior  # what it believes before any verdict (eleusis_lab.science.prior)
        self._space: GrammarSpace | None = None
        self._round_id: int | None = None
        self._seen = 0
        self._last_guess: str | None = None
        self.refuted: list[str] = []
        self.last_report: tuple[float | None, str | None, float | None] = (None, None, None)
        self._bits: float | None = None
        self._best_rule: Any = None
        self._judged: dict[str, list[tuple[Card, tuple[Card, ...]]]] = {}
        self.last_settle = 1.0

    # -- keeping the space up to date -------------------------------------------------------------
    def space(self, round: SeatView, name: str) -> GrammarSpace:
        """The grammar space narrowed by all of ``round``'s evidence (updated incrementally)."""
        evidence = list(round.evidence())
        if self._space is None or self._round_id != id(round) or len(evidence) < self._seen:
            self._space = GrammarSpace(round.rule_deck(), prior=self.prior)
            self._round_id = id(round)
            self._seen = 0
            self._last_guess = None
            self.refuted = []
            self._judged = {}
        before = self._space.raw_mass()
        for obs in evidence[self._seen :]:
            self._space.observe(obs.mainline, tuple(obs.cards), obs.accepted)
        if len(evidence) > self._seen:
            after = self._space.raw_mass()
            self._bits = math.log2(before / after) if before > 0 and after > 0 else None
        self._seen = len(evidence)
        return self._space

    def judged_situations(
        self, round: SeatView, space: GrammarSpace, rule: Any
    ) -> list[tuple[Card, tuple[Card, ...]]]:
        """Where a guess of ``rule`` would be judged by this round's judge: its confidence is the
        posterior mass agreeing with ``rule`` on these."""
        # A solo protocol that judges by simulating onward from the current line (the benchmark's
        # judge) says so in its turn budget (``judged_from_start = False``); every other judge looks at
        # the starter too.
        budget = round.turn_budget
        from_start = budget.judged_from_start if budget is not None else True
        seed = len(space.history)
        onward = space.probe_situations(list(round.mainline), rule, from_start=False, seed=seed)
        if not from_start:
            return onward
        # The strict judge (a student's board, a table) compares every situation play can reach from the
        # empty line: a rule that agrees on every line of this round but not with every starter, or not
        # after another starter, is not the rule there.  So every starter, and walks from the start.
        return onward + space.probe_situations([], rule, from_start=False, seed=seed + 1)

    def guess_was_wrong(self, text: str, round: SeatView | None = None) -> None:
        """Told by the solo protocol (or noticed next turn): rule out the guessed behaviour class."""
        if self._space is not None and text not in self.refuted:
            from eleusis_lab.rules import Rule

            judged = self._judged.get(text)
            if judged is not None:
                # exactly the situations its confidence was computed on: the class the verdict refutes
                # is the mass that confidence counted
                situations = judged
            else:
                rule = Rule.parse(text)
                line = list(round.mainline) if round is not None else []
                situations = self._space.probe_situations(line, rule, from_start=True, seed=len(self.refuted))
            self._space.exclude(text, situations)
            self.refuted.append(text)
        self._last_guess = None

    # -- the three choices ------------------------------------------------------------------------
    def scores(self, round: SeatView, name: str, hand: Sequence[Card]) -> list[tuple[float, float, Card]]:
        """(bits, acceptance probability, card) for every distinct card of the hand."""
        space = self.space(round, name)
        faces: dict[Card, Card] = {}
        for c in hand:
            faces.setdefault(c.design, c)
        probs = space.probabilities(list(round.mainline), list(faces))
        return [(entropy(float(p)), float(p), c) for p, c in zip(probs, faces.values(), strict=True)]

    def choose_play(self, round: SeatView, name: str) -> list[Card] | None:
        hand = list(round.hand(name))
        if not hand:
            return None
        if self._last_guess is not None:
            # Still asked to play after a guess: the guess was wrong.
            self.guess_was_wrong(self._last_guess, round)
        scored = self.scores(round, name, hand)
        if _players.can_no_play(round, name) and scored and max(p for _b, p, _c in scored) < 0.02:
            return None
        budget = round.turn_budget  # None at a table: no clock, so never the end-of-round exploitation
        turns_left = budget.max_turns - budget.turn if budget is not None else 10**6
        if self.exploit_last and turns_left <= self.exploit_last:
            best = max(scored, key=lambda t: (settled(t[1]), -t[2].sort_key()[2]))
            return [best[2]]
        rules = self._top_rules(round, name)
        line = list(round.mainline)
        cards = [c for _b, _p, c in scored]
        top = top_split(rules, line, cards)
        if rules and max(top) < STUCK_BITS:
            # No card here tells the likely rules apart (after a low black card in "red goes up, black
            # goes down" they all reject nearly every card, and the line stays put): a card is worth
            # also what the best other card could tell on the line it makes, if it is accepted.
            top = [
                t + p * max(top_split(rules, [*line, c], cards[:k] + cards[k + 1 :]), default=0.0)
                for k, (t, (_b, p, c)) in enumerate(zip(top, scored, strict=True))
            ]

        # compared to the precision float32 sums carry, then by the card: the same play on every machine
        def worth(k: int) -> tuple[float, float, int]:
            bits, p, card = scored[k]
            return settled(top[k] + bits), settled(p), -card.sort_key()[2]

        best_k = max(range(len(scored)), key=worth)
        return [scored[best_k][2]]

    def _top_rules(self, round: SeatView, name: str) -> list[tuple[float, Any]]:
        """The most probable rule classes, as (share among them, rule): the whole posterior's bits alone
        spread over a million unlikely rules; these are where the guess will be decided."""
        classes = self.space(round, name).classes(6)
        total = sum(c.probability for c in classes)
        if total <= 0:
            return []
        return [(c.probability / total, c.rule) for c in classes]

    def _confidence(self, round: SeatView, name: str) -> tuple[float, str | None]:
        space = self.space(round, name)
        best = next((c for c in space.classes(3) if c.text not in self.refuted), None)
        if best is None:
            return 0.0, None
        rule = best.rule
        self._best_rule = rule
        situations = self.judged_situations(round, space, rule)
        self._judged = {best.text: situations}
        return space.confidence(rule, situations), best.text

    def _settle(self, round: SeatView, name: str, p: float) -> float:
        """Turns of play before the best rule is sure: one while some card in hand can tell the likely
        rules apart (the article's look-ahead), more when none can (see :func:`settle_turns`)."""
        hand = list(round.hand(name))
        scored = self.scores(round, name, hand)
        top = top_split(self._top_rules(round, name), list(round.mainline), [c for _b, _p, c in scored])
        bits = max((max(b, t) for (b, _p, _c), t in zip(scored, top, strict=True)), default=0.0)
        if bits >= STUCK_BITS:
            return 1.0
        budget = round.turn_budget  # at a table (no clock) the solo game's 30 turns are the yardstick
        turns_left = budget.max_turns - budget.turn if budget is not None else 30
        return settle_turns(p, bits, turns_left)

    def space_history(self) -> tuple[float, ...]:
        return tuple(self._space.history) if self._space is not None else ()

    def report(self) -> tuple[float | None, str | None, float | None]:
        """(confidence in the best rule, its text, bits the last verdict gained) after the last play."""
        return self.last_report

    def choose_guess(self, round: SeatView, name: str) -> str | None:
        if not _players.can_guess(round, name):
            return None
        if self._last_guess is not None:
            self.guess_was_wrong(self._last_guess, round)
        confidence, text = self._confidence(round, name)
        self.last_report = (confidence, text, self._bits)
        if text is None:
            return None
        budget = round.turn_budget
        if budget is None:  # at a table: no clock; the solo game's penalty, wrong guesses as remembered
            budget = TurnBudget(turn=0, max_turns=0, penalty=2, wrong_guesses=len(self.refuted))
        penalty = self.penalty if self.penalty is not None else budget.penalty
        turn, max_turns, wrong = budget.turn, budget.max_turns, budget.wrong_guesses
        settle = self._settle(round, name, confidence) if confidence < 1.0 else 1.0
        self.last_settle = settle
        if max_turns:
            threshold = max(guess_threshold(turn, max_turns, wrong, penalty, settle), self.last_turn_floor)
        else:  # a table game without a turn limit
            threshold = penalty / (penalty + settle)
        if confidence >= threshold:
            self._last_guess = text
            return text
        return None

    def wants_prophet(self, round: SeatView, name: str) -> bool:
        confidence, _text = self._confidence(round, name)
        return confidence >= 0.9

    def judge_as_prophet(
        self,
        round: SeatView,
        name: str,
        cards: Sequence[Card],
        *,
        no_play: bool = False,
        player: str | None = None,
    ) -> bool | None:
        space = self.space(round, name)
        line = list(round.mainline)
        if no_play:
            return bool(all(p < 0.5 for p in space.probabilities(line, list(cards))))
        prob = 1.0
        for card in cards:
            prob *= float(space.probabilities(line, [card])[0])
            line.append(card)
        return prob >= 0.5

    def __repr__(self) -> str:
        return f"ScientistPlayer(seed={self.seed!r})"


_players.register("scientist", ScientistPlayer)
