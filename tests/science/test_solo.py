"""The solo protocol's rules and scoring, and the scientist on a couple of easy rules."""

from __future__ import annotations

import pytest

from eleusis_lab.cards import Card
from eleusis_lab.play import GameError, SoloRound, load_round, new_round
from eleusis_lab.play import actions as act
from eleusis_lab.play.players import ComputerPlayer
from eleusis_lab.rules import Rule
from eleusis_lab.science import ScientistPlayer, solo_round


class Scripted(ComputerPlayer):
    """Plays its first card; guesses from a script keyed by turn."""

    name = "scripted"

    def __init__(self, guesses: dict[int, str]) -> None:
        self.guesses = guesses
        self.hand_sizes: list[int] = []
        self.told: list[str] = []

    def choose_play(self, table: SoloRound, name: str) -> list[Card]:
        self.hand_sizes.append(len(table.hand(name)))
        return [table.hand(name)[0]]

    def choose_guess(self, table: SoloRound, name: str) -> str | None:
        return self.guesses.get(table.turns)

    def guess_was_wrong(self, text: str, round: object = None) -> None:
        self.told.append(text)


def test_correct_guess_scores_30_minus_turns_minus_penalties() -> None:
    player = Scripted({2: "card is red", 3: "card.suit == prev.suit", 5: "card.color == prev.color"})
    result = solo_round("card.color == prev.color", player, seed=4)
    assert result.solved and result.turns == 5 and result.wrong_guesses == 2
    assert result.score == 30 - 5 - 2 * 2
    assert player.told == ["card is red", "card.suit == prev.suit"]
    assert [g[0] for g in result.guesses] == [2, 3, 5]
    assert result.to_dict() == {
        "seed": 4,
        "solved": True,
        "turns": 5,
        "wrong_guesses": 2,
        "score": 21,
        "guess": "card.color == prev.color",
        "rule": "card.color == prev.color",
        "player": "scripted",
    }


def test_equivalent_guess_counts_as_correct_and_options_apply() -> None:
    # same_rule judges the guess: a differently written but equivalent rule wins
    result = solo_round(
        "if prev is even then card is odd else card is even",
        Scripted({1: "card.rank % 2 != prev.rank % 2"}),
        seed=0,
        max_turns=20,
        penalty=3,
    )
    assert result.solved and result.score == 20 - 1


def test_unsolved_round_scores_zero_after_max_turns() -> None:
    player = Scripted({1: "card is red", 7: "this is not a rule"})
    result = solo_round("card.suit == prev.suit", player, seed=1, max_turns=8, hand_size=5)
    assert not result.solved and result.score == 0
    assert result.turns == 8 and result.wrong_guesses == 2  # unparseable text is a wrong guess
    assert player.hand_sizes == [5] * 8  # refilled after every play


def test_starter_is_drawn_until_the_rule_accepts_it() -> None:
    rule = Rule.parse("if position == 1 then card.rank == 1 else card.rank >= prev.rank")
    result = solo_round(rule, Scripted({}), seed=3, max_turns=2)
    starters = [o for o in result.evidence if o.kind == "starter"]
    assert starters[-1].accepted and starters[-1].cards[0].rank == 1
    assert all(not o.accepted and o.mainline == () for o in starters[:-1])
    assert len(starters) > 1
    plays = [o for o in result.evidence if o.kind == "play"]
    assert len(plays) == 2 and plays[0].mainline == (starters[-1].cards[0],)


def test_same_seed_same_round_and_bad_options() -> None:
    a = solo_round("card.color != prev.color", "random", seed=9, max_turns=6)
    b = solo_round("card.color != prev.color", "random", seed=9, max_turns=6)
    assert a == b
    with pytest.raises(ValueError):
        solo_round("card.color != prev.color", Scripted({}), max_turns=0)
    with pytest.raises(ValueError, match="player"):
        solo_round("if len(player.name) is odd then card is red else card is black", Scripted({}))


