"""Saving and loading rounds: JSON with a format name, a version and a checksum.

A save holds the header (variant, players, dealer, secret rule, seed, options, seal) and the event
log.  :func:`load_round` trusts nothing: it checks the format and version, the checksum, every
field's type and every card's text, that the rule matches the seal and the deal matches the seed, and
then *re-plays every action* through the rules, comparing what follows with the saved log.  Anything
wrong raises :class:`~eleusis_lab.play.errors.BadSave` with one sentence; a round is returned whole
or not at all.

The checksum (SHA-256 of the canonical JSON of everything else) detects a file that was edited,
truncated or damaged after saving.  It is not a secret key: it stops accidents and casual editing,
not a determined forger (who could recompute it).  The secret rule is stored in plain text, so a
save file should stay with the teacher until the rule is revealed.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import TYPE_CHECKING, Any

from eleusis_lab.play import events as ev
from eleusis_lab.play.errors import BadSave, GameError, first_clause

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round

__all__ = ["FORMAT", "VERSION", "checksum", "depth_within", "dump_round", "load_round", "parse_save_json"]

FORMAT = "eleusis-lab-round"
VERSION = 1
_HEADER = ("format", "version", "variant", "players", "dealer", "rule", "seed", "stacked", "options", "seal")


def checksum(body: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a save's body (every key but ``checksum``)."""
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _body(r: Round) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": r.variant,
        "players": r.players,
        "dealer": r.dealer,
        "rule": r.rule.text,
        "seed": r.seed,
        "stacked": r.stacked,
        "options": r.options,
        "seal": r.seal.to_dict(),
        "events": [ev.event_to_json(e) for e in r.events],
    }


