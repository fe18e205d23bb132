"""Errors in rule text, and the catalogue of friendly hints for the mistakes people commonly make.

A :class:`RuleError` names the line and column, shows the line with a caret under the mistake and
adds a hint in plain words:

>>> from eleusis_lab.rules import Rule
>>> Rule.parse("card.suite == prev.suit")
Traceback (most recent call last):
...
eleusis_lab.rules.errors.RuleError: unknown attribute `suite` (line 1, column 6)
    card.suite == prev.suit
         ^^^^^
hint: did you mean `suit`?
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: Type names as a teacher would say them.
TYPE_WORDS: dict[str, str] = {
    "int": "a number",
    "bool": "a truth value (true/false)",
    "suit": "a suit",
    "color": "a colour",
    "letter": "a letter",
    "ink": "an ink colour",
    "shape": "a shape",
    "outline": "an outline colour",
    "string": "text",
    "card": "a card",
    "player": "a player",
}

#: Words people write for names that exist under another spelling.
ALIASES: dict[str, str] = {
    "colour": "color",
    "colours": "color",
    "colors": "color",
    "value": "rank",
    "number": "rank",
    "num": "rank",
    "val": "rank",
    "suite": "suit",
    "suits": "suit",
    "ranks": "rank",
    "previous": "prev",
    "last": "prev",
    "prev1": "prev",
    "before": "prev",
    "current": "card",
    "this": "card",
    "pos": "position",
    "index": "position",
    "turn": "position",
    "spade": "spades",
    "heart": "hearts",
    "diamond": "diamonds",
    "club": "clubs",
    "True": "true",
    "False": "false",
    "AND": "and",
    "OR": "or",
    "NOT": "not",
    "If": "if",
    "IF": "if",
    "elif": "else if",
    "elsif": "else if",
    "elseif": "else if",
    "mod": "%",
    "modulo": "%",
    "k": "king",
    "q": "queen",
    "j": "jack",
    "a": "ace",
    "cycle": "cyc",
    "wrap": "cyc",
    "length": "len",
    "size": "len",
    "count": "len",
    "circles": "circle",
    "squares": "square",
}


def type_word(types: Iterable[str]) -> str:
    """A type set in words: ``{"suit"}`` → ``a suit``; ``{"list:int"}`` → ``a list of numbers``."""
    words = sorted({_one_type_word(t) for t in types})
    if not words:
        return "nothing"
    return " or ".join(words)


def _one_type_word(t: str) -> str:
    if t.startswith("list:"):
        inner = TYPE_WORDS.get(t[5:], t[5:])
        inner = inner.split(" ", 1)[1] if " " in inner else inner
        return f"a list of {_plural(inner)}"
    return TYPE_WORDS.get(t, t)


def _plural(word: str) -> str:
    head, _, tail = word.partition(" (")
    head = head if head.endswith("s") else (head[:-1] + "ies" if head.endswith("y") else head + "s")
    return head + (" (" + tail if tail else "")


def nearest(name: str, candidates: Iterable[str]) -> str | None:
    """The known name closest to ``name`` (aliases first, then spelling), or None."""
    options = list(candidates)
    alias = ALIASES.get(name) or ALIASES.get(name.lower())
    if alias is not None and (alias in options or not options):
        return alias
    lowered = name.lower()
    if lowered in options:
        return lowered
    close = difflib.get_close_matches(lowered, options, n=1, cutoff=0.6)
    return close[0] if close else None


class RuleError(ValueError):
    """Rule text that cannot be read or makes no sense; says where and why, with a hint.

    ``line`` and ``column`` count from 1; ``hint`` is a suggestion in plain words (may be empty);
    ``reason`` is the one-line description without position; ``text`` is the whole rule text.
    """

    def __init__(
        self,
        reason: str,
        text: str = "",
        offset: int | None = None,
        *,
        hint: str = "",
        width: int = 1,
    ) -> None:
        self.reason = reason
        self.text = text
        self.hint = hint
        self.offset = offset
        if offset is None:
            self.line, self.column, self.source_line, self.width = 1, 1, text.split("\n", 1)[0], 1
        else:
            offset = max(0, min(offset, len(text)))
            start = text.rfind("\n", 0, offset) + 1
            end = text.find("\n", offset)
            end = len(text) if end < 0 else end
            self.line = text.count("\n", 0, offset) + 1
            self.column = offset - start + 1
            self.source_line = text[start:end]
            self.width = max(1, min(width, end - offset))
        super().__init__(self._message())

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.reason, self.text, self.offset, self.hint, self.width))

    def _message(self) -> str:
        shown, caret_at = _shown_line(self.source_line, self.column - 1)
        where = f" (line {self.line}, column {self.column})" if self.offset is not None else ""
        parts = [self.reason + where]
        if shown.strip():
            parts.append("    " + shown)
            parts.append("    " + " " * caret_at + "^" * max(1, min(self.width, len(shown) - caret_at)))
        if self.hint:
            parts.append("hint: " + self.hint)
        return "\n".join(parts)


def _rebuild(reason: str, text: str, offset: int | None, hint: str, width: int) -> RuleError:
    return RuleError(reason, text, offset, hint=hint, width=width)


def _shown_line(line: str, col: int, room: int = 100) -> tuple[str, int]:
    """The source line made printable and cut to about ``room`` characters around ``col``."""
    clean = "".join(ch if ch.isprintable() else " " for ch in line)
    if len(clean) <= room:
        return clean, min(col, len(clean))
    start = max(0, min(col - room // 2, len(clean) - room))
    piece = clean[start : start + room]
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + room < len(clean) else ""
    return prefix + piece + suffix, col - start + len(prefix)
