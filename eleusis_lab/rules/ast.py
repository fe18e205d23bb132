"""The rule language's syntax tree: small frozen dataclasses, compared and hashed by structure.

Every node may carry a ``span`` (start and end offsets in the rule text) for error messages; the span
is ignored by ``==`` and ``hash``, so a parsed rule equals the same rule built by hand.  Nodes check
their own fields, so any tree that can be built prints to text that parses back to it.

>>> Compare("==", Attr(Ref("card"), "suit"), Attr(Ref("prev"), "suit"))
Compare(op='==', left=Attr(obj=Ref(name='card'), name='suit'), right=Attr(obj=Ref(name='prev'), name='suit'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from eleusis_lab.rules.functions import FUNCTIONS as _FUNCTION_TABLE

# -- the vocabulary ------------------------------------------------------------------------------
#: Names that stand for a card, the position or the player.  ``prevN`` is the N-th card back.
REFS: tuple[str, ...] = ("card", "prev", "prev2", "prev3", "position", "player")
#: How far back each card name reads (``card`` is the card being played).
REF_DEPTH: dict[str, int] = {"card": 0, "prev": 1, "prev2": 2, "prev3": 3}
#: Attributes of a card: the first three are playing-card attributes, the others letter-card ones.
CARD_ATTRS: tuple[str, ...] = ("rank", "suit", "color", "letter", "ink", "shape", "outline")
STANDARD_ATTRS: frozenset[str] = frozenset({"rank", "suit", "color"})
LETTER_ATTRS: frozenset[str] = frozenset({"letter", "ink", "shape", "outline"})
PLAYER_ATTRS: tuple[str, ...] = ("name", "surname", "seat")
ATTRS: tuple[str, ...] = CARD_ATTRS + PLAYER_ATTRS
#: Words used after ``is`` / ``is not``.
PREDICATES: tuple[str, ...] = (
    "even", "odd", "prime", "red", "black", "face", "number", "high", "low", "blank",
)  # fmt: skip
#: Named constants and the types each may take (``red`` is a suit colour, an ink or an outline).
CONSTANTS: dict[str, tuple[str, ...]] = {
    "spades": ("suit",),
    "hearts": ("suit",),
    "diamonds": ("suit",),
    "clubs": ("suit",),
    "red": ("color", "ink", "outline"),
    "black": ("color", "outline"),
    "blue": ("ink",),
    "green": ("ink",),
    "circle": ("shape",),
    "square": ("shape",),
}
#: Words for ranks, kept as written so a rule reads the way the teacher wrote it.
RANK_WORDS: dict[str, int] = {"ace": 1, "jack": 11, "queen": 12, "king": 13}
#: Functions and how many arguments each takes (the functions themselves: :mod:`.functions`).
FUNCTIONS: dict[str, int] = {name: f.arity for name, f in _FUNCTION_TABLE.items()}
ARITH_OPS: tuple[str, ...] = ("+", "-", "*", "%")
COMPARE_OPS: tuple[str, ...] = ("==", "!=", "<", "<=", ">", ">=")
BOOL_OPS: tuple[str, ...] = ("and", "or")
KEYWORDS: tuple[str, ...] = ("if", "then", "else", "and", "or", "not", "in", "is")

Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Node:
    """Base of all syntax-tree nodes."""

    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)

    #: The child fields, in order (used by generic walks).
    children_fields: ClassVar[tuple[str, ...]] = ()

    def children(self) -> tuple[Node, ...]:
        """The direct sub-expressions, left to right."""
        out: list[Node] = []
        for name in self.children_fields:
            value = getattr(self, name)
            if isinstance(value, tuple):
                out.extend(value)
            else:
                out.append(value)
        return tuple(out)

    def walk(self) -> list[Node]:
        """This node and all below it, parents before children (iterative: safe on deep trees)."""
        out: list[Node] = []
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children()))
        return out


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _node(value: object, what: str) -> None:
    if not isinstance(value, Node):
        raise ValueError(f"{what} must be a syntax-tree node, not {value!r}")


@dataclass(frozen=True, slots=True)
class Int(Node):
    """A whole number ``value`` >= 0 (write ``Neg(Int(3))`` for -3); ``word`` keeps ``ace``/``jack``/…"""

    value: int
    word: str | None = None

    def __post_init__(self) -> None:
        _need(isinstance(self.value, int) and not isinstance(self.value, bool), "Int needs an int value")
        _need(self.value >= 0, "Int holds a number >= 0: write Neg(Int(3)) for -3")
        if self.word is not None:
            _need(RANK_WORDS.get(self.word) == self.value, f"{self.word!r} does not mean {self.value}")


@dataclass(frozen=True, slots=True)
class Bool(Node):
    """``true`` or ``false``."""

    value: bool

    def __post_init__(self) -> None:
        _need(isinstance(self.value, bool), "Bool needs True or False")


@dataclass(frozen=True, slots=True)
class Const(Node):
    """A named constant: a suit, a colour, an ink, a shape or an outline colour (see ``CONSTANTS``)."""

    name: str

    def __post_init__(self) -> None:
        _need(self.name in CONSTANTS, f"unknown constant {self.name!r}")


@dataclass(frozen=True, slots=True)
class Str(Node):
    """Text in quotes: a letter (``"A"``) or a player's name.  Cyrillic А..Д are stored as A..E."""

    value: str

    def __post_init__(self) -> None:
        _need(isinstance(self.value, str), "Str needs text")
        _need("\n" not in self.value and "\r" not in self.value, "text in a rule cannot span lines")
        _need(not ('"' in self.value and "'" in self.value), "text cannot hold both kinds of quote")


