"""What Eleusis Express and New Eleusis share: hands dealt from two decks, the "no play" declaration.

Both deal ``hand_size`` cards to each player from the double deck (the rest is the stock), start
with a random player, and let a player show their hand and declare that no card fits.  The folds of
plays and no-plays are the same; :meth:`NoPlayRound._record_played` is where New Eleusis also counts
the cards played for its markers.
"""

from __future__ import annotations

from collections.abc import Sequence

from eleusis_lab.cards import Card
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Action, NoPlay
from eleusis_lab.play.errors import GameError, IllegalAction
from eleusis_lab.play.round import Fold, LoggedJudgement, Perform, Round, Verdict, field_given, reason_against
from eleusis_lab.play.table import SidelinePlay, card_order

__all__ = ["NoPlayRound", "plural_cards"]

#: Cards in the two decks Express and New Eleusis are dealt from.
ONE_DECK = 52
TWO_DECKS = 2 * ONE_DECK


def plural_cards(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} card" + ("" if n == 1 else "s")


class NoPlayRound(Round):
    """A variant dealt in hands of ``hand_size`` from two decks, where a player may declare no play."""

    # ------------------------------------------------------------------ setup -------------------
    def _check_deck_suffices(self, size: int, deck_size: int = TWO_DECKS) -> None:
        # The hands and the starter come out of the deck; a deal that cannot be made is refused up front.
        if not self._physical and size * len(self._players) + 1 > deck_size:
            decks = "Two decks are" if deck_size == TWO_DECKS else f"A deck of {deck_size} cards is"
            raise GameError(f"{decks} not enough for {len(self._players)} hands of {size}.")

    def _first_player(self) -> str:
        return self._rng("first-player").choice(self._players)

    def _deal(self, cards: list[Card]) -> None:
        s = self._state
        if not cards:  # a physical round: the real cards are in the players' hands
            return
        n, size = len(self._players), self._options["hand_size"]
        for k in range(n * size):
            s.hands[self._players[k % n]].append(cards[k])
        s.stock.extend(cards[n * size :])

    # ------------------------------------------------------------------ folds -------------------
    def _record_played(self, cards: Sequence[Card], accepted: bool) -> None:
        """Cards the dealer accepted go on the mainline (New Eleusis also counts them for markers)."""
        if accepted:
            self._put_on_mainline(cards)

    @classmethod
    def _fold_table(cls) -> dict[type[ev.Event], Fold]:
        return {**super()._fold_table(), ev.NoPlayDeclared: cls._on_no_play}

    def _on_played(self, e: ev.Played, i: int) -> None:
        s = self._state
        if not self._physical:
            for c in e.cards:
                s.hands[e.player].remove(c)
        s.judgements.append(LoggedJudgement(len(s.mainline), e.cards, e.accepted, e.player, i, "play"))
        if not e.accepted:
            s.sidelines[-1].append(SidelinePlay(e.cards, e.player, i))
        self._record_played(e.cards, e.accepted)
        s.window = (e.player, "play", e.accepted)
        s.turn = self._next_player(e.player)

    def _on_no_play(self, e: ev.NoPlayDeclared, i: int) -> None:
        s = self._state
        hand = list(e.shown) if self._physical else list(s.hands[e.player])
        k = len(s.mainline)
        if e.correct:
            for c in sorted(hand, key=card_order):
                s.judgements.append(LoggedJudgement(k, (c,), False, e.player, i, "no-play"))
        else:
            assert e.dealer_card is not None
            if not self._physical:
                s.hands[e.player].remove(e.dealer_card)
            s.judgements.append(LoggedJudgement(k, (e.dealer_card,), True, e.player, i, "no-play"))
            self._record_played([e.dealer_card], True)
        s.window = (e.player, "no-play", e.correct)
        s.turn = self._next_player(e.player)

    # ------------------------------------------------------------------ legal actions -----------
    def _turn_actions(self, player: str) -> list[Action]:
        """One card (variants: a string), or "no play": the dealer may choose the card to play from a
        wrong no-play's hand (else the first that fits), a physical round enters the hand shown, a
        prophet may call it."""
        out = super()._turn_actions(player)
        open = {"dealer_card", "hand"} if self._physical else {"dealer_card"}
        out.append(NoPlay(player, open=frozenset(open | self._call_open())))
        return out

    def _call_open(self) -> set[str]:
        """``{"prophet_says"}`` while a prophet calls the plays (New Eleusis)."""
        return set()

    @classmethod
    def _action_table(cls) -> dict[type[Action], Perform]:
        return {**super()._action_table(), NoPlay: cls._do_no_play}

    def _do_no_play(self, a: NoPlay) -> Verdict:
        raise NotImplementedError(f"{self.title} does not say how a no-play is judged")

    # ------------------------------------------------------------------ refusals ----------------
    def _refuse_no_play(self, a: NoPlay) -> GameError | None:
        """The hand shown (a physical round's) and the dealer's card must do; a listing that leaves the
        shown hand open is not judged."""
        if self._physical and not field_given(a, "hand"):
            return None
        hand = a.hand if field_given(a, "hand") else None
        dealer_card = a.dealer_card if field_given(a, "dealer_card") else None
        if hand is None and dealer_card is None and not self._physical:
            return None  # the engine's own hand, the dealer's own choice: nothing to refuse
        return reason_against(lambda: self._judge_no_play(a.player, hand, dealer_card))

    # ------------------------------------------------------------------ actions -----------------
    def _judge_no_play(
        self, player: str, hand: Sequence[Card | str] | None, dealer_card: Card | str | None
    ) -> tuple[list[Card], bool, Card | None]:
        """The hand shown, whether the no-play is right, and the card the dealer plays if it is not."""
        shown = self._shown_hand(player, hand)
        fits = self._playable(player, shown)
        correct = not fits
        chosen: Card | None = None
        if not correct:
            chosen = self._dealer_card(player, shown, fits, dealer_card)
        elif dealer_card is not None:
            raise IllegalAction(f"No card of {player}'s hand fits, so the dealer plays none.")
        return shown, correct, chosen
