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
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card, standard_deck
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Action, BuyHint, Guess, NoPlay, OverruleGuess, PlaceStarter, Play
from eleusis_lab.play.errors import GameError, IllegalAction, RoundOver
from eleusis_lab.play.no_play import NoPlayRound, plural_cards
from eleusis_lab.play.presentation import Presentation, ScoreSheet, Worked, WorkedExample
from eleusis_lab.play.round import Fold, GuessResult, Perform, Verdict, field_given, reason_against
from eleusis_lab.play.variant import Capabilities, MatchRules, Option, OptionForm, ScoreColumn

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.scoring import Scores

__all__ = ["ExpressRound"]


def _work_out(example: WorkedExample) -> Worked:
    """Each player's score written out (base − cards left, the bonuses), and the dealer's."""
    base, guessed_by = example.counts.get("base", 12), example.counts.get("guessed_by")
    lines, scores = [], []
    for i, own in enumerate(example.left):
        score, text = base - own, f"{example.names[i]}: {base} − {own}"
        if i == guessed_by:
            score, text = score + 6, text + " + 6 (guessed the rule)"
        if own == 0:
            score, text = score + 3, text + " + 3 (emptied the hand)"
        scores.append(score)
        lines.append(f"{text} = <b>{score}</b>")
    lines.append(f"Dealer: the best player’s score = <b>{max(scores)}</b>")
    return Worked(lines, scores, max(scores))


EXPRESS_PRESENTATION = Presentation(
    title="Eleusis Express",
    sheet=ScoreSheet(
        columns=("Player", "Cards left", "12 − left", "+6 guessed", "+3 emptied", "Score"),
        formula=(
            "<b>Each player:</b> 12 − cards left in hand (10 − … with ten-card hands); +6 for guessing the "
            "rule; +3 for emptying the hand.",
            "<b>Dealer:</b> the same as the best player of the round.",
        ),
        record_note="Two decks. A wrong card goes under the top card and the player draws 1 penalty card. "
        "Note each guess below.",
        # Cy's right guess ends the round, so nobody has emptied a hand (either ends it: RULES.md 2).
        example=WorkedExample(("Ana", "Ben", "Cy", "Dee"), {"left": [3, 2, 5, 7], "guessed_by": 2}),
        explain=_work_out,
    ),
)


