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
import inspect
from collections.abc import Mapping
from typing import Any

from eleusis_lab.play.players import ComputerPlayer, can_guess, can_no_play, can_prophesy, lookup

__all__ = ["DriverError", "advance", "play_out", "seat_computers"]


class DriverError(RuntimeError):
    """The driver could not make progress (a round that never ends, or a player with no legal move)."""


def _game_error() -> type[Exception]:
    try:
        from eleusis_lab.play import GameError

        return GameError
    except ImportError:  # pragma: no cover - before the rounds exist
        return ValueError


def seat_computers(players: list[str], kind: str = "random", *, seed: int = 0) -> dict[str, ComputerPlayer]:
    """One computer player of ``kind`` per name, seeded ``seed``, ``seed + 1``, …"""
    return {name: lookup(kind, seed=seed + i) for i, name in enumerate(players)}


def _is_right(verdict: Any) -> bool:
    """Was the action judged right (a card accepted, or a correct "no play")?"""
    for attr in ("accepted", "correct"):
        value = getattr(verdict, attr, None)
        if isinstance(value, bool):
            return value
    return False


def _prophet_call(
    round: Any, computers: Mapping[str, ComputerPlayer], player: str, cards: Any, *, no_play: bool = False
) -> dict[str, bool]:
    """``prophet_says=…`` for a play when the prophet in office is a computer (New Eleusis).

    A human prophet's calls are the class's to enter; the driver then leaves them to the round
    (which follows the prophet's declared rule, or takes the prophet to agree with the dealer)."""
    prophet = getattr(round, "prophet", None)
    if not prophet or prophet not in computers or prophet == player:
        return {}
    shown = list(cards) if cards is not None else list(round.hand(player))
    call = _judge(computers[prophet], round, prophet, shown, no_play=no_play, player=player)
    return {} if call is None else {"prophet_says": bool(call)}


def _judge(
    judge: ComputerPlayer, round: Any, prophet: str, cards: list[Any], *, no_play: bool, player: str
) -> bool | None:
    """Ask a prophet for its call, also when its ``judge_as_prophet`` takes only the cards: a "no play"
    is then called right when it would call every single card of the hand wrong."""
    params = inspect.signature(judge.judge_as_prophet).parameters
    takes_kwargs = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    if takes_kwargs or ("no_play" in params and "player" in params):
        return judge.judge_as_prophet(round, prophet, cards, no_play=no_play, player=player)
    if not no_play:
        return judge.judge_as_prophet(round, prophet, cards)
    calls = [judge.judge_as_prophet(round, prophet, [card]) for card in cards]
    if any(c is None for c in calls):
        return None
    return not any(calls)


def advance(round: Any, computers: Mapping[str, ComputerPlayer], *, max_actions: int = 10_000) -> list[Any]:
    """Play every computer seat in turn until a human must act or the round ends.

    Returns the verdicts of the plays and "no play"s made.  After a right play a computer may also
    state the rule (Express) or become prophet (New Eleusis), where the round allows it; a computer
    prophet calls the plays of the others; in Gardner's second half a wrong card keeps the turn
    and the player is simply asked again.
    """
    GameError = _game_error()
    if getattr(round, "physical", False) and round.current_player in computers:
        raise ValueError("computer players cannot sit at a physical round: the engine does not see the hands")
    verdicts: list[Any] = []
    for _ in range(max_actions):
        if round.is_over:
            return verdicts
        name = round.current_player
        if name is None or name not in computers:
            return verdicts
        player = computers[name]
        verdict = _turn(round, name, player, computers, GameError)
        verdicts.append(verdict)
        if round.is_over:
            return verdicts
        if _is_right(verdict) and can_guess(round, name):
            text = player.choose_guess(round, name)
            if text:
                # A guess the round refuses (unreadable …) is simply not made.
                with contextlib.suppress(GameError):
                    round.guess(name, text)
        if not round.is_over and can_prophesy(round, name) and player.wants_prophet(round, name):
            rule_text = player.prophet_rule(round, name)
            try:
                if rule_text:
                    round.declare_prophet(name, rule_text)
                else:
                    round.declare_prophet(name)
            except GameError:
                pass  # not allowed now (already a prophet, too few players …)
    raise DriverError(f"no end after {max_actions} computer actions")


def _turn(
    round: Any,
    name: str,
    player: ComputerPlayer,
    computers: Mapping[str, ComputerPlayer],
    GameError: type[Exception],
) -> Any:
    """One play or "no play" for ``name``; falls back to a plain card if the choice is refused."""
    choice = player.choose_play(round, name)
    try:
        if choice is None:
            if can_no_play(round, name):
                return round.no_play(name, **_prophet_call(round, computers, name, None, no_play=True))
        else:
            cards = choice if len(choice) > 1 else choice[0]
            return round.play(name, cards, **_prophet_call(round, computers, name, choice))
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
            return round.play(name, card, **_prophet_call(round, computers, name, [card]))
        except GameError as error:
            last = error
    if can_no_play(round, name):
        return round.no_play(name, **_prophet_call(round, computers, name, None, no_play=True))
    raise DriverError(f"{name} has no move the round accepts: {last}")


def play_out(round: Any, computers: Mapping[str, ComputerPlayer], *, max_actions: int = 10_000) -> list[Any]:
    """Play a whole round with computers in every seat; returns every verdict."""
    missing = [p for p in round.players if p not in computers]
    if missing:
        raise ValueError(f"no computer player for {', '.join(missing)}")
    verdicts = advance(round, computers, max_actions=max_actions)
    if not round.is_over:
        raise DriverError("the round stopped before its end")
    return verdicts
