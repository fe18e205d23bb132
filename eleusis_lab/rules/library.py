"""The rule library: every example rule of the sources, plus classroom rules of our own.

Each :class:`LibraryEntry` carries the rule as a teacher would say it (``english``) and as the rule
language writes it (``text``), where it comes from, how hard it is to find, and which deck it is for.
The source rules come first, keyed ``gardner-1`` … ``gardner-7``, ``express-1`` … ``express-9``,
``new-eleusis`` and ``letters-cycle``; our own rules have descriptive keys.

>>> from eleusis_lab.rules import library
>>> library.get("gardner-2").english
'Play a card of the same suit or the same rank as the top card (as in Crazy Eights, but no card is wild).'
>>> library.get("gardner-7").acceptable
False
>>> "gardner-7" in [e.key for e in library.playable()]
False
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from eleusis_lab.rules import ast
from eleusis_lab.rules.errors import RuleError
from eleusis_lab.rules.rule import Rule

Difficulty = Literal["easy", "medium", "hard"]
DeckName = Literal["standard", "letters"]

GARDNER = "Gardner 1959 [000]"
EXPRESS = "Eleusis Express, Golden 2006 [004]"
EXPRESS_FAQ = "Eleusis Express FAQ [004]"
NEW_ELEUSIS = "New Eleusis, Abbott 1977 [002]"
LETTERS = 'Letter deck, "Guess the rule!" [001]'
OURS = "Eleusis Lab"

DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")


@cache
def _parse(text: str) -> Rule:
    return Rule.parse(text)


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """One rule of the library: its words, its rule text, its origin and its difficulty.

    ``acceptable`` is False only for the rules kept as examples of what not to do (Gardner 7).
    """

    key: str
    title: str
    source: str
    english: str
    text: str
    difficulty: Difficulty
    deck: DeckName = "standard"
    acceptable: bool = True
    note: str = ""

    @property
    def rule(self) -> Rule:
        """The parsed rule (parsed once, then cached)."""
        return _parse(self.text)

    @property
    def hint(self) -> str:
        """A hint the dealer may give before play, as Gardner allows [000] (see :func:`hint`)."""
        return hint(self.rule)

    @property
    def is_source_rule(self) -> bool:
        """True for the examples taken from the source documents, False for Eleusis Lab's own."""
        return self.source != OURS

    def to_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "title": self.title,
            "source": self.source,
            "english": self.english,
            "text": self.text,
            "difficulty": self.difficulty,
            "deck": self.deck,
            "acceptable": self.acceptable,
            "note": self.note,
        }


def _e(
    key: str,
    title: str,
    source: str,
    english: str,
    text: str,
    difficulty: Difficulty,
    deck: DeckName = "standard",
    acceptable: bool = True,
    note: str = "",
) -> LibraryEntry:
    return LibraryEntry(key, title, source, english, text, difficulty, deck, acceptable, note)


