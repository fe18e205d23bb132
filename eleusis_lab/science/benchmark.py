"""The public Eleusis benchmark for language models: its rules, its published results, and the harness that
plays its game with a computer player.

The game itself is the solo variant's ``protocol="benchmark"`` (:class:`eleusis_lab.play.solo.SoloRound`,
with its pieces — deck, round seed, score, success, judge — in :mod:`eleusis_lab.play.benchmark_protocol`,
where the two places the article's prose and code disagree are documented): one engine, with its log,
undo, save and conformance, for ``eleusis-lab solo --protocol benchmark``, ``eleusis-lab bench``, the solo
board's benchmark mode and :class:`eleusis_lab.envs.SoloEnv`.  :func:`benchmark_round` seats a computer
player at such a round and sums it up in a :class:`BenchmarkResult`, with the confidence the player
reported every turn (for calibration).

>>> round_seed("return card.rank % 2 == 0", 0)
3991486048
>>> r = benchmark_round("card is red", "random", 0)
>>> r.round.benchmark, r.seed == round_seed("card is red", 0), r.turns
(True, True, 30)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card
from eleusis_lab.play import events as ev
from eleusis_lab.play.benchmark_protocol import (
    BASE_SEED,
    HAND_SIZE,
    MAX_TURNS,
    PENALTY,
    benchmark_deck,
    counting_success,
    cutoff_turn,
    round_seed,
    score,
    shuffled_deck,
    simulation_judge,
)

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.solo import SoloRound

__all__ = [
    "BASE_SEED",
    "HAND_SIZE",
    "MAX_TURNS",
    "PENALTY",
    "PUBLISHED",
    "RULES",
    "BenchmarkNote",
    "BenchmarkResult",
    "BenchmarkRule",
    "BenchmarkTurn",
    "PublishedResult",
    "benchmark_deck",
    "benchmark_round",
    "counting_success",
    "cutoff_turn",
    "round_seed",
    "run_cli",
    "score",
    "shuffled_deck",
    "simulation_judge",
]

SOURCE = "scienceetonnante/eleusis-llm-benchmark"


@dataclass(frozen=True, slots=True)
class BenchmarkRule:
    """One of the benchmark's 26 rules: its key, its English (from ``rules.txt``) and our rule text."""

    key: str
    english: str
    text: str


