"""Which rules each lesson keeps secret, and where in the unit a class could have seen them first.

A lesson's secrets are the rules of the boards students play: a board built with ``rule="…"`` (a library
key, a benchmark key or rule text), or a rule drawn from a deck of :mod:`eleusis_lab.secret_codes`
(``DECKS["…"]``: every rule of that deck).  A rule is *shown* by a lesson when the lesson's text or code
holds its key, its words or its rule text, or any rule written in the lesson that accepts exactly the
same plays on a fixed sample of 400 situations (so ``card.rank % 2 == 0`` shows ``card is even``).
The order comes from ``lessons/unit.toml``: the core path in order, lesson 1 first, and the optional days
on any day after lesson 1; the teacher guide is for the teacher and is not scanned.
"""

from __future__ import annotations

import ast
import random
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jupytext

from eleusis_lab.cards import standard_deck
from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.science.benchmark import RULES as BENCHMARK_RULES
from eleusis_lab.secret_codes import DECKS

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
BOARDS = {"SoloBoard", "ClassBoard", "PhysicalBoard", "BenchmarkBoard"}


@dataclass(frozen=True)
class Secret:
    """A secret rule: the names it goes by (key, words) and its rule text."""

    keys: tuple[str, ...]  # library or benchmark keys
    words: tuple[str, ...]  # the library's English reading
    text: str
    deck: str = "standard"


def unit() -> dict[str, list[str]]:
    return tomllib.loads((LESSONS_DIR / "unit.toml").read_text(encoding="utf-8"))


def student_lessons() -> list[str]:
    plan = unit()
    return [*plan["core"], *plan["optional"]]


def may_come_before(earlier: str, later: str) -> bool:
    """Can a class meet ``earlier`` before ``later`` in the unit's order?"""
    plan = unit()
    core, first = plan["core"], plan["core"][0]
    if earlier == later or later == first:
        return False
    if earlier in core and later in core:
        return core.index(earlier) < core.index(later)
    return True  # an optional day comes on any day after lesson 1, before or after any other


def _secret(name: str) -> Secret:
    benchmark = {r.key: r.text for r in BENCHMARK_RULES}
    if name in set(library.keys()):
        entry = library.get(name)
        return Secret((name,), (entry.english,), entry.text, entry.deck)
    if name in benchmark:
        return Secret((name,), (), benchmark[name])
    return Secret((), (), Rule.parse(name).text)


@cache
def _code(stem: str) -> tuple[str, str]:
    """(everything a student reads in the lesson, its code cells alone)."""
    notebook = jupytext.read(LESSONS_DIR / f"{stem}.md")
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    words = "\n".join(c.source for c in notebook.cells)
    return words, code


def _parse(code: str) -> ast.Module:
    """The lesson's code as Python (an IPython magic line such as ``%pip`` reads as ``pass``)."""
    return ast.parse(re.sub(r"^(\s*)%.*$", r"\1pass", code, flags=re.M))


def secrets(stem: str) -> list[Secret]:
    """The secret rules of a lesson's boards, read from its code."""
    _words, code = _code(stem)
    found: list[Secret] = []
    tree = _parse(code)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BOARDS:
            for keyword in node.keywords:
                if keyword.arg == "rule" and isinstance(keyword.value, ast.Constant):
                    found.append(_secret(keyword.value.value))
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id == "DECKS"
            and isinstance(node.slice, ast.Constant)
        ):
            found += [_secret(key) for key in DECKS[node.slice.value].keys]
    return found


_SITUATIONS_RNG = random.Random(2024)
_DECK = standard_deck()
_SITUATIONS = [
    (
        _SITUATIONS_RNG.choice(_DECK),
        [_SITUATIONS_RNG.choice(_DECK) for _ in range(_SITUATIONS_RNG.randint(1, 3))],
    )
    for _ in range(400)
]


@cache
def _signature(text: str) -> tuple[bool, ...] | None:
    """What a standard-deck rule says in 400 fixed situations (None for text that is not such a rule)."""
    try:
        rule = Rule.parse(text)
        if rule.uses_player:
            return None
        return tuple(bool(rule.accepts(card, line)) for card, line in _SITUATIONS)
    except (RuleError, ValueError, TypeError, AttributeError, KeyError):
        return None


def _written(stem: str) -> set[str]:
    """Every string in the lesson's code and every `code span` of its text."""
    words, code = _code(stem)
    strings = set(re.findall(r"`([^`\n]+)`", words))
    tree = _parse(code)
    strings |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return {s.strip() for s in strings}


def shown_in(text: str, written: set[str], secret: Secret) -> str | None:
    """How ``secret`` shows (a phrase to report), or None: ``text`` is what a student reads, ``written``
    the strings of code and the code spans (where keys and rules are written)."""
    for words in secret.words:
        if words.lower() in text.lower():
            return f"its words {words!r}"
    for name in (*secret.keys, secret.text):
        if name in written:
            return f"{name!r} written out"
    target = _signature(secret.text) if secret.deck == "standard" else None
    for rule in sorted(written):
        if target is not None and _signature(rule) == target:
            return f"the same rule written {rule!r}"
    return None


def shown_in_lesson(stem: str, secret: Secret) -> str | None:
    words, _code_text = _code(stem)
    return shown_in(words, _written(stem), secret)


def shown_in_output(text: str, secret: Secret) -> str | None:
    """How ``secret`` shows in a lesson's printed output: its words, or a line that is the rule."""
    return shown_in(text, {line.strip() for line in text.splitlines()}, secret)


def later_secrets(stem: str) -> list[tuple[str, Secret]]:
    """The secrets of every lesson ``stem`` may come before: what it must never show (the teacher guide,
    which is for the teacher, may show any)."""
    if stem not in student_lessons():
        return []
    return [(later, s) for later in student_lessons() if may_come_before(stem, later) for s in secrets(later)]