_SOURCE_RULES: tuple[LibraryEntry, ...] = (
    # -- Gardner [000], in his order of increasing difficulty --------------------------------
    _e(
        "gardner-1",
        "Odd and even take turns",
        GARDNER,
        "If the top card is even, play an odd card; if it is odd, play an even card.",
        "if prev is even then card is odd else card is even",
        "easy",
    ),
    _e(
        "gardner-2",
        "Crazy Eights",
        GARDNER,
        "Play a card of the same suit or the same rank as the top card "
        "(as in Crazy Eights, but no card is wild).",
        "card.suit == prev.suit or card.rank == prev.rank",
        "easy",
    ),
    _e(
        "gardner-3",
        "Two colours decide low or high",
        GARDNER,
        "If the two top cards have the same colour, play a card from ace to 7; "
        "otherwise a card from 7 to king.",
        "if prev.color == prev2.color then card.rank in 1..7 else card.rank in 7..13",
        "medium",
    ),
    _e(
        "gardner-4",
        "Second card back: red up, black down",
        GARDNER,
        "If the second card from the top is red, play a card of equal or higher rank than it; "
        "if it is black, a card of equal or lower rank.",
        "if prev2 is red then card.rank >= prev2.rank else card.rank <= prev2.rank",
        "hard",
    ),
    _e(
        "gardner-5",
        "Rank mod 4 picks the suit",
        GARDNER,
        "Divide the top card's rank by 4: remainder 1 means play a spade, 2 a heart, 3 a diamond, "
        "and no remainder a club.",
        "card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]",
        "hard",
    ),
    _e(
        "gardner-6",
        "It depends who plays (announced)",
        GARDNER,
        "If the player's surname has an odd number of letters, play a card of the other colour than the "
        "top card; otherwise a card of the same colour.",
        "if len(player.surname) is odd then card.color != prev.color else card.color == prev.color",
        "hard",
        note="Player-dependent: Gardner allows it only if the dealer announces that the rule "
        "depends on the players.",
    ),
    _e(
        "gardner-7",
        "One rank up (a bad rule)",
        GARDNER,
        "Play the card one rank above the top card.",
        "card.rank == prev.rank + 1",
        "easy",
        acceptable=False,
        note="Gardner's example of an unacceptable rule: only 4 of the 52 cards are ever playable, "
        "aces never after the starter, and nothing can follow a king.",
    ),
    # -- Eleusis Express [004] ------------------------------------------------------------------
    _e(
        "express-1",
        "Alternate colours",
        EXPRESS,
        "Alternate red and black cards.",
        "card.color != prev.color",
        "easy",
    ),
    _e(
        "express-2",
        "Suits in order",
        EXPRESS,
        "Play the suits in the order spades, hearts, clubs, diamonds, and round again.",
        "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])",
        "medium",
    ),
    _e(
        "express-3",
        "Even after odd, odd after even",
        EXPRESS,
        "Play an even card after an odd card and an odd card after an even card.",
        "(card is even) != (prev is even)",
        "easy",
    ),
    _e(
        "express-4",
        "Same suit or same rank",
        EXPRESS,
        "Play a card of the same suit or the same rank as the top card.",
        "card.rank == prev.rank or card.suit == prev.suit",
        "easy",
    ),
    _e(
        "express-5",
        "Parity picks the colour",
        EXPRESS,
        "If the top card is even, play a red card; if it is odd, play a black card.",
        "if prev is even then card is red else card is black",
        "medium",
    ),
    _e(
        "express-6",
        "Low and high take turns",
        EXPRESS,
        "If the top card is low (ace to 7), play a high card (8 to king); if it is high, play a low card.",
        "if prev is low then card is high else card is low",
        "medium",
    ),
    _e(
        "express-7",
        "One step up or down",
        EXPRESS,
        "Play a card one rank higher, one rank lower, or of the same rank as the top card.",
        "abs(card.rank - prev.rank) <= 1",
        "medium",
    ),
    _e(
        "express-8",
        "Each suit has its own rule",
        EXPRESS_FAQ,
        "If the top card is a diamond, play a card of another suit; if a club, a red card; if a spade, "
        "a black card; if a heart, a card of the same rank.",
        "if prev.suit == diamonds then card.suit != diamonds "
        "else if prev.suit == clubs then card is red "
        "else if prev.suit == spades then card is black "
        "else card.rank == prev.rank",
        "hard",
    ),
    _e(
        "express-9",
        "The sum of the two top cards picks the suit",
        EXPRESS_FAQ,
        "Add the two top cards, a jack, queen or king counting 10 and an ace 1: 2 to 8, play a spade; "
        "9 to 12, a club; 13 to 16, a diamond; 17 or more, a heart.",
        "if min(prev.rank, 10) + min(prev2.rank, 10) <= 8 then card.suit == spades "
        "else if min(prev.rank, 10) + min(prev2.rank, 10) <= 12 then card.suit == clubs "
        "else if min(prev.rank, 10) + min(prev2.rank, 10) <= 16 then card.suit == diamonds "
        "else card.suit == hearts",
        "hard",
        note='The source drops the suit for 9-12; clubs is the only suit left, and its "(count 10, '
        'Ace = 1)" makes J, Q and K count 10 (RULES.md readings).',
    ),
    # -- New Eleusis [002] and the letter deck [001] -------------------------------------------
    _e(
        "new-eleusis",
        "Higher, except after a face card",
        NEW_ELEUSIS,
        "Each card must be higher than the previous one, unless the previous one was a face card, "
        "in which case any number card (ace to 10) may be played.",
        "if prev is face then card is number else card.rank > prev.rank",
        "medium",
    ),
    _e(
        "letters-cycle",
        "Letters go round A B C D E",
        LETTERS,
        "After A only B, after B only C, after C only D, after D only E, after E only A; the other "
        "features do not matter. The blank may follow any card, and any card may follow the blank.",
        'card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])',
        "easy",
        deck="letters",
    ),
)

