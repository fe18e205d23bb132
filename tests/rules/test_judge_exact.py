"""Issue 32 #1: the judge is exact on long lines and rare positions, and says so when it cannot be.

Reproducer (fed187d): ``eleusis-lab judge --rule "card.color != prev.color" --guess "card.color !=
prev.color or position == 100"`` printed ``same`` and exited 0, and so did ``… or position > 61`` and
``… or position % 61 == 60``: a position period or threshold above 60 fell back to random 30-card lines.
In an Express round the same guess "found the rule" and was paid +6.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab import Card, Rule, new_round
from eleusis_lab.cli import EXIT_NOT_PROVEN, main
from eleusis_lab.rules.judge import judge

COLOURS = "card.color != prev.color"


@pytest.mark.parametrize("extra", ["position == 100", "position > 61", "position % 61 == 60"])
def test_the_issues_guesses_are_different_with_a_real_counterexample(extra: str, capsys) -> None:
    guess = f"{COLOURS} or {extra}"
    j = judge(COLOURS, guess)
    assert not j.same and j.method == "exhaustive" and j.longest_line == 104
    cx = j.counterexample
    assert cx is not None and len(cx.mainline) >= 59  # the difference is far down the line
    secret, wrong = Rule.parse(COLOURS), Rule.parse(guess)
    line = list(cx.mainline)
    assert all(secret.accepts(c, line[:i]) for i, c in enumerate(line))  # the secret rule builds it
    assert secret.accepts(cx.card, line) != wrong.accepts(cx.card, line)
    # a double deck holds the line: no face more than twice
    assert max(line.count(c) for c in line) <= 2
    assert main(["judge", "--rule", COLOURS, "--guess", guess]) == 1
    assert capsys.readouterr().out.startswith("different")


def test_positions_no_line_can_reach_are_the_same_and_the_deck_sets_the_length() -> None:
    """Lines hold at most the deck's cards: position 150 never comes with two decks, 100 does not with one."""
    assert judge(COLOURS, f"{COLOURS} or position == 150").same
    assert judge(COLOURS, f"{COLOURS} or position == 100", deck="standard").same
    assert not judge(COLOURS, f"{COLOURS} or position == 100", longest_line=100).same
    assert judge(COLOURS, f"{COLOURS} or position == 100", longest_line=99).same


def _chain(count: int) -> str:
    leaves = [f"card.rank * prev.rank + prev2.rank != {k + 500}" for k in range(count)]
    while len(leaves) > 1:
        leaves = [f"({leaves[i]} and {leaves[i + 1]})" for i in range(0, len(leaves), 2)]
    return leaves[0]


def test_a_pair_beyond_the_budget_is_not_proven_never_same(capsys) -> None:
    """A 1,500-character rule against itself in other words is too large to compare everywhere: the
    judge says how far it looked, the CLI exits 3, and a round does not pay the guess."""
    secret = _chain(32)
    j = judge(secret, f"({secret}) and true")
    assert not j.same and j.counterexample is None and j.method == "bounded"
    assert j.same_up_to is not None and 1 <= j.same_up_to < j.longest_line
    assert j.verdict == f"same on every line up to {j.same_up_to} card{'s' * (j.same_up_to != 1)}"
    assert "not proven" in j.explain()
    assert main(["judge", "--rule", secret, "--guess", f"({secret}) and true"]) == EXIT_NOT_PROVEN
    assert capsys.readouterr().out.startswith("same on every line up to")

    game = new_round("express", ["Ana", "Ben"], secret, seed=5)
    player = game.current_player
    assert player is not None
    right = [c for c in game.hand(player) if game.rule.accepts(c, game.mainline)]
    game.play(player, right[0])
    result = game.guess(player, f"({secret}) and true")
    assert result.correct is False and not game.is_over and "not proven" in result.message


# -- the property: never "same" for a pair that an exhaustive look at every reachable line tells apart --
SMALL_DECK = [Card.parse(c) for c in ("AS", "2S", "3H", "4H", "5C", "6D", "7D", "8C")]
BASES = [COLOURS, "card.suit != prev.suit", "card.rank > prev.rank or card is red", "card.rank != prev.rank"]


