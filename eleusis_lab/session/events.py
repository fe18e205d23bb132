"""The events of a table session: what the teacher or the student did at a board, one frozen value each.

A session is a fold over these, as a round is a fold over its own events.  Round actions are recorded as
:class:`ActionTaken` markers that name the round's action count before and after (the round's own log
holds the cards); everything else a class does — a hypothesis, the reveal, a round begun or put aside —
lives only here.  A student's prediction rides on the :class:`ActionTaken` of the play it was made
for, so undo takes both back together.
"""

from __future__ import annotations

import ast
import dataclasses
import math
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Literal

__all__ = [
    "EVENT_TYPES",
    "ActionTaken",
    "HypothesisAdded",
    "HypothesisRemoved",
    "MatchStopped",
    "Revealed",
    "RoundBegun",
    "RoundClosed",
    "RoundSpec",
    "SessionEvent",
    "StatementSkipped",
    "event_from_dict",
]


@dataclass(frozen=True)
class RoundSpec:
    """What the set-up form asked for: enough to say what a saved session holds without loading it."""

    variant: str
    players: tuple[str, ...]
    computers: tuple[tuple[str, str], ...] = ()  # (name, kind) of each computer seat
    rule_key: str | None = None  # the library key when the rule came from the library
    seed: int | None = None
    options: tuple[tuple[str, Any], ...] = ()
    dealer: str | None = None  # a person of the class deals and judges (None: the computer deals)
    match: tuple[str, ...] = ()  # the people of the match this round is a deal of (seating order)
    first_of_match: bool = False  # this round starts a new match

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": list(self.players),
            "computers": [list(c) for c in self.computers],
            "rule_key": self.rule_key,
            "seed": self.seed,
            "options": [list(o) for o in self.options],
            "dealer": self.dealer,
            "match": list(self.match),
            "first_of_match": self.first_of_match,
        }

    @classmethod
    def from_dict(cls, data: Any) -> RoundSpec:
        """The spec of a save file, every field of its type; anything else raises ``ValueError``."""
        _need(isinstance(data, dict), "a round's set-up is not a table of fields")
        unknown = set(data) - _SPEC_FIELDS
        _need(
            not unknown, f"a round's set-up has unknown fields ({', '.join(sorted(map(str, unknown)))[:60]})"
        )
        _need("variant" in data and "players" in data, "a round's set-up names no game or no players")
        computers = data.get("computers", [])
        options = data.get("options", [])
        _need(
            isinstance(computers, list) and all(_is_pair(c, str) for c in computers),
            "a round's computer seats are not pairs of a name and a kind of player",
        )
        _need(
            isinstance(options, list)
            and all(_is_pair(o, str, _SCALAR) for o in options)
            and len({o[0] for o in options}) == len(options),
            "a round's options are not pairs of a name and a plain value",
        )
        return cls(
            _typed(data["variant"], "str", "variant"),
            tuple(_typed(data["players"], "tuple[str, ...]", "players")),
            tuple((n, k) for n, k in computers),
            _typed(data.get("rule_key"), "str | None", "rule_key"),
            _seed(data.get("seed")),
            tuple((k, v) for k, v in options),
            _typed(data.get("dealer"), "str | None", "dealer"),
            tuple(_typed(data.get("match", []), "tuple[str, ...]", "match")),
            _typed(data.get("first_of_match", False), "bool", "first_of_match"),
        )


@dataclass(frozen=True)
class SessionEvent:
    """One thing the teacher did; ``type`` names it in the save file."""

    type: ClassVar[str] = "event"

    def describe(self) -> str:
        return self.type

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **asdict(self)}


@dataclass(frozen=True)
class RoundBegun(SessionEvent):
    """A round was dealt (its own log is saved beside the session's)."""

    type: ClassVar[str] = "round-begun"
    spec: RoundSpec = field(default_factory=lambda: RoundSpec("express", ()))

    def describe(self) -> str:
        return f"a round of {self.spec.variant} begun for {', '.join(self.spec.players)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "spec": self.spec.to_dict()}


@dataclass(frozen=True)
class ActionTaken(SessionEvent):
    """A person's action on the round (a play, a guess judged …) and the computer seats' replies.

    ``steps_before``/``steps_after`` are the round's action counts, so undo takes back exactly this."""

    type: ClassVar[str] = "action"
    kind: str = "play"
    player: str | None = None
    steps_before: int = 0
    steps_after: int = 0
    message: str = ""
    # The student's prediction for this play (the solo board) and what came of it, for the journal.
    predicted: bool | None = None
    accepted: bool | None = None
    cards: tuple[str, ...] = ()
    mainline_before: int = 0

    def describe(self) -> str:
        return self.message or self.kind


@dataclass(frozen=True)
class HypothesisAdded(SessionEvent):
    type: ClassVar[str] = "hypothesis-added"
    student: str = ""
    text: str = ""
    words: str | None = None
    added_at: int = 0  # judgements on the table when it was typed
    # Added by a guess judged in the guess box: undo takes back the guess with it.
    from_guess: bool = False

    def describe(self) -> str:
        return f"{self.student}'s hypothesis added"


