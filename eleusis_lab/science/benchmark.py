"""The public Eleusis benchmark for language models, its game exactly, and its published results.

The benchmark ("Can LLMs play the game of science?", scienceetonnante/eleusis-llm-benchmark) plays a
solo round like ours with these particulars, which :func:`benchmark_round` follows:

- the double deck is built suit by suit, ♥ ♦ ♣ ♠, ranks 1-13 inside each suit, twice; it is shuffled by
  ``random.Random(round_seed)`` with ``round_seed = (42 + (md5(code) & 0xFFFFFFFF) + round index) &
  0xFFFFFFFF`` (:func:`round_seed`; ``code`` is the rule's own text);
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
   round is ``-penalty x wrong guesses`` (it can be negative) and only the reported mean floors it
   (``floored_score``).  We keep both: ``raw_score`` and ``score`` (floored).

The judge is the benchmark's too (:func:`simulation_judge`): 100 random walks of 40 plays onward from the
*current* mainline (``random.Random(42)``), every face compared at each step, the walk going on with a
card the secret rule accepts.  So a guess that differs from the secret rule only on the starter is
right here (``judge="strict"`` uses :func:`eleusis_lab.rules.checks.same_rule`, which looks at every
situation the secret rule can reach, the starter included).  What we cannot reproduce: the benchmark
compiles the guess's English to Python with a language model, and takes its ``md5`` of its own compiled
Python code; our rules are our own text, so pass ``code=`` to reproduce one of its decks exactly.

>>> round_seed("return card.rank % 2 == 0", 0)
3991486048
>>> score(True, turn=1, wrong=0), score(True, turn=10, wrong=2), score(False, turn=30, wrong=3)
(30, 17, -6)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from eleusis_lab.cards import Card, Suit

BASE_SEED = 42
MAX_TURNS = 30
HAND_SIZE = 12
PENALTY = 2
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


# -- the protocol's pieces ----------------------------------------------------------------------------
def benchmark_deck() -> list[Card]:
    """The benchmark's double deck in its build order: ♥ ♦ ♣ ♠, ranks 1-13 in each suit, twice."""
    order = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
    return [Card(rank=r, suit=s, copy=copy) for copy in range(2) for s in order for r in range(1, 14)]


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


@dataclass
class BenchmarkTable:
    """What the player sees of a benchmark round (the methods a ``Round`` offers a computer player)."""

    hand_cards: list[Card]
    mainline: list[Card]
    observations: list[Any] = field(default_factory=list)
    turn: int = 0
    max_turns: int = MAX_TURNS
    variant: str = "solo"
    max_string: int = 1
    players: tuple[str, ...] = ("solo",)
    penalty: int = PENALTY
    wrong_guesses: int = 0
    refuted: list[str] = field(default_factory=list)
    judged_from_start: bool = False  # the benchmark's judge walks onward from the current line

    def hand(self, name: str) -> list[Card]:
        return list(self.hand_cards)

    def evidence(self) -> list[Any]:
        return list(self.observations)

    def can_guess(self, name: str) -> bool:
        return True

    def can_no_play(self, name: str) -> bool:
        return False

    def can_declare_prophet(self, name: str) -> bool:
        return False

    @property
    def last_turn(self) -> bool:
        return self.turn >= self.max_turns

    @property
    def is_over(self) -> bool:
        return self.turn >= self.max_turns


