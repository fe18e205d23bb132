"""The rival family: the rules of up to two parts a class would argue with, judged as the engine does.

Issue 31's tables (printed before the family was searched) are kept here as regression cases: on each,
the family finds the rule the class would have argued with, one that fits every card.
"""

from __future__ import annotations

import random

import pytest

from eleusis_lab.cards import Card, parse_cards, standard_deck
from eleusis_lab.rules import Rule
from eleusis_lab.worksheets.rivals import Rivals, family_size

#: (name, mainline, sidelines (cards refused after mainline[i]), choices with the key's verdicts, a rival
#: that fits the table, as the issue found it: the first three tick some choice differently from the key;
#: the last ticks as the key does but is another right answer to "my idea of the rule", which the key
#: gave as one rule)
ISSUE_TABLES = [
    (
        "gardner-medium p3 #5",
        "3S 3C 4C 2C 7S 2S 4S 5S AD 8C",
        ["", "JC 8S", "JD", "", "", "JH", "", "10C QC", "", ""],
        [("10D", True), ("3H", False), ("6S", False), ("5C", False), ("9C", True), ("9H", True)],
        "if prev is black then card is low else true",  # "after a black card play a low card (A-7)"
    ),
    (
        "express-hard p3 #5",
        "QC 6H 6S 4S KS 6C 8D 10C 5D 6S 6C",
        ["", "", "AD", "", "4H 3H", "", "", "", "", "", ""],
        [("2H", True), ("7D", True), ("AH", True), ("8S", False), ("2D", True), ("5S", False)],
        "if prev.suit == spades then card is black else true",  # "after a spade a black card, else any"
    ),
    (
        "gardner-easy p3 #5",
        "QH 4H 7H 9H 9S 5S 5C 4C",
        ["", "", "4D", "", "3C", "7C", "", ""],
        [("6C", True), ("JC", True), ("3H", False), ("4S", True), ("JS", False), ("2C", True)],
        "abs(card.rank - prev.rank) <= 1 or card.suit == prev.suit",  # "same suit, or within one rank"
    ),
    (
        "express-easy p3 #4",
        "JS JH JS 3S 7S 7H 4H 4C",
        ["", "8D", "", "", "JD KD", "", "", ""],
        [("7D", False), ("9C", True), ("6D", False), ("3C", True), ("2D", False), ("4S", True)],
        "card.suit != diamonds",  # "any card except a diamond"
    ),
]


def _evidence(mainline: str, sidelines: list[str]) -> list[tuple[Card, tuple[Card, ...], bool]]:
    main = parse_cards(mainline)
    out = [(main[j], tuple(main[:j]), True) for j in range(1, len(main))]
    for i, column in enumerate(sidelines):
        out += [(c, tuple(main[: i + 1]), False) for c in parse_cards(column)] if column else []
    return out


def test_the_family_is_counted_and_holds_the_rules_people_write() -> None:
    assert family_size("standard") == 282_720
    assert family_size("double") == family_size("standard")
    assert 0 < family_size("letters") < family_size("standard")
    texts = set(Rivals("standard", []).texts())
    assert len(texts) == family_size("standard")
    for *_, rival in ISSUE_TABLES:
        assert rival in texts, rival
    for plain in ("card is red", "card.rank > prev.rank", "card.suit == prev.suit or card.rank == prev.rank"):
        assert plain in texts or " or ".join(reversed(plain.split(" or "))) in texts, plain


def test_every_rival_judges_as_the_engine_judges_its_text() -> None:
    rng = random.Random(31)
    deck = standard_deck()
    everyone = Rivals("standard", [])
    texts = everyone.texts()
    sample = rng.sample(range(len(texts)), 400)
    rules = [Rule.parse(texts[i]) for i in sample]
    for _ in range(25):
        main = rng.sample(deck, rng.randint(0, 3))
        card = rng.choice(deck)
        verdicts = everyone.verdicts(card, main)
        for i, rule in zip(sample, rules, strict=True):
            assert rule.accepts(card, main) == bool(verdicts[i]), (texts[i], card, main)


@pytest.mark.parametrize(("name", "mainline", "sidelines", "choices", "rival"), ISSUE_TABLES)
def test_the_issue_tables_have_a_rival_the_search_finds(
    name: str, mainline: str, sidelines: list[str], choices: list[tuple[str, bool]], rival: str
) -> None:
    evidence = _evidence(mainline, sidelines)
    rule = Rule.parse(rival)
    assert all(rule.accepts(c, before) == ok for c, before, ok in evidence), f"{name}: {rival} must fit"
    found = Rivals("standard", evidence)
    texts = found.texts()
    assert rival in texts
    main = parse_cards(mainline)
    differing = set()
    for card, ok in choices:
        verdicts = found.verdicts(Card.parse(card), main)
        differing |= {t for t, v in zip(texts, verdicts, strict=True) if v != ok}
    ticks_differently = name != "express-easy p3 #4"
    assert (rival in differing) == ticks_differently, name
