"""The benchmark's turns in the table session: play (with a confidence), then state a rule or play on.

Each step is an event of the session: undone, saved and resumed like every other; a refused step changes
nothing; the result is the one the benchmark's harness computes for a computer player on the same moves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from eleusis_lab.play.benchmark_protocol import benchmark_deck
from eleusis_lab.science.benchmark import benchmark_round
from eleusis_lab.session import SessionError, TableSession
from eleusis_lab.session.events import StatementSkipped


def _dealt(rule: str = "red", index: int = 1, **kw: object) -> TableSession:
    s = TableSession(**kw)  # type: ignore[arg-type]
    s.begin_benchmark(rule, index, name="Ana")
    return s


def _state(s: TableSession) -> tuple[object, ...]:
    """The session's events and its round's own log (a save's revision counter aside)."""
    return (s.events, s.round.to_json() if s.round is not None else None)


def _first(s: TableSession) -> object:
    r = s.round
    assert r is not None
    return r.hand("Ana")[0]


def test_a_turn_is_a_play_then_a_statement_or_playing_on() -> None:
    s = _dealt()
    r = s.benchmark_round
    assert r is not None and r.benchmark and s.benchmark_index == 1
    assert (s.statement_due, s.benchmark_turn, s.score_if_right_now()) == (False, 1, 30)
    with pytest.raises(SessionError, match="only right after a play"):
        s.state_rule("card is red")
    with pytest.raises(SessionError, match="Nothing to pass"):
        s.play_on()
    s.play_turn(_first(s), 80)
    assert s.statement_due and s.benchmark_turn == 1
    before = _state(s)
    with pytest.raises(SessionError, match="State a rule or play on"):
        s.play_turn(_first(s))
    with pytest.raises(SessionError, match="cannot be read"):
        s.state_rule("card is")  # costs nothing
    fresh = _dealt()
    with pytest.raises(SessionError, match="Say how sure"):
        fresh.play_turn(_first(fresh), 101)
    assert fresh.events == _dealt().events
    assert _state(s) == before
    s.state_rule("card is black")
    assert r.wrong_guesses == 1 and not s.statement_due
    assert (s.benchmark_turn, s.score_if_right_now()) == (2, 31 - 2 - 2)
    s.play_turn(_first(s))
    s.play_on()
    assert isinstance(s.events[-1], StatementSkipped) and s.benchmark_turn == 3
    run = s.benchmark_run()
    assert run is not None and [t.confidence for t in run.turn_log] == [0.8, None]
    assert run.turn_log[0].guess == "card is black" and run.turn_log[0].right is False


def test_a_refused_play_takes_its_confidence_back() -> None:
    s = _dealt()
    before = _state(s)
    with pytest.raises(SessionError):
        s.play_turn("Z9", 40)  # not a card
    r = s.round
    assert r is not None
    held = {c.design for c in r.hand("Ana")}
    absent = next(c for c in benchmark_deck() if c.design not in held)
    with pytest.raises(SessionError, match="Ana has no"):
        s.play_turn(absent, 40)  # a card of the deck, no copy of which is in the hand
    assert _state(s) == before and r.confidences() == []


def test_undo_takes_back_each_step_and_a_resume_sees_the_same_stage(tmp_path: Path) -> None:
    path = tmp_path / "bench.json"
    s = _dealt(save_path=path)
    s.play_turn(_first(s), 60)
    at_play = _state(s)
    s.play_on()
    assert not TableSession.resume(path).statement_due
    s.undo()
    assert _state(s) == at_play and s.statement_due
    assert TableSession.resume(path).statement_due
    s.state_rule("card is black")
    s.undo()  # the statement (and the hypothesis it made) go together
    assert _state(s) == at_play
    s.undo()  # the play and its confidence go together
    assert s.round is not None and s.round.turns == 0 and s.round.confidences() == []


def test_the_sessions_result_is_the_harness_result_on_the_same_moves() -> None:
    machine = benchmark_round("card is red", "scientist", 2)
    s = _dealt("red", 2)
    for turn in machine.turn_log:
        s.play_turn(turn.card)
        if turn.guess is not None:
            s.state_rule(turn.guess)
        elif s.statement_due:
            s.play_on()
    run = s.benchmark_run()
    assert run is not None and s.locked
    assert (run.solved, run.turns, run.wrong_guesses, run.raw_score, run.success) == (
        machine.solved,
        machine.turns,
        machine.wrong_guesses,
        machine.raw_score,
        machine.success,
    )


def test_the_last_turns_play_on_ends_the_round_unsolved() -> None:
    s = _dealt("rank-pairs", 0)
    while not s.locked:
        s.play_turn(_first(s))
        s.play_on()
    run = s.benchmark_run()
    assert run is not None and run.turns == 30 and not run.solved and run.raw_score == 0
    with pytest.raises(SessionError):
        s.play_on()


def test_a_bad_deal_is_refused_in_one_sentence_without_the_rule() -> None:
    s = TableSession()
    with pytest.raises(SessionError, match="does not read as a rule: check its typing") as caught:
        s.begin_benchmark("card.colour == red")
    assert "colour" not in str(caught.value)
    with pytest.raises(SessionError, match="whole number"):
        s.begin_benchmark("red", -1)
    assert s.events == () and s.round is None