@dataclass(frozen=True, slots=True)
class Ref(Node):
    """``card``, ``prev``, ``prev2``, ``prev3``, ``position`` or ``player``."""

    name: str

    def __post_init__(self) -> None:
        _need(self.name in REFS, f"unknown name {self.name!r}")


@dataclass(frozen=True, slots=True)
class Attr(Node):
    """``obj.name``: an attribute of a card or of the player."""

    obj: Node
    name: str
    children_fields: ClassVar[tuple[str, ...]] = ("obj",)

    def __post_init__(self) -> None:
        _node(self.obj, "Attr.obj")
        _need(self.name in ATTRS, f"unknown attribute {self.name!r}")


@dataclass(frozen=True, slots=True)
class Is(Node):
    """``operand is [not] predicate``."""

    operand: Node
    predicate: str
    negated: bool = False
    children_fields: ClassVar[tuple[str, ...]] = ("operand",)

    def __post_init__(self) -> None:
        _node(self.operand, "Is.operand")
        _need(self.predicate in PREDICATES, f"unknown predicate {self.predicate!r}")


@dataclass(frozen=True, slots=True)
class Neg(Node):
    """``-operand``."""

    operand: Node
    children_fields: ClassVar[tuple[str, ...]] = ("operand",)

    def __post_init__(self) -> None:
        _node(self.operand, "Neg.operand")


@dataclass(frozen=True, slots=True)
class Not(Node):
    """``not operand``."""

    operand: Node
    children_fields: ClassVar[tuple[str, ...]] = ("operand",)

    def __post_init__(self) -> None:
        _node(self.operand, "Not.operand")


@dataclass(frozen=True, slots=True)
class Arith(Node):
    """``left op right`` with ``op`` one of ``+ - * %``."""

    op: str
    left: Node
    right: Node
    children_fields: ClassVar[tuple[str, ...]] = ("left", "right")

    def __post_init__(self) -> None:
        _need(self.op in ARITH_OPS, f"unknown arithmetic operator {self.op!r}")
        _node(self.left, "Arith.left")
        _node(self.right, "Arith.right")


@dataclass(frozen=True, slots=True)
class Compare(Node):
    """``left op right`` with ``op`` one of ``== != < <= > >=``."""

    op: str
    left: Node
    right: Node
    children_fields: ClassVar[tuple[str, ...]] = ("left", "right")

    def __post_init__(self) -> None:
        _need(self.op in COMPARE_OPS, f"unknown comparison {self.op!r}")
        _node(self.left, "Compare.left")
        _node(self.right, "Compare.right")


