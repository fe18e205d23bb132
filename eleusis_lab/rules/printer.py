"""Syntax tree → canonical rule text, with only the parentheses that precedence needs.

The canonical text is one line, single spaces around operators, suits as words, no comments;
parsing it gives back an equal tree.

>>> from eleusis_lab.rules.syntax import parse
>>> to_text(parse("if (prev is even) then (card is odd) else card is even   # Gardner"))
'if prev is even then card is odd else card is even'
>>> to_text(parse("card.suit == ♥ and (card.rank + 1) * 2 > (prev.rank)"))
'card.suit == hearts and (card.rank + 1) * 2 > prev.rank'
"""

from __future__ import annotations

from eleusis_lab.rules import ast as A

# Precedence levels, lowest binding first (see grammar.lark).
IF, OR, AND, NOT, COMPARE, SUM, PRODUCT, UNARY, POSTFIX, ATOM = range(10)
_ARITH_LEVEL = {"+": SUM, "-": SUM, "*": PRODUCT, "%": PRODUCT}


def precedence(node: A.Node) -> int:
    """How tightly ``node`` binds when printed (higher binds tighter)."""
    if isinstance(node, A.If):
        return IF
    if isinstance(node, A.BoolOp):
        return OR if node.op == "or" else AND
    if isinstance(node, A.Not):
        return NOT
    if isinstance(node, (A.Compare, A.Is, A.In)):
        return COMPARE
    if isinstance(node, A.Arith):
        return _ARITH_LEVEL[node.op]
    if isinstance(node, A.Neg):
        return UNARY
    if isinstance(node, (A.Attr, A.Index, A.Call)):
        return POSTFIX
    return ATOM


def to_text(node: A.Node) -> str:
    """The canonical text of a syntax tree."""
    return _show(node)


def _at(node: A.Node, level: int) -> str:
    """``node`` printed where at least ``level`` is needed: in parentheses if it binds more loosely."""
    text = _show(node)
    return f"({text})" if precedence(node) < level else text


def _show(node: A.Node) -> str:
    if isinstance(node, A.Int):
        return node.word or str(node.value)
    if isinstance(node, A.Bool):
        return "true" if node.value else "false"
    if isinstance(node, (A.Const, A.Ref)):
        return node.name
    if isinstance(node, A.Str):
        quote = "'" if '"' in node.value else '"'
        return f"{quote}{node.value}{quote}"
    if isinstance(node, A.Attr):
        return f"{_at(node.obj, POSTFIX)}.{node.name}"
    if isinstance(node, A.Index):
        return f"{_at(node.seq, POSTFIX)}[{_show(node.index)}]"
    if isinstance(node, A.Call):
        return f"{node.func}({', '.join(_show(a) for a in node.args)})"
    if isinstance(node, A.ListOf):
        return f"[{', '.join(_show(i) for i in node.items)}]"
    if isinstance(node, A.Neg):
        return f"-{_at(node.operand, UNARY)}"
    if isinstance(node, A.Not):
        return f"not {_at(node.operand, NOT)}"
    if isinstance(node, (A.Arith, A.BoolOp)):
        # Left-associative: a right operand of the same level keeps its parentheses.
        level = precedence(node)
        return f"{_at(node.left, level)} {node.op} {_at(node.right, level + 1)}"
    if isinstance(node, A.Compare):
        return f"{_at(node.left, SUM)} {node.op} {_at(node.right, SUM)}"
    if isinstance(node, A.Is):
        return f"{_at(node.operand, SUM)} is {'not ' if node.negated else ''}{node.predicate}"
    if isinstance(node, A.In):
        return f"{_at(node.item, SUM)} {'not in' if node.negated else 'in'} {_container(node.container)}"
    if isinstance(node, A.Range):
        return _container(node)
    if isinstance(node, A.If):
        # An `if` inside a condition or a `then` is legal bare but hard to read: bracket it.
        cond = _at(node.cond, OR)
        then = _at(node.then, OR)
        return f"if {cond} then {then} else {_show(node.otherwise)}"
    raise TypeError(f"cannot print {node!r}")


def _container(node: A.Node) -> str:
    if isinstance(node, A.Range):
        return f"{_at(node.low, SUM)}..{_at(node.high, SUM)}"
    return _at(node, SUM)
