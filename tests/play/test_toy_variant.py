"""A variant defined here alone: found by find_variant, played through legal_actions/apply, conformant,
and shown from its own description: title, end phrases, set-up fields, a printed score sheet.

This is the measure of "what does adding a variant take": one Round subclass that describes itself, and
its registration; no package file changes.  The toy: each player holds 5 cards, plays one a turn; a wrong
card costs a card from the stock; the round ends when a hand is empty or the stock runs out.  Score: 5 −
cards left (the dealer: the best player's score).
"""

from __future__ import annotations

import random
from typing import Any

from eleusis_lab.cards import Card
from eleusis_lab.play import (
    Capabilities,
    GameError,
    MatchRules,
    Option,
    Round,
    Verdict,
    find_variant,
    load_round,
    new_round,
    registered,
)
from eleusis_lab.play import actions as act
from eleusis_lab.play import events as ev
from eleusis_lab.play.presentation import Presentation, ScoreSheet, SetupField, WorkedExample, setup_fields
from eleusis_lab.play.round import LoggedJudgement
from eleusis_lab.play.table import SidelinePlay
from eleusis_lab.play.variant import OptionForm, ScoreColumn
from eleusis_lab.scoring import Scores
from eleusis_lab.testing import check_round_conformance


class ToyRound(Round):
    """Five cards each, one a turn, a wrong card costs one."""

    key = "toy"
    aliases = ("toy-eleusis",)
    title = "Toy Eleusis"
    deck_name = "standard"
    min_players = 1
    OPTIONS = (
        Option(
            "hand_size", int, 5, "cards dealt to each player", low=1, high=10, form=OptionForm("Cards each")
        ),
    )
    capabilities = Capabilities(hints=True, confidence=True)
    match = MatchRules(deals_each=1)
    score_columns = (ScoreColumn("left", "Cards left"),)
    presentation = Presentation(
        title="Toy Eleusis (five cards)",
        roles=("Dealer", "Toy players"),
        end_reasons={"out": "{p} played a whole hand"},
        sheet=ScoreSheet(
            columns=("Player", "Cards left", "Score"),
            formula=("<b>Each player:</b> 5 − cards left. <b>Dealer:</b> the best player’s score.",),
            record_note="One deck. A wrong card costs one card from the stock.",
            example=WorkedExample(("Ana", "Ben", "Cy"), {"left": [2, 0, 4]}),
        ),
    )

    @classmethod
    def score_counts(cls, left: list[int], **counts: Any) -> Scores:
        players = [5 - n for n in left]
        return Scores(players, max(players), variant=cls.key)

    def _deal(self, cards: list[Card]) -> None:
        n, size = len(self._players), self._options["hand_size"]
        for k in range(n * size):
            self._state.hands[self._players[k % n]].append(cards[k])
        self._state.stock.extend(cards[n * size :])

    def _after_deal(self) -> None:
        self._emit(ev.StarterTurned(self._state.stock[0]))

    def _on_played(self, e: ev.Played, i: int) -> None:
        s = self._state
        s.hands[e.player].remove(e.cards[0])
        s.judgements.append(LoggedJudgement(len(s.mainline), e.cards, e.accepted, e.player, i, "play"))
        if e.accepted:
            self._put_on_mainline(e.cards)
        else:
            s.sidelines[-1].append(SidelinePlay(e.cards, e.player, i))
        s.turn = self._next_player(e.player)

    def _refuse_play(self, a: act.Play) -> GameError | None:
        # past the turn gate: the cards' own check (a listing's open cards are not checked)
        if "cards" in a.open:
            return None
        if len(a.cards) != 1:
            return GameError("Toy Eleusis plays one card at a time.")
        if not any(c.design == a.cards[0].design for c in self._state.hands[a.player]):
            return GameError(f"{a.player} has no {a.cards[0]}.")
        return None

    def _do_play(self, a: act.Play) -> Verdict:
        [card] = self._resolve(a.player, list(a.cards), self._state.hands[a.player])
        accepted = self._judge(a.player, [card])
        with self._action():
            index = self._emit(ev.Played(a.player, (card,), accepted))
            if not accepted:
                self._draw(a.player, 1, "wrong play")
            if not self._state.hands[a.player]:
                self._end("out", a.player)
            elif not self._state.stock:
                self._end("stock")
        return self._verdict(index, player=a.player, cards=(card,), accepted=accepted, penalty=0, message="")

    def scores(self) -> Scores:
        players = [self._options["hand_size"] - n for n in self.cards_left()]
        return Scores(players, max(players), names=tuple(self._players), variant=self.key)

    def scores_from_log(self) -> Scores:
        """The same, from the log alone: the cards dealt, minus those played, plus those drawn."""
        held = dict.fromkeys(self._players, self._options["hand_size"])
        for e in self.events:
            if isinstance(e, ev.Played):
                held[e.player] -= 1
            elif isinstance(e, ev.PenaltyDrawn):
                held[e.player] += e.drawn
        players = [self._options["hand_size"] - held[p] for p in self._players]
        return Scores(players, max(players))


