"""Gardner's Eleusis (1959): two halves, wrong cards kept before each player, dealer's and players' scores.

RULES.md section 1.  The dealer turns up the starter and deals the other 51 cards in equal hands (the
rest set aside).  First half: every dealt card is played once; a wrong card is laid before its
player.  Second half: players play from their wrong cards; a rejected card is taken back and the
player tries another in the same turn, until one is accepted or every card has been tried.  The half
ends when a player has no cards, or when nobody can play (the engine checks every hand).
Player-dependent rules are announced at the deal; the dealer may give hints at any time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from eleusis_lab.cards import Card
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Action, EndHalf, Finish, Play
from eleusis_lab.play.errors import GameError, IllegalAction, RoundOver
from eleusis_lab.play.presentation import Presentation, ScoreSheet, Worked, WorkedExample, number_text
from eleusis_lab.play.round import Fold, LoggedJudgement, Perform, Round, RoundState, Verdict, field_given
from eleusis_lab.play.table import Phase, SidelinePlay, WrongCard, card_order
from eleusis_lab.play.variant import Capabilities, MatchRules, ScoreColumn

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.scoring import Scores

__all__ = ["GardnerRound"]


@dataclass
class _GardnerState(RoundState):
    """The fold's state plus Gardner's own: the half, the wrong cards before each player, the first
    half's count of them, and the cards tried in the second half."""

    phase: Phase = "play"
    wrong: dict[str, list[WrongCard]] = field(default_factory=dict)
    first_half_wrong: tuple[int, ...] | None = None
    tried: set[Card] = field(default_factory=set)


def _work_out(example: WorkedExample) -> Worked:
    """The dealer's first-half score and each player's end score, written out step by step."""
    wrong, left, names = list(example.counts["wrong"]), example.left, example.names
    n = len(left)
    leader = min(range(n), key=lambda i: wrong[i])
    others = sum(w for i, w in enumerate(wrong) if i != leader)
    dealer = others - (n - 1) * wrong[leader]
    lines = [
        f"Dealer (first half): leader {names[leader]} has {wrong[leader]} wrong cards; "
        f"others {' + '.join(str(w) for i, w in enumerate(wrong) if i != leader)} = {others}; "
        f"{others} − {n - 1} × {wrong[leader]} = <b>{number_text(dealer)}</b>"
    ]
    scores: list[float] = []
    for i, own in enumerate(left):
        rest = sum(left) - own
        raw = rest - (n - 1) * own
        score = max(raw, 0)
        text = f"{names[i]}: {rest} − {n - 1} × {own}"
        if own == 0:
            score += 6
            text += " + 6 (went out)"
        if raw < 0:  # each equals sign states a true equation: −25 is not 0
            text += f" = {number_text(raw)}, never below 0, so <b>{number_text(score)}</b>"
        else:
            text += f" = <b>{number_text(score)}</b>"
        scores.append(score)
        lines.append(text)
    return Worked(lines, scores, dealer)


GARDNER_PRESENTATION = Presentation(
    title="Gardner's Eleusis (1959)",
    phases={
        "first-half": "first half",
        "second-half": "second half",
    },
    sheet=ScoreSheet(
        columns=("Player", "Wrong cards<br>(1st half)", "Cards left<br>(end)", "Others’ cards",
                 "− (n−1) × own", "Bonus (+6)", "Score"),
        formula=(
            "<b>Dealer, after the first half:</b> the leader is the player with the fewest wrong cards. "
            "Dealer’s score = (sum of the other players’ wrong cards) − (n − 1) × (leader’s wrong cards), "
            "with n players.",
            "<b>Each player, at the end:</b> (sum of all other players’ remaining cards) − (n − 1) × (own "
            "remaining cards), never below 0. A player with no cards gets +6; if nobody went out, the "
            "player(s) with the fewest cards share the 6 points.",
        ),
        record_note="Gardner keeps wrong cards in front of the player: write them in the sideline box under "
        "the card they tried to follow, with the player’s initial. First half: everyone plays each dealt "
        "card once.",
        example=WorkedExample(("Ana", "Ben", "Cy", "Dee"), {"wrong": [10, 5, 3, 7], "left": [2, 3, 10, 0]}),
        explain=_work_out,
    ),
)  # fmt: skip