# The 26 rules of the benchmark's rules.txt, in its order, written in our rule language.  Written from
# the English alone (before any tuning of the scientist); "any card may start" needs no words here,
# because a rule reading a missing card accepts.
RULES: tuple[BenchmarkRule, ...] = (
    BenchmarkRule("even-ranks", "Only cards with an even rank (2,4,6,8,10,12).", "card is even"),
    BenchmarkRule("face-cards", "Only face cards (11,12,13).", "card is face"),
    BenchmarkRule("ranks-1-7", "Only cards between 1 and 7 inclusive.", "card.rank in 1..7"),
    BenchmarkRule("ranks-5-9", "Only cards between 5 and 9 inclusive.", "card.rank in 5..9"),
    BenchmarkRule("prime-ranks", "Only ranks that are prime numbers (2,3,5,7,11,13).", "card is prime"),
    BenchmarkRule("aces", "Only Aces (rank 1).", "card.rank == ace"),
    BenchmarkRule("spades", "Only cards of the suit spades.", "card.suit == spades"),
    BenchmarkRule("red", "Only red cards (hearts or diamonds).", "card is red"),
    BenchmarkRule("spades-diamonds", "Only spades and diamonds.", "card.suit in [spades, diamonds]"),
    BenchmarkRule(
        "no-spades", "Only hearts, clubs, and diamonds allowed. Spades are forbidden.", "card.suit != spades"
    ),
    BenchmarkRule("black-faces", "Only black face cards.", "card is black and card is face"),
    BenchmarkRule("red-low", "Only red cards whose rank is <=7.", "card is red and card.rank <= 7"),
    BenchmarkRule(
        "faces-red-numbers-black",
        "Face cards (11-13) must be red; number cards (1-10) must be black.",
        "if card is face then card is red else card is black",
    ),
    BenchmarkRule(
        "face-number-alternate",
        "Alternate face and number cards. Any card may start the line.",
        "(card is face) != (prev is face)",
    ),
    BenchmarkRule(
        "parity-alternates",
        "Card rank must have opposite odd/even parity to the previous card's rank.",
        "card.rank % 2 != prev.rank % 2",
    ),
    BenchmarkRule(
        "non-decreasing-from-ace",
        "Each card must have a rank greater or equal to the previous card. Only Ace can start the line.",
        "if position == 1 then card.rank == ace else card.rank >= prev.rank",
    ),
    BenchmarkRule(
        "colours-alternate",
        "Cards must alternate between red and black colors. Any card may start the line.",
        "card.color != prev.color",
    ),
    BenchmarkRule(
        "suit-changes",
        "The card must be of a different suit than the card just before it.",
        "card.suit != prev.suit",
    ),
    BenchmarkRule(
        "suit-changes-colour-stays",
        "The card must be of a different suit than but same color as the card just before it.",
        "card.suit != prev.suit and card.color == prev.color",
    ),
    BenchmarkRule(
        "suit-cycle",
        "Suits must repeat in the cyclic order hearts, spades, clubs, diamonds, hearts...",
        "card.suit == next(prev.suit, [hearts, spades, clubs, diamonds])",
    ),
    BenchmarkRule(
        "suit-groups-alternate",
        "Hearts and spades form Group A; clubs and diamonds form Group B. Alternate between groups.",
        "(card.suit in [hearts, spades]) != (prev.suit in [hearts, spades])",
    ),
    BenchmarkRule(
        "colour-or-parity-shared",
        "Each card must share at least one property with the previous card: same color, or same parity.",
        "card.color == prev.color or card.rank % 2 == prev.rank % 2",
    ),
    BenchmarkRule(
        "red-up-black-down",
        "If the previous card was red, rank must increase or be equal; if black, rank must decrease or be "
        "equal. Starting card must be between 5 and 9 inclusive.",
        "if position == 1 then card.rank in 5..9 "
        "else if prev is red then card.rank >= prev.rank else card.rank <= prev.rank",
    ),
    BenchmarkRule(
        "face-imposes-suit",
        "If a face card is played, the next card must match its suit. Otherwise, the next card must be a "
        "different suit than it.",
        "if prev is face then card.suit == prev.suit else card.suit != prev.suit",
    ),
    BenchmarkRule(
        "suit-pairs",
        "Suits must appear in pairs: cards 1 and 2 same suit, cards 3 and 4 same suit (different from 1 "
        "and 2), etc.",
        "if position % 2 == 0 then card.suit == prev.suit else card.suit != prev.suit",
    ),
    BenchmarkRule(
        "rank-pairs",
        "Ranks must come in doubles: (x, x), then (y, y) with y different from x, etc.",
        "if position % 2 == 0 then card.rank == prev.rank else card.rank != prev.rank",
    ),
)


@dataclass(frozen=True, slots=True)
class PublishedResult:
    """One row of the benchmark's published table (26 rules x 3 rounds = 78 rounds a model)."""

    model: str
    solved: float  # share of rounds counted as a success by the analysis
    mean_score: float  # mean floored score
    wrong_guesses: float  # mean wrong guesses a round (counted up to the cut-off turn)


