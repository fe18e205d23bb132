"""``eleusis-lab bench``: a rule set played under a protocol, per rule and overall, beside the published
table of the language-model benchmark.

Rule sets: ``benchmark`` (its 26 rules in our language), ``library`` (our library's solo-playable
standard-deck rules), ``heldout`` (random rules the scientist was never tuned on, see
``benchmarks/make_heldout_rules.py``), ``people`` (rules people wrote for other programs, see
:mod:`eleusis_lab.science.people`), or a file with one rule a line (``#`` comments; ``key: rule``
names a rule).
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from eleusis_lab.play.benchmark_protocol import MAX_TURNS
from eleusis_lab.science.benchmark import PUBLISHED, PUBLISHED_SOURCE, RULES, benchmark_round
from eleusis_lab.science.random_rules import NamedRule  # a rule set's entry: one type for every set
from eleusis_lab.science.solo_runs import SoloRun


def heldout_rules() -> list[NamedRule]:
    data = json.loads(resources.files("eleusis_lab.science").joinpath("heldout_rules.json").read_text())
    return [NamedRule(f"heldout-{k + 1}", text) for k, text in enumerate(data["rules"])]


def library_rules() -> list[NamedRule]:
    from eleusis_lab.rules import library

    return [
        NamedRule(e.key, e.text)
        for e in library.playable()
        if e.deck == "standard" and not e.rule.uses_player
    ]


def rule_set(name: str) -> list[NamedRule]:
    """A named rule set or a file's rules."""
    if name == "benchmark":
        return [NamedRule(r.key, r.text) for r in RULES]
    if name == "library":
        return library_rules()
    if name == "heldout":
        return heldout_rules()
    if name == "people":
        from eleusis_lab.science.people import named_rules

        return named_rules()
    path = Path(name)
    if not path.is_file():
        raise ValueError(f"no rule set {name!r}: give benchmark, library, heldout, people or a file of rules")
    out = []
    for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if not line:
            continue
        key, sep, text = line.partition(": ")
        out.append(
            NamedRule(key.strip(), text.strip())
            if sep and " " not in key.strip()
            else NamedRule(f"line-{k}", line)
        )
    if not out:
        raise ValueError(f"{name} holds no rules")
    return out


@dataclass(frozen=True)
class Summary:
    """A rule set's rounds summed up as the benchmark's table does, with the mean score's standard error.

    ``score_error`` is the standard error of ``mean_score`` as an estimate over rules like these: each
    rule's rounds count as one sample (rounds of one rule are not independent), so it is the spread of the
    rules' mean scores over the square root of their number (0 with fewer than two rules).  Over the
    benchmark's 26 rules it is about 1.4 points: how far the scientist's mean on 26 other rules of the
    same kind could lie.  (Two players on the same rules are told apart more finely, rule by rule; but
    the same scientist with its ties broken in another order moved the benchmark's mean by up to 0.6.)

    >>> from types import SimpleNamespace as R
    >>> rounds = [R(rule=k, score=s, solved=s > 0, success=s > 0, wrong_guesses=0, counted_wrong=0, turns=9)
    ...           for k, s in (("a", 20), ("a", 22), ("b", 10), ("b", 12))]
    >>> s = Summary.of(rounds)
    >>> s.mean_score, s.score_error
    (16.0, 5.0)
    """

    rounds: int
    solved: float
    success: float
    mean_score: float
    wrong_guesses: float
    counted_wrong: float
    turns: float
    score_error: float = 0.0

    @classmethod
    def of(cls, results: Sequence[SoloRun]) -> Summary:
        n = max(1, len(results))
        solved = [r for r in results if r.solved]
        by_rule: dict[str, list[float]] = {}
        for r in results:
            by_rule.setdefault(r.rule, []).append(r.score)
        means = [sum(v) / len(v) for v in by_rule.values()]
        error = statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0.0
        return cls(
            rounds=len(results),
            solved=len(solved) / n,
            success=sum(r.success for r in results) / n,
            mean_score=sum(r.score for r in results) / n,
            wrong_guesses=sum(r.wrong_guesses for r in results) / n,
            counted_wrong=sum(r.counted_wrong for r in results) / n,
            turns=sum(r.turns for r in solved) / max(1, len(solved)),
            score_error=error,
        )


def run(
    rules: Sequence[NamedRule],
    player: Any = "scientist",
    *,
    rounds: int = 3,
    judge: str = "benchmark",
    calibrate: bool = False,
    progress: Callable[[NamedRule, SoloRun], None] | None = None,
) -> dict[str, list[SoloRun]]:
    """Rounds 0 … rounds-1 of every rule under the benchmark protocol."""
    out: dict[str, list[SoloRun]] = {}
    for rule in rules:
        for index in range(rounds):
            result = benchmark_round(rule.text, player, index, judge=judge, calibrate=calibrate)
            out.setdefault(rule.key, []).append(result)
            if progress is not None:
                progress(rule, result)
    return out


