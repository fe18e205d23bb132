"""The solo protocol run for a computer player: ``eleusis-lab solo``, lesson 5's races, difficulty estimates.

The protocol itself is the ``solo`` variant (:class:`eleusis_lab.play.solo.SoloRound`): one player against
the computer dealer, a 12-card hand refilled after every play, at most 30 turns, a guess after each play
(a wrong one costs 2), a correct guess scoring ``max_turns - turns used - penalty * wrong guesses``.
:func:`solo_round` seats a computer player at such a round and sums it up in a :class:`SoloResult`; the
round itself (with its log, undo and save) is the result's ``round``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card
from eleusis_lab.play import events as ev
from eleusis_lab.play.table import Observation
from eleusis_lab.rules import as_rule

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.solo import SoloRound


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
    evidence: tuple[Observation, ...] = ()
    round: SoloRound | None = field(default=None, compare=False, repr=False)

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

    @classmethod
    def of_round(cls, round: SoloRound, player: str, *, remaining: tuple[int, ...] = ()) -> SoloResult:
        """The result of a solo round, read from its log (a finished round, or one still going on)."""
        plays: list[tuple[Card, bool]] = []
        guesses: list[tuple[int, str, bool]] = []
        for e in round.events:
            if isinstance(e, ev.Played):
                plays.append((e.cards[0], e.accepted))
            elif isinstance(e, ev.Guessed) and e.text is not None:
                guesses.append((len(plays), e.text, bool(e.correct)))
        raw = round.raw_score()
        return cls(
            rule=round.rule.text,
            player=player,
            seed=round.seed,
            solved=round.solved(),
            turns=round.turns,
            wrong_guesses=round.wrong_guesses,
            score=max(0, raw),
            raw_score=raw,
            guess=guesses[-1][1] if guesses else None,
            plays=tuple(plays),
            guesses=tuple(guesses),
            remaining=remaining,
            evidence=tuple(round.evidence()),
            round=round,
        )


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
    is determined by ``seed`` (the shuffle, and the player's own seed when given by name).  Each turn the
    player chooses a card, then may guess; a wrong guess is told to the player (``guess_was_wrong``).
    """
    from eleusis_lab.play import new_round
    from eleusis_lab.play.actions import DeclineGuess

    secret = as_rule(rule)
    if secret.uses_player:
        raise ValueError("the solo protocol has no players to name: this rule reads `player`")
    if max_turns < 1 or hand_size < 1 or penalty < 0:
        raise ValueError("max_turns and hand_size must be at least 1 and penalty at least 0")
    who = _lookup(player, seed) if isinstance(player, str) else player
    name = str(getattr(who, "name", type(who).__name__))
    round: SoloRound = new_round(  # type: ignore[assignment]
        "solo", [name], secret, seed=seed, max_turns=max_turns, hand_size=hand_size, penalty=penalty
    )
    while not round.is_over:
        chosen = who.choose_play(round, name)
        if not chosen:
            raise ValueError(f"{name} declined to play, which the solo protocol does not allow")
        card = chosen[0]
        if card not in round.hand(name):
            raise ValueError(f"{name} played {card}, which is not in its hand")
        round.play(name, card)
        text = who.choose_guess(round, name)
        if text:
            if not round.guess(name, text).correct:
                who.guess_was_wrong(text)
        elif round.turns_left == 0:
            round.apply(DeclineGuess(name))
    space = getattr(who, "_space", None)
    history = tuple(space.history) if space is not None else ()
    return SoloResult.of_round(round, name, remaining=history)


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
