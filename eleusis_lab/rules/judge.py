"""An exact judge of a guessed rule, for other harnesses (the language-model benchmarks and their forks).

Such harnesses judge a guess today by having a language model compile it to code and running random
simulations.  :func:`judge` answers exactly, in milliseconds and with no model.

**What "same" means.** The guess is the same rule when it accepts the same cards as the secret rule
in every situation that can still arise from the current mainline (the benchmark's definition of
equivalence): play goes on under the secret rule, any card it accepts may come next, on lines of up
to ``longest_line`` cards — by default 104, as long as two decks of playing cards can make (the
benchmark's deal, Express and New Eleusis), or 122 for a letter rule (two letter decks).  ``same``
is True only when every such situation was compared; otherwise a counterexample says where the rules
differ.

**The budget.** Rules read the card, up to three cards back, the position and the player, so the
situations are finitely many; the position is folded onto a period where the rules allow and tracked
exactly otherwise.  The comparison stops at 1,200,000 units of rule work (one node of a rule
evaluated once) or 600,000 visits of a situation's cards, whichever comes first: under half a second
here (``benchmarks/bench_judge_hardest.py``).  A pair too large for that (heavy three-card rules, the
longest rules) gets ``method == "bounded"``: every line up to ``same_up_to`` cards was compared and
some random lines after that, no difference found, and ``same`` is False: *not proven*, never "same".

>>> j = judge("card.color != prev.color", "if prev is red then card is black else card is red")
>>> j.same, j.method
(True, 'exhaustive')
>>> j = judge("card.color != prev.color", "card.color != prev.color or position == 100")
>>> j.same, len(j.counterexample.mainline)
(False, 99)
>>> j = judge("card.rank >= prev.rank", "card.rank > prev.rank", mainline="4♠ 8♦ [Q♥] 9♣")
>>> j.same
False
>>> print(j.explain())
After 4♠ 8♦ 9♣, the card 9♠ is accepted by the secret rule but rejected by the guess.
>>> sorted(j.to_dict())  # doctest: +NORMALIZE_WHITESPACE
['counterexample', 'guess', 'longest_line', 'mainline', 'method', 'milliseconds', 'same', 'same_up_to',
 'secret', 'situations']
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eleusis_lab.cards import Card, parse_cards
from eleusis_lab.rules.checks import Counterexample, card_count, deck_size, same_rule
from eleusis_lab.rules.library import RuleLike, as_rule

__all__ = ["Judgement", "judge", "read_mainline"]

#: Lines the judge compares by default: as long as two decks of the rule's kind of card can make.
DECKS_DEALT = 2

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
    """Same, different or not proven; how it was decided, and where the rules part if they do."""

    secret: str
    guess: str
    mainline: tuple[Card, ...]
    same: bool  # True only when proven (every situation compared)
    method: str  # "identical", "exhaustive" or "bounded" (see same_rule)
    situations: int
    counterexample: Counterexample | None
    milliseconds: float
    longest_line: int = 0
    #: ``"bounded"`` only: the same on every line up to this many cards, not proven beyond.
    same_up_to: int | None = None

    def __bool__(self) -> bool:
        return self.same

    @property
    def verdict(self) -> str:
        """``same``, ``different`` or ``same on every line up to N cards`` (not proven: not the same)."""
        if self.same:
            return "same"
        if self.counterexample is not None:
            return "different"
        return f"same on every line up to {card_count(self.same_up_to)}"

    def explain(self) -> str:
        """One sentence: why the guess is, or is not, the secret rule."""
        if self.counterexample is not None:
            return self.counterexample.explain()
        if self.method == "identical":
            return "The guess is the secret rule, word for word."
        where = " from this mainline on" if self.mainline else ""
        if self.method == "exhaustive":
            return (
                "The guess accepts the same cards as the secret rule in every situation that can arise"
                f"{where} on lines of up to {self.longest_line} cards."
            )
        return (
            "The guess accepts the same cards as the secret rule on every line up to "
            f"{card_count(self.same_up_to)}{where}, but checking lines of up to {self.longest_line} cards "
            "would exceed the judge's budget: it is not proven the same rule."
        )

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` answer of ``eleusis-lab judge``."""
        return {
            "same": self.same,
            "secret": self.secret,
            "guess": self.guess,
            "mainline": [str(c) for c in self.mainline],
            "method": self.method,
            "situations": self.situations,
            "longest_line": self.longest_line,
            "same_up_to": self.same_up_to,
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
    longest_line: int | None = None,
) -> Judgement:
    """Is ``guess`` the ``secret`` rule from ``mainline`` on?  Rules are rule text, ``Rule`` or library keys.

    ``deck`` is the deck dealt (``"standard"``, ``"double"``, ``"letters"`` or a list of cards) and
    ``longest_line`` the longest mainline play can make; by default two decks of the secret rule's
    kind of card and as many cards as they hold (see the module docstring for what "same" means).
    Bad rule text raises :class:`~eleusis_lab.rules.RuleError`; bad card text a ``ValueError``.
    """
    started = time.perf_counter()
    secret_rule, guess_rule = as_rule(secret), as_rule(guess)
    line = read_mainline(mainline)
    if deck is None:
        kind = "letters" if secret_rule.deck == "letters" else "standard"
        deck = "double" if kind == "standard" else "letters"
        if longest_line is None:
            longest_line = DECKS_DEALT * deck_size(kind)
    eq = same_rule(guess_rule, secret_rule, deck, player_names, mainline=line, longest_line=longest_line)
    return Judgement(
        secret=secret_rule.text,
        guess=guess_rule.text,
        mainline=tuple(line),
        same=eq.same,
        method=eq.method,
        situations=eq.situations,
        counterexample=eq.counterexample,
        milliseconds=(time.perf_counter() - started) * 1000,
        longest_line=eq.longest_line,
        same_up_to=eq.same_up_to,
    )
