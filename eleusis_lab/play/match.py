"""A match: several rounds of one variant, the deal passing on, running totals.

The variant decides when the match is over (``RULES.md``): Gardner — everyone deals twice;
Express, New Eleusis and the letter game — everyone deals once.  Express has the option that the
player who guessed the rule or went out deals next; New Eleusis gives 10 points to every player
who never dealt when a match stops early.

>>> from eleusis_lab.play.players import RandomPlayer
>>> m = Match("letters", ["Ana", "Ben", "Cy"], seed=4)
>>> m.next_dealer
'Ana'
>>> r = m.start_round("letters-cycle")
>>> r.dealer, r.players
('Ana', ['Ben', 'Cy'])
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from eleusis_lab import scoring
from eleusis_lab.play.events import guesser

__all__ = ["MATCH_FORMAT", "Match", "MatchError", "load_match"]

MATCH_FORMAT = "eleusis-lab-match"
MATCH_VERSION = 1
NEXT_DEALER_RULES = ("left", "winner")

if TYPE_CHECKING:
    from eleusis_lab.play.round import Round


class MatchError(ValueError):
    """A refused match action or a bad saved match, in one sentence."""


def _round_api() -> tuple[Any, Any]:
    from eleusis_lab.play import load_round, new_round

    return new_round, load_round


class Match:
    """Rounds of one variant among the same people; everyone takes the deal in turn.

    ``players`` are in seating order; the deal passes left (to the next name), and in each round
    the others play in order starting at the dealer's left.  ``next_dealer="winner"`` (Express
    option, also spelled ``dealer_choice=True``) gives the next deal to the player who guessed or
    went out (else the round's top scorer), among those who have not dealt their share yet.
    ``round_options`` go to every :func:`~eleusis_lab.play.new_round` (``hand_size=10`` …).
    """

    def __init__(
        self,
        variant: str,
        players: Sequence[str],
        *,
        seed: int | None = None,
        deals_each: int | None = None,
        next_dealer: str = "left",
        first_dealer: str | None = None,
        **round_options: Any,
    ) -> None:
        from eleusis_lab.play.variant import VARIANTS, find_variant

        try:
            cls = find_variant(variant)
        except ValueError:
            raise MatchError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}") from None
        if not cls.match.playable:
            raise MatchError(f"{cls.title} is not played in matches")
        self.variant = cls.key
        self.rules = cls.match
        names = [str(p) for p in players]
        if len(names) < 3:
            raise MatchError("a match needs at least three people: a dealer and two players each round")
        if len(set(names)) != len(names):
            raise MatchError("two players of the match have the same name")
        if any(not n.strip() for n in names):
            raise MatchError("every player needs a name")
        self.players = names
        if deals_each is None:
            deals_each = self.rules.deals_each
        if isinstance(deals_each, bool) or not isinstance(deals_each, int) or deals_each < 1:
            raise MatchError(f"deals_each must be a whole number 1 or more, not {deals_each!r}")
        self.deals_each = deals_each
        if round_options.get("dealer_choice") and next_dealer == "left":
            next_dealer = "winner"  # Express's own name for the option
        if next_dealer not in NEXT_DEALER_RULES:
            raise MatchError(
                f"next_dealer must be one of {', '.join(NEXT_DEALER_RULES)}, not {next_dealer!r}"
            )
        if next_dealer == "winner" and not self.rules.winner_deals:
            owners = " and ".join(v.title for v in VARIANTS.values() if v.match.winner_deals)
            raise MatchError(f"the 'winner deals next' option belongs to {owners}, not {cls.title}")
        self.next_dealer_rule = next_dealer
        if first_dealer is not None and first_dealer not in names:
            raise MatchError(f"{first_dealer} is not a player of this match")
        self.first_dealer = first_dealer or names[0]
        self.seed = seed
        self.round_options = dict(round_options)
        if next_dealer == "winner":
            # The rounds then name the next dealer themselves (ExpressRound.next_dealer).
            self.round_options["dealer_choice"] = True
        self.rounds: list[Any] = []
        self.dealers: list[str] = []
        self.stopped = False

    # -- who deals ---------------------------------------------------------------------------
    def deals(self) -> dict[str, int]:
        """How many rounds each player has dealt (the current round included)."""
        counts = {p: 0 for p in self.players}
        for d in self.dealers:
            counts[d] += 1
        return counts

    @property
    def current_round(self) -> Any | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def is_over(self) -> bool:
        """Stopped early, or every player has dealt their share and the last round has ended."""
        if self.stopped:
            return True
        last = self.current_round
        if last is not None and not last.is_over:
            return False
        return all(n >= self.deals_each for n in self.deals().values())

    def _left_of(self, name: str) -> str:
        return self.players[(self.players.index(name) + 1) % len(self.players)]

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next round (None when the match is over)."""
        if self.is_over:
            return None
        if not self.dealers:
            return self.first_dealer
        deals = self.deals()
        last = self.dealers[-1]
        owing = [p for p in self.players if deals[p] < self.deals_each]
        if self.next_dealer_rule == "winner":
            pick = self._winner_of(self.rounds[-1], owing)
            if pick is not None:
                return pick
        # Pass left from the last dealer, skipping anyone who has dealt their share.
        name = self._left_of(last)
        while name not in owing:
            name = self._left_of(name)
        return name

    def _winner_of(self, round: Round, owing: list[str]) -> str | None:
        """Express option: the guesser or the player who went out, else the top scorer (of those owing)."""
        end = round.end
        if end is not None and end.reason in ("guessed", "out", "no-play") and end.player in owing:
            return str(end.player)
        for name in (guesser(round.events), _went_out(round)):
            if name is not None and name in owing:
                return name
        scores = scoring.score_rows(round).by_person()
        # The round's top scorer: players only (the dealer's score copies the best player's).
        if round.dealer is not None:
            scores.pop(round.dealer, None)
        candidates = [p for p in round.players if p in owing and p in scores]
        if not candidates:
            return None
        best = max(scores[p] for p in candidates)
        return next(p for p in candidates if scores[p] == best)

    def seating(self, dealer: str) -> list[str]:
        """The round's players in turn order: starting at the dealer's left, the dealer left out."""
        i = self.players.index(dealer)
        return self.players[i + 1 :] + self.players[:i]

    # -- rounds ------------------------------------------------------------------------------
    def _round_seed(self, index: int) -> int | None:
        if self.seed is None:
            return None
        return random.Random(f"{self.seed}:{index}").randrange(2**31)

    def start_round(self, rule: Any, *, seed: int | None = None, **options: Any) -> Any:
        """Deal the next round with ``rule`` (a Rule, rule text or library key), the next dealer dealing."""
        if self.stopped:
            raise MatchError("the match was stopped; no more rounds")
        last = self.current_round
        if last is not None and not last.is_over:
            raise MatchError("the current round is not over yet")
        dealer = self.next_dealer
        if dealer is None:
            raise MatchError("the match is over: everyone has dealt")
        new_round, _ = _round_api()
        opts = {**self.round_options, **options}
        if seed is None:
            seed = self._round_seed(len(self.rounds))
        round = new_round(self.variant, self.seating(dealer), rule, seed=seed, dealer=dealer, **opts)
        self.rounds.append(round)
        self.dealers.append(dealer)
        return round

    def play_round(self, rule: Any, computers: Mapping[str, Any], **options: Any) -> Any:
        """Deal the next round and let computer players play all of it."""
        from eleusis_lab.play.driver import play_out

        round = self.start_round(rule, **options)
        play_out(round, computers)
        return round

    def stop(self) -> None:
        """End the match early (the current unfinished round, if any, does not count)."""
        self.stopped = True

    # -- scores ------------------------------------------------------------------------------
    def round_points(self) -> list[dict[str, Any]]:
        """Each finished round's points by name (dealer included)."""
        return [scoring.score_rows(r).by_person() for r in self.rounds if r.is_over]

    def never_dealt(self) -> list[str]:
        return [p for p, n in self.deals().items() if n == 0]

    def bonuses(self) -> dict[str, int]:
        """Points for stopping early: New Eleusis gives 10 to each player who never dealt."""
        bonus = self.rules.early_stop_bonus
        # A round stopped half-way does not count as a deal: its dealer has not dealt (RULES.md).
        dealt = {d for d, r in zip(self.dealers, self.rounds, strict=True) if r.is_over}
        if not (self.stopped and bonus) or all(p in dealt for p in self.players):
            return {}
        return {p: bonus for p in self.players if p not in dealt}

    def totals(self) -> dict[str, Any]:
        """Running totals by name, in seating order."""
        totals: dict[str, Any] = {p: 0 for p in self.players}
        for points in self.round_points():
            for name, value in points.items():
                if name in totals:
                    totals[name] += value
        for name, value in self.bonuses().items():
            totals[name] += value
        return totals

    def leaders(self) -> list[str]:
        """The player(s) with the highest total."""
        totals = self.totals()
        best = max(totals.values())
        return [p for p, v in totals.items() if v == best]

    def __str__(self) -> str:
        totals = self.totals()
        width = max(len(p) for p in self.players)
        head = f"{self.variant} match, {len(self.round_points())} round(s) scored"
        lines = [head, "-" * len(head)]
        for p, v in sorted(totals.items(), key=lambda kv: -kv[1]):
            lines.append(f"{p.ljust(width)}  {scoring._fmt(v)}")
        return "\n".join(lines)

    # -- save/load ---------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(
            {
                "format": MATCH_FORMAT,
                "version": MATCH_VERSION,
                "variant": self.variant,
                "players": self.players,
                "seed": self.seed,
                "deals_each": self.deals_each,
                "next_dealer": self.next_dealer_rule,
                "first_dealer": self.first_dealer,
                "round_options": self.round_options,
                "dealers": self.dealers,
                "stopped": self.stopped,
                "rounds": [r.to_json() for r in self.rounds],
            },
            ensure_ascii=False,
            sort_keys=True,
        )