class ExpressRound(NoPlayRound):
    """Eleusis Express: play one card a turn; wrong cards cost a penalty card; guess after a right play."""

    key = "express"
    aliases = ("eleusis-express",)
    title = "Eleusis Express"
    deck_name = "double"
    min_players = 1
    OPTIONS = (
        Option("hand_size", int, 12, "Express hands have 12 cards, or 10 with the ten-card option",
               choices=(10, 12), form=OptionForm("Hands", unit="cards")),
        Option("wrong_guess_penalty", int, 0, "the number of cards a wrong guess costs", low=0, high=5,
               form=OptionForm("A wrong guess costs a card", ticked=1)),
        Option("stock_refresh", bool, False, "shuffle in another 52-card deck once the stock runs out",
               form=OptionForm("New deck when the stock runs out")),
        Option("dealer_choice", bool, False, "who guessed or went out deals next"),
        Option("buy_hints", bool, False, "before playing, a player may draw a card to buy a hint",
               form=OptionForm("Players may buy hints")),
        # Off by default: in the sources a wrong guess is just wrong and play passes (RULES.md 2); a table
        # and a card on which the two rules differ is evidence no play produced, the teacher's to give.
        Option("counterexample", bool, False, "a wrong guess is shown a position and a card on which the "
               "guess and the secret rule differ",
               form=OptionForm("Wrong guess: counterexample")),
    )  # fmt: skip
    capabilities = Capabilities(no_play=True, guess=True, buy_hints=True, confidence=True)
    match = MatchRules(deals_each=1, winner_deals=True)
    presentation = EXPRESS_PRESENTATION
    score_columns = (
        ScoreColumn("left", "Cards left"),
        ScoreColumn("guessed_by", "Guessed the rule (+6)", "who found the rule", kind="player"),
        ScoreColumn("base", "Hand size", "12, or 10 with ten-card hands", kind="number", default=12),
    )

    @classmethod
    def score_counts(cls, left: list[int], **counts: Any) -> Scores:
        """The calculator: cards left, who guessed the rule (``guessed_by``), the hand size (``base``)."""
        from eleusis_lab.scoring import express

        return express(left, guessed_by=counts.get("guessed_by"), base=counts.get("base", 12))

    #: What a wrong play and a wrong no-play cost.
    WRONG_PLAY_PENALTY = 1
    WRONG_NO_PLAY_PENALTY = 1

    # ------------------------------------------------------------------ setup -------------------
    def _validate_options(self, options: dict[str, Any]) -> None:
        if isinstance(options["wrong_guess_penalty"], bool):  # True: the usual one card
            options["wrong_guess_penalty"] = int(options["wrong_guess_penalty"])
        self._check_deck_suffices(options["hand_size"])

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

    def _refuse_place_starter(self, a: PlaceStarter) -> GameError | None:
        """Physical round: the starter must also be a card the rule accepts to start the line."""
        refusal = super()._refuse_place_starter(a)
        if refusal is not None or not field_given(a, "card") or a.card is None:
            return refusal
        real = self._parse_card(a.card)  # read already by the round's own check: a card of this deck
        if not self._rule.accepts(real, [], None):
            return IllegalAction(f"{real} cannot start the line under the rule: put it under the stock.")
        return None

    def _hands_known(self) -> bool:
        return False

    def _copies(self) -> int:
        return 3 if self._options["stock_refresh"] else 2

    # ------------------------------------------------------------------ folds -------------------
    @classmethod
    def _fold_table(cls) -> dict[type[ev.Event], Fold]:
        return {**super()._fold_table(), ev.HandReplaced: cls._on_hand_replaced}

    def _on_hand_replaced(self, e: ev.HandReplaced, i: int) -> None:
        if self._physical:
            return
        s = self._state
        s.stock.extend(s.hands[e.player])
        s.hands[e.player] = [s.stock.popleft() for _ in range(min(e.size, len(s.stock)))]

    # ------------------------------------------------------------------ actions -----------------
    # ------------------------------------------------------------------ legal actions -----------
    def _turn_actions(self, player: str) -> list[Action]:
        return [*super()._turn_actions(player), BuyHint(player, open=frozenset({"text"}))]

    def _other_actions(self, player: str) -> list[Action]:
        return [Guess(player, open=frozenset({"text"} if self._dealer is None else {"text", "words"}))]

    def _dealer_actions(self) -> list[Action]:
        return [*super()._dealer_actions(), OverruleGuess(True), OverruleGuess(False)]

    @classmethod
    def _action_table(cls) -> dict[type[Action], Perform]:
        return {
            **super()._action_table(),
            Guess: cls._do_guess,
            OverruleGuess: cls._do_overrule,
            BuyHint: cls._do_buy_hint,
        }

    # ------------------------------------------------------------------ refusals ----------------
    def _refuse_play(self, a: Play) -> GameError | None:
        """One card at a time, one the player holds (a physical round: one the decks still have)."""
        return self._refuse_one_card(a, f"In {self.title} you play one card at a time.")

    def _refuse_guess(self, a: Guess) -> GameError | None:
        """Past the gate (right after one's own right play or no-play): rule text (a computer dealer
        judges nothing else) or words, not empty; rule text that reads as a rule."""
        text = a.text if field_given(a, "text") else ""
        words = a.words if field_given(a, "words") else ""
        if text is not None and (not isinstance(text, str) or not text.strip()) and field_given(a, "text"):
            return IllegalAction("The guessed rule is empty.")
        if (
            words is not None
            and (not isinstance(words, str) or not words.strip())
            and field_given(a, "words")
        ):
            return IllegalAction("The guess in words is empty.")
        if text is None and words is None:
            return IllegalAction("Say the guessed rule, as rule text or in words.")
        if text is None and self._dealer is None:
            return IllegalAction("A computer dealer can only judge a guess written as a rule.")
        return reason_against(lambda: self._parse_guess(text)) if text else None

    def _refuse_overrule(self, a: OverruleGuess) -> GameError | None:
        """The dealer's final word comes right after the guess, once, while the round is not over
        otherwise."""
        if not isinstance(a.correct, bool):
            return IllegalAction("Overrule with True (the guess is right) or False (it is wrong).")
        last = self._last_action()
        if isinstance(last, ev.GuessOverruled):
            return IllegalAction("The dealer has already ruled on this guess.")
        if not isinstance(last, ev.Guessed):
            return IllegalAction("There is no guess to overrule: the dealer rules right after a guess.")
        over = self._state.over
        if over is not None and over.reason != "guessed":
            return RoundOver("The round is over.")
        return None

    def _refuse_buy_hint(self, a: BuyHint) -> GameError | None:
        """Option ``buy_hints``: on one's turn, once a turn."""
        if not self._options["buy_hints"]:
            return IllegalAction("Buying hints is not allowed in this round (option buy_hints=True).")
        refusal = self._turn_refusal(a.player)
        if refusal is not None:
            return refusal
        last = self._last_action()
        if isinstance(last, ev.HintBought) and last.player == a.player:
            return IllegalAction(f"{a.player} has already bought a hint this turn.")
        return self._hint_text_refusal(a.text) if field_given(a, "text") else None

    # ------------------------------------------------------------------ actions -----------------
    def _do_play(self, a: Play) -> Verdict:
        """``player`` plays one card: right extends the mainline, wrong goes to the sideline (penalty 1)."""
        player = a.player
        card = self._card_played(a)
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

    def _do_no_play(self, a: NoPlay) -> Verdict:
        """``player`` shows their hand and says no card fits.  Right: a new hand of one card fewer (with
        one card the round ends).  Wrong: the dealer plays ``dealer_card`` (default: the first card that
        fits) and the player draws a penalty card.  A physical round needs the ``hand`` shown."""
        player = a.player
        shown, correct, chosen = self._judge_no_play(player, a.hand, a.dealer_card)
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

    def _refresh_deck(self) -> list[Card]:
        return [c.with_copy(2) for c in standard_deck()]

    def cards_in_play(self) -> list[Card]:
        """The two decks, and the third one ``stock_refresh`` shuffles in."""
        return self.deck() + (self._refresh_deck() if self._options["stock_refresh"] else [])

    def _refresh_stock(self) -> bool:
        s = self._state
        if not self._options["stock_refresh"] or s.refreshes >= 1 or self._physical:
            return False
        cards = self._refresh_deck()
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
    def _do_guess(self, a: Guess) -> GuessResult:
        """``player`` states the rule right after a right play or a right no-play.

        Rule text is judged by :func:`~eleusis_lab.rules.checks.same_rule`; a guess only in ``words``
        waits for the dealer's :meth:`overrule_guess`.  Correct ends the round; wrong lets play go on
        (with the ``wrong_guess_penalty`` option, at a cost), and says only that it is wrong unless the
        ``counterexample`` option shows where the guess and the secret rule differ."""
        player, rule_text, words = a.player, a.text, a.words
        cx: Any = None
        if rule_text is not None:
            correct, cx, cx_text = self._judge_guess(rule_text)
            if cx is not None and not self._options["counterexample"]:
                cx, cx_text = None, None  # wrong, and nothing more (a not-proven guess still says why)
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

    def _do_overrule(self, a: OverruleGuess) -> GuessResult:
        """The dealer's final word on the guess just made: True ends the round, False lets play go on."""
        correct = a.correct
        last = self._last_action()
        assert isinstance(last, ev.Guessed)
        before = self._state.last_guess_final
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
        return self._guess_refusal(name) is None

    def _guess_refusal(self, name: str) -> GameError | None:
        """A guess comes right after one's own right play or right no-play, before anyone acts."""
        refusal = self._open_refusal()
        if refusal is not None:
            return refusal
        w = self._state.window
        if w is None or w[0] != name or not w[2]:
            return IllegalAction(f"{name} may guess only right after a right play or a right 'no play'.")
        return None

    # ------------------------------------------------------------------ hints -------------------
    def _do_buy_hint(self, a: BuyHint) -> str:
        """Option ``buy_hints``: before playing, ``player`` draws one card and the dealer gives a hint."""
        player, text = a.player, self._hint_text(a.text)
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

    def scores_from_log(self) -> Scores:
        """The guesser by the log (the last guess judged correct and not overruled), the cards held."""
        from eleusis_lab.scoring import express

        guesser = ev.guesser(self._events)
        held = [len(self._state.hands[p]) for p in self._players]
        seat = self._players.index(guesser) if guesser is not None else None
        return express(held, guessed_by=seat, base=self._options["hand_size"])

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
