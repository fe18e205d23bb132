"""The type checker: every node gets its set of possible types, or the rule is refused with a hint.

Type mistakes are found when a rule is written, not in the middle of a round.  The checker also
records what the rule reads (how far back, the position, the player, which deck).
"""

from __future__ import annotations

from dataclasses import dataclass

from eleusis_lab.rules import ast as A
from eleusis_lab.rules.errors import RuleError, compare_hint, type_word
from eleusis_lab.rules.functions import FUNCTIONS, Bounds
from eleusis_lab.rules.printer import to_text
from eleusis_lab.rules.syntax import MAX_DEPTH

__all__ = ["MAX_NUMBER", "Analysis", "TypeChecker", "Types", "check"]

_LETTERS = frozenset("ABCDE")

#: Largest size of a number a rule may compute: whole numbers stay within 64 bits, so ``is prime``
#: and arithmetic cost a few microseconds whatever the rule (without it, `999999937 * 999999929 is
#: prime` took a minute by trial division).  Checked when the rule is written, from the bounds of
#: its numbers, for positions and seats up to :data:`MAX_POSITION` and names up to a million letters.
MAX_NUMBER = 10**18
#: The largest position and seat assumed when bounding a rule's numbers (a round has a few hundred).
MAX_POSITION = 1_000_000

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
    "surname": _STRING,
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
        #: The smallest and largest value of every whole-number node whose range is known.
        self.bounds: dict[int, Bounds] = {}
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
        if "int" in types:
            self._bound(node)
        return types

    # -- bounds of numbers: constant folding, and the cap on their size --
    def _bound(self, node: A.Node) -> None:
        bounds = self._bounds_of(node)
        if bounds is None:
            return
        lo, hi = bounds
        if max(-lo, hi) > MAX_NUMBER:
            raise self.error(
                node,
                f"this number can grow too large: up to {_magnitude(max(-lo, hi))}, past the limit of 10^18",
                "rules work with small numbers: ranks go from 1 to 13",
            )
        self.bounds[id(node)] = bounds

    def _bounds_of(self, node: A.Node) -> Bounds | None:
        get = self.bounds.get
        if isinstance(node, A.Int):
            return (node.value, node.value)
        if isinstance(node, A.Ref) and node.name == "position":
            return (1, MAX_POSITION)
        if isinstance(node, A.Attr):
            return (1, 13) if node.name == "rank" else (0, MAX_POSITION)
        if isinstance(node, A.Neg):
            b = get(id(node.operand))
            return None if b is None else (-b[1], -b[0])
        if isinstance(node, A.Arith):
            left, right = get(id(node.left)), get(id(node.right))
            return None if left is None or right is None else _arith_bounds(node.op, left, right)
        if isinstance(node, A.If):
            return _union(get(id(node.then)), get(id(node.otherwise)))
        if isinstance(node, A.Index):
            return self._element_bounds(node.seq)
        if isinstance(node, A.Call):
            function = FUNCTIONS[node.func]
            args = [
                self._element_bounds(arg) if param.startswith("list:") else get(id(arg))
                for param, arg in zip(function.params, node.args, strict=True)
            ]
            if all(p == "int" for p in function.params) and all(b is not None and b[0] == b[1] for b in args):
                value = function.apply(*(b[0] for b in args if b is not None))  # constant: fold it
                return (value, value)
            return function.bounds(args)
        return None

    def _element_bounds(self, node: A.Node) -> Bounds | None:
        if not isinstance(node, A.ListOf):
            return None
        out: Bounds | None = None
        for i, item in enumerate(node.items):
            b = self.bounds.get(id(item))
            out = b if i == 0 else _union(out, b)
        return out

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
                hint = f"did you mean `player.{node.name}`?"
                raise self.error(node, f"a card has no `{node.name}`", hint)
            self._reads(node, node.name, "standard" if node.name in A.STANDARD_ATTRS else "letters")
        elif obj == _PLAYER:
            if node.name not in A.PLAYER_ATTRS:
                raise self.error(
                    node, f"a player has no `{node.name}`", "a player has `name`, `surname` and `seat`"
                )
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
        if node.op == "%" and self.bounds.get(id(node.right)) == (0, 0):
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
            raise self.error(
                node,
                "two players cannot be compared",
                "compare `player.name`, `player.surname` or `player.seat`",
            )
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
        low, high = self.bounds.get(id(node.low)), self.bounds.get(id(node.high))
        if low is not None and high is not None and low[0] == low[1] and high[0] == high[1] and low > high:
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
        """Arguments checked against the function's signature (:mod:`.functions`); ``T`` unified."""
        function = FUNCTIONS[node.func]
        usage = function.usage
        if len(node.args) != function.arity:
            raise self.error(node, f"`{node.func}` takes {function.arity} argument(s)", usage)
        generic: Types | None = None  # what T can be, from the arguments so far
        for i, (param, arg) in enumerate(zip(function.params, node.args, strict=True)):
            role = f"the {_ORDINALS[i]}argument of `{node.func}`" if function.arity > 1 else ""
            role = role or f"the argument of `{node.func}`"
            if param == "T":
                types = self.check(arg)
            elif param == "list:T":
                seq = self.check(arg)
                types = _elements(seq)
                if not types:
                    raise self.error(arg, f"{role} must be a list, not {type_word(seq)}", usage)
            else:
                self._need(arg, frozenset({param}), role, usage)
                continue
            if generic is not None and not (generic & types):
                first = node.args[function.params.index("T" if param == "list:T" else param)]
                what = (
                    f"never in {type_word(self.of(arg))}" if param == "list:T" else f"not {type_word(types)}"
                )
                raise self.error(
                    node, f"{type_word(self.of(first))} is {what}", compare_hint(node, generic, types)
                )
            generic = types if generic is None else generic & types
        if function.result == "T":
            assert generic is not None, f"{node.func}: a result of type T needs an argument of type T"
            return generic
        return frozenset({function.result})


_ORDINALS = ("first ", "second ", "third ", "fourth ")


def _arith_bounds(op: str, a: Bounds, b: Bounds) -> Bounds:
    if op == "%" and a[0] == a[1] and b[0] == b[1] != 0:  # two constants: fold exactly
        return (a[0] % b[0], a[0] % b[0])
    if op == "+":
        return (a[0] + b[0], a[1] + b[1])
    if op == "-":
        return (a[0] - b[1], a[1] - b[0])
    if op == "*":
        corners = [x * y for x in a for y in b]
        return (min(corners), max(corners))
    # `%` takes the sign of the divisor and stays below it in size
    if b[0] > 0:
        return (0, b[1] - 1) if a[0] < 0 or a[1] >= b[0] else a
    if b[1] < 0:
        return (b[0] + 1, 0)
    size = max(-b[0], b[1])
    return (-(size - 1), size - 1)


def _union(a: Bounds | None, b: Bounds | None) -> Bounds | None:
    return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))


def _magnitude(n: int) -> str:
    """``1.2 × 10^24``: a big number as a teacher would write it."""
    digits = str(n)
    return f"{digits[0]}.{digits[1]} × 10^{len(digits) - 1}"


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
