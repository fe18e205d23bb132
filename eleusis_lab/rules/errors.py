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

from eleusis_lab.rules import ast as A
from eleusis_lab.rules.functions import FUNCTIONS, function_names

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


_CYRILLIC = dict(zip("АБВГД", "ABCDE", strict=True))
_LETTERS = frozenset("ABCDE")
#: Every word a bare name may be, for "did you mean" hints.
_ALL_NAMES = (*A.REFS, *A.RANK_WORDS, *A.CONSTANTS, "true", "false")


# -- the catalogue of hints: one function per place a mistake is found -------------------------
def name_hint(word: str) -> str:
    """Hint for an unknown bare name."""
    if word in A.PREDICATES:
        return f"`{word}` is said of a card: write `card is {word}` (or `prev is {word}`)"
    if word in A.CARD_ATTRS:
        return f"an attribute belongs to a card: write `card.{word}` or `prev.{word}`"
    if word in A.PLAYER_ATTRS:
        return f"write `player.{word}`"
    if word in FUNCTIONS:
        return FUNCTIONS[word].usage
    alias = ALIASES.get(word) or ALIASES.get(word.lower())
    if alias in ("and", "or", "not", "if", "else if"):
        return f"write `{alias}` in lower case" if alias != "else if" else "write `else if`"
    if alias == "%":
        return "write `%` for the remainder: `prev.rank % 4`"
    if word.startswith("prev") and word[4:].isdigit():
        return "a rule can look back three cards: `prev`, `prev2`, `prev3`"
    if word in _LETTERS or word in _CYRILLIC:
        letter = _CYRILLIC.get(word, word)
        extra = f" (or `{ALIASES[word.lower()]}`?)" if word.lower() in ALIASES else ""
        return f'a letter goes in quotes: "{letter}"{extra}'
    guess = nearest(word, _ALL_NAMES)
    if guess is not None:
        return f"did you mean `{guess}`?"
    if word.isalpha() and word.lower() not in A.KEYWORDS:
        return (
            "names are card, prev, prev2, prev3, position, player, suits, colours and ace/jack/queen/king; "
            f'put text in quotes: "{word}"'
        )
    return ""


def attr_hint(word: str) -> str:
    """Hint for an unknown attribute after a dot."""
    if word in A.PREDICATES and word != "number":
        return f"`{word}` is said with `is`: write `card is {word}`"
    if word in ("number", "value", "num", "val"):
        return "did you mean `rank`? (or `card is number` for ace to ten)"
    if word in A.CONSTANTS:
        return f"compare an attribute instead: `card.suit == {word}`" if word in ("spades", "hearts",
            "diamonds", "clubs") else f"compare an attribute instead: `card.color == {word}`"  # fmt: skip
    if word.lower().startswith("is") and word[2:].lower() in A.PREDICATES:
        return f"write `card is {word[2:].lower()}`"
    guess = nearest(word, A.ATTRS)
    if guess is not None:
        return f"did you mean `{guess}`?"
    return (
        "a card has rank, suit, color (letter deck: letter, ink, shape, outline); "
        "a player has name, surname, seat"
    )


def predicate_hint(word: str) -> str:
    """Hint for an unknown word after `is`."""
    if word in ("spades", "hearts", "diamonds", "clubs"):
        return f"to test a suit write `card.suit == {word}`"
    if word in A.CONSTANTS:
        kinds = [t for t in A.CONSTANTS[word] if t != "outline"] or ["outline"]
        return " or ".join(f"`card.{t} == {word}`" for t in kinds) + f" tests the {' or '.join(kinds)}"
    if word in A.RANK_WORDS:
        return f"to test a rank write `card.rank == {word}`"
    if word in A.CARD_ATTRS:
        return f"`is` takes a property like even, odd, red, face; for the {word} write `card.{word} == …`"
    guess = nearest(word, A.PREDICATES)
    if guess is not None:
        return f"did you mean `{guess}`?"
    return "after `is` comes one of: " + ", ".join(A.PREDICATES)


def function_hint(word: str) -> str:
    """Hint for an unknown function."""
    guess = None if word in _PYTHON_BUILTINS else nearest(word, FUNCTIONS)
    if guess is not None:
        return f"did you mean `{guess}`?"
    return f"the functions are {function_names()}"


#: Python's functions people reach for: no "did you mean" for these, just the list.
_PYTHON_BUILTINS = frozenset({"max", "min", "sum", "int", "str", "print", "eval", "exec", "open"})


CHAR_HINTS = {
    "=": ("`=` is not a comparison", "use `==` to compare: `card.suit == prev.suit`"),
    "&": ("`&` is not used in rules", "write `and`"),
    "|": ("`|` is not used in rules", "write `or`"),
    "!": ("`!` is not used alone", "write `not` (or `!=` for 'is not equal to')"),
    "/": ("there is no division in rules", "use `%` for the remainder, like `prev.rank % 2 == 0`"),
    "^": ("`^` is not used in rules", "use `*` to multiply"),
    ";": ("a rule is one expression", "join conditions with `and` / `or`"),
    ":": ("`:` is not used in rules", "write `if C then A else B`"),
    "?": ("`?` is not used in rules", "write `if C then A else B`"),
    "$": ("`$` is not used in rules", ""),
    "\\": ("`\\` is not used in rules", ""),
    "≠": ("`≠` is not used in rules", "write `!=`"),
    "≤": ("`≤` is not used in rules", "write `<=`"),
    "≥": ("`≥` is not used in rules", "write `>=`"),
    "−": ("`−` (a typographic minus) is not used in rules", "type a plain `-`"),
    "…": ("`…` is not used in rules", "write a range with two dots: `1..7`"),
    "‘": ("curly quotes are not used in rules", 'use straight double quotes: "A"'),
    "’": ("curly quotes are not used in rules", 'use straight double quotes: "A"'),
    "”": ("a closing quote without an opening one", 'text goes between quotes, like "A"'),
    "{": ("curly brackets are not used in rules", "write lists as `[a, b]`"),
    "}": ("curly brackets are not used in rules", "write lists as `[a, b]`"),
}


def compare_hint(node: A.Node, left: frozenset[str], right: frozenset[str]) -> str:
    """Hint for two values of types that can never be equal (``left``/``right`` are type sets)."""
    both = left | right
    if {"suit", "int"} <= both:
        return (
            "a suit cannot be compared with a number: compare `card.suit` with a suit like hearts, "
            "or `card.rank` with a number"
        )
    if {"color", "suit"} <= both:
        return "a colour cannot be compared with a suit: `card.color == red` or `card.suit == hearts`"
    if "card" in both:
        return "compare an attribute of the card: `card.rank`, `card.suit`, `card.color`"
    if "bool" in both and "int" in both:
        return (
            "a condition is true or false, not a number; "
            "put a comparison in brackets: `(card is red) == (prev is red)`"
        )
    if "string" in both and ("suit" in both or "color" in both):
        return "write suits and colours without quotes: `hearts`, `red`"
    if "string" in both and "int" in both:
        return "numbers are written without quotes: `7`"
    if "letter" in both and isinstance(node, A.Compare):
        texts = [n.value for n in (node.left, node.right) if isinstance(n, A.Str)]
        if texts and texts[0].upper() in _LETTERS:
            return f'letters are capitals: "{texts[0].upper()}"'
    if "letter" in both or "string" in both:
        return 'letters are "A" to "E", in quotes'
    if "ink" in both or "outline" in both or "shape" in both:
        return "ink is red, blue or green; outline is red or black; shape is circle or square"
    if "color" in both:
        return "colours are red and black"
    return "both sides must be the same kind of value"
