"""People's rules (issue 34): the four collections as stored, restated in the rule language, judged as their
English says on hand-checked cases, and deduplicated by the exact judge."""

from __future__ import annotations

import itertools
import json

import pytest

from eleusis_lab import Card, Rule
from eleusis_lab.cards import standard_deck
from eleusis_lab.cli import main
from eleusis_lab.rules.checks import same_rule
from eleusis_lab.science import people
from eleusis_lab.science.bench import rule_set


def _by_id(ident: str) -> people.PeopleRule:
    return next(r for r in people.stored() if r.id == ident)


def _accepts(ident: str, card: str, line: str = "") -> bool:
    mainline = [Card.parse(c) for c in line.split()]
    return _by_id(ident).rule.accepts(Card.parse(card), mainline)


def test_counts_per_collection_as_stored() -> None:
    # (rules the collection gave, rules the language can say)
    assert people.counts() == {
        "lfaucon": (139, 127),
        "scalefreegan": (41, 41),
        "kercos": (10, 10),
        "mattjfan": (9, 9),
    }
    assert len(people.deduplicated()) == 152


def test_every_rule_has_its_source_and_parses() -> None:
    sources = people.collections()
    ids = [r.id for r in people.stored()]
    assert len(ids) == len(set(ids))
    for r in people.stored():
        assert (r.repo, r.path) == (sources[r.collection]["repo"], sources[r.collection]["path"])
        assert r.english.strip()
        if r.text is None:
            assert r.reason, r.id
            with pytest.raises(ValueError, match="cannot be said"):
                r.rule  # noqa: B018
        else:
            rule = Rule.parse(r.text)
            assert Rule.parse(rule.text).text == rule.text, r.id


def test_the_rules_the_language_cannot_say_are_those_that_remember_the_whole_line() -> None:
    missing = {r.english for r in people.unsayable()}
    assert "Never repeat a previous value." in missing
    assert "Same parity as the number of Red cards." in missing
    assert all("whole mainline" in r.reason for r in people.unsayable() if r.reason)


@pytest.mark.parametrize(
    ("ident", "card", "line", "accepted"),
    [
        # lfaucon: "Accept only Red Figures or Black Numbers"
        ("lfaucon-easy-28", "KH", "", True),
        ("lfaucon-easy-28", "5S", "", True),
        ("lfaucon-easy-28", "5H", "", False),
        ("lfaucon-easy-28", "KS", "", False),
        # "Alternate strictly above and below 5"
        ("lfaucon-medium-14", "5C", "6H", True),
        ("lfaucon-medium-14", "7C", "6H", False),
        # "Sum of consecutive values must be prime"
        ("lfaucon-medium-59", "3C", "2H", True),
        ("lfaucon-medium-59", "4C", "2H", False),
        ("lfaucon-medium-59", "7C", "6H", True),
        # "The last two cards must be coprime"
        ("lfaucon-medium-60", "9C", "6H", False),
        ("lfaucon-medium-60", "7C", "6H", True),
        ("lfaucon-medium-60", "7C", "7H", False),
        ("lfaucon-medium-60", "AC", "AH", True),
        # "Accept 5 cards then reject everything"
        ("lfaucon-hard-6", "2C", "3H 4H 5H 6H", True),
        ("lfaucon-hard-6", "2C", "3H 4H 5H 6H 7H", False),
        # "Accept at most 2 cards for each parity"
        ("lfaucon-hard-3", "4C", "2H 3H", True),
        ("lfaucon-hard-3", "6C", "2H 3H 4H", False),
        ("lfaucon-hard-3", "5C", "2H 3H 4H", True),
        ("lfaucon-hard-3", "5C", "2H 3H 4H 7H", False),
        # "Cards must cycle 1,2,3 modulo 3"
        ("lfaucon-hard-27", "4C", "", True),
        ("lfaucon-hard-27", "3C", "", False),
        ("lfaucon-hard-27", "5C", "4H", True),
        # "Cards values must match the decimals of Pi"
        ("lfaucon-hard-30", "3C", "", True),
        ("lfaucon-hard-30", "4C", "3H AS", True),
        ("lfaucon-hard-30", "5C", "3H AS", False),
        # "1 Red, 2 Black, 3 Red, 4 Black, ..."
        ("lfaucon-hard-40", "3H", "", True),
        ("lfaucon-hard-40", "3S", "3H", True),
        ("lfaucon-hard-40", "3H", "3H 4S 5S", True),
        ("lfaucon-hard-40", "3S", "3H 4S 5S", False),
        # "Match Fibnonacci sequence modulo 13, starting with 1,1,..."
        ("lfaucon-hard-39", "2C", "", False),
        ("lfaucon-hard-39", "2C", "AH AS", True),
        ("lfaucon-hard-39", "KC", "AH AS 2H 3H 5D 8S", True),
        # scalefreegan: "Ranks must follow Fibonacci pattern (1,2,3,5,8,13)"
        ("scalefreegan-24", "8C", "5H", True),
        ("scalefreegan-24", "7C", "5H", False),
        ("scalefreegan-24", "AC", "KH", False),
        # "Rank value modulo 4 equals suit index (H=0, D=1, C=2, S=3)"
        ("scalefreegan-33", "4H", "", True),
        ("scalefreegan-33", "5D", "", True),
        ("scalefreegan-33", "4S", "", False),
        # "Must have same color OR adjacent rank (not both)"
        ("scalefreegan-34", "6H", "5H", False),
        ("scalefreegan-34", "6S", "5H", True),
        ("scalefreegan-34", "9D", "5H", True),
        ("scalefreegan-34", "9S", "5H", False),
        # "Ranks form zigzag: up, down, up, down pattern"
        ("scalefreegan-41", "3C", "5H 8H", True),
        ("scalefreegan-41", "9C", "5H 8H", False),
        # kercos: "First 4 cards should be of different suits, and the sequence should repeat thereafter."
        ("kercos-5", "2C", "3H 4S 5D", True),
        ("kercos-5", "2H", "3H 4S 5D", False),
        ("kercos-5", "2H", "3H 4S 5D 6C", True),
        ("kercos-5", "2S", "3H 4S 5D 6C", False),
        ("kercos-5", "2S", "3H 4S 5D 6C 7H", True),
        # "one more or two more than the last accepted card"
        ("kercos-6", "6C", "5H", True),
        ("kercos-6", "7C", "5H", False),
        ("kercos-6", "8C", "5H 6H", True),
        ("kercos-6", "AC", "KH", True),
        # "of the suit of the one before the last ... or the same number of the last one"
        ("kercos-10", "5S", "5H", True),
        ("kercos-10", "7H", "5H", False),
        ("kercos-10", "2H", "5H 9C", True),
        ("kercos-10", "9D", "5H 9C", True),
        ("kercos-10", "2C", "5H 9C", False),
        # mattjfan: "three red cards, then three black, then three red ..."
        ("mattjfan-3", "2S", "3H 4H 5D", True),
        ("mattjfan-3", "2H", "3H 4H 5D", False),
        ("mattjfan-3", "2D", "3H 4H", True),
        ("mattjfan-3", "2S", "3H 4H", False),
        # "1, 2, or 3 higher ... The numbers can turn-the-corner."
        ("mattjfan-6", "KC", "QH", True),
        ("mattjfan-6", "2C", "QH", True),
        ("mattjfan-6", "3C", "QH", False),
        ("mattjfan-6", "5C", "5H", False),
        # "If the last card on the MAINLINE is black, play ... equal to or lower"
        ("mattjfan-9", "8C", "8S", True),
        ("mattjfan-9", "3C", "8S", True),
        ("mattjfan-9", "9C", "8S", False),
        ("mattjfan-9", "9C", "8H", True),
        ("mattjfan-9", "7C", "8H", False),
    ],
)
def test_rules_judge_as_their_english_says(ident: str, card: str, line: str, accepted: bool) -> None:
    assert _accepts(ident, card, line) is accepted


