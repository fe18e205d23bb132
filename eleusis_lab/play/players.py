"""Computer players: fill empty seats, or play alone against the computer dealer.

A computer player sees only what a player at the table sees: its own hand, the mainline, the
sidelines and the evidence (``round.evidence()``).  It never reads ``round.rule``.  The same player
object may sit in any seat; every method gets the round and the seat's name.

Players are looked up by name (``lookup("careful", seed=3)``); the hypotheses layer registers
``"scientist"`` with :func:`register`.
"""

from __future__ import annotations

import functools
import importlib
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from eleusis_lab.cards import Card
from eleusis_lab.play.actions import Action, DeclareProphet, Guess, NoPlay
from eleusis_lab.play.errors import GameError
from eleusis_lab.play.table import Observation, fits_in_turn
from eleusis_lab.rules import library

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import TurnBudget
    from eleusis_lab.rules import PlayerInfo

__all__ = [
    "CarefulPlayer",
    "ComputerPlayer",
    "RandomPlayer",
    "SeatView",
    "can_guess",
    "can_no_play",
    "can_prophesy",
    "lookup",
    "max_string",
    "names",
    "register",
]

# -- what a player sees of a round -----------------------------------------------------------------


class SeatView(Protocol):
    """What a computer player reads of a round (a :class:`~eleusis_lab.play.round.Round` is one): what a
    player at the table sees, and what the round lets ``name`` do now (``legal_actions``)."""

    @property
    def mainline(self) -> list[Card]: ...

    @property
    def max_string(self) -> int: ...

    @property
    def deck_name(self) -> str: ...

    def hand(self, name: str) -> list[Card]: ...

    def evidence(self) -> list[Observation]: ...

    def legal_actions(self, player: str | None = None) -> list[Action]: ...

    def player_info(self, name: str) -> PlayerInfo: ...

    def rule_deck(self) -> str: ...

    @property
    def turn_budget(self) -> TurnBudget | None: ...


def max_string(round: SeatView) -> int:
    """How many cards one play may hold (New Eleusis strings: the round's ``max_string``, else 1)."""
    return round.max_string


def _lists(round: SeatView, name: str, kind: type[Action]) -> bool:
    return any(isinstance(a, kind) for a in round.legal_actions(name))


def can_no_play(round: SeatView, name: str) -> bool:
    """May ``name`` declare "no play" now (Express and New Eleusis, on their turn)?"""
    return _lists(round, name, NoPlay)


def can_guess(round: SeatView, name: str) -> bool:
    """May ``name`` state the rule now (Express: right after their own right play or right no-play)?"""
    return _lists(round, name, Guess)


def can_prophesy(round: SeatView, name: str) -> bool:
    """May ``name`` become prophet now (New Eleusis, end of their own turn)?"""
    return _lists(round, name, DeclareProphet)


# -- the interface ---------------------------------------------------------------------------------


class ComputerPlayer:
    """Base class: a policy for one seat.  Subclasses override the three choices.

    ``choose_play`` returns the cards to play (one card, or up to 4 for a New Eleusis string) or
    ``None`` to declare "no play".  In Gardner's second half a wrong card keeps the turn, and the
    driver simply asks ``choose_play`` again.
    """

    name = "computer"

    def choose_play(self, round: SeatView, name: str) -> list[Card] | None:
        hand = list(round.hand(name))
        return [hand[0]] if hand else None

    def choose_guess(self, round: SeatView, name: str) -> str | None:
        return None

    def guess_was_wrong(self, text: str, round: SeatView | None = None) -> None:
        """Told after a guess the dealer judged wrong, with the round it was made in (the scientist then
        rules it out)."""

    def report(self) -> tuple[float | None, str | None, float | None]:
        """After its last guess decision: (confidence in its best rule, that rule's text, bits the last
        verdict gained); Nones for a player that keeps no such account (the benchmark records it)."""
        return None, None, None

    def space_history(self) -> tuple[float, ...]:
        """The share of its hypotheses left after each verdict of the round it plays (empty for a player
        that keeps none; the solo runs record it)."""
        return ()

    def wants_prophet(self, round: SeatView, name: str) -> bool:
        return False

    def prophet_rule(self, round: SeatView, name: str) -> str | None:
        """The rule text a new prophet will judge by (None: the calls come from :meth:`judge_as_prophet`)."""
        return None

    def judge_as_prophet(
        self,
        round: SeatView,
        name: str,
        cards: Sequence[Card],
        *,
        no_play: bool = False,
        player: str | None = None,
    ) -> bool | None:
        """The prophet's call before the dealer's: is this play right (or, with ``no_play``, is the
        "no play" of a hand holding ``cards`` right)?  None enters no call (the round then follows the
        prophet's declared rule, or takes the prophet to agree).  Default: what the evidence suggests."""
        model = _feature_model(round)
        line = list(round.mainline)
        if no_play:
            return all(model.probability([c], line) < 0.5 for c in cards)
        return model.probability(list(cards), line) >= 0.5

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


