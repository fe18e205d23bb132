"""Candidate rules for puzzles: the secret rules and the distractors students choose among.

A :class:`Candidate` pairs a rule with the English a student reads.  Candidates come from the rule
library (engineer B) and from a short list of the guesses students typically make (below).  Every
candidate is judged only through ``rule.accepts``; rule text is parsed by the rule language, never
run as Python.
"""

from __future__ import annotations

import fnmatch
import functools
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eleusis_lab.rules import Rule


@dataclass(frozen=True)
class Candidate:
    """A rule with its plain-English statement; ``key`` is a library key or ``guess:…``."""

    key: str
    english: str
    text: str
    origin: str  # "library" | "guess" | "recipe" (rule text written in the recipe)
    deck: str = "standard"  # "standard" | "letters" | "any"

    @property
    def rule(self) -> Rule:
        return _parse(self.text)

    @property
    def usable(self) -> bool:
        """Judged by the cards alone (no player-dependent rules on paper)."""
        return not getattr(self.rule, "uses_player", False)


@functools.cache
def _parse(text: str) -> Rule:
    from eleusis_lab.rules import Rule

    return Rule.parse(text)


# Guesses students make about a standard deck: simple, easy to read, each one a plausible distractor.
STANDARD_GUESSES: tuple[tuple[str, str, str], ...] = (
    ("alternate-colour", "Alternate red and black.", "card.color != prev.color"),
    ("same-colour", "Play a card of the same colour as the top card.", "card.color == prev.color"),
    ("same-suit", "Play a card of the same suit as the top card.", "card.suit == prev.suit"),
    ("other-suit", "Play a card of a different suit from the top card.", "card.suit != prev.suit"),
    ("higher", "Play a higher card than the top card.", "card.rank > prev.rank"),
    ("lower", "Play a lower card than the top card.", "card.rank < prev.rank"),
    ("not-lower", "Play a card equal to or higher than the top card.", "card.rank >= prev.rank"),
    ("only-red", "Play only red cards.", "card is red"),
    ("only-black", "Play only black cards.", "card is black"),
    ("only-even", "Play only even cards.", "card is even"),
    ("only-odd", "Play only odd cards.", "card is odd"),
    ("only-low", "Play only low cards (A to 7).", "card is low"),
    ("only-high", "Play only high cards (8 to K).", "card is high"),
    ("only-number", "Play only number cards (A to 10).", "card is number"),
    ("no-hearts", "Any card except a heart.", "card.suit != hearts"),
    ("no-spades", "Any card except a spade.", "card.suit != spades"),
    ("within-three", "Play a card within 3 ranks of the top card.", "abs(card.rank - prev.rank) <= 3"),
    ("far-away", "Play a card at least 3 ranks away from the top card.", "abs(card.rank - prev.rank) >= 3"),
    ("same-parity", "Even after even, odd after odd.", "(card is even) == (prev is even)"),
    ("not-same-rank", "Never play the same rank as the top card.", "card.rank != prev.rank"),
    ("red-higher", "A red card must be higher than the top card; black cards are free.",
     "card is black or card.rank > prev.rank"),
    ("black-lower", "A black card must be lower than the top card; red cards are free.",
     "card is red or card.rank < prev.rank"),
    ("face-then-number", "After a face card play a number card; otherwise anything.",
     "prev is not face or card is number"),
    ("colour-of-second", "Play the colour of the second card from the top.", "card.color == prev2.color"),
    ("sum-odd", "The top card and your card must add up to an odd number.",
     "(card.rank + prev.rank) % 2 == 1"),
    ("prime-or-face", "Play a prime card (2, 3, 5, 7, J, K) or a queen.",
     "card is prime or card.rank == queen"),
    ("rising-suit", "Suits in the order spades, hearts, diamonds, clubs, repeating.",
     "card.suit == next(prev.suit, [spades, hearts, diamonds, clubs])"),
    ("low-after-red", "After a red card play a low card (A-7); after a black card play a high card (8-K).",
     "if prev is red then card is low else card is high"),
    ("red-up-black-down", "After a red card play higher; after a black card play lower.",
     "if prev is red then card.rank > prev.rank else card.rank < prev.rank"),
    ("second-red-higher", "If the second card from the top is red, play higher than the top card; "
     "otherwise lower.", "if prev2 is red then card.rank > prev.rank else card.rank < prev.rank"),
    ("sum-parity-colour", "If the two top cards add up to an odd number, play red; otherwise black.",
     "if (prev.rank + prev2.rank) % 2 == 1 then card is red else card is black"),
    ("low-major-suits", "After a low card (A-7) play a spade or a heart; after a high card, a diamond "
     "or a club.",
     "if prev is low then card.suit in [spades, hearts] else card.suit in [diamonds, clubs]"),
    ("heart-same-rank", "After a heart play a card of the same rank; after any other suit, anything.",
     "prev.suit != hearts or card.rank == prev.rank"),
    ("diamond-other-suit", "After a diamond play another suit; after any other suit, anything.",
     "prev.suit != diamonds or card.suit != diamonds"),
    ("even-black", "If the top card is even play black; if it is odd play red.",
     "if prev is even then card is black else card is red"),
    ("within-two", "Play a card within 2 ranks of the top card.", "abs(card.rank - prev.rank) <= 2"),
    ("other-colour-second", "Play a card whose colour differs from the second card from the top.",
     "card.color != prev2.color"),
    ("sum-small-spade", "If the two top cards add up to 12 or less play a black card; otherwise a red card.",
     "if prev.rank + prev2.rank <= 12 then card is black else card is red"),
    ("mod3-suit", "Divide the top card's rank by 3: remainder 0 play a club, 1 a heart, 2 a spade.",
     "card.suit == [clubs, hearts, spades][prev.rank % 3]"),
)  # fmt: skip