def prior_reach(bits: float, max_turns: int = MAX_TURNS) -> float:
    """The score a rule of ``bits`` gets when its right guess comes at turn ``bits - 1``, as the bands
    measure at about 1 bit a play, with no wrong guess: ``max_turns + 2 - bits``, floored at 0 (and 0
    outside the grammar).  Not a bound on every player, the estimate of what this prior allows.

    >>> prior_reach(8.0), prior_reach(40.0), prior_reach(math.inf)
    (24.0, 0.0, 0.0)
    """
    return max(0.0, max_turns + 2.0 - bits) if bits < math.inf else 0.0


def calibration_pairs(results: Sequence[SoloRun]) -> list[tuple[float, bool]]:
    """(reported confidence, was that turn's best rule right) for every judged turn of ``results``."""
    return [
        (float(t.confidence), bool(t.best_right))
        for r in results
        for t in r.turn_log
        if t.confidence is not None and t.best_right is not None
    ]


LIBRARY_RUN = "library_run.json"  # written by ``python scripts/golden.py library-run scientist``


def library_run_rounds(player: str = "scientist", rounds: int = 3) -> list[dict[str, Any]]:
    """Play every library rule ``rounds`` rounds (:func:`library_run_round`)."""
    return [library_run_round(rule, index, player) for rule in library_rules() for index in range(rounds)]


def library_run_round(rule: NamedRule, index: int, player: str = "scientist") -> dict[str, Any]:
    """Round ``index`` of ``rule`` under the benchmark's protocol, the best rule judged every turn: its
    key, index, reported confidences and whether the best rule was right."""
    turns = benchmark_round(rule.text, player, index, calibrate=True).to_dict()
    return {
        "key": rule.key,
        "round": index,
        "confidence": turns["confidence"],
        "best_right": turns["best_right"],
    }


def recorded_library_run() -> list[dict[str, Any]]:
    """The scientist's rounds of :func:`library_run_rounds` as recorded with the kit (three minutes to
    play again; ``tests/science/test_library_run.py`` replays a sample and checks it is unchanged)."""
    text = resources.files("eleusis_lab.science").joinpath(LIBRARY_RUN).read_text(encoding="utf-8")
    rounds: list[dict[str, Any]] = json.loads(text)["rounds"]
    return rounds


def run_pairs(rounds: Sequence[dict[str, Any]]) -> list[tuple[float, bool]]:
    """(reported confidence, was that turn's best rule right) for every judged turn of recorded rounds."""
    return [
        (float(c), bool(ok))
        for r in rounds
        for c, ok in zip(r["confidence"], r["best_right"], strict=True)
        if c is not None and ok is not None
    ]


def format_report(results: dict[str, list[SoloRun]], *, title: str, player: str, seconds: float) -> str:
    lines = [f"{title}: {len(results)} rules x {max(len(v) for v in results.values())} rounds, {player}"]
    lines.append(f"{'rule':34} {'solved':>7} {'score':>6} {'wrong':>6} {'turns':>6}")
    for key, rs in results.items():
        s = Summary.of(rs)
        lines.append(
            f"{key[:34]:34} {s.solved:7.0%} {s.mean_score:6.1f} {s.wrong_guesses:6.2f} {s.turns:6.1f}"
        )
    every = [r for rs in results.values() for r in rs]
    s = Summary.of(every)
    lines.append(
        f"{'overall':34} {s.solved:7.1%} {s.mean_score:6.2f} {s.wrong_guesses:6.2f} {s.turns:6.1f}"
        f"   (success as the benchmark's analysis counts it: {s.success:.1%}; wrong guesses before its "
        f"cut-off turn: {s.counted_wrong:.2f})"
    )
    lines.append(f"{len(every)} rounds in {seconds:.0f} s")
    lines.append("")
    lines.append("Published (language models, the benchmark's 26 rules x 3 rounds):")
    lines.append(f"{'model':34} {'solved':>7} {'score':>6} {'wrong':>6}")
    for p in sorted(PUBLISHED, key=lambda p: -p.mean_score):
        lines.append(f"{p.model:34} {p.solved:7.1%} {p.mean_score:6.2f} {p.wrong_guesses:6.2f}")
    lines.append(f"source: {PUBLISHED_SOURCE}")
    return "\n".join(lines)


def run_cli(args: Any) -> int:
    """``eleusis-lab bench``."""
    rules = rule_set(args.rules)
    start = time.perf_counter()

    def show(rule: NamedRule, result: SoloRun) -> None:
        if args.json:
            print(json.dumps({"key": rule.key, **result.to_dict()}, ensure_ascii=False), flush=True)

    results = run(
        rules, args.player, rounds=args.rounds, judge=args.judge, calibrate=args.calibrate, progress=show
    )
    if not args.json:
        print(
            format_report(results, title=args.rules, player=args.player, seconds=time.perf_counter() - start)
        )
    return 0
