"""The events of a table session: what the teacher or the student did at a board, one frozen value each.

A session is a fold over these, as a round is a fold over its own events.  Round actions are recorded as
:class:`ActionTaken` markers that name the round's action count before and after (the round's own log
holds the cards); everything else a class does — a hypothesis, the reveal, a round begun or put aside —
lives only here.  A student's prediction rides on the :class:`ActionTaken` of the play it was made
for, so undo takes both back together.
"""

from __future__ import annotations

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
    def from_dict(cls, data: dict[str, Any]) -> RoundSpec:
        return cls(
            str(data["variant"]),
            tuple(str(p) for p in data["players"]),
            tuple((str(n), str(k)) for n, k in data.get("computers", [])),
            data.get("rule_key"),
            data.get("seed"),
            tuple((str(k), v) for k, v in data.get("options", [])),
            None if data.get("dealer") is None else str(data["dealer"]),
            tuple(str(p) for p in data.get("match", ())),
            bool(data.get("first_of_match", False)),
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


def event_from_dict(data: dict[str, Any]) -> SessionEvent:
    """One event from a save file; an unknown type or field raises ``ValueError``."""
    if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES:
        raise ValueError(f"unknown session event {data!r:.60}")
    kind = EVENT_TYPES[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    if kind is RoundBegun:
        return RoundBegun(spec=RoundSpec.from_dict(fields["spec"]))
    if kind is ActionTaken and "cards" in fields:
        fields["cards"] = tuple(str(c) for c in fields["cards"] or ())
    try:
        return kind(**fields)
    except TypeError as error:
        raise ValueError(f"a damaged {data['type']} event: {error}") from None
