"""Guesses in words: the teacher types a student's sentence and gets the closest rules to judge.

The candidates are the library's rules (their English texts) and the hypothesis space's most plausible
rules (read aloud in plain English by :func:`plain_english`); they are ranked by word overlap with the
sentence, after both are put into one vocabulary ("colours alternate" and "change colour" meet at
*colour* and *differ*), and then by plausibility.  No network, no language model: a word list.

>>> closest_rules("alternate colours")[0].text
'card.color != prev.color'
>>> closest_rules("purple elephants")
[]
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

__all__ = ["RuleMatch", "closest_rules", "plain_english"]

# Words of a sentence put into one vocabulary; words not listed are kept as they are.
_SAME_AS = {
    "colour": "color", "colours": "color", "colors": "color", "coloured": "color",
    "alternate": "differ", "alternating": "differ", "alternates": "differ", "alternately": "differ",
    "different": "differ", "differs": "differ", "change": "differ", "changes": "differ",
    "other": "differ", "opposite": "differ", "switch": "differ", "switches": "differ", "swap": "differ",
    "another": "differ", "turns": "differ", "not": "not", "same": "same", "equal": "same",
    "match": "same", "matches": "same", "matching": "same", "stay": "same", "stays": "same",
    "higher": "higher", "greater": "higher", "bigger": "higher", "larger": "higher", "above": "higher",
    "up": "higher", "more": "higher", "increasing": "higher", "rising": "higher", "climb": "higher",
    "lower": "lower", "smaller": "lower", "less": "lower", "below": "lower", "down": "lower",
    "decreasing": "lower", "falling": "lower", "previous": "prev", "last": "prev", "top": "prev",
    "before": "prev", "after": "prev", "follows": "prev", "then": "prev", "on": "prev",
    "reds": "red", "blacks": "black", "suits": "suit", "ranks": "rank", "numbers": "rank", "number": "rank",
    "value": "rank", "values": "rank", "evens": "even", "odds": "odd", "primes": "prime",
    "court": "face", "picture": "face", "faces": "face", "royal": "face",
    "spade": "spades", "heart": "hearts", "diamond": "diamonds", "club": "clubs",
    "big": "high", "small": "low", "place": "position", "places": "position", "positions": "position",
    "letters": "letter", "inks": "ink", "shapes": "shape", "outlines": "outline", "circles": "circle",
    "squares": "square", "sum": "add", "adds": "add", "total": "add", "plus": "add",
}  # fmt: skip
_STOP_WORDS = (
    "s a an the card cards must be is are of to play played plays and or it its any one only "
    "in by as with than from can may you your if else when every each"
)
_STOP = frozenset(_STOP_WORDS.split())
_WORD = re.compile(r"[a-z]+|\d+")


def _words(text: str) -> frozenset[str]:
    out = set()
    for raw in _WORD.findall(text.lower()):
        word = _SAME_AS.get(raw, raw)
        if word not in _STOP:
            out.add(word)
    return frozenset(out)


# Rule text read aloud, a piece at a time (order matters: longer pieces first).
_READING = [
    (r"\bprev3\.(\w+)", r"the \1 of the card three back"),
    (r"\bprev2\.(\w+)", r"the \1 of the card two back"),
    (r"\bprev\.(\w+)", r"the previous card's \1"),
    (r"\bcard\.(\w+)", r"the card's \1"),
    (r"\bprev2 is\b", "the card two back is"),
    (r"\bprev is\b", "the previous card is"),
    (r"\bcard is\b", "the card is"),
    (r"abs\((.+?) - (.+?)\)", r"the gap between \1 and \2"),
    (r"(\S+) % 2", r"\1 (odd or even)"),
    (r"!=", "differs from"),
    (r"==", "is the same as"),
    (r">=", "is at least"),
    (r"<=", "is at most"),
    (r">", "is higher than"),
    (r"<", "is lower than"),
    (r"\bnot in\b", "is not one of"),
    (r"\bin (\d+)\.\.(\d+)", r"is from \1 to \2"),
    (r"\bcolor\b", "colour"),
]


def plain_english(rule_text: str) -> str:
    """A rule's text read aloud in plain English (for rules the library has no sentence for).

    >>> plain_english("card.color != prev.color")
    "the card's colour differs from the previous card's colour"
    """
    text = rule_text
    for pattern, words in _READING:
        text = re.sub(pattern, words, text)
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True)
class RuleMatch:
    """A rule offered for a sentence: its text, how it reads, where it comes from, and its score."""

    text: str
    english: str
    source: str  # a library key, or "hypothesis space"
    score: float


@functools.lru_cache(maxsize=2)
def _candidates(deck: str) -> tuple[tuple[str, str, str, float, frozenset[str]], ...]:
    """(text, english, source, plausibility 0-1, words) for the library and the space's plainest rules."""
    from eleusis_lab.rules import library
    from eleusis_lab.science.space import HypothesisSpace

    out: list[tuple[str, str, str, float, frozenset[str]]] = []
    seen: set[str] = set()
    for entry in library.playable(deck):
        text = entry.rule.text
        seen.add(text)
        out.append((text, entry.english, entry.key, 1.0, _words(entry.english) | _words(plain_english(text))))
    classes = HypothesisSpace(deck).classes(200, pool=2000)
    cheapest = min((c.cost for c in classes), default=0.0)
    for c in classes:
        if c.text in seen:
            continue
        seen.add(c.text)
        english = plain_english(c.text)
        out.append((c.text, english, "hypothesis space", math.exp(cheapest - c.cost), _words(english)))
    return tuple(out)


def closest_rules(sentence: str, *, deck: str = "standard", k: int = 5) -> list[RuleMatch]:
    """The ``k`` rules closest to ``sentence``, best first; empty when no word of it matches any rule."""
    said = _words(sentence)
    if not said:
        return []
    ranked = []
    for text, english, source, plausible, words in _candidates(deck):
        shared = len(said & words)
        if shared == 0:
            continue
        # Most of the sentence covered first, then few words left over, then the plainer rule.
        score = shared / len(said) + 0.3 * shared / len(words) + 0.2 * plausible
        ranked.append((score, text, english, source))
    ranked.sort(key=lambda t: (-t[0], t[1]))
    return [RuleMatch(text, english, source, round(score, 3)) for score, text, english, source in ranked[:k]]
