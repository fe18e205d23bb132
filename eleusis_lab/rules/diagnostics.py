"""Why rule text cannot be read: Lark's syntax errors turned into a :class:`RuleError` a teacher understands.

Unbalanced brackets and unclosed quotes are found before Lark runs, by a scan that skips text and
comments; characters the rule language does not use get :data:`~eleusis_lab.rules.errors.CHAR_HINTS`.
A token in the wrong place is matched against :data:`MISTAKES`, a catalogue of example mistakes,
the idea of Lark's ``match_examples``: each example is parsed once, and the parser state it fails
in and the kind of token it fails on say where that mistake happens; an error in the same state on
the same kind of token is the same mistake.  A few entries also look at the words around the error
(the unexpected word, the one before it) or at what could come next (an `if` still waiting for its
`then`).  The examples are the catalogue's test cases: each must be diagnosed as its own entry.

>>> from eleusis_lab.rules import Rule
>>> Rule.parse("card rank == 3")
Traceback (most recent call last):
...
eleusis_lab.rules.errors.RuleError: unexpected `rank`: something is missing before it (line 1, column 6)
    card rank == 3
         ^^^^
hint: write attributes with a dot: `card.rank`
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import lark
from lark import Token

from eleusis_lab.rules import ast as A
from eleusis_lab.rules.errors import CHAR_HINTS, RuleError

__all__ = ["MISTAKES", "Mistake", "check_brackets", "from_lark", "mistake_for"]

#: Parses text with the rule language's Lark parser and returns the syntax error, if any.
LarkErrorOf = Callable[[str], "lark.exceptions.UnexpectedInput | None"]


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


def from_lark(err: lark.exceptions.UnexpectedInput, text: str, error_of: LarkErrorOf) -> RuleError:
    """The RuleError for a syntax error Lark found in ``text``; ``error_of`` parses the examples."""
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
        return _unexpected_token(err, text, error_of)
    return RuleError("cannot read this rule", text, 0)  # pragma: no cover - Lark has no other kinds


# -- the catalogue of mistakes ---------------------------------------------------------------------
_VALUES = frozenset({"NAME", "INT", "STRING", "SUIT_SYMBOL", "LPAR", "LSQB", "IF", "NOT", "MINUS"})
_JOINERS = frozenset(
    {"AND", "OR", "THEN", "ELSE", "RPAR", "RSQB", "COMMA", "STAR", "PERCENT", "DOT", "DOTDOT", "PLUS", "IN",
     "IS", "COMPARE_OP"}
)  # fmt: skip
#: Keywords written with capitals (``If``, ``AND``): every casing but the right one.
_CAPITALISED = frozenset(
    "".join(c) for k in A.KEYWORDS for c in itertools.product(*((ch, ch.upper()) for ch in k))
) - set(A.KEYWORDS)
_IS_HINT = (
    "`is` takes a property: even, odd, prime, red, black, face, number, high, low, blank; "
    "to compare values use `==`"
)
_MISSING = "unexpected {got}: something is missing before it"
_ANY = frozenset({"*"})


@dataclass(frozen=True, slots=True)
class Mistake:
    """One kind of syntax mistake: texts that make it, and what to say about it.

    ``reason`` and ``hint`` may name ``{got}`` (the unexpected token, in words), ``{word}`` (its
    text; ``{word_lower}`` in lower case), ``{before}`` (the word before it; ``{lower}`` in lower
    case) and ``{owner}`` (``before`` if it names a card, else ``card``).

    The mistake is recognised where its examples fail: in the same parser state (``anywhere``: in
    any state) on the same kind of token (``tokens``: on these kinds; :data:`_ANY`: on any), and
    only if the filters hold: the unexpected word is one of ``words``, the word before it one of
    ``after``, the terminal ``needs`` could come next (an open `if` waiting for `then`), and with
    ``after_value`` no value could come here (the token follows a complete value).  ``back`` and
    ``width`` move and widen the caret.
    """

    examples: tuple[str, ...]
    reason: str
    hint: str
    anywhere: bool = False
    tokens: frozenset[str] | None = None
    words: frozenset[str] | None = None
    after: frozenset[str] | None = None
    needs: str | None = None
    after_value: bool = False
    back: int = 0
    width: int | None = None


#: In order: the first entry that matches an error says what it is.
MISTAKES: tuple[Mistake, ...] = (
    Mistake(
        ("If prev is red then true else false", "Not card is red"),
        "unexpected {got}",
        "keywords are written in lower case: `{lower}`",
        anywhere=True,
        tokens=_ANY,
        after=_CAPITALISED,
    ),
    Mistake(
        ("card is red AND prev is red", "card is red Or prev is red"),
        "unexpected {got}",
        "keywords are written in lower case: `{word_lower}`",
        anywhere=True,
        words=_CAPITALISED,
    ),
    Mistake(
        ("if prev is red", "if card.rank > 3"),
        "the rule ends too early",
        "an `if` needs `then` and `else`: `if C then A else B`",
        anywhere=True,
        tokens=frozenset({"$END"}),
        needs="THEN",
    ),
    Mistake(
        ("if prev is red then card is black",),
        "the rule ends too early",
        "every `if` needs an `else`: `if C then A else B`",
        anywhere=True,
        tokens=frozenset({"$END"}),
        needs="ELSE",
    ),
    Mistake(
        ("card.rank == 1 or", "not", "if prev is red then card is black else", "card.rank +"),
        "the rule ends too early",
        "something must follow `{before}`",
        anywhere=True,
        tokens=frozenset({"$END"}),
    ),
    Mistake(
        ("card.rank in 1...7",),
        "three dots",
        "write a range with two dots: `1..7`",
        anywhere=True,
        after=frozenset({".."}),
        back=2,
        width=3,
    ),
    Mistake(("card.rank is 3", "card is not 3", 'card is "red"'), "unexpected {got}", _IS_HINT, tokens=_ANY),
    Mistake(
        ("card. == 3", "card.3 == 3"),
        "unexpected {got}",
        "after the dot comes an attribute: rank, suit, color (letter deck: letter, ink, shape, outline)",
        tokens=_ANY,
    ),
    Mistake(
        ("card.rank in [1..7]", "card.rank == 1..7"),
        "unexpected `..`",
        "a range goes right after `in`, without brackets: `card.rank in 1..7`",
        anywhere=True,
    ),
    Mistake(
        ("card.rank > 3 if prev is red else true",),
        "unexpected `if`",
        "`if` comes first: `if C then A else B`",
        anywhere=True,
        after_value=True,
    ),
    Mistake(
        ("card.rank in 1 to 7", "card.rank in 1 through 7"),
        "unexpected {got}",
        "write a range with two dots: `card.rank in 1..7`",
        anywhere=True,
        words=frozenset({"to", "through", "thru", "between", "from"}),
    ),
    Mistake(
        ("card.rank <> 3",),
        "`<>` is not a comparison",
        "write `!=` for 'not equal'",
        anywhere=True,
        words=frozenset({">"}),
        after=frozenset({"<"}),
    ),
    # two values side by side: a dot, an operator or a keyword is missing
    Mistake(
        ("card rank == 3", "prev suit == hearts", 'player name == "Ann"'),
        _MISSING,
        "write attributes with a dot: `{owner}.{word}`",
        anywhere=True,
        after_value=True,
        words=frozenset(A.CARD_ATTRS + A.PLAYER_ATTRS),
    ),
    Mistake(
        ("card is red even",),
        _MISSING,
        "one property at a time: `card is {before} and card is {word}`",
        anywhere=True,
        after_value=True,
        words=frozenset(A.PREDICATES),
        after=frozenset(A.PREDICATES),
    ),
    Mistake(
        ("prev even", "card odd"),
        _MISSING,
        "use `is`: `{before} is {word}`",
        anywhere=True,
        after_value=True,
        words=frozenset(A.PREDICATES),
    ),
    Mistake(
        ("if prev is red card is black", "if card.rank > 3 card is red else true"),
        "expected `then`, found {got}",
        "write `if C then A else B`",
        anywhere=True,
        tokens=_VALUES,
        after_value=True,
        needs="THEN",
    ),
    Mistake(
        ("if prev is red then card is black card is red",),
        "expected `else`, found {got}",
        "every `if` needs an `else`: `if C then A else B`",
        anywhere=True,
        tokens=_VALUES,
        after_value=True,
        needs="ELSE",
    ),
    Mistake(
        (
            "card.rank == 3 prev.rank == 4",
            "card.rank == 3 4",
            'card.letter == "A" "B"',
            "(card is red) (prev is red)",
        ),
        _MISSING,
        "is an operator missing? Compare with `==`, join conditions with `and` / `or`",
        anywhere=True,
        tokens=_VALUES,
        after_value=True,
    ),
    Mistake(
        ("if prev is red else true", "(if prev is red)", "[if prev is red, 1]"),
        "expected `then`, found {got}",
        "write `if C then A else B`",
        anywhere=True,
        tokens=frozenset({"ELSE", "RPAR", "RSQB", "COMMA"}),
        needs="THEN",
    ),
    Mistake(
        ("(if prev is red then true)", "if prev is red then true then false"),
        "expected `else`, found {got}",
        "every `if` needs an `else`: `if C then A else B`",
        anywhere=True,
        tokens=frozenset({"THEN", "RPAR", "RSQB", "COMMA"}),
        needs="ELSE",
    ),
    Mistake(
        ("card.suit in (hearts, diamonds)", "card.rank == 1, 2"),
        "unexpected {got}",
        "a list goes in square brackets: `card.suit in [hearts, diamonds]`",
        anywhere=True,
        tokens=frozenset({"COMMA"}),
        after_value=True,
    ),
    Mistake(
        ("card.rank >= 5 and <= 9", "card.rank == 5 or == 9"),
        "unexpected {got}",
        "each comparison needs both sides: `card.rank >= 5 {before} card.rank <= 9` (or `card.rank in 5..9`)",
        anywhere=True,
        tokens=frozenset({"COMPARE_OP"}),
        after=frozenset({"and", "or"}),
    ),
    Mistake(
        ("card.rank < < 3", "card.rank > == 3"),
        "unexpected {got}",
        "comparisons are `==`, `!=`, `<`, `<=`, `>`, `>=`",
        anywhere=True,
        tokens=frozenset({"COMPARE_OP"}),
        after=frozenset({"<", ">", "=", "!"}),
    ),
    Mistake(
        ("card.rank < 3 < 4", "card is red == prev is red"),
        "unexpected {got}",
        "comparisons cannot be chained: write `a < b and b < c`, or `x in 1..7` for a range",
        anywhere=True,
        tokens=frozenset({"COMPARE_OP"}),
        after_value=True,
    ),
    Mistake(
        ("(card is face) != prev is face", "card is red is odd"),
        "unexpected {got}",
        "`is` follows a card or a number (`card is even`); to compare tests bracket them: "
        "`(card is red) == (prev is red)`",
        anywhere=True,
        tokens=frozenset({"IS"}),
        after_value=True,
    ),
    Mistake(
        ("card.rank ** 2 == 4",),
        "unexpected {got}",
        "there is no power operator: multiply with `*`",
        anywhere=True,
        tokens=frozenset({"STAR"}),
        after=frozenset({"*"}),
    ),
    Mistake(
        ("and card is red", "== 3", "or card is red"),
        "unexpected {got}",
        "something is missing before it",
        anywhere=True,
        tokens=_JOINERS,
        after=frozenset({""}),
    ),
    Mistake(
        ("card.rank == and 3", "card.suit in and", "card is red and or prev is red", "(card.rank + ) == 3"),
        "unexpected {got}",
        "something is missing between `{before}` and {got}",
        anywhere=True,
        tokens=_JOINERS,
    ),
)


@dataclass(frozen=True, slots=True)
class _Where:
    """Where Lark stopped: the parser state, the token and what could have come instead."""

    state: object
    token: Token
    accepts: frozenset[str]

    @property
    def after_value(self) -> bool:
        return not (self.accepts & {"NAME", "INT", "STRING"})


def _where(err: lark.exceptions.UnexpectedToken) -> _Where:
    # The LALR state on top of the stack: Lark's own ParserState also compares the stack's depth,
    # which would tell `(card rank)` from `card rank`.
    return _Where(_state_of(err), err.token, frozenset(err.accepts or err.expected))


def _state_of(err: lark.exceptions.UnexpectedToken) -> object:
    return getattr(err.state, "position", err.state)


@cache
def _signatures(error_of: LarkErrorOf) -> tuple[tuple[tuple[object, str], ...], ...]:
    """For each mistake, the (parser state, token kind) its examples fail in: parsed once."""
    out = []
    for mistake in MISTAKES:
        found = []
        for example in mistake.examples:
            err = error_of(example)
            if isinstance(err, lark.exceptions.UnexpectedToken):
                found.append((_state_of(err), err.token.type))
        out.append(tuple(found))
    return tuple(out)


def _matches(
    mistake: Mistake, signatures: tuple[tuple[object, str], ...], where: _Where, before: str
) -> bool:
    kinds = mistake.tokens if mistake.tokens is not None else {kind for _, kind in signatures}
    if kinds is not _ANY and where.token.type not in kinds:
        return False
    if not mistake.anywhere and where.state not in {state for state, _ in signatures}:
        return False
    if mistake.words is not None and str(where.token) not in mistake.words:
        return False
    if mistake.after is not None and before not in mistake.after:
        return False
    if mistake.needs is not None and mistake.needs not in where.accepts:
        return False
    return not mistake.after_value or where.after_value


def _find(where: _Where, before: str, error_of: LarkErrorOf) -> Mistake | None:
    for mistake, signatures in zip(MISTAKES, _signatures(error_of), strict=True):
        if _matches(mistake, signatures, where, before):
            return mistake
    return None


def mistake_for(text: str, error_of: LarkErrorOf) -> Mistake | None:
    """The catalogue's entry for the syntax error in ``text`` (None: no entry, or no such error)."""
    err = error_of(text)
    if not isinstance(err, lark.exceptions.UnexpectedToken):
        return None
    where = _where(err)
    return _find(where, _last_word(text, _at(where.token, text)), error_of)


