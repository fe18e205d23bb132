"""People's benchmark rounds as a row of the benchmark's table: checked against rounds computed by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eleusis_lab.cli import main
from eleusis_lab.play import new_round
from eleusis_lab.play.actions import DeclineGuess
from eleusis_lab.play.benchmark_protocol import round_seed
from eleusis_lab.rules import Rule
from eleusis_lab.science.benchmark import PUBLISHED
from eleusis_lab.science.human_baseline import (
    baseline_row,
    load_rounds,
    read_rounds_file,
    rounds_file,
)
from eleusis_lab.science.solo_runs import SoloRun, run_solo

RED, EVEN = "card is red", "card is even"
NOT_RED, ODD = "card is black", "card is odd"


def _played(rule: str, index: int, said: dict[int, str]) -> SoloRun:
    """Round ``index`` of ``rule`` under the benchmark's protocol: the first card of the hand each turn,
    and the statement ``said[t]`` right after turn t's play (none on the other turns)."""
    text = Rule.parse(rule).text
    r = new_round("solo", ["Ana"], text, seed=round_seed(text, index), protocol="benchmark")
    while not r.is_over:
        r.play("Ana", r.hand("Ana")[0])
        if r.turns in said:
            r.guess("Ana", said[r.turns])
        elif r.turns_left == 0:
            r.apply(DeclineGuess("Ana"))
    return SoloRun.of_round(r, "Ana", index)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def four_rounds() -> list[SoloRun]:
    return [
        # A: right on turn 1, no wrong statement: 31 - 1 = 30; a success.
        _played(RED, 0, {1: RED}),
        # B: three wrong statements, never solved: raw -6, floored 0; cut-off turn 24 (2 x 3 >= 30 - 24).
        _played(RED, 1, {1: NOT_RED, 2: NOT_RED, 3: NOT_RED}),
        # C: one wrong on turn 4, right on turn 5: 31 - 5 - 2 = 24; a success.
        _played(EVEN, 0, {4: ODD, 5: EVEN}),
        # D: wrong on turns 1-14, right on 15: raw 31 - 15 - 28 = -12, floored 0; solved after the cut-off
        # turn 10 (2 x 10 >= 30 - 10), so no success, and 10 wrong statements are counted, not 14.
        _played(EVEN, 1, {**dict.fromkeys(range(1, 15), ODD), 15: EVEN}),
    ]


def test_each_round_is_what_was_computed_by_hand(four_rounds: list[SoloRun]) -> None:
    b, d = four_rounds[1], four_rounds[3]
    measured = [(r.solved, r.success, r.turns, r.raw_score, r.score, r.counted_wrong) for r in four_rounds]
    assert measured == [
        (True, True, 1, 30, 30, 0),
        (False, False, 30, -6, 0, 3),
        (True, True, 5, 24, 24, 1),
        (True, False, 15, -12, 0, 10),
    ]
    assert (b.wrong_guesses, d.wrong_guesses) == (3, 14)


def test_the_row_of_four_rounds_is_the_hand_computed_row(four_rounds: list[SoloRun]) -> None:
    row = baseline_row(four_rounds, "Ana")
    assert (row.rounds, row.rules) == (4, 2)
    assert row.solved == 2 / 4  # A and C: D was solved, but after the analysis's cut-off turn
    assert row.mean_score == (30 + 0 + 24 + 0) / 4
    assert row.wrong_guesses == (0 + 3 + 1 + 10) / 4
    assert row.raw_mean == (30 - 6 + 24 - 12) / 4
    assert row.sentence() == (
        "Ana (4 rounds of 2 rules): solved 50%, mean floored score 13.5, 3.50 wrong guesses a round, "
        "raw mean 9.0."
    )
    one = baseline_row(four_rounds[:1], "Ana")
    assert (one.solved, one.mean_score, one.wrong_guesses, one.raw_mean) == (1.0, 30.0, 0.0, 30.0)


def test_no_rounds_give_an_empty_row_that_says_so() -> None:
    row = baseline_row([], "our class")
    assert row.rounds == 0 and row.to_dict()["mean_score"] is None
    assert row.sentence() == "our class: no benchmark rounds played yet, so the row is empty."


def test_a_round_of_the_kits_own_solo_game_is_refused() -> None:
    kit = run_solo(RED, "random", seed=1, max_turns=3)
    with pytest.raises(ValueError, match="not a benchmark round"):
        baseline_row([kit], "Ana")


def test_an_exported_file_replays_to_the_same_row(four_rounds: list[SoloRun], tmp_path: Path) -> None:
    text = rounds_file(four_rounds, "Ana")
    player, again = read_rounds_file(text)
    assert player == "Ana" and baseline_row(again, "Ana") == baseline_row(four_rounds, "Ana")
    assert [r.index for r in again] == [0, 1, 0, 1]
    (tmp_path / "ana.json").write_text(text, encoding="utf-8")
    (tmp_path / "ben.json").write_text(rounds_file(four_rounds[2:3], "Ben"), encoding="utf-8")
    rows = load_rounds([tmp_path / "ana.json", tmp_path / "ben.json"])
    assert {name: len(runs) for name, runs in rows.items()} == {"Ana": 4, "Ben": 1}
    assert {name: len(runs) for name, runs in load_rounds([tmp_path]).items()} == {"Ana": 4, "Ben": 1}


def test_a_hand_edited_file_is_refused_with_one_sentence(four_rounds: list[SoloRun]) -> None:
    data = json.loads(rounds_file(four_rounds[1:2], "Ana"))
    log = data["rounds"][0]["log"]
    # Turn a wrong statement into a right one: the replay re-judges it and refuses the file.
    guessed = next(e for e in log["events"] if e.get("type") == "guessed")
    guessed["correct"] = True
    with pytest.raises(ValueError, match=r"round 1 of ana\.json does not replay"):
        read_rounds_file(json.dumps(data), "ana.json")
    data = json.loads(rounds_file(four_rounds[1:2], "Ana"))
    data["rounds"][0]["index"] = 2  # another round's deck
    with pytest.raises(ValueError, match="not dealt from the benchmark's deck of its round 2"):
        read_rounds_file(json.dumps(data), "ana.json")
    with pytest.raises(ValueError, match="not an exported rounds file"):
        read_rounds_file("{}", "x.json")


def test_the_command_prints_each_row_beside_the_published_table(
    four_rounds: list[SoloRun], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "ana.json").write_text(rounds_file(four_rounds, "Ana"), encoding="utf-8")
    (tmp_path / "ben.json").write_text(rounds_file(four_rounds[:1], "Ben"), encoding="utf-8")
    assert main(["bench", "--human", str(tmp_path / "ana.json"), str(tmp_path / "ben.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    ana = next(line for line in out if line.startswith("Ana "))
    assert ana.split() == ["Ana", "50.0%", "13.50", "3.50", "9.00", "4"]
    both = next(line for line in out if line.startswith("all 2 players"))
    assert both.split()[3:] == ["60.0%", "16.80", "2.80", "13.20", "5"]  # (30+0+24+0+30)/5 …
    assert all(any(line.startswith(p.model[:34]) for line in out) for p in PUBLISHED)
    ranked = [float(line.split()[-4]) for line in out[1:] if line.startswith(("Ana ", "all ", "Ben "))]
    assert ranked == sorted(ranked, reverse=True)
    (tmp_path / "bad.json").write_text("not json", encoding="utf-8")
    assert main(["bench", "--human", str(tmp_path / "bad.json")]) == 2
    assert "bad.json is not an exported rounds file" in capsys.readouterr().err
