"""Rule text → syntax tree: the Lark grammar and the transformer that builds the frozen AST nodes.

The Lark LALR parser is built once.  Its transformer runs *inline* (on each reduction), so no parse
tree is built and nothing recurses over the input: deep or long hostile text is refused by the
length and depth guards with a :class:`RuleError`, never a ``RecursionError``.  What went wrong in
text Lark cannot read is worked out by :mod:`eleusis_lab.rules.diagnostics`.

>>> parse("card.suit == prev.suit or card.rank == prev.rank")  # doctest: +NORMALIZE_WHITESPACE
BoolOp(op='or', left=Compare(op='==', left=Attr(obj=Ref(name='card'), name='suit'),
    right=Attr(obj=Ref(name='prev'), name='suit')), right=Compare(op='==',
    left=Attr(obj=Ref(name='card'), name='rank'), right=Attr(obj=Ref(name='prev'), name='rank')))
"""

from __future__ import annotations

import threading
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import Any

import lark
from lark import Token

from eleusis_lab.rules import ast as A
from eleusis_lab.rules import diagnostics
from eleusis_lab.rules.errors import (
    RuleError,
    attr_hint,
    function_hint,
    name_hint,
    predicate_hint,
)
from eleusis_lab.rules.functions import FUNCTIONS

__all__ = ["MAX_DEPTH", "MAX_LENGTH", "lark_error", "parse"]

#: Longest rule text accepted, in characters (a long classroom rule is a few hundred).
MAX_LENGTH = 2000
#: Deepest nesting of sub-expressions accepted.
MAX_DEPTH = 60

_CYRILLIC = dict(zip("АБВГД", "ABCDE", strict=True))
_SUIT_SYMBOLS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_SUIT_SYMBOLS.update({"♤": "spades", "♡": "hearts", "♢": "diamonds", "♧": "clubs"})
_BOOL_WORDS = {"true": True, "false": False}


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
        function = FUNCTIONS.get(name)
        if function is None:
            raise _fail(f"unknown function `{name}`", _start(word), _end(word), function_hint(name))
        want = function.arity
        if len(args) != want:
            raise _fail(
                f"`{name}` takes {want} argument{'s' if want > 1 else ''}, not {len(args)}",
                _start(word),
                _end(c[-1]),
                function.usage,
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
    diagnostics.check_brackets(text)
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
        raise diagnostics.from_lark(err, text, lark_error) from None
    finally:
        _state.depth = {}
        _state.text = ""
    if not isinstance(tree, A.Node):  # pragma: no cover - every grammar rule builds a node
        raise RuleError("cannot read this rule", text, 0)
    return tree


def lark_error(text: str) -> lark.exceptions.UnexpectedInput | None:
    """The syntax error Lark finds in ``text``, or None (for the catalogue of mistakes' examples).

    Only Lark's own verdict: the guards of :func:`parse` are not run, and a name the transformer
    refuses counts as no syntax error.
    """
    _state.text = text
    _state.depth = {}
    try:
        _lark().parse(text)
    except lark.exceptions.UnexpectedInput as err:
        return err
    except RuleError:
        return None
    finally:
        _state.depth = {}
        _state.text = ""
    return None
