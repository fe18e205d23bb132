"""The registered Gymnasium ids and the flat Discrete action form: gymnasium.make, TimeLimit, check_env,
masks that say exactly what the round answers, statements from the menu."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import TimeLimit

import eleusis_lab.envs
from eleusis_lab.envs import MAX_EPISODE_STEPS, SoloDiscreteEnv, SoloEnv
from eleusis_lab.envs.agents import RandomAgent, ScientistAgent


@pytest.mark.parametrize(
    "env_id,kind", [("EleusisSolo-v0", SoloEnv), ("EleusisSoloDiscrete-v0", SoloDiscreteEnv)]
)
def test_gymnasium_make_gives_the_env_in_a_time_limit(env_id, kind):
    env = gymnasium.make(env_id, rule="express-1")
    assert env.spec is not None and env.spec.id == env_id
    assert env.spec.max_episode_steps == MAX_EPISODE_STEPS
    assert isinstance(env, TimeLimit) and type(env.unwrapped) is kind
    observation, info = env.reset(seed=0)
    assert env.observation_space.contains(observation) and "action_mask" in info
    # the "module:id" form imports the package first
    assert gymnasium.make("eleusis_lab.envs:EleusisSolo-v0").spec.id == "EleusisSolo-v0"
    assert set(eleusis_lab.envs.GYMNASIUM_IDS) <= set(gymnasium.registry)


def test_time_limit_truncates_a_long_episode():
    env = gymnasium.make("EleusisSoloDiscrete-v0", rule="express-1", max_episode_steps=3)
    env.reset(seed=0)
    truncated = [env.step(0)[3] for _ in range(3)]
    assert truncated == [False, False, True]


@pytest.mark.parametrize("env_id", ["EleusisSolo-v0", "EleusisSoloDiscrete-v0"])
def test_gymnasium_check_env_on_both_action_forms_with_their_render_modes(env_id):
    env = gymnasium.make(env_id, rule="express-1").unwrapped  # made: the checker also tries each render mode
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)


def test_discrete_layout_and_masks():
    env = SoloDiscreteEnv("express-1", menu_size=3)
    observation, info = env.reset(seed=1)
    h = env.hand_size
    assert env.action_space.n == h + 1 + 3 and h == env.PASS
    mask = env.action_masks()
    # before the first play only plays are allowed: a statement comes right after a play
    assert list(mask) == [1] * h + [0] + [0] * 3
    assert np.array_equal(info["action_mask"], mask)
    assert len(info["menu"]) == 3 and observation["menu_probability"].shape == (3,)
    hand = env.round.hand(env.player)
    _, reward, terminated, _, info = env.step(2)
    assert env.round.mainline[-1] == hand[2] or env.round.sidelines[-1][-1].cards == (hand[2],)
    assert reward == 0.0 and not terminated and "accepted" in info
    mask = env.action_masks()
    assert list(mask[h:]) == [0, 1, 1, 1]  # now the menu may be stated; no pass before the last turn
    # the menu's verdict features are each listed rule's verdict on each hand card
    observation = env._observation()
    for j, text in enumerate(info["menu"]):
        from eleusis_lab.rules import Rule

        rule = Rule.parse(text)
        expected = [rule.accepts(c, list(env.round.mainline)) for c in env.round.hand(env.player)]
        assert list(observation["menu_accepts"][j]) == [int(v) for v in expected]
        assert observation["menu_probability"][j] > 0


def test_a_masked_or_out_of_range_index_is_refused_and_changes_nothing():
    env = SoloDiscreteEnv("express-1")
    env.reset(seed=3)
    before = env.round.to_json()
    for bad in [env.PASS, env.first_rule, env.action_space.n, -1, True, "0", 2.0]:
        _, reward, terminated, truncated, info = env.step(bad)
        assert "refused" in info and reward == 0.0 and not terminated and not truncated
        assert env.round.to_json() == before


def test_stating_the_menus_rule_solves_and_a_wrong_one_leaves_the_menu():
    from eleusis_lab.rules import Rule
    from eleusis_lab.rules.checks import same_rule

    secret = Rule.parse("card.color != prev.color")
    env = SoloDiscreteEnv(secret, menu_size=4)
    env.reset(seed=4)
    _, _, _, _, info = env.step(0)
    wrong = [j for j, text in enumerate(info["menu"]) if not same_rule(Rule.parse(text), secret)]
    assert wrong, info["menu"]
    text = info["menu"][wrong[0]]
    _, reward, terminated, _, info = env.step(env.first_rule + wrong[0])
    assert not info["guess"]["correct"] and text not in info["menu"] and not terminated and reward == 0.0
    assert env.round.wrong_guesses == 1
    assert not env.action_masks()[env.first_rule :].any()  # one statement a play
    for _turn in range(28):
        _, _, _, _, info = env.step(0)
        right = [j for j, t in enumerate(info["menu"]) if same_rule(Rule.parse(t), secret)]
        if right:
            break
    _, reward, terminated, _, info = env.step(env.first_rule + right[0])
    assert terminated and info["guess"]["correct"]
    assert reward == float(env.round.scores().players[0]) > 0
    assert not env.action_masks().any()


def test_after_the_last_play_the_agent_states_or_passes():
    env = SoloDiscreteEnv("express-5", max_turns=2)
    env.reset(seed=0)
    env.step(0)
    _, _, terminated, _, _ = env.step(0)
    mask = env.action_masks()
    assert not terminated and not mask[: env.hand_size].any() and mask[env.PASS] == 1
    _, reward, terminated, _, _ = env.step(env.PASS)
    assert terminated and reward == 0.0 and env.round.is_over


def test_random_masked_samples_are_always_answered():
    env = SoloDiscreteEnv("express-3")
    env.action_space.seed(0)
    agent = RandomAgent(seed=1)
    for seed in range(2):
        observation, info = env.reset(seed=seed)
        for _ in range(MAX_EPISODE_STEPS):
            action = (
                env.action_space.sample(mask=env.action_masks()) if seed else agent.act(observation, info)
            )
            observation, reward, terminated, _truncated, info = env.step(action)
            assert "refused" not in info
            assert env.observation_space.contains(observation)
            if terminated:
                assert reward == float(env.round.scores().players[0])
                break
        assert env.round.is_over
    with pytest.raises(ValueError, match="SoloEnv"):
        ScientistAgent(env)
    with pytest.raises(ValueError, match="menu_size"):
        SoloDiscreteEnv("express-3", menu_size=0)
