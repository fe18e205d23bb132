"""Soak test: thousands of random complete rounds through every conformance check.

Rounds cycle through the variants, every playable library rule of the variant's deck, 2-5 players,
the variants' options and random/careful players; seeds count up from ``--seed``.  Prints rounds per
second (with and without the checks) and every failure; exits 1 if any round fails.

    .venv/bin/python scripts/soak.py --rounds 2000
    .venv/bin/python scripts/soak.py --rounds 200 --variants new-eleusis --thorough
    .venv/bin/python scripts/soak.py --rounds 0 --stateful 300 --saves   # issue 11's long runs
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from eleusis_lab.testing import VARIANTS, check_round_conformance, rules_for

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve")
# Option sets tried in turn for each variant (RULES.md options).
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "gardner": [{}],
    "express": [
        {},
        {"hand_size": 10},
        {"wrong_guess_penalty": 1},
        {"stock_refresh": True},
        {"wrong_guess_penalty": 2, "stock_refresh": True, "hand_size": 10},
    ],
    "new-eleusis": [{}, {"max_string": 2}, {"hand_size": 10}],
    "letters": [{}],
}
MIN_PLAYERS = {"gardner": 2, "express": 1, "new-eleusis": 1, "letters": 2}
PLAYERS = ("random", "random", "mixed", "careful")


def plan(i: int, variants: list[str], base_seed: int) -> tuple[str, str, int, tuple[str, ...], str, dict]:
    """The i-th round of the soak: variant, rule key, seed, players, computer kind, options."""
    variant = variants[i % len(variants)]
    k = i // len(variants)
    rules = [e.key for e in rules_for(variant)]
    rule = rules[k % len(rules)]
    n = MIN_PLAYERS[variant] + (k // len(rules)) % (len(NAMES) - MIN_PLAYERS[variant] + 1)
    n = max(n, 2)
    options = OPTIONS[variant][k % len(OPTIONS[variant])]
    kind = PLAYERS[k % len(PLAYERS)]
    return variant, rule, base_seed + i, NAMES[:n], kind, options


def plain_speed(variants: list[str], seconds: float = 3.0) -> dict[str, float]:
    """Rounds per second of plain play (random computers, no checks), per variant."""
    from eleusis_lab.play import new_round
    from eleusis_lab.play.driver import play_out, seat_computers

    speed = {}
    for variant in variants:
        rules = [e.key for e in rules_for(variant)]
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            r = new_round(variant, list(NAMES[:4]), rules[count % len(rules)], seed=count)
            play_out(r, seat_computers(r.players, "random", seed=count))
            count += 1
        speed[variant] = count / (time.perf_counter() - start)
    return speed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds to play and check (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated variants")
    parser.add_argument("--thorough", action="store_true", help="reload the save after every action (slower)")
    parser.add_argument("--no-speed", action="store_true", help="skip the plain-play speed measurement")
    parser.add_argument(
        "--stateful",
        type=int,
        default=0,
        metavar="N",
        help="also run the round state machine (tests/security) for N examples of 60 steps per variant",
    )
    parser.add_argument("--saves", action="store_true", help="also load the whole damaged-save corpus")
    args = parser.parse_args(argv)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant {unknown[0]!r}; choose from {', '.join(VARIANTS)}")

    extra_failures = 0
    if args.stateful:
        extra_failures += stateful_soak(variants, args.stateful)
    if args.saves:
        extra_failures += saves_soak()
    failures: dict[tuple, list[str]] = {}
    per_variant: Counter[str] = Counter()
    seconds: defaultdict[str, float] = defaultdict(float)
    start = time.perf_counter()
    for i in range(args.rounds):
        variant, rule, seed, players, kind, options = plan(i, variants, args.seed)
        t0 = time.perf_counter()
        try:
            fails = check_round_conformance(
                variant,
                rule,
                seed,
                players=players,
                player=kind,
                reload_points=None if args.thorough else 4,
                **options,
            )
        except Exception as error:  # a crash is a failure to report, not the end of the soak
            fails = [f"crashed: {type(error).__name__}: {error}"]
        seconds[variant] += time.perf_counter() - t0
        per_variant[variant] += 1
        if fails:
            failures[(variant, rule, seed, len(players), kind, tuple(sorted(options.items())))] = fails
            print(f"FAIL {variant} {rule} seed={seed} players={len(players)} {kind} {options}", flush=True)
            for f in fails[:5]:
                print(f"     - {f}", flush=True)
        if (i + 1) % 100 == 0:
            elapsed = time.perf_counter() - start
            print(f"… {i + 1} rounds, {elapsed:.0f} s, {len(failures)} failing", flush=True)
    total = time.perf_counter() - start

    if not args.rounds:
        return 1 if extra_failures else 0
    print()
    print(f"soak: {args.rounds} rounds checked in {total:.1f} s ({args.rounds / total:.1f} rounds/s), "
          f"{len(failures)} failing")  # fmt: skip
    for variant in variants:
        n = per_variant[variant]
        if n:
            print(f"  {variant:12} {n:6d} rounds checked, {n / seconds[variant]:7.1f} rounds/s with checks")
    if not args.no_speed:
        for variant, rate in plain_speed(variants).items():
            print(f"  {variant:12} plain play (4 random computers): {rate:7.1f} rounds/s")
    return 1 if failures or extra_failures else 0


def _security_tests() -> None:
    """The state machine and the save corpus live with the tests (they need hypothesis)."""
    root = str(Path(__file__).resolve().parent.parent)
    if root not in sys.path:
        sys.path.insert(0, root)


def stateful_soak(variants: list[str], examples: int) -> int:
    """Issue 11: random valid and invalid actions, many more than ``make test`` runs; failures found."""
    from hypothesis import HealthCheck, settings

    _security_tests()
    from tests.security.round_machine import STEPS, machine_for

    failed = 0
    for variant in variants:
        machine = machine_for(variant)
        machine.TestCase.settings = settings(
            max_examples=examples,
            stateful_step_count=60,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        t0 = time.perf_counter()
        try:
            machine.TestCase().runTest()
        except Exception as error:  # hypothesis prints the shrunk failing steps
            failed += 1
            print(f"FAIL stateful {variant}: {type(error).__name__}: {error}", flush=True)
        counts = {kind: n for (v, kind), n in STEPS.items() if v == variant}
        print(f"stateful {variant:12} {examples} rounds, {counts.get('steps', 0)} steps: "
              f"{counts.get('accepted', 0)} accepted, {counts.get('refused', 0)} refused, "
              f"{counts.get('undo', 0)} undone, {time.perf_counter() - t0:.0f} s", flush=True)  # fmt: skip
    return failed


def saves_soak() -> int:
    """Issue 11: every input of the damaged-save corpus; each is refused or loads a conformant round."""
    import tempfile

    _security_tests()
    from tests.security.save_corpus import Tally, corpus

    tally, failed = Tally(), 0
    with tempfile.TemporaryDirectory() as folder:
        for what, text in corpus(Path(folder), full=True):
            try:
                tally.judge(text, what)
            except AssertionError as error:
                failed += 1
                print(f"FAIL save corpus: {error}", flush=True)
    print(f"saves: {tally.loaded + tally.refused + failed} inputs, {tally.loaded} loaded and conformant, "
          f"{tally.refused} refused with one sentence, {failed} failing", flush=True)  # fmt: skip
    return failed


if __name__ == "__main__":
    sys.exit(main())
