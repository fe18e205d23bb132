"""Words the boards share: variant titles, the verdict banner, the end of a round in a sentence.

The engine speaks of players in the third person ("Ana draws 1 card."); the solo board's player is
called "You", so its sentences are put into the second person here, in the views, where wording belongs.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from eleusis_lab.widgets._common import banner

__all__ = ["VARIANTS", "VARIANT_TITLES", "end_text", "possessive", "second_person", "verdict_banner"]

VARIANTS = [
    ("Eleusis Express", "express"),
    ("Gardner's Eleusis (1959)", "gardner"),
    ("New Eleusis", "new-eleusis"),
    ("Guess the rule! (letter deck)", "letters"),
]
VARIANT_TITLES = {key: title for title, key in VARIANTS}


_END_REASONS = {
    "out": "{p} has no cards left",
    "guessed": "{p} found the rule",
    "stock": "the stock ran out",
    "blocked": "nobody can play any card",
    "no-play": "{p} declared a right 'no play' with one card",
    "expelled": "every player but the prophet was expelled",
    "counted": "the cards were counted",
}


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


def end_text(round_: Any) -> str:
    """'The round is over: Ana found the rule.' from the round's end event."""
    end = getattr(round_, "end", None)
    reason = getattr(end, "reason", None)
    if reason is None:
        return "The round is over."
    text = _END_REASONS.get(reason, reason).format(p=getattr(end, "player", None) or "a player")
    return f"The round is over: {text}."


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
