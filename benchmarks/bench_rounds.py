"""Rounds simulated per second, per variant: random legal plays through the public Round API.

Usage: python benchmarks/bench_rounds.py [--seconds 3] [--players 4]
Prints one line per variant (rounds/s, actions/s, mean actions per round) and the time to save and
load a finished round.
"""

from __future__ import annotations

import argparse
import random
import time

from eleusis_lab.play import load_round, new_round

RULES = {
    "gardner": "gardner-2",
    "express": "express-1",
    "new-eleusis": "new-eleusis",
    "letters": "letters-cycle",
}


def random_round(variant: str, players: list[str], seed: int) -> tuple[object, int]:
    """Play one round with random legal actions; return it and its number of actions."""
    r = new_round(variant, players, RULES[variant], seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not r.is_over:
        p = r.current_player
        if variant == "gardner":
            r.play(p, rng.choice(r.can_try(p)))
        elif variant == "letters":
            r.play(p, rng.choice(r.hand(p)))
        elif rng.random() < 0.05:
            r.no_play(p)
        elif variant == "express":
            r.play(p, rng.choice(r.hand(p)))
        else:
            hand = r.hand(p)
            r.play(p, rng.sample(hand, rng.randint(1, min(2, len(hand)))))
            if not r.is_over and r.can_become_prophet(p) and rng.random() < 0.05:
                r.declare_prophet(p)
        actions += 1
    return r, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per variant")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    players = [f"P{i + 1}" for i in range(args.players)]
    print(f"{'variant':<12} {'rounds/s':>9} {'actions/s':>10} {'actions/round':>14} {'save+load ms':>13}")
    for variant in RULES:
        start = time.perf_counter()
        rounds = actions = 0
        last = None
        while time.perf_counter() - start < args.seconds:
            last, n = random_round(variant, players, seed=rounds)
            rounds += 1
            actions += n
        elapsed = time.perf_counter() - start
        t = time.perf_counter()
        text = last.to_json()  # type: ignore[attr-defined]
        assert load_round(text).to_json() == text
        io_ms = (time.perf_counter() - t) * 1000
        rate, per = rounds / elapsed, actions / elapsed
        print(f"{variant:<12} {rate:9.1f} {per:10.0f} {actions / rounds:14.1f} {io_ms:13.1f}")


if __name__ == "__main__":
    main()
