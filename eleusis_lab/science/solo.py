"""The solo protocol: one computer player against a computer dealer, scored like the public benchmark.

Double deck, a 12-card hand refilled after every play, the starter turned up until the rule accepts it
with an empty mainline (cards that cannot start are seen, then go to the bottom of the stock), at most
30 turns.  Each turn: one play, then the player may state the rule.  A wrong guess costs 2; a correct one
(judged with :func:`eleusis_lab.rules.checks.same_rule`) ends the round with
``max_turns - turns used - penalty * wrong guesses``; an unsolved round scores 0.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from eleusis_lab.cards import Card, double_deck, letter_deck
from eleusis_lab.rules import as_rule


@dataclass(frozen=True, slots=True)
class SoloObservation:
    """One judgement, shaped like ``eleusis_lab.play.Observation`` so players read both alike."""

    mainline: tuple[Card, ...]
    cards: tuple[Card, ...]
    accepted: bool
    player: str = "solo"
    event_index: int = 0
    kind: str = "play"

    @property
    def card(self) -> Card:
        return self.cards[0]


@dataclass(frozen=True)
class SoloResult:
    """How one solo round went."""

    rule: str
    player: str
    seed: int
    solved: bool
    turns: int
    wrong_guesses: int
    score: int
    raw_score: int
    guess: str | None
    plays: tuple[tuple[Card, bool], ...] = ()
    guesses: tuple[tuple[int, str, bool], ...] = ()
    remaining: tuple[int, ...] = ()
    evidence: tuple[SoloObservation, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON line of ``eleusis-lab solo --json``."""
        return {
            "seed": self.seed,
            "solved": self.solved,
            "turns": self.turns,
            "wrong_guesses": self.wrong_guesses,
            "score": self.score,
            "guess": self.guess,
            "rule": self.rule,
            "player": self.player,
        }


@dataclass
class SoloTable:
    """What the player sees (the same methods a ``Round`` offers a computer player)."""

    hand_cards: list[Card]
    mainline: list[Card]
    observations: list[SoloObservation] = field(default_factory=list)
    turn: int = 0
    max_turns: int = 30
    variant: str = "solo"
    max_string: int = 1
    players: tuple[str, ...] = ("solo",)

    def hand(self, name: str) -> list[Card]:
        return list(self.hand_cards)

    def evidence(self) -> list[SoloObservation]:
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


def _same(guess: Any, secret: Any) -> bool:
    from eleusis_lab.rules.checks import same_rule

    return bool(same_rule(guess, secret))


