"""The solo and real-cards boards' sessions, driven without widgets: deal, act, undo, save, resume."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from eleusis_lab.cards import Card
from eleusis_lab.session import SessionError, TableSession


def fitting(s: TableSession) -> list[Card]:
    r = s.round
    assert r is not None and r.current_player is not None
    return [c for c in r.hand(r.current_player) if r.accepts(c, r.current_player)]


def snapshot(s: TableSession) -> tuple[str | None, frozenset[str], bool]:
    return (s.round.to_json() if s.round is not None else None, s.possible(), s.revealed)


def test_the_session_imports_no_widgets() -> None:
    code = (
        "import sys; import eleusis_lab.session;"
        "bad = [m for m in ('ipywidgets', 'traitlets', 'matplotlib', 'IPython') if m in sys.modules];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("players", "computers", "rule", "says"),
    [
        ([], {}, "express-1", "Type the players' names"),
        (["Ana", "Ana"], {}, "express-1", "Two players are called Ana"),
        (["Ana"], {"Bot": "nobody-knows"}, "express-1", "no computer player called"),
        (["Ana", "Ben"], {}, "card.colr == red", "The secret rule has a problem"),
    ],
)
def test_bad_set_up_is_one_line_and_deals_nothing(players, computers, rule, says) -> None:
    s = TableSession()
    with pytest.raises(SessionError) as caught:
        s.begin("express", players, rule, computers=computers, seed=1)
    assert says in str(caught.value) and "\n" not in str(caught.value)
    assert "colr" not in str(caught.value)  # the class is watching: the rule's text is never shown
    assert s.round is None and s.possible() == {"begin"}
    real = TableSession(physical=True)
    with pytest.raises(SessionError, match="real cards"):
        real.begin("express", ["Ana", "Ben"], "express-1", computers={"Bot": "careful"})


def test_buttons_come_from_legal_actions() -> None:
    s = TableSession()
    s.begin("express", ["Ana", "Ben"], "express-1", seed=3)
    assert {"play", "no-play", "reveal", "hint", "undo"} <= s.possible()  # undo of anything, the deal too
    ne = TableSession()
    ne.begin("new-eleusis", ["Ana", "Ben", "Cy"], "new-eleusis", seed=3)
    assert "play-string" in ne.possible() and "play" not in ne.possible() and ne.string_limit() == 4
    real = TableSession(physical=True)
    real.begin("gardner", ["Ana", "Ben", "Cy"], "gardner-2", seed=3)
    assert "starter" in real.possible() and "play" not in real.possible() and "finish" not in real.possible()
    real.play("7H")  # the starter
    assert "play" in real.possible() and "end-half" in real.possible() and "finish" in real.possible()
    assert "starter" not in real.possible()


def test_a_refused_action_changes_nothing() -> None:
    s = TableSession()
    s.begin("express", ["Ana", "Ben"], "express-1", seed=3)
    s.play([fitting(s)[0]])
    before = snapshot(s)
    r = s.round
    assert r is not None
    stranger = next(c for c in r.deck() if c not in r.hand(r.current_player or ""))
    for attempt in (
        lambda: s.play([stranger]),
        lambda: s.play(["not a card"]),
        lambda: s.play([]),
        lambda: s.guess("Ana", "card.colr == red"),
        lambda: s.guess("Nobody", "card is red"),
        lambda: s.overrule(True),
        lambda: s.declare_prophet("Ana"),
        lambda: s.give_hint("odd ranks"),  # play has begun: the players must agree
        lambda: s.finish([1, 2]),
    ):
        with pytest.raises(SessionError):
            attempt()
        assert snapshot(s) == before
    real = TableSession(physical=True)
    real.begin("express", ["Ana", "Ben"], "express-1", seed=3)
    real.play("5H")
    with pytest.raises(SessionError, match="hand shown"):
        real.no_play("")


def test_undo_takes_back_a_play_and_the_computers_replies() -> None:
    s = TableSession()
    s.begin("express", ["You"], "express-2", seed=4, computers={"Careful": "careful", "Rnd": "random"})
    start = s.round.to_json() if s.round else None
    s.play([s.round.hand("You")[0]] if s.round else [])
    assert s.round is not None and s.round.current_player == "You"  # the computers have replied
    assert s.round.steps > 1
    s.undo()
    assert s.round.to_json() == start
    s.undo()  # the deal: back to the set-up
    assert s.round is None and "undo" not in s.possible()
    with pytest.raises(SessionError, match="nothing to undo"):
        s.undo()


def test_reveal_locks_the_round_and_totals_follow_the_rounds() -> None:
    s = TableSession()
    s.begin("letters", ["Ana", "Ben"], "letters-cycle", seed=2)
    s.reveal()
    assert s.locked and s.phase == "revealed" and "play" not in s.possible()
    with pytest.raises(SessionError):
        s.play([s.round.hand(s.round.current_player)[0]] if s.round and s.round.current_player else [])
    s.next_round()  # the reveal ends the round on every board: its scores as they stand count
    assert s.rounds_counted() == 1 and s.phase == "setup"
    real = TableSession(physical=True)
    real.begin("express", ["Ana", "Ben"], "express-1", seed=1)
    real.play("5H")
    real.finish([3, 9])
    assert real.round is not None and real.round.is_over and "next-round" in real.possible()
    first = real.totals()
    real.next_round()
    real.begin("express", ["Ana", "Ben"], "express-1", seed=2)
    real.play("5H")
    real.finish([0, 0])
    assert real.rounds_counted() == 2
    assert real.totals()["Ana"] == first["Ana"] + real.round.scores().players[0]


def test_solo_predictions_journal_undo_save_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    s = TableSession(path, predicting=True, kind="solo")
    s.begin("express", ["You"], "express-1", seed=2, computers={"Careful": "careful"})
    card = s.round.hand("You")[0] if s.round else None
    with pytest.raises(SessionError, match="First predict"):
        s.play([card])
    assert "predict" in s.possible() and s.journal == []
    for guess in (True, False, True):
        s.predict(guess)
        s.play([fitting(s)[0] if guess else s.round.hand("You")[0]] if s.round else [])
    assert [e.predicted for e in s.journal] == [True, False, True]
    assert s.judged is s.journal[-1] and s.prediction is None
    back = TableSession.resume(path)
    assert back.round is not None and s.round is not None and back.round.to_json() == s.round.to_json()
    assert [(e.cards, e.predicted, e.accepted) for e in back.journal] == [
        (e.cards, e.predicted, e.accepted) for e in s.journal
    ]
    assert back.computer_specs == {"Careful": "careful"}
    back.undo()  # undo works across the restart: the last play and its journal line go
    assert len(back.journal) == 2 and back.round.steps < s.round.steps
    assert back.accuracy() == [e.right / 1 for e in back.journal[:1]] + [
        (back.journal[0].right + back.journal[1].right) / 2
    ]


def test_a_damaged_save_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    s = TableSession(path)
    s.begin("express", ["Ana", "Ben"], "express-1", seed=1)
    s.play([fitting(s)[0]])
    path.write_text(path.read_text(encoding="utf-8").replace('"steps_after": ', '"steps_after": 9999'))
    with pytest.raises(SessionError, match="damaged"):
        TableSession.resume(path)
    with pytest.raises(SessionError, match="Cannot read"):
        TableSession.resume(tmp_path / "missing.json")
