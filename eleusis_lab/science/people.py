"""People's rules: the Eleusis rules four public programs' authors wrote, as held-out data.

``people_rules.json`` holds every rule of the four collections (lfaucon's Eleusis, scalefreegan's New
Eleusis, kercos's Eleusisbot, mattjfan's Eleusis) with its source (repository and path), its original
English wording, its level where the source gives one, and the rule restated in the kit's rule language
(or no rule text and the reason the language cannot say it).  The rules were written from the wording,
not copied from code; where a source's code and wording disagree, a note says which was followed.

Many collections hold the same rules ("alternate colours" is in all four), so the corpus is
deduplicated by behaviour with the kit's exact judge (:func:`eleusis_lab.rules.checks.same_rule`):
rules that accept the same cards in every situation play can reach are one rule, keeping all sources.

>>> rules = deduplicated()
>>> alternate = next(r for r in rules if r.text == "card.color != prev.color")
>>> sorted({s.collection for s in alternate.sources})
['kercos', 'lfaucon', 'mattjfan', 'scalefreegan']
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from eleusis_lab.cards import Card, standard_deck
from eleusis_lab.rules.checks import same_rule
from eleusis_lab.rules.rule import Rule
from eleusis_lab.science.random_rules import NamedRule

DATA_FILE = "people_rules.json"

#: How many accepted starters the behaviour fingerprint follows to the second card: rules with
#: different fingerprints are different rules, so only rules sharing one go to the (slower) judge.
FINGERPRINT_STARTERS = 4


@dataclass(frozen=True)
class PeopleRule:
    """One rule as a collection stores it."""

    id: str
    collection: str
    repo: str
    path: str
    level: str | None
    english: str
    text: str | None  # the rule in the kit's language, None when the language cannot say it
    reason: str | None = None  # why the language cannot say it
    note: str | None = None  # where the restatement departs from the source's code, and why

    @property
    def rule(self) -> Rule:
        if self.text is None:
            raise ValueError(f"{self.id} cannot be said in the rule language: {self.reason}")
        return Rule.parse(self.text)


@dataclass(frozen=True)
class MergedRule:
    """One behaviour of the corpus: its rule (as the first source that has it wrote it) and every source."""

    key: str
    rule: Rule
    sources: tuple[PeopleRule, ...]

    @property
    def text(self) -> str:
        return self.rule.text


@cache
def collections() -> dict[str, dict[str, str]]:
    """Each collection's repository, path, commit read and levels."""
    return dict(_data()["collections"])


@cache
def stored() -> tuple[PeopleRule, ...]:
    """Every rule of the four collections, in the sources' order."""
    fields = PeopleRule.__dataclass_fields__
    return tuple(
        PeopleRule(**{k: v for k, v in entry.items() if k in fields and k != "rule"}, text=entry["rule"])
        for entry in _data()["rules"]
    )


def unsayable() -> list[PeopleRule]:
    """The rules the language cannot say, each with its reason."""
    return [r for r in stored() if r.text is None]


def counts() -> dict[str, tuple[int, int]]:
    """Per collection: how many rules it gave, and how many the language can say."""
    out: dict[str, tuple[int, int]] = {}
    for r in stored():
        given, said = out.get(r.collection, (0, 0))
        out[r.collection] = (given + 1, said + (r.text is not None))
    return out


def fingerprint(rule: Rule, deck: Sequence[Card]) -> tuple[tuple[bool, ...], ...]:
    """What ``rule`` accepts as starter, and as second card after its first few accepted starters.

    Every situation here can arise under the rule itself, so two rules the judge calls the same share
    their fingerprint; rules with different fingerprints differ."""
    starters = tuple(rule.accepts(card, []) for card in deck)
    followed = [card for card, ok in zip(deck, starters, strict=True) if ok][:FINGERPRINT_STARTERS]
    return (starters, *(tuple(rule.accepts(card, [first]) for card in deck) for first in followed))


def deduplicate(rules: Sequence[PeopleRule]) -> tuple[MergedRule, ...]:
    """The sayable rules merged by behaviour (the first source's wording of a rule is kept as its text)."""
    deck = standard_deck()
    kept: list[tuple[Rule, list[PeopleRule]]] = []
    by_print: dict[tuple[tuple[bool, ...], ...], list[int]] = {}
    for source in rules:
        if source.text is None:
            continue
        rule = source.rule
        candidates = by_print.setdefault(fingerprint(rule, deck), [])
        for index in candidates:
            # one direction suffices: rules that agree wherever the kept rule's play can go build the
            # same lines, so they agree wherever the new rule's play can go too
            if same_rule(rule, kept[index][0], "standard"):
                kept[index][1].append(source)
                break
        else:
            candidates.append(len(kept))
            kept.append((rule, [source]))
    return tuple(MergedRule(sources[0].id, rule, tuple(sources)) for rule, sources in kept)


@cache
def deduplicated() -> tuple[MergedRule, ...]:
    """The corpus's distinct rules, each with all its sources."""
    return deduplicate(stored())


def overlapping(rules: Sequence[NamedRule], others: Sequence[NamedRule]) -> dict[str, str]:
    """The rules of ``rules`` that are the same rule as one of ``others`` (the kit's exact judge): their
    key -> the other's key.  A prior learned from people's rules leaves these out, so the sets they
    overlap are measured on rules it never saw.

    >>> overlapping([NamedRule("a", "card.color != prev.color"), NamedRule("b", "card is red")],
    ...             [NamedRule("alternate", "if prev is red then card is black else card is red")])
    {'a': 'alternate'}
    """
    deck = standard_deck()
    prints: dict[tuple[tuple[bool, ...], ...], list[tuple[str, Rule]]] = {}
    for other in others:
        rule = Rule.parse(other.text)
        prints.setdefault(fingerprint(rule, deck), []).append((other.key, rule))
    out = {}
    for mine in rules:
        rule = Rule.parse(mine.text)
        for key, theirs in prints.get(fingerprint(rule, deck), []):
            if same_rule(rule, theirs, "standard").same:
                out[mine.key] = key
                break
    return out


def named_rules() -> list[NamedRule]:
    """The distinct rules as a rule set for ``eleusis-lab bench --set people``."""
    return [NamedRule(r.key, r.text) for r in deduplicated()]


@cache
def _data() -> dict:
    return json.loads(resources.files("eleusis_lab.science").joinpath(DATA_FILE).read_text(encoding="utf-8"))
