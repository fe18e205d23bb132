"""Random-agent episodes in the research environments: every episode must end, the rewards must be the
variant's own scores, and a refused action must leave the round exactly as it was.

Run: ``.venv/bin/python benchmarks/bench_envs.py [EPISODES]`` (default 1000 per variant; a few minutes a
variant on a quiet 2-core machine).  Prints episodes, steps, refusals tried, failures (goal 0),
episodes and steps per second for each table variant, for the solo environment and (a fiftieth of the
episodes: its rule menu costs about 20 ms a step) for its flat Discrete form.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from eleusis_lab.envs import SoloDiscreteEnv, SoloEnv, table_env
from eleusis_lab.envs.agents import RandomAgent

TABLES = [
    ("express", "express-1"),
    ("gardner", "gardner-1"),
    ("new-eleusis", "new-eleusis"),
    ("letters", "letters-cycle"),
]


def table_episodes(variant: str, rule: str, episodes: int) -> tuple[int, int, int]:
    env = table_env(variant, 4, rule)
    steps = refusals = failures = 0
    for seed in range(episodes):
        env.reset(seed=seed)
        policy, rng = RandomAgent(seed=seed), np.random.default_rng(seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter(20_000):
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            if rng.random() < 0.05:  # now and then an action the mask forbids: refused, nothing changes
                before = env.round.to_json()
                forbidden = np.flatnonzero(observation["action_mask"] == 0)
                env.step(int(rng.choice(forbidden)))
                refusals += 1
                failures += env.round.to_json() != before or "refused" not in env.infos[agent]
            env.step(policy.act(observation))
            steps += 1
        scores = [float(s) for s in env.round.scores().players]
        failures += not env.round.is_over or [totals[a] for a in env.possible_agents] != scores
    return steps, refusals, failures


def solo_episodes(env: SoloEnv, refused_action: object, episodes: int) -> tuple[int, int, int]:
    """Random-agent episodes of a solo env (either action form), with now and then ``refused_action``."""
    steps = refusals = failures = 0
    for seed in range(episodes):
        observation, info = env.reset(seed=seed)
        policy, total = RandomAgent(seed=seed), 0.0
        while True:
            if seed % 7 == 0 and steps % 5 == 0:  # refused whole: nothing changes
                before = env.round.to_json()
                _, _, _, _, refused = env.step(refused_action)
                refusals += 1
                failures += env.round.to_json() != before or "refused" not in refused
            observation, reward, terminated, truncated, info = env.step(policy.act(observation, info))
            failures += "refused" in info
            steps += 1
            total += reward
            if terminated or truncated:
                break
        failures += total != float(env.round.scores().players[0])
    return steps, refusals, failures


def main() -> int:
    episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    failed = 0
    runs = [(v, episodes, lambda v=v, r=r: table_episodes(v, r, episodes)) for v, r in TABLES]
    # a rule that does not parse; an index past the action space
    text_form, discrete_form = SoloEnv("express-3"), SoloDiscreteEnv("express-3")
    runs.append(
        (
            "solo",
            episodes,
            lambda: solo_episodes(text_form, {"card": 0, "rule": "card.colr == red"}, episodes),
        )
    )
    discrete = max(2, episodes // 50)
    runs.append(
        ("solo-discrete", discrete, lambda: solo_episodes(discrete_form, discrete_form.n_actions, discrete))
    )
    for name, count, run in runs:
        started = time.perf_counter()
        steps, refusals, failures = run()
        took = time.perf_counter() - started
        failed += failures
        print(
            f"{name:13} {count} episodes ended, {steps} steps, {refusals} refused actions tried, "
            f"{failures} failures (goal 0); {count / took:.1f} episodes/s, {steps / took:.0f} steps/s"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
