"""Saving and resuming: round trips at every point, a file written and read back, and every kind of bad
file (saving after every event is the table session's: tests/session)."""

from __future__ import annotations

import json
import random

import pytest
from _play_helpers import fresh, random_step

from eleusis_lab.play import BadSave, load_round, new_round
from eleusis_lab.play.save import VERSION, checksum

ALL = ["gardner", "express", "new-eleusis", "letters"]


def resign(text: str, change) -> str:
    """Edit a save and recompute its checksum (a forger's edit, or a careful hand edit)."""
    data = json.loads(text)
    change(data)
    data["checksum"] = checksum({k: v for k, v in data.items() if k != "checksum"})
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize("variant", ALL)
def test_save_and_resume_at_every_point(variant):
    r = fresh(variant, seed=12)
    rng = random.Random(12)
    twin_rng = random.Random(12)
    twin = fresh(variant, seed=12, seal=r.seal)  # same seed, same seal (its salt is random)
    steps = 0
    while not r.is_over and steps < 40:
        text = r.to_json()
        resumed = load_round(text)
        assert resumed.to_json() == text
        assert resumed.mainline == r.mainline and resumed.current_player == r.current_player
        assert resumed.evidence() == r.evidence() and resumed.scores() == r.scores()
        # The resumed round goes on exactly as the original would.
        random_step(r, rng)
        random_step(twin, twin_rng)
        steps += 1
    assert twin.to_json() == r.to_json()


def test_finished_round_and_hints_guesses_round_trip():
    r = new_round(
        "express", ["Ana", "Ben"], "card is red", seed=5, dealer="Dee", buy_hints=True, wrong_guess_penalty=1
    )
    a = r.current_player
    r.give_hint("Colour matters.")
    r.play(a, next(c for c in r.hand(a) if c.is_red))
    r.guess(a, words="reds")
    r.overrule_guess(False)
    b = r.current_player
    r.buy_hint(b, "Really, colour.")
    r.play(b, next(c for c in r.hand(b) if c.is_red))
    r.guess(b, "card.color == red")
    assert r.is_over
    again = load_round(r.to_json())
    assert again.to_json() == r.to_json() and again.is_over and again.hints == r.hints


def test_a_saved_file_is_read_back_from_its_path(tmp_path):
    path = tmp_path / "round.json"
    r = new_round("express", ["Ana", "Ben"], "card is red", seed=3)
    p = r.current_player
    r.play(p, r.hand(p)[0])
    r.save(path)
    resumed = load_round(path)  # a path-like object is read from disk
    assert resumed.to_json() == r.to_json()
    q = resumed.current_player
    resumed.play(q, resumed.hand(q)[0])
    assert load_round(path.read_text(encoding="utf-8")).to_json() == r.to_json()  # loading only reads
    assert [f.name for f in tmp_path.iterdir()] == ["round.json"]  # no temporary files left over


@pytest.fixture
def saved():
    r = new_round("new-eleusis", ["Ana", "Ben", "Cy", "Dee"], "card is red", seed=4)
    rng = random.Random(4)
    for _ in range(12):
        random_step(r, rng)
    return r.to_json()


