"""A stateful fuzz of the table session (issue 29's "Done when"): valid and invalid actions, a full disk,
resumes and second tabs on one save file, in any order hypothesis finds.

Invariants, after every step:
- nothing acknowledged is lost: the file holds exactly what the last acknowledged action left (an action
  that returned was saved; a refused one changed neither the session nor the file);
- resume reproduces the state exactly: ``TableSession.resume(file).to_json()`` is the file's text, and a
  tab that is up to date holds that same text;
- a tab that another tab wrote past can write nothing (the version check), until it is resumed again.
"""

from __future__ import annotations

import errno
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import eleusis_lab.files
from eleusis_lab.session import SessionError, TableSession

PEOPLE = ["Ana", "Ben", "Cy"]
STALE = "This session was changed in another tab or window; reload it to go on."
HYPOTHESES = ["card is red", "card.rank > prev.rank", "card is purple (((", "", "card.suit == prev.suit"]


def _hand_card(s: TableSession, pick: int) -> Any:
    r = s.round
    if r is None or r.current_player is None:
        return "2S"
    hand = r.hand(r.current_player)
    return hand[pick % len(hand)] if hand else "2S"


#: What a tab may try, by name: each is a call that either returns (saved) or is refused in one sentence.
ACTIONS: dict[str, Any] = {
    "begin express": lambda s, k: s.begin("express", PEOPLE, "express-1", seed=k),
    "begin a match": lambda s, k: s.begin(
        "express", PEOPLE, None, seed=k, dealer=s.next_dealer(PEOPLE) or "Ana"
    ),
    "begin with a computer": lambda s, k: s.begin(
        "express", PEOPLE[:2], None, seed=k, computers={"Robo": "careful"}
    ),
    "begin, two Anas": lambda s, k: s.begin("express", ["Ana", "Ana"], "express-1", seed=k),
    "begin, no such game": lambda s, k: s.begin("chess", PEOPLE, None, seed=k),
    "play a card of the hand": lambda s, k: s.play([_hand_card(s, k)]),
    "play a card from nowhere": lambda s, k: s.play(["ZZ"]),
    "no play": lambda s, k: s.no_play(),
    "a hypothesis": lambda s, k: s.add_hypothesis(PEOPLE[k % 3], HYPOTHESES[k % len(HYPOTHESES)]),
    "remove a hypothesis": lambda s, k: s.remove_hypothesis(PEOPLE[k % 3]),
    "a guess": lambda s, k: s.guess(PEOPLE[k % 3], HYPOTHESES[k % len(HYPOTHESES)]),
    "confidence": lambda s, k: s.state_confidence(PEOPLE[k % 3], k % 101),
    "reveal": lambda s, k: s.reveal(),
    "next round": lambda s, k: s.next_round(),
    "abandon": lambda s, k: s.abandon(),
    "stop the match": lambda s, k: s.stop_match(),
    "undo": lambda s, k: s.undo(),
}


class SessionMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="eleusis-session-machine-"))
        self.path = self.folder / "class-session.json"
        self.tabs = [TableSession(self.path)]
        self.fresh = {0}  # the tabs whose session is the file's (or, before any save, the only tab)
        self.acknowledged: str | None = None  # the file's text after the last action that returned
        self.disk_full = False
        self._real_write = eleusis_lab.files.write_atomically

        def write(*args: Any, **kwargs: Any) -> None:
            if self.disk_full:
                raise OSError(errno.ENOSPC, "No space left on device")
            self._real_write(*args, **kwargs)

        eleusis_lab.files.write_atomically = write

    def teardown(self) -> None:
        eleusis_lab.files.write_atomically = self._real_write
        shutil.rmtree(self.folder, ignore_errors=True)

    def _file(self) -> str | None:
        return self.path.read_text(encoding="utf-8") if self.path.exists() else None

    @rule(tab=st.integers(0, 2), action=st.sampled_from(sorted(ACTIONS)), k=st.integers(0, 50))
    def act(self, tab: int, action: str, k: int) -> None:
        i = tab % len(self.tabs)
        s = self.tabs[i]
        before, file_before = s.to_json(), self._file()
        try:
            ACTIONS[action](s, k)
        except SessionError as error:
            assert "\n" not in str(error)
            assert s.to_json() == before, f"{action} was refused ({error}) but changed the session"
            assert self._file() == file_before, f"{action} was refused but changed the file"
            why = (
                "stale"
                if str(error) == STALE
                else "full"
                if "could not be saved" in str(error)
                else "refused"
            )
            assert why != "stale" or i not in self.fresh, "an up-to-date tab was called stale"
            event(f"{action}: {why}")
            return
        event(f"{action}: taken")
        assert not self.disk_full, f"{action} returned on a full disk"
        assert i in self.fresh, f"a stale tab wrote over the file ({action})"
        self.acknowledged = self._file()
        assert self.acknowledged == s.to_json(), f"{action} returned but the file is not the session"
        self.fresh = {i}

    @precondition(lambda self: len(self.tabs) < 3 and self.acknowledged is not None)
    @rule()
    def open_another_tab(self) -> None:
        self.tabs.append(TableSession.resume(self.path))
        self.fresh.add(len(self.tabs) - 1)

    @precondition(lambda self: self.acknowledged is not None)
    @rule(tab=st.integers(0, 2))
    def reload_a_tab(self, tab: int) -> None:
        i = tab % len(self.tabs)
        self.tabs[i] = TableSession.resume(self.path)
        self.fresh.add(i)

    @rule(full=st.booleans())
    def the_disk_fills_or_is_freed(self, full: bool) -> None:
        self.disk_full = full

    @invariant()
    def nothing_acknowledged_is_lost_and_resume_is_exact(self) -> None:
        on_disk = self._file()
        assert on_disk == self.acknowledged
        if on_disk is not None:
            assert TableSession.resume(self.path).to_json() == on_disk
        for i in self.fresh:
            if on_disk is not None:
                assert self.tabs[i].to_json() == on_disk


SessionMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=30, deadline=None)
test_the_session_machine = SessionMachine.TestCase
