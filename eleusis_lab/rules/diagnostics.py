"""Why rule text cannot be read: Lark's syntax errors turned into a :class:`RuleError` a teacher understands.

Unbalanced brackets and unclosed quotes are found before Lark runs, by a scan that skips text and
comments; anything else Lark refuses is matched against a catalogue of example mistakes.
"""

from __future__ import annotations

import re

import lark
from lark import Token

from eleusis_lab.rules import ast as A
from eleusis_lab.rules.errors import CHAR_HINTS, RuleError

__all__ = ["check_brackets", "from_lark"]


_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {")": "(", "]": "[", "}": "{"}
_QUOTES = {'"': '"', "'": "'", "“": "”"}


def check_brackets(text: str) -> None:
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


def from_lark(err: lark.exceptions.UnexpectedInput, text: str) -> RuleError:
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
