"""The scientist as a computer player at a real table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from eleusis_lab.cards import Card, parse_cards
from eleusis_lab.play import new_round
from eleusis_lab.play.driver import advance
from eleusis_lab.play.players import lookup
from eleusis_lab.rules import Rule
from eleusis_lab.science import ScientistPlayer
from eleusis_lab.science.scientist import STUCK_BITS, entropy, top_split


def test_registered_and_plays_an_express_round_to_the_end() -> None:
    rnd = new_round("express", ["Ann", "Bob"], "card.color != prev.color", seed=3)
    players = {name: lookup("scientist", seed=i) for i, name in enumerate(rnd.players)}
    assert all(isinstance(p, ScientistPlayer) for p in players.values())
    advance(rnd, players)
    assert rnd.is_over


def test_plays_the_most_informative_card() -> None:
    rnd = new_round("express", ["Ann", "Bob"], "card.suit == prev.suit", seed=5)
    me = ScientistPlayer(seed=0)
    name = rnd.current_player
    hand = rnd.hand(name)
    chosen = me.choose_play(rnd, name)
    assert chosen is not None and len(chosen) == 1 and chosen[0] in hand
    scored = me.scores(rnd, name, hand)
    best_bits = max(b for b, _p, _c in scored)
    assert entropy(next(p for _b, p, c in scored if c.design == chosen[0].design)) >= best_bits - 0.06
    assert 0.0 <= min(p for _b, p, _c in scored) <= max(p for _b, p, _c in scored) <= 1.0


def test_entropy() -> None:
    assert entropy(0.5) == 1.0 and entropy(0.0) == entropy(1.0) == 0.0
    assert 0 < entropy(0.1) < entropy(0.3) < 1


@pytest.mark.parametrize("penalty", [1, 1.5, 2, 3])
@pytest.mark.parametrize("settle", [1.0, 2.5, 6.0])
@pytest.mark.parametrize("wrong", [0, 1, 3])
def test_guess_threshold_is_where_guessing_and_waiting_score_the_same(
    wrong: int, settle: float, penalty: float
) -> None:
    # the derivation, checked by brute force: for every confidence p on a grid, guessing has the higher
    # expected score exactly when p is above the threshold, on every turn of the benchmark's 30; waiting
    # is worth the (floored) score once settled, a wrong guess costs its penalty in full (the game's 2,
    # or what a bolder or more careful scientist counts it as: ``ScientistPlayer(penalty=...)``)
    from eleusis_lab.science.scientist import guess_threshold

    for turn in range(1, 31):
        s = 31 - turn - penalty * wrong
        threshold = guess_threshold(turn, 30, wrong, penalty, settle)
        if s <= 0:
            assert threshold == 1.0  # nothing to gain by a guess
            continue
        wait = 0.0 if turn == 30 else max(0.0, s - settle)
        wrong_guess = wait - penalty
        for k in range(101):
            p = k / 100
            if abs(p - threshold) < 1e-9:
                continue
            guess = p * s + (1 - p) * wrong_guess
            assert (guess > wait) == (p > threshold), (turn, p, threshold)


def test_a_dearer_wrong_guess_raises_the_threshold() -> None:
    from eleusis_lab.science.scientist import guess_threshold

    for turn in (1, 10, 25):
        for settle in (1.0, 4.0):
            bold, game, careful = (guess_threshold(turn, 30, 0, k, settle) for k in (1, 2, 3))
            assert bold < game < careful < 1.0
    assert round(guess_threshold(5, 30, penalty=1), 3) == 0.5  # one play settles it: 1 / (1 + 1)


@pytest.mark.parametrize(
    "options",
    [{"penalty": -1}, {"penalty": float("nan")}, {"exploit_last": -2}, {"last_turn_floor": 1.5}],
)
def test_bad_options_are_refused_at_once(options: dict[str, float]) -> None:
    from eleusis_lab.science.scientist import ScientistPlayer

    with pytest.raises(ValueError, match=next(iter(options))):
        ScientistPlayer(**options)  # type: ignore[arg-type]


class _LineOnABlackTwo:
    """A line ending on a black 2, and a hand of 9♣ K♦ A♥: after a black card the likely rules of "red
    goes up, black goes down" agree on every card (only the ace fits), so no play here tells them apart."""

    turn_budget = None

    def __init__(self) -> None:
        self.mainline = parse_cards("8H 2S")
        self._hand = parse_cards("9C KD AH")

    def hand(self, name: str) -> list[Card]:
        return list(self._hand)

    def legal_actions(self, name: str) -> list[object]:
        return []


class _TwoLikelyRules(ScientistPlayer):
    """The two likely rules differ only after a red card; the unlikely rest makes the two cards that
    will surely be rejected look telling (their whole-posterior bits)."""

    rules = (
        "if prev is red then card is face else card.rank <= prev.rank",
        "if prev is red then card is number else card.rank <= prev.rank",
    )

    def scores(self, round: Any, name: str, hand: Sequence[Card]) -> list[tuple[float, float, Card]]:
        accept = [0.1, 0.1, 0.97]  # 9C, KD, AH
        return [(entropy(p), p, c) for p, c in zip(accept, hand, strict=True)]

    def _top_rules(self, round: Any, name: str) -> list[tuple[float, Any]]:
        return [(0.5, Rule.parse(text)) for text in self.rules]


def test_a_stuck_line_is_moved_on_by_the_card_that_opens_a_telling_one() -> None:
    rnd, me = _LineOnABlackTwo(), _TwoLikelyRules()
    hand = rnd.hand("me")
    rules = me._top_rules(rnd, "me")
    assert max(top_split(rules, rnd.mainline, hand)) < STUCK_BITS  # stuck: both rules judge alike here
    # after the ace (accepted by both, prev now red) the king and the nine split them: 1 bit
    assert top_split(rules, [*rnd.mainline, hand[2]], hand[:2]) == [1.0, 1.0]
    # one step only, the 9 or the K (rejected by both) would be played for the unlikely rules' bits
    assert me.choose_play(rnd, "me") == [hand[2]]


def test_the_scientist_weighs_a_guess_where_its_board_s_judge_looks() -> None:
    """The strict judge (the kit's solo board, a table) compares every situation play can reach from the
    empty line; the benchmark's judge walks onward from the current line.  The scientist's confidence is
    taken over the situations its board's judge looks at."""
    from eleusis_lab.cards import standard_deck
    from eleusis_lab.play import new_round
    from eleusis_lab.rules import Rule

    rule = Rule.parse("card.color != prev.color")
    faces = {c.design for c in standard_deck()}
    for protocol, strict in (("kit", True), ("benchmark", False)):
        r = new_round("solo", ["Sci"], rule, seed=3, protocol=protocol)
        r.play("Sci", r.hand("Sci")[0])
        sci = ScientistPlayer()
        situations = sci.judged_situations(r, sci.space(r, "Sci"), rule)
        starters = {card.design for card, line in situations if not line}
        from_start = [line for _card, line in situations if line and line[0] != r.mainline[0]]
        assert starters == (faces if strict else set())
        assert bool(from_start) == strict  # walks from other starters: lines this round never made