_OUR_RULES: tuple[LibraryEntry, ...] = (
    # -- easy: one property, one relation to the top card ------------------------------------
    _e(
        "same-color",
        "Stay in colour",
        OURS,
        "Play a card of the same colour as the top card.",
        "card.color == prev.color",
        "easy",
    ),
    _e(
        "color-by-position",
        "Red on odd places, black on even",
        OURS,
        "Cards in odd places of the line (1st, 3rd, 5th …) are red; cards in even places are black.",
        "if position % 2 == 1 then card is red else card is black",
        "easy",
        note="The starter must be red. Close to 'alternate colours', but the line cannot start black.",
    ),
    _e(
        "same-parity",
        "Keep the parity",
        OURS,
        "Play an even card on an even card and an odd card on an odd card.",
        "(card is even) == (prev is even)",
        "easy",
    ),
    _e(
        "high-stays-high",
        "High on high, low on low",
        OURS,
        "On a high card (8 to king) play a high card; on a low card (ace to 7) play a low card.",
        "(card is high) == (prev is high)",
        "easy",
    ),
    _e(
        "face-or-same-color",
        "Same colour, or any face card",
        OURS,
        "Play a card of the same colour as the top card, or any face card (J, Q, K).",
        "card is face or card.color == prev.color",
        "easy",
    ),
    _e(
        "face-then-red",
        "Red after a face card",
        OURS,
        "After a face card (J, Q, K) play a red card; after a number card play a black card.",
        "if prev is face then card is red else card is black",
        "easy",
    ),
    _e(
        "suit-or-one-up",
        "Same suit, or one rank up",
        OURS,
        "Play a card of the same suit as the top card, or a card exactly one rank higher.",
        "card.suit == prev.suit or card.rank == prev.rank + 1",
        "easy",
    ),
    # -- medium ---------------------------------------------------------------------------------
    _e(
        "parity-by-position",
        "Odd places odd, even places even",
        OURS,
        "A card in an odd place of the line (1st, 3rd, 5th …) is odd; a card in an even place is even.",
        "if position % 2 == 0 then card is even else card is odd",
        "medium",
    ),
    _e(
        "high-low-by-position",
        "Low on odd places, high on even",
        OURS,
        "Cards in odd places of the line are low (ace to 7); cards in even places are high (8 to king).",
        "if position % 2 == 0 then card is high else card is low",
        "medium",
    ),
    _e(
        "within-three",
        "Close in rank",
        OURS,
        "Play a card at most three ranks away from the top card, up or down (no wrapping round).",
        "abs(card.rank - prev.rank) <= 3",
        "medium",
    ),
    _e(
        "face-number-alternate",
        "Face and number take turns",
        OURS,
        "After a face card (J, Q, K) play a number card (ace to 10); after a number card play a face card.",
        "(card is face) != (prev is face)",
        "medium",
    ),
    _e(
        "color-sets-parity",
        "Colour picks the parity",
        OURS,
        "After a red card play an even card; after a black card play an odd card.",
        "if prev is red then card is even else card is odd",
        "medium",
    ),
    _e(
        "same-suit-or-face",
        "Same suit, or any face card",
        OURS,
        "Play a card of the same suit as the top card, or any face card (J, Q, K).",
        "card.suit == prev.suit or card is face",
        "medium",
    ),
    _e(
        "sister-suit",
        "The sister suit",
        OURS,
        "Play a card of the other suit of the same colour: hearts and diamonds swap, spades and clubs swap.",
        "card.color == prev.color and card.suit != prev.suit",
        "medium",
    ),
    _e(
        "sum-at-most-14",
        "Small sums",
        OURS,
        "The ranks of the card and the top card add up to 14 or less (ace 1, jack 11, queen 12, king 13).",
        "card.rank + prev.rank <= 14",
        "medium",
    ),
    _e(
        "toward-the-middle",
        "Back toward the middle",
        OURS,
        "After a high card (8 to king) play a lower card; after a low card (ace to 7) play a higher card.",
        "if prev is high then card.rank < prev.rank else card.rank > prev.rank",
        "medium",
    ),
    _e(
        "big-jump",
        "Big jumps",
        OURS,
        "Play a card at least five ranks away from the top card, up or down.",
        "abs(card.rank - prev.rank) >= 5",
        "medium",
    ),
    _e(
        "color-like-two-back",
        "Colour of the second card back",
        OURS,
        "Play a card of the same colour as the second card from the top.",
        "card.color == prev2.color",
        "medium",
        note="Looks like two lines woven together: every other card shares a colour.",
    ),
    _e(
        "suit-of-either",
        "A suit of the two top cards",
        OURS,
        "Play a card of the same suit as the top card or as the second card from the top.",
        "card.suit == prev.suit or card.suit == prev2.suit",
        "medium",
    ),
    # -- hard -----------------------------------------------------------------------------------
    _e(
        "red-up-black-down",
        "Red goes up, black goes down",
        OURS,
        "After a red card play a card of equal or higher rank; after a black card, equal or lower rank.",
        "if prev is red then card.rank >= prev.rank else card.rank <= prev.rank",
        "hard",
    ),
    _e(
        "major-minor-alternate",
        "Pointed and round suits take turns",
        OURS,
        "Spades and hearts take turns with diamonds and clubs: after a spade or a heart play a diamond "
        "or a club, and the other way round.",
        "(card.suit in [spades, hearts]) != (prev.suit in [spades, hearts])",
        "hard",
        note="It cuts across colour, so classes that think in red and black are surprised.",
    ),
    _e(
        "suit-by-position",
        "Suits by place in the line",
        OURS,
        "The 1st card is a spade, the 2nd a heart, the 3rd a diamond, the 4th a club, and round again.",
        "card.suit == [clubs, spades, hearts, diamonds][position % 4]",
        "hard",
    ),
    _e(
        "climb-round",
        "Climb one to three, round the corner",
        OURS,
        "Play a card 1, 2 or 3 ranks above the top card, counting on from king to ace, 2, 3.",
        "cyc(card.rank - prev.rank) in 1..3",
        "hard",
    ),
    _e(
        "prime-alternate",
        "Primes take turns",
        OURS,
        "After a prime rank (2, 3, 5, 7, jack, king) play a non-prime; after a non-prime play a prime.",
        "(card is prime) != (prev is prime)",
        "hard",
    ),
    _e(
        "face-switches-color",
        "Face cards switch colour",
        OURS,
        "Stay in the top card's colour, but after a face card (J, Q, K) change colour.",
        "if prev is face then card.color != prev.color else card.color == prev.color",
        "hard",
    ),
    _e(
        "high-low-two-back",
        "High and low, two back",
        OURS,
        "If the second card from the top is high (8 to king), play a low card; "
        "if it is low, play a high card.",
        "(card is high) != (prev2 is high)",
        "hard",
    ),
    _e(
        "parity-from-two-back",
        "Second card back picks the parity",
        OURS,
        "If the second card from the top is red, play an even card; if it is black, an odd card.",
        "if prev2 is red then card is even else card is odd",
        "hard",
    ),
    _e(
        "pair-then-switch",
        "Two of a colour, then switch",
        OURS,
        "If the two top cards have the same colour, change colour; otherwise play the top card's suit.",
        "if prev.color == prev2.color then card.color != prev.color else card.suit == prev.suit",
        "hard",
    ),
    _e(
        "prime-sum",
        "Prime sums",
        OURS,
        "The ranks of the card and the top card add up to a prime number (2, 3, 5, 7, 11, 13, 17, 19, 23).",
        "card.rank + prev.rank in [2, 3, 5, 7, 11, 13, 17, 19, 23]",
        "hard",
    ),
    # -- the letter deck --------------------------------------------------------------------------
    _e(
        "same-letter-or-ink",
        "Same letter or same ink",
        OURS,
        "Play a card with the same letter or the same ink as the top card. The blank is free.",
        "card.letter == prev.letter or card.ink == prev.ink",
        "easy",
        deck="letters",
    ),
    _e(
        "shapes-alternate",
        "Circles and squares take turns",
        OURS,
        "After a circle play a square, after a square play a circle. The blank is free.",
        "card.shape != prev.shape",
        "easy",
        deck="letters",
    ),
    _e(
        "ink-cycle",
        "Inks go round",
        OURS,
        "The ink goes round red, blue, green, red … The blank is free.",
        "card.ink == next(prev.ink, [red, blue, green])",
        "medium",
        deck="letters",
    ),
    _e(
        "outline-picks-shape",
        "The outline picks the shape",
        OURS,
        "After a card with a red outline play a circle; after a black outline, a square. The blank is free.",
        "if prev.outline == red then card.shape == circle else card.shape == square",
        "medium",
        deck="letters",
    ),
)

