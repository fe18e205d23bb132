"""Words the boards share: variant titles, the verdict banner, the end of a round in a sentence.

The engine speaks of players in the third person ("Ana draws 1 card."); the solo board's player is
called "You", so its sentences are put into the second person here, in the views, where wording belongs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from html import escape
from typing import Any, overload

from eleusis_lab.play import Round, find_variant
from eleusis_lab.play.variant import VARIANTS as REGISTERED
from eleusis_lab.widgets._common import banner

__all__ = [
    "VARIANTS",
    "VARIANT_TITLES",
    "end_text",
    "possessive",
    "second_person",
    "variant_choices",
    "variant_title",
    "verdict_banner",
]


def variant_choices() -> list[tuple[str, str]]:
    """``(title, key)`` of every variant a table plays (``MatchRules.playable``), for a set-up menu."""
    return [(cls.presentation.title, key) for key, cls in REGISTERED.items() if cls.match.playable]


def variant_title(variant: str) -> str:
    """The title a board shows for a variant (its presentation's), or the name itself if unknown."""
    try:
        return find_variant(variant).presentation.title
    except ValueError:
        return variant


class _Choices(Sequence[tuple[str, str]]):
    """:func:`variant_choices` read when used, so a variant registered later is on the menu too."""

    @overload
    def __getitem__(self, i: int) -> tuple[str, str]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[str, str]]: ...
    def __getitem__(self, i: int | slice) -> Any:
        return variant_choices()[i]

    def __len__(self) -> int:
        return len(variant_choices())


class _Titles(Mapping[str, str]):
    """The registered variants' board titles as a mapping, read when used."""

    def __getitem__(self, key: str) -> str:
        if key not in REGISTERED:
            raise KeyError(key)
        return REGISTERED[key].presentation.title

    def __iter__(self) -> Iterator[str]:
        return iter(list(REGISTERED))

    def __len__(self) -> int:
        return len(REGISTERED)


#: The set-up menu and the titles, kept under the names the boards import (read from the variants).
VARIANTS: Sequence[tuple[str, str]] = _Choices()
VARIANT_TITLES: Mapping[str, str] = _Titles()


def possessive(name: str) -> str:
    """``Ana's``, but ``Your`` for the solo board's "You"."""
    return "Your" if name.strip().lower() == "you" else f"{name}'s"


# The engine speaks of players in the third person ("Ana draws 1 card."); the solo board's player is
# called "You", so its sentences are put into the second person here, in the view, where wording belongs.
_SECOND_PERSON = re.compile(r"\bYou (has|is|draws|takes|plays|tries|declares|becomes|buys|guesses|goes)\b")
_SECOND_PERSON_VERB = {"has": "have", "is": "are", "tries": "try", "goes": "go", "guesses": "guess"}


def second_person(text: str) -> str:
    """``You draws 1 card`` → ``You draw 1 card`` (other names are left alone).

    >>> second_person("9♣ is wrong: You draws 1 card. You plays first. Ana draws 2 cards.")
    '9♣ is wrong: You draw 1 card. You play first. Ana draws 2 cards.'
    """

    def verb(m: re.Match[str]) -> str:
        word = m.group(1)
        return "You " + _SECOND_PERSON_VERB.get(word, word[:-1])

    return _SECOND_PERSON.sub(verb, text)


def end_text(round_: Round) -> str:
    """'The round is over: Ana found the rule.' from the round's end event, in its variant's words."""
    end = round_.end
    if end is None:
        return "The round is over."
    return f"The round is over: {round_.presentation.end_phrase(end.reason, end.player)}."


def verdict_banner(verdict: Any, player: str | None = None, *, size: str = "1.6em") -> str:
    """A big green RIGHT or red WRONG banner for a verdict, with the round's own message under it."""
    who = getattr(verdict, "player", None) or player or "The player"
    cards = getattr(verdict, "cards", ()) or ()
    shown = " ".join(str(c) for c in cards)
    message = str(getattr(verdict, "message", "") or "")
    accepted = bool(getattr(verdict, "accepted", False))
    kind_word = getattr(verdict, "kind", None)
    if kind_word == "no-play" or (not cards and "no play" in message.lower()):
        head = f"{who}: no play — {'RIGHT' if accepted else 'WRONG'}"
    else:
        head = f"{who} played {shown}: {'RIGHT ✔' if accepted else 'WRONG ✘'}"
    return banner(
        head, "accepted" if accepted else "rejected", size=size, detail=escape(second_person(message))
    )
