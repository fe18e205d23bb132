"""What a session's save file holds, checked before anything is built from it: trust nothing.

A save is refused in one sentence (:class:`~eleusis_lab.session.errors.SessionError`) unless every field
has its type, the checksum matches the rest, every round replays its own log
(:func:`~eleusis_lab.play.load_round`), and every event fits the rounds: the set-up against the round it
dealt (players, dealer, seed, the library key against the round's seal), the computer seats against who
acted as a person, the action markers against each round's log.  :func:`read_save` does all of it and
hands :meth:`~eleusis_lab.session.TableSession.from_json` what it may fold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from eleusis_lab.cards import as_card
from eleusis_lab.play import Round, load_round
from eleusis_lab.play.errors import one_line
from eleusis_lab.play.players import names as computer_kinds
from eleusis_lab.play.save import checksum
from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.session.errors import SessionError
from eleusis_lab.session.events import (
    ActionTaken,
    HypothesisAdded,
    HypothesisRemoved,
    MatchStopped,
    Revealed,
    RoundBegun,
    RoundClosed,
    RoundSpec,
    SessionEvent,
    event_from_dict,
)
from eleusis_lab.session.savefile import FORMAT, READS, VERSION, parse_json

__all__ = ["SaveContents", "check_events", "read_save"]


@dataclass(frozen=True)
class SaveContents:
    """A save's contents, every one checked: what a session is folded from."""

    revision: int
    kind: str
    physical: bool
    predicting: bool
    notes: dict[str, Any]
    events: list[SessionEvent]
    rounds: list[Round]


def read_save(text: str) -> SaveContents:
    """The checked contents of a save file's ``text``, or :class:`SessionError` in one sentence."""
    data = parse_json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionError("This is not a session save file.")
    version = data.get("version")
    if version not in READS or isinstance(version, bool):
        raise SessionError(f"This save is from version {str(version)[:12]}; this kit reads {VERSION}.")
    fields = FIELDS if version >= 2 else FIELDS_V1
    unknown, missing = set(data) - fields, (fields - {"summary", "notes"}) - set(data)
    if unknown or (missing and version >= 2):
        what = ", ".join(sorted(unknown or missing))[:80]
        raise SessionError(f"The save is damaged: it has {'unknown' if unknown else 'no'} fields {what}.")
    if version >= 2 and data["checksum"] != checksum({k: v for k, v in data.items() if k != "checksum"}):
        raise SessionError(
            "The save is damaged: it was changed after it was saved (its checksum does not match)."
        )
    revision = data.get("revision", 0)
    kind = data.get("kind", "class")
    physical, predicting = data.get("physical", False), data.get("predicting", False)
    if not (isinstance(revision, int) and not isinstance(revision, bool) and revision >= 0):
        raise SessionError("The save is damaged: its revision is not a whole number.")
    if not (isinstance(kind, str) and KIND.fullmatch(kind)):
        raise SessionError("The save is damaged: it does not say which board it belongs to.")
    if not (isinstance(physical, bool) and isinstance(predicting, bool)):
        raise SessionError("The save is damaged: its board flags are not true or false.")
    notes = checked_notes(data.get("notes", {}))
    events, rounds = checked_lists(data.get("events"), data.get("rounds"))
    check_events(events, rounds, physical)
    return SaveContents(revision, kind, physical, predicting, notes, events, rounds)


#: The fields of a save file (version 2), and of version 1 (no revision, no checksum).
FIELDS = {"format", "version", "revision", "kind", "summary", "physical", "predicting", "notes", "events",
           "rounds", "checksum"}  # fmt: skip
FIELDS_V1 = FIELDS - {"revision", "checksum"}
KIND = re.compile(r"[a-z][a-z0-9-]{0,31}")
#: A board's notes: a few plain values (the deck's colours, whether the panel shows …).
NOTE_VALUES = (str, int, float, bool, type(None))


def checked_notes(notes: Any) -> dict[str, Any]:
    """A board's notes as a save holds them: a small table of names and plain values (each board
    checks the notes it reads: :meth:`~eleusis_lab.widgets.RoundBoard.resume`)."""
    if not (
        isinstance(notes, dict)
        and len(notes) <= 64
        and all(isinstance(k, str) and len(k) <= 40 for k in notes)
        and all(isinstance(v, NOTE_VALUES) and len(str(v)) <= 200 for v in notes.values())
    ):
        raise SessionError("The save is damaged: its board notes are not a small table of plain values.")
    return dict(notes)