ENTRIES: tuple[LibraryEntry, ...] = _SOURCE_RULES + _OUR_RULES
_BY_KEY: dict[str, LibraryEntry] = {e.key: e for e in ENTRIES}
assert len(_BY_KEY) == len(ENTRIES), "library keys must be unique"


_ATTR_TOPIC = {
    "rank": "ranks",
    "suit": "suits",
    "color": "colours",
    "letter": "letters",
    "ink": "inks",
    "shape": "shapes",
    "outline": "outlines",
}
_PREDICATE_TOPIC = {
    "even": "parity",
    "odd": "parity",
    "prime": "prime ranks",
    "red": "colours",
    "black": "colours",
    "face": "face cards",
    "number": "face cards",
    "high": "high and low cards",
    "low": "high and low cards",
    "blank": "the blank",
}
_LOOKS = {0: "It does not look at earlier cards", 1: "It concerns the top card"}


def hint(rule: Rule) -> str:
    """Which cards a rule looks at and what about them, like Gardner's example hints [000].

    >>> hint(get("gardner-3").rule)
    'It concerns the two top cards; it is about colours and ranks.'
    """
    topics: list[str] = []
    for node in rule.ast.walk():
        topic = None
        if isinstance(node, ast.Attr) and isinstance(node.obj, ast.Ref) and node.obj.name != "player":
            topic = _ATTR_TOPIC.get(node.name)
        elif isinstance(node, ast.Is) and not any(
            isinstance(n, ast.Ref) and n.name == "player" for n in node.operand.walk()
        ):
            topic = _PREDICATE_TOPIC.get(node.predicate)
        if topic and topic not in topics:
            topics.append(topic)
    looks = _LOOKS.get(rule.lookback, f"It concerns the {['', '', 'two', 'three'][rule.lookback]} top cards")
    extras = [
        x
        for x, used in (("the card's place in the line", rule.uses_position), ("who plays", rule.uses_player))
        if used
    ]
    if extras:
        looks += (" but on " if rule.lookback == 0 else " and ") + " and ".join(extras)
        looks = looks.replace("It does not look at earlier cards but on", "It depends only on")
    if not topics:
        return looks + "."
    about = topics[0] if len(topics) == 1 else ", ".join(topics[:-1]) + " and " + topics[-1]
    return f"{looks}; it is about {about}."


