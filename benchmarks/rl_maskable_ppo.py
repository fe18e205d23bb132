"""An example, not a test: sb3-contrib's MaskablePPO learns the solo game's flat Discrete form
(``EleusisSoloDiscrete-v0``) against the random agent, with a learning curve.

Run: ``.venv/bin/python benchmarks/rl_maskable_ppo.py [STEPS]`` (default 6000: a few minutes on a quiet
2-core machine; the rule menu costs about 20 ms a step).  Needs the ``rl`` extra
(``pip install -e '.[rl]'``: sb3-contrib, which brings stable-baselines3 and torch).

What it prints: the mean episode return of the random agent (masked random actions: plays, and now and
then a statement of a menu rule) and of a hand-written reference (state the menu's first rule once its
share is at least one half, else play a random card), then MaskablePPO's mean episode return in each
window of ``STEPS / 6`` steps while it learns.  The policy sees the turn and the menu
(each listed rule's posterior share and its verdicts on the hand): what it can learn is when stating
the menu's rule pays (a right statement ends the round with ``31 - turn``, a wrong one costs 2).
"""

from __future__ import annotations

import sys
import time

import gymnasium
import numpy as np
from gymnasium.wrappers import FilterObservation
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback

import eleusis_lab.envs  # noqa: F401 - registers the ids

#: Library rules of the easy and medium kinds: the menu holds the rule early, so stating it pays.
RULES = ["express-1", "express-3", "gardner-1", "gardner-2", "express-5", "gardner-4"]
KEEP = ["turn", "menu_probability", "menu_accepts"]


def make_env() -> gymnasium.Env:
    env = gymnasium.make("EleusisSoloDiscrete-v0", rule=RULES)
    env = FilterObservation(env, KEEP)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def random_action(observation: dict, mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def half_sure_action(observation: dict, mask: np.ndarray, rng: np.random.Generator) -> int:
    first_rule = len(mask) - len(observation["menu_probability"])
    if mask[first_rule] and observation["menu_probability"][0] >= 0.5:
        return first_rule
    plays = np.flatnonzero(mask[: first_rule - 1])
    return int(rng.choice(plays if plays.size else np.flatnonzero(mask)))


def returns(policy, episodes: int, seed: int = 0) -> list[float]:
    """Episode returns of ``policy(observation, mask, rng)`` on ``episodes`` seeded episodes."""
    env, rng, out = make_env(), np.random.default_rng(seed), []
    for k in range(episodes):
        observation, _ = env.reset(seed=seed + k)
        total, done = 0.0, False
        while not done:
            action = policy(observation, env.unwrapped.action_masks(), rng)
            observation, reward, terminated, truncated, _ = env.step(action)
            total, done = total + float(reward), terminated or truncated
        out.append(total)
    return out


class Curve(BaseCallback):
    """Mean episode return of each window of ``every`` steps."""

    def __init__(self, every: int) -> None:
        super().__init__()
        self.every, self.returns, self.rows = every, [], []
        self.total = 0.0

    def _on_step(self) -> bool:
        for reward, done in zip(self.locals["rewards"], self.locals["dones"], strict=True):
            self.total += float(reward)
            if done:
                self.returns.append(self.total)
                self.total = 0.0
        if self.num_timesteps % self.every == 0:
            window = self.returns or [float("nan")]
            self.rows.append((self.num_timesteps, len(self.returns), float(np.mean(window))))
            steps, episodes = self.num_timesteps, len(self.returns)
            print(f"  steps {steps:6d}: {episodes:3d} episodes, mean return {np.mean(window):5.2f}")
            self.returns = []
        return True


def main() -> int:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
    started = time.perf_counter()
    episodes = max(20, steps // 120)
    for name, policy in [("random agent", random_action), ("state when half sure", half_sure_action)]:
        got = returns(policy, episodes)
        error = np.std(got) / np.sqrt(episodes)
        print(f"{name}: {episodes} episodes, mean return {np.mean(got):.2f} ± {error:.2f}")
    model = MaskablePPO(
        "MultiInputPolicy", make_env(), n_steps=256, batch_size=64, learning_rate=1e-3, seed=0, verbose=0
    )
    print(f"MaskablePPO, {steps} steps:")
    model.learn(total_timesteps=steps, callback=Curve(max(256, steps // 6)))
    print(f"{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