_REGISTRY: dict[str, Callable[..., ComputerPlayer]] = {}
# Players defined in other layers; importing the module registers them.
_LAZY = {"scientist": "eleusis_lab.science"}


def register(name: str, factory: Callable[..., ComputerPlayer]) -> None:
    """Make a player available to :func:`lookup` (and ``--player`` on the command line)."""
    if not name or not isinstance(name, str):
        raise ValueError("a computer player needs a name")
    _REGISTRY[name.strip().lower()] = factory


def names() -> list[str]:
    """The registered player names."""
    return sorted(set(_REGISTRY) | set(_LAZY))


def lookup(name: str, **kwargs: Any) -> ComputerPlayer:
    """A new computer player by name, e.g. ``lookup("random", seed=1)``."""
    key = str(name).strip().lower()
    if key not in _REGISTRY and key in _LAZY:
        importlib.import_module(_LAZY[key])
    factory = _REGISTRY.get(key)
    if factory is None:
        raise ValueError(f"unknown computer player {name!r}; choose one of {', '.join(names())}")
    return factory(**kwargs)


# -- random ----------------------------------------------------------------------------------------


class RandomPlayer(ComputerPlayer):
    """Plays a random card from the hand (in New Eleusis sometimes a random string), now and then
    declares "no play", rarely guesses a random library rule, and as prophet calls plays by a coin
    toss (entering a call with probability ``call_rate``).  Good for filling seats and for shaking
    out the engine."""

    name = "random"

    def __init__(
        self,
        seed: int | None = None,
        *,
        no_play_rate: float = 0.03,
        string_rate: float = 0.25,
        guess_rate: float = 0.05,
        prophet_rate: float = 0.1,
        call_rate: float = 1.0,
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.no_play_rate = no_play_rate
        self.string_rate = string_rate
        self.guess_rate = guess_rate
        self.prophet_rate = prophet_rate
        self.call_rate = call_rate

    def choose_play(self, round: SeatView, name: str) -> list[Card] | None:
        hand = list(round.hand(name))
        if not hand or (can_no_play(round, name) and self.rng.random() < self.no_play_rate):
            return None
        size = 1
        longest = min(max_string(round), len(hand))
        if longest > 1 and self.rng.random() < self.string_rate:
            size = self.rng.randint(2, longest)
        return self.rng.sample(hand, size)

    def choose_guess(self, round: SeatView, name: str) -> str | None:
        if self.rng.random() >= self.guess_rate:
            return None
        texts = _library_texts(round.rule_deck())
        return self.rng.choice(texts) if texts else None

    def wants_prophet(self, round: SeatView, name: str) -> bool:
        return self.rng.random() < self.prophet_rate

    def judge_as_prophet(
        self,
        round: SeatView,
        name: str,
        cards: Sequence[Card],
        *,
        no_play: bool = False,
        player: str | None = None,
    ) -> bool | None:
        if self.rng.random() >= self.call_rate:
            return None  # no call entered: the round follows the declared rule, or agrees with the dealer
        return self.rng.random() < 0.5

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


def _library_texts(deck: str) -> list[str]:
    return [e.text for e in library.playable(deck)]


# -- careful ---------------------------------------------------------------------------------------


def _features(card: Card, top: Card | None) -> tuple[tuple[Any, ...], ...]:
    """What a careful player notices about a card and the top card it would follow."""
    return _design_features(card.design, None if top is None else top.design)


@functools.lru_cache(maxsize=16_384)
def _design_features(card: Card, top: Card | None) -> tuple[tuple[Any, ...], ...]:
    return tuple(_compute_features(card, top))


def _compute_features(card: Card, top: Card | None) -> list[tuple[Any, ...]]:
    own = _features_own(card)
    out: list[tuple[Any, ...]] = [("own", *f) for f in own]
    if top is None:
        return out
    top_own = dict(_features_own(top))
    for key, value in own:
        if key in top_own:
            # The card's feature given the top card's same feature: captures "same suit",
            # "alternate colours", "odd after even", letter cycles …
            out.append(("pair", key, top_own[key], value))
    if card.is_playing and top.is_playing:
        assert card.rank is not None and top.rank is not None
        diff = card.rank - top.rank
        out.append(("step", (diff > 0) - (diff < 0)))
        out.append(("near", abs(diff) <= 1))
        out.append(("same-rank-or-suit", card.rank == top.rank or card.suit == top.suit))
        out.append(("top-parity-color", top.rank % 2, card.color))
        out.append(("top-high-high", top.rank >= 8, card.rank >= 8))
    return out


def _features_own(card: Card) -> list[tuple[str, Any]]:
    if card.is_playing:
        assert card.rank is not None
        return [
            ("suit", card.suit),
            ("color", card.color),
            ("parity", card.rank % 2),
            ("face", card.is_face),
            ("high", card.rank >= 8),
            # (exact ranks are left out: 13 values are too many for a few dozen observations)
        ]
    if card.is_letter:
        return [("letter", card.letter), ("ink", card.ink), ("shape", card.shape), ("outline", card.outline)]
    return [("blank", True)]


class _FeatureModel:
    """Naive-Bayes counts of accepted/rejected single cards by feature, from the evidence."""

    def __init__(self, evidence: Sequence[Any]) -> None:
        self.accepted: Counter[tuple[Any, ...]] = Counter()
        self.rejected: Counter[tuple[Any, ...]] = Counter()
        self.n_accepted = 0
        self.n_rejected = 0
        for obs in evidence:
            cards = list(obs.cards)
            line = list(obs.mainline)
            if obs.accepted:
                # Every card of an accepted string fitted, each after the one before.
                for card in cards:
                    self._add(card, line[-1] if line else None, True)
                    line.append(card)
            elif len(cards) == 1:
                self._add(cards[0], line[-1] if line else None, False)
            # A rejected string says only that some card failed: too vague to count.

    def _add(self, card: Card, top: Card | None, accepted: bool) -> None:
        counter = self.accepted if accepted else self.rejected
        counter.update(_features(card, top))
        if accepted:
            self.n_accepted += 1
        else:
            self.n_rejected += 1

    @property
    def size(self) -> int:
        return self.n_accepted + self.n_rejected

    def log_odds(self, card: Card, top: Card | None) -> float:
        score = math.log((self.n_accepted + 1) / (self.n_rejected + 1))
        for f in _features(card, top):
            a, r = self.accepted[f], self.rejected[f]
            # How much more often this feature appeared among accepted than rejected cards.
            score += math.log((a + 0.5) / (self.n_accepted + 1)) - math.log((r + 0.5) / (self.n_rejected + 1))
        return score

    def probability(self, cards: list[Card], mainline: list[Card]) -> float:
        line = list(mainline)
        p = 1.0
        for card in cards:
            z = self.log_odds(card, line[-1] if line else None)
            p *= 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            line.append(card)
        return p


def _feature_model(round: SeatView) -> _FeatureModel:
    return _FeatureModel(round.evidence())


def _consistent(rule: Any, evidence: Sequence[Any], round: SeatView) -> bool:
    """Does ``rule`` agree with every judgement seen so far?"""
    for obs in evidence:
        try:
            info = round.player_info(obs.player)
        except GameError:  # the dealer's starter cards: no player
            info = None
        if fits_in_turn(rule, obs.cards, obs.mainline, info) != obs.accepted:
            return False
    return True


class CarefulPlayer(ComputerPlayer):
    """Prefers cards that fitted earlier evidence.

    Each card of the hand is scored by how often cards sharing its features (colour, suit, parity,
    rank step from the top card, …, or letter, ink, shape, outline) were accepted versus rejected
    in similar positions; the best is played, ties broken at random.  It declares "no play" only
    when the evidence is strong against every card, and states a rule when exactly one library rule
    still agrees with all the evidence (or one of two, after much evidence).
    """

    name = "careful"

    def __init__(
        self,
        seed: int | None = None,
        *,
        no_play_below: float = 0.05,
        min_evidence: int = 12,
        string_above: float = 0.85,
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.no_play_below = no_play_below
        self.min_evidence = min_evidence
        self.string_above = string_above
        # id(round) -> (observations seen, event index of the last one, library entries still standing)
        self._candidates: dict[int, tuple[int, int, list[Any]]] = {}

    def _ranked(
        self, round: SeatView, model: _FeatureModel, hand: list[Card], line: list[Card]
    ) -> list[Card]:
        top = line[-1] if line else None
        keyed = [(model.log_odds(c, top), self.rng.random(), c) for c in hand]
        keyed.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [c for _, _, c in keyed]

    def choose_play(self, round: SeatView, name: str) -> list[Card] | None:
        hand = list(round.hand(name))
        if not hand:
            return None
        model = _feature_model(round)
        line = list(round.mainline)
        ranked = self._ranked(round, model, hand, line)
        best = ranked[0]
        if (
            can_no_play(round, name)
            and model.size >= self.min_evidence
            and model.probability([best], line) < self.no_play_below
        ):
            return None
        chosen = [best]
        longest = min(max_string(round), len(hand))
        while len(chosen) < longest:
            rest = [c for c in hand if c not in chosen]
            nxt = self._ranked(round, model, rest, line + chosen)[0]
            if model.size < self.min_evidence or model.probability([*chosen, nxt], line) < self.string_above:
                break
            chosen.append(nxt)
        return chosen

    def candidate_rules(self, round: SeatView) -> list[str]:
        """Library rules (for this deck) that agree with all the evidence so far."""
        evidence = list(round.evidence())
        deck = round.rule_deck()
        # Evidence only grows while a round goes on, so the survivors are filtered by the new
        # observations only; an undo or another round (a different last observation) starts afresh.
        cached = self._candidates.get(id(round))
        if cached is not None:
            seen, last_index, entries = cached
            if not (0 < seen <= len(evidence) and evidence[seen - 1].event_index == last_index):
                cached = None
        if cached is None:
            seen, entries = 0, list(library.playable(deck))
        new = evidence[seen:]
        entries = [e for e in entries if _consistent(e.rule, new, round)]
        if evidence:
            self._candidates = {id(round): (len(evidence), evidence[-1].event_index, entries)}
        return [e.text for e in entries]

    def choose_guess(self, round: SeatView, name: str) -> str | None:
        if len(round.evidence()) < self.min_evidence:
            return None
        candidates = self.candidate_rules(round)
        if len(candidates) == 1:
            return candidates[0]
        # Two library rules left after plenty of evidence often mean the same thing on every line that
        # can arise (the dealer's check decides): try the first.
        if len(candidates) == 2 and len(round.evidence()) >= 2 * self.min_evidence:
            return candidates[0]
        return None

    def wants_prophet(self, round: SeatView, name: str) -> bool:
        return len(round.evidence()) >= self.min_evidence and len(self.candidate_rules(round)) == 1

    def prophet_rule(self, round: SeatView, name: str) -> str | None:
        candidates = self.candidate_rules(round)
        return candidates[0] if len(candidates) == 1 else None

    def judge_as_prophet(
        self,
        round: SeatView,
        name: str,
        cards: Sequence[Card],
        *,
        no_play: bool = False,
        player: str | None = None,
    ) -> bool | None:
        candidates = self.candidate_rules(round)
        if len(candidates) != 1:
            return super().judge_as_prophet(round, name, cards, no_play=no_play, player=player)
        from eleusis_lab.rules import Rule

        rule = Rule.parse(candidates[0])
        line = list(round.mainline)
        info = round.player_info(player) if player is not None else None
        if no_play:
            return not any(rule.accepts(c, line, info) for c in cards)
        return fits_in_turn(rule, cards, line, info)

    def __repr__(self) -> str:
        return f"CarefulPlayer(seed={self.seed!r})"


register("random", RandomPlayer)
register("careful", CarefulPlayer)
