"""The command line: ``eleusis-lab check``, ``rules`` and ``lab`` (called through ``main``)."""

from __future__ import annotations

import json

import pytest

from eleusis_lab import cli
from eleusis_lab.rules import library


def test_check_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "card.colour != prev.colour  # alternate"]) == 2  # `colour` is not a name
    err = capsys.readouterr().err
    assert "color" in err and err.count("\n") == 1

    assert cli.main(["check", "card.color!=prev.color"]) == 0
    out = capsys.readouterr().out
    assert "Parsed: yes." in out
    assert "In words: Alternate red and black cards." in out  # the library's own sentence (Express 1)
    assert "Rule (canonical text): card.color != prev.color" in out
    assert "typically 26" in out and "of 52" in out
    assert "Dead ends: none" in out
    assert "Never playable after the starter: none." in out
    assert "Gardner [000]" in out and "Eleusis Express [004]" in out
    assert "Acceptable for play." in out
    assert "Estimated difficulty" in out
    assert "hint the dealer may give [000]: It concerns the top card; it is about colours." in out


def test_check_says_any_rule_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    # A letter-deck rule: no solo rounds are simulated for its difficulty, so this stays fast.
    assert cli.main(["check", "card.shape == circle and card.ink != blue", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["english"] == "Play a card that is a circle and does not have blue ink."


def test_check_flags_gardner_7_by_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "gardner-7"]) == 0
    out = capsys.readouterr().out
    assert "Library rule gardner-7." in out
    assert "card.rank == prev.rank + 1" in out
    assert "A♠ A♥ A♦ A♣" in out and "Not acceptable for play" in out


def test_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "card.rank > prev.rank", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule"] == "card.rank > prev.rank"
    assert data["can_dead_end"] is True and data["acceptable"] is False
    assert sorted(data["never_playable"]) == sorted(["A♠", "A♥", "A♦", "A♣"])
    assert data["method"] == "exhaustive" and data["library_key"] is None
    assert "estimated_difficulty" in data
    assert data["hint"] == "It concerns the top card; it is about ranks."


def test_check_decks_and_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "letters-cycle", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["faces"] == 61
    assert cli.main(["check", "card.color != prev.color", "--deck", "double", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deck_size"] == 104
    assert cli.main(["check", "gardner-6", "--players", "Ann, Anna", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["Ann", "Anna"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["check", "card.suit = prev.suit"], "=="),
        (["check", "card.ink == prev.ink", "--deck", "standard"], "letters deck"),
        (["check", "(card.rank"], "line 1"),
        (["check", "gardner-99"], "did you mean gardner-"),
    ],
)
def test_check_errors_are_one_sentence_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("eleusis-lab check: error: ") and words in captured.err
    assert captured.err.count("\n") == 1


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check"]) == 2
    assert cli.main(["check", "x", "--deck", "tarot"]) == 2
    assert cli.main(["no-such-command"]) == 2
    assert "usage" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["check", "--help"],
        ["rules", "--help"],
        ["lab", "--help"],
        ["lessons", "--help"],
        ["prepare", "--help"],
    ],
)
def test_help_everywhere(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 0
    assert "usage: eleusis-lab" in capsys.readouterr().out


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 0
    assert "check" in capsys.readouterr().out


def test_rules_lists_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(library.ENTRIES)
    assert lines[0].startswith("gardner-1")
    assert any(line.startswith("gardner-7") and "unacceptable" in line for line in lines)

    assert cli.main(["rules", "--deck", "letters", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows and all(r["deck"] == "letters" for r in rows)
    assert "letters-cycle" in [r["key"] for r in rows]

    assert cli.main(["rules", "--difficulty", "easy", "--text"]) == 0
    out = capsys.readouterr().out
    assert "card.color != prev.color" in out and "hard " not in out
