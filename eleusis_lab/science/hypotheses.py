"""The class's own hypotheses: what each student thinks the rule is, checked against every verdict.

The teacher records a student's hypothesis as rule text (or the student's words plus the teacher's
rule text).  After every verdict each hypothesis is *consistent* or *falsified*, and a falsified one
names the observation — the card and the mainline it was tried on — that disproved it.

>>> from eleusis_lab.cards import parse_cards
>>> from eleusis_lab.play import Observation as Obs
>>> h = ClassHypotheses()
>>> _ = h.add("Ada", "card.color != prev.color", words="colours take turns")
>>> _ = h.add("Ben", "card.suit == prev.suit")
>>> h.observe(Obs(tuple(parse_cards("3H")), tuple(parse_cards("9S")), True))
>>> [(x.student, x.status) for x in h]
[('Ada', 'consistent'), ('Ben', 'falsified')]
>>> print(h["Ben"].falsified_by)
9♠ on 3♥ was accepted, but this hypothesis rejects it
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card
from eleusis_lab.play.table import fits_in_turn
from eleusis_lab.rules import as_rule

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round


@dataclass(frozen=True)
class Falsification:
    """The observation that disproved a hypothesis, and what each side said."""

    index: int  # position of the observation in the evidence
    mainline: tuple[Card, ...]
    cards: tuple[Card, ...]
    accepted: bool  # the dealer's verdict
    event_index: int = -1

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __str__(self) -> str:
        played = " ".join(str(c) for c in self.cards)
        where = f"on {self.mainline[-1]}" if self.mainline else "as the starter"
        verdict = "accepted" if self.accepted else "rejected"
        hyp = "rejects" if self.accepted else "accepts"
        return f"{played} {where} was {verdict}, but this hypothesis {hyp} it"

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "mainline": [str(c) for c in self.mainline],
            "cards": [str(c) for c in self.cards],
            "accepted": self.accepted,
            "event_index": self.event_index,
        }


@dataclass(frozen=True)
class CheckResult:
    """The answer of :func:`check`: consistent, or the first observation that falsifies the rule."""

    consistent: bool
    falsified_by: Falsification | None

    def __bool__(self) -> bool:
        return self.consistent


def _judges(rule: Any, obs: Any, player: Any = None) -> bool:
    """What ``rule`` says of one observation (a string fits only if every card fits in turn)."""
    return fits_in_turn(rule, obs.cards, obs.mainline, player)


def check(
    rule: Any, evidence: Iterable[Any], players: Mapping[str, Any] | None = None, *, start: int = 0
) -> CheckResult:
    """Is ``rule`` (text or ``Rule``) consistent with every observation of ``evidence``?

    ``players`` maps player names to ``PlayerInfo`` for player-dependent rules (``round.player_info``).
    Raises ``RuleError`` for rule text that does not parse.
    """
    parsed = as_rule(rule)
    for i, obs in enumerate(evidence):
        if i < start:
            continue
        info = players.get(obs.player) if players and hasattr(obs, "player") else None
        if _judges(parsed, obs, info) != obs.accepted:
            falsifier = Falsification(
                i, tuple(obs.mainline), tuple(obs.cards), obs.accepted, getattr(obs, "event_index", -1)
            )
            return CheckResult(False, falsifier)
    return CheckResult(True, None)


@dataclass
class StudentHypothesis:
    """One student's guess at the rule, with its fate so far."""

    student: str
    rule: Any  # a parsed Rule
    words: str | None = None
    added_at: int = 0  # how many observations had been made when it was recorded
    falsified_by: Falsification | None = None

    @property
    def text(self) -> str:
        return str(self.rule.text)

    @property
    def status(self) -> str:
        return "consistent" if self.falsified_by is None else "falsified"

    @property
    def consistent(self) -> bool:
        return self.falsified_by is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "student": self.student,
            "text": self.text,
            "words": self.words,
            "added_at": self.added_at,
            "status": self.status,
            "falsified_by": None if self.falsified_by is None else self.falsified_by.to_dict(),
        }


@dataclass
class ClassHypotheses:
    """The hypotheses of a class during one round, kept in step with the evidence."""

    evidence: list[Any] = field(default_factory=list)
    players: dict[str, Any] = field(default_factory=dict)
    items: list[StudentHypothesis] = field(default_factory=list)

    @classmethod
    def for_round(cls, round: Round) -> ClassHypotheses:
        """Hypotheses that follow ``round`` (call :meth:`update` after each verdict)."""
        hyps = cls()
        hyps.update(round)
        return hyps

    def add(self, student: str, rule_text: str, words: str | None = None) -> StudentHypothesis:
        """Record ``student``'s hypothesis; it is checked at once against all evidence so far.

        Bad rule text raises ``RuleError`` and records nothing.
        """
        if not str(student).strip():
            raise ValueError("a hypothesis needs the student's name")
        rule = as_rule(rule_text)
        result = check(rule, self.evidence, self.players)
        item = StudentHypothesis(str(student).strip(), rule, words, len(self.evidence), result.falsified_by)
        self.items.append(item)
        return item

    def remove(self, student: str) -> None:
        """Forget every hypothesis of ``student`` (a teacher's misclick)."""
        before = len(self.items)
        self.items = [h for h in self.items if h.student != student]
        if len(self.items) == before:
            raise KeyError(f"no hypothesis by {student!r}")

    def observe(self, observation: Any) -> None:
        """One more verdict: mark every still-consistent hypothesis that it falsifies."""
        self.evidence.append(observation)
        index = len(self.evidence) - 1
        for item in self.items:
            if item.falsified_by is None:
                result = check(item.rule, [observation], self.players)
                if not result.consistent:
                    assert result.falsified_by is not None
                    f = result.falsified_by
                    item.falsified_by = Falsification(index, f.mainline, f.cards, f.accepted, f.event_index)

    def update(self, round: Round) -> None:
        """Catch up with ``round.evidence()`` (after an undo, everything is re-checked from scratch)."""
        evidence = list(round.evidence())
        for obs in evidence:
            name = getattr(obs, "player", None)
            if name is not None and name not in self.players and hasattr(round, "player_info"):
                with contextlib.suppress(Exception):  # a player who left has no seat any more
                    self.players[name] = round.player_info(name)
        if evidence[: len(self.evidence)] != self.evidence:
            self.evidence = []
            for item in self.items:
                item.falsified_by = None
        for obs in evidence[len(self.evidence) :]:
            self.observe(obs)

    def check(self, rule_text: str, evidence: Sequence[Any] | None = None) -> CheckResult:
        """Check a guess against ``evidence`` (default: this round's evidence so far) in one call."""
        return check(rule_text, self.evidence if evidence is None else evidence, self.players)

    def consistent(self) -> list[StudentHypothesis]:
        return [h for h in self.items if h.consistent]

    def falsified(self) -> list[StudentHypothesis]:
        return [h for h in self.items if not h.consistent]

    def __iter__(self) -> Iterator[StudentHypothesis]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, student: str) -> StudentHypothesis:
        for h in reversed(self.items):
            if h.student == student:
                return h
        raise KeyError(f"no hypothesis by {student!r}")

    def to_dict(self) -> list[dict[str, Any]]:
        return [h.to_dict() for h in self.items]
