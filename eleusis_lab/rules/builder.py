"""The rule builder's model: a rule composed by choices, with no widgets (the widget is a view of this).

A rule here is a *draft*: an optional chain of ``if … then …`` branches and a last group (the whole
rule when there is no branch, the "otherwise" part when there is).  Each group is one or more *parts*
joined by ``and`` or by ``or``, and a part is four choices, the dropdowns of one row:

======================  =====================================================================
which card              this card, the last card, the second-to-last card, the third-to-last
                        card, or its position in the line
which property          colour, suit, rank, even/odd, face/number, high/low, prime (playing
                        cards); letter, ink, shape, outline, the blank (letter cards)
which comparison        is, is not, one of, none of, same as, different from, higher than,
                        lower than, at least, at most, between, one above, one below, within,
                        at least … away from, comes after (in an order)
the value(s)            a colour, a suit, a rank, another card, an order …
======================  =====================================================================

Every change goes through a method (the calls the widget's controls make), which keeps the draft
valid: choosing a new property resets the comparison and values to ones that fit it.  The draft
gives the rule text, the rule, its English and the kit's checks, live.

>>> draft = RuleDraft()
>>> draft.set_part("main", 0, subject="card", prop="colour", comparison="different from", values=("prev",))
Part(subject='card', prop='colour', comparison='different from', values=('prev',))
>>> draft.text, draft.english
('card.color != prev.color', 'Alternate red and black cards.')
>>> draft.set_part("main", 0, comparison="same as")
Part(subject='card', prop='colour', comparison='same as', values=('prev',))
>>> draft.add_part("main"), draft.set_join("main", "or")
(1, None)
>>> draft.set_part("main", 1, prop="rank", comparison="between", values=("4", "9"))
Part(subject='card', prop='rank', comparison='between', values=('4', '9'))
>>> draft.text
'card.color == prev.color or card.rank in 4..9'
>>> print(draft.english)
Play a card that has the same colour as the last card or has a rank from 4 to 9. Any card may start the line.
>>> draft = RuleDraft.from_rule("if prev is even then card is odd else card is even")
>>> draft.branches[0].condition.parts[0]
Part(subject='prev', prop='parity', comparison='is', values=('even',))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from eleusis_lab.rules import ast as A
from eleusis_lab.rules.checks import RuleReport, check, same_rule
from eleusis_lab.rules.english import MIRROR, chain, english
from eleusis_lab.rules.errors import RuleError
from eleusis_lab.rules.library import RuleLike, as_rule
from eleusis_lab.rules.rule import Rule

__all__ = [
    "COMPARISONS",
    "PROPERTIES",
    "SUBJECTS",
    "Branch",
    "Group",
    "Part",
    "RuleDraft",
]

#: Which card a part is about, and how the builder names it.
SUBJECTS: dict[str, str] = {
    "card": "this card",
    "prev": "the last card",
    "prev2": "the second-to-last card",
    "prev3": "the third-to-last card",
    "position": "its position",
}
_CARDS = ("card", "prev", "prev2", "prev3")
_RANKS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_RANK_VALUE = {word: k + 1 for k, word in enumerate(_RANKS)}


@dataclass(frozen=True, slots=True)
class Property:
    """One property a part can be about.

    ``kind`` says how it is written: ``"predicate"`` (``card is red``: ``values`` are the words after
    *is*; the first value stands for the property when two cards are compared), ``"attribute"``
    (``card.suit == spades``: ``values`` are its constants), ``"rank"`` or ``"place"`` (the position).
    """

    key: str
    label: str
    kind: str
    values: tuple[str, ...]
    attribute: str | None = None  # the card attribute, when there is one
    deck: str = "standard"  # "standard", "letters" or "any"


PROPERTIES: dict[str, Property] = {
    p.key: p
    for p in (
        Property("colour", "colour", "predicate", ("red", "black"), "color"),
        Property("suit", "suit", "attribute", ("spades", "hearts", "diamonds", "clubs"), "suit"),
        Property("rank", "rank", "rank", _RANKS, "rank"),
        Property("parity", "even or odd", "predicate", ("even", "odd")),
        Property("face", "face or number", "predicate", ("face", "number")),
        Property("height", "high (8-K) or low (A-7)", "predicate", ("high", "low")),
        Property("prime", "prime", "predicate", ("prime",)),
        Property("letter", "letter", "attribute", ("A", "B", "C", "D", "E"), "letter", "letters"),
        Property("ink", "ink", "attribute", ("red", "blue", "green"), "ink", "letters"),
        Property("shape", "shape", "attribute", ("circle", "square"), "shape", "letters"),
        Property("outline", "outline", "attribute", ("red", "black"), "outline", "letters"),
        Property("blank", "the blank", "predicate", ("blank",), None, "letters"),
        Property("place", "place in the line", "place", ("first", "odd", "even"), None, "any"),
    )
}

#: Comparisons: the label the builder shows, and which property kinds may use each.
COMPARISONS: dict[str, tuple[str, ...]] = {
    "is": ("predicate", "attribute", "rank", "place"),
    "is not": ("predicate", "attribute", "rank", "place"),
    "one of": ("attribute", "rank"),
    "none of": ("attribute", "rank"),
    "same as": ("predicate", "attribute", "rank"),
    "different from": ("predicate", "attribute", "rank"),
    "higher than": ("rank",),
    "lower than": ("rank",),
    "at least": ("rank",),
    "at most": ("rank",),
    "between": ("rank",),
    "one above": ("rank",),
    "one below": ("rank",),
    "within": ("rank",),
    "at least … away from": ("rank",),
    "comes after": ("attribute",),
}
_ORDERED = frozenset({"suit", "letter", "ink"})  # attributes that "comes after" may go round
_TO_CARD = frozenset(
    {"same as", "different from", "one above", "one below", "within", "at least … away from"}
)
_ORDERING = {"higher than": ">", "lower than": "<", "at least": ">=", "at most": "<="}


@dataclass(frozen=True, slots=True)
class Part:
    """One row: ``subject`` (a key of :data:`SUBJECTS`), ``prop`` (of :data:`PROPERTIES`),
    ``comparison`` (of :data:`COMPARISONS`) and ``values``: property values (``"red"``, ``"7"``),
    card names (``"prev"``), two ranks for *between*, a card and a number for *within*, a card then
    the order for *comes after*."""

    subject: str = "card"
    prop: str = "colour"
    comparison: str = "is"
    values: tuple[str, ...] = ("red",)


@dataclass(frozen=True, slots=True)
class Group:
    """Parts joined all by ``and`` or all by ``or``."""

    parts: tuple[Part, ...] = (Part(),)
    join: str = "and"


@dataclass(frozen=True, slots=True)
class Branch:
    """``if condition then result``."""

    condition: Group = Group()
    result: Group = Group()


# -- parts to syntax trees -------------------------------------------------------------------------
def _const(prop: Property, word: str) -> A.Node:
    if prop.kind == "rank":
        value = _RANK_VALUE.get(word)
        if value is None:
            raise ValueError(f"{word!r} is not a rank: choose ace, 2 … 10, jack, queen or king")
        return A.Int(value, word if word in A.RANK_WORDS else None)
    if word not in prop.values:
        raise ValueError(f"{word!r} is not a {prop.label}: choose {', '.join(prop.values)}")
    return A.Str(word) if prop.key == "letter" else A.Const(word)


def _card(word: str) -> A.Ref:
    if word not in _CARDS:
        raise ValueError(f"{word!r} is not a card: choose {', '.join(_CARDS)}")
    return A.Ref(word)


def _need(values: Sequence[str], count: int, what: str) -> None:
    if len(values) != count:
        raise ValueError(f"choose {what}")


def part_tree(part: Part) -> A.Node:
    """The syntax tree of one row; a ``ValueError`` in one sentence when a choice is missing."""
    prop = PROPERTIES[part.prop]
    how, values = part.comparison, part.values
    if part.subject == "position":
        if prop.kind != "place" or how not in ("is", "is not"):
            raise ValueError("a position is the first place, an odd place or an even place")
        _need(values, 1, "first, odd or even")
        op = "==" if how == "is" else "!="
        if values[0] == "first":
            return A.Compare(op, A.Ref("position"), A.Int(1))
        rest = {"odd": 1, "even": 0}[values[0]]
        return A.Compare(op, A.Arith("%", A.Ref("position"), A.Int(2)), A.Int(rest))
    if prop.kind == "place":
        raise ValueError("only its position has a place in the line")
    me = _card(part.subject)
    if how not in COMPARISONS or prop.kind not in COMPARISONS[how]:
        raise ValueError(f"a {prop.label} cannot be “{how}”")
    if prop.kind == "predicate":
        if how in ("is", "is not"):
            _need(values, 1, f"the {prop.label}")
            if values[0] not in prop.values:
                raise ValueError(f"choose {' or '.join(prop.values)}")
            return A.Is(me, values[0], how == "is not")
        _need(values, 1, "the other card")
        op = "==" if how == "same as" else "!="
        if prop.attribute is not None:
            return A.Compare(op, A.Attr(me, prop.attribute), A.Attr(_card(values[0]), prop.attribute))
        return A.Compare(op, A.Is(me, prop.values[0]), A.Is(_card(values[0]), prop.values[0]))
    assert prop.attribute is not None
    mine = A.Attr(me, prop.attribute)
    if how in _TO_CARD:
        _need(values, 2 if how in ("within", "at least … away from") else 1, "the other card")
        theirs = A.Attr(_card(values[0]), prop.attribute)
        if how in ("same as", "different from"):
            return A.Compare("==" if how == "same as" else "!=", mine, theirs)
        if how in ("one above", "one below"):
            return A.Compare("==", mine, A.Arith("+" if how == "one above" else "-", theirs, A.Int(1)))
        if not values[1].isdigit() or not 0 <= int(values[1]) <= 12:
            raise ValueError("choose how many ranks away, from 0 to 12")
        gap = A.Call("abs", (A.Arith("-", mine, theirs),))
        return A.Compare("<=" if how == "within" else ">=", gap, A.Int(int(values[1])))
    if how in ("is", "is not"):
        _need(values, 1, f"the {prop.label}")
        return A.Compare("==" if how == "is" else "!=", mine, _const(prop, values[0]))
    if how in _ORDERING:
        _need(values, 1, "a rank or a card")
        other = A.Attr(_card(values[0]), "rank") if values[0] in _CARDS else _const(prop, values[0])
        return A.Compare(_ORDERING[how], mine, other)
    if how == "between":
        _need(values, 2, "the lowest and the highest rank")
        return A.In(mine, A.Range(_const(prop, values[0]), _const(prop, values[1])))
    if how in ("one of", "none of"):
        if not values:
            raise ValueError(f"choose at least one {prop.label}")
        return A.In(mine, A.ListOf(tuple(_const(prop, v) for v in values)), how == "none of")
    # comes after: the card, then the order
    if prop.key not in _ORDERED:
        raise ValueError(f"a {prop.label} has no order to go round")
    if len(values) < 3:
        raise ValueError("choose the card, then at least two values in their order")
    order = A.ListOf(tuple(_const(prop, v) for v in values[1:]))
    return A.Compare("==", mine, A.Call("next", (A.Attr(_card(values[0]), prop.attribute), order)))


def group_tree(group: Group) -> A.Node:
    if not group.parts:
        raise ValueError("a group needs at least one part")
    if group.join not in ("and", "or"):
        raise ValueError("parts are joined by and or by or")
    tree = part_tree(group.parts[0])
    for part in group.parts[1:]:
        tree = A.BoolOp(group.join, tree, part_tree(part))
    return tree


# -- syntax trees to parts (prefill) ----------------------------------------------------------------
_PREDICATE_PROP = {value: key for key, p in PROPERTIES.items() if p.kind == "predicate" for value in p.values}
_ATTRIBUTE_PROP = {p.attribute: key for key, p in PROPERTIES.items() if p.attribute is not None}


def _word(node: A.Node) -> str | None:
    if isinstance(node, A.Int) and 1 <= node.value <= 13:
        return _RANKS[node.value - 1]
    if isinstance(node, A.Const):
        return node.name
    if isinstance(node, A.Str):
        return node.value
    return None


def _ref(node: A.Node) -> str | None:
    return node.name if isinstance(node, A.Ref) and node.name in _CARDS else None


def _attr(node: A.Node) -> tuple[str, str] | None:
    if isinstance(node, A.Attr) and _ref(node.obj) is not None and node.name in _ATTRIBUTE_PROP:
        return _ref(node.obj) or "", _ATTRIBUTE_PROP[node.name]
    return None


def part_of(node: A.Node) -> Part | None:
    """The row that writes ``node`` (or a rule that behaves the same), or None if no row does."""
    if isinstance(node, A.Not) and isinstance(node.operand, A.Is):
        node = A.Is(node.operand.operand, node.operand.predicate, not node.operand.negated)
    if isinstance(node, A.Is) and _ref(node.operand) and node.predicate in _PREDICATE_PROP:
        how = "is not" if node.negated else "is"
        return Part(_ref(node.operand) or "", _PREDICATE_PROP[node.predicate], how, (node.predicate,))
    if isinstance(node, A.In):
        mine = _attr(node.item)
        if mine is None:
            return None
        if isinstance(node.container, A.Range) and mine[1] == "rank" and not node.negated:
            low, high = _word(node.container.low), _word(node.container.high)
            return Part(mine[0], "rank", "between", (low, high)) if low and high else None
        if isinstance(node.container, A.ListOf):
            words = [_word(item) for item in node.container.items]
            if all(words):
                return Part(
                    mine[0], mine[1], "none of" if node.negated else "one of", tuple(w or "" for w in words)
                )
        return None
    if not isinstance(node, A.Compare):
        return None
    op, left, right = node.op, node.left, node.right
    if _word(left) is not None or (_attr(right) and _ref_in(right) == "card" and _ref_in(left) != "card"):
        op, left, right = MIRROR[op], right, left
    return _compare_part(op, left, right)


def _ref_in(node: A.Node) -> str | None:
    attr = _attr(node)
    return attr[0] if attr else None


def _compare_part(op: str, left: A.Node, right: A.Node) -> Part | None:
    # position == 1, position % 2 == r
    if op in ("==", "!=") and isinstance(right, A.Int):
        how = "is" if op == "==" else "is not"
        if isinstance(left, A.Ref) and left.name == "position" and right.value == 1:
            return Part("position", "place", how, ("first",))
        if (
            isinstance(left, A.Arith)
            and left.op == "%"
            and isinstance(left.left, A.Ref)
            and left.left.name == "position"
            and isinstance(left.right, A.Int)
            and left.right.value == 2
            and right.value in (0, 1)
        ):
            return Part("position", "place", how, ("even" if right.value == 0 else "odd",))
    # (card is even) == (prev is even)
    if isinstance(left, A.Is) and isinstance(right, A.Is) and op in ("==", "!="):
        me, other = _ref(left.operand), _ref(right.operand)
        if me and other and left.predicate == right.predicate and left.predicate in _PREDICATE_PROP:
            same = (op == "==") != (left.negated != right.negated)
            return Part(
                me, _PREDICATE_PROP[left.predicate], "same as" if same else "different from", (other,)
            )
        return None
    # card.rank % 2 == prev.rank % 2
    if op in ("==", "!=") and _is_parity(left) and _is_parity(right):
        assert isinstance(left, A.Arith) and isinstance(right, A.Arith)
        me, other = _ref_in(left.left), _ref_in(right.left)
        if me and other:
            return Part(me, "parity", "same as" if op == "==" else "different from", (other,))
    # abs(card.rank - prev.rank) <= n
    if (
        isinstance(left, A.Call)
        and left.func == "abs"
        and isinstance(left.args[0], A.Arith)
        and left.args[0].op == "-"
        and isinstance(right, A.Int)
        and op in ("<=", ">=")
    ):
        near, far = _attr(left.args[0].left), _attr(left.args[0].right)
        if near and far and near[1] == far[1] == "rank":
            how = "within" if op == "<=" else "at least … away from"
            return Part(near[0], "rank", how, (far[0], str(right.value)))
        return None
    mine = _attr(left)
    if mine is None:
        return None
    me, prop = mine
    theirs = _attr(right)
    if theirs is not None and theirs[1] == prop:
        if op in ("==", "!="):
            return Part(me, prop, "same as" if op == "==" else "different from", (theirs[0],))
        if prop == "rank":
            how = {v: k for k, v in _ORDERING.items()}[op]
            return Part(me, prop, how, (theirs[0],))
        return None
    word = _word(right)
    if word is not None:
        if prop == "colour" and op in ("==", "!="):
            return Part(me, prop, "is" if op == "==" else "is not", (word,))
        if op in ("==", "!="):
            return Part(me, prop, "is" if op == "==" else "is not", (word,))
        if prop == "rank":
            return Part(me, prop, {v: k for k, v in _ORDERING.items()}[op], (word,))
        return None
    if op == "==" and isinstance(right, A.Arith) and right.op in "+-" and isinstance(right.right, A.Int):
        base = _attr(right.left)
        if base and base[1] == prop == "rank" and right.right.value == 1:
            return Part(me, prop, "one above" if right.op == "+" else "one below", (base[0],))
    if (
        op == "=="
        and isinstance(right, A.Call)
        and right.func == "next"
        and isinstance(right.args[1], A.ListOf)
    ):
        base = _attr(right.args[0])
        words = [_word(item) for item in right.args[1].items]
        if base and base[1] == prop and all(words):
            return Part(me, prop, "comes after", (base[0], *(w or "" for w in words)))
    return None


def _is_parity(node: A.Node) -> bool:
    return (
        isinstance(node, A.Arith)
        and node.op == "%"
        and isinstance(node.right, A.Int)
        and node.right.value == 2
        and _attr(node.left) is not None
        and (_attr(node.left) or ("", ""))[1] == "rank"
    )


def _group_of(node: A.Node) -> Group | None:
    for join in ("and", "or"):
        if isinstance(node, A.BoolOp) and node.op == join:
            parts = [part_of(n) for n in chain(node, join)]
            return Group(tuple(p for p in parts if p), join) if all(parts) else None
    part = part_of(node)
    return Group((part,)) if part else None


# -- the draft ---------------------------------------------------------------------------------------
@dataclass
class RuleDraft:
    """A rule being built: ``branches`` (``if … then …``, in order) and ``main`` (the whole rule, or
    the "otherwise" part when there are branches).  Slots name a group: ``"main"``, ``"if:0"``,
    ``"then:0"`` …"""

    deck: str = "standard"
    branches: list[Branch] = field(default_factory=list)
    main: Group = Group()

    def __post_init__(self) -> None:
        if self.deck not in ("standard", "letters"):
            raise ValueError(f"unknown deck {self.deck!r}: choose standard or letters")
        if self.deck == "letters" and self.main == Group():
            self.main = Group((Part("card", "letter", "is", ("A",)),))

    # -- what the controls may offer --
    def subjects(self) -> list[str]:
        return list(SUBJECTS)

    def properties(self, subject: str) -> list[str]:
        """The properties a row about ``subject`` may choose, for this deck."""
        if subject == "position":
            return ["place"]
        return [k for k, p in PROPERTIES.items() if p.deck == self.deck]

    def comparisons(self, subject: str, prop: str) -> list[str]:
        kind = PROPERTIES[prop].kind
        found = [c for c, kinds in COMPARISONS.items() if kind in kinds]
        if prop not in _ORDERED:
            found = [c for c in found if c != "comes after"]
        if subject == "position":
            found = ["is", "is not"]
        return found

    def value_choices(self, subject: str, prop: str, comparison: str) -> list[str]:
        """What the value control lists: property values, ranks, or the other cards."""
        p = PROPERTIES[prop]
        others = [c for c in _CARDS if c != subject]
        if comparison in _TO_CARD or comparison == "comes after":
            return others
        if comparison in _ORDERING:
            return [*_RANKS, *others]
        return list(p.values)

    @staticmethod
    def default_values(subject: str, prop: str, comparison: str) -> tuple[str, ...]:
        p = PROPERTIES[prop]
        other = "prev" if subject != "prev" else "prev2"
        if comparison in ("within", "at least … away from"):
            return (other, "1" if comparison == "within" else "5")
        if comparison in _TO_CARD:
            return (other,)
        if comparison == "comes after":
            return (other, *p.values)
        if comparison == "between":
            return ("4", "9")
        if comparison in _ORDERING:
            return (other,)
        return (p.values[0],)

    # -- the controls' calls --
    def group(self, slot: str) -> Group:
        if slot == "main":
            return self.main
        kind, _, number = slot.partition(":")
        branch = self._branch(number)
        if kind == "if":
            return branch.condition
        if kind == "then":
            return branch.result
        raise ValueError(f"unknown slot {slot!r}: use main, if:N or then:N")

    def _branch(self, number: str) -> Branch:
        if not number.isdigit() or int(number) >= len(self.branches):
            raise ValueError(f"there is no branch {number!r}")
        return self.branches[int(number)]

    def _set_group(self, slot: str, group: Group) -> None:
        if slot == "main":
            self.main = group
            return
        kind, _, number = slot.partition(":")
        k = int(number)
        branch = self.branches[k]
        self.branches[k] = replace(branch, condition=group) if kind == "if" else replace(branch, result=group)

    def set_part(
        self,
        slot: str,
        index: int,
        *,
        subject: str | None = None,
        prop: str | None = None,
        comparison: str | None = None,
        values: Sequence[str] | None = None,
    ) -> Part:
        """Change one row; choices that no longer fit the new ones are reset to the first that does.

        Refused choices (a property another deck has, a comparison the property cannot take) raise a
        ``ValueError`` and leave the draft as it was.
        """
        group = self.group(slot)
        if not 0 <= index < len(group.parts):
            raise ValueError(f"there is no row {index} here")
        old = group.parts[index]
        subject = old.subject if subject is None else subject
        if subject not in SUBJECTS:
            raise ValueError(f"unknown card {subject!r}: choose {', '.join(SUBJECTS)}")
        props = self.properties(subject)
        if prop is None:
            prop = old.prop if old.prop in props else props[0]
        elif prop not in props:
            raise ValueError(f"{SUBJECTS[subject]} has no {prop!r} here: choose {', '.join(props)}")
        comps = self.comparisons(subject, prop)
        if comparison is None:
            comparison = old.comparison if old.comparison in comps else comps[0]
        elif comparison not in comps:
            raise ValueError(
                f"a {PROPERTIES[prop].label} cannot be “{comparison}”: choose {', '.join(comps)}"
            )
        if values is None:
            same_kind = (old.prop, old.comparison, old.subject) == (prop, comparison, subject)
            values = old.values if same_kind else self.default_values(subject, prop, comparison)
        part = Part(subject, prop, comparison, tuple(values))
        part_tree(part)  # refuse bad values here, before anything changes
        parts = list(group.parts)
        parts[index] = part
        self._set_group(slot, replace(group, parts=tuple(parts)))
        return part

    def add_part(self, slot: str) -> int:
        """Add a row (a copy of the last one) to a group; returns its index."""
        group = self.group(slot)
        self._set_group(slot, replace(group, parts=(*group.parts, group.parts[-1])))
        return len(group.parts)

    def remove_part(self, slot: str, index: int) -> None:
        group = self.group(slot)
        if len(group.parts) == 1:
            raise ValueError("a group keeps at least one row")
        if not 0 <= index < len(group.parts):
            raise ValueError(f"there is no row {index} here")
        self._set_group(slot, replace(group, parts=group.parts[:index] + group.parts[index + 1 :]))

    def set_join(self, slot: str, join: str) -> None:
        if join not in ("and", "or"):
            raise ValueError("join rows with and or with or")
        self._set_group(slot, replace(self.group(slot), join=join))

    def add_branch(self) -> int:
        """Add an ``if … then …`` before the last group (which becomes "otherwise"); returns its number."""
        condition = Group((Part("prev", *self._first_prop()),))
        self.branches.append(Branch(condition, self.main))
        return len(self.branches) - 1

    def _first_prop(self) -> tuple[str, str, tuple[str, ...]]:
        prop = self.properties("prev")[0]
        comparison = self.comparisons("prev", prop)[0]
        return prop, comparison, self.default_values("prev", prop, comparison)

    def remove_branch(self, number: int) -> None:
        if not 0 <= number < len(self.branches):
            raise ValueError(f"there is no branch {number}")
        del self.branches[number]

    # -- what the draft says --
    def tree(self) -> A.Node:
        """The syntax tree; a one-sentence ``ValueError`` if a row is incomplete."""
        tree = group_tree(self.main)
        for branch in reversed(self.branches):
            tree = A.If(group_tree(branch.condition), group_tree(branch.result), tree)
        return tree

    @property
    def rule(self) -> Rule | None:
        """The rule, or None while the draft is not a rule yet (see :attr:`problem`)."""
        try:
            return Rule(self.tree())
        except (ValueError, RuleError):
            return None

    @property
    def problem(self) -> str:
        """Why the draft is not a rule yet, in one sentence ("" when it is one)."""
        try:
            Rule(self.tree())
        except RuleError as err:
            return err.reason
        except ValueError as err:
            return str(err)
        return ""

    @property
    def text(self) -> str:
        rule = self.rule
        return rule.text if rule is not None else ""

    @property
    def english(self) -> str:
        rule = self.rule
        return english(rule) if rule is not None else ""

    def check(self) -> RuleReport:
        """The kit's checks of the rule (playable share, dead ends …); ``ValueError`` if not a rule yet."""
        rule = self.rule
        if rule is None:
            raise ValueError(self.problem or "the rule is not finished")
        return check(rule)

    # -- prefill --
    @classmethod
    def from_rule(cls, rule: RuleLike, deck: str | None = None) -> RuleDraft:
        """A draft showing ``rule``; ``ValueError`` naming why when the builder's rows cannot show it.

        The draft's rule is the same rule, or one the kit's exact judge finds equivalent.
        """
        parsed = as_rule(rule)
        chosen = deck or ("letters" if parsed.deck == "letters" else "standard")
        node = parsed.ast
        branches = []
        while isinstance(node, A.If):
            condition, result = _group_of(node.cond), _group_of(node.then)
            if condition is None or result is None:
                raise ValueError("the builder cannot show a part of this rule: keep it as rule text")
            branches.append(Branch(condition, result))
            node = node.otherwise
        main = _group_of(node)
        if main is None:
            raise ValueError("the builder cannot show a part of this rule: keep it as rule text")
        draft = cls(chosen, branches, main)
        built = draft.rule
        if built is None or (built != parsed and not same_rule(built, parsed).same):
            raise ValueError("the builder cannot show this rule exactly: keep it as rule text")
        return draft