PUBLISHED_SOURCE = (
    "results/260312_all_models_corrected/basic_metrics.csv (success_rate, avg_floored_score, "
    "avg_failed_guesses) of the benchmark's repository, as stored in its public fork "
    "Whamp/eleusis-llm-benchmark at commit 55f676bb"
)
PUBLISHED: tuple[PublishedResult, ...] = (
    PublishedResult("Claude Opus 4.5", 0.833, 16.97, 2.00),
    PublishedResult("Kimi K2", 0.769, 16.18, 2.04),
    PublishedResult("GLM 4.7", 0.744, 15.64, 1.94),
    PublishedResult("Grok 4.1 Fast Reasoning", 0.718, 15.15, 2.56),
    PublishedResult("Qwen3.5 27B GPTQ Int4", 0.756, 15.13, 2.12),
    PublishedResult("GPT 5.2 High", 0.949, 15.05, 0.28),
    PublishedResult("Gemini 3 Flash Preview High", 0.731, 14.05, 1.74),
    PublishedResult("GPT 5 Mini Medium", 0.705, 13.49, 1.17),
    PublishedResult("DeepSeek R1", 0.641, 13.28, 3.19),
    PublishedResult("Gemini 3 Flash Preview Low", 0.705, 13.13, 0.96),
    PublishedResult("GPT OSS 120B", 0.679, 12.87, 2.15),
    PublishedResult("GPT OSS 20B", 0.590, 11.88, 2.97),
    PublishedResult("Claude Haiku 4.5", 0.564, 11.46, 3.95),
)


@dataclass(frozen=True)
class BenchmarkTurn:
    """One turn: the card, its verdict, the player's confidence after it, and its guess (if any)."""

    turn: int
    card: Card
    accepted: bool
    confidence: float | None
    best: str | None
    guess: str | None = None
    right: bool | None = None
    bits: float | None = None
    best_right: bool | None = None  # was the reported best rule right (judged when calibrating)?


@dataclass(frozen=True)
class BenchmarkNote:
    """What a player reported after one play: its confidence in its best rule, that rule, the bits the
    verdict gained, and (when calibrating) whether that rule would have been judged right."""

    confidence: float | None
    best: str | None
    bits: float | None
    best_right: bool | None = None


@dataclass(frozen=True)
class BenchmarkResult:
    """How one benchmark round went, with the benchmark's own measures."""

    rule: str
    player: str
    index: int
    seed: int
    solved: bool
    turns: int
    wrong_guesses: int
    raw_score: int
    success: bool  # the analysis's counting success
    counted_wrong: int
    counted_turns: int
    guess: str | None
    starter: Card
    turn_log: tuple[BenchmarkTurn, ...] = field(default=(), repr=False)
    round: SoloRound | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of_round(
        cls, round: SoloRound, player: str, index: int, notes: Sequence[BenchmarkNote] = ()
    ) -> BenchmarkResult:
        """The result of a benchmark round, read from its log; ``notes[t - 1]``: the player's report
        after turn t (a board or a player that reports nothing leaves them out)."""
        turns: list[BenchmarkTurn] = []
        for e in round.events:
            if isinstance(e, ev.Played):
                n = notes[len(turns)] if len(turns) < len(notes) else BenchmarkNote(None, None, None)
                turns.append(
                    BenchmarkTurn(len(turns) + 1, e.cards[0], e.accepted, n.confidence, n.best,
                                  bits=n.bits, best_right=n.best_right)
                )  # fmt: skip
            elif isinstance(e, ev.Guessed) and turns:
                turns[-1] = dataclasses.replace(turns[-1], guess=e.text, right=bool(e.correct))
        played = round.turns
        wrong_after = round.wrong_after()
        cut = cutoff_turn(wrong_after, round.max_turns, round.penalty)
        counted_to = played if cut is None else min(played, cut)
        guesses = [t.guess for t in turns if t.guess is not None]
        return cls(
            rule=round.rule.text,
            player=player,
            index=index,
            seed=round.seed,
            solved=round.solved(),
            turns=played,
            wrong_guesses=round.wrong_guesses,
            raw_score=round.raw_score(),
            success=round.success(),
            counted_wrong=wrong_after[counted_to - 1] if counted_to else 0,
            counted_turns=counted_to,
            guess=guesses[-1] if guesses else None,
            starter=round.mainline[0],
            turn_log=tuple(turns),
            round=round,
        )

    @property
    def score(self) -> int:
        """The floored score the published means average."""
        return max(0, self.raw_score)

    def to_dict(self) -> dict[str, Any]:
        """The JSON line of ``eleusis-lab solo --protocol benchmark --json``."""
        return {
            "protocol": "benchmark",
            "rule": self.rule,
            "player": self.player,
            "round": self.index,
            "seed": self.seed,
            "solved": self.solved,
            "success": self.success,
            "turns": self.turns,
            "wrong_guesses": self.wrong_guesses,
            "score": self.score,
            "raw_score": self.raw_score,
            "guess": self.guess,
            "confidence": [t.confidence for t in self.turn_log],
            "best": [t.best for t in self.turn_log],
            "best_right": [t.best_right for t in self.turn_log],
            "bits": [t.bits for t in self.turn_log],
        }