class BenchmarkGame:
    """One benchmark round as a small state machine, for a computer player or a human (the solo board).

    ``deal`` happens in the constructor; then ``play(card)`` and, after each play, ``guess(text)`` or
    ``skip()`` until ``is_over``.  Bad input raises ``ValueError`` and changes nothing.
    """

    def __init__(
        self,
        rule: Any,
        index: int = 0,
        *,
        code: str | None = None,
        max_turns: int = MAX_TURNS,
        hand_size: int = HAND_SIZE,
        penalty: int = PENALTY,
        judge: str | Callable[[Any, Any, Sequence[Card]], bool] = "benchmark",
    ) -> None:
        from eleusis_lab.play.table import Observation
        from eleusis_lab.rules import as_rule

        self._obs_type = Observation
        self.secret = as_rule(rule)
        if self.secret.deck != "standard" or self.secret.uses_player:
            raise ValueError("the benchmark plays the standard deck, with rules that do not read `player`")
        self.index = index
        self.seed = round_seed(self.secret.text if code is None else code, index)
        self.stock = shuffled_deck(self.seed)
        self.table = BenchmarkTable([], [], max_turns=max_turns, penalty=penalty)
        self.table.hand_cards = [self.stock.pop(0) for _ in range(min(hand_size, len(self.stock)))]
        while self.stock:
            card = self.stock.pop(0)
            if self.secret.accepts(card, []):
                self.table.mainline.append(card)
                self.table.observations.append(Observation((), (card,), True, "solo", kind="starter"))
                break
        else:
            raise ValueError("no card of the deck can start the line under this rule")
        self.starter = self.table.mainline[0]
        if judge == "benchmark":
            self._judge: Callable[[Any, Any, Sequence[Card]], bool] = simulation_judge
        elif judge == "strict":
            self._judge = _same
            self.table.judged_from_start = True
        elif callable(judge):
            self._judge = judge
        else:
            raise ValueError(f"unknown judge {judge!r}: 'benchmark' or 'strict'")
        self.awaiting_guess = False
        self.solved = False
        self.turn_log: list[BenchmarkTurn] = []
        self.wrong_after: list[int] = []
        self.last_guess: str | None = None

    # -- state ------------------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.table.turn

    @property
    def wrong_guesses(self) -> int:
        return self.table.wrong_guesses

    @property
    def is_over(self) -> bool:
        return self.solved or (self.table.turn >= self.table.max_turns and not self.awaiting_guess)

    # -- actions ----------------------------------------------------------------------------------
    def play(self, card: Card | str, *, confidence: float | None = None, best: str | None = None) -> bool:
        """Play ``card`` from the hand: returns the verdict; the next card of the stock is drawn."""
        from eleusis_lab.cards import as_card

        if self.is_over:
            raise ValueError("the round is over")
        if self.awaiting_guess:
            raise ValueError("state a rule or pass before the next play")
        card = as_card(card)
        matches = [c for c in self.table.hand_cards if c == card] or [
            c for c in self.table.hand_cards if c.design == card.design
        ]
        if not matches:
            raise ValueError(f"{card} is not in the hand")
        card = matches[0]
        accepted = self.secret.accepts(card, self.table.mainline)
        self.table.turn += 1
        self.table.observations.append(
            self._obs_type(tuple(self.table.mainline), (card,), accepted, "solo", event_index=self.table.turn)
        )
        if accepted:
            self.table.mainline.append(card)
        self.table.hand_cards.remove(card)
        if self.stock:
            self.table.hand_cards.append(self.stock.pop(0))
        self.turn_log.append(BenchmarkTurn(self.table.turn, card, accepted, confidence, best))
        self.awaiting_guess = True
        return accepted

    def note(
        self,
        *,
        confidence: float | None,
        best: str | None,
        bits: float | None = None,
        judge_best: bool = False,
    ) -> None:
        """Record the player's confidence in its best rule after the last play (for calibration);
        ``judge_best`` also judges that rule now, without consequence, so the confidence can be scored."""
        from eleusis_lab.rules import Rule

        if not self.turn_log:
            raise ValueError("nothing played yet")
        last = self.turn_log[-1]
        best_right = None
        if judge_best and best:
            best_right = bool(self._judge(Rule.parse(best), self.secret, list(self.table.mainline)))
        self.turn_log[-1] = BenchmarkTurn(
            last.turn, last.card, last.accepted, confidence, best, last.guess, last.right, bits, best_right
        )

    def guess(self, text: str) -> bool:
        """State the rule after a play: right ends the round; wrong costs the penalty."""
        from eleusis_lab.rules import Rule, RuleError

        if not self.awaiting_guess:
            raise ValueError("a rule may be stated only right after a play")
        try:
            right = bool(self._judge(Rule.parse(text), self.secret, list(self.table.mainline)))
        except RuleError:
            raise
        last = self.turn_log[-1]
        self.turn_log[-1] = BenchmarkTurn(
            last.turn,
            last.card,
            last.accepted,
            last.confidence,
            last.best,
            text,
            right,
            last.bits,
            last.best_right,
        )
        self.last_guess = text
        self.awaiting_guess = False
        if right:
            self.solved = True
        else:
            self.table.wrong_guesses += 1
            self.table.refuted.append(text)
        self.wrong_after.append(self.table.wrong_guesses)
        return right

    def skip(self) -> None:
        """Play on without stating a rule."""
        if not self.awaiting_guess:
            raise ValueError("nothing to pass: play a card first")
        self.awaiting_guess = False
        self.wrong_after.append(self.table.wrong_guesses)

    # -- the outcome ------------------------------------------------------------------------------
    def result(self, player: str = "player") -> BenchmarkResult:
        turns = self.table.turn
        solved_turn = turns if self.solved else None
        raw = score(
            self.solved, turn=turns, wrong=self.wrong_guesses, max_turns=self.table.max_turns,
            penalty=self.table.penalty,
        )  # fmt: skip
        cut = cutoff_turn(self.wrong_after, self.table.max_turns, self.table.penalty)
        counted_to = turns if cut is None else min(turns, cut)
        success = counting_success(solved_turn, self.wrong_after, self.table.max_turns, self.table.penalty)
        counted_wrong = self.wrong_after[counted_to - 1] if counted_to else 0
        return BenchmarkResult(
            rule=self.secret.text,
            player=player,
            index=self.index,
            seed=self.seed,
            solved=self.solved,
            turns=turns,
            wrong_guesses=self.wrong_guesses,
            raw_score=raw,
            success=success,
            counted_wrong=counted_wrong,
            counted_turns=counted_to,
            guess=self.last_guess,
            starter=self.starter,
            turn_log=tuple(self.turn_log),
        )