def _position_condition() -> st.SearchStrategy[str]:
    k = st.integers(1, 200)
    period = st.integers(2, 200)
    return st.one_of(
        st.builds(lambda n: f"position == {n}", k),
        st.builds(lambda n: f"position > {n}", k),
        st.builds(lambda n: f"position >= {n} and card is red", k),
        st.builds(lambda p, r: f"position % {p} == {r % p}", period, st.integers(0, 199)),
        st.builds(lambda p, n: f"position % {p} == 0 and position < {n}", period, k),
        st.builds(lambda p, q: f"position % {p} == 1 and position % {q} == 2", period, period),
        # the position mixed with what the card shows
        st.builds(lambda p: f"card.rank == position % {p} + 1", period),
        st.builds(lambda n: f"card.rank * {n} > position", st.integers(1, 20)),
    )


def _differ_on_reachable_lines(secret: Rule, guess: Rule, longest: int) -> bool:
    """Brute force, independent of the judge: the set of last cards each position can follow, position by
    position, up to ``longest`` cards.  Sound because these rules read only the previous card and the
    position, so a line matters only through its last card and its length."""
    lasts: set[Card | None] = {None}
    for position in range(1, longest + 1):
        following: set[Card | None] = set()
        for last in lasts:
            line = [] if last is None else [SMALL_DECK[0]] * (position - 2) + [last]
            for card in SMALL_DECK:
                said = secret.accepts(card, line)
                if said != guess.accepts(card, line):
                    return True
                if said:
                    following.add(card)
        lasts = following
    return False


def _tweak(base: str, tweak: tuple[str, str] | None) -> Rule:
    return Rule.parse(base if tweak is None else f"({base}) {tweak[0]} ({tweak[1]})")


TWEAK = st.tuples(st.sampled_from(["or", "and not"]), _position_condition())


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(BASES), st.none() | TWEAK, TWEAK, st.booleans(), st.integers(60, 210))
def test_never_same_when_reachable_lines_tell_the_rules_apart(base, tweak_a, tweak_b, swap, longest) -> None:
    """Pairs that differ only at rare positions, after long lines, or on periods up to 200."""
    one, other = _tweak(base, tweak_a), _tweak(base, tweak_b)
    secret, guess = (other, one) if swap else (one, other)
    j = judge(secret, guess, deck=SMALL_DECK, longest_line=longest)
    differ = _differ_on_reachable_lines(secret, guess, longest)
    assert j.method in ("exhaustive", "identical")  # small enough to be exact: must match both ways
    assert j.same == (not differ), (secret.text, guess.text, longest, j.explain())
    if differ:
        cx = j.counterexample
        assert cx is not None and len(cx.mainline) < longest
        line = list(cx.mainline)
        assert all(secret.accepts(c, line[:i]) for i, c in enumerate(line))
        assert secret.accepts(cx.card, line) != guess.accepts(cx.card, line)


def test_a_round_judges_on_lines_as_long_as_its_cards_can_make() -> None:
    """Express's third deck (``stock_refresh``) makes position 150 reachable, so the guess is wrong there."""
    plain = new_round("express", ["Ana", "Ben"], COLOURS, seed=1)
    refreshed = new_round("express", ["Ana", "Ben"], COLOURS, seed=1, stock_refresh=True)
    assert len(plain.cards_in_play()) == 104 and len(refreshed.cards_in_play()) == 156
    guess = f"{COLOURS} or position == 150"
    assert judge(COLOURS, guess, deck=plain.cards_in_play()).same
    assert not judge(COLOURS, guess, deck=refreshed.cards_in_play()).same


def test_a_solo_statement_not_proven_is_wrong_and_says_how_far_it_agreed() -> None:
    secret = _chain(32)
    game = new_round("solo", ["Ana"], secret, seed=2)
    right, why = game.judge_guess(f"({secret}) and true")
    assert right is False and why is not None and "not proven" in why
    assert game.judge_guess(secret) == (True, None)