def checked_lists(raw_events: Any, raw_rounds: Any) -> tuple[list[SessionEvent], list[Round]]:
    """The events and the rounds of a save, each checked on its own (every round replays its log)."""
    if not isinstance(raw_events, list) or not isinstance(raw_rounds, list):
        raise SessionError("The save is damaged: its events or its rounds are not lists.")
    events: list[SessionEvent] = []
    for n, item in enumerate(raw_events, start=1):
        try:
            events.append(event_from_dict(item))
        except ValueError as error:
            raise SessionError(f"The save is damaged: event {n}: {one_line(error)}") from None
    rounds: list[Round] = []
    for n, item in enumerate(raw_rounds, start=1):
        if not isinstance(item, str):
            raise SessionError(f"The save is damaged: round {n} is not a saved round.")
        try:
            rounds.append(load_round(item))
        except ValueError as error:  # BadSave, with the round's own sentence
            raise SessionError(f"The save is damaged: round {n}: {one_line(error)}") from None
    return events, rounds


def _damaged(condition: bool, why: str) -> None:
    if not condition:
        raise SessionError(f"The save is damaged: {why}.")


def _check_spec(spec: RoundSpec, r: Round, physical: bool, n: int) -> None:
    """The set-up a round was dealt from must be that round's: a forged one would change who plays for
    whom, or show the wrong rule's English above "Seal checked"."""
    seats = dict(spec.computers)
    _damaged(
        (spec.variant, spec.players, spec.dealer, spec.seed)
        == (r.variant, tuple(r.players), r.dealer, r.seed),
        f"round {n}'s set-up does not match the round (game, players, dealer or seed)",
    )
    _damaged(r.physical == physical, f"round {n} is {'not ' if physical else ''}played with real cards")
    _damaged(all(r.options.get(k) == v for k, v in spec.options), f"round {n}'s options are not the round's")
    _damaged(
        len(seats) == len(spec.computers) and not (physical and seats), f"round {n}'s computer seats repeat"
    )
    for name, kind in seats.items():
        _damaged(kind in computer_kinds(), f"round {n} seats a computer of an unknown kind")
        _damaged(
            name in r.players and name not in spec.match, f"round {n} seats a computer in a person's place"
        )
    _damaged(
        (spec.dealer is None) == (not spec.match) and (spec.dealer is None or spec.dealer in spec.match),
        f"round {n}'s match does not fit its dealer",
    )
    _damaged(
        len(set(spec.match)) == len(spec.match) and (bool(spec.match) or not spec.first_of_match),
        f"round {n}'s match is damaged",
    )
    if spec.rule_key is not None:
        _damaged(spec.rule_key in library.keys(), f"round {n} names a library rule this kit does not have")  # noqa: SIM118
        entry = library.get(spec.rule_key)
        sealed = r.seal.verify(entry.rule) if r.seal.salt is not None else entry.rule.text == r.rule.text
        _damaged(sealed, f"round {n}'s library rule is not the rule its seal holds")


def check_events(events: list[SessionEvent], rounds: list[Round], physical: bool) -> None:
    """Trust nothing: one round per RoundBegun, each event where the session could have made it, the
    action markers fitting each round's own log, and nobody acting from a computer's seat."""
    index, steps, on_board, revealed = -1, 0, False, False
    seats: dict[str, str] = {}
    for e in events:
        if isinstance(e, RoundBegun):
            _damaged(not on_board, "a round was begun while another was on the board")
            index += 1
            _damaged(index < len(rounds), "a round is missing")
            _check_spec(e.spec, rounds[index], physical, index + 1)
            steps, on_board, revealed, seats = 0, True, False, dict(e.spec.computers)
            continue
        if isinstance(e, MatchStopped):
            _damaged(not on_board, "the match was stopped during a round")
            continue
        _damaged(on_board, f"a {e.type} event comes when no round is on the board")
        r = rounds[index]
        if isinstance(e, ActionTaken):
            _damaged(not revealed, "an action comes after the reveal")
            _damaged(
                steps <= e.steps_before < e.steps_after <= r.steps, "its actions do not fit the round's log"
            )
            _damaged(
                e.player is None or (e.player in r.players and e.player not in seats),
                "a person acts from a seat that is no person's",
            )
            _damaged(
                e.predicted is None or (e.accepted is not None and e.kind == "play" and bool(e.cards)),
                "a prediction is not on a judged play",
            )
            for card in e.cards:
                try:
                    as_card(card)
                except ValueError:
                    _damaged(False, "a play names a card that does not exist")
            steps = e.steps_after
        elif isinstance(e, Revealed):
            _damaged(not revealed, "the rule is revealed twice")
            revealed = True
        elif isinstance(e, RoundClosed):
            over = revealed or r.is_over
            _damaged(over == (e.reason == "finished"), f"a round is closed as {e.reason} but it was not")
            on_board = False
        elif isinstance(e, HypothesisAdded | HypothesisRemoved) and (
            not e.student or e.student != e.student.strip()
        ):
            _damaged(False, "a hypothesis names no student")
        elif isinstance(e, HypothesisAdded):
            try:
                Rule.parse(e.text)
            except RuleError:
                _damaged(False, "a hypothesis does not read as a rule")
    _damaged(index + 1 == len(rounds), "it holds a round nobody began")
    if on_board and not revealed and not rounds[index].is_over:
        # after every event the computer seats have played until a person must act
        _damaged(rounds[index].current_player not in seats, "a computer's turn was left unplayed")
