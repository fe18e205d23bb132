"""The :class:`Rule` value: a checked, compiled rule, compared and hashed by its syntax tree.

>>> Rule.parse("card.rank > prev.rank").judge("9S", ["2H", "8C"])
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from eleusis_lab.cards import Card, as_card
from eleusis_lab.rules import ast
from eleusis_lab.rules.errors import RuleError
from eleusis_lab.rules.evaluator import compile_rule
from eleusis_lab.rules.printer import to_text
from eleusis_lab.rules.syntax import parse
from eleusis_lab.rules.typecheck import Analysis, check

__all__ = ["PlayerInfo", "Rule"]


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """Who is playing, for player-dependent rules: ``player.name``, ``player.surname``, ``player.seat``.

    The seat counts from 0.  The surname is the last word of the name as typed, the name Gardner's
    player-dependent rule counts [000]; a one-word name is its own surname.

    >>> PlayerInfo("Martin Gardner", 0).surname, PlayerInfo("Ann", 1).surname
    ('Gardner', 'Ann')
    """

    name: str
    seat: int

    @property
    def surname(self) -> str:
        words = self.name.split()
        return words[-1] if words else self.name


class Rule:
    """A checked, compiled rule; a small immutable value compared and hashed by its syntax tree.

    Build one with :meth:`Rule.parse` (text) or ``Rule(tree)`` (a syntax tree from
    :mod:`eleusis_lab.rules.ast`); both raise :class:`RuleError` when the rule makes no sense.
    """

    __slots__ = ("_analysis", "_ast", "_hash", "_judge", "_text")

    _ast: ast.Node
    _text: str
    _hash: int
    _judge: Callable[[Any, Sequence[Any], Any], bool]
    _analysis: Analysis

    def __init__(self, tree: ast.Node, *, _source: str = "") -> None:
        try:
            checker = check(tree, _source)
        except RuleError as err:
            if _source or err.offset is not None or "too deeply" in err.reason:
                raise
            # A hand-built tree has no positions: print it and check the text, to point at the mistake.
            text = to_text(tree)
            check(parse(text), text)
            raise  # pragma: no cover - the printed text fails the same way
        text = to_text(tree)
        set_ = object.__setattr__
        set_(self, "_ast", tree)
        set_(self, "_text", text)
        set_(self, "_hash", hash(("Rule", tree)))
        set_(self, "_analysis", checker.analysis)
        set_(self, "_judge", compile_rule(tree, checker))

    @classmethod
    def parse(cls, text: str) -> Rule:
        """Read rule text; raise :class:`RuleError` (a ``ValueError``) saying where and why if it is wrong.

        >>> Rule.parse("if prev is even then card is odd else card is even")
        Rule.parse('if prev is even then card is odd else card is even')
        """
        if isinstance(text, Rule):
            return text
        return _parse_cached(text)

    # -- the value --
    @property
    def text(self) -> str:
        """Canonical text: one line, minimal brackets; ``Rule.parse(rule.text) == rule``."""
        return self._text

    @property
    def ast(self) -> ast.Node:
        """The root node of the syntax tree."""
        return self._ast

    @property
    def lookback(self) -> int:
        """How many previous cards the rule can read (0-3)."""
        return self._analysis.lookback

    @property
    def uses_position(self) -> bool:
        return self._analysis.uses_position

    @property
    def uses_player(self) -> bool:
        return self._analysis.uses_player

    @property
    def deck(self) -> str:
        """``"standard"`` or ``"letters"`` by the card attributes read; ``"any"`` if it reads none."""
        return self._analysis.deck

    # -- judging --
    def accepts(self, card: Card | str, mainline: Sequence[Card], player: PlayerInfo | None = None) -> bool:
        """Whether ``card`` may follow ``mainline`` (accepted cards, starter first) when ``player`` plays it.

        Anything the rule needs that does not exist (an earlier card, the player, an attribute the
        card does not have) makes the rule accept.  ``card`` may be given as text.
        """
        if card.__class__ is not Card:
            card = as_card(card)
        return self._judge(card, mainline, player)

    def judge(
        self, card: Card | str, mainline: Sequence[Card | str], player: PlayerInfo | None = None
    ) -> bool:
        """Like :meth:`accepts`, but the mainline may also be card texts (slower; for people, not loops).

        >>> Rule.parse("card.rank > prev.rank").judge("9S", ["2H", "8C"])
        True
        """
        return self.accepts(as_card(card), [as_card(c) for c in mainline], player)

    def __call__(self, card: Card | str, mainline: Sequence[Card], player: PlayerInfo | None = None) -> bool:
        return self.accepts(card, mainline, player)

    # -- value semantics --
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rule):
            return NotImplemented
        return self is other or (self._hash == other._hash and self._ast == other._ast)

    def __hash__(self) -> int:
        return self._hash

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Rule cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Rule cannot be changed")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Rule.parse, (self._text,))

    def __copy__(self) -> Rule:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Rule:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Rule.parse({self._text!r})"


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> Rule:
    tree = parse(text)
    return Rule(tree, _source=text)