def test_the_toy_is_found_plays_through_legal_actions_and_is_conformant() -> None:
    with registered(ToyRound):
        assert find_variant("Toy Eleusis") is ToyRound and find_variant("toy-eleusis") is ToyRound
        r = new_round("toy", ["Ana", "Ben"], "card.color != prev.color", seed=3)
        rng = random.Random(3)
        while not r.is_over:
            player = r.current_player
            assert player is not None
            plays = [a for a in r.legal_actions(player) if isinstance(a, act.Play)]
            assert plays and all(len(a.cards) == 1 for a in plays)
            r.apply(rng.choice(plays))
            assert load_round(r.to_json()).to_json() == r.to_json()
        assert r.end is not None and r.end.reason in ("out", "stock")
        assert check_round_conformance("toy", "express-1", seed=1, players=("Ana", "Ben", "Cy")) == []
        assert check_round_conformance("toy", "gardner-2", seed=2, hand_size=3) == []
    try:
        find_variant("toy")
    except GameError:
        pass
    else:
        raise AssertionError("the toy variant outlived its test")


def test_the_toy_is_refused_what_it_does_not_offer() -> None:
    with registered(ToyRound):
        r: Any = new_round("toy", ["Ana", "Ben"], "express-1", seed=1)
        me = r.current_player
        before = r.to_json()
        for bad in (act.NoPlay(me), act.Guess(me, "card is red"), act.DeclareProphet(me), act.EndHalf()):
            try:
                r.apply(bad)
            except GameError:
                pass
            else:
                raise AssertionError(f"{bad} was accepted")
        assert r.to_json() == before


class MiscountingToy(ToyRound):
    """The toy with a score formula that forgets the penalty cards: the conformance checks must see it."""

    key = "miscounting-toy"
    aliases = ()

    def scores(self) -> Scores:
        players = [self._options["hand_size"] - n for n in self.cards_left()]
        drawn = sum(e.drawn for e in self.events if isinstance(e, ev.PenaltyDrawn))
        return Scores([p + drawn for p in players], max(players))


class NoSecondPathToy(ToyRound):
    key = "unchecked-toy"
    aliases = ()

    def scores_from_log(self) -> Scores:
        return Round.scores_from_log(self)


def test_the_conformance_checks_catch_a_toy_that_miscounts_or_gives_no_second_path() -> None:
    with registered(MiscountingToy):
        fails = check_round_conformance("miscounting-toy", "express-1", seed=1, players=("Ana", "Ben"))
    assert any("differ from the formula" in f for f in fails), fails
    with registered(NoSecondPathToy):
        fails = check_round_conformance("unchecked-toy", "express-1", seed=1, players=("Ana", "Ben"))
    assert fails == ["Toy Eleusis gives no second path to its scores (scores_from_log)"]


def test_the_toy_is_shown_from_its_own_description() -> None:
    """Its title, end phrase, set-up field and printed score sheet come from the class above alone."""
    from eleusis_lab.envs.table import table_variants
    from eleusis_lab.widgets.options import OptionFields
    from eleusis_lab.widgets.verdicts import end_text, variant_choices, variant_title
    from eleusis_lab.worksheets.builder import generate
    from eleusis_lab.worksheets.html import document
    from eleusis_lab.worksheets.recipe import parse_recipe

    with registered(ToyRound):
        assert ("Toy Eleusis (five cards)", "toy") in variant_choices()
        assert variant_title("toy-eleusis") == "Toy Eleusis (five cards)" and "toy" in table_variants()
        assert setup_fields(ToyRound) == (SetupField("hand_size", "Cards each", "number", 5, low=1, high=10),)
        fields = OptionFields()
        [box] = fields.shown("toy")
        box.value = 3
        assert box.description == "Cards each" and fields.values("toy") == {"hand_size": 3}

        r = new_round("toy", ["Ana"], "card.color != prev.color or card.color == prev.color", seed=2)
        while not r.is_over:
            r.apply(next(a for a in r.legal_actions("Ana") if isinstance(a, act.Play)))
        assert r.end is not None and r.end.reason == "out"
        assert end_text(r) == "The round is over: Ana played a whole hand."

        recipe = parse_recipe('title = "Toy"\n[[puzzles]]\nkind = "record"\nvariants = ["toy"]\n')
        page = document(recipe, generate(recipe), key=False)
        assert "Toy Eleusis (five cards)" in page and "Toy players" in page
        assert "5 − cards left" in page and "A wrong card costs one card" in page
        # the worked example: each player's counts and the engine's own score (no arithmetic written out)
        assert "Ben: 0 cards left, score <b>5</b>" in page and "Dealer: <b>5</b>" in page
    assert "toy" not in table_variants() and variant_title("toy") == "toy"
