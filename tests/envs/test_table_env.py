"""The PettingZoo AEC environment of a table: PettingZoo's own api_test and seed_test on every variant,
random episodes that end with the variant's scores, refused actions that change nothing."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from eleusis_lab.envs import table_env
from eleusis_lab.envs.agents import RandomAgent

TABLES = [
    ("express", "express-1"),
    ("gardner", "gardner-1"),
    ("new-eleusis", "new-eleusis"),
    ("letters", "letters-cycle"),
]


@pytest.mark.parametrize("variant,rule", TABLES)
def test_pettingzoo_api_test(variant, rule):
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation with an action mask (its own chess does too)
        warnings.simplefilter("ignore", UserWarning)
        api_test(table_env(variant, 3, rule), num_cycles=60)


@pytest.mark.parametrize("variant,rule", TABLES)
def test_pettingzoo_seed_test(variant, rule):
    seed_test(lambda: table_env(variant, ["Ana", "Ben", "Cy"], rule), num_cycles=30)


def play_out(env, seed):
    """One episode with random legal actions; returns the rewards each agent received in total."""
    env.reset(seed=seed)
    agent_policy = RandomAgent(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(10_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else agent_policy.act(observation))
    return totals


@pytest.mark.parametrize("variant,rule", TABLES)
def test_random_episodes_end_with_the_variants_scores(variant, rule):
    env = table_env(variant, 4, rule)
    for seed in range(3):
        totals = play_out(env, seed)
        assert env.round.is_over
        assert not env.agents
        assert [totals[a] for a in env.possible_agents] == [float(s) for s in env.round.scores().players]


@pytest.mark.parametrize("variant,rule", TABLES)
def test_refused_action_changes_nothing(variant, rule):
    env = table_env(variant, 3, rule)
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.round.to_json()
    for bad in [int(np.flatnonzero(mask == 0)[0]), env.n_actions + 7, -1]:
        env.step(bad)
        assert env.round.to_json() == before
        assert env.agent_selection == agent
        assert "refused" in env.infos[agent]


def test_each_agent_sees_its_own_hand_and_the_table_only():
    env = table_env("express", ["Ana", "Ben", "Cy"], "express-1")
    env.reset(seed=2)
    lay = env.observation_layout
    for name in env.possible_agents:
        obs = env.observe(name)["observation"]
        counts = obs[lay["hand"]]
        assert counts.sum() == len(env.round.hand(name))
        for card in env.round.hand(name):
            assert counts[env.ids.id_of(card) - 1] >= 1
        assert list(obs[lay["hand_sizes"]]) == [env.round.hand_size(n) for n in env.possible_agents]
        assert obs[lay["mainline"]][0] == env.ids.id_of(env.round.mainline[0])


def test_mask_is_the_rounds_legal_actions():
    env = table_env("new-eleusis", 3, "new-eleusis")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    hand_ids = {env.ids.id_of(c) - 1 for c in env.round.hand(agent)}
    assert set(np.flatnonzero(mask[: len(env.ids)])) == hand_ids
    assert mask[env.NO_PLAY] == 1
    # nobody else may act
    for other in env.possible_agents:
        if other != agent:
            assert not env.observe(other)["action_mask"].any()


def test_bad_set_up_is_a_clear_error():
    with pytest.raises(ValueError, match="solo"):
        table_env("solo", 1, "express-1")
    with pytest.raises(ValueError):
        table_env("express", 3, "card.colr == red")
