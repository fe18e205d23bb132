"""What a board asks of the round on it, read from the round's ``legal_actions``.

The table session (:class:`~eleusis_lab.session.TableSession`) answers the same questions for every
board: who may state the rule now, who may become prophet, which cards of the hand the round does not
list as plays.  The answers depend only on the round, which seats are computers, whether play is locked
and whether the cards are real ones, so they live here once, in a small value the session builds when
asked.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from eleusis_lab.cards import Card
from eleusis_lab.play import Round
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Action, DeclareProphet, Guess, Play
from eleusis_lab.play.players import ComputerPlayer


@dataclass(frozen=True)
class TableQuestions:
    """The round on a board (None at the set-up form), its computer seats, whether play is over or the
    rule revealed (``locked``), and whether the cards are real ones (``physical``: no hands to show)."""

    round: Round | None
    computers: Collection[str]
    locked: bool
    physical: bool = False

    def human(self, name: str | None) -> bool:
        return name is not None and name not in self.computers

    def listed(self, player: str | None) -> list[Action]:
        """The round's legal actions for ``player`` (None: the dealer's), none once play is locked."""
        r = self.round
        return [] if r is None or self.locked else r.legal_actions(player)

    def guessers(self) -> list[str]:
        """The people who may state the rule now (the last to play first)."""
        r = self.round
        if r is None:
            return []
        names = [p for p in r.players if self.human(p) and any(isinstance(a, Guess) for a in self.listed(p))]
        last = self.last_actor()
        return sorted(names, key=lambda p: p != last)

    def prophet_candidate(self) -> str | None:
        """New Eleusis: the person who just played, if they may become prophet now."""
        last = self.last_actor()
        if last is None or not self.human(last):
            return None
        return last if any(isinstance(a, DeclareProphet) for a in self.listed(last)) else None

    def last_actor(self) -> str | None:
        """Who played (or declared no play) last."""
        r = self.round
        for event in reversed(list(r.events) if r is not None else []):
            if isinstance(event, ev.Played | ev.NoPlayDeclared):
                return event.player
        return None

    def string_limit(self) -> int:
        """How many cards one play may hold now (New Eleusis strings: up to 4)."""
        return self.round.capabilities.max_string if self.round is not None else 1

    def disabled_cards(self) -> list[Card]:
        """Cards of the current hand the round does not list as plays now (Gardner: tried this turn)."""
        r = self.round
        who = r.current_player if r is not None else None
        if r is None or who is None or self.physical or not self.human(who) or self.locked:
            return []
        plays = [a for a in self.listed(who) if isinstance(a, Play)]
        if any("cards" in a.open for a in plays):
            return []
        allowed = {c for a in plays for c in a.cards}
        return [c for c in r.hand(who) if c not in allowed]


def computers_act(r: Round, computers: Mapping[str, ComputerPlayer]) -> list[str]:
    """The computer seats act until a person must; what they did, in sentences (the class should know)."""
    if not computers or r.is_over:
        return []
    from eleusis_lab.play.driver import advance

    before = len(r.events)
    lines = [f"{v.player}: {v.message}" for v in advance(r, computers)]
    for event in list(r.events)[before:]:
        if isinstance(event, ev.Guessed):
            word = "RIGHT" if event.correct else "WRONG"
            lines.append(f"{event.player} guesses {event.text or event.words or ''}: {word}")
        elif isinstance(event, ev.ProphetDeclared):
            lines.append(f"{event.player} becomes the prophet.")
    return lines