def _at(token: Token, text: str) -> int:
    return len(_blank_out(text).rstrip()) if token.type == "$END" else (token.start_pos or 0)


def _unexpected_token(err: lark.exceptions.UnexpectedToken, text: str, error_of: LarkErrorOf) -> RuleError:
    where = _where(err)
    token = where.token
    at = _at(token, text)
    before = _last_word(text, at)
    word = str(token)
    got = _describe(token)
    mistake = _find(where, before, error_of)
    width = 1 if token.type == "$END" else max(1, len(word))
    if mistake is None:
        wanted = _expected_words(set(err.expected))
        return RuleError(
            f"unexpected {got}", text, at, hint=f"expected {wanted}" if wanted else "", width=width
        )
    fields = {
        "got": got,
        "word": word,
        "word_lower": word.lower(),
        "before": before,
        "lower": before.lower(),
        "owner": before if before in A.REFS else "card",
    }
    hint = mistake.hint.format(**fields) if before or "{before}" not in mistake.hint else ""
    return RuleError(
        mistake.reason.format(**fields),
        text,
        at - mistake.back,
        hint=hint,
        width=mistake.width or width,
    )


def _blank_out(text: str) -> str:
    """``text`` with quoted text and comments replaced by spaces (so keywords inside them don't count)."""
    return re.sub(r'"[^"\n]*"|\'[^\'\n]*\'|“[^”\n]*”|#[^\n]*', lambda m: " " * len(m.group()), text)


def _last_word(text: str, upto: int) -> str:
    before = _blank_out(text[:upto]).rstrip()
    m = re.search(r"([^\W\d]\w*|[=!<>]+|\.\.|\S)$", before)
    return m.group(1) if m else ""
