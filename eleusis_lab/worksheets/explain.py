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
