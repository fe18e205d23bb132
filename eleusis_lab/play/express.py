"""Eleusis Express (John Golden, 2006): 12-card hands, penalty draws, guessing the rule aloud.

RULES.md section 2, with every option: ``hand_size`` 10 or 12, ``wrong_guess_penalty`` (cards drawn
for a wrong guess), ``stock_refresh`` (shuffle in another 52-card deck once the stock runs out),
``dealer_choice`` (who guessed or went out deals next, else the top scorer: see :attr:`next_dealer`)
and ``buy_hints`` (before playing, a player draws a card and the dealer gives a hint).

**Readings.** The round ends when the stock is empty after an action (with ``stock_refresh`` the new
deck comes in instead, once).  A correct no-play with one card puts that card under the stock: the
player's hand is empty and the round ends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from eleusis_lab.cards import Card, standard_deck
from eleusis_lab.play import events as ev
from eleusis_lab.play.errors import GameError, IllegalAction, RoundOver
from eleusis_lab.play.no_play import NoPlayRound, plural_cards
from eleusis_lab.play.round import GuessResult, Verdict

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.scoring import Scores

__all__ = ["ExpressRound"]


class ExpressRound(NoPlayRound):
    """Eleusis Express: play one card a turn; wrong cards cost a penalty card; guess after a right play."""

    variant = "express"
    title = "Eleusis Express"
    deck_name = "double"
    min_players = 1
    OPTIONS: ClassVar[dict[str, Any]] = {
        "hand_size": 12,
        "wrong_guess_penalty": 0,
        "stock_refresh": False,
        "dealer_choice": False,
        "buy_hints": False,
    }
    #: What a wrong play and a wrong no-play cost.
    WRONG_PLAY_PENALTY = 1
    WRONG_NO_PLAY_PENALTY = 1

    # ------------------------------------------------------------------ setup -------------------
    def _validate_options(self, options: dict[str, Any]) -> None:
        if options["hand_size"] not in (10, 12):
            raise GameError("Express hands have 12 cards, or 10 with the ten-card option (hand_size=10).")
        penalty = options["wrong_guess_penalty"]
        if isinstance(penalty, bool):
            options["wrong_guess_penalty"] = int(penalty)
        elif not isinstance(penalty, int) or not 0 <= penalty <= 5:
            raise GameError("wrong_guess_penalty is the number of cards (0-5) a wrong guess costs.")
        for flag in ("stock_refresh", "dealer_choice", "buy_hints"):
            if not isinstance(options[flag], bool):
                raise GameError(f"The option {flag} is True or False.")
        self._check_two_decks_suffice(options["hand_size"])

    def _after_deal(self) -> None:
        if self._physical:
            return
        # The dealer turns up cards until one can start the line; the others go under the stock.
        stock = list(self._state.stock)
        rejected: list[Card] = []
        for card in stock:
            if self._rule.accepts(card, [], None):
                self._emit(ev.StarterTurned(card, tuple(rejected)))
                return
            rejected.append(card)
        raise GameError("No card of the stock can start the line under this rule.")

    def place_starter(self, card: Card | str) -> Card:
        """Physical round: enter the starter; it must be a card the rule accepts to start the line."""
        if self._physical and not self._state.mainline and self._state.over is None:
            real = self._parse_card(card)
            if not self._rule.accepts(real, [], None):
                raise IllegalAction(f"{real} cannot start the line under the rule: put it under the stock.")
        return super().place_starter(card)

    def _hands_known(self) -> bool:
        return False

    def _copies(self) -> int:
        return 3 if self._options["stock_refresh"] else 2

    # ------------------------------------------------------------------ folds -------------------
    def _on_hand_replaced(self, e: ev.HandReplaced, i: int) -> None:
        if self._physical:
            return
        s = self._state
        s.stock.extend(s.hands[e.player])
        s.hands[e.player] = [s.stock.popleft() for _ in range(min(e.size, len(s.stock)))]

    # ------------------------------------------------------------------ actions -----------------
    def play(self, player: str, cards: Card | str | Sequence[Card | str]) -> Verdict:
        """``player`` plays one card: right extends the mainline, wrong goes to the sideline (penalty 1)."""
        self._check_turn(player)
        specs = self._as_list(cards)
        if len(specs) != 1:
            raise IllegalAction(f"In {self.title} you play one card at a time.")
        if self._physical:
            card = self._physical_card(player, specs[0], self._copies(), self._table_cards())
        else:
            [card] = self._resolve(player, specs, self._state.hands[player])
        accepted = self._judge(player, [card])
        with self._action():
            index = self._emit(ev.Played(player, (card,), accepted))
            penalty = 0
            if accepted:
                if not self._physical and not self._state.hands[player]:
                    self._end("out", player)
            else:
                penalty = self._draw(player, self.WRONG_PLAY_PENALTY, "wrong play")
            self._check_stock()
        if accepted:
            msg = f"{card} is right."
            if self._state.over is not None and self._state.over.reason == "out":
                msg += f" {player} has no cards left: the round is over."
        else:
            msg = f"{card} is wrong: {player} draws {plural_cards(penalty)}."
        return self._verdict(
            index, player=player, cards=(card,), accepted=accepted, penalty=penalty, message=msg
        )

    def no_play(
        self,
        player: str,
        *,
        dealer_card: Card | str | None = None,
        hand: Sequence[Card | str] | None = None,
        prophet_says: bool | None = None,
    ) -> Verdict:
        """``player`` shows their hand and says no card fits.  Right: a new hand of one card fewer (with
        one card the round ends).  Wrong: the dealer plays ``dealer_card`` (default: the first card that
        fits) and the player draws a penalty card.  A physical round needs the ``hand`` shown."""
        if prophet_says is not None:
            raise IllegalAction("There is no prophet in Eleusis Express.")
        self._check_turn(player)
        shown, correct, chosen = self._judge_no_play(player, hand, dealer_card)
        with self._action():
            index = self._emit(
                ev.NoPlayDeclared(player, correct, chosen, None, tuple(shown) if self._physical else ())
            )
            penalty = 0
            if correct:
                self._emit(ev.HandReplaced(player, len(shown) - 1))
                if len(shown) <= 1:
                    self._end("no-play", player)
            else:
                penalty = self._draw(player, self.WRONG_NO_PLAY_PENALTY, "wrong no-play")
            self._check_stock()
        if correct:
            msg = f"Right: no card of {player}'s hand fits."
            msg += (
                " The round is over."
                if len(shown) <= 1
                else f" {player} takes a new hand of {len(shown) - 1}."
            )
        else:
            msg = f"Wrong: {chosen} fits; the dealer plays it and {player} draws {plural_cards(penalty)}."
        return self._verdict(
            index,
            player=player,
            cards=tuple(shown),
            accepted=correct,
            penalty=penalty,
            message=msg,
            kind="no-play",
            dealer_card=chosen,
        )

    def _before_draw(self, count: int) -> None:
        if len(self._state.stock) < count:
            self._refresh_stock()

    def _refresh_stock(self) -> bool:
        s = self._state
        if not self._options["stock_refresh"] or s.refreshes >= 1 or self._physical:
            return False
        cards = [c.with_copy(2) for c in standard_deck()]
        random.Random(f"{self._seed}/refresh/{s.refreshes}").shuffle(cards)
        self._emit(ev.StockRefreshed(tuple(cards)))
        return True

    def _check_stock(self) -> None:
        """Reading: the round ends when the stock is empty after an action, unless a new deck comes in."""
        s = self._state
        if s.over is not None or self._physical or s.stock:
            return
        if not self._refresh_stock():
            self._end("stock")

    # ------------------------------------------------------------------ guesses -----------------
    def guess(self, player: str, rule_text: str | None = None, words: str | None = None) -> GuessResult:
        """``player`` states the rule right after a right play or a right no-play.

        Rule text is judged by :func:`~eleusis_lab.rules.checks.same_rule`; a guess only in ``words``
        waits for the dealer's :meth:`overrule_guess`.  Correct ends the round; wrong lets play go on
        (with the ``wrong_guess_penalty`` option, at a cost)."""
        return self._guess(player, rule_text, words)

    def _guess(
        self,
        player: str,
        rule_text: str | None,
        words: str | None,
        judged: tuple[bool | None, str | None] | None = None,
    ) -> GuessResult:
        self._check_player(player)
        self._check_open()
        w = self._state.window
        if w is None or w[0] != player or not w[2]:
            raise IllegalAction(f"{player} may guess only right after a right play or a right 'no play'.")
        if rule_text is not None and (not isinstance(rule_text, str) or not rule_text.strip()):
            raise IllegalAction("The guessed rule is empty.")
        if words is not None and (not isinstance(words, str) or not words.strip()):
            raise IllegalAction("The guess in words is empty.")
        if rule_text is None and words is None:
            raise IllegalAction("Say the guessed rule, as rule text or in words.")
        if rule_text is None and self._dealer is None:
            raise IllegalAction("A computer dealer can only judge a guess written as a rule.")
        cx: Any = None
        if judged is not None:
            correct, cx_text = judged
        elif rule_text is not None:
            correct, cx, cx_text = self._judge_guess(rule_text)
        else:
            correct, cx_text = None, None
        with self._action():
            index = self._emit(ev.Guessed(player, rule_text, words, correct, cx_text))
            penalty = 0
            if correct:
                self._end("guessed", player)
            elif correct is False:
                penalty = self._draw(player, self._options["wrong_guess_penalty"], "wrong guess")
                self._check_stock()
        if correct:
            msg = f"{player} found the rule: the round is over."
        elif correct is None:
            msg = f"The dealer judges {player}'s guess."
        else:
            msg = f"{player}'s guess is not the rule" + (f": {cx_text}" if cx_text else ".")
            if penalty:
                msg += f" {player} draws {plural_cards(penalty)}."
        return GuessResult(
            player, rule_text, words, correct, cx if cx is not None else cx_text, msg,
            ends_round=self.is_over, penalty=penalty, event_index=index,
        )  # fmt: skip

    def overrule_guess(self, correct: bool) -> GuessResult:
        """The dealer's final word on the guess just made: True ends the round, False lets play go on."""
        if not isinstance(correct, bool):
            raise IllegalAction("Overrule with True (the guess is right) or False (it is wrong).")
        last = self._last_action()
        s = self._state
        if isinstance(last, ev.GuessOverruled):
            raise IllegalAction("The dealer has already ruled on this guess.")
        if not isinstance(last, ev.Guessed):
            raise IllegalAction("There is no guess to overrule: the dealer rules right after a guess.")
        if s.over is not None and s.over.reason != "guessed":
            raise RoundOver("The round is over.")
        before = s.last_guess_final
        with self._action():
            index = self._emit(ev.GuessOverruled(correct))
            penalty = 0
            if correct and before is not True:
                self._end("guessed", last.player)
            elif not correct and before is not False:
                penalty = self._draw(last.player, self._options["wrong_guess_penalty"], "wrong guess")
                self._check_stock()
        who = "the dealer" if self._dealer is None else self._dealer
        msg = (
            f"{who.capitalize()} rules that {last.player} found the rule: the round is over."
            if correct
            else f"{who.capitalize()} rules that {last.player}'s guess is not the rule."
        )
        return GuessResult(
            last.player, last.text, last.words, correct, last.counterexample, msg,
            ends_round=self.is_over, penalty=penalty, overruled=before is not None and before != correct,
            event_index=index,
        )  # fmt: skip

    def can_guess(self, name: str) -> bool:
        s = self._state
        w = s.window
        return s.over is None and s.pending_guess is None and w is not None and w[0] == name and w[2]

    def can_no_play(self, name: str) -> bool:
        return (
            self.current_player == name and self._state.pending_guess is None and bool(self._state.mainline)
        )

    def _last_action(self) -> ev.Event | None:
        for e in reversed(self._events):
            if e.is_action:
                return e
        return None

    # ------------------------------------------------------------------ hints -------------------
    def buy_hint(self, player: str, text: str | None = None) -> str:
        """Option ``buy_hints``: before playing, ``player`` draws one card and the dealer gives a hint."""
        if not self._options["buy_hints"]:
            raise IllegalAction("Buying hints is not allowed in this round (option buy_hints=True).")
        self._check_turn(player)
        last = self._last_action()
        if isinstance(last, ev.HintBought) and last.player == player:
            raise IllegalAction(f"{player} has already bought a hint this turn.")
        text = self._hint_text(text)
        with self._action():
            self._emit(ev.HintBought(player, text))
            self._check_stock()
        return text

    # ------------------------------------------------------------------ end ---------------------
    @property
    def guessed_by(self) -> str | None:
        """Who found the rule (after the dealer's last word), or None."""
        return self._state.guessed_by

    @property
    def next_dealer(self) -> str | None:
        """Option ``dealer_choice``: who guessed or went out deals next, else the round's top scorer
        (the first in turn order on a tie).  None without the option or before the end."""
        s = self._state
        if not self._options["dealer_choice"] or s.over is None:
            return None
        if s.over.player is not None and s.over.reason in ("guessed", "out", "no-play"):
            return s.over.player
        scores = self.scores().players
        return self._players[scores.index(max(scores))]

    def scores(self) -> Scores:
        """``hand_size`` − cards left, +6 for the correct guess, +3 for an empty hand; the dealer = best."""
        from eleusis_lab.scoring import express

        guesser = self._state.guessed_by
        result = express(
            self.cards_left(),
            guessed_by=self._seat[guesser] if guesser is not None else None,
            base=self._options["hand_size"],
        )
        return result.named(self._players, self._dealer)