@dataclass(frozen=True, slots=True)
class BoolOp(Node):
    """``left and right`` / ``left or right`` (short-circuit, left first)."""

    op: str
    left: Node
    right: Node
    children_fields: ClassVar[tuple[str, ...]] = ("left", "right")

    def __post_init__(self) -> None:
        _need(self.op in BOOL_OPS, f"unknown logical operator {self.op!r}")
        _node(self.left, "BoolOp.left")
        _node(self.right, "BoolOp.right")


@dataclass(frozen=True, slots=True)
class Range(Node):
    """``low..high``, inclusive; only allowed after ``in``."""

    low: Node
    high: Node
    children_fields: ClassVar[tuple[str, ...]] = ("low", "high")

    def __post_init__(self) -> None:
        _node(self.low, "Range.low")
        _node(self.high, "Range.high")


@dataclass(frozen=True, slots=True)
class ListOf(Node):
    """``[a, b, c]``: a non-empty list of values of one type."""

    items: tuple[Node, ...]
    children_fields: ClassVar[tuple[str, ...]] = ("items",)

    def __post_init__(self) -> None:
        _need(isinstance(self.items, tuple), "ListOf.items must be a tuple")
        for item in self.items:
            _node(item, "a list item")


@dataclass(frozen=True, slots=True)
class In(Node):
    """``item [not] in container`` where the container is a :class:`Range` or a list."""

    item: Node
    container: Node
    negated: bool = False
    children_fields: ClassVar[tuple[str, ...]] = ("item", "container")

    def __post_init__(self) -> None:
        _node(self.item, "In.item")
        _node(self.container, "In.container")


@dataclass(frozen=True, slots=True)
class Index(Node):
    """``seq[index]``, cyclic: index 4 of a 4-item list is its first item."""

    seq: Node
    index: Node
    children_fields: ClassVar[tuple[str, ...]] = ("seq", "index")

    def __post_init__(self) -> None:
        _node(self.seq, "Index.seq")
        _node(self.index, "Index.index")


@dataclass(frozen=True, slots=True)
class Call(Node):
    """``func(args…)`` for the built-in functions ``next cyc abs len``."""

    func: str
    args: tuple[Node, ...]
    children_fields: ClassVar[tuple[str, ...]] = ("args",)

    def __post_init__(self) -> None:
        _need(self.func in FUNCTIONS, f"unknown function {self.func!r}")
        _need(isinstance(self.args, tuple), "Call.args must be a tuple")
        for arg in self.args:
            _node(arg, "a function argument")


@dataclass(frozen=True, slots=True)
class If(Node):
    """``if cond then then else otherwise``: only the chosen branch is evaluated."""

    cond: Node
    then: Node
    otherwise: Node
    children_fields: ClassVar[tuple[str, ...]] = ("cond", "then", "otherwise")

    def __post_init__(self) -> None:
        _node(self.cond, "If.cond")
        _node(self.then, "If.then")
        _node(self.otherwise, "If.otherwise")


Expr = Node

__all__ = [
    "ARITH_OPS",
    "ATTRS",
    "BOOL_OPS",
    "CARD_ATTRS",
    "COMPARE_OPS",
    "CONSTANTS",
    "FUNCTIONS",
    "KEYWORDS",
    "LETTER_ATTRS",
    "PLAYER_ATTRS",
    "PREDICATES",
    "RANK_WORDS",
    "REFS",
    "REF_DEPTH",
    "STANDARD_ATTRS",
    "Arith",
    "Attr",
    "Bool",
    "BoolOp",
    "Call",
    "Compare",
    "Const",
    "Expr",
    "If",
    "In",
    "Index",
    "Int",
    "Is",
    "ListOf",
    "Neg",
    "Node",
    "Not",
    "Range",
    "Ref",
    "Str",
]
