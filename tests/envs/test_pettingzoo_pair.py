"""PettingZoo's usual entry points (env / raw_env), its render_test, and table agents that state a rule
from the menu: api_test and seed_test with the menu on, a statement that ends an Express round."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils import wrappers

from eleusis_lab.envs import table
from eleusis_lab.envs.agents import RandomAgent
from eleusis_lab.rules import Rule
from eleusis_lab.rules.checks import same_rule


def test_env_is_raw_env_in_pettingzoos_wrappers():
    wrapped = table.env(variant="gardner", players=4, rule="gardner-1")
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    assert isinstance(wrapped.unwrapped, table.TableEnv)
    assert wrapped.unwrapped.variant == "gardner" and len(wrapped.possible_agents) == 4
    with pytest.raises(AttributeError):  # the order-enforcing wrapper: reset before anything else
        wrapped.agent_selection  # noqa: B018
    assert isinstance(table.raw_env(), table.TableEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(table.env(rule="express-3"), num_cycles=40)


def test_without_a_rule_resets_draw_library_rules_of_the_variants_deck():
    env = table.raw_env(variant="letters", players=3)
    drawn = set()
    for seed in range(6):
        env.reset(seed=seed)
        drawn.add(env.round.rule.text)
        assert env.round.rule.deck == "letters"
    assert len(drawn) > 1


def test_render_test_with_ansi_and_human(capsys):
    render_test(lambda render_mode: table.raw_env(rule="express-1", render_mode=render_mode))
    printed = capsys.readouterr().out
    assert "to act" in printed  # human mode printed the table
    with pytest.raises(ValueError, match="render_mode"):
        table.raw_env(render_mode="rgb_array")


def test_api_and_seed_tests_with_the_menu_on():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(table.raw_env(rule="express-1", menu_size=3), num_cycles=25)
    seed_test(lambda: table.raw_env(rule="express-1", menu_size=3), num_cycles=12)


def test_an_express_player_states_the_menus_rule():
    secret = Rule.parse("card.color != prev.color")
    env = table.raw_env(variant="express", players=3, rule=secret, menu_size=4)
    env.reset(seed=1)
    stated = False
    for _ in range(400):
        agent = env.agent_selection
        observation, _, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        offered = np.flatnonzero(mask[env.FIRST_RULE :])
        if offered.size:
            # the chance to state comes right after the agent's own right play: the same agent acts again
            assert mask[env.PASS] == 1 and not mask[: env.NO_PLAY].any()
            right = [j for j in offered if same_rule(Rule.parse(env.menu[j][0]), secret)]
            if right:
                env.step(env.FIRST_RULE + int(right[0]))
                stated = True
                break
            env.step(env.PASS)
            continue
        lay = env.observation_layout
        shares = observation["observation"][lay["menu_share"]]
        assert len(env.menu) == 4 and shares[0] > 0
        # the menu's verdicts: rule 0 on every design, on the mainline now
        rule0 = Rule.parse(env.menu[0][0])
        accepts = observation["observation"][lay["menu_accepts"]][: len(env.ids)]
        assert list(accepts) == [int(rule0.accepts(c, list(env.round.mainline))) for c in env.ids.cards]
        env.step(RandomAgent(seed=0).act(observation))
        assert "refused" not in env.infos[agent]
    assert stated and env.round.is_over
    assert env.round.scores().players == [env._cumulative_rewards[a] for a in env.possible_agents]


def test_menu_size_is_checked():
    with pytest.raises(ValueError, match="menu_size"):
        table.raw_env(menu_size=-1)


def test_refused_actions_in_a_row_truncate_the_episode_for_everyone():
    env = table.raw_env(rule="express-1", max_refused=3)
    env.reset(seed=2)
    agent = env.agent_selection
    forbidden = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    before = env.round.to_json()
    env.step(forbidden)
    env.step(forbidden)
    assert env.infos[agent]["refused_in_a_row"] == 2 and not any(env.truncations.values())
    env.step(forbidden)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.round.to_json() == before and not env.round.is_over
    stepped = []
    for name in env.agent_iter(10):
        _, reward, _, truncated, _ = env.last()
        assert truncated and reward == 0.0
        stepped.append(name)
        env.step(None)
    assert sorted(stepped) == sorted(env.possible_agents) and not env.agents
    # an answered action starts the count again
    env.reset(seed=2)
    env.step(forbidden)
    env.step(forbidden)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert env.refused_in_a_row == 0 and not any(env.truncations.values())
    with pytest.raises(ValueError, match="max_refused"):
        table.raw_env(max_refused=0)