def load_match(text: str) -> Match:
    """Rebuild a match from :meth:`Match.to_json`; a bad file raises :class:`MatchError`, builds nothing."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise MatchError(f"this is not a saved match (not JSON: {error})") from None
    if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
        raise MatchError("this is not a saved Eleusis Lab match")
    if data.get("version") != MATCH_VERSION:
        raise MatchError(f"saved match version {data.get('version')!r} is not supported")
    try:
        match = Match(
            data["variant"],
            data["players"],
            seed=data["seed"],
            deals_each=data["deals_each"],
            next_dealer=data["next_dealer"],
            first_dealer=data["first_dealer"],
            **data["round_options"],
        )
        dealers = list(data["dealers"])
        round_texts = list(data["rounds"])
        stopped = bool(data["stopped"])
    except (KeyError, TypeError) as error:
        raise MatchError(f"the saved match is incomplete or damaged ({error})") from None
    if len(dealers) != len(round_texts) or any(d not in match.players for d in dealers):
        raise MatchError("the saved match's dealers do not fit its rounds")
    _, load_round = _round_api()
    rounds = []
    for i, (dealer, text) in enumerate(zip(dealers, round_texts, strict=True)):
        try:
            r = load_round(text)
        except ValueError as error:
            raise MatchError(f"round {i + 1} of the saved match cannot be loaded: {error}") from None
        if r.dealer != dealer or list(r.players) != match.seating(dealer):
            raise MatchError(f"round {i + 1} of the saved match does not belong to it")
        if i < len(round_texts) - 1 and not r.is_over:
            raise MatchError(f"round {i + 1} of the saved match never ended, but later rounds exist")
        rounds.append(r)
    match.dealers = dealers
    match.rounds = rounds
    match.stopped = stopped
    return match


# -- reading a finished round ----------------------------------------------------------------------


def _went_out(round: Round) -> str | None:
    """The player who emptied their hand, if any."""
    for p in round.players:
        try:
            if len(round.hand(p)) == 0:
                return p
        except ValueError:  # a physical round does not see the hands
            continue
    return None
