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

Anything that names a rule — a ``Rule``, rule text, a library key or entry — becomes a ``Rule`` through
:func:`as_rule`, the one way every layer reads a rule argument:

>>> as_rule("gardner-2") == as_rule("card.suit == prev.suit or card.rank == prev.rank")
True
"""

from __future__ import annotations

from eleusis_lab.rules import ast, checks, library, seal
from eleusis_lab.rules.errors import RuleError
from eleusis_lab.rules.functions import FUNCTIONS
from eleusis_lab.rules.library import as_rule
from eleusis_lab.rules.rule import PlayerInfo, Rule
from eleusis_lab.rules.syntax import MAX_DEPTH, MAX_LENGTH

__all__ = [
    "CHEAT_SHEET",
    "MAX_DEPTH",
    "MAX_LENGTH",
    "PlayerInfo",
    "Rule",
    "RuleError",
    "as_rule",
    "ast",
    "checks",
    "library",
    "seal",
]

#: A one-screen summary of the rule language, for boards, lessons and ``--help`` texts.
#: Every line that starts with four spaces is a rule that parses (tested); the functions' lines come
#: from their table (:mod:`eleusis_lab.rules.functions`).
CHEAT_SHEET = (
    """\
A rule says whether a card may be played. It reads the card and up to three cards before it:
  card, prev, prev2, prev3 (a card that does not exist yet makes the rule accept)
  position (the starter is position 1), player.name, player.surname, player.seat
Card attributes: rank (1-13; ace jack queen king), suit (spades hearts diamonds clubs or ♠ ♥ ♦ ♣),
  color (red black); letter deck: letter ("A".."E"), ink (red blue green), shape (circle square),
  outline (red black). The blank has none of these: reading one accepts.
Properties: card is even / odd / prime / red / black / face / number / high / low / blank, `is not`.
Arithmetic + - * %, comparisons == != < <= > >=, and / or / not, brackets, # comments.
Functions:
"""
    + "".join(f"  {f.usage.replace('`', '')}\n" for f in FUNCTIONS.values())
    + """\
Examples:
    card.color != prev.color
    card.suit == prev.suit or card.rank == prev.rank
    card.rank in 1..7 and card is not face
    card.suit in [hearts, diamonds]
    if prev is even then card is odd else card is even
    if position == 1 then card.rank == ace else card.rank >= prev.rank
    card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]
    (card is face) != (prev is face)
    card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])
"""
    + "".join(f"    {f.example}\n" for f in FUNCTIONS.values())
)