def solo_round(
    rule: Any,
    player: Any = "scientist",
    *,
    seed: int = 0,
    max_turns: int = 30,
    hand_size: int = 12,
    penalty: int = 2,
) -> SoloResult:
    """Play one solo round of ``rule`` (a ``Rule``, rule text or library key) with ``player``.

    ``player`` is a ``ComputerPlayer`` or a registered name (``"scientist"``, ``"random"``).  The round
    is determined by ``seed`` (the shuffle, and the player's own seed when given by name).
    """
    from eleusis_lab.rules import Rule, RuleError

    secret = as_rule(rule)
    if secret.uses_player:
        raise ValueError("the solo protocol has no players to name: this rule reads `player`")
    if max_turns < 1 or hand_size < 1 or penalty < 0:
        raise ValueError("max_turns and hand_size must be at least 1 and penalty at least 0")
    who = _lookup(player, seed) if isinstance(player, str) else player
    player_name = getattr(who, "name", type(who).__name__)
    rng = random.Random(seed)
    stock = letter_deck() + letter_deck() if secret.deck == "letters" else double_deck()
    if secret.deck == "letters":
        stock = [c.with_copy(k // 61) for k, c in enumerate(stock)]
    rng.shuffle(stock)

    table = SoloTable([], [], max_turns=max_turns)
    for _ in range(len(stock)):
        card = stock.pop(0)
        if secret.accepts(card, []):
            table.mainline.append(card)
            table.observations.append(SoloObservation((), (card,), True, kind="starter"))
            break
        table.observations.append(SoloObservation((), (card,), False, kind="starter"))
        stock.append(card)
    else:
        raise ValueError("no card of the deck can start the line under this rule")
    table.hand_cards = [stock.pop(0) for _ in range(min(hand_size, len(stock)))]

    plays: list[tuple[Card, bool]] = []
    guesses: list[tuple[int, str, bool]] = []
    wrong, solved, last_guess = 0, False, None
    turns = 0
    for turn in range(1, max_turns + 1):
        turns = turn
        table.turn = turn
        chosen = who.choose_play(table, "solo")
        if not chosen:
            raise ValueError(f"{player_name} declined to play, which the solo protocol does not allow")
        card = chosen[0]
        if card not in table.hand_cards:
            raise ValueError(f"{player_name} played {card}, which is not in its hand")
        accepted = secret.accepts(card, table.mainline)
        table.observations.append(SoloObservation(tuple(table.mainline), (card,), accepted, event_index=turn))
        plays.append((card, accepted))
        if accepted:
            table.mainline.append(card)
        table.hand_cards.remove(card)
        if stock:
            table.hand_cards.append(stock.pop(0))
        text = who.choose_guess(table, "solo")
        if text:
            last_guess = text
            try:
                right = _same(Rule.parse(text), secret)
            except RuleError:
                right = False
            guesses.append((turn, text, right))
            if right:
                solved = True
                break
            wrong += 1
            told = getattr(who, "guess_was_wrong", None)
            if callable(told):
                told(text)
    # Reading: a solved round never scores below 0 (as an unsolved one); raw_score keeps the formula.
    raw_score = max_turns - turns - penalty * wrong if solved else 0
    score = max(0, raw_score)
    space = getattr(who, "_space", None)
    history = tuple(space.history) if space is not None else ()
    return SoloResult(
        rule=secret.text,
        player=player_name,
        seed=seed,
        solved=solved,
        turns=turns,
        wrong_guesses=wrong,
        score=score,
        raw_score=raw_score,
        guess=last_guess,
        plays=tuple(plays),
        guesses=tuple(guesses),
        remaining=history,
        evidence=tuple(table.observations),
    )


def _lookup(name: str, seed: int) -> Any:
    if name == "scientist":
        from eleusis_lab.science.scientist import ScientistPlayer

        return ScientistPlayer(seed=seed)
    from eleusis_lab.play.players import lookup

    return lookup(name, seed=seed)


def solo_rounds(
    rule: Any, player: Any = "scientist", *, seed: int = 0, rounds: int = 1, **options: Any
) -> list[SoloResult]:
    """``rounds`` solo rounds with seeds ``seed``, ``seed + 1``, …"""
    return [solo_round(rule, player, seed=seed + k, **options) for k in range(rounds)]


def estimate_difficulty(
    rule: Any, deck: str | None = None, *, rounds: int = 3, seed: int = 0
) -> dict[str, Any] | None:
    """How hard the scientist finds ``rule`` in a few solo rounds: a label plus the numbers behind it.

    ``None`` for rules the solo protocol cannot play (player-dependent rules).
    """
    secret = as_rule(rule)
    if secret.uses_player:
        return None
    results = solo_rounds(secret, "scientist", seed=seed, rounds=rounds)
    solved = [r for r in results if r.solved]
    share = len(solved) / len(results)
    turns = sorted(r.turns for r in solved)
    median = turns[len(turns) // 2] if turns else None
    if share == 1 and median is not None and median <= 12:
        label = "easy"
    elif share >= 0.6 and median is not None and median <= 22:
        label = "medium"
    else:
        label = "hard"
    return {
        "label": label,
        "solved": f"{len(solved)}/{len(results)} solo rounds by the scientist",
        "median_turns": median,
        "mean_score": round(sum(r.score for r in results) / len(results), 1),
    }


def run_cli(args: Any) -> int:
    """``eleusis-lab solo``: K rounds with seeds N, N+1, …; text lines or ``--json`` lines."""
    import json

    results = []
    for k in range(args.rounds):
        result = solo_round(
            args.rule,
            args.player,
            seed=args.seed + k,
            max_turns=args.max_turns,
            hand_size=args.hand,
            penalty=args.penalty,
        )
        results.append(result)
        if args.json:
            print(json.dumps(result.to_dict(), ensure_ascii=False), flush=True)
        else:
            outcome = (
                f"solved in {result.turns} turns" if result.solved else f"not solved in {result.turns} turns"
            )
            print(
                f"seed {result.seed}: {outcome}, {result.wrong_guesses} wrong guesses, score {result.score}"
                + (f"; last guess: {result.guess}" if result.guess else ""),
                flush=True,
            )
    if not args.json and len(results) > 1:
        solved = sum(r.solved for r in results)
        mean = sum(r.score for r in results) / len(results)
        print(f"{solved}/{len(results)} solved, mean score {mean:.1f}")
    return 0
