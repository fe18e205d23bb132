"""Fuzzed rule text (hypothesis): library rules mutated at random, and random strings, only ever give a
Rule or a RuleError, and every accepted rule judges cards at once.

``RULE_FUZZ_EXAMPLES=5000`` runs a longer fuzz (the default keeps ``make test`` quick).
"""

from __future__ import annotations

import os
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis_lab.cards import standard_deck
from eleusis_lab.rules import PlayerInfo, Rule, RuleError, library

EXAMPLES = int(os.environ.get("RULE_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PIECES = [
    "card", "prev", "prev3", ".", "rank", "suit", "surname", "is", "not", "in", "and", "or", "if", "then",
    "else", "==", "=", "<", "+", "-", "*", "%", "(", ")", "[", "]", ",", "..", "...", "0", "-0", "(1 - 1)",
    "999999999", "ace", "hearts", "♠", "red", "prime", "next", "cyc", "abs", "len", "min", "#", "\n", '"A"',
    "'", "“", "\x00", "\u202e", "é", "𝟙", "{", "&&", "**", "If", "AND",
]  # fmt: skip
TEXTS = [e.text for e in library.ENTRIES]
DECK = standard_deck()
PLAYER = PlayerInfo("Martin Gardner", 2)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["delete", "insert", "copy"]))
        if action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif action == "insert":
            text = text[:at] + draw(st.sampled_from(PIECES)) + text[at:]
        else:
            start = draw(st.integers(0, len(text)))
            text = text[:at] + text[start : start + draw(st.integers(1, 40))] + text[at:]
    return text


def _rule_or_error(text: str) -> None:
    start = time.process_time()
    try:
        rule = Rule.parse(text)
    except RuleError as err:
        assert err.line >= 1 and err.column >= 1 and str(err)
        return
    for card in DECK[::13]:
        assert isinstance(rule.accepts(card, DECK[:3], PLAYER), bool)
    assert time.process_time() - start < 1.0


@FUZZ
@given(mutated())
def test_mutated_library_rules(text: str) -> None:
    _rule_or_error(text)


@FUZZ
@given(st.text(max_size=80))
def test_random_strings(text: str) -> None:
    _rule_or_error(text)


@FUZZ
@given(st.lists(st.sampled_from(PIECES), max_size=30).map(" ".join))
def test_random_token_soup(text: str) -> None:
    _rule_or_error(text)
