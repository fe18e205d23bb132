"""Computer players' solo rounds, under either protocol of the solo variant: one loop, one result.

The game is the ``solo`` variant (:class:`eleusis_lab.play.solo.SoloRound`): one player against the
computer dealer, a hand refilled after every play, a guess after each play.  Its ``protocol`` option
says whose rules: ``kit`` (the kit's solo game: ``max_turns - turns - penalty × wrong`` when solved) or
``benchmark`` (the public language-model benchmark's game exactly: its deck order, round seeds, judge
and score; :mod:`eleusis_lab.play.benchmark_protocol`).  :func:`run_solo` seats a computer player at such
a round and sums it up in a :class:`SoloRun`, for ``eleusis-lab solo``, ``eleusis-lab bench``, lessons'
races and the difficulty estimate; the round itself (with its log, undo and save) is the run's ``round``.
(The student's own prediction board over a table variant is another thing: the views' "solo board".)

>>> run = run_solo("card is red", "random", "benchmark", index=0)
>>> run.round.benchmark, run.seed == round_seed("card is red", 0), run.turns
(True, True, 30)
>>> run_solo("card.color != prev.color", "random", seed=9, max_turns=6).turns
6
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from eleusis_lab.cards import Card
from eleusis_lab.play import events as ev
from eleusis_lab.play import new_round
from eleusis_lab.play.actions import DeclineGuess
from eleusis_lab.play.benchmark_protocol import cutoff_turn, round_seed
from eleusis_lab.play.players import ComputerPlayer, lookup
from eleusis_lab.play.table import Observation
from eleusis_lab.rules import as_rule

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.solo import SoloRound

__all__ = [
    "PlayerNote",
    "Protocol",
    "SoloRun",
    "SoloTurn",
    "estimate_difficulty",
    "run_cli",
    "run_solo",
    "solo_round",
    "solo_rounds",
]

Protocol = Literal["kit", "benchmark"]


@dataclass(frozen=True)
class PlayerNote:
    """What a player reported after one play: its confidence in its best rule, that rule, the bits the
    verdict gained, and (when calibrating) whether that rule would have been judged right."""

    confidence: float | None
    best: str | None
    bits: float | None
    best_right: bool | None = None


@dataclass(frozen=True)
class SoloTurn:
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
class SoloRun:
    """How one solo round went, under its protocol: the round's own measures (solved, turns, wrong
    guesses, score), the benchmark analysis's (counting success, the counts up to its cut-off turn), every
    turn with what the player reported, and the share of the player's hypotheses left after each verdict
    (``remaining``: empty for a player that keeps none)."""

    rule: str
    player: str
    protocol: Protocol
    seed: int
    index: int
    solved: bool
    turns: int
    wrong_guesses: int
    raw_score: int
    success: bool  # the benchmark analysis's counting success
    counted_wrong: int
    counted_turns: int
    guess: str | None
    starter: Card
    turn_log: tuple[SoloTurn, ...] = field(default=(), repr=False)
    remaining: tuple[float, ...] = field(default=(), repr=False)
    evidence: tuple[Observation, ...] = field(default=(), repr=False)
    round: SoloRound | None = field(default=None, compare=False, repr=False)

    @property
    def score(self) -> int:
        """The floored score (what the kit shows and the benchmark's published means average)."""
        return max(0, self.raw_score)

    @property
    def plays(self) -> tuple[tuple[Card, bool], ...]:
        """Each card played and its verdict."""
        return tuple((t.card, t.accepted) for t in self.turn_log)

    @property
    def guesses(self) -> tuple[tuple[int, str, bool], ...]:
        """(turn, text, right) of each guess."""
        return tuple((t.turn, t.guess, bool(t.right)) for t in self.turn_log if t.guess is not None)

    @classmethod
    def of_round(
        cls,
        round: SoloRound,
        player: str,
        index: int = 0,
        notes: Sequence[PlayerNote] = (),
        *,
        remaining: Sequence[float] = (),
    ) -> SoloRun:
        """The run of a solo round, read from its log (finished or still going on); ``notes[t - 1]``:
        the player's report after turn t (a board or a player that reports nothing leaves them out)."""
        turns: list[SoloTurn] = []
        for e in round.events:
            if isinstance(e, ev.Played):
                n = notes[len(turns)] if len(turns) < len(notes) else PlayerNote(None, None, None)
                turns.append(
                    SoloTurn(len(turns) + 1, e.cards[0], e.accepted, n.confidence, n.best,
                             bits=n.bits, best_right=n.best_right)
                )  # fmt: skip
            elif isinstance(e, ev.Guessed) and turns and e.text is not None:
                turns[-1] = dataclasses.replace(turns[-1], guess=e.text, right=bool(e.correct))
        played = round.turns
        wrong_after = round.wrong_after()
        cut = cutoff_turn(wrong_after, round.max_turns, round.penalty)
        counted_to = played if cut is None else min(played, cut)
        guesses = [t.guess for t in turns if t.guess is not None]
        return cls(
            rule=round.rule.text,
            player=player,
            protocol="benchmark" if round.benchmark else "kit",
            seed=round.seed,
            index=index,
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
            remaining=tuple(remaining),
            evidence=tuple(round.evidence()),
            round=round,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON line of ``eleusis-lab solo --json`` under the run's protocol (the benchmark's line
        adds the round index, its success and every turn's report)."""
        if self.protocol == "kit":
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


def run_solo(
    rule: Any,
    player: str | ComputerPlayer = "scientist",
    protocol: Protocol = "kit",
    *,
    seed: int | None = None,
    index: int = 0,
    code: str | None = None,
    judge: str | None = None,
    calibrate: bool = False,
    **options: Any,
) -> SoloRun:
    """Play one solo round of ``rule`` (a ``Rule``, rule text or library key) with a computer ``player``
    (a ``ComputerPlayer`` or a registered name: ``scientist``, ``random`` …) under ``protocol``.

    The deal: ``seed`` under the kit's protocol (0 when not given); the benchmark's seed for round
    ``index`` of the rule (from ``code``, the rule's own text by default) under the benchmark's.  A player
    given by name is seeded the same.  ``judge`` and ``options`` (``max_turns``, ``hand_size``,
    ``penalty``) go to the round; left out, the protocol's own.  Each turn the player chooses a card, then
    may guess (a wrong guess is told to it, ``guess_was_wrong``); what it reports (``report``) is kept
    every turn, and with ``calibrate`` the rule it reports best is also judged every turn, without
    consequence, so its calibration can be drawn."""
    secret = as_rule(rule)
    if protocol == "benchmark":
        if seed is not None:
            raise ValueError("the benchmark deals its own seeds: give the round's index, not a seed")
        seed = round_seed(secret.text if code is None else code, index)
    elif protocol != "kit":
        raise ValueError(f"unknown protocol {protocol!r}: choose kit or benchmark")
    seed = 0 if seed is None else seed
    if secret.uses_player:
        raise ValueError("the solo protocol has no players to name: this rule reads `player`")
    who = lookup(player, seed=seed) if isinstance(player, str) else player
    name = who.name
    round: SoloRound = new_round(  # type: ignore[assignment]
        "solo", [name], secret, seed=seed, protocol=protocol, judge=judge, **options
    )
    notes: list[PlayerNote] = []
    while not round.is_over:
        chosen = who.choose_play(round, name)
        if not chosen:
            raise ValueError(f"{name} declined to play, which the solo protocol does not allow")
        if chosen[0] not in round.hand(name):
            raise ValueError(f"{name} played {chosen[0]}, which is not in its hand")
        round.play(name, chosen[0])
        text = who.choose_guess(round, name)
        confidence, best, bits = who.report()
        best_right = round.judge_guess(best)[0] if calibrate and best else None
        notes.append(PlayerNote(confidence, best, bits, best_right))
        if text:
            if not round.guess(name, text).correct:
                who.guess_was_wrong(text, round)
        elif round.turns_left == 0:
            round.apply(DeclineGuess(name))
    return SoloRun.of_round(round, name, index, notes, remaining=who.space_history())


def estimate_difficulty(
    rule: Any, deck: str | None = None, *, rounds: int = 3, seed: int = 0
) -> dict[str, Any] | None:
    """How hard the scientist finds ``rule`` in a few solo rounds: a label plus the numbers behind it.

    ``None`` for rules the solo protocol cannot play (player-dependent rules).
    """
    secret = as_rule(rule)
    if secret.uses_player:
        return None
    runs = [run_solo(secret, "scientist", seed=seed + k) for k in range(rounds)]
    solved = [r for r in runs if r.solved]
    share = len(solved) / len(runs)
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
        "solved": f"{len(solved)}/{len(runs)} solo rounds by the scientist",
        "median_turns": median,
        "mean_score": round(sum(r.score for r in runs) / len(runs), 1),
    }


def run_cli(args: Any) -> int:
    """``eleusis-lab solo [--protocol benchmark]``: rounds with seeds (the kit) or round indices (the
    benchmark) ``--seed``, ``--seed + 1`` …; text lines or ``--json`` lines."""
    import json

    benchmark = args.protocol == "benchmark"
    runs = []
    for k in range(args.rounds):
        options = {"max_turns": args.max_turns, "hand_size": args.hand, "penalty": args.penalty}
        if benchmark:
            run = run_solo(
                args.rule, args.player, "benchmark", index=args.seed + k, judge=args.judge, **options
            )
        else:
            run = run_solo(args.rule, args.player, seed=args.seed + k, **options)
        runs.append(run)
        if args.json:
            print(json.dumps(run.to_dict(), ensure_ascii=False), flush=True)
        elif benchmark:
            outcome = f"solved on turn {run.turns}" if run.solved else f"not solved in {run.turns} turns"
            print(
                f"round {run.index} (deck seed {run.seed}, starter {run.starter}): {outcome}, "
                f"{run.wrong_guesses} wrong guesses, score {run.score}"
                + (f"; last guess: {run.guess}" if run.guess else ""),
                flush=True,
            )
        else:
            outcome = f"solved in {run.turns} turns" if run.solved else f"not solved in {run.turns} turns"
            print(
                f"seed {run.seed}: {outcome}, {run.wrong_guesses} wrong guesses, score {run.score}"
                + (f"; last guess: {run.guess}" if run.guess else ""),
                flush=True,
            )
    if not args.json and len(runs) > 1:
        solved = sum(r.solved for r in runs)
        mean = sum(r.score for r in runs) / len(runs)
        floored = "mean floored score" if benchmark else "mean score"
        print(f"{solved}/{len(runs)} solved, {floored} {mean:.1f}")
    return 0


def solo_round(
    rule: Any, player: str | ComputerPlayer = "scientist", *, seed: int = 0, **options: Any
) -> SoloRun:
    """:func:`run_solo` under the kit's protocol (the lessons' races call it so)."""
    return run_solo(rule, player, "kit", seed=seed, **options)


def solo_rounds(
    rule: Any, player: str | ComputerPlayer = "scientist", *, seed: int = 0, rounds: int = 1, **options: Any
) -> list[SoloRun]:
    """``rounds`` runs under the kit's protocol with seeds ``seed``, ``seed + 1``, …"""
    return [run_solo(rule, player, "kit", seed=seed + k, **options) for k in range(rounds)]
