"""Why a rule accepts what it does on a given table: which branch of its ``if`` the table selects.

For a rule ``if C then A else B`` (and chains of ``else if``) whose conditions read only the table,
the conditions are judged on the mainline with the rule engine itself, and the branch that applies is
returned as rule text.  An answer key can then say "``prev is even`` is true here, so the card must
satisfy ``card is odd``" and a teacher can check each tick against that one branch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from eleusis_lab.cards import Card
from eleusis_lab.rules import Rule
from eleusis_lab.rules import ast as A
from eleusis_lab.rules.printer import to_text


@dataclass(frozen=True)
class Branch:
    """The conditions met or not on a table (rule text, truth) and the branch that then applies."""

    conditions: tuple[tuple[str, bool], ...]
    applies: str  # rule text of the chosen branch


def branch_on(rule: Rule, mainline: Sequence[Card]) -> Branch | None:
    """The branch of ``rule`` that ``mainline`` selects, or None when there is no ``if`` to explain.

    Stops at a condition that reads the played card (it is not decided by the table alone) or that
    needs a card the table does not have (the rule then accepts anything; nothing to explain).
    """
    if not mainline:
        return None
    node = rule.ast
    steps: list[tuple[str, bool]] = []
    probe = mainline[-1]  # any card: the condition does not read it
    while isinstance(node, A.If):
        if any(isinstance(n, A.Ref) and n.name in ("card", "player") for n in node.cond.walk()):
            break
        cond = Rule(node.cond)
        yes = cond.accepts(probe, mainline)
        no = Rule(A.Not(node.cond)).accepts(probe, mainline)
        if yes == no:  # missing history: both accept
            return None
        steps.append((cond.text, yes))
        node = node.then if yes else node.otherwise
    if not steps:
        return None
    return Branch(conditions=tuple(steps), applies=Rule(node).text)


def _reads(node: A.Node, names: tuple[str, ...]) -> bool:
    return any(isinstance(n, A.Ref) and n.name in names for n in node.walk())


def _trivial(node: A.Node) -> bool:
    """A bare card name or attribute (``prev``, ``prev.suit``): the key already names the top cards."""
    return isinstance(node, A.Ref) or (isinstance(node, A.Attr) and isinstance(node.obj, A.Ref))


_CANDIDATE_VALUES: tuple[A.Node, ...] = (
    *(A.Int(v) for v in range(0, 41)),
    *(A.Neg(A.Int(v)) for v in range(1, 13)),
    *(A.Const(name) for name in A.CONSTANTS),
    *(A.Str(letter) for letter in ("A", "B", "C", "D", "E")),
)


def table_values(rule_text: str, mainline: Sequence[Card]) -> tuple[tuple[str, str], ...]:
    """Values the table gives to the parts of a rule that compare the played card with the table.

    For ``card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]`` on a table whose top card
    is a 6, this is ``(("[clubs, spades, hearts, diamonds][prev.rank % 4]", "hearts"),)``.  Each value
    is found by asking the engine which constant the sub-expression equals on this table.
    """
    if not mainline:
        return ()
    rule = Rule.parse(rule_text)
    probe = mainline[-1]
    out: list[tuple[str, str]] = []
    for node in rule.ast.walk():
        sides: list[A.Node] = []
        if isinstance(node, A.Compare):
            sides = [node.left, node.right]
        elif isinstance(node, A.In):
            sides = [node.item, node.container]
        if not sides or not any(_reads(s, ("card",)) for s in sides):
            continue
        for side in sides:
            if _reads(side, ("card", "player")) or not _reads(side, ("prev", "prev2", "prev3", "position")):
                continue
            if _trivial(side) or isinstance(side, (A.Range, A.ListOf)):
                continue
            value = _value_of(side, mainline, probe)
            text = to_text(side)
            if value is not None and (text, value) not in out:
                out.append((text, value))
    return tuple(out)


def _value_of(side: A.Node, mainline: Sequence[Card], probe: Card) -> str | None:
    for cand in _CANDIDATE_VALUES:
        try:
            equal = Rule(A.Compare("==", side, cand))
            differ = Rule(A.Compare("!=", side, cand))
        except ValueError:  # a suit is not a number: the type checker refuses
            continue
        yes, no = equal.accepts(probe, mainline), differ.accepts(probe, mainline)
        if yes and no:  # missing history
            return None
        if yes:
            return equal.text.rsplit(" == ", 1)[1]
    return None
