"""The Gymnasium environment of the solo game: Gymnasium's own checkers, refused actions, agents."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.utils.passive_env_checker import env_reset_passive_checker, env_step_passive_checker

from eleusis_lab.envs import SoloEnv
from eleusis_lab.envs.agents import RandomAgent, ScientistAgent


def test_gymnasium_check_env():
    env = SoloEnv("express-1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker is a failure here
        check_env(env, skip_render_check=True)


def test_passive_checker_on_reset_and_steps():
    env = SoloEnv("gardner-2")
    env_reset_passive_checker(env, seed=3)
    for _ in range(5):
        env_step_passive_checker(env, {"card": 0, "rule": ""})


def test_observation_holds_the_table_and_hand():
    env = SoloEnv("card.color != prev.color")
    observation, info = env.reset(seed=1)
    assert observation["mainline"][0] == env.ids.id_of(env.round.mainline[0])
    assert list(observation["hand"]) == [env.ids.id_of(c) for c in env.round.hand("player")]
    assert observation["turn"] == 0 and info["turn"] == 0
    observation, reward, terminated, truncated, info = env.step({"card": 0, "rule": ""})
    assert observation["turn"] == 1 and reward == 0.0 and not terminated and not truncated
    assert info["board"] and "accepted" in info
    assert env.observation_space.contains(observation)


def test_refused_action_changes_nothing():
    env = SoloEnv("express-3")
    env.reset(seed=2)
    before = env.round.to_json()
    for bad in [
        {"card": 99, "rule": ""},
        {"card": 0, "rule": "card.colr == red"},  # does not parse: the card is not played either
        {"card": -1},
        "7H",
        {"card": True, "rule": ""},
    ]:
        _, reward, terminated, _, info = env.step(bad)
        assert "refused" in info and reward == 0.0 and not terminated
        assert env.round.to_json() == before


def test_a_correct_rule_ends_the_round_with_the_protocols_score():
    env = SoloEnv("card.color != prev.color")
    env.reset(seed=4)
    _, reward, terminated, _, info = env.step(
        {"card": 0, "rule": "if prev is red then card is black else card is red"}
    )
    assert terminated and info["guess"]["correct"]
    assert reward == float(env.round.scores().players[0]) > 0


def test_the_benchmark_protocol_plays_the_benchmarks_own_round_on_the_same_engine():
    from eleusis_lab.play.benchmark_protocol import round_seed, shuffled_deck
    from eleusis_lab.science.benchmark import benchmark_round

    env = SoloEnv("card is red", protocol="benchmark")
    env.reset(seed=1, options={"round_index": 2})
    machine = benchmark_round("card is red", "random", 2).round  # the harness's round 2 of the rule
    assert env.round.benchmark and env.round.seed == machine.seed == round_seed("card is red", 2)
    assert env.round.hand(env.player) == shuffled_deck(machine.seed)[:12]
    assert env.round.mainline == machine.mainline[:1]
    _, reward, terminated, _, info = env.step({"card": 0, "rule": "card is red"})
    assert terminated and info["guess"]["correct"] and reward == 30.0  # 31 - turn 1 - 0 wrong
    with pytest.raises(ValueError, match="protocol=benchmark"):
        SoloEnv("card is red").reset(seed=1, options={"round_index": 0})


def test_rules_drawn_from_a_list_at_each_reset():
    env = SoloEnv(["express-1", "express-3", "gardner-2"])
    seen = set()
    for seed in range(12):
        env.reset(seed=seed)
        seen.add(env.round.rule.text)
    assert len(seen) > 1


def play(env, agent, seed):
    observation, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        observation, reward, terminated, truncated, info = env.step(agent.act(observation, info))
        total += reward
        steps += 1
        assert "refused" not in info
        if terminated or truncated:
            return total, steps, info


@pytest.mark.parametrize("seed", [0, 1])
def test_random_and_scientist_agents_finish_rounds(seed):
    env = SoloEnv("express-5")
    total, steps, info = play(env, RandomAgent(seed=seed), seed)
    assert steps == env.max_turns and total == float(env.round.scores().players[0]) == 0.0
    assert "guess" not in info
    total, steps, info = play(env, ScientistAgent(env), seed)
    assert steps <= env.max_turns and total == float(env.round.scores().players[0])
    # the scientist finds "even top card -> red, odd -> black" within the 30 turns
    assert info["guess"]["correct"], info


def test_random_sample_from_the_action_space_is_always_answered():
    env = SoloEnv("express-1")
    env.reset(seed=0)
    env.action_space.seed(0)
    for _ in range(40):
        if env.round.is_over:
            break
        _, _, _, _, info = env.step(env.action_space.sample(mask=env.action_mask()))
        assert isinstance(info, dict)
    assert np.all(env.action_mask()["card"] <= 1)


def test_refused_actions_in_a_row_truncate_the_episode():
    env = SoloEnv("express-1", max_refused=5)
    env.reset(seed=0)
    before = env.round.to_json()
    for n in range(1, 5):
        _, _, terminated, truncated, info = env.step({"card": 99, "rule": ""})
        assert not terminated and not truncated and info["refused_in_a_row"] == n
    _, reward, terminated, truncated, info = env.step("7H")
    assert truncated and not terminated and reward == 0.0 and info["refused_in_a_row"] == 5
    assert env.round.to_json() == before  # truncated, not played: the round is as it was
    # an answered action starts the count again
    env.reset(seed=0)
    for _ in range(4):
        env.step({"card": 99, "rule": ""})
    _, _, _, truncated, info = env.step({"card": 0, "rule": ""})
    assert not truncated and "refused_in_a_row" not in info
    _, _, _, truncated, info = env.step({"card": 99, "rule": ""})
    assert not truncated and info["refused_in_a_row"] == 1
    assert SoloEnv("express-1").max_refused == 20
    with pytest.raises(ValueError, match="max_refused"):
        SoloEnv("express-1", max_refused=0)


def test_human_render_prints_the_board(capsys):
    env = SoloEnv("express-1", render_mode="human")
    env.reset(seed=0)
    assert env.render() is None
    assert capsys.readouterr().out.strip() == f"turn 0/30: {env.round.mainline[0]}"
    with pytest.raises(ValueError, match="render_mode"):
        SoloEnv("express-1", render_mode="rgb_array")


def test_without_a_rule_each_reset_draws_a_library_rule():
    from eleusis_lab.envs.solo import library_rules
    from eleusis_lab.rules import as_rule

    env = SoloEnv()
    library = {as_rule(k).text for k in library_rules()}
    drawn = set()
    for seed in range(6):
        env.reset(seed=seed)
        drawn.add(env.round.rule.text)
    assert drawn <= library and len(drawn) > 1
