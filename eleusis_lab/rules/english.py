"""Rules in plain English: a sentence a 12-year-old can read, generated from the syntax tree of any rule.

:func:`english` is the one accessor: a library rule keeps its hand-written sentence, every other rule
gets the generated one (:func:`describe`).  The generator is total (every tree the language can build
gets a sentence, a clumsy one for the rare shapes) and it keeps the readings apart that matter in
play:

- the cards are *the card* (the one being played), *the last card*, *the second-to-last card* and
  *the third-to-last card*, never "it" or "the card before it";
- ``and`` inside ``or`` reads "both … and …", ``or`` inside ``and`` reads "either … or …", and the
  joints then take a comma, so "A and B or C" and "A and (B or C)" never read the same;
- ranges are inclusive and say so by reading "from 4 to 9";
- a rule that reads earlier cards says what happens before they exist: "Any card may start the line."
  (a read of a missing card makes the rule accept), worked out by judging every starter, not guessed.

>>> from eleusis_lab.rules import Rule
>>> describe(Rule.parse("card.color != prev.color"))
'Play a card of the other colour than the last card. Any card may start the line.'
>>> describe(Rule.parse("if prev is even then card is odd else card is even"))
'If the last card is even, play an odd card; otherwise play an even card. Any card may start the line.'
>>> describe(Rule.parse("card.rank in 4..9"))
'Play a card from 4 to 9.'
>>> english("express-1")
'Alternate red and black cards.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from eleusis_lab.cards import Card, letter_deck, standard_deck
from eleusis_lab.rules import ast as A
from eleusis_lab.rules.library import ENTRIES, RuleLike, as_rule
from eleusis_lab.rules.rule import Rule

__all__ = ["CARD_WORDS", "MIRROR", "OPPOSITE", "chain", "describe", "english", "sentence", "start_note"]

#: How each card name reads; a sentence never says "it" for a card, so two cards are never confused.
CARD_WORDS: dict[str, str] = {
    "card": "the card",
    "prev": "the last card",
    "prev2": "the second-to-last card",
    "prev3": "the third-to-last card",
}
_ATTR_NOUN = {
    "rank": "rank",
    "suit": "suit",
    "color": "colour",
    "letter": "letter",
    "ink": "ink",
    "shape": "shape",
    "outline": "outline",
    "name": "name",
    "surname": "surname",
    "seat": "seat number",
}
#: Attributes with exactly two values: a different one is "the other" one.
_TWO_VALUED = frozenset({"color", "shape", "outline"})
_CONST_NOUN = {"spades": "a spade", "hearts": "a heart", "diamonds": "a diamond", "clubs": "a club"}
_CONST_NOUN |= {"circle": "a circle", "square": "a square"}
#: Card predicates: the words after "is", and the card they describe ("an even card").
_PREDICATE_IS = {
    "even": "even",
    "odd": "odd",
    "prime": "prime",
    "red": "red",
    "black": "black",
    "face": "a face card",
    "number": "a number card",
    "high": "high",
    "low": "low",
    "blank": "the blank",
}
_PREDICATE_CARD = {
    "even": "an even card",
    "odd": "an odd card",
    "prime": "a card of prime rank",
    "red": "a red card",
    "black": "a black card",
    "face": "a face card",
    "number": "a number card",
    "high": "a high card",
    "low": "a low card",
    "blank": "the blank",
}
#: A predicate said of a number rather than a card (``card.rank is face``).
_PREDICATE_NUMBER = {
    "even": "even",
    "odd": "odd",
    "prime": "prime",
    "face": "11 or more",
    "number": "10 or less",
    "high": "8 or more",
    "low": "7 or less",
    "red": "red",
    "black": "black",
}
#: The predicate that holds exactly when this one does not, for "odd if the last card is even".
OPPOSITE = {"even": "odd", "odd": "even", "red": "black", "black": "red"}
OPPOSITE |= {"face": "number", "number": "face", "high": "low", "low": "high"}
#: A comparison read from the other side: ``a < b`` is ``b > a``.
MIRROR = {"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}
_NEGATE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_COMPARE_WORDS = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}


@dataclass(frozen=True, slots=True)
class _Say:
    """A condition in words: a clause ("the card is red"), and when the condition is about the card being
    played, the order to play it ("play a red card") and the bare verb phrase ("is red")."""

    clause: str
    play: str | None = None
    trait: str | None = None
    joins: str | None = None  # "and", "or", "if" when the clause joins parts (for the wrapping words)


# -- entry points -----------------------------------------------------------------------------------
@cache
def _library_english() -> dict[Rule, str]:
    return {entry.rule: entry.english for entry in ENTRIES}


def english(rule: RuleLike) -> str:
    """The rule in plain English: the library's own sentence for a library rule, else :func:`describe`.

    >>> english("card.suit != prev.suit")
    'Play a card of a different suit from the last card. Any card may start the line.'
    """
    parsed = as_rule(rule)
    return _library_english().get(parsed) or describe(parsed)


def describe(rule: RuleLike) -> str:
    """The generated sentence for any rule (library rules too: used to test the generator on them)."""
    parsed = as_rule(rule)
    said = sentence(parsed.ast)
    note = start_note(parsed)
    return f"{said} {note}" if note else said


def sentence(tree: A.Node) -> str:
    """The generated sentence of a syntax tree, without :func:`start_note` (no judging: fast)."""
    return _capital(_top(tree)) + "."


def start_note(rule: Rule) -> str:
    """What the rule allows before the cards it reads exist, when that is "anything", else "".

    Decided by judging every design of the rule's deck as the starter (and, for a rule reading the
    second-to-last card, after every starter), because a read of a missing card accepts the card only
    if the rule gets that far: ``card is red and card.rank > prev.rank`` wants a red starter.
    """
    if rule.lookback == 0:
        return ""
    return _start_note(rule)


@lru_cache(maxsize=1024)
def _start_note(rule: Rule) -> str:
    faces = _faces(rule.deck)
    accepts = rule.accepts
    empty: tuple[Card, ...] = ()
    for card in faces:
        if not accepts(card, empty):
            return ""
    if rule.lookback >= 2 and _free_after_every_starter(rule, faces):
        return "The first two cards may be anything."
    return "Any card may start the line."


def _free_after_every_starter(rule: Rule, faces: tuple[Card, ...]) -> bool:
    accepts = rule.accepts
    for first in faces:
        line = (first,)
        for card in faces:
            if not accepts(card, line):
                return False
    return True


@cache
def _faces(deck: str) -> tuple[Card, ...]:
    cards = letter_deck() if deck == "letters" else standard_deck()
    return tuple(dict.fromkeys(cards))


# -- sentences --------------------------------------------------------------------------------------
def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _top(node: A.Node) -> str:
    """The whole rule: an if-chain reads "If …, play …; otherwise, if …, …; otherwise …"."""
    if isinstance(node, A.If):
        parts = []
        while isinstance(node, A.If):
            parts.append(f"if {_cond(node.cond).clause}, {_order(node.then)}")
            node = node.otherwise
        return "; otherwise, ".join(parts) + f"; otherwise {_order(node)}"
    return _order(node)


def _order(node: A.Node) -> str:
    say = _cond(node)
    return say.play or say.clause


def _cond(node: A.Node) -> _Say:
    """A truth-valued expression in words."""
    if isinstance(node, A.Bool):
        return (
            _Say("any card may be played", "play any card") if node.value else _Say("no card may be played")
        )
    if isinstance(node, A.Is):
        return _is(node.operand, node.predicate, node.negated)
    if isinstance(node, A.Not):
        return _not(node.operand)
    if isinstance(node, A.BoolOp):
        return _boolop(node)
    if isinstance(node, A.Compare):
        return _compare(node.op, node.left, node.right)
    if isinstance(node, A.In):
        return _in(node.item, node.container, node.negated)
    if isinstance(node, A.If):
        cond, then, otherwise = _cond(node.cond), _cond(node.then), _cond(node.otherwise)
        return _Say(f"if {cond.clause}, {then.clause}, and otherwise {otherwise.clause}", joins="if")
    # A value used as a truth value (the language's checker only lets truth values through).
    return _Say(f"{_value(node)} holds")


def _card_ref(node: A.Node) -> str | None:
    """The card name (``card``, ``prev`` …) if ``node`` is one."""
    return node.name if isinstance(node, A.Ref) and node.name in CARD_WORDS else None


def _about(card: str, trait: str, play: str | None = None) -> _Say:
    """A condition on one card: "the last card is red"; said of the card being played, also an order."""
    if card == "card":
        return _Say(f"the card {trait}", play or f"play a card that {trait}", trait)
    return _Say(f"{CARD_WORDS[card]} {trait}")


def _is(operand: A.Node, predicate: str, negated: bool) -> _Say:
    card = _card_ref(operand)
    no = "not " if negated else ""
    if card is not None:
        trait = f"is {no}{_PREDICATE_IS[predicate]}"
        return _about(card, trait, None if negated else f"play {_PREDICATE_CARD[predicate]}")
    return _Say(f"{_value(operand)} is {no}{_PREDICATE_NUMBER.get(predicate, predicate)}")


def _not(operand: A.Node) -> _Say:
    if isinstance(operand, A.Is):
        return _is(operand.operand, operand.predicate, not operand.negated)
    if isinstance(operand, A.In):
        return _in(operand.item, operand.container, not operand.negated)
    if isinstance(operand, A.Compare) and not _truth_valued(operand.left):
        # Safe even with missing cards: a missing read accepts the whole rule either way.
        return _compare(_NEGATE[operand.op], operand.left, operand.right)
    if isinstance(operand, A.Not):
        return _cond(operand.operand)
    return _Say(f"it is not true that {_wrapped(_cond(operand), 'not')}")


def _wrapped(say: _Say, inside: str) -> str:
    """A compound clause inside another joint gets "both"/"either" so the grouping shows."""
    if say.joins == "and" and inside != "and":
        return f"both {say.clause}"
    if say.joins == "or" and inside != "or":
        return f"either {say.clause}"
    return say.clause


def chain(node: A.Node, op: str) -> list[A.Node]:
    """The parts ``op`` joins: ``a and b and c`` (however bracketed) gives ``[a, b, c]``."""
    if isinstance(node, A.BoolOp) and node.op == op:
        return chain(node.left, op) + chain(node.right, op)
    return [node]


def _boolop(node: A.BoolOp) -> _Say:
    parts = [_cond(n) for n in chain(node, node.op)]
    texts = [_wrapped(p, node.op) for p in parts]
    grouped = any(p.joins is not None and p.joins != node.op for p in parts)
    # A part that has its own commas ("odd if …, and even if …") is set off by semicolons.
    joint = f"; {node.op} " if any(p.joins in ("follow", "if") for p in parts) else f", {node.op} "
    clause = (joint if grouped else f" {node.op} ").join(texts)
    play = None
    if all(p.trait is not None and p.joins is None for p in parts):
        play = f"play a card that {f' {node.op} '.join(p.trait for p in parts if p.trait)}"
    return _Say(clause, play, joins=node.op)


# -- comparisons ------------------------------------------------------------------------------------
def _truth_valued(node: A.Node) -> bool:
    return isinstance(node, (A.Is, A.Not, A.BoolOp, A.Compare, A.In, A.Bool)) or (
        isinstance(node, A.If) and _truth_valued(node.then)
    )


def _mentions_card(node: A.Node) -> bool:
    return any(isinstance(n, A.Ref) and n.name == "card" for n in node.walk())


def _card_attr(node: A.Node) -> tuple[str, str] | None:
    """(card name, attribute) for ``prev.suit`` and the like."""
    if isinstance(node, A.Attr):
        card = _card_ref(node.obj)
        if card is not None:
            return card, node.name
    return None


def _compare(op: str, left: A.Node, right: A.Node) -> _Say:
    if _mentions_card(right) and not _mentions_card(left):
        op, left, right = MIRROR[op], right, left
    if _truth_valued(left) or _truth_valued(right):
        return _truth_compare(op, left, right)
    attr = _card_attr(left)
    if attr is not None:
        said = _attr_compare(op, attr[0], attr[1], right)
        if said is not None:
            return said
    said = _special_compare(op, left, right)
    if said is not None:
        return said
    return _Say(f"{_value(left)} {_COMPARE_WORDS[op]} {_value(right)}")


def _truth_compare(op: str, left: A.Node, right: A.Node) -> _Say:
    if isinstance(right, A.Bool) or isinstance(left, A.Bool):
        value, other = (right, left) if isinstance(right, A.Bool) else (left, right)
        assert isinstance(value, A.Bool)
        holds = value.value == (op == "==")
        return _cond(other) if holds else _not(other)
    if op not in ("==", "!="):
        return _Say(f"{_cond(left).clause} {_COMPARE_WORDS[op]} {_cond(right).clause}")
    same = op == "=="
    if isinstance(left, A.Is) and isinstance(right, A.Is) and left.predicate == right.predicate:
        first, second = _card_ref(left.operand), _card_ref(right.operand)
        if first is not None and second is not None:
            same = same != (left.negated != right.negated)
            return _follows(first, second, left.predicate, same)
    a, b = _cond(left), _cond(right)
    twin = _other_card(left, right)
    if twin is not None and a.trait is not None:
        if same:
            return _about(
                "card", f"{a.trait} if {CARD_WORDS[twin]} {_trait_of(right, twin)}, and not otherwise"
            )
        return _Say(f"exactly one of the card and {CARD_WORDS[twin]} {a.trait}", joins="follow")
    if same:
        return _Say(f"these are both true or both false: {a.clause}; {b.clause}", joins="follow")
    return _Say(f"exactly one of these is true: {a.clause}; {b.clause}", joins="follow")


def _renamed(node: A.Node, old: str, new: str) -> A.Node:
    """``node`` with every ``old`` card name read as ``new`` (to see one test said of two cards)."""
    from dataclasses import fields, replace

    if isinstance(node, A.Ref):
        return A.Ref(new) if node.name == old else node
    changes: dict[str, object] = {}
    for f in fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if isinstance(value, A.Node):
            changes[f.name] = _renamed(value, old, new)
        elif isinstance(value, tuple):
            changes[f.name] = tuple(_renamed(v, old, new) if isinstance(v, A.Node) else v for v in value)
    return replace(node, **changes)  # type: ignore[arg-type]


def _other_card(left: A.Node, right: A.Node) -> str | None:
    """The card ``right`` asks about when it asks what ``left`` asks of the card (``prev`` in
    ``(card.suit in [spades, hearts]) != (prev.suit in [spades, hearts])``), else None."""
    if _mentions_card(right):
        return None
    for other in ("prev", "prev2", "prev3"):
        if _renamed(right, other, "card") == left and _renamed(left, "card", other) == right:
            return other
    return None


def _trait_of(node: A.Node, card: str) -> str:
    """The verb phrase of a test on ``card`` ("is a spade or a heart")."""
    said = _cond(_renamed(node, card, "card"))
    return said.trait or said.clause


def _follows(card: str, other: str, predicate: str, same: bool) -> _Say:
    """``(card is even) != (prev is even)``: "the card is odd if the last card is even, and even if …"."""
    yes = _PREDICATE_IS[predicate]
    no = _PREDICATE_IS[OPPOSITE[predicate]] if predicate in OPPOSITE else f"not {yes}"
    then_yes, then_no = (yes, no) if same else (no, yes)
    trait = f"is {then_yes} if {CARD_WORDS[other]} is {yes}, and {then_no} if {CARD_WORDS[other]} is {no}"
    said = _about(card, trait)
    return _Say(said.clause, said.play, said.trait, joins="follow")


_RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _rank_word(node: A.Node) -> str:
    """A rank as people say it: ``ace`` for 1 and ``jack``, ``queen``, ``king`` for 11-13."""
    if isinstance(node, A.Int):
        return _RANK_NAMES.get(node.value, str(node.value))
    return _value(node)


def _a(word: str) -> str:
    """``8`` → ``an 8``, ``jack`` → ``a jack``."""
    return ("an " if word[:1] in "aeiou8" or word in ("11", "18") else "a ") + word


def _constant_trait(attr: str, value: A.Node) -> tuple[str, str] | None:
    """(trait, order) for a card attribute equal to a constant: ("is a spade", "play a spade")."""
    if attr == "suit" and isinstance(value, A.Const):
        noun = _CONST_NOUN[value.name]
        return f"is {noun}", f"play {noun}"
    if attr == "color" and isinstance(value, A.Const):
        return f"is {value.name}", f"play a {value.name} card"
    if attr == "rank" and isinstance(value, A.Int):
        noun = _a(_rank_word(value))
        return f"is {noun}", f"play {noun}"
    if attr == "shape" and isinstance(value, A.Const):
        noun = _CONST_NOUN[value.name]
        return f"is {noun}", f"play {noun}"
    if attr in ("ink", "outline") and isinstance(value, A.Const):
        with_it = f"{value.name} ink" if attr == "ink" else f"a {value.name} outline"
        return f"has {with_it}", f"play a card with {with_it}"
    if attr == "letter" and isinstance(value, A.Str):
        return f"has the letter {_value(value)}", f"play a card with the letter {_value(value)}"
    return None


def _attr_compare(op: str, card: str, attr: str, right: A.Node) -> _Say | None:
    noun = _ATTR_NOUN[attr]
    other = _card_attr(right)
    if other is not None and other[1] == attr:
        whose = CARD_WORDS[other[0]]
        if op == "==":
            return _about(
                card, f"has the same {noun} as {whose}", f"play a card of the same {noun} as {whose}"
            )
        if op == "!=":
            kind = f"the other {noun} than" if attr in _TWO_VALUED else f"a different {noun} from"
            return _about(card, f"has {kind} {whose}", f"play a card of {kind} {whose}")
        if attr == "rank":
            trait = {
                "<": f"is lower than {whose}",
                ">": f"is higher than {whose}",
                "<=": f"has the same rank as {whose} or a lower one",
                ">=": f"has the same rank as {whose} or a higher one",
            }[op]
            return _about(card, trait)
        return None
    constant = _constant_trait(attr, right)
    if constant is not None and op in ("==", "!="):
        trait, play = constant
        if op == "==":
            return _about(card, trait, play)
        negative = (
            trait.replace("is ", "is not ", 1)
            if trait.startswith("is ")
            else f"does not {trait.replace('has', 'have', 1)}"
        )
        return _about(card, negative)
    if attr == "rank" and isinstance(right, (A.Int, A.Neg)):
        number = _rank_word(right)
        ranked = {
            "<": f"is lower than {number}",
            ">": f"is higher than {number}",
            "<=": f"is {number} or lower",
            ">=": f"is {number} or higher",
        }.get(op)
        return _about(card, ranked) if ranked else None
    if attr == "rank" and op == "==" and isinstance(right, A.Arith) and right.op in "+-":
        base, step = _card_attr(right.left), right.right
        if base is not None and base[1] == "rank" and isinstance(step, A.Int):
            way = "above" if right.op == "+" else "below"
            ranks = "rank" if step.value == 1 else "ranks"
            return _about(card, f"is exactly {step.value} {ranks} {way} {CARD_WORDS[base[0]]}")
    if op == "==" and isinstance(right, A.Call) and right.func == "next":
        after, order = right.args
        items = _list_items(order)
        if _card_attr(after) is not None and items is not None:
            return _about(
                card,
                f"has the {noun} that comes after {_value(after)} in the order {', '.join(items)}, "
                "going round to the start again",
            )
    if op == "==" and isinstance(right, A.Index):
        said = _picked(f"{_value(A.Attr(A.Ref(card), attr))}", right)
        if said is not None:
            return said
    return None


def _picked(subject: str, index: A.Index) -> _Say | None:
    """``x == [a, b, c][n % 3]``: "x is a when n divided by 3 leaves 0, b when it leaves 1, c when 2"."""
    items = _list_items(index.seq)
    key = index.index
    if items is None or not (isinstance(key, A.Arith) and key.op == "%" and isinstance(key.right, A.Int)):
        return None
    if key.right.value != len(items):
        return None
    assert isinstance(index.seq, A.ListOf)
    items = [_CONST_NOUN.get(_value(item), _value(item)) for item in index.seq.items]
    cases = [f"{item} when it leaves {k}" for k, item in enumerate(items)]
    cases[0] = f"{items[0]} when {_value(key.left)} divided by {len(items)} leaves 0"
    return _Say(f"{subject} is " + ", ".join(cases))


def _special_compare(op: str, left: A.Node, right: A.Node) -> _Say | None:
    """Remainders, gaps and places in the line, said the way people say them."""
    # x % 2 == y % 2: parity follows parity.
    if (
        op in ("==", "!=")
        and _is_mod(left, 2)
        and _is_mod(right, 2)
        and isinstance(left, A.Arith)
        and isinstance(right, A.Arith)
    ):
        first, second = _rank_of(left.left), _rank_of(right.left)
        if first is not None and second is not None:
            return _follows(first, second, "even", op == "==")
        a, b = _value(left.left), _value(right.left)
        if op == "==":
            return _Say(f"{a} is even if {b} is even, and odd if {b} is odd")
        return _Say(f"{a} is odd if {b} is even, and even if {b} is odd")
    # x % k == r
    if op in ("==", "!=") and isinstance(left, A.Arith) and left.op == "%" and isinstance(right, A.Int):
        return _remainder(op, left.left, left.right, right.value)
    # abs(a - b) <= n: "a is at most n away from b"
    if (
        isinstance(left, A.Call)
        and left.func == "abs"
        and isinstance(left.args[0], A.Arith)
        and left.args[0].op == "-"
    ):
        near, away = left.args[0].left, left.args[0].right
        far = {
            "==": "exactly",
            "!=": "not exactly",
            "<": "less than",
            "<=": "at most",
            ">": "more than",
            ">=": "at least",
        }[op]
        first, second = _rank_of(near), _rank_of(away)
        if first is not None and second is not None:
            ranks = "rank" if isinstance(right, A.Int) and right.value == 1 else "ranks"
            return _about(
                first, f"is {far} {_value(right)} {ranks} away from {CARD_WORDS[second]}, up or down"
            )
        return _Say(f"{_value(near)} is {far} {_value(right)} away from {_value(away)}, up or down")
    # position == n
    if isinstance(left, A.Ref) and left.name == "position" and isinstance(right, A.Int):
        if op == "==":
            where = (
                "the first card of the line" if right.value == 1 else f"card number {right.value} of the line"
            )
            return _Say(f"the card is {where}")
        if op == "!=":
            where = (
                "the first card of the line" if right.value == 1 else f"card number {right.value} of the line"
            )
            return _Say(f"the card is not {where}")
    return None


def _is_mod(node: A.Node, k: int) -> bool:
    return (
        isinstance(node, A.Arith)
        and node.op == "%"
        and isinstance(node.right, A.Int)
        and node.right.value == k
    )


def _rank_of(node: A.Node) -> str | None:
    """The card name of ``prev.rank`` and the like."""
    attr = _card_attr(node)
    return attr[0] if attr is not None and attr[1] == "rank" else None


def _remainder(op: str, number: A.Node, divisor: A.Node, rest: int) -> _Say:
    """``x % k == r``: "x is even", "x is a multiple of 3", "x divided by 4 leaves 1"."""
    assert isinstance(divisor, A.Int)
    k = divisor.value
    if k == 2 and rest in (0, 1):
        parity = "even" if (rest == 0) == (op == "==") else "odd"
        card = _rank_of(number)
        if card is not None:
            return _is(A.Ref(card), parity, False)
        if isinstance(number, A.Ref) and number.name == "position":
            return _Say(f"the card is at an {parity} place in the line")
        return _Say(f"{_value(number)} is {parity}")
    no = "" if op == "==" else "not "
    if rest == 0:
        return _Say(f"{_value(number, True)} is {no}a multiple of {k}")
    leaves = "leaves" if op == "==" else "does not leave"
    return _Say(f"{_value(number, True)} divided by {k} {leaves} {rest}")


def _in(item: A.Node, container: A.Node, negated: bool) -> _Say:
    card_attr = _card_attr(item)
    if isinstance(container, A.Range):
        low, high = _value(container.low), _value(container.high)
        if card_attr is not None and card_attr[1] == "rank":
            low, high = _rank_word(container.low), _rank_word(container.high)
            if negated:
                trait = f"is lower than {low} or higher than {high}"
                return _about(card_attr[0], trait, f"play a card lower than {low} or higher than {high}")
            order = f"play a card from {low} to {high}"
            return _about(card_attr[0], f"has a rank from {low} to {high}", order)
        if negated:
            return _Say(f"{_value(item)} is less than {low} or more than {high}")
        return _Say(f"{_value(item)} is from {low} to {high}")
    items = _list_items(container)
    if items is None:
        no = "not " if negated else ""
        return _Say(f"{_value(item)} is {no}one of {_value(container)}")
    if card_attr is not None and isinstance(container, A.ListOf):
        nouns = []
        for element in container.items:
            constant = _constant_trait(card_attr[1], element)
            if constant is None:
                break
            nouns.append(constant[0].removeprefix("is ").removeprefix("has "))
        else:
            verb = "is" if card_attr[1] not in ("ink", "outline", "letter") else "has"
            if negated:
                listed = (
                    " nor ".join(nouns) if len(nouns) == 2 else ", ".join(nouns[:-1]) + " nor " + nouns[-1]
                )
                trait = f"{verb} neither {listed}" if len(nouns) > 1 else f"{verb} not {nouns[0]}"
                return _about(card_attr[0], trait.replace("has not", "does not have"))
            listed = _or_list(nouns)
            instruction = f"play {listed}" if verb == "is" and card_attr[1] != "color" else None
            return _about(card_attr[0], f"{verb} {listed}", instruction)
    no = "none" if negated else "one"
    return _Say(f"{_value(item)} is {no} of {', '.join(items)}")


def _or_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _list_items(node: A.Node) -> list[str] | None:
    if isinstance(node, A.ListOf):
        return [_value(item) for item in node.items]
    return None


# -- values -----------------------------------------------------------------------------------------
def _value(node: A.Node, nested: bool = False) -> str:
    """A number, a card, an attribute … as a noun phrase."""
    if isinstance(node, A.Int):
        return node.word or str(node.value)
    if isinstance(node, A.Bool):
        return "yes" if node.value else "no"
    if isinstance(node, A.Const):
        return node.name
    if isinstance(node, A.Str):
        return node.value if len(node.value) == 1 else f"“{node.value}”"
    if isinstance(node, A.Ref):
        if node.name in CARD_WORDS:
            return CARD_WORDS[node.name]
        return "the card's place in the line" if node.name == "position" else "the player"
    if isinstance(node, A.Attr):
        noun = _ATTR_NOUN[node.name]
        if isinstance(node.obj, A.Ref):
            return f"{_value(node.obj)}'s {noun}"
        return f"the {noun} of {_value(node.obj, True)}"
    if isinstance(node, A.Neg):
        return f"minus {_value(node.operand, True)}"
    if isinstance(node, A.Arith):
        return _arith(node, nested)
    if isinstance(node, A.Call):
        return _call(node)
    if isinstance(node, A.ListOf):
        return _or_list([_value(item) for item in node.items]) if node.items else "nothing"
    if isinstance(node, A.Range):
        return f"{_value(node.low)} to {_value(node.high)}"
    if isinstance(node, A.Index):
        items = _list_items(node.seq)
        listed = ", ".join(items) if items is not None else _value(node.seq, True)
        return f"item number {_value(node.index, True)} of the list {listed}, counting from 0 and going round"
    if isinstance(node, A.If):
        then, otherwise = _value(node.then, True), _value(node.otherwise, True)
        return f"{then} if {_cond(node.cond).clause}, otherwise {otherwise}"
    return f"whether {_cond(node).clause}"


def _arith(node: A.Arith, nested: bool) -> str:
    left, right = _value(node.left, True), _value(node.right, True)
    if node.op == "%":
        return f"the remainder when {left} is divided by {right}"
    simple = (A.Attr, A.Int, A.Ref, A.Const)
    if not nested and isinstance(node.left, simple) and isinstance(node.right, simple):
        return f"{left} {dict(zip('+-*', ('plus', 'minus', 'times'), strict=True))[node.op]} {right}"
    kind = {"+": "the sum of", "-": "the difference between", "*": "the product of"}[node.op]
    return f"{kind} {left} and {right}"


def _call(node: A.Call) -> str:
    args = node.args
    if node.func == "abs":
        inner = args[0]
        if isinstance(inner, A.Arith) and inner.op == "-":
            return f"the gap between {_value(inner.left, True)} and {_value(inner.right, True)}"
        return f"the size of {_value(inner, True)} without its sign"
    if node.func == "cyc":
        inner = args[0]
        if isinstance(inner, A.Arith) and inner.op == "-" and _rank_of(inner.left) and _rank_of(inner.right):
            up, down = CARD_WORDS[_rank_of(inner.left) or ""], CARD_WORDS[_rank_of(inner.right) or ""]
            return f"the number of ranks from {down} up to {up}, counting on from king to ace"
        if isinstance(inner, A.Arith) and inner.op in "+-" and isinstance(inner.right, A.Int):
            way = "above" if inner.op == "+" else "below"
            return (
                f"the rank {inner.right.value} {way} {_value(inner.left, True)}, going round from king to ace"
            )
        return f"{_value(inner, True)} counted round the ranks, 14 being an ace again"
    if node.func == "len":
        return f"the number of letters in {_value(args[0], True)}"
    if node.func == "next":
        items = _list_items(args[1])
        order = ", ".join(items) if items is not None else _value(args[1], True)
        return f"the one after {_value(args[0], True)} in the order {order}, going round"
    if node.func == "min":
        return f"the smaller of {_value(args[0], True)} and {_value(args[1], True)}"
    # A function added to the table later still reads, if plainly.
    return f"the {node.func} of " + " and ".join(_value(a, True) for a in args)