@dataclass(frozen=True)
class HypothesisRemoved(SessionEvent):
    type: ClassVar[str] = "hypothesis-removed"
    student: str = ""

    def describe(self) -> str:
        return f"{self.student}'s hypotheses removed"


@dataclass(frozen=True)
class Revealed(SessionEvent):
    """The teacher revealed the rule: the round is over whatever its variant (hands locked)."""

    type: ClassVar[str] = "revealed"

    def describe(self) -> str:
        return "the rule revealed"


@dataclass(frozen=True)
class RoundClosed(SessionEvent):
    """Back to the set-up form: a finished round is kept for the match totals, an abandoned one is not."""

    type: ClassVar[str] = "round-closed"
    reason: Literal["finished", "abandoned"] = "finished"

    def describe(self) -> str:
        return "the round abandoned" if self.reason == "abandoned" else "the round closed"


@dataclass(frozen=True)
class MatchStopped(SessionEvent):
    """The class stopped the match early (New Eleusis: each player who never dealt gets the bonus)."""

    type: ClassVar[str] = "match-stopped"

    def describe(self) -> str:
        return "the match stopped"


@dataclass(frozen=True)
class StatementSkipped(SessionEvent):
    """The benchmark's turn stage: after a play the student states no rule and plays on (the round has no
    event for it before the last turn, so the session keeps it: undo and a resume see the same stage)."""

    type: ClassVar[str] = "statement-skipped"
    player: str = ""

    def describe(self) -> str:
        return f"{self.player} played on without stating a rule"


EVENT_TYPES: dict[str, type[SessionEvent]] = {
    t.type: t
    for t in (
        RoundBegun,
        ActionTaken,
        HypothesisAdded,
        HypothesisRemoved,
        Revealed,
        RoundClosed,
        MatchStopped,
        StatementSkipped,
    )
}


def event_from_dict(data: Any) -> SessionEvent:
    """One event from a save file, every field of its declared type; anything else raises ``ValueError``."""
    kind_name = data.get("type") if isinstance(data, dict) else None
    _need(isinstance(kind_name, str) and kind_name in EVENT_TYPES, f"unknown session event {data!r:.60}")
    kind = EVENT_TYPES[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    if kind is RoundBegun:
        _need(set(fields) == {"spec"}, "a damaged round-begun event")
        return RoundBegun(spec=RoundSpec.from_dict(fields["spec"]))
    declared = {f.name: str(f.type) for f in dataclasses.fields(kind)}
    unknown = set(fields) - set(declared)
    _need(not unknown, f"a {data['type']} event has unknown fields ({', '.join(sorted(unknown))[:60]})")
    return kind(**{name: _typed(value, declared[name], name) for name, value in fields.items()})


#: A spec's fields as a save file names them.
_SPEC_FIELDS = {f.name for f in dataclasses.fields(RoundSpec)}
#: What an option's value may be in a save: a plain JSON value.
_SCALAR = (str, int, float, bool, type(None))
#: The longest text a field of an event may hold (a hypothesis, a verdict's message).
MAX_TEXT = 10_000


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def _is_pair(value: Any, first: type | tuple[type, ...], second: type | tuple[type, ...] = str) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], first)
        and isinstance(value[1], second)
    )


def _seed(value: Any) -> int | None:
    """A seed is any whole number (the set-up form takes negative ones too), or none."""
    _need(
        value is None or (isinstance(value, int) and not isinstance(value, bool)),
        f"its seed is {value!r:.40}, not a whole number",
    )
    return value  # type: ignore[no-any-return]


def _typed(value: Any, annotation: str, name: str) -> Any:
    """``value`` as the field's declared type (its annotation's text); a wrong type raises ``ValueError``.

    The events' own annotations say what each field holds, so a new field is checked as soon as it is
    declared (and an annotation this does not know fails the event tests at once)."""
    optional = annotation.endswith(" | None")
    if value is None and optional:
        return None
    base = annotation.removesuffix(" | None")
    ok: bool
    if base == "str":
        ok = isinstance(value, str) and len(value) <= MAX_TEXT
    elif base == "int":  # action counts and table sizes: whole numbers, never negative (a bool is no count)
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
    elif base == "float":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    elif base == "bool":
        ok = isinstance(value, bool)
    elif base == "tuple[str, ...]":
        ok = isinstance(value, list) and all(isinstance(v, str) and len(v) <= MAX_TEXT for v in value)
        value = tuple(value) if ok else value
    elif base.startswith("Literal["):
        ok = value in ast.literal_eval(f"({base.removeprefix('Literal[').removesuffix(']')},)")
    else:  # pragma: no cover - a field declared with a type the save file cannot hold
        raise TypeError(f"no save check for a field of type {annotation}")
    _need(ok, f"its {name} is {str(value)[:40]!r}, not a {_WORDS.get(base, 'value of the right kind')}")
    return value


_WORDS = {
    "str": "text",
    "int": "whole number of 0 or more",
    "float": "number",
    "bool": "true or false",
    "tuple[str, ...]": "list of texts",
}