LETTER_GUESSES: tuple[tuple[str, str, str], ...] = (
    ("same-ink", "Play a card whose letter has the same ink as the top card.", "card.ink == prev.ink"),
    ("other-ink", "Change the ink colour every time.", "card.ink != prev.ink"),
    ("same-shape", "Keep the same shape (circle or square).", "card.shape == prev.shape"),
    ("other-shape", "Alternate circles and squares.", "card.shape != prev.shape"),
    ("same-outline", "Keep the same outline colour.", "card.outline == prev.outline"),
    ("other-outline", "Alternate red and black outlines.", "card.outline != prev.outline"),
    ("same-letter", "Play the same letter as the top card.", "card.letter == prev.letter"),
    ("other-letter", "Never repeat the letter of the top card.", "card.letter != prev.letter"),
    ("letter-back", "Letters go backwards: E, D, C, B, A, E, …",
     "card.letter == next(prev.letter, [\"E\", \"D\", \"C\", \"B\", \"A\"])"),
    ("letter-forward-any", "Each letter is later in the alphabet than the top card's.",
     "card.letter > prev.letter"),
    ("only-circles", "Play only circles.", "card.shape == circle"),
    ("only-squares", "Play only squares.", "card.shape == square"),
    ("no-green", "Any card except green ink.", "card.ink != green"),
    ("no-red-ink", "Any card except red ink.", "card.ink != red"),
    ("only-vowels", "Play only vowels (A or E).", "card.letter in [\"A\", \"E\"]"),
    ("ink-cycle", "Inks in the order red, blue, green, repeating.",
     "card.ink == next(prev.ink, [red, blue, green])"),
    ("shape-or-ink", "Keep the shape or keep the ink of the top card.",
     "card.shape == prev.shape or card.ink == prev.ink"),
)  # fmt: skip


def guesses(deck: str) -> list[Candidate]:
    """The typical student guesses for a deck (``standard``/``double`` or ``letters``) that parse."""
    table = LETTER_GUESSES if deck == "letters" else STANDARD_GUESSES
    out = []
    for key, english, text in table:
        cand = Candidate(
            key=f"guess:{key}",
            english=english,
            text=text,
            origin="guess",
            deck="letters" if deck == "letters" else "standard",
        )
        out.append(cand)
    return out


def from_library(key: str) -> Candidate:
    """The library entry ``key`` as a candidate (raises ``KeyError``/``ValueError`` if unknown)."""
    from eleusis_lab.rules import library

    entry = library.get(key)
    return Candidate(
        key=entry.key, english=entry.english, text=entry.rule.text, origin="library", deck=entry.deck
    )


def library_candidates(deck: str) -> list[Candidate]:
    """Every library entry that fits ``deck`` (``standard``/``double`` share the standard faces)."""
    from eleusis_lab.rules import library

    want = "letters" if deck == "letters" else "standard"
    return [from_library(e.key) for e in library.ENTRIES if e.deck in (want, "any")]


_KEY_LIKE = re.compile(r"[A-Za-z0-9_*?\[\]-]+")


def resolve_keys(patterns: tuple[str, ...]) -> list[str]:
    """Library keys named by ``patterns`` (exact keys or shell globs such as ``express-*``), in order.

    A pattern that is not key-like (it has spaces, dots, quotes …) is rule text: it is kept, in its
    canonical form, if the parser reads it, and refused with the parser's own reason if not.
    """
    from eleusis_lab.rules import Rule, RuleError, library

    keys = list(library.keys())
    out: list[str] = []
    for pat in patterns:
        matched = [k for k in keys if fnmatch.fnmatchcase(k, pat)]
        if not matched and not _KEY_LIKE.fullmatch(pat):
            try:
                text = Rule.parse(pat).text
            except RuleError as e:
                where = f" (column {e.column})" if e.column else ""
                hint = f"; {e.hint}" if e.hint else ""
                raise ValueError(
                    f"{pat!r} is neither a library key nor a rule the parser reads: {e.reason}{where}{hint}"
                ) from None
            if text not in out:
                out.append(text)
            continue
        if not matched:
            near = [k for k in keys if pat.split("-")[0] in k][:5]
            hint = f"; did you mean {', '.join(near)}?" if near else f"; the keys are {', '.join(keys)}"
            raise ValueError(f"no library rule is called {pat!r}{hint}")
        out.extend(k for k in matched if k not in out)
    return out


def secret_candidate(key_or_text: str) -> Candidate:
    """A library entry by key, or a rule written in a recipe (its text is its key and its English)."""
    from eleusis_lab.rules import Rule, library

    if key_or_text in library.keys():  # noqa: SIM118 - library is a module
        return from_library(key_or_text)
    rule = Rule.parse(key_or_text)
    return Candidate(key=rule.text, english=rule.text, text=rule.text, origin="recipe", deck=rule.deck)


def pool(deck: str, *, exclude: Candidate | None = None) -> list[Candidate]:
    """Distractor pool for ``deck``: library rules and typical student guesses.

    Player-dependent rules are left out (a worksheet does not say who played each card), as are
    duplicates of the same canonical rule text.
    """
    cands = _pool("letters" if deck == "letters" else "standard")
    if exclude is None:
        return list(cands)
    return [c for c in cands if c.key != exclude.key and c.text != exclude.rule.text]


@functools.cache
def _pool(deck: str) -> tuple[Candidate, ...]:
    seen: set[str] = set()
    out: list[Candidate] = []
    for cand in [*library_candidates(deck), *guesses(deck)]:
        if not cand.usable or cand.rule.text in seen:
            continue
        cand = replace(cand, text=cand.rule.text)  # canonical, as the key prints it
        seen.add(cand.rule.text)
        out.append(cand)
    return tuple(out)