def _same(guess: Any, secret: Any, mainline: Sequence[Card] = ()) -> bool:
    from eleusis_lab.rules.checks import same_rule

    return bool(same_rule(guess, secret))


def simulation_judge(
    guess: Any, secret: Any, mainline: Sequence[Card], *, walks: int = 100, steps: int = 40, seed: int = 42
) -> bool:
    """The benchmark's judge: do ``guess`` and ``secret`` agree on every face, all along ``walks`` random
    walks of ``steps`` plays from ``mainline`` (each step goes on with a card ``secret`` accepts)?"""
    rng = random.Random(seed)
    faces = [
        Card(rank=r, suit=s)
        for r in range(1, 14)
        for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
    ]
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

    def __init__(self, rule: Any, faces: list[Card]) -> None:
        from eleusis_lab.rules.checks import _position_fold  # the same folding same_rule relies on

        self.rule, self.faces = rule, faces
        self.back = rule.lookback
        self.fold = _position_fold(rule)
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


def benchmark_round(
    rule: Any, player: Any = "scientist", index: int = 0, *, calibrate: bool = False, **options: Any
) -> BenchmarkResult:
    """Play round ``index`` of ``rule`` under the benchmark's protocol with a computer ``player``.

    A player with a ``report()`` method (the scientist) has its confidence recorded every turn; with
    ``calibrate`` its best rule is also judged every turn, so its calibration can be drawn."""
    from eleusis_lab.science.solo import _lookup

    game = BenchmarkGame(rule, index, **options)
    who = _lookup(player, game.seed) if isinstance(player, str) else player
    name = getattr(who, "name", type(who).__name__)
    while not game.is_over:
        chosen = who.choose_play(game.table, "solo")
        if not chosen:
            raise ValueError(f"{name} declined to play, which the benchmark does not allow")
        game.play(chosen[0])
        report = getattr(who, "report", None)
        text = who.choose_guess(game.table, "solo")
        if callable(report):
            confidence, best, bits = report()
            game.note(confidence=confidence, best=best, bits=bits, judge_best=calibrate)
        if text:
            if not game.guess(text):
                told = getattr(who, "guess_was_wrong", None)
                if callable(told):
                    told(text, game.table)
        else:
            game.skip()
    return game.result(name)


def run_cli(args: Any) -> int:
    """``eleusis-lab solo --protocol benchmark``: rounds with indices ``--seed`` … of one rule."""
    import json

    if args.max_turns != MAX_TURNS or args.hand != HAND_SIZE or args.penalty != PENALTY:
        options: dict[str, Any] = {
            "max_turns": args.max_turns,
            "hand_size": args.hand,
            "penalty": args.penalty,
        }
    else:
        options = {}
    results = []
    for k in range(args.rounds):
        result = benchmark_round(args.rule, args.player, args.seed + k, judge=args.judge, **options)
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
