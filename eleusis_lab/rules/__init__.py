"""The rule language: a secret rule is one expression, parsed, checked, printed and judged safely.

>>> from eleusis_lab.cards import parse_cards, Card
>>> rule = Rule.parse("card.suit == prev.suit  or  card.rank == prev.rank")
>>> rule.text
'card.suit == prev.suit or card.rank == prev.rank'
>>> rule.accepts(Card.parse("7H"), parse_cards("3S 7S"))
True
>>> rule.accepts(Card.parse("8H"), parse_cards("3S 7S"))
False
>>> rule.lookback, rule.deck, rule.uses_position, rule.uses_player
(1, 'standard', False, False)
>>> Rule.parse("card.suit = prev.suit")
Traceback (most recent call last):
...
eleusis_lab.rules.errors.RuleError: `=` is not a comparison (line 1, column 11)
    card.suit = prev.suit
              ^
hint: use `==` to compare: `card.suit == prev.suit`
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card, as_card
from eleusis_lab.rules import ast
from eleusis_lab.rules.errors import RuleError
from eleusis_lab.rules.evaluator import compile_rule
from eleusis_lab.rules.parser import MAX_DEPTH, MAX_LENGTH, Analysis, check, parse
from eleusis_lab.rules.printer import to_text

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.rules import checks as checks
    from eleusis_lab.rules import library as library
    from eleusis_lab.rules import seal as seal

__all__ = ["CHEAT_SHEET", "MAX_DEPTH", "MAX_LENGTH", "PlayerInfo", "Rule", "RuleError", "ast"]

#: A one-screen summary of the rule language, for boards, lessons and ``--help`` texts.
#: Every line that starts with four spaces is a rule that parses (tested).
CHEAT_SHEET = """\
A rule says whether a card may be played. It reads the card and up to three cards before it:
  card, prev, prev2, prev3 (a card that does not exist yet makes the rule accept)
  position (the starter is position 1), player.name, player.seat
Card attributes: rank (1-13; ace jack queen king), suit (spades hearts diamonds clubs or ♠ ♥ ♦ ♣),
  color (red black); letter deck: letter ("A".."E"), ink (red blue green), shape (circle square),
  outline (red black). The blank has none of these: reading one accepts.
Properties: card is even / odd / prime / red / black / face / number / high / low / blank, `is not`.
Arithmetic + - * %, comparisons == != < <= > >=, and / or / not, brackets, # comments.
Examples:
    card.color != prev.color
    card.suit == prev.suit or card.rank == prev.rank
    card.rank in 1..7 and card is not face
    card.suit in [hearts, diamonds]
    if prev is even then card is odd else card is even
    if position == 1 then card.rank == ace else card.rank >= prev.rank
    card.rank == cyc(prev.rank + 1)
    card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])
    card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]
    (card is face) != (prev is face)
    abs(card.rank - prev.rank) <= 2
    if len(player.name) is odd then card is red else card is black
    card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])
"""


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """Who is playing, for player-dependent rules: ``player.name`` and ``player.seat`` (0-based)."""

    name: str
    seat: int


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


def __getattr__(name: str) -> Any:
    # B's modules live next to this one; load them on first use so this package imports on its own.
    if name in ("library", "checks", "seal"):
        module = importlib.import_module(f"eleusis_lab.rules.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'eleusis_lab.rules' has no attribute {name!r}")
