"""Session save files for the file tests and fuzzes, the forger's re-signing, and the oracle.

The oracle (:func:`judge`): every input either resumes *exactly* (the session resumed writes the text
it read, and resuming that again changes nothing) or is refused with one :class:`SessionError`
sentence; any other exception type is a crash.
"""

from __future__ import annotations

import copy
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


# -- the corpus of damaged and forged files -------------------------------------------------------------

ODD_VALUES: list[Any] = ["0", "x", "", 0, -1, 1.5, True, None, [], {}, [[]], "express-2", 10**30, "♠" * 50]

ODD_FILES = {
    "empty": "",
    "null": "null",
    "a list": "[]",
    "an object": "{}",
    "deep list": "[" * 200_000,
    "deep objects": '{"a":' * 40 + "1" + "}" * 40,
    "a number too long": "1" * 5000,
    "head only": '{"format": "eleusis-lab-class-session", "version": 2}',
    "a newer version": '{"format": "eleusis-lab-class-session", "version": 99}',
    "a round save": '{"format": "eleusis-lab-round", "version": 1}',
    "nan": '{"format": "eleusis-lab-class-session", "version": NaN}',
}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def corpus(seed: int, per_save: int) -> list[tuple[str, str]]:
    """Truncations, byte edits, type changes (re-signed), forged events, forged rule keys and computer
    seats (re-signed), and odd files: ``per_save`` of each kind for each save, drawn with ``seed``."""
    import random

    from eleusis_lab.rules import library

    rng = random.Random(seed)
    keys = library.keys()
    out = list(ODD_FILES.items())
    for name, text in SAVES.items():
        base = json.loads(text)
        paths = [p for p in _paths(base) if p and p[0] != "checksum"]
        begun = [i for i, e in enumerate(base["events"]) if e["type"] == "round-begun"]
        for _ in range(per_save):
            cut = rng.randrange(len(text))
            out.append((f"{name}: cut at {cut}", text[:cut]))
            at = rng.randrange(len(text))
            out.append((f"{name}: byte {at} edited", text[:at] + rng.choice('0"{}[],:x ') + text[at + 1 :]))
            data = copy.deepcopy(base)
            path, value = rng.choice(paths), rng.choice(ODD_VALUES)
            set_at(data, path, value)
            out.append((f"{name}: {'.'.join(map(str, path))} = {value!r:.20}", resign(data)))
            data = copy.deepcopy(base)
            events = data["events"]
            i, j = rng.randrange(len(events)), rng.randrange(len(events))
            how = rng.choice(["dropped", "doubled", "swapped", "moved"])
            if how == "dropped":
                events.pop(i)
            elif how == "doubled":
                events.insert(j, copy.deepcopy(events[i]))
            elif how == "swapped":
                events[i], events[j] = events[j], events[i]
            else:
                events.insert(j, events.pop(i))
            out.append((f"{name}: event {i} {how} ({j})", resign(data)))
            data = copy.deepcopy(base)
            b = rng.choice(begun)
            key = rng.choice([None, *keys])
            data["events"][b]["spec"]["rule_key"] = key
            out.append((f"{name}: round-begun {b} rule_key = {key}", resign(data)))
            data = copy.deepcopy(base)
            spec = data["events"][b]["spec"]
            seat = rng.choice(spec["players"])
            spec["computers"] = [*spec["computers"], [seat, rng.choice(["careful", "random", "hal"])]]
            out.append((f"{name}: round-begun {b} seats a computer as {seat}", resign(data)))
    return out
