"""Session save files for the file tests and fuzzes, the forger's re-signing, and the oracle.

The oracle (:func:`judge`): every input either resumes *exactly* (the session resumed writes the text
it read, and resuming that again changes nothing) or is refused with one :class:`SessionError`
sentence; any other exception type is a crash.
"""

from __future__ import annotations

import json
from typing import Any

from eleusis_lab.play.save import checksum
from eleusis_lab.session import SessionError, TableSession

PEOPLE = ["Ana", "Ben", "Cy"]


def _play(s: TableSession, times: int) -> None:
    for _ in range(times):
        r = s.round
        assert r is not None and r.current_player is not None
        if s.predicting:
            s.predict(True)
        s.play([r.hand(r.current_player)[0]])


def sessions() -> dict[str, TableSession]:
    """Sessions of each shape a board saves: a match between rounds, a round with computer seats, a
    solo round with predictions and hypotheses, real cards, and a round abandoned and dealt again."""
    out = {}
    match = TableSession()
    for seed in range(3):
        match.begin("express", PEOPLE, None, seed=seed, dealer=match.next_dealer(PEOPLE) or "Ana")
        _play(match, 2)
        match.reveal()
        match.next_round()
    out["match-between-rounds"] = match
    computers = TableSession()
    computers.begin("express", ["Ana", "Ben"], "express-2", seed=4, computers={"Robo": "careful"})
    _play(computers, 3)
    computers.add_hypothesis("Ben", "card is red", "red cards")
    out["computers-mid-round"] = computers
    solo = TableSession(predicting=True, kind="solo")
    solo.begin("express", ["You"], "express-1", seed=2, computers={"Rnd": "random"})
    _play(solo, 3)
    out["solo-predictions"] = solo
    real = TableSession(physical=True, kind="physical")
    real.begin("express", ["Ana", "Ben"], "express-1", seed=3)
    real.play(["5H"])
    real.play(["6S"])
    out["real-cards"] = real
    again = TableSession()
    again.begin("gardner", PEOPLE, "gardner-2", seed=5)
    _play(again, 1)
    again.abandon()
    again.begin("gardner", PEOPLE, "gardner-2", seed=6)
    _play(again, 2)
    again.reveal()
    out["abandoned-then-revealed"] = again
    return out


SESSIONS = sessions()
SAVES = {name: s.to_json() for name, s in SESSIONS.items()}


def resign(data: dict[str, Any]) -> str:
    """A save edited by hand with its checksum recomputed, as a forger would (in the file's own layout)."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    body["checksum"] = checksum(body)
    return json.dumps(body, ensure_ascii=False)


def judge(text: str) -> TableSession | None:
    """Resume ``text`` exactly, or None when it is refused in one sentence (anything else raises)."""
    try:
        s = TableSession.from_json(text)
    except SessionError as error:
        sentence = str(error)
        assert sentence and "\n" not in sentence and len(sentence) < 400, sentence
        return None
    written = s.to_json()
    assert TableSession.from_json(written).to_json() == written  # resuming again changes nothing
    data = json.loads(text)
    assert len(s.events) == len(data["events"]) and len(s.rounds) + (s.round is not None) == len(
        data["rounds"]
    )
    return s
