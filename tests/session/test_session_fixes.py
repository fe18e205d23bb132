"""What the two old sessions got wrong, on the one table session: each test failed on main at fed187d.

- the class board offered "Players may buy hints" but its session could not buy one;
- after a computer seat played first the class board showed the engine's "(consented=True)" wording;
- listing the saved sessions loaded ipywidgets;
- matches ignored the variant's ``MatchRules`` (Gardner: everyone deals twice; New Eleusis: a bonus for
  each player who never dealt when the match stops early).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from eleusis_lab.play.variant import find_variant
from eleusis_lab.session import SessionError, TableSession

BLOCK_WIDGETS = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in ('ipywidgets', 'traitlets', 'matplotlib', 'IPython'):\n"
    "            raise ImportError('blocked: ' + name)\n"
    "sys.meta_path.insert(0, Block())\n"
)


def _run_blocked(code: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCK_WIDGETS + code],
        capture_output=True,
        text=True,
        env={"ELEUSIS_LAB_SAVES": str(tmp_path), "PATH": "", "PYTHONPATH": ":".join(sys.path)},
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_class_session_buys_a_hint_when_the_round_offers_it() -> None:
    s = TableSession()
    s.begin("express", ["Ana", "Ben", "Cy"], "express-1", seed=3, options={"buy_hints": True})
    assert "buy-hint" in s.possible()
    r = s.round
    assert r is not None
    who = r.current_player
    assert who is not None
    before = len(r.hand(who))
    s.buy_hint("think of colours")
    assert len(r.hand(who)) == before + 1 and r.hints == ["think of colours"]
    assert "bought a hint" in s.notice.text and s.events[-1].type == "action"
    s.undo()
    assert len(r.hand(who)) == before and r.hints == []


def test_after_a_computer_played_first_a_hint_asks_for_consent_in_words() -> None:
    s = TableSession()
    s.begin("express", ["Ana", "Ben"], "express-1", seed=2, computers={"Robo": "careful"})
    r = s.round
    assert r is not None and r.steps == 1 and s.plays == 0  # Robo has played, no person yet
    before = s.to_json()
    with pytest.raises(SessionError) as caught:
        s.give_hint("think of colours")
    assert str(caught.value) == "Play has begun: a hint needs the players' consent."
    assert "consented" not in str(caught.value) and s.to_json() == before
    s.give_hint("think of colours", players_agree=True)
    assert r.hints == ["think of colours"]


def test_the_session_layer_runs_with_widgets_blocked(tmp_path: Path) -> None:
    _run_blocked(
        "from eleusis_lab.session import TableSession, saved_sessions\n"
        "from eleusis_lab.session.saves import new_session_path\n"
        "s = TableSession(new_session_path(), predicting=True, kind='class')\n"
        "s.begin('express', ['Ana', 'Ben', 'Cy'], 'express-1', seed=1)\n"
        "s.predict(True); s.play([s.round.hand(s.round.current_player)[0]])\n"
        "s.add_hypothesis('Ben', 'card is red'); s.narrowing(); s.reveal(); s.scores(); s.next_round()\n"
        "assert [x.plays for x in saved_sessions()] == [0], saved_sessions()\n",
        tmp_path,
    )


def test_saved_sessions_lists_without_ipywidgets(tmp_path: Path) -> None:
    s = TableSession(tmp_path / "class-session-20261203-090000-01.json")
    s.begin("gardner", ["Ana", "Ben", "Cy"], "gardner-1", seed=1)
    _run_blocked(
        "from eleusis_lab.session import saved_sessions\n"
        "listed = saved_sessions()\n"
        "assert [x.variant for x in listed] == ['gardner'], listed\n",
        tmp_path,
    )


def _deal_and_close(s: TableSession, names: list[str]) -> str:
    dealer = s.next_dealer(names) or names[0]
    s.begin(s.match.variant if s.match else "gardner", names, None, seed=len(s.events), dealer=dealer)
    s.reveal()
    s.next_round()
    return dealer


def test_a_gardner_class_match_deals_twice_each_then_ends() -> None:
    names = ["Ana", "Ben", "Cy"]
    assert find_variant("gardner").match.deals_each == 2
    s = TableSession()
    s.begin("gardner", names, None, seed=1, dealer="Ana")
    s.reveal()
    s.next_round()
    dealers = ["Ana"] + [_deal_and_close(s, names) for _ in range(5)]
    assert dealers == ["Ana", "Ben", "Cy", "Ana", "Ben", "Cy"]
    assert s.match is not None and s.match.is_over and s.next_dealer(names) is None
    assert "stop-match" not in s.possible()


def test_a_new_eleusis_match_stopped_early_pays_the_bonus_to_who_never_dealt(tmp_path: Path) -> None:
    names = ["Ana", "Ben", "Cy", "Dee"]
    bonus = find_variant("new-eleusis").match.early_stop_bonus
    assert bonus > 0
    s = TableSession(tmp_path / "match.json")
    s.begin("new-eleusis", names, None, seed=2, dealer="Ana")
    s.reveal()
    s.next_round()
    assert s.next_dealer(names) == "Ben"
    before = s.totals()
    s.stop_match()
    after = s.totals()
    assert {n: after[n] - before.get(n, 0) for n in names} == {
        "Ana": 0,
        "Ben": bonus,
        "Cy": bonus,
        "Dee": bonus,
    }
    assert s.next_dealer(names) is None and "stop-match" not in s.possible()
    assert TableSession.resume(tmp_path / "match.json").totals() == after  # the stop is saved
    s.undo()
    assert s.totals() == before and s.next_dealer(names) == "Ben"


def test_a_failed_save_takes_the_action_back_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    s = TableSession(folder / "class-session.json")
    s.begin("express", ["Ana", "Ben"], "express-1", seed=3)
    r = s.round
    assert r is not None and r.current_player is not None
    before, steps = s.to_json(), r.steps
    # The folder is gone and a file stands in its place (a USB stick pulled out, then something else).
    (folder / "class-session.json").unlink()
    folder.rmdir()
    folder.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SessionError, match=r"could not be saved.*taken back"):
        s.play([r.hand(r.current_player)[0]])
    assert s.to_json() == before and r.steps == steps


def test_an_undo_whose_save_fails_undoes_nothing_and_says_so(tmp_path: Path, monkeypatch) -> None:
    import errno
    import os

    s = TableSession(tmp_path / "class-session.json")
    s.begin("express", ["Ana", "Ben"], "express-1", seed=3)
    r = s.round
    assert r is not None and r.current_player is not None
    s.play([r.hand(r.current_player)[0]])
    before = s.to_json()

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(SessionError, match="nothing was undone"):
        s.undo()
    assert s.to_json() == before and s.round is not None and s.round.steps == 1
    monkeypatch.undo()
    s.undo()  # space freed: the undo goes through and is saved
    assert s.round is not None and s.round.steps == 0
    assert TableSession.resume(tmp_path / "class-session.json").to_json() == s.to_json()