def benchmark_round(
    rule: Any,
    player: Any = "scientist",
    index: int = 0,
    *,
    calibrate: bool = False,
    code: str | None = None,
    judge: str = "benchmark",
    max_turns: int = MAX_TURNS,
    hand_size: int = HAND_SIZE,
    penalty: int = PENALTY,
) -> BenchmarkResult:
    """Play round ``index`` of ``rule`` under the benchmark's protocol with a computer ``player``.

    The round is the solo variant's (``protocol="benchmark"``), dealt with the benchmark's seed for
    ``index`` (from ``code``, the rule's own text by default).  The player's :meth:`report` (the
    scientist's confidence in its best rule) is recorded every turn; with ``calibrate`` that rule is
    also judged every turn, without consequence, so the calibration can be drawn."""
    from eleusis_lab.play import new_round
    from eleusis_lab.play.actions import DeclineGuess
    from eleusis_lab.rules import as_rule
    from eleusis_lab.science.solo import _lookup

    secret = as_rule(rule)
    seed = round_seed(secret.text if code is None else code, index)
    who = _lookup(player, seed) if isinstance(player, str) else player
    name = str(getattr(who, "name", type(who).__name__))
    round: SoloRound = new_round(  # type: ignore[assignment]
        "solo", [name], secret, seed=seed, protocol="benchmark", judge=judge,
        max_turns=max_turns, hand_size=hand_size, penalty=penalty,
    )  # fmt: skip
    notes: list[BenchmarkNote] = []
    while not round.is_over:
        chosen = who.choose_play(round, name)
        if not chosen:
            raise ValueError(f"{name} declined to play, which the benchmark does not allow")
        round.play(name, chosen[0])
        text = who.choose_guess(round, name)
        confidence, best, bits = who.report()
        best_right = round.judge_guess(best)[0] if calibrate and best else None
        notes.append(BenchmarkNote(confidence, best, bits, best_right))
        if text:
            if not round.guess(name, text).correct:
                who.guess_was_wrong(text, round)
        elif round.turns_left == 0:
            round.apply(DeclineGuess(name))
    return BenchmarkResult.of_round(round, name, index, notes)


def run_cli(args: Any) -> int:
    """``eleusis-lab solo --protocol benchmark``: rounds with indices ``--seed`` … of one rule."""
    import json

    results = []
    for k in range(args.rounds):
        result = benchmark_round(
            args.rule, args.player, args.seed + k, judge=args.judge,
            max_turns=args.max_turns, hand_size=args.hand, penalty=args.penalty,
        )  # fmt: skip
        results.append(result)
        if args.json:
            print(json.dumps(result.to_dict(), ensure_ascii=False), flush=True)
        else:
            outcome = (
                f"solved on turn {result.turns}" if result.solved else f"not solved in {result.turns} turns"
            )
            print(
                f"round {result.index} (deck seed {result.seed}, starter {result.starter}): {outcome}, "
                f"{result.wrong_guesses} wrong guesses, score {result.score}"
                + (f"; last guess: {result.guess}" if result.guess else ""),
                flush=True,
            )
    if not args.json and len(results) > 1:
        solved = sum(r.solved for r in results)
        mean = sum(r.score for r in results) / len(results)
        print(f"{solved}/{len(results)} solved, mean floored score {mean:.1f}")
    return 0