def dump_round(r: Round) -> str:
    """The JSON text of a round: the header, one event a line, and the checksum last."""
    body = _body(r)
    lines = ["{"]
    for key in _HEADER:
        lines.append(f" {json.dumps(key)}: {json.dumps(body[key], ensure_ascii=False)},")
    lines.append(' "events": [')
    events = [json.dumps(e, ensure_ascii=False) for e in body["events"]]
    lines.append(",\n".join("  " + e for e in events))
    lines.append(" ],")
    lines.append(f' "checksum": {json.dumps(checksum(body))}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadSave(message)


#: A real save nests four deep (body, events, event, cards); anything far deeper is not a save.
MAX_DEPTH = 32


def parse_save_json(text: str, what: str = "saved round", error: type[ValueError] = BadSave) -> Any:
    """The JSON value of a save's ``text``, or ``error`` with one sentence for every way it can fail
    (``what`` names the save: a round's here, a session's in :mod:`eleusis_lab.session.savefile`)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        hint = " (it looks cut short)" if "Expecting" in e.msg and e.pos >= len(text.rstrip()) - 1 else ""
        raise error(f"This is not a whole {what}: its JSON breaks at line {e.lineno}{hint}.") from None
    except RecursionError:
        raise error(f"This is not a {what}: its JSON is nested more than {MAX_DEPTH} deep.") from None
    except ValueError:  # Python refuses to read integers of more than 4,300 digits
        raise error(f"This is not a {what}: it holds a number too long to read.") from None
    if not depth_within(data, MAX_DEPTH):
        raise error(f"This is not a {what}: its JSON is nested more than {MAX_DEPTH} deep.")
    return data


def depth_within(value: Any, limit: int) -> bool:
    """Is ``value`` nested at most ``limit`` lists or objects deep?  (Iterative: no recursion to exhaust.)"""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True


def load_round(
    text: str | bytes | os.PathLike[str],
    *,
    stacked: bool = False,
) -> Round:
    """Rebuild a round from :meth:`Round.to_json` text (or the path of a saved file).

    ``load_round(r.to_json()).to_json() == r.to_json()``.  Raises :class:`BadSave` when the text is not
    a whole, untouched, legal saved round.  A round dealt from a stacked deck (``deck_order``) loads
    only with ``stacked=True``: the file alone cannot say that its deal need not follow the seed.
    (Saving as play goes on is the session's: :class:`~eleusis_lab.session.TableSession`.)
    """
    if isinstance(text, os.PathLike):
        try:
            with open(text, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise BadSave(f"Cannot read the saved round: {first_clause(e)}.") from None
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadSave("This is not a saved round: the file is not UTF-8 text.") from None
    if not isinstance(text, str):
        raise BadSave(f"A saved round is JSON text, not {type(text).__name__}.")
    data = parse_save_json(text)
    _need(isinstance(data, dict), "This is not a saved round: expected a JSON object.")
    _need(
        data.get("format") == FORMAT,
        "This is not an Eleusis Lab round (its format name is wrong or missing).",
    )
    version = data.get("version")
    _need(isinstance(version, int) and not isinstance(version, bool), "The save has no valid version number.")
    _need(version <= VERSION, f"This round was saved by a newer Eleusis Lab (format version {version}).")
    _need(version == VERSION, f"Format version {version} is not supported.")
    expected = {*_HEADER, "events", "checksum"}
    missing = expected - set(data)
    _need(not missing, f"The save is missing {', '.join(sorted(missing))}.")
    _need(
        not set(data) - expected, f"The save has unknown fields: {', '.join(sorted(set(data) - expected))}."
    )
    body = {k: v for k, v in data.items() if k != "checksum"}
    _need(
        data["checksum"] == checksum(body),
        "The file was changed after it was saved (its checksum does not match).",
    )
    # Only what a damaged file raises becomes BadSave: the checks above and below say what is wrong, the
    # round refuses an illegal header or action with a GameError; any other exception is an engine bug
    # and is left to show itself.
    try:
        return _rebuild(body, stacked)
    except BadSave:
        raise
    except GameError as e:
        raise BadSave(f"The saved round is not legal: {first_clause(e)}.") from None


def _rebuild(body: dict[str, Any], stacked: bool) -> Round:
    from eleusis_lab.play.round import Round
    from eleusis_lab.play.variant import VARIANTS
    from eleusis_lab.rules import Rule, RuleError
    from eleusis_lab.rules.seal import Seal

    variant = body["variant"]
    _need(isinstance(variant, str) and variant in VARIANTS, f"Unknown variant {str(variant)[:40]!r}.")
    cls = VARIANTS[variant]
    players = body["players"]
    _need(isinstance(players, list) and all(isinstance(p, str) for p in players), "Bad list of players.")
    _need(body["dealer"] is None or isinstance(body["dealer"], str), "Bad dealer name.")
    _need(isinstance(body["rule"], str), "The secret rule is missing.")
    seed = body["seed"]
    _need(isinstance(seed, int) and not isinstance(seed, bool), "Bad seed.")
    _need(isinstance(body["stacked"], bool), "Bad 'stacked' flag.")
    _need(
        not body["stacked"] or stacked,
        "This round was dealt from a stacked deck: load it with stacked=True if you trust the file.",
    )
    options = _saved_options(cls, body["options"])
    try:
        rule = Rule.parse(body["rule"])
    except RuleError as e:
        raise BadSave(f"The saved secret rule does not parse: {first_clause(e)}.") from None
    try:
        seal = Seal.from_dict(body["seal"])
    except (ValueError, TypeError, KeyError) as e:
        raise BadSave(f"The saved seal is damaged: {first_clause(e)}.") from None
    raw = body["events"]
    _need(isinstance(raw, list) and len(raw) > 0, "The save has no events.")
    try:
        saved = [ev.event_from_json(e) for e in raw]
    except ValueError as e:  # event_from_json says what is wrong with an event as a ValueError
        raise BadSave(f"The saved round is damaged: {first_clause(e)}.") from None
    header = {"variant": variant, "players": players, "dealer": body["dealer"], "rule": rule,
              "seed": seed, "options": options, "seal": seal}  # fmt: skip
    return Round.from_log(header, saved, stacked=body["stacked"])


def _saved_options(cls: type[Round], options: Any) -> dict[str, Any]:
    """The options of a save, checked against the variant's declared options: only those a save may
    set (never where the round writes itself, nor a stacked deck order), each of its declared type."""
    _need(isinstance(options, dict), "The save's options are not a table of names and values.")
    declared = {option.name: option for option in cls.option_types()}
    for name, value in options.items():
        option = declared.get(name)
        _need(
            option is not None and option.from_save,
            f"The save sets {str(name)[:40]!r}, which is not an option a saved {cls.title} round can have.",
        )
        assert option is not None
        try:
            option.check(value)
        except GameError as e:
            raise BadSave(f"The saved options are not allowed: {first_clause(e)}.") from None
    _need("physical" in options, "The save does not say whether the round is played with real cards.")
    return dict(options)