@pytest.mark.parametrize(
    "rule", ["card.color != prev.color", "card.suit == prev.suit or card.rank == prev.rank"]
)
def test_scientist_solves_easy_rules(rule: str) -> None:
    result = solo_round(rule, ScientistPlayer(seed=0), seed=0)
    assert result.solved, result.guesses
    assert result.score >= 10
    # it narrowed the space with every observation
    assert result.remaining[0] > result.remaining[-1]


def test_cli_solo_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from eleusis_lab.cli import main

    assert main(["solo", "--rule", "card.color != prev.color", "--seed", "5", "--rounds", "2", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["seed"] for d in lines] == [5, 6]
    assert all({"seed", "solved", "turns", "wrong_guesses", "score", "guess"} <= set(d) for d in lines)
    assert main(["solo", "--rule", "card.colr == red"]) == 2
    assert "did you mean" in capsys.readouterr().err


def test_solo_is_a_variant_with_undo_save_and_its_own_legal_actions() -> None:
    r = new_round("solo", ["Ana"], "card.color != prev.color", seed=2, max_turns=3)
    assert isinstance(r, SoloRound) and r.turns_left == 3
    assert {type(a) for a in r.legal_actions("Ana")} == {act.Play, act.StateConfidence}
    assert r.legal_actions() == []  # the computer dealer gives no hints in the protocol
    hand = r.hand("Ana")
    r.play("Ana", hand[0])
    assert len(r.hand("Ana")) == 12 and r.hand("Ana")[:11] == hand[1:]  # refilled at the end
    assert any(isinstance(a, act.Guess) for a in r.legal_actions("Ana"))
    wrong = r.guess("Ana", "card is red")
    assert not wrong.correct and not any(isinstance(a, act.Guess) for a in r.legal_actions("Ana"))
    assert load_round(r.to_json()).to_json() == r.to_json()
    r.undo()
    assert r.wrong_guesses == 0 and any(isinstance(a, act.Guess) for a in r.legal_actions("Ana"))
    r.play("Ana", r.hand("Ana")[0])
    r.play("Ana", r.hand("Ana")[0])
    assert r.turns_left == 0 and not any(isinstance(a, act.Play) for a in r.legal_actions("Ana"))
    before = r.to_json()
    with pytest.raises(GameError, match="All 3 turns have been played"):
        r.play("Ana", r.hand("Ana")[0])
    assert r.to_json() == before
    r.apply(act.DeclineGuess("Ana"))
    assert r.is_over and r.end is not None and r.end.reason == "turns" and r.scores().players == [0]
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_solo_takes_one_player_and_no_player_rules() -> None:
    with pytest.raises(GameError, match="one player"):
        new_round("solo", ["Ana", "Ben"], "card is red")
    with pytest.raises(GameError, match="player"):
        new_round("solo", ["Ana"], "if len(player.name) is odd then card is red else card is black")


def test_one_loop_and_one_result_under_either_protocol() -> None:
    from eleusis_lab.science.benchmark import benchmark_round
    from eleusis_lab.science.solo_runs import SoloRun, run_solo

    kit = run_solo("card.color != prev.color", "random", seed=9, max_turns=6)
    bench = run_solo("card.color != prev.color", "random", "benchmark", index=1, max_turns=6)
    assert type(kit) is type(bench) is SoloRun
    assert (kit.protocol, bench.protocol) == ("kit", "benchmark") and bench.round is not None
    assert bench.round.benchmark and not kit.round.benchmark  # type: ignore[union-attr]
    assert bench == benchmark_round("card.color != prev.color", "random", 1, max_turns=6)
    assert kit.to_dict()["seed"] == 9 and bench.to_dict()["round"] == 1
    assert kit.plays == tuple((t.card, t.accepted) for t in kit.turn_log) and len(kit.plays) == 6
    with pytest.raises(ValueError, match="index"):
        run_solo("card is red", "random", "benchmark", seed=3)
