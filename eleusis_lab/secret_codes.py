"""Secret rules handed to a class as opaque codes: each student (or group) a different rule of the right deck.

A lesson never names its secret rule: a student types the code from a slip of paper (``E-ARE``), or
leaves the box empty and gets a code drawn at random.  A code says nothing about its rule (it is a hash of
the deck and the rule's key, not a position in a list), so reading the codes on the slips gives nothing
away; the teacher's answer key (:meth:`SecretDeck.answer_key`) is in the teacher guide.

Each deck holds the rules a lesson may use as a secret: rules of the lesson's own deck of cards and game,
none of them shown as an example anywhere earlier in the unit (``tests/lessons`` scans the lessons).

>>> deck = DECKS["first-round"]
>>> slips = deck.hand_out(["Ana", "Ben", "Cy"], seed=1)
>>> len(set(slips.values())) == 3 and all(code.startswith("E-") for code in slips.values())
True
>>> deck.rule_key(slips["Ana"]) in deck.keys
True
>>> deck.rule_key("E-???")
Traceback (most recent call last):
...
ValueError: 'E-???' is not a code of the first-round deck: check the slip (codes look like E-ARE)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DECKS", "SecretDeck", "code_for"]

# Letters and digits nobody confuses on a projector or a photocopy (no 0/O, 1/I/L, 5/S, 8/B, 2/Z).
_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"


def code_for(prefix: str, key: str) -> str:
    """The opaque code of rule ``key`` in the deck whose codes start with ``prefix``."""
    digest = int.from_bytes(hashlib.sha256(f"{prefix}:{key}".encode()).digest()[:8], "big")
    letters = []
    for _ in range(3):
        digest, index = divmod(digest, len(_ALPHABET))
        letters.append(_ALPHABET[index])
    return f"{prefix}-{''.join(letters)}"


@dataclass(frozen=True)
class SecretDeck:
    """The secret rules one lesson hands out, by key (library keys, or the benchmark's own keys)."""

    name: str
    prefix: str
    description: str
    keys: tuple[str, ...]

    def __post_init__(self) -> None:
        codes = [code_for(self.prefix, key) for key in self.keys]
        if len(set(codes)) != len(codes):
            raise ValueError(f"two rules of the {self.name} deck share a code: change the prefix")

    @property
    def codes(self) -> list[str]:
        """Every code of the deck, in an order that says nothing about the rules (sorted codes)."""
        return sorted(code_for(self.prefix, key) for key in self.keys)

    def rule_key(self, code: str) -> str:
        """The key of the rule a code stands for (spaces and case forgiven), else a clear ``ValueError``."""
        wanted = code.strip().upper()
        for key in self.keys:
            if code_for(self.prefix, key) == wanted:
                return key
        raise ValueError(
            f"{code!r} is not a code of the {self.name} deck: check the slip "
            f"(codes look like {self.codes[0]})"
        )

    def draw(self, seed: int | None = None) -> str:
        """One code at random (a new one each run unless ``seed`` is given)."""
        return random.Random(seed).choice(self.codes)

    def hand_out(self, names: Sequence[str], seed: int | None = None) -> dict[str, str]:
        """A code for each name: all different while the deck lasts, then round again in a new order."""
        rng = random.Random(seed)
        slips: dict[str, str] = {}
        pool: list[str] = []
        for name in names:
            if not pool:
                pool = self.codes
                rng.shuffle(pool)
            slips[name] = pool.pop()
        return slips

    def answer_key(self) -> list[tuple[str, str]]:
        """(code, rule key) for the teacher, in code order."""
        return sorted((code_for(self.prefix, key), key) for key in self.keys)


DECKS: dict[str, SecretDeck] = {
    deck.name: deck
    for deck in (
        SecretDeck(
            "first-round",
            "E",
            "Easy Eleusis Express rules for the standard deck that no lesson shows (lesson 1)",
            (
                "same-color",
                "color-by-position",
                "same-parity",
                "high-stays-high",
                "face-or-same-color",
                "face-then-red",
                "suit-or-one-up",
            ),
        ),
        SecretDeck(
            "benchmark",
            "B",
            "The language-model benchmark's rules that no earlier lesson shows (lesson 11)",
            (
                "even-ranks",
                "ranks-5-9",
                "prime-ranks",
                "spades",
                "spades-diamonds",
                "no-spades",
                "black-faces",
                "red-low",
                "faces-red-numbers-black",
                "suit-changes-colour-stays",
                "suit-cycle",
                "colour-or-parity-shared",
                "face-imposes-suit",
                "suit-pairs",
                "rank-pairs",
            ),
        ),
    )
}