def keys() -> list[str]:
    """All keys, source rules first, in library order."""
    return [e.key for e in ENTRIES]


def get(key: str) -> LibraryEntry:
    """The entry with this key; a ``KeyError`` naming the nearest keys otherwise."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"no library rule {key!r}; {_nearest_keys(key)}") from None


def _nearest_keys(key: str) -> str:
    near = difflib.get_close_matches(key, keys(), n=3)
    return f"did you mean {', '.join(near)}?" if near else f"known keys: {', '.join(keys())}"


#: Text shaped like a library key (``gardner-11``): if it does not parse, the error names the keys.
_KEY_SHAPE = re.compile(r"[a-z]+(-[a-z0-9]+)+")


#: What may stand for a rule in an argument (see :func:`as_rule`).
RuleLike = Rule | LibraryEntry | str


def as_rule(rule: RuleLike) -> Rule:
    """The one way to read a rule argument: a ``Rule``, a library entry, a library key or rule text.

    A key (spaces around it ignored) gives its library rule; any other text is parsed. Text that
    does not parse but is shaped like a key (and does not start with ``card-``, ``prev-`` …) raises
    a :class:`RuleError` naming the nearest keys; anything else raises ``TypeError``.

    >>> as_rule(" express-1 ").text
    'card.color != prev.color'
    >>> as_rule("gardner-11")
    Traceback (most recent call last):
    ...
    eleusis_lab.rules.errors.RuleError: no library rule 'gardner-11'
    hint: did you mean gardner-1, gardner-7, gardner-6?
    """
    if isinstance(rule, Rule):
        return rule
    if isinstance(rule, LibraryEntry):
        return rule.rule
    if not isinstance(rule, str):
        raise TypeError(f"a rule is a Rule, rule text or a library key, not {type(rule).__name__}")
    key = rule.strip()
    entry = _BY_KEY.get(key)
    if entry is not None:
        return entry.rule
    try:
        return Rule.parse(rule)
    except RuleError:
        if _KEY_SHAPE.fullmatch(key) and key.split("-", 1)[0] not in ast.REFS:
            raise RuleError(f"no library rule {key!r}", hint=_nearest_keys(key)) from None
        raise


def playable(deck: str | None = None) -> list[LibraryEntry]:
    """Entries fit for play (Gardner 7 is left out), optionally only those for one deck."""
    return [e for e in ENTRIES if e.acceptable and (deck is None or e.deck == deck)]


def by_difficulty(difficulty: str) -> list[LibraryEntry]:
    """Entries of one difficulty, ``easy``, ``medium`` or ``hard``."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}: choose easy, medium or hard")
    return [e for e in ENTRIES if e.difficulty == difficulty]
