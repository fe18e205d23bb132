"""Rule text → syntax tree, with type checking, so mistakes are caught when a rule is written.

The Lark LALR parser is built once.  Its transformer runs *inline* (on each reduction), so no parse
tree is built and nothing recurses over the input: deep or long hostile text is refused by the
length and depth guards with a :class:`RuleError`, never a ``RecursionError``.

>>> parse("card.suit == prev.suit or card.rank == prev.rank")  # doctest: +NORMALIZE_WHITESPACE
BoolOp(op='or', left=Compare(op='==', left=Attr(obj=Ref(name='card'), name='suit'),
    right=Attr(obj=Ref(name='prev'), name='suit')), right=Compare(op='==',
    left=Attr(obj=Ref(name='card'), name='rank'), right=Attr(obj=Ref(name='prev'), name='rank')))
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any

import lark
from lark import Token

from eleusis_lab.rules import ast as A
from eleusis_lab.rules.errors import (
    CHAR_HINTS,
    FUNCTION_USAGE,
    RuleError,
    attr_hint,
    compare_hint,
    function_hint,
    name_hint,
    predicate_hint,
    type_word,
)
from eleusis_lab.rules.printer import to_text

#: Longest rule text accepted, in characters (a long classroom rule is a few hundred).
MAX_LENGTH = 2000
#: Deepest nesting of sub-expressions accepted.
MAX_DEPTH = 60

_CYRILLIC = dict(zip("АБВГД", "ABCDE", strict=True))
_LETTERS = frozenset("ABCDE")
_SUIT_SYMBOLS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_SUIT_SYMBOLS.update({"♤": "spades", "♡": "hearts", "♢": "diamonds", "♧": "clubs"})
_BOOL_WORDS = {"true": True, "false": False}


# -- the Lark parser -------------------------------------------------------------------------------
class _State(threading.local):
    text: str = ""
    depth: dict[int, int]

    def __init__(self) -> None:
        self.depth = {}


_state = _State()


def _start(item: Any) -> int:
    if isinstance(item, Token):
        return item.start_pos or 0
    span = item.span
    return span[0] if span else 0


def _end(item: Any) -> int:
    if isinstance(item, Token):
        return item.end_pos or 0
    span = item.span
    return span[1] if span else 0


def _fail(reason: str, start: int, end: int | None = None, hint: str = "") -> RuleError:
    width = 1 if end is None else max(1, end - start)
    return RuleError(reason, _state.text, start, hint=hint, width=width)


class _Build(lark.Transformer):  # type: ignore[type-arg]
    """Builds AST nodes on each LALR reduction (inline), checking names and nesting depth."""

    def _make(self, cls: type[A.Node], items: list[Any], *fields: Any) -> A.Node:
        present = [i for i in items if i is not None]
        depth = 1
        for item in present:
            if isinstance(item, A.Node):
                depth = max(depth, _state.depth.get(id(item), 1) + 1)
        start, end = _start(present[0]), _end(present[-1])
        if depth > MAX_DEPTH:
            raise _fail(
                f"the rule is nested too deeply (more than {MAX_DEPTH} levels)",
                start,
                end,
                hint="split the rule into simpler parts, or use a list like `x in [1, 2, 3]`",
            )
        node = cls(*fields, span=(start, end))
        _state.depth[id(node)] = depth
        return node

    # -- structure --
    def if_expr(self, c: list[Any]) -> A.Node:
        return self._make(A.If, c, c[1], c[3], c[5])

    def bool_op(self, c: list[Any]) -> A.Node:
        return self._make(A.BoolOp, c, str(c[1]), c[0], c[2])

    def not_op(self, c: list[Any]) -> A.Node:
        return self._make(A.Not, c, c[1])

    def compare(self, c: list[Any]) -> A.Node:
        return self._make(A.Compare, c, str(c[1]), c[0], c[2])

    def is_pred(self, c: list[Any]) -> A.Node:
        word: Token = c[-1]
        name = str(word)
        if name not in A.PREDICATES:
            raise _fail(
                f"`{name}` is not something a card can be", _start(word), _end(word), predicate_hint(name)
            )
        return self._make(A.Is, c, c[0], name, len(c) == 4)

    def in_op(self, c: list[Any]) -> A.Node:
        return self._make(A.In, c, c[0], c[-1], len(c) == 4)

    def range(self, c: list[Any]) -> A.Node:
        return self._make(A.Range, c, c[0], c[2])

    def arith(self, c: list[Any]) -> A.Node:
        return self._make(A.Arith, c, str(c[1]), c[0], c[2])

    def neg(self, c: list[Any]) -> A.Node:
        return self._make(A.Neg, c, c[1])

    def attr(self, c: list[Any]) -> A.Node:
        word: Token = c[2]
        name = str(word)
        if name not in A.ATTRS:
            raise _fail(f"unknown attribute `{name}`", _start(word), _end(word), attr_hint(name))
        return self._make(A.Attr, c, c[0], name)

    def index(self, c: list[Any]) -> A.Node:
        return self._make(A.Index, c, c[0], c[2])

    def call(self, c: list[Any]) -> A.Node:
        word: Token = c[0]
        name = str(word)
        args = tuple(i for i in c if isinstance(i, A.Node))
        if name not in A.FUNCTIONS:
            raise _fail(f"unknown function `{name}`", _start(word), _end(word), function_hint(name))
        want = A.FUNCTIONS[name]
        if len(args) != want:
            raise _fail(
                f"`{name}` takes {want} argument{'s' if want > 1 else ''}, not {len(args)}",
                _start(word),
                _end(c[-1]),
                FUNCTION_USAGE[name],
            )
        return self._make(A.Call, c, name, args)

    # -- atoms --
    def int_lit(self, c: list[Any]) -> A.Node:
        token: Token = c[0]
        if len(token) > 9:
            raise _fail("this number is too large", _start(token), _end(token), "ranks go from 1 to 13")
        return self._make(A.Int, c, int(token))

    def name(self, c: list[Any]) -> A.Node:
        token: Token = c[0]
        word = str(token)
        if word in A.REFS:
            return self._make(A.Ref, c, word)
        if word in A.RANK_WORDS:
            return self._make(A.Int, c, A.RANK_WORDS[word], word)
        if word in A.CONSTANTS:
            return self._make(A.Const, c, word)
        if word in _BOOL_WORDS:
            return self._make(A.Bool, c, _BOOL_WORDS[word])
        raise _fail(f"unknown name `{word}`", _start(token), _end(token), name_hint(word))

    def string(self, c: list[Any]) -> A.Node:
        token: Token = c[0]
        value = str(token)[1:-1]
        # The letter deck is printed in Cyrillic: a one-letter text А..Д means the letter A..E.
        value = _CYRILLIC.get(value, value)
        return self._make(A.Str, c, value)

    def suit_symbol(self, c: list[Any]) -> A.Node:
        return self._make(A.Const, c, _SUIT_SYMBOLS[str(c[0])[0]])

    def paren(self, c: list[Any]) -> A.Node:
        # Same node, but its span takes in the brackets, so a caret points at `(`.
        inner: A.Node = c[1]
        node = replace(inner, span=(_start(c[0]), _end(c[2])))
        _state.depth[id(node)] = _state.depth.get(id(inner), 1)
        return node

    def list_lit(self, c: list[Any]) -> A.Node:
        items = tuple(i for i in c if isinstance(i, A.Node))
        if not items:
            raise _fail(
                "a list needs at least one item", _start(c[0]), _end(c[-1]), "like `[hearts, diamonds]`"
            )
        return self._make(A.ListOf, c, items)


@lru_cache(maxsize=1)
def _lark() -> lark.Lark:
    grammar = resources.files("eleusis_lab.rules").joinpath("grammar.lark").read_text(encoding="utf-8")
    return lark.Lark(
        grammar,
        parser="lalr",
        lexer="basic",
        keep_all_tokens=True,
        maybe_placeholders=True,
        transformer=_Build(),
        propagate_positions=False,
    )


# -- guards before Lark -----------------------------------------------------------------------------
_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {")": "(", "]": "[", "}": "{"}
_QUOTES = {'"': '"', "'": "'", "“": "”"}


def _check_brackets(text: str) -> None:
    """Unbalanced brackets and unclosed quotes, found by a scan that skips text and comments."""
    stack: list[tuple[str, int]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            nl = text.find("\n", i)
            i = n if nl < 0 else nl
            continue
        if ch in _QUOTES:
            close = _QUOTES[ch]
            j = i + 1
            while j < n and text[j] != close and text[j] != "\n":
                j += 1
            if j >= n or text[j] != close:
                raise RuleError(
                    "this text has no closing quote",
                    text,
                    i,
                    hint=f"text goes between quotes on one line, like {ch}A{close}",
                )
            i = j + 1
            continue
        if ch in _OPEN:
            if ch == "{":
                raise RuleError(
                    "curly brackets are not used in rules", text, i, hint="write lists as `[a, b]`"
                )
            stack.append((ch, i))
        elif ch in _CLOSE:
            if ch == "}":
                raise RuleError(
                    "curly brackets are not used in rules", text, i, hint="write lists as `[a, b]`"
                )
            if not stack:
                raise RuleError(
                    f"`{ch}` without a matching `{_CLOSE[ch]}`",
                    text,
                    i,
                    hint=f"remove this `{ch}` or add a `{_CLOSE[ch]}` earlier",
                )
            opener, at = stack.pop()
            if _OPEN[opener] != ch:
                raise RuleError(
                    f"`{ch}` closes the `{opener}` opened at column {at - text.rfind(chr(10), 0, at)}",
                    text,
                    i,
                    hint=f"brackets must pair up: close `{opener}` with `{_OPEN[opener]}`",
                )
        i += 1
    if stack:
        opener, at = stack[-1]
        raise RuleError(
            f"this `{opener}` is never closed",
            text,
            at,
            hint=f"add a `{_OPEN[opener]}` where it should end (unbalanced brackets)",
        )


# -- Lark errors → RuleError ------------------------------------------------------------------------
_TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": "text in quotes",
    "SUIT_SYMBOL": "a suit symbol",
    "COMPARE_OP": "a comparison (==, !=, <, …)",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "LSQB": "`[`",
    "RSQB": "`]`",
    "COMMA": "`,`",
    "DOT": "`.`",
    "DOTDOT": "`..`",
    "PLUS": "`+`",
    "MINUS": "`-`",
    "STAR": "`*`",
    "PERCENT": "`%`",
    "IF": "`if`",
    "THEN": "`then`",
    "ELSE": "`else`",
    "AND": "`and`",
    "OR": "`or`",
    "NOT": "`not`",
    "IS": "`is`",
    "IN": "`in`",
    "$END": "the end of the rule",
}


def _describe(token: Token) -> str:
    if token.type == "$END":
        return "the end of the rule"
    return f"`{token}`"


def _expected_words(expected: set[str]) -> str:
    words = sorted({_TERMINAL_WORDS.get(t, t.lower()) for t in expected if not t.startswith("__")})
    if len(words) > 6:
        return ""
    return ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1] if words else ""


def _from_lark(err: lark.exceptions.UnexpectedInput, text: str) -> RuleError:
    if isinstance(err, lark.exceptions.UnexpectedCharacters):
        at = err.pos_in_stream or 0
        ch = text[at] if at < len(text) else ""
        if text[at : at + 2] in ("=>", "=<"):
            reason, hint = f"`{text[at : at + 2]}` is not a comparison", f"write `{text[at + 1]}=`"
        elif ch == "=" and text[at : at + 2] != "==":
            reason, hint = CHAR_HINTS["="]
        elif ch == "&" or ch == "|":
            reason, hint = CHAR_HINTS[ch]
            if text[at : at + 2] in ("&&", "||"):
                reason = f"`{ch * 2}` is not used in rules"
        elif ch in CHAR_HINTS:
            reason, hint = CHAR_HINTS[ch]
        elif ch == "." and text[at : at + 3] == "...":
            reason, hint = "three dots", "write a range with two dots: `1..7`"
        else:
            shown = ch if ch.isprintable() and not ch.isspace() else repr(ch)
            reason, hint = f"unexpected character `{shown}`", ""
        width = 2 if text[at : at + 2] in ("&&", "||", "=>", "=<") else 1
        return RuleError(reason, text, at, hint=hint, width=width)
    if isinstance(err, lark.exceptions.UnexpectedToken):
        return _unexpected_token(err.token, set(err.expected), text)
    if isinstance(err, lark.exceptions.UnexpectedEOF):
        return _unexpected_token(Token("$END", "", len(text)), set(err.expected), text)
    return RuleError("cannot read this rule", text, 0)  # pragma: no cover - Lark has no other kinds


def _open_ifs(text: str, upto: int) -> tuple[int, int]:
    """How many `if`s before ``upto`` still lack their `then`, and how many `then`s lack their `else`."""
    words = re.findall(r"[^\W\d]\w*", _blank_out(text[:upto]))
    need_then = need_else = 0
    for word in words:
        if word == "if":
            need_then += 1
        elif word == "then" and need_then:
            need_then -= 1
            need_else += 1
        elif word == "else" and need_else:
            need_else -= 1
    return need_then, need_else


def _blank_out(text: str) -> str:
    """``text`` with quoted text and comments replaced by spaces (so keywords inside them don't count)."""
    return re.sub(r'"[^"\n]*"|\'[^\'\n]*\'|“[^”\n]*”|#[^\n]*', lambda m: " " * len(m.group()), text)


def _innermost_open(text: str, upto: int) -> tuple[str, int] | None:
    """The innermost bracket still open at ``upto`` and where it is, or None."""
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(_blank_out(text[:upto])):
        if ch in "([":
            stack.append((ch, i))
        elif ch in ")]" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _last_word(text: str, upto: int) -> str:
    before = _blank_out(text[:upto]).rstrip()
    m = re.search(r"([^\W\d]\w*|[=!<>]+|\.\.|\S)$", before)
    return m.group(1) if m else ""


_VALUE_TERMINALS = frozenset({"NAME", "INT", "STRING", "SUIT_SYMBOL", "LPAR", "LSQB", "IF", "NOT", "MINUS"})
_JOINERS = frozenset(
    {
        "AND",
        "OR",
        "THEN",
        "ELSE",
        "RPAR",
        "RSQB",
        "COMMA",
        "STAR",
        "PERCENT",
        "DOT",
        "DOTDOT",
        "PLUS",
        "IN",
        "IS",
    }
)
_IS_HINT = (
    "`is` takes a property: even, odd, prime, red, black, face, number, high, low, blank; "
    "to compare values use `==`"
)


def _unexpected_token(token: Token, expected: set[str], text: str) -> RuleError:
    at = len(_blank_out(text).rstrip()) if token.type == "$END" else (token.start_pos or 0)
    width = max(1, len(str(token)))
    got = _describe(token)
    need_then, need_else = _open_ifs(text, at)
    previous = _last_word(text, at)
    word = str(token)
    tail = _blank_out(text[:at]).split()[-2:]

    def error(reason: str, hint: str) -> RuleError:
        return RuleError(reason, text, at, hint=hint, width=width if token.type != "$END" else 1)

    if previous.lower() in A.KEYWORDS and previous != previous.lower():
        return error(f"unexpected {got}", f"keywords are written in lower case: `{previous.lower()}`")
    if token.type == "$END":
        if need_then and "THEN" in expected:
            return error("the rule ends too early", "an `if` needs `then` and `else`: `if C then A else B`")
        if need_else and "ELSE" in expected:
            return error("the rule ends too early", "every `if` needs an `else`: `if C then A else B`")
        return error("the rule ends too early", f"something must follow `{previous}`" if previous else "")
    if token.type == "DOT" and text[max(0, at - 2) : at] == "..":
        return RuleError("three dots", text, at - 2, hint="write a range with two dots: `1..7`", width=3)
    if tail[-1:] == ["is"] or tail == ["is", "not"]:
        return error(f"unexpected {got}", _IS_HINT)
    if previous == ".":
        return error(
            f"unexpected {got}",
            "after the dot comes an attribute: rank, suit, color (letter deck: letter, ink, shape, outline)",
        )
    if token.type == "DOTDOT":
        return error(
            "unexpected `..`", "a range goes right after `in`, without brackets: `card.rank in 1..7`"
        )
    if token.type == "IF" and not (expected & {"NAME", "INT", "LPAR"}):
        return error("unexpected `if`", "`if` comes first: `if C then A else B`")
    if token.type == "NAME" and word in ("to", "through", "thru", "between", "from"):
        return error(f"unexpected {got}", "write a range with two dots: `card.rank in 1..7`")
    if token.type == "COMPARE_OP" and word == ">" and previous == "<":
        return error("`<>` is not a comparison", "write `!=` for 'not equal'")
    if token.type in _VALUE_TERMINALS and not (expected & {"NAME", "INT", "STRING"}):
        # Two values side by side: a missing dot, operator or keyword.
        reason = f"unexpected {got}: something is missing before it"
        if token.type == "NAME" and (word in A.CARD_ATTRS or word in A.PLAYER_ATTRS):
            owner = previous if previous in A.REFS else "card"
            return error(reason, f"write attributes with a dot: `{owner}.{word}`")
        if token.type == "NAME" and word in A.PREDICATES and previous in A.PREDICATES:
            return error(reason, f"one property at a time: `card is {previous} and card is {word}`")
        if token.type == "NAME" and word in A.PREDICATES:
            return error(reason, f"use `is`: `{previous} is {word}`")
        if need_then and "THEN" in expected:
            return error(f"expected `then`, found {got}", "write `if C then A else B`")
        if need_else and "ELSE" in expected:
            return error(f"expected `else`, found {got}", "every `if` needs an `else`: `if C then A else B`")
        return error(reason, "is an operator missing? Compare with `==`, join conditions with `and` / `or`")
    if need_then and "THEN" in expected and token.type in ("ELSE", "RPAR", "RSQB", "COMMA"):
        return error(f"expected `then`, found {got}", "write `if C then A else B`")
    if need_else and "ELSE" in expected and token.type in ("THEN", "RPAR", "RSQB", "COMMA"):
        return error(f"expected `else`, found {got}", "every `if` needs an `else`: `if C then A else B`")
    if token.type == "COMMA":
        opener = _innermost_open(text, at)
        called = re.search(r"([^\W\d]\w*)\s*$", text[: opener[1]]) if opener else None
        if opener is None or (opener[0] == "(" and (called is None or called.group(1) in A.KEYWORDS)):
            return error(
                f"unexpected {got}", "a list goes in square brackets: `card.suit in [hearts, diamonds]`"
            )
    if token.type == "COMPARE_OP" and previous in ("and", "or"):
        return error(
            f"unexpected {got}",
            f"each comparison needs both sides: `card.rank >= 5 {previous} card.rank <= 9` "
            "(or `card.rank in 5..9`)",
        )
    if token.type == "COMPARE_OP" and previous in ("<", ">", "=", "!"):
        hint = "comparisons are `==`, `!=`, `<`, `<=`, `>`, `>=`"
    elif token.type == "COMPARE_OP" and "COMPARE_OP" not in expected and previous not in _OPERATOR_WORDS:
        hint = "comparisons cannot be chained: write `a < b and b < c`, or `x in 1..7` for a range"
    elif token.type == "IS" and previous not in _OPERATOR_WORDS:
        hint = "`is` follows a card or a number (`card is even`); to compare tests bracket them: " + (
            "`(card is red) == (prev is red)`"
        )
    elif token.type == "STAR" and previous == "*":
        hint = "there is no power operator: multiply with `*`"
    elif token.type in _JOINERS or token.type == "COMPARE_OP":
        hint = (
            f"something is missing between `{previous}` and {got}"
            if previous
            else "something is missing before it"
        )
    else:
        wanted = _expected_words(expected)
        hint = f"expected {wanted}" if wanted else ""
    return error(f"unexpected {got}", hint)


_OPERATOR_WORDS = frozenset(
    {
        "and",
        "or",
        "not",
        "if",
        "then",
        "else",
        "in",
        "is",
        "(",
        "[",
        ",",
        "+",
        "-",
        "*",
        "%",
        "=",
        "<",
        ">",
        ".",
    }
)


# -- type checking ---------------------------------------------------------------------------------
Types = frozenset[str]
_INT: Types = frozenset({"int"})
_BOOL: Types = frozenset({"bool"})
_CARD: Types = frozenset({"card"})
_PLAYER: Types = frozenset({"player"})
_STRING: Types = frozenset({"string"})
_ATTR_TYPES: dict[str, Types] = {
    "rank": _INT,
    "suit": frozenset({"suit"}),
    "color": frozenset({"color"}),
    "letter": frozenset({"letter"}),
    "ink": frozenset({"ink"}),
    "shape": frozenset({"shape"}),
    "outline": frozenset({"outline"}),
    "name": _STRING,
    "seat": _INT,
}
_ORDERED = frozenset({"int", "letter", "string"})
#: Predicates that read a playing card's rank or colour, or a letter card's nature.
_STANDARD_PREDICATES = frozenset({"even", "odd", "prime", "red", "black", "face", "number", "high", "low"})
_NUMBER_PREDICATES = frozenset({"even", "odd", "prime", "face", "number", "high", "low"})


def _list_of(types: Types) -> Types:
    return frozenset("list:" + t for t in types)


def _elements(types: Types) -> Types:
    return frozenset(t[5:] for t in types if t.startswith("list:"))


@dataclass
class Analysis:
    """What a checked rule reads: how far back, the position, the player, which deck's attributes."""

    lookback: int = 0
    uses_position: bool = False
    uses_player: bool = False
    standard: str | None = None  # the first playing-card attribute read, for messages
    letters: str | None = None  # the first letter-card attribute read
    standard_span: A.Span | None = None
    letters_span: A.Span | None = None

    @property
    def deck(self) -> str:
        if self.standard and not self.letters:
            return "standard"
        if self.letters and not self.standard:
            return "letters"
        return "any"


class TypeChecker:
    """Gives every node its set of possible types, or raises :class:`RuleError` on a type mistake.

    Constants like ``red`` may have several types (a suit colour, an ink, an outline); a comparison
    keeps the types both sides share.  ``types[id(node)]`` is kept for the evaluator.
    """

    def __init__(self, text: str = "") -> None:
        self.text = text
        self.types: dict[int, Types] = {}
        self.analysis = Analysis()

    def of(self, node: A.Node) -> Types:
        known = self.types.get(id(node))
        return known if known is not None else self.check(node)

    def error(self, node: A.Node, reason: str, hint: str = "") -> RuleError:
        if node.span is None or not self.text:
            return RuleError(reason, self.text, None, hint=hint)
        start, end = node.span
        return RuleError(reason, self.text, start, hint=hint, width=max(1, end - start))

    def check_rule(self, node: A.Node) -> Types:
        types = self.check(node)
        if isinstance(node, A.Str):
            raise self.error(node, "the whole rule is in quotes", "remove the quotes around the rule")
        if "bool" not in types:
            raise self.error(
                node,
                f"a rule must be true or false, but this is {type_word(types)}",
                "compare it with something, like `card.rank > prev.rank` or `card.color != prev.color`",
            )
        a = self.analysis
        if a.standard and a.letters:
            spans = sorted([(a.standard_span or (0, 0), a.standard), (a.letters_span or (0, 0), a.letters)])
            late_span, _ = spans[1]
            start, end = late_span
            raise RuleError(
                f"this rule reads both playing-card attributes (`{a.standard}`) and letter-card ones "
                f"(`{a.letters}`)",
                self.text,
                start if self.text else None,
                width=max(1, end - start),
                hint="a rule is for one deck: rank/suit/color are on playing cards, "
                "letter/ink/shape/outline and `blank` on the letter deck",
            )
        return types

    def check(self, node: A.Node) -> Types:
        method = getattr(self, "_" + type(node).__name__)
        types: Types = method(node)
        self.types[id(node)] = types
        return types

    def _reads(self, node: A.Node, what: str, deck: str) -> None:
        a = self.analysis
        if deck == "standard" and a.standard is None:
            a.standard, a.standard_span = what, node.span
        if deck == "letters" and a.letters is None:
            a.letters, a.letters_span = what, node.span

    # -- leaves --
    def _Int(self, node: A.Int) -> Types:
        return _INT

    def _Bool(self, node: A.Bool) -> Types:
        return _BOOL

    def _Const(self, node: A.Const) -> Types:
        return frozenset(A.CONSTANTS[node.name])

    def _Str(self, node: A.Str) -> Types:
        return frozenset({"string", "letter"}) if node.value in _LETTERS else _STRING

    def _Ref(self, node: A.Ref) -> Types:
        a = self.analysis
        if node.name == "position":
            a.uses_position = True
            return _INT
        if node.name == "player":
            a.uses_player = True
            return _PLAYER
        a.lookback = max(a.lookback, A.REF_DEPTH[node.name])
        return _CARD

    # -- attributes and predicates --
    def _Attr(self, node: A.Attr) -> Types:
        obj = self.check(node.obj)
        if obj == _CARD:
            if node.name not in A.CARD_ATTRS:
                hint = "did you mean `player.name`?" if node.name == "name" else "did you mean `player.seat`?"
                raise self.error(node, f"a card has no `{node.name}`", hint)
            self._reads(node, node.name, "standard" if node.name in A.STANDARD_ATTRS else "letters")
        elif obj == _PLAYER:
            if node.name not in A.PLAYER_ATTRS:
                raise self.error(node, f"a player has no `{node.name}`", "a player has `name` and `seat`")
        else:
            raise self.error(
                node,
                f"`{node.name}` belongs to a card or a player, not to {type_word(obj)}",
                "write `card.rank`, `prev.suit`, `player.name` …",
            )
        return _ATTR_TYPES[node.name]

    def _Is(self, node: A.Is) -> Types:
        types = self.check(node.operand)
        p = node.predicate
        if types == _CARD:
            if p == "blank":
                self._reads(node, "blank", "letters")
            else:
                self._reads(node, p, "standard")
            return _BOOL
        if "int" in types and p in _NUMBER_PREDICATES:
            return _BOOL
        if "color" in types and p in ("red", "black"):
            return _BOOL
        if "int" in types:
            hint = f"`{p}` is said of a card: `card is {p}`"
        elif p in ("red", "black"):
            hint = f"`red`/`black` is said of a card or a colour: `card is {p}` or `card.color == {p}`"
        else:
            hint = f"`{p}` is said of a card (`card is {p}`) or a number (`card.rank is {p}`)"
        if p == "blank":
            hint = "`blank` is said of a card: `card is blank`"
        raise self.error(node, f"{type_word(types)} cannot be `{p}`", hint)

    # -- arithmetic and logic --
    def _need(self, node: A.Node, want: Types, role: str, hint: str = "") -> Types:
        types = self.check(node)
        if not (types & want):
            raise self.error(node, f"{role} must be {type_word(want)}, but this is {type_word(types)}", hint)
        return types

    def _Neg(self, node: A.Neg) -> Types:
        self._need(node.operand, _INT, "what follows `-`")
        return _INT

    def _Not(self, node: A.Not) -> Types:
        self._need(
            node.operand, _BOOL, "what follows `not`", "`not` goes before a condition: `not card is red`"
        )
        return _BOOL

    def _Arith(self, node: A.Arith) -> Types:
        hint = "arithmetic works on numbers: use `card.rank`, not `card`"
        self._need(node.left, _INT, f"each side of `{node.op}`", hint)
        self._need(node.right, _INT, f"each side of `{node.op}`", hint)
        if node.op == "%" and isinstance(node.right, A.Int) and node.right.value == 0:
            raise self.error(
                node.right, "the remainder after dividing by 0 makes no sense", "use `% 2`, `% 4` …"
            )
        return _INT

    def _BoolOp(self, node: A.BoolOp) -> Types:
        hint = (
            f"each side of `{node.op}` must be a whole condition: "
            f"`card.rank == 1 {node.op} card.rank == 2`"
            + (" (or `card.rank in [1, 2]`)" if node.op == "or" else "")
        )
        left = node.left
        if isinstance(left, A.Compare) and left.op == "==" and not isinstance(node.right, A.Compare):
            # `card.suit == hearts or diamonds`: say it the way it is meant.
            subject, first, second = to_text(left.left), to_text(left.right), to_text(node.right)
            hint = f"write `{subject} == {first} {node.op} {subject} == {second}`" + (
                f", or `{subject} in [{first}, {second}]`" if node.op == "or" else ""
            )
        self._need(node.left, _BOOL, f"each side of `{node.op}`", hint)
        self._need(node.right, _BOOL, f"each side of `{node.op}`", hint)
        return _BOOL

    def _Compare(self, node: A.Compare) -> Types:
        left, right = self.check(node.left), self.check(node.right)
        if any(t.startswith("list:") for t in left | right):
            raise self.error(node, "a list cannot be compared", "to test membership write `x in [a, b]`")
        common = left & right
        if not common:
            raise self.error(
                node,
                f"{type_word(left)} cannot be compared with {type_word(right)}",
                compare_hint(node, left, right),
            )
        if node.op not in ("==", "!=") and not (common & _ORDERED):
            raise self.error(
                node,
                f"{type_word(common)} cannot be put in order with `{node.op}`",
                "only numbers (and letters) are ordered; use `==` or `!=`"
                + (", or `next(x, [...])` for an order of your own" if common & {"suit", "color"} else ""),
            )
        if "card" in common:
            raise self.error(
                node,
                "two cards cannot be compared directly",
                "compare their attributes: `card.rank == prev.rank`, `card.suit == prev.suit`",
            )
        if "player" in common:
            raise self.error(node, "two players cannot be compared", "compare `player.name` or `player.seat`")
        return _BOOL

    def _If(self, node: A.If) -> Types:
        self._need(node.cond, _BOOL, "the condition after `if`", "write a condition: `if prev is red then …`")
        then, other = self.check(node.then), self.check(node.otherwise)
        common = then & other
        if not common:
            raise self.error(
                node,
                f"the two branches of `if` differ: {type_word(then)} after `then`, "
                f"{type_word(other)} after `else`",
                "both branches must be conditions (or both numbers, both suits …)",
            )
        return common

    # -- lists and ranges --
    def _Range(self, node: A.Range) -> Types:
        raise self.error(node, "a range like `1..7` can only follow `in`", "write `card.rank in 1..7`")

    def _check_range(self, node: A.Range) -> None:
        self._need(node.low, _INT, "the start of a range", "ranges are of numbers: `1..7`")
        self._need(node.high, _INT, "the end of a range", "ranges are of numbers: `1..7`")
        low, high = _literal_int(node.low), _literal_int(node.high)
        if low is not None and high is not None and low > high:
            raise self.error(
                node,
                f"the range {to_text(node)} is empty: it starts above its end",
                f"write the smaller number first: `{to_text(node.high)}..{to_text(node.low)}`",
            )
        self.types[id(node)] = frozenset({"range"})

    def _ListOf(self, node: A.ListOf) -> Types:
        common: Types | None = None
        for item in node.items:
            types = self.check(item)
            if any(t.startswith("list:") for t in types):
                raise self.error(item, "a list cannot hold another list")
            if types & {"card", "player"}:
                raise self.error(
                    item, f"a list cannot hold {type_word(types)}", "list values: `[hearts, diamonds]`"
                )
            if common is None:
                common = types
            elif not (common & types):
                raise self.error(
                    item,
                    f"a list must hold one kind of value: this is {type_word(types)}, "
                    f"the items before are {type_word(common)}",
                )
            else:
                common = common & types
        if common is None:
            raise self.error(node, "a list needs at least one item")
        return _list_of(common)

    def _In(self, node: A.In) -> Types:
        item = self.check(node.item)
        container = node.container
        if isinstance(container, A.Range):
            self._check_range(container)
            if "int" not in item:
                raise self.error(
                    node.item,
                    f"a range holds numbers, but this is {type_word(item)}",
                    "write `card.rank in 1..7`"
                    + (", or `card.suit in [hearts, diamonds]`" if "suit" in item else ""),
                )
            return _BOOL
        ctypes = self.check(container)
        elements = _elements(ctypes)
        if not elements:
            raise self.error(
                container,
                f"`in` needs a list or a range, not {type_word(ctypes)}",
                "write `x in [a, b]` or `x in 1..7`",
            )
        if not (item & elements):
            raise self.error(
                node,
                f"{type_word(item)} is never in {type_word(ctypes)}",
                compare_hint(node, item, elements),
            )
        return _BOOL

    def _Index(self, node: A.Index) -> Types:
        seq = self.check(node.seq)
        elements = _elements(seq)
        if not elements:
            raise self.error(
                node.seq,
                f"only a list can be indexed, not {type_word(seq)}",
                "like `[hearts, spades][prev.rank % 2]`",
            )
        self._need(node.index, _INT, "a list index", "index with a number: `[a, b, c][prev.rank % 3]`")
        return elements

    def _Call(self, node: A.Call) -> Types:
        if len(node.args) != A.FUNCTIONS[node.func]:
            raise self.error(
                node, f"`{node.func}` takes {A.FUNCTIONS[node.func]} argument(s)", FUNCTION_USAGE[node.func]
            )
        if node.func in ("cyc", "abs"):
            self._need(node.args[0], _INT, f"the argument of `{node.func}`", FUNCTION_USAGE[node.func])
            return _INT
        if node.func == "len":
            self._need(node.args[0], _STRING, "the argument of `len`", FUNCTION_USAGE["len"])
            return _INT
        x, seq = self.check(node.args[0]), self.check(node.args[1])
        elements = _elements(seq)
        if not elements:
            raise self.error(
                node.args[1],
                f"the second argument of `next` must be a list, not {type_word(seq)}",
                FUNCTION_USAGE["next"],
            )
        common = x & elements
        if not common:
            raise self.error(
                node, f"{type_word(x)} is never in {type_word(seq)}", compare_hint(node, x, elements)
            )
        return common


def _literal_int(node: A.Node) -> int | None:
    """The value of a number written out (``7``, ``king``, ``-1``), else None."""
    if isinstance(node, A.Int):
        return node.value
    if isinstance(node, A.Neg) and isinstance(node.operand, A.Int):
        return -node.operand.value
    return None


# -- entry points ----------------------------------------------------------------------------------
def parse(text: str) -> A.Node:
    """Parse rule text into an (unchecked) syntax tree; raise :class:`RuleError` if it cannot be read."""
    if not isinstance(text, str):
        raise TypeError(f"a rule is text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise RuleError(
            f"the rule is too long ({len(text)} characters; the limit is {MAX_LENGTH})",
            text[: MAX_LENGTH + 40],
            MAX_LENGTH,
            hint="a secret rule should fit on a few lines; try a list like `x in [1, 2, 3]`",
        )
    if "\x00" in text:
        raise RuleError("the rule contains a NUL character", text, text.index("\x00"))
    stripped = "\n".join(line.split("#", 1)[0] for line in text.split("\n")) if "#" in text else text
    if not stripped.strip():
        raise RuleError(
            "the rule is empty",
            text,
            0,
            hint="write a condition such as `card.color != prev.color`",
        )
    _check_brackets(text)
    _state.text = text
    _state.depth = {}
    try:
        tree = _lark().parse(text)
    except RuleError:
        raise
    except lark.exceptions.VisitError as err:  # pragma: no cover - inline transformers do not wrap
        if isinstance(err.orig_exc, RuleError):
            raise err.orig_exc from None
        raise
    except lark.exceptions.UnexpectedInput as err:
        raise _from_lark(err, text) from None
    finally:
        _state.depth = {}
        _state.text = ""
    if not isinstance(tree, A.Node):  # pragma: no cover - every grammar rule builds a node
        raise RuleError("cannot read this rule", text, 0)
    return tree


def check(node: A.Node, text: str = "") -> TypeChecker:
    """Type-check a syntax tree (built by :func:`parse` or by hand); raise :class:`RuleError` if wrong."""
    if not isinstance(node, A.Node):
        raise TypeError(f"expected a syntax-tree node, not {type(node).__name__}")
    if _depth(node) > MAX_DEPTH:
        raise RuleError(f"the rule is nested too deeply (more than {MAX_DEPTH} levels)", text, None)
    checker = TypeChecker(text)
    checker.check_rule(node)
    return checker


def _depth(root: A.Node) -> int:
    """Nesting depth, iteratively (hand-built trees may be deep)."""
    best = 0
    stack: list[tuple[A.Node, int]] = [(root, 1)]
    while stack:
        node, d = stack.pop()
        best = max(best, d)
        if best > MAX_DEPTH:
            return best
        stack.extend((child, d + 1) for child in node.children())
    return best
