"""Rounds simulated per second, per variant: random legal plays through the public Round API.

Usage: python benchmarks/bench_rounds.py [--seconds 3] [--players 4]
Prints one line per variant (rounds/s, actions/s, mean actions per round) and the time to save and
load a finished round; then, per variant, the cost of the legality questions asked along those rounds:
one ``legal_actions`` listing, one accepted ``apply`` of a listed action, and one refused action's
reason (an out-of-turn play, a card not held).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import random
import time

from eleusis_lab.play import GameError, load_round, new_round
from eleusis_lab.play import actions as act

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


def legality_costs(variant: str, players: list[str], seconds: float) -> tuple[float, float, float]:
    """Mean microseconds of one ``legal_actions`` listing, one accepted ``apply`` and one refusal, over
    rounds played by listed actions (the turn's own ones that need nothing typed in)."""
    listing = applying = refusing = 0.0
    listings = applies = refusals = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        r = new_round(variant, players, RULES[variant], seed=seed)
        rng = random.Random(seed)
        seed += 1
        while not r.is_over:
            p = r.current_player
            assert p is not None
            t = time.perf_counter()
            listed = r.legal_actions(p)
            listing += time.perf_counter() - t
            listings += 1
            others = [q for q in r.players if q != p]
            bad = [act.Play(others[0], tuple(r.hand(others[0])[:1]))] if others else []
            bad.append(act.Play(p, (r.deck()[0],) * (r.max_string + 1)))
            for action in bad:
                t = time.perf_counter()
                with contextlib.suppress(GameError):
                    r.apply(action)
                refusing += time.perf_counter() - t
                refusals += 1
            # the turn's own actions needing no typed-in field (a no-play now and then)
            plays = [a for a in listed if isinstance(a, act.Play) and not a.open]
            others_listed = [a for a in listed if isinstance(a, act.NoPlay)]
            choice = rng.choice(others_listed) if others_listed and rng.random() < 0.05 else rng.choice(plays)
            choice = dataclasses.replace(choice, open=frozenset())
            t = time.perf_counter()
            r.apply(choice)
            applying += time.perf_counter() - t
            applies += 1
    return 1e6 * listing / listings, 1e6 * applying / applies, 1e6 * refusing / refusals


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
    print()
    print(f"{'variant':<12} {'legal_actions µs':>17} {'apply µs':>9} {'refusal µs':>11}")
    for variant in RULES:
        listing, applying, refusing = legality_costs(variant, players, args.seconds)
        print(f"{variant:<12} {listing:17.1f} {applying:9.1f} {refusing:11.1f}")


if __name__ == "__main__":
    main()