class GardnerRound(Round):
    """Gardner's original game; :attr:`phase` is ``first-half`` then ``second-half``."""

    key = "gardner"
    _state_type: ClassVar[type[RoundState]] = _GardnerState
    _state: _GardnerState
    aliases = ("gardner-1959",)
    title = "Gardner's Eleusis"
    deck_name = "standard"
    deals_equally = True
    min_players = 2
    capabilities = Capabilities(halves=True, confidence=True, player_rules=True)
    match = MatchRules(deals_each=2)
    presentation = GARDNER_PRESENTATION
    score_columns = (
        ScoreColumn("left", "Cards left"),
        ScoreColumn("wrong", "First-half wrong cards", "the wrong cards before each player at half time"),
    )

    @classmethod
    def score_counts(cls, left: list[int], **counts: Any) -> Scores:
        """The calculator: cards left at the end, and the first half's ``wrong`` cards (the dealer's)."""
        from eleusis_lab.scoring import gardner

        wrong = counts.get("wrong")
        if wrong is None:
            raise ValueError(
                "Gardner's dealer score needs the first-half wrong cards (wrong=[...] or --wrong)"
            )
        return gardner(wrong, left)

    # ------------------------------------------------------------------ setup -------------------
    def _deal(self, cards: list[Card]) -> None:
        s = self._state
        s.phase = "first-half"
        s.wrong = {p: [] for p in self._players}
        if not cards:
            return
        self._deal_equally(cards[1:])
        s.stock.append(cards[0])  # the starter

    def _after_deal(self) -> None:
        if not self._physical:
            self._emit(ev.StarterTurned(self._state.stock[0]))

    def _hands_known(self) -> bool:
        return self._state.phase == "second-half"

    @property
    def phase(self) -> Phase:
        return "over" if self._state.over else self._state.phase

    def _wrong_cards(self) -> dict[str, tuple[WrongCard, ...]]:
        return {p: tuple(w) for p, w in self._state.wrong.items()}

    def _wrong_in_front(self) -> bool:
        return self._state.phase == "first-half"

    # ------------------------------------------------------------------ folds -------------------
    def _on_played(self, e: ev.Played, i: int) -> None:
        s = self._state
        [card] = e.cards
        name = e.player
        s.judgements.append(LoggedJudgement(len(s.mainline), e.cards, e.accepted, name, i, "play"))
        second = s.phase == "second-half"
        # Physical first half: the engine does not hold the hands; second half: rejected cards stay.
        if (not self._physical or second) and (e.accepted or not second):
            s.hands[name].remove(card)
        if e.accepted:
            if second:
                s.wrong[name] = [w for w in s.wrong[name] if w.card != card]
            self._put_on_mainline([card])
        else:
            index = len(s.mainline) - 1
            s.sidelines[-1].append(SidelinePlay(e.cards, name, i, returned=True))
            if not second:
                s.wrong[name].append(WrongCard(card, name, index, i))
        if second and not e.accepted:
            s.tried.add(card)
            if all(c in s.tried for c in s.hands[name]):
                s.tried = set()
                s.turn = self._next_player(name)
        else:
            s.tried = set()
            s.turn = self._next_player(name)

    def _on_half_ended(self, e: ev.HalfEnded, i: int) -> None:
        s = self._state
        s.first_half_wrong = e.wrong_cards
        s.phase = "second-half"
        s.tried = set()
        for p in self._players:
            s.hands[p] = [w.card for w in s.wrong[p]]

    @classmethod
    def _fold_table(cls) -> dict[type[ev.Event], Fold]:
        return {
            **super()._fold_table(),
            ev.HalfEnded: cls._on_half_ended,
            ev.HalfEndedByTeacher: cls._on_half_ended,
        }

    # ------------------------------------------------------------------ actions -----------------
    # ------------------------------------------------------------------ legal actions -----------
    def _dealer_actions(self) -> list[Action]:
        return [*super()._dealer_actions(), EndHalf()]

    @classmethod
    def _action_table(cls) -> dict[type[Action], Perform]:
        return {**super()._action_table(), EndHalf: cls._do_end_half}

    # ------------------------------------------------------------------ refusals ----------------
    def _refuse_play(self, a: Play) -> GameError | None:
        """One card at a time, one the player holds (a physical first half: one not yet on the table);
        in the second half, one not yet tried this turn."""
        refusal = self._refuse_one_card(a, "In Gardner's Eleusis you play one card at a time.")
        if refusal is not None or not field_given(a, "cards") or self._state.phase != "second-half":
            return refusal
        card = self._card_played(a)
        if card in self._state.tried:
            return IllegalAction(f"{a.player} has already tried {card} this turn.")
        return None

    def _physical_pool(self) -> tuple[int, list[Card]] | None:
        # the second half plays from the hands dealt at the half; the first, from the table's leftovers
        s = self._state
        if not self._physical or s.phase == "second-half":
            return None
        return 1, [*s.mainline, *(w.card for p in self._players for w in s.wrong[p])]

    def _refuse_end_half(self, a: EndHalf) -> GameError | None:
        """Physical round: the teacher ends the first half once the starter is down."""
        if not self._physical:
            return IllegalAction(
                "The engine ends the first half itself when every dealt card has been played."
            )
        refusal = self._open_refusal()
        if refusal is not None:
            return refusal
        if self._state.phase != "first-half":
            return IllegalAction("The first half is already over.")
        if not self._state.mainline:
            return IllegalAction("Place the starter card first.")
        return None

    def _refuse_finish(self, a: Finish) -> GameError | None:
        s = self._state
        if s.over is not None and s.counts is None and s.phase == "second-half":
            return RoundOver("The round is over and the engine has counted the cards.")
        return super()._refuse_finish(a)

    # ------------------------------------------------------------------ actions -----------------
    def _do_play(self, a: Play) -> Verdict:
        """``player`` lays one card on the top card; the dealer says right or wrong."""
        player = a.player
        s = self._state
        second = s.phase == "second-half"
        card = self._card_played(a)
        accepted = self._judge(player, [card])
        with self._action():
            index = self._emit(ev.Played(player, (card,), accepted))
            if s.phase == "first-half":
                if not self._physical and not any(s.hands[p] for p in self._players):
                    self._end_first_half(ev.HalfEnded)
            else:
                self._check_end()
        again = second and not accepted and s.over is None and s.turn == player
        if accepted:
            msg = f"{card} is right."
        elif second:
            msg = f"{card} is wrong: {player} takes it back" + (" and tries another card." if again else ".")
        else:
            msg = f"{card} is wrong: it stays before {player}."
        if s.phase == "second-half" and not second:
            msg += " The first half is over."
        if s.over is not None:
            msg += " " + self._end_message()
        return self._verdict(
            index,
            player=player,
            cards=(card,),
            accepted=accepted,
            penalty=0,
            message=msg,
            turn_continues=again,
        )

    def _do_end_half(self, a: EndHalf) -> None:
        """Physical round: the teacher says every dealt card has been played once."""
        with self._action():
            self._end_first_half(ev.HalfEndedByTeacher)

    def _end_first_half(self, kind: type[ev.HalfEnded]) -> None:
        s = self._state
        self._emit(kind(tuple(len(s.wrong[p]) for p in self._players)))
        self._check_end()

    def _check_end(self) -> None:
        """Second half: over when a player has no cards left, or when no card of any hand fits."""
        s = self._state
        for p in self._players:
            if not s.hands[p]:
                self._end("out", p)
                return
        if not any(self._can_play(p, s.hands[p]) for p in self._players):
            self._end("blocked")

    def _end_message(self) -> str:
        over = self._state.over
        assert over is not None
        if over.reason == "out":
            return f"{over.player} has no cards left: the round is over."
        if over.reason == "blocked":
            return "Nobody can play any card: the round is over."
        return "The round is over."

    # ------------------------------------------------------------------ views and scores ---------
    def wrong_cards(self, name: str) -> list[WrongCard]:
        """The wrong cards before ``name`` (in the second half: the cards they still hold)."""
        self._check_player(name)
        return list(self._state.wrong[name])

    @property
    def tried(self) -> list[Card]:
        """Second half: the cards the current player has already tried (and taken back) this turn."""
        return sorted(self._state.tried, key=card_order)

    def can_try(self, name: str) -> list[Card]:
        """The cards ``name`` may play now (second half: not yet tried this turn)."""
        return [c for c in self.hand(name) if c not in self._state.tried or self._state.turn != name]

    @property
    def dealer_score(self) -> int | None:
        """The dealer's score, fixed when the first half ends (None before)."""
        from eleusis_lab.scoring import gardner_dealer

        wrong = self._state.first_half_wrong
        return None if wrong is None else gardner_dealer(wrong)

    def cards_left(self) -> list[int]:
        s = self._state
        if s.counts is not None:
            return list(s.counts)
        if s.phase == "second-half":
            return [len(s.hands[p]) for p in self._players]
        if self._physical:
            raise IllegalAction("Enter each player's cards left with finish() first.")
        return [len(s.hands[p]) + len(s.wrong[p]) for p in self._players]

    def scores(self) -> Scores:
        """Players by their cards left (bonus 6 shared), the dealer by the first half's wrong cards."""
        from eleusis_lab.scoring import Scores, gardner_dealer, gardner_players

        s = self._state
        wrong = s.first_half_wrong or tuple(len(s.wrong[p]) for p in self._players)
        return Scores(
            gardner_players(self.cards_left()),
            gardner_dealer(wrong),
            names=tuple(self._players),
            dealer_name=self._dealer,
            variant="gardner",
        )

    def scores_from_log(self) -> Scores:
        """The players by the cards they hold, the dealer by the wrong plays logged before the half ended."""
        from eleusis_lab.scoring import gardner

        wrong = dict.fromkeys(self._players, 0)
        for e in self._events:
            if isinstance(e, ev.HalfEnded):
                break
            if isinstance(e, ev.Played) and not e.accepted:
                wrong[e.player] += 1
        held = [len(self._state.hands[p]) for p in self._players]
        return gardner([wrong[p] for p in self._players], held)
