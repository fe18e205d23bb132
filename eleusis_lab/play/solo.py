"""The solo protocol as a variant: one player against the computer dealer, scored like the public benchmark.

Double deck (a letter rule: two letter decks), a 12-card hand refilled after every play, the starter
turned up until the rule accepts it with an empty mainline (cards that cannot start are seen, then go
under the stock), at most 30 turns.  Each turn is one play, after which the player may state the rule
(:class:`~eleusis_lab.play.actions.Guess`); a wrong guess costs ``penalty`` and a guess that does not
read as a rule counts as a wrong one.  A correct guess (judged with
:func:`eleusis_lab.rules.checks.same_rule`) ends the round with ``max_turns - turns used - penalty ×
wrong guesses`` (never below 0); an unsolved round scores 0.  After the last turn's play the player
guesses or lets the chance go by (:class:`~eleusis_lab.play.actions.DeclineGuess`).

**Readings.** The hand keeps the order the cards were drawn in (the benchmark shows it so; computer
players that pick "at random" pick from that order).  The accepted starter is evidence like the cards
turned down before it.

**The benchmark's protocol** (``protocol="benchmark"``, :mod:`eleusis_lab.play.benchmark_protocol`): the
language-model benchmark's game exactly, on this same round (log, undo, save, conformance).  Its deck is
built ♥ ♦ ♣ ♠ with ranks 1-13 in each suit, twice, and shuffled by ``random.Random(seed)`` — pass
``seed=round_seed(code, index)`` for its round ``index`` of a rule (:meth:`SoloRound.benchmark_seed`);
the 12-card hand is dealt first, then the starter is turned up until the rule accepts it, the rejected
cards discarded unseen (not evidence); one play then one draw a turn, 30 turns; a correct guess on turn N
scores ``31 - N - 2 × wrong`` and an unsolved round ``-2 × wrong`` (floored at 0 in :meth:`scores`); a
guess is judged by the benchmark's random walks onward from the current line unless ``judge="strict"``;
:meth:`SoloRound.success` counts a round as its analysis does.  Standard-deck rules only.

>>> from eleusis_lab.play import new_round
>>> r = new_round("solo", ["Ana"], "card.color != prev.color", seed=1)
>>> len(r.hand("Ana")), r.turns_left
(12, 30)
>>> v = r.play("Ana", r.hand("Ana")[0]); len(r.hand("Ana")), r.turns_left
(12, 29)
>>> r.guess("Ana", "card.color != prev.color").correct, r.scores().players
(True, [29])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card, double_deck, letter_deck
from eleusis_lab.play import benchmark_protocol as bp
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Action, DeclineGuess, Guess, Play
from eleusis_lab.play.errors import GameError, IllegalAction, one_line
from eleusis_lab.play.round import (
    Fold,
    GuessResult,
    LoggedJudgement,
    Perform,
    Round,
    TurnBudget,
    Verdict,
    field_given,
)
from eleusis_lab.play.table import SidelinePlay
from eleusis_lab.play.variant import Capabilities, MatchRules, Option

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.rules import Rule
    from eleusis_lab.scoring import Scores

__all__ = ["SoloRound"]


class SoloRound(Round):
    """The solo protocol; :attr:`turns_left` counts down, :meth:`result` sums the round up."""

    key = "solo"
    aliases = ("solo-protocol", "benchmark")
    title = "the solo protocol"
    deck_name = "double"
    min_players = 1
    max_players = 1
    OPTIONS = (
        Option("max_turns", int, 30, "the number of turns (plays) allowed", low=1, high=1000),
        Option("hand_size", int, 12, "the cards in hand, refilled after every play", low=1, high=60),
        Option("penalty", int, 2, "what a wrong guess costs", low=0, high=100),
        Option("protocol", str, "kit", "kit: the kit's solo game; benchmark: the language-model benchmark's "
               "game exactly (deck order, hand before starter, rejected starters unseen, score 31 - N - 2 × "
               "wrong)", choices=("kit", "benchmark")),
        Option("judge", str, None, "how a guess is judged: strict (the same rule in every situation) or "
               "benchmark (random walks onward from the line); None: the protocol's own",
               choices=("strict", "benchmark"), nullable=True),
    )  # fmt: skip
    capabilities = Capabilities(guess=True, hints=False, confidence=True, turn_limit=True)
    match = MatchRules(playable=False)

    # ------------------------------------------------------------------ setup -------------------
    @classmethod
    def rule_decks(cls) -> tuple[str, ...]:
        return ("standard", "letters")

    @classmethod
    def check_rule(cls, rule: Rule) -> None:
        if rule.uses_player:
            raise GameError("The solo protocol has no players to name: this rule reads `player`.")

    def _validate_options(self, options: dict[str, Any]) -> None:
        if options.get("protocol") == "benchmark" and self._rule.deck == "letters":
            raise GameError("The benchmark protocol plays the standard deck: this rule reads letters.")

    @staticmethod
    def benchmark_seed(code: str, index: int) -> int:
        """The seed of the benchmark's round ``index`` of the rule whose code (or text) is ``code``."""
        return bp.round_seed(code, index)

    @property
    def benchmark(self) -> bool:
        """Is this round played under the language-model benchmark's protocol?"""
        return bool(self._options["protocol"] == "benchmark")

    @property
    def judge(self) -> str:
        """``strict`` or ``benchmark``: how a guess is judged (the option, or the protocol's own)."""
        chosen = self._options["judge"]
        return str(chosen) if chosen is not None else ("benchmark" if self.benchmark else "strict")

    @property
    def judged_from_start(self) -> bool:
        """Does the judge compare a guess from the start of a line (False: onward from the current one)?"""
        return self.judge == "strict"

    @classmethod
    def rule_deck_for(cls, rule: Rule | None = None) -> str:
        return "letters" if rule is not None and rule.deck == "letters" else "standard"

    def deck(self) -> list[Card]:
        """Two decks of the rule's kind of card (two letter decks for a letter rule); the benchmark's own
        build order under its protocol."""
        if self.benchmark:
            return bp.benchmark_deck()
        if self.rule_deck() == "letters":
            return [c.with_copy(k // 61) for k, c in enumerate(letter_deck() + letter_deck())]
        return double_deck()

    def _deal(self, cards: list[Card]) -> None:
        self._state.stock.extend(cards)

    def _after_deal(self) -> None:
        # The kit: the dealer turns up cards until one can start the line (the others go under the stock),
        # then deals the hand.  The benchmark deals the hand first and discards the rejected cards unseen.
        if self.benchmark:
            self._deal_hand()
        rejected: list[Card] = []
        for card in list(self._state.stock):
            if self._rule.accepts(card, [], None):
                self._emit(ev.StarterTurned(card, tuple(rejected)))
                break
            rejected.append(card)
        else:
            raise GameError("No card of the deck can start the line under this rule.")
        if not self.benchmark:
            self._deal_hand()

    def _deal_hand(self) -> None:
        size = min(self._options["hand_size"], len(self._state.stock))
        self._emit(ev.PenaltyDrawn(self._players[0], size, size, "hand"))

    # ------------------------------------------------------------------ views -------------------
    def hand(self, name: str) -> list[Card]:
        """The cards ``name`` holds, in the order they were drawn (see the module's readings)."""
        self._check_player(name)
        return list(self._state.hands[name])

    @property
    def turns(self) -> int:
        """Turns played so far (one play each)."""
        return sum(1 for j in self._state.judgements if j.kind == "play")

    @property
    def turn(self) -> int:
        """The number of the turn under way: before its play, the next one; after it (while the player may
        guess), the one just played."""
        return self.turns + (0 if self._state.window is not None else 1)

    @property
    def max_turns(self) -> int:
        return int(self._options["max_turns"])

    @property
    def penalty(self) -> int:
        """What a wrong guess costs."""
        return int(self._options["penalty"])

    @property
    def turns_left(self) -> int:
        """Turns still to play; 0 as well once the hand is empty (a long round can use up the stock)."""
        if not self._state.hands[self._players[0]]:
            return 0
        return int(self._options["max_turns"]) - self.turns

    @property
    def wrong_guesses(self) -> int:
        return sum(1 for e in self._events if isinstance(e, ev.Guessed) and e.correct is False)

    @property
    def turn_budget(self) -> TurnBudget:
        return TurnBudget(self.turn, self.max_turns, self.penalty, self.wrong_guesses, self.judged_from_start)

    # ------------------------------------------------------------------ folds -------------------
    def _on_starter_turned(self, e: ev.StarterTurned, i: int) -> None:
        s = self._state
        if self.benchmark:  # the rejected cards are discarded unseen: no evidence
            for c in (*e.rejected, e.card):
                s.stock.remove(c)
            s.discards.extend(e.rejected)
            self._put_on_mainline([e.card])
        else:
            super()._on_starter_turned(e, i)
        s.judgements.append(LoggedJudgement(0, (e.card,), True, "dealer", i, "starter"))

    def _on_played(self, e: ev.Played, i: int) -> None:
        s = self._state
        [card] = e.cards
        s.hands[e.player].remove(card)
        s.judgements.append(LoggedJudgement(len(s.mainline), e.cards, e.accepted, e.player, i, "play"))
        if e.accepted:
            self._put_on_mainline(e.cards)
        else:
            s.sidelines[-1].append(SidelinePlay(e.cards, e.player, i))
        s.window = (e.player, "play", True)  # a guess may follow every play, right or wrong

    @classmethod
    def _fold_table(cls) -> dict[type[ev.Event], Fold]:
        return {**super()._fold_table(), ev.GuessDeclined: cls._on_no_guess}

    def _on_no_guess(self, e: ev.GuessDeclined, i: int) -> None:
        self._state.window = None

    # ------------------------------------------------------------------ legal actions -----------
    def _guess_refusal(self, name: str) -> GameError | None:
        """A guess comes after a play (the last turn's too), before the next one."""
        refusal = self._open_refusal()
        if refusal is not None:
            return refusal
        if self._state.window is None:
            return IllegalAction(f"{name} may guess only right after a play.")
        return None

    def _other_actions(self, player: str) -> list[Action]:
        return [Guess(player, open=frozenset({"text"})), DeclineGuess(player)]

    @classmethod
    def _action_table(cls) -> dict[type[Action], Perform]:
        return {**super()._action_table(), Guess: cls._do_guess, DeclineGuess: cls._do_decline_guess}

    # ------------------------------------------------------------------ refusals ----------------
    def _refuse_play(self, a: Play) -> GameError | None:
        """While turns are left: one card a turn, from the hand."""
        if self.turns_left <= 0:
            return IllegalAction(
                f"All {self._options['max_turns']} turns have been played: guess, or let it go."
            )
        return self._refuse_one_card(a, "In the solo protocol you play one card a turn.")

    def _physical_pool(self) -> None:
        """The solo protocol always plays from the hand it dealt."""
        return None

    def _refuse_guess(self, a: Guess) -> GameError | None:
        """Past the gate (after a play): rule text, which the computer dealer judges (unreadable text is a
        wrong guess, as in the benchmark)."""
        if field_given(a, "words") and a.words is not None:
            return IllegalAction("The computer dealer judges a guess written as a rule, not in words.")
        if field_given(a, "text") and (not isinstance(a.text, str) or not a.text.strip()):
            return IllegalAction("Say the guessed rule as rule text.")
        return None

    def _refuse_decline_guess(self, a: DeclineGuess) -> GameError | None:
        refusal = self._open_refusal()
        if refusal is not None:
            return refusal
        if self._state.window is None or self.turns_left > 0:
            return IllegalAction("A guess is let go only after the last turn's play; otherwise just play on.")
        return None

    # ------------------------------------------------------------------ actions -----------------
    def _do_play(self, a: Play) -> Verdict:
        """One turn: one card of the hand; the hand is refilled from the stock."""
        player = a.player
        card = self._card_played(a)
        accepted = self._judge(player, [card])
        with self._action():
            index = self._emit(ev.Played(player, (card,), accepted))
            if self._state.stock:
                self._emit(ev.PenaltyDrawn(player, 1, 1, "refill"))
        msg = f"{card} is right." if accepted else f"{card} is wrong."
        return self._verdict(index, player=player, cards=(card,), accepted=accepted, penalty=0, message=msg)

    def _do_guess(self, a: Guess) -> GuessResult:
        """A guess after a play: right ends the round, wrong costs ``penalty`` (after the last turn it
        ends the round too)."""
        player, text = a.player, a.text
        assert text is not None
        correct, why = self.judge_guess(text)
        with self._action():
            index = self._emit(ev.Guessed(player, text, None, correct, why))
            if correct:
                self._end("guessed", player)
            elif self.turns_left <= 0:
                self._end("turns")
        if correct:
            msg = f"{player} found the rule: the round is over."
        else:
            msg = f"{player}'s guess is not the rule" + (f": {why}" if why else ".")
        return GuessResult(player, text, None, correct, why, msg, ends_round=self.is_over, event_index=index)

    def judge_guess(self, text: str) -> tuple[bool, str | None]:
        """Would ``text`` be judged right now, and why not if unreadable or not proven within the judge's
        budget (changes nothing; the benchmark's harness judges a player's best rule so to score its
        confidence).  The strict judge is
        :func:`~eleusis_lab.rules.checks.same_rule`; the benchmark's walks onward from the current line
        (:func:`~eleusis_lab.play.benchmark_protocol.simulation_judge`).  Unreadable text is wrong."""
        from eleusis_lab.rules import Rule, RuleError
        from eleusis_lab.rules.checks import same_rule

        try:
            guessed = Rule.parse(text)
        except RuleError as e:
            return False, f"it does not read as a rule ({one_line(e)})"
        if self.judge == "benchmark":
            return bp.simulation_judge(guessed, self._rule, list(self._state.mainline)), None
        eq = same_rule(guessed, self._rule, deck=self.cards_in_play())
        return eq.same, eq.explain() if eq.undecided else None  # not proven: wrong, saying how far it agreed

    def _do_decline_guess(self, a: DeclineGuess) -> None:
        with self._action():
            self._emit(ev.GuessDeclined(a.player))
            self._end("turns")

    # ------------------------------------------------------------------ scores ------------------
    def solved(self) -> bool:
        return self._state.guessed_by is not None

    def raw_score(self) -> int:
        """The kit: ``max_turns - turns - penalty × wrong guesses`` when solved, else 0.  The benchmark:
        ``max_turns + 1 - turns - penalty × wrong`` when solved, else ``-penalty × wrong`` (may be < 0)."""
        if self.benchmark:
            wrong = self.wrong_guesses
            return bp.score(self.solved(), turn=self.turns, wrong=wrong, max_turns=self.max_turns,
                            penalty=self.penalty)  # fmt: skip
        if not self.solved():
            return 0
        return self.max_turns - self.turns - self.penalty * self.wrong_guesses

    def wrong_after(self) -> list[int]:
        """The wrong guesses made up to the end of each turn played (``[t - 1]``: after turn t)."""
        out: list[int] = []
        wrong = plays = 0
        for e in self._events:
            if isinstance(e, ev.Played):
                if plays:  # the turn before is over: its guess, if any, is counted
                    out.append(wrong)
                plays += 1
            elif isinstance(e, ev.Guessed) and e.correct is False:
                wrong += 1
        return [*out, wrong] if plays else []

    def success(self) -> bool:
        """Solved before the turn from which no guess could score above 0 any more (the benchmark's
        analysis, :func:`~eleusis_lab.play.benchmark_protocol.counting_success`)."""
        turn = self.turns if self.solved() else None
        return bp.counting_success(turn, self.wrong_after(), self.max_turns, self.penalty)

    def scores(self) -> Scores:
        """The player's solo score (the raw score, never below 0); there is no dealer to score."""
        from eleusis_lab.scoring import Scores

        raw = self.raw_score()
        notes = (f"raw score {raw}",) if raw < 0 else ()
        return Scores([max(0, raw)], 0, names=tuple(self._players), variant=self.key, notes=notes)

    def scores_from_log(self) -> Scores:
        """Solved, turns and wrong guesses counted in the log."""
        from eleusis_lab.scoring import Scores

        plays = sum(1 for e in self._events if isinstance(e, ev.Played))
        judged = [e.correct for e in self._events if isinstance(e, ev.Guessed)]
        wrong, solved = judged.count(False), True in judged
        if self.benchmark:
            raw = self.max_turns + 1 - plays - self.penalty * wrong if solved else -self.penalty * wrong
        else:
            raw = self.max_turns - plays - self.penalty * wrong if solved else 0
        return Scores([max(0, raw)], 0)

    def cards_left(self) -> list[int]:
        return [len(self._state.hands[p]) for p in self._players]
