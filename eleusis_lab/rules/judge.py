"""An exact judge of a guessed rule, for other harnesses (the language-model benchmarks and their forks).

Such harnesses judge a guess today by having a language model compile it to code and running random
simulations.  :func:`judge` answers exactly, in milliseconds and with no model: the guess is the same
rule when it accepts the same cards as the secret rule in every situation that can still arise from
the current mainline (the benchmark's definition of equivalence), else a counterexample says where they
differ.

>>> j = judge("card.color != prev.color", "if prev is red then card is black else card is red")
>>> j.same, j.method
(True, 'exhaustive')
>>> j = judge("card.rank >= prev.rank", "card.rank > prev.rank", mainline="4♠ 8♦ [Q♥] 9♣")
>>> j.same
False
>>> print(j.explain())
After 4♠ 8♦ 9♣, the card 9♠ is accepted by the secret rule but rejected by the guess.
>>> sorted(j.to_dict())
['counterexample', 'guess', 'mainline', 'method', 'milliseconds', 'same', 'secret', 'situations']
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eleusis_lab.cards import Card, parse_cards
from eleusis_lab.rules.checks import Counterexample, same_rule
from eleusis_lab.rules.library import RuleLike, as_rule

__all__ = ["Judgement", "judge", "read_mainline"]

# Rejected cards on a benchmark board are written in brackets ("4♠ 8♦ [Q♥] 9♣"): they are not part
# of the mainline.
_REJECTED = re.compile(r"\[[^\]]*\]")


def read_mainline(text: str | Sequence[Card | str]) -> list[Card]:
    """The mainline from card text (``"4♠ 8♦ 9♣"``) or a benchmark board with rejected cards in brackets.

    >>> [str(c) for c in read_mainline("4S, 8D [QH 2C] 9♣")]
    ['4♠', '8♦', '9♣']
    """
    if isinstance(text, str):
        return parse_cards(_REJECTED.sub(" ", text)) if text.strip() else []
    return [c if isinstance(c, Card) else Card.parse(c) for c in text]


@dataclass(frozen=True)
class Judgement:
    """Same or different, how it was decided, and where the rules part if they do."""

    secret: str
    guess: str
    mainline: tuple[Card, ...]
    same: bool
    method: str  # "identical", "exhaustive" or "simulation" (see same_rule)
    situations: int
    counterexample: Counterexample | None
    milliseconds: float

    def __bool__(self) -> bool:
        return self.same

    def explain(self) -> str:
        """One sentence: why the guess is, or is not, the secret rule."""
        if self.counterexample is not None:
            return self.counterexample.explain()
        if self.method == "identical":
            return "The guess is the secret rule, word for word."
        where = " from this mainline on" if self.mainline else ""
        exact = "in every situation that can arise" if self.method == "exhaustive" else "on random lines"
        return f"The guess accepts the same cards as the secret rule {exact}{where}."

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` answer of ``eleusis-lab judge``."""
        return {
            "same": self.same,
            "secret": self.secret,
            "guess": self.guess,
            "mainline": [str(c) for c in self.mainline],
            "method": self.method,
            "situations": self.situations,
            "counterexample": None if self.counterexample is None else self.counterexample.to_dict(),
            "milliseconds": round(self.milliseconds, 3),
        }


def judge(
    secret: RuleLike,
    guess: RuleLike,
    mainline: str | Sequence[Card | str] = (),
    *,
    deck: str | Sequence[Card] | None = None,
    player_names: Sequence[str] | None = None,
) -> Judgement:
    """Is ``guess`` the ``secret`` rule from ``mainline`` on?  Rules are rule text, ``Rule`` or library keys.

    Bad rule text raises :class:`~eleusis_lab.rules.RuleError`; bad card text a ``ValueError``.
    """
    started = time.perf_counter()
    secret_rule, guess_rule = as_rule(secret), as_rule(guess)
    line = read_mainline(mainline)
    eq = same_rule(guess_rule, secret_rule, deck, player_names, mainline=line)
    return Judgement(
        secret=secret_rule.text,
        guess=guess_rule.text,
        mainline=tuple(line),
        same=eq.same,
        method=eq.method,
        situations=eq.situations,
        counterexample=eq.counterexample,
        milliseconds=(time.perf_counter() - started) * 1000,
    )
