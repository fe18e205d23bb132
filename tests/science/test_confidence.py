"""Stated confidence: when guessing pays, one statement per play, statements judged."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from eleusis_lab.science.confidence import (
    Statement,
    guess_gain,
    guess_pays_above,
    judged,
    last_before_plays,
    statements,
)


def test_guessing_pays_above_two_thirds_under_the_solo_score() -> None:
    assert guess_pays_above() == pytest.approx(2 / 3)
    assert guess_gain(2 / 3) == pytest.approx(0)
    assert guess_gain(0.8) > 0 > guess_gain(0.5)
    # Solo score 30 - N - 2W: guess right now S, wrong now then right next turn S - 3, wait then right S - 1.
    score = 20
    for p in (0.5, 0.7, 0.9):
        now = p * score + (1 - p) * (score - 3)
        assert (now > score - 1) == (p > guess_pays_above())
    assert guess_pays_above(penalty=0) == 0
    with pytest.raises(ValueError):
        guess_gain(1.5)


def _play(player: str, index: int) -> SimpleNamespace:
    return SimpleNamespace(kind="play", player=player, event_index=index)


def test_one_statement_counts_per_play_the_last_before_it() -> None:
    said = statements(
        [("Ana", 40, None, 1), ("Ana", 60, "card is red", 2), ("Ben", 90, None, 3), ("Ana", 80, "x", 6)]
    )
    evidence = [_play("Ana", 4), _play("Ana", 5), _play("Ben", 5), _play("Ana", 7)]
    kept = last_before_plays(evidence, said, "Ana")
    assert [s.confidence for s in kept] == [0.6, 0.8], "the stale 60 % counts once, before play 4"


def test_statements_are_judged_once_per_rule_and_no_rule_is_wrong() -> None:
    asked: list[str] = []

    def is_right(text: str) -> bool:
        asked.append(text)
        return text == "card is red"

    said = [
        Statement("Ana", 0.5, "card is red", 1),
        Statement("Ana", 0.9, "card is red", 3),
        Statement("Ana", 0.2, None, 5),
    ]
    assert judged(said, is_right) == [(0.5, True), (0.9, True), (0.2, False)]
    assert asked == ["card is red"]
