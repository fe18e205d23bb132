"""Ready agents for the research environments: a random player and the kit's scientist.

>>> from eleusis_lab.envs import table_env
>>> env = table_env("express", 3, "express-1")
>>> env.reset(seed=0)
>>> policy = RandomAgent(seed=0)
>>> observation, *_ = env.last()
>>> 0 <= policy.act(observation) < env.n_actions
True

:class:`RandomAgent` needs only what it observes.  :class:`ScientistAgent` is the kit's computer
scientist (``eleusis_lab.science``): it reads the evidence on ``env.round`` — the mainline, the
sidelines and its own hand, what a player at the table sees — never the secret rule.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eleusis_lab.play.players import lookup

__all__ = ["RandomAgent", "ScientistAgent"]


class RandomAgent:
    """Plays a random allowed action; in :class:`~eleusis_lab.envs.SoloEnv` it never states a rule (in
    :class:`~eleusis_lab.envs.SoloDiscreteEnv` a statement of the menu is one of the allowed actions)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, info: dict[str, Any] | None = None) -> Any:
        """An action for ``observation`` (a table env's dict) or, with ``info``, for ``SoloEnv``."""
        if isinstance(observation, dict) and "action_mask" in observation:
            return int(self.rng.choice(np.flatnonzero(observation["action_mask"])))
        if info is None or "action_mask" not in info:
            raise ValueError("RandomAgent needs an observation with an action mask, or SoloEnv's info")
        if isinstance(info["action_mask"], np.ndarray):  # a flat Discrete action's mask
            return int(self.rng.choice(np.flatnonzero(info["action_mask"])))
        cards = np.flatnonzero(info["action_mask"]["card"])
        return {"card": int(self.rng.choice(cards)), "rule": ""}


class ScientistAgent:
    """The kit's scientist as an agent of ``env`` (a ``SoloEnv`` or a table env)."""

    def __init__(self, env: Any, **options: Any) -> None:
        from eleusis_lab.envs.solo_discrete import SoloDiscreteEnv

        self.env = env.unwrapped
        if isinstance(self.env, SoloDiscreteEnv):
            raise ValueError("the scientist states any rule, not only a menu's: give it a SoloEnv")
        self.player = lookup("scientist", **options)

    def act(self, observation: Any = None, info: dict[str, Any] | None = None) -> Any:
        """The scientist's choice in the round the environment is playing now."""
        env = self.env
        game = env.round
        from eleusis_lab.envs.solo import SoloEnv

        if isinstance(env, SoloEnv):
            name = game.players[0]
            hand = game.hand(name)
            [card] = self.player.choose_play(game, name) or hand[:1]
            rule = self.player.choose_guess(game, name) or ""
            return {"card": hand.index(card), "rule": rule}
        agent = env.agent_selection
        legal = dict(env.legal(agent))
        if env.PROPHET in legal:
            return env.PROPHET if self.player.wants_prophet(game, agent) else env.PASS
        if env.PASS in legal:
            return env.PASS
        cards = self.player.choose_play(game, agent)
        if cards:
            index = env.ids.id_of(cards[0]) - 1
            if index in legal:
                return index
        if env.NO_PLAY in legal:
            return env.NO_PLAY
        return min(legal)
