"""The language-model benchmark's protocol (the solo variant's ``protocol="benchmark"``): deck, seeds, score,
success, judge, and the round's refusals."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from eleusis_lab.cards import Card, Suit
from eleusis_lab.cli import main
from eleusis_lab.play import GameError, SoloRound, load_round, new_round
from eleusis_lab.play.benchmark_protocol import (
    benchmark_deck,
    counting_success,
    cutoff_turn,
    round_seed,
    score,
    shuffled_deck,
    simulation_judge,
)
from eleusis_lab.rules import Rule
from eleusis_lab.science.bench import calibration_pairs, rule_set
from eleusis_lab.science.benchmark import RULES, benchmark_round


def test_the_26_rules_parse_to_themselves() -> None:
    assert len(RULES) == 26 and len({r.key for r in RULES}) == 26
    for r in RULES:
        assert Rule.parse(r.text).text == r.text


def test_deck_order_and_shuffle_as_the_benchmark_builds_them() -> None:
    deck = benchmark_deck()
    assert len(deck) == 104
    assert (
        [str(c) for c in deck[:3]] == ["A♥", "2♥", "3♥"] and str(deck[13]) == "A♦" and str(deck[51]) == "K♠"
    )
    assert deck[52].design == deck[0] and deck[52] != deck[0]
    expected = benchmark_deck()
    random.Random(7).shuffle(expected)
    assert shuffled_deck(7) == expected


def test_round_seed_formula() -> None:
    code = "return card.rank % 2 == 0"
    h = int(hashlib.md5(code.encode()).hexdigest(), 16) & 0xFFFFFFFF
    assert round_seed(code, 2) == (42 + h + 2) & 0xFFFFFFFF


def test_score_follows_the_code_not_the_prose() -> None:
    assert score(True, turn=1, wrong=0) == 30  # 31 - N
    assert score(True, turn=30, wrong=0) == 1
    assert score(False, turn=30, wrong=2) == -4  # unsolved: -2 x wrong, floored only in the mean


def test_success_stops_counting_at_the_cut_off_turn() -> None:
    # wrong guesses before each turn: 2 x 14 >= 30 - 2 on turn 2
    assert cutoff_turn([0, 14, 14]) == 2
    assert not counting_success(3, [0, 14, 14])
    assert counting_success(10, [0] * 10)
    assert not counting_success(None, [0] * 30)


def _benchmark(rule: str, index: int) -> SoloRound:
    r = new_round("solo", ["Ana"], rule, seed=SoloRound.benchmark_seed(rule, index), protocol="benchmark")
    assert isinstance(r, SoloRound)
    return r


def test_hand_first_then_starter_and_rejected_starters_are_not_shown() -> None:
    secret = Rule.parse("card.rank == ace")
    r = _benchmark(secret.text, 0)
    deck = shuffled_deck(r.seed)
    assert r.hand("Ana") == deck[:12]
    starter = next(c for c in deck[12:] if secret.accepts(c, []))
    assert r.mainline == [starter]
    assert [o.accepted for o in r.evidence()] == [True]
    rejected = deck[12 : deck.index(starter, 12)]
    assert rejected and r.all_cards()["discards"] == rejected and r.stock_size == 104 - 13 - len(rejected)
    assert load_round(r.to_json()).to_json() == r.to_json()


def test_the_protocol_is_a_described_option_of_the_solo_variant() -> None:
    option = {o.name: o for o in SoloRound.OPTIONS}["protocol"]
    assert option.default == "kit" and option.choices == ("kit", "benchmark")
    with pytest.raises(GameError, match="standard deck"):
        new_round("solo", ["Ana"], "letters-cycle", seed=1, protocol="benchmark")
    with pytest.raises(GameError, match="protocol"):
        new_round("solo", ["Ana"], "card is red", seed=1, protocol="llm")
    kit, bench = new_round("solo", ["Ana"], "card is red", seed=5), _benchmark("card is red", 0)
    assert kit.judge == "strict" and kit.judged_from_start and bench.judge == "benchmark"
    assert not bench.judged_from_start


def test_score_success_and_wrong_guesses_come_from_the_rounds_log() -> None:
    r = _benchmark("card is red", 2)
    r.play("Ana", r.hand("Ana")[0])
    assert not r.guess("Ana", "card is black").correct
    r.play("Ana", r.hand("Ana")[0])
    r.play("Ana", r.hand("Ana")[0])
    assert r.wrong_after() == [1, 1, 1]
    assert r.guess("Ana", "card is red").correct and r.is_over
    assert r.raw_score() == score(True, turn=3, wrong=1) == 26 and r.scores().players == [26]
    assert r.success() and r.scores_from_log().players == [26]


def test_refused_actions_change_nothing() -> None:
    r = _benchmark("card is red", 1)
    before = r.to_json()
    outside = next(c for c in benchmark_deck() if c.design not in {h.design for h in r.hand("Ana")})
    with pytest.raises(GameError):
        r.play("Ana", outside)
    with pytest.raises(GameError):
        r.guess("Ana", "card is red")  # only right after a play
    assert r.to_json() == before
    r.play("Ana", r.hand("Ana")[0])
    after = r.to_json()
    with pytest.raises(GameError):
        r.guess("Ana", "   ")
    with pytest.raises(GameError):
        r.play("Ana", [r.hand("Ana")[0], r.hand("Ana")[1]])  # one card a turn
    assert r.wrong_guesses == 0 and r.to_json() == after


def test_the_benchmark_round_passes_the_conformance_checks() -> None:
    from eleusis_lab.testing import check_round_conformance

    for key, index in (("aces", 0), ("rank-pairs", 1)):
        text = {b.key: b.text for b in RULES}[key]
        seed = SoloRound.benchmark_seed(text, index)
        assert check_round_conformance("solo", text, seed, protocol="benchmark", reload_points=None) == []


def test_the_benchmark_judge_looks_onward_from_the_line_only() -> None:
    secret = Rule.parse("if position == 1 then card.rank == ace else card.rank >= prev.rank")
    guess = Rule.parse("card.rank >= prev.rank")
    line = [Card(rank=1, suit=Suit.HEARTS)]
    assert simulation_judge(guess, secret, line)
    assert not simulation_judge(Rule.parse("card.rank > prev.rank"), secret, line)
    from eleusis_lab.rules.checks import same_rule

    assert not same_rule(guess, secret)  # the strict judge looks at the starter too


def test_scientist_round_reports_confidence_every_turn_and_never_repeats_a_refuted_guess() -> None:
    result = benchmark_round("card.color != prev.color", "scientist", 0, calibrate=True)
    assert result.solved and result.turns <= 15
    assert all(t.confidence is not None and 0 <= t.confidence <= 1 for t in result.turn_log)
    guesses = [t.guess for t in result.turn_log if t.guess]
    assert len(guesses) == len(set(guesses))
    pairs = calibration_pairs([result])
    assert len(pairs) == result.turns and pairs[-1][1] is True


def test_cli_solo_benchmark_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solo", "--protocol", "benchmark", "--rule", "card is red", "--json"]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line["protocol"] == "benchmark" and line["solved"] and line["round"] == 0
    assert line["score"] == 31 - line["turns"] - 2 * line["wrong_guesses"]
    assert len(line["confidence"]) == line["turns"]


def test_bench_reads_a_rule_file(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "rules.txt"
    path.write_text("# two rules\nred: card is red\ncard.suit != prev.suit\n", encoding="utf-8")
    assert [r.key for r in rule_set(str(path))] == ["red", "line-3"]
    assert main(["bench", "--rules", str(path), "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "overall" in out and "GPT 5.2 High" in out and "source:" in out
    with pytest.raises(ValueError):
        rule_set(str(tmp_path / "missing.txt"))