def test_deduplication_merges_rules_that_accept_the_same_cards_and_keeps_all_sources() -> None:
    merged = {s.id: r for r in people.deduplicated() for s in r.sources}
    # "alternate colours" is in all four collections
    assert {s.collection for s in merged["mattjfan-1"].sources} == {
        "lfaucon",
        "scalefreegan",
        "kercos",
        "mattjfan",
    }
    # written differently, the same behaviour: hearts-or-spades alternating is diamonds-or-clubs alternating
    assert merged["lfaucon-medium-55"] is merged["lfaucon-medium-58"]
    # the same cycle of suits from a different starting suit
    assert merged["scalefreegan-25"] is merged["mattjfan-2"]
    # close but not the same: "2 or less" is not "3 or less"
    assert merged["lfaucon-medium-7"] is not merged["lfaucon-medium-8"]
    sayable = [r for r in people.stored() if r.text is not None]
    assert sum(len(r.sources) for r in people.deduplicated()) == len(sayable)


def test_no_two_kept_rules_are_the_same_by_the_judge() -> None:
    # Rules that accept different starters, or different second cards after the same first accepted
    # starter, differ (every such play can arise under both); every other pair goes to the exact judge.
    deck = standard_deck()
    groups: dict[tuple[tuple[bool, ...], ...], list[Rule]] = {}
    for r in people.deduplicated():
        starters = tuple(r.rule.accepts(c, []) for c in deck)
        first = [c for c, ok in zip(deck, starters, strict=True) if ok][:1]
        seconds = tuple(tuple(r.rule.accepts(c, first) for c in deck) for _ in first)
        groups.setdefault((starters, *seconds), []).append(r.rule)
    pairs = 0
    for rules in groups.values():
        for a, b in itertools.combinations(rules, 2):
            pairs += 1
            assert not same_rule(a, b, "standard"), (a.text, b.text)
    assert pairs > 100  # rules that look alike on the first two cards are many: a real check


def test_bench_set_people_runs_the_corpus(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    named = rule_set("people")
    assert [r.key for r in named] == [r.key for r in people.deduplicated()]
    assert len({r.key for r in named}) == len(named)
    # one rule of the set, one round: the command's path, not the scientist's figures
    monkeypatch.setattr(people, "named_rules", lambda: named[:1])
    assert main(["bench", "--set", "people", "--rounds", "1", "--json"]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line["key"] == "lfaucon-easy-1"
