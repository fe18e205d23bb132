"""Findings of the security and rules review (issue 11) on the rule language, one test each.

Each test failed on the main of before the fix; the reproducer is in its docstring.
"""

from __future__ import annotations

import time

import pytest

from eleusis_lab.cards import Card, parse_cards
from eleusis_lab.rules import PlayerInfo, Rule, RuleError, library
from eleusis_lab.rules.checks import check, same_rule
from eleusis_lab.rules.evaluator import is_prime


def test_2_is_prime_on_a_big_number_is_quick() -> None:
    """Reproducer: ``Rule.parse("999999937 * 999999929 is prime").judge("5H", [])`` took about 60 s
    (trial division up to 10^9) on every evaluation, so one guess froze the teacher's board."""
    rule = Rule.parse("999999937 * 999999929 is prime")
    start = time.perf_counter()
    for _ in range(100):
        assert rule.judge("5H", []) is False
    assert time.perf_counter() - start < 1.0  # a generous bound: it is a few microseconds each
    assert Rule.parse("(card.rank + 999999936) is prime").judge("AH", [])  # 999999937 is prime


def test_2_primality_agrees_with_trial_division() -> None:
    def slow(n: int) -> bool:
        return n >= 2 and all(n % k for k in range(2, int(n**0.5) + 1))

    for n in [*range(-5, 3000), 999999937, 999999929, 2**31 - 1, 561, 1105, 1729, 2465, 2821, 6601]:
        if n < 3000 or n in (561, 1105, 1729, 2465, 2821, 6601):
            assert is_prime(n) is slow(n), n
    assert is_prime(999999937) and is_prime(2**61 - 1) and not is_prime(999999937 * 999999929)
    assert not is_prime(3825123056546413051)  # a strong pseudoprime to bases 2..23; base 29 catches it


@pytest.mark.parametrize(
    "text",
    [
        "(card.rank * 999999999 * 999999999 * 999999999) is prime",
        "position * position * position * position > 5",
        "len(player.name) * len(player.name) * len(player.name) * 999999 == 1",
    ],
)
def test_2_numbers_past_the_cap_are_refused_when_written(text: str) -> None:
    """Reproducer: ``(card.rank * 999999999 * 999999999 * 999999999) is prime`` parsed, and its
    27-digit numbers made every evaluation slow; now any number a rule can compute is bounded."""
    with pytest.raises(RuleError, match="too large") as info:
        Rule.parse(text)
    assert "10^18" in info.value.reason


def test_9_gardner_6_counts_the_surname() -> None:
    """Reproducer: ``library.get("gardner-6").rule`` read ``len(player.name)``: for "Martin Gardner"
    (14 characters, even) it asked for the same colour; Gardner counts the surname (7: other)."""
    rule = library.get("gardner-6").rule
    gardner = PlayerInfo("Martin Gardner", 0)
    assert gardner.name == "Martin Gardner" and gardner.surname == "Gardner"
    assert rule.accepts(Card.parse("8S"), parse_cards("5H"), gardner)
    assert not rule.accepts(Card.parse("8D"), parse_cards("5H"), gardner)
    assert "surname" in library.get("gardner-6").english
    assert Rule.parse("len(player.surname) == 7").accepts(Card.parse("2C"), [], gardner)


def test_13_express_9_counts_faces_as_ten() -> None:
    """Reproducer: ``express-9`` after K and 5 (13 + 5 = 18) asked for a heart; with the king counted
    10 the sum is 15, a diamond (RULES.md reading of "(count 10, Ace = 1)")."""
    rule = library.get("express-9").rule
    assert rule.judge("2D", ["KH", "5D"]) and not rule.judge("2H", ["KH", "5D"])
    assert rule.judge("4C", ["JH", "2D"])  # 10 + 2 = 12: a club
    assert rule.judge("9H", ["QS", "KS"])  # 10 + 10 = 20: a heart
    assert rule.judge("9S", ["AS", "AC"])  # 1 + 1 = 2: a spade


@pytest.mark.parametrize(
    "divisor", ["0", "(1 - 1)", "-0", "(2 * 0)", "(3 % 3)", "(ace - 1)", "(if true then 0 else 0)", "(-(-0))"]
)
def test_16_a_constant_zero_divisor_is_refused_however_written(divisor: str) -> None:
    """Reproducer: ``Rule.parse("card.rank % (1 - 1) == 0")`` and ``% -0`` were accepted (the rule
    then accepted every card, the remainder being undefined) while ``% 0`` was refused."""
    with pytest.raises(RuleError, match="dividing by 0") as info:
        Rule.parse(f"card.rank % {divisor} == 1")
    assert info.value.column == len("card.rank % ") + 1


def test_16_divisors_that_are_not_always_zero_still_parse() -> None:
    for text in ("card.rank % (prev.rank - 1) == 1", "card.rank % (1 - 2) == 0", "card.rank % -3 == 0"):
        Rule.parse(text)


def _longest_and_chain() -> str:
    leaves = [f"card.rank * prev.rank + prev2.rank != {k + 500}" for k in range(32)]
    while len(leaves) > 1:
        leaves = [f"({leaves[i]} and {leaves[i + 1]})" for i in range(0, len(leaves), 2)]
    return leaves[0]


def test_2_checks_and_guess_judgements_have_a_work_cap_and_say_when_it_bites() -> None:
    """Reproducer: ``check(LONG)`` for a long and-chain (32 conditions on three cards, 1,500
    characters) simulated 120 lines of 30 cards, 187,200 evaluations of a 250-node rule: seconds of
    work for one check, and as much again for every guess judged against it."""
    from eleusis_lab.rules.checks import SIM_LENGTH, SIM_WALKS, WORK_BUDGET, rule_work

    text = _longest_and_chain()
    rule = Rule.parse(text)
    report = check(rule)
    assert report.method == "simulation" and 1 <= report.random_lines < SIM_WALKS
    assert report.random_lines == 1 or report.random_lines * SIM_LENGTH * 52 * rule_work(rule) <= WORK_BUDGET
    assert any("to keep the check quick only" in v for v in report.verdicts)
    eq = same_rule(f"({text}) and true", rule)
    # issue 32: a judgement the budget cuts short is "not proven", never "same"
    assert not eq.same and eq.undecided and eq.method == "bounded" and eq.random_lines < SIM_WALKS
    assert f"same on every line up to {eq.same_up_to} cards" in eq.explain()
    assert "not proven" in eq.explain()
    # the library's own rules are untouched by the cap: still checked exhaustively
    assert check("express-9").method == "exhaustive" and same_rule("gardner-4", "gardner-4").method


def test_2_work_counts_primality_tests_dearly() -> None:
    from eleusis_lab.rules.checks import PRIME_WORK, rule_work

    assert rule_work(Rule.parse("card.rank is prime")) == PRIME_WORK + 2
    assert rule_work(Rule.parse("card.rank == 1")) == 4
