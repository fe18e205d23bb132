"""Compile a checked syntax tree once into nested Python closures; judging a play calls them.

Each compiled piece is a function ``f(card, mainline, player)``.  Reading something that does not
exist (``prev2`` with one card in the mainline, a letter of the blank, the rank of a letter card,
the player when none is given) raises :class:`Missing`; :func:`compile_rule` turns that into
"accept".  ``and``/``or`` short-circuit and ``if`` runs one branch, so a rule only misses what it
actually needs.  No Python source is ever generated or evaluated.

>>> from eleusis_lab.cards import Card
>>> from eleusis_lab.rules.syntax import parse
>>> from eleusis_lab.rules.typecheck import check
>>> tree = parse("if position == 1 then card.rank == 1 else card.rank >= prev.rank")
>>> judge = compile_rule(tree, check(tree))
>>> judge(Card.parse("AS"), (), None), judge(Card.parse("2S"), (), None)
(True, False)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from eleusis_lab.cards import Color, Ink, Outline, Shape, Suit
from eleusis_lab.rules import ast as A
from eleusis_lab.rules.functions import FUNCTIONS, Missing
from eleusis_lab.rules.typecheck import TypeChecker

__all__ = ["Compiler", "Missing", "compile_rule", "is_prime"]

Fn = Callable[[Any, Sequence[Any], Any], Any]

_SUIT_COLOR = {s: s.color for s in Suit}

_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
#: Miller–Rabin bases that make the test exact below each bound: 4 bases below 3.2 * 10^9, Jim
#: Sinclair's 7 below 2^64 (so for every number a rule can compute), the first 13 primes below 3.3 * 10^24.
_BASES = (
    (3_215_031_751, (2, 3, 5, 7)),
    (2**64, (2, 325, 9375, 28178, 450775, 9780504, 1795265022)),
    (3_317_044_064_679_887_385_961_981, _SMALL_PRIMES),
)


def is_prime(n: int) -> bool:
    """Primality by deterministic Miller–Rabin: exact for every n below 3.3 * 10^24.

    That covers every number a rule can compute (:data:`~eleusis_lab.rules.typecheck.MAX_NUMBER`),
    at a cost of a few modular powers, where trial division of `999999937 * 999999929` took a
    minute.  (Past 3.3 * 10^24, reachable only with positions or names beyond a million, it is a
    strong-probable-prime test to 13 bases.)

    >>> [n for n in range(30) if is_prime(n)], is_prime(999999937 * 999999929), is_prime(2**61 - 1)
    ([2, 3, 5, 7, 11, 13, 17, 19, 23, 29], False, True)
    """
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    bases = next((b for bound, b in _BASES if n < bound), _SMALL_PRIMES)
    for base in bases:
        a = base % n
        if a == 0:
            continue
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


_CONST_VALUES: dict[tuple[str, str], Any] = {}
for _suit in Suit:
    _CONST_VALUES[(_suit.value, "suit")] = _suit
for _enum, _type in ((Color, "color"), (Ink, "ink"), (Shape, "shape"), (Outline, "outline")):
    for _member in _enum:  # type: ignore[attr-defined]
        _CONST_VALUES[(_member.value, _type)] = _member

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_ARITH: dict[str, Callable[[int, int], int]] = {"+": operator.add, "-": operator.sub, "*": operator.mul}
#: Predicates on a rank.
_RANK_TESTS: dict[str, Callable[[int], bool]] = {
    "even": lambda r: r % 2 == 0,
    "odd": lambda r: r % 2 == 1,
    "prime": is_prime,
    "face": lambda r: r >= 11,
    "number": lambda r: 1 <= r <= 10,
    "high": lambda r: r >= 8,
    "low": lambda r: r <= 7,
}
#: Type preference when a value could be several (``red == red``): any choice works if both sides agree.
_PREFERENCE = ("int", "bool", "suit", "color", "letter", "ink", "shape", "outline", "string")


def _pick(types: frozenset[str]) -> str:
    for t in _PREFERENCE:
        if t in types:
            return t
    return min(types)


class _NotConstant(Exception):
    pass


class Compiler:
    """Turns checked nodes into closures; constants (lists of suits, numbers) are folded at compile time."""

    def __init__(self, types: TypeChecker) -> None:
        self.types = types

    # -- helpers --
    def constant(self, node: A.Node, want: str | None) -> Any:
        """The value of a constant sub-expression, or raise :class:`_NotConstant`."""
        if isinstance(node, A.Int):
            return node.value
        if isinstance(node, A.Bool):
            return node.value
        if isinstance(node, A.Const):
            return _CONST_VALUES[(node.name, want or _pick(frozenset(A.CONSTANTS[node.name])))]
        if isinstance(node, A.Str):
            return node.value
        if isinstance(node, A.Neg):
            return -self.constant(node.operand, "int")
        if isinstance(node, A.Arith):
            left, right = self.constant(node.left, "int"), self.constant(node.right, "int")
            if node.op != "%":
                return _ARITH[node.op](left, right)
            if right == 0:
                raise _NotConstant
            return left % right
        if isinstance(node, A.Call):
            function = FUNCTIONS[node.func]
            wants = self._argument_types(node, want)
            values = [self.constant(arg, w) for arg, w in zip(node.args, wants, strict=True)]
            try:
                return function.apply(*values)
            except Missing:
                raise _NotConstant from None
        if isinstance(node, A.ListOf):
            inner = want[5:] if want and want.startswith("list:") else None
            return tuple(self.constant(item, inner) for item in node.items)
        raise _NotConstant

    def try_constant(self, node: A.Node, want: str | None) -> tuple[bool, Any]:
        try:
            return True, self.constant(node, want)
        except _NotConstant:
            return False, None

    def common(self, *nodes: A.Node) -> str:
        types = self.types.of(nodes[0])
        for node in nodes[1:]:
            types = types & self.types.of(node)
        return _pick(types)

    # -- dispatch --
    def closure(self, node: A.Node, want: str | None = None) -> Fn:
        is_const, value = self.try_constant(node, want)
        if is_const:
            return lambda c, m, p: value
        return _METHODS[type(node)](self, node, want)

    def _Ref(self, node: A.Ref, want: str | None) -> Fn:
        if node.name == "card":
            return lambda c, m, p: c
        if node.name == "position":
            return lambda c, m, p: len(m) + 1
        if node.name == "player":

            def player(c: Any, m: Sequence[Any], p: Any) -> Any:
                if p is None:
                    raise Missing
                return p

            return player
        back = -A.REF_DEPTH[node.name]

        def previous(c: Any, m: Sequence[Any], p: Any) -> Any:
            try:
                return m[back]
            except IndexError:
                raise Missing from None

        return previous

    def _Attr(self, node: A.Attr, want: str | None) -> Fn:
        name = node.name
        obj = node.obj
        if name in A.PLAYER_ATTRS:
            get_player = self.closure(obj)
            getter = operator.attrgetter(name)
            return lambda c, m, p: getter(get_player(c, m, p))
        if name == "color":
            return self._card_value(obj, lambda card: _SUIT_COLOR.get(card.suit))
        return self._card_value(obj, operator.attrgetter(name))

    def _card_value(self, obj: A.Node, read: Callable[[Any], Any]) -> Fn:
        """A card attribute; None (the attribute is not on this kind of card) means missing."""
        if isinstance(obj, A.Ref) and obj.name == "card":

            def of_card(c: Any, m: Sequence[Any], p: Any) -> Any:
                value = read(c)
                if value is None:
                    raise Missing
                return value

            return of_card
        if isinstance(obj, A.Ref) and obj.name in A.REF_DEPTH:
            back = -A.REF_DEPTH[obj.name]

            def of_previous(c: Any, m: Sequence[Any], p: Any) -> Any:
                try:
                    value = read(m[back])
                except IndexError:
                    raise Missing from None
                if value is None:
                    raise Missing
                return value

            return of_previous
        get_card = self.closure(obj)

        def of_any(c: Any, m: Sequence[Any], p: Any) -> Any:
            value = read(get_card(c, m, p))
            if value is None:
                raise Missing
            return value

        return of_any

    def _Is(self, node: A.Is, want: str | None) -> Fn:
        types = self.types.of(node.operand)
        pred = node.predicate
        negated = node.negated
        if "card" in types:
            if pred == "blank":
                get = self.closure(node.operand)

                def blank(c: Any, m: Sequence[Any], p: Any) -> bool:
                    card = get(c, m, p)
                    return (card.rank is None and card.letter is None) is not negated

                return blank
            if pred in ("red", "black"):
                target = Color(pred)
                get = self._card_value(node.operand, lambda card: _SUIT_COLOR.get(card.suit))
            else:
                test = _RANK_TESTS[pred]
                get = self._card_value(node.operand, operator.attrgetter("rank"))
                return self._test(get, test, negated)
        elif "color" in types:
            target = Color(pred)
            get = self.closure(node.operand, "color")
        else:
            return self._test(self.closure(node.operand, "int"), _RANK_TESTS[pred], negated)
        if negated:
            return lambda c, m, p: get(c, m, p) is not target
        return lambda c, m, p: get(c, m, p) is target

    @staticmethod
    def _test(get: Fn, test: Callable[[Any], bool], negated: bool) -> Fn:
        if negated:
            return lambda c, m, p: not test(get(c, m, p))
        return lambda c, m, p: test(get(c, m, p))

    def _Neg(self, node: A.Neg, want: str | None) -> Fn:
        get = self.closure(node.operand, "int")
        return lambda c, m, p: -get(c, m, p)

    def _Not(self, node: A.Not, want: str | None) -> Fn:
        get = self.closure(node.operand, "bool")
        return lambda c, m, p: not get(c, m, p)

    def _Arith(self, node: A.Arith, want: str | None) -> Fn:
        left = self.closure(node.left, "int")
        right = self.closure(node.right, "int")
        if node.op == "%":
            is_const, k = self.try_constant(node.right, "int")
            if is_const and k != 0:
                return lambda c, m, p: left(c, m, p) % k

            def remainder(c: Any, m: Sequence[Any], p: Any) -> int:
                a = left(c, m, p)
                b = right(c, m, p)
                if b == 0:  # undefined, like a missing card: the rule cannot object
                    raise Missing
                return a % b  # type: ignore[no-any-return]

            return remainder
        op = _ARITH[node.op]
        return lambda c, m, p: op(left(c, m, p), right(c, m, p))

    def _BoolOp(self, node: A.BoolOp, want: str | None) -> Fn:
        left = self.closure(node.left, "bool")
        right = self.closure(node.right, "bool")
        if node.op == "and":
            return lambda c, m, p: left(c, m, p) and right(c, m, p)
        return lambda c, m, p: left(c, m, p) or right(c, m, p)

    def _Compare(self, node: A.Compare, want: str | None) -> Fn:
        t = self.common(node.left, node.right)
        left = self.closure(node.left, t)
        op = _COMPARE[node.op]
        is_const, k = self.try_constant(node.right, t)
        if is_const:
            if node.op == "==":
                return lambda c, m, p: left(c, m, p) == k
            if node.op == "!=":
                return lambda c, m, p: left(c, m, p) != k
            return lambda c, m, p: op(left(c, m, p), k)
        right = self.closure(node.right, t)
        if node.op == "==":
            return lambda c, m, p: left(c, m, p) == right(c, m, p)
        if node.op == "!=":
            return lambda c, m, p: left(c, m, p) != right(c, m, p)
        return lambda c, m, p: op(left(c, m, p), right(c, m, p))

    def _If(self, node: A.If, want: str | None) -> Fn:
        cond = self.closure(node.cond, "bool")
        t = want or self.common(node.then, node.otherwise)
        then = self.closure(node.then, t)
        otherwise = self.closure(node.otherwise, t)
        return lambda c, m, p: then(c, m, p) if cond(c, m, p) else otherwise(c, m, p)

    def _In(self, node: A.In, want: str | None) -> Fn:
        negated = node.negated
        container = node.container
        if isinstance(container, A.Range):
            item = self.closure(node.item, "int")
            lo_const, lo = self.try_constant(container.low, "int")
            hi_const, hi = self.try_constant(container.high, "int")
            if lo_const and hi_const:
                if negated:
                    return lambda c, m, p: not (lo <= item(c, m, p) <= hi)
                return lambda c, m, p: lo <= item(c, m, p) <= hi
            low = self.closure(container.low, "int")
            high = self.closure(container.high, "int")

            def in_range(c: Any, m: Sequence[Any], p: Any) -> bool:
                x = item(c, m, p)
                return (low(c, m, p) <= x <= high(c, m, p)) is not negated

            return in_range
        elements = frozenset(t[5:] for t in self.types.of(container) if t.startswith("list:"))
        t = _pick(self.types.of(node.item) & elements)
        item = self.closure(node.item, t)
        values = self._constant_list(container, t)
        if values is not None:
            members = frozenset(values)
            if negated:
                return lambda c, m, p: item(c, m, p) not in members
            return lambda c, m, p: item(c, m, p) in members
        if isinstance(container, A.ListOf):
            getters = tuple(self.closure(i, t) for i in container.items)

            def in_list(c: Any, m: Sequence[Any], p: Any) -> bool:
                x = item(c, m, p)
                # Lazy: items after the first match are never read, so they cannot be missing.
                return any(get(c, m, p) == x for get in getters) is not negated

            return in_list
        seq = self.closure(container, "list:" + t)

        def in_values(c: Any, m: Sequence[Any], p: Any) -> bool:
            return (item(c, m, p) in seq(c, m, p)) is not negated

        return in_values

    def _constant_list(self, node: A.Node, t: str) -> tuple[Any, ...] | None:
        if not isinstance(node, A.ListOf):
            return None
        out = []
        for item in node.items:
            ok, value = self.try_constant(item, t)
            if not ok:
                return None
            out.append(value)
        return tuple(out)

    def _ListOf(self, node: A.ListOf, want: str | None) -> Fn:
        t = want[5:] if want and want.startswith("list:") else self.common(node)[5:]
        getters = tuple(self.closure(item, t) for item in node.items)
        return lambda c, m, p: tuple(get(c, m, p) for get in getters)

    def _Index(self, node: A.Index, want: str | None) -> Fn:
        t = want or _pick(frozenset(x[5:] for x in self.types.of(node.seq)))
        index = self.closure(node.index, "int")
        if isinstance(node.seq, A.ListOf):
            values = self._constant_list(node.seq, t)
            if values is not None:
                n = len(values)
                return lambda c, m, p: values[index(c, m, p) % n]
            getters = tuple(self.closure(i, t) for i in node.seq.items)
            n = len(getters)
            # Only the chosen item is evaluated.
            return lambda c, m, p: getters[index(c, m, p) % n](c, m, p)
        seq = self.closure(node.seq, "list:" + t)

        def pick(c: Any, m: Sequence[Any], p: Any) -> Any:
            values = seq(c, m, p)
            return values[index(c, m, p) % len(values)]

        return pick

    def _argument_types(self, node: A.Call, want: str | None) -> list[str]:
        """The type each argument is compiled for; ``T`` is the result's type or what the arguments share."""
        function = FUNCTIONS[node.func]
        generic: frozenset[str] | None = None
        for param, arg in zip(function.params, node.args, strict=True):
            if param in ("T", "list:T"):
                types = self.types.of(arg)
                types = frozenset(t[5:] for t in types if t.startswith("list:")) if param != "T" else types
                generic = types if generic is None else generic & types
        t = want if function.result == "T" and want else (_pick(generic) if generic else "")
        return [t if p == "T" else "list:" + t if p == "list:T" else p for p in function.params]

    def _Call(self, node: A.Call, want: str | None) -> Fn:
        apply = FUNCTIONS[node.func].apply
        args = [
            self.closure(arg, w) for arg, w in zip(node.args, self._argument_types(node, want), strict=True)
        ]
        if len(args) == 1:
            (only,) = args
            return lambda c, m, p: apply(only(c, m, p))
        if len(args) == 2:
            first, second = args
            return lambda c, m, p: apply(first(c, m, p), second(c, m, p))
        return lambda c, m, p: apply(*(arg(c, m, p) for arg in args))


_METHODS: dict[type[A.Node], Callable[[Compiler, Any, str | None], Fn]] = {
    A.Ref: Compiler._Ref,
    A.Attr: Compiler._Attr,
    A.Is: Compiler._Is,
    A.Neg: Compiler._Neg,
    A.Not: Compiler._Not,
    A.Arith: Compiler._Arith,
    A.BoolOp: Compiler._BoolOp,
    A.Compare: Compiler._Compare,
    A.If: Compiler._If,
    A.In: Compiler._In,
    A.ListOf: Compiler._ListOf,
    A.Index: Compiler._Index,
    A.Call: Compiler._Call,
}


def compile_rule(node: A.Node, types: TypeChecker) -> Callable[[Any, Sequence[Any], Any], bool]:
    """A function ``judge(card, mainline, player) -> bool`` for a checked rule; missing reads accept."""
    body = Compiler(types).closure(node, "bool")

    def judge(card: Any, mainline: Sequence[Any], player: Any) -> bool:
        try:
            return body(card, mainline, player)  # type: ignore[no-any-return]
        except Missing:
            return True

    return judge
