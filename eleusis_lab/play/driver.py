"""Drive computer seats: play for them until it is a human's turn or the round is over.

>>> from eleusis_lab.play import new_round
>>> from eleusis_lab.play.players import RandomPlayer
>>> r = new_round("letters", ["Ana", "Ben"], "letters-cycle", seed=1)
>>> verdicts = play_out(r, {"Ana": RandomPlayer(1), "Ben": RandomPlayer(2)})
>>> r.is_over
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from eleusis_lab.play.actions import DeclareProphet, DeclineGuess, Guess, NoPlay
from eleusis_lab.play.errors import GameError
from eleusis_lab.play.players import ComputerPlayer, lookup

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round

__all__ = ["DriverError", "advance", "play_out", "seat_computers"]


class DriverError(RuntimeError):
    """The driver could not make progress (a round that never ends, or a player with no legal move)."""


def seat_computers(players: list[str], kind: str = "random", *, seed: int = 0) -> dict[str, ComputerPlayer]:
    """One computer player of ``kind`` per name, seeded ``seed``, ``seed + 1``, …"""
    return {name: lookup(kind, seed=seed + i) for i, name in enumerate(players)}


def _lists(round: Round, name: str, kind: type[Any]) -> bool:
    return any(isinstance(a, kind) for a in round.legal_actions(name))


def _prophet_call(
    round: Round, computers: Mapping[str, ComputerPlayer], player: str, cards: Any, *, no_play: bool = False
) -> bool | None:
    """``prophet_says`` for a play when the prophet in office is a computer (New Eleusis); None: no call.

    A human prophet's calls are the class's to enter; the driver then leaves them to the round
    (which follows the prophet's declared rule, or takes the prophet to agree with the dealer)."""
    prophet = round.prophet
    if not prophet or prophet not in computers or prophet == player:
        return None
    shown = list(cards) if cards is not None else list(round.hand(player))
    call = computers[prophet].judge_as_prophet(round, prophet, shown, no_play=no_play, player=player)
    return None if call is None else bool(call)


def advance(round: Round, computers: Mapping[str, ComputerPlayer], *, max_actions: int = 10_000) -> list[Any]:
    """Play every computer seat in turn until a human must act or the round ends.

    Returns the verdicts of the plays and "no play"s made.  After its play a computer may state the rule
    or become prophet where the round's ``legal_actions`` lists it (Express after a right play, the solo
    protocol after every play, New Eleusis at the end of a turn), and lets the chance go where the round
    asks for that (the solo protocol's last turn); a computer prophet calls the plays of the others; in
    Gardner's second half a wrong card keeps the turn and the player is simply asked again.
    """
    if round.physical and round.current_player in computers:
        raise ValueError("computer players cannot sit at a physical round: the engine does not see the hands")
    verdicts: list[Any] = []
    for _ in range(max_actions):
        if round.is_over:
            return verdicts
        name = round.current_player
        if name is None or name not in computers:
            return verdicts
        player = computers[name]
        verdicts.append(_turn(round, name, player, computers))
        if not round.is_over:
            _after_play(round, name, player)
    raise DriverError(f"no end after {max_actions} computer actions")


def _after_play(round: Round, name: str, player: ComputerPlayer) -> None:
    """The follow-ups the round lists after ``name``'s play: a guess (or letting it go), becoming prophet."""
    if _lists(round, name, Guess):
        text = player.choose_guess(round, name)
        if text:
            # A guess the round refuses (unreadable …) is simply not made.
            with contextlib.suppress(GameError):
                if round.guess(name, text).correct is False:
                    player.guess_was_wrong(text)
        if not round.is_over and _lists(round, name, DeclineGuess):
            round.apply(DeclineGuess(name))
    if not round.is_over and _lists(round, name, DeclareProphet) and player.wants_prophet(round, name):
        rule_text = player.prophet_rule(round, name)
        with contextlib.suppress(GameError):  # the round may refuse the prophet's rule text
            round.declare_prophet(name, rule_text or None)


def _turn(round: Round, name: str, player: ComputerPlayer, computers: Mapping[str, ComputerPlayer]) -> Any:
    """One play or "no play" for ``name``; falls back to a plain card if the choice is refused."""
    choice = player.choose_play(round, name)
    try:
        if choice is None:
            if _lists(round, name, NoPlay):
                return round.no_play(
                    name, prophet_says=_prophet_call(round, computers, name, None, no_play=True)
                )
        else:
            cards = choice if len(choice) > 1 else choice[0]
            return round.play(name, cards, prophet_says=_prophet_call(round, computers, name, choice))
    except GameError:
        pass
    # The player's choice was refused (or "no play" is not allowed here): play a single card, trying
    # the hand from a point that moves with the log, so a confused computer never stalls the class
    # (nor keeps trying the same returned card in the letter game).
    last: Exception | None = None
    hand = list(round.hand(name))
    start = len(round.events) % len(hand) if hand else 0
    for card in hand[start:] + hand[:start]:
        try:
            return round.play(name, card, prophet_says=_prophet_call(round, computers, name, [card]))
        except GameError as error:
            last = error
    if _lists(round, name, NoPlay):
        return round.no_play(name, prophet_says=_prophet_call(round, computers, name, None, no_play=True))
    raise DriverError(f"{name} has no move the round accepts: {last}")


def play_out(
    round: Round, computers: Mapping[str, ComputerPlayer], *, max_actions: int = 10_000
) -> list[Any]:
    """Play a whole round with computers in every seat; returns every verdict."""
    missing = [p for p in round.players if p not in computers]
    if missing:
        raise ValueError(f"no computer player for {', '.join(missing)}")
    verdicts = advance(round, computers, max_actions=max_actions)
    if not round.is_over:
        raise DriverError("the round stopped before its end")
    return verdicts
