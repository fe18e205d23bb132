"""Properties of same_rule over random pairs of library rules (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.cards import standard_deck
from eleusis_lab.rules import PlayerInfo, Rule, library
from eleusis_lab.rules.checks import same_rule

STANDARD = [e for e in library.ENTRIES if e.deck == "standard"]
PLAYERS = [PlayerInfo(n, i) for i, n in enumerate(["Ada", "Bert", "Clara", "Dmitri"])]


def _random_line(rule: Rule, rng: random.Random, length: int) -> list:
    deck, line = standard_deck(), []
    for _ in range(length):
        options = [c for c in deck if c not in line and rule.accepts(c, line, PLAYERS[0])]
        if not options:
            break
        line.append(rng.choice(options))
    return line


@settings(max_examples=25)
@given(st.sampled_from(STANDARD), st.sampled_from(STANDARD), st.booleans(), st.integers(0, 2**16))
def test_same_rule_verdicts_hold_up(a_entry, b_entry, reword: bool, seed: int) -> None:
    b = b_entry.rule
    # half the time the guess is the secret rule in other words, so both verdicts get exercised
    a = Rule.parse(f"({b.text}) or false") if reword else a_entry.rule
    eq = same_rule(a, b)
    assert eq.same or not reword
    if not eq.same:
        ce = eq.counterexample
        assert ce is not None
        line = list(ce.mainline)
        assert (
            a.accepts(ce.card, line, ce.player)
            == ce.a_accepts
            != ce.b_accepts
            == b.accepts(ce.card, line, ce.player)
        )
        assert all(b.accepts(c, line[:i], ce.player) for i, c in enumerate(line))
        return
    # judged the same: they agree on random lines the secret rule builds
    rng = random.Random(seed)
    line = _random_line(b, rng, 12)
    for i in range(len(line) + 1):
        for card in standard_deck():
            assert a.accepts(card, line[:i], PLAYERS[0]) == b.accepts(card, line[:i], PLAYERS[0])


@settings(max_examples=25)
@given(st.sampled_from(STANDARD), st.sampled_from(STANDARD))
def test_same_rule_is_symmetric_in_its_verdict(a_entry, b_entry) -> None:
    # agreeing on every line the secret builds means both build the same lines, so the verdict is symmetric
    assert same_rule(a_entry.rule, b_entry.rule).same == same_rule(b_entry.rule, a_entry.rule).same
