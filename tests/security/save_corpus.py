"""Damaged and forged save files, and the oracle that judges how loading each one ends.

Every input must either load as a round that passes the conformance checks of ``eleusis_lab.testing``
(cards conserved, deck, judgements, scores, end, and an exact save/load round trip) or be refused with
one :class:`BadSave` sentence; and loading must never create or change a file (:func:`no_writes`).
Inputs (:func:`corpus`): truncations of a save, byte edits, deep nesting and huge numbers, forged
headers and options (``autosave``, ``deck_order``, ``stacked``, wrong types), and edited events
(re-signed, so the replay must catch them).  Used by ``test_save_fuzz.py`` and ``scripts/soak.py --saves``.
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from eleusis_lab import testing
from eleusis_lab.play import BadSave, load_round, new_round
from eleusis_lab.play.driver import play_out, seat_computers
from eleusis_lab.play.save import checksum

RULES = {
    "gardner": "gardner-2",
    "express": "express-4",
    "new-eleusis": "new-eleusis",
    "letters": "letters-cycle",
}
PLAYERS = ["Ana", "Ben", "Cy"]


def _saves() -> dict[str, str]:
    """Saves of every variant: just dealt, mid-round and finished; one physical round."""
    out = {}
    for variant, rule in RULES.items():
        r = new_round(variant, PLAYERS, rule, seed=21)
        out[f"{variant}-dealt"] = r.to_json()
        play_out(r, seat_computers(r.players, "random", seed=4))
        out[f"{variant}-over"] = r.to_json()
        out[f"{variant}-mid"] = r.at(max(1, r.steps // 2)).to_json()
    p = new_round("express", PLAYERS, "express-1", seed=3, physical=True, starter="5H")
    p.play(p.current_player, "6S")
    out["express-physical"] = p.to_json()
    return out


SAVES = _saves()


def resign(data: dict[str, Any]) -> str:
    """A save edited by hand with its checksum recomputed, as a forger would."""
    data = dict(data)
    data.pop("checksum", None)
    data["checksum"] = checksum(data)
    return json.dumps(data, ensure_ascii=False)


# -- the oracle -------------------------------------------------------------------------------------


def conformance(r: Any) -> list[str]:
    """What a loaded round must satisfy (the conformance checks that apply to a round as found)."""
    failures = testing.check_deck(r) + testing.check_cards(r) + testing.check_judgements(r)
    if not r.physical or r.is_over:
        failures += testing.check_scores(r)
    if r.is_over and not r.physical:
        failures += testing.check_end(r)
    if load_round(r.to_json()).to_json() != r.to_json():
        failures.append("save/load is not exact")
    return failures


@contextlib.contextmanager
def no_writes() -> Iterator[list[str]]:
    """Record (and refuse) every attempt to open a file for writing, create one or rename one."""
    attempts: list[str] = []
    real_open, real_os_open = builtins.open, os.open
    real = {name: getattr(os, name) for name in ("replace", "rename", "mkdir", "makedirs")}

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if set(str(mode)) & set("wax+"):
            attempts.append(f"open({file!r}, {mode!r})")
            raise PermissionError("loading must not write")
        return real_open(file, mode, *args, **kwargs)

    def guarded_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            attempts.append(f"os.open({path!r})")
            raise PermissionError("loading must not write")
        return real_os_open(path, flags, *args, **kwargs)

    def refuse(name: str) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            attempts.append(f"os.{name}{args!r}")
            raise PermissionError("loading must not write")

        return guarded

    builtins.open = guarded_open  # type: ignore[assignment]
    os.open = guarded_os_open  # type: ignore[assignment]
    for name in real:
        setattr(os, name, refuse(name))
    try:
        yield attempts
    finally:
        builtins.open = real_open
        os.open = real_os_open
        for name, fn in real.items():
            setattr(os, name, fn)


class Tally:
    """Counts the inputs tried and how each ended."""

    def __init__(self) -> None:
        self.loaded = 0
        self.refused = 0

    def judge(self, text: str | bytes, what: str) -> None:
        with no_writes() as attempts:
            try:
                r = load_round(text)
            except BadSave as error:
                r, message = None, str(error)
            except Exception as error:  # anything but a BadSave is a crash of the loader
                raise AssertionError(f"{what}: load_round raised {type(error).__name__}: {error}") from None
        assert not attempts, f"{what}: loading tried to write: {attempts}"
        if r is None:
            assert message and "\n" not in message, f"{what}: not one sentence: {message!r}"
            self.refused += 1
            return
        failures = conformance(r)
        assert not failures, f"{what}: loaded a round that fails conformance: {failures}"
        self.loaded += 1


# -- deterministic corpus ------------------------------------------------------------------------------


def truncations(text: str, cuts: int) -> Iterator[tuple[str, str]]:
    step = max(1, len(text) // cuts)
    for cut in [*range(0, len(text), step), len(text) - 1, len(text) - 2]:
        yield f"truncated at {cut}", text[:cut]


def byte_edits(text: str, rng: random.Random, count: int) -> Iterator[tuple[str, str]]:
    for k in range(count):
        i = rng.randrange(len(text))
        yield f"deleted byte {i}", text[:i] + text[i + 1 :]
        yield f"changed byte {i}", text[:i] + rng.choice('{}[]",:0123456789aZ\\\x00é') + text[i + 1 :]
        if k % 5 == 0:
            yield f"bytes {i}", (text[:i] + "\udcff").encode("utf-8", "surrogateescape")


def nesting_and_numbers(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    yield "a bare deep array", "[" * 5000
    yield "a deep object", '{"a":' * 3000 + "1" + "}" * 3000
    for key in ("options", "seal", "players", "events"):
        deep: Any = 1
        for _ in range(40):
            deep = [deep]
        d = copy.deepcopy(data)
        d[key] = deep
        yield f"{key} nested 40 deep", resign(d)
    for key, value in (("seed", "9" * 5000), ("version", "1" * 4400), ("seed", "1e999"), ("seed", "-0")):
        yield (
            f"{key} = {value[:8]}… (raw)",
            json.dumps(data).replace(f'"{key}": ', f'"{key}": {value}, "_x": ', 1),
        )
    for big in (10**30, -(10**30), 2**63, 10**4000):
        for key in ("seed", "version"):
            d = copy.deepcopy(data)
            d[key] = big
            yield f"{key} = {str(big)[:8]}…", resign(d)


def forged_headers(data: dict[str, Any], tmp: Path) -> Iterator[tuple[str, str]]:
    victim = str(tmp / "victim.txt")
    forged_options: list[tuple[str, Any]] = [
        ("autosave", victim),
        ("autosave", str(tmp / "new-file.json")),
        ("deck_order", [str(c) for c in json.loads(SAVES["express-dealt"])["events"][0]["deck"]]),
        ("hand_size", "12"),
        ("hand_size", 12.0),
        ("hand_size", True),
        ("hand_size", 10**40),
        ("hand_size", -3),
        ("hand_size", None),
        ("hand_size", [12]),
        ("physical", "yes"),
        ("physical", None),
        ("not_an_option", 1),
        ("__class__", "x"),
        ("seed", 5),
        ("dealer", "Eve"),
        ("_dealt", None),
        ("_stacked", True),
        ("seal", None),
    ]
    for name, value in forged_options:
        d = copy.deepcopy(data)
        d["options"] = {**d["options"], name: value}
        yield f"options.{name} = {value!r}"[:80], resign(d)
        # The same forged option with a broken event after it: the load is refused, and still writes nothing.
        d["events"] = [*d["events"], {"type": "played", "player": "Nobody"}]
        yield f"options.{name} + a bad event", resign(d)
    d = copy.deepcopy(data)
    d["options"] = "autosave=" + victim
    yield "options as text", resign(d)
    d = copy.deepcopy(data)
    d["options"] = None
    yield "options null", resign(d)
    edits: list[tuple[str, Any]] = [
        ("stacked", True),
        ("stacked", "yes"),
        ("variant", "chess"),
        ("variant", "Express"),
        ("variant", None),
        ("players", ["Ana", "Ana"]),
        ("players", []),
        ("players", [1, 2]),
        ("players", "Ana"),
        ("dealer", 7),
        ("dealer", "Ana"),
        ("rule", "card is red"),
        ("rule", "card.colour == red"),
        ("rule", ""),
        ("rule", None),
        ("seed", data["seed"] + 1),
        ("seed", "1"),
        ("seed", True),
        ("seed", None),
        ("seal", {}),
        ("seal", None),
        ("seal", "x"),
        ("version", 2),
        ("version", 0),
        ("format", "eleusis-lab-match"),
        ("events", []),
        ("events", None),
        ("events", {}),
        ("extra", 1),
    ]
    for key, value in edits:
        d = copy.deepcopy(data)
        d[key] = value
        yield f"{key} = {value!r}"[:80], resign(d)
    for key in list(data):
        d = copy.deepcopy(data)
        del d[key]
        yield f"without {key}", resign(d) if key != "checksum" else json.dumps(d)


def edited_events(data: dict[str, Any], rng: random.Random) -> Iterator[tuple[str, str]]:
    events = data["events"]
    n = len(events)
    for i in range(1, n):
        d = copy.deepcopy(data)
        del d["events"][i]
        yield f"event {i} dropped", resign(d)
    for i in range(min(n, 25)):
        d = copy.deepcopy(data)
        d["events"].insert(i, copy.deepcopy(events[i]))
        yield f"event {i} doubled", resign(d)
    for i in range(1, n - 1):
        d = copy.deepcopy(data)
        d["events"][i], d["events"][i + 1] = d["events"][i + 1], d["events"][i]
        yield f"events {i} and {i + 1} swapped", resign(d)
    d = copy.deepcopy(data)
    d["events"] = d["events"][:1]
    yield "only the deal", resign(d)
    for i, event in enumerate(events):
        for field, value in list(event.items()):
            if field == "type":
                variants: list[Any] = ["played", "round-ended", "no-such-event", None, 3]
            elif isinstance(value, bool):
                variants = [not value, None, "true"]
            elif isinstance(value, int):
                variants = [value + 1, value - 1, -1, 10**9, str(value), None]
            elif isinstance(value, str):
                variants = ["Nobody", "", "XX", value + " ", None, 7]
            elif isinstance(value, list):
                variants = [[], value[::-1], value + value[:1], "7H", [None], [[[]]]]
            else:
                variants = [None, 1, "x", {}]
            for new in rng.sample(variants, min(3, len(variants))):
                d = copy.deepcopy(data)
                d["events"][i][field] = new
                yield f"event {i}.{field} = {new!r}"[:80], resign(d)
        d = copy.deepcopy(data)
        d["events"][i]["surprise"] = 1
        yield f"event {i} with an extra field", resign(d)


def corpus(tmp: Path, *, full: bool = True) -> Iterator[tuple[str, str | bytes]]:
    """Every damaged and forged input, from every save of :data:`SAVES`; ``full=False`` a third of them
    (fewer cuts and byte edits, events edited in two saves only), for the quick test run."""
    rng = random.Random(11)
    edit_events = (
        "express-mid",
        "express-over",
        "express-physical",
        "gardner-mid",
        "new-eleusis-mid",
        "letters-mid",
    )
    for name, text in SAVES.items():
        data = json.loads(text)
        yield f"{name} as saved", text
        for what, bad in truncations(text, 60 if full else 20):
            yield f"{name}: {what}", bad
        for what, bad in byte_edits(text, rng, 30 if full else 8):
            yield f"{name}: {what}", bad
        for what, bad in nesting_and_numbers(data):
            yield f"{name}: {what}", bad
        for what, bad in forged_headers(data, tmp):
            yield f"{name}: {what}", bad
        if name in (edit_events if full else edit_events[:2]):
            for what, bad in edited_events(data, rng):
                yield f"{name}: {what}", bad


#: Any small JSON value: what a random edit puts in place of a field (round and session save fuzzes).
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