def test_not_json_or_truncated(saved):
    with pytest.raises(BadSave, match="not a whole saved round"):
        load_round(saved[: len(saved) // 2])
    with pytest.raises(BadSave, match="not a whole saved round"):
        load_round("hello")
    with pytest.raises(BadSave, match="expected a JSON object"):
        load_round("[1, 2]")
    with pytest.raises(BadSave, match="not UTF-8"):
        load_round(b"\xff\xfe\x00")
    with pytest.raises(BadSave, match="JSON text"):
        load_round(42)  # type: ignore[arg-type]


def test_tampered_file_is_detected(saved):
    edited = saved.replace('"accepted": false', '"accepted": true', 1)
    assert edited != saved
    with pytest.raises(BadSave, match="changed after it was saved"):
        load_round(edited)
    no_sum = json.loads(saved)
    del no_sum["checksum"]
    with pytest.raises(BadSave, match="missing checksum"):
        load_round(json.dumps(no_sum))


def test_wrong_format_or_version(saved):
    with pytest.raises(BadSave, match="not an Eleusis Lab round"):
        load_round(resign(saved, lambda d: d.update(format="chess")))
    with pytest.raises(BadSave, match="newer Eleusis Lab"):
        load_round(resign(saved, lambda d: d.update(version=VERSION + 1)))
    with pytest.raises(BadSave, match="unknown fields"):
        load_round(resign(saved, lambda d: d.update(extra=1)))


def test_resigned_but_illegal_logs_are_refused(saved):
    # A forger who recomputes the checksum still meets the replay through the rules.
    def flip_verdict(d):
        e = next(e for e in d["events"] if e["type"] == "played")
        e["accepted"] = not e["accepted"]

    with pytest.raises(BadSave, match="does not match what the rules give"):
        load_round(resign(saved, flip_verdict))

    def steal_turn(d):
        e = next(e for e in d["events"] if e["type"] == "played")
        e["player"] = next(p for p in d["players"] if p != e["player"])

    with pytest.raises(BadSave, match=r"not a legal action|not legal"):
        load_round(resign(saved, steal_turn))

    with pytest.raises(BadSave, match="does not match the round's seed"):
        load_round(resign(saved, lambda d: d["events"][0]["deck"].reverse()))
    with pytest.raises(BadSave, match="seal"):
        load_round(resign(saved, lambda d: d.update(rule="card is black")))
    with pytest.raises(BadSave, match=r"cannot read|damaged"):
        load_round(resign(saved, lambda d: d["events"][0]["deck"].__setitem__(0, "11X")))
    with pytest.raises(BadSave, match="unknown event type"):
        load_round(resign(saved, lambda d: d["events"].append({"type": "teleport"})))
    with pytest.raises(BadSave, match="does not follow"):
        load_round(resign(saved, lambda d: d["events"].append({"type": "expelled", "player": "Ana"})))
    with pytest.raises(BadSave, match="cut short"):
        load_round(resign(saved, lambda d: d["events"].pop()))
    with pytest.raises(BadSave, match=r"wrong type|must"):
        load_round(resign(saved, lambda d: d["events"][-1].update(player=7)))
    with pytest.raises(BadSave, match="Bad seed"):
        load_round(resign(saved, lambda d: d.update(seed="x")))
    with pytest.raises(BadSave, match="no events"):
        load_round(resign(saved, lambda d: d.update(events=[])))


def test_every_truncation_is_refused(saved):
    for cut in range(0, len(saved) - 2, max(1, len(saved) // 60)):
        with pytest.raises(BadSave):
            load_round(saved[:cut])


def test_every_event_type_round_trips_through_json():
    from dataclasses import FrozenInstanceError, fields

    from eleusis_lab.cards import Card
    from eleusis_lab.play import events as ev

    samples = {"str": "Ana", "str | None": None, "int": 3, "bool": True, "bool | None": False,
               "tuple[int, ...]": (1, 2), "Card": Card.parse("7H").with_copy(1),
               "Card | None": Card.parse("blank"),
               "tuple[Card, ...]": (Card.parse("QS"), Card.parse("B green square black"))}  # fmt: skip
    for cls in ev.EVENT_TYPES.values():
        event = cls(**{f.name: samples[str(f.type)] for f in fields(cls)})
        data = json.loads(json.dumps(ev.event_to_json(event), ensure_ascii=False))
        assert ev.event_from_json(data) == event
        with pytest.raises(FrozenInstanceError):
            event.type = "x"  # type: ignore[misc]
        with pytest.raises(ValueError, match="unknown fields"):
            ev.event_from_json({**data, "bogus": 1})
        assert event.describe().startswith(cls.type + ":")
