"""Every puzzle of the starter pack has one answer: judged from the answers JSON with the rule checker.

- options (find the rule) and hypotheses (survivors) are pairwise different rules, judged exactly by
  :func:`eleusis_lab.rules.checks.same_rule` (every situation that can arise);
- exactly one find-the-rule option fits every play of its table, and the table shows every part of it;
- no simple rule (one property of the card, one relation to the top card) that fits a what-next table
  answers any of its six cards differently from the key, and the cards test every part of the rule;
- no rule of the rival family (every rule of up to two parts about the card and the top card: 282,720
  for the standard deck, 24,112 for the letter deck) that fits a what-next table ticks differently from
  the key, and the key accepts any fitting rule for "my idea of the rule".
"""

from __future__ import annotations

from itertools import combinations

import pytest

from eleusis_lab.cards import Card
from eleusis_lab.rules import Rule
from eleusis_lab.rules.checks import same_rule
from eleusis_lab.worksheets.evidence import SIMPLE_RULES, parts, unshown_parts
from eleusis_lab.worksheets.rivals import Rivals, family_size

pytestmark = pytest.mark.xdist_group("worksheets")


def _evidence(layout: dict) -> list[tuple[Card, list[Card], bool]]:
    main = [Card.parse(c) for c in layout["mainline"]]
    out = [(main[j], main[:j], True) for j in range(1, len(main))]
    for i, column in enumerate(layout["sidelines"]):
        out += [(Card.parse(c), main[: i + 1], False) for c in column]
    return out


def _fits(rule: Rule, evidence: list[tuple[Card, list[Card], bool]]) -> bool:
    return all(rule.accepts(c, before) == ok for c, before, ok in evidence)


def _puzzles(pack: dict, kind: str) -> list[tuple[str, dict]]:
    found = [
        (name, p) for name, item in pack.items() for p in item["answers"]["puzzles"] if p["kind"] == kind
    ]
    assert found, kind
    return found


def _deck(p: dict) -> str:
    return "letters" if p["deck"] == "letters" else "standard"


def test_options_and_hypotheses_are_pairwise_different_rules(pack: dict) -> None:
    for kind, field in (("find-the-rule", "options"), ("survivors", "hypotheses")):
        for name, p in _puzzles(pack, kind):
            rules = [(o["letter"], o["rule"]) for o in p[field]]
            for (la, a), (lb, b) in combinations(rules, 2):
                eq = same_rule(a, b, deck=_deck(p))
                assert not eq, f"{name} #{p['number']}: {la} and {lb} are the same rule ({eq.method})"


def test_exactly_one_option_fits_and_the_table_shows_all_of_it(pack: dict) -> None:
    for name, p in _puzzles(pack, "find-the-rule"):
        evidence = _evidence(p["layout"])
        fitting = [o["letter"] for o in p["options"] if _fits(Rule.parse(o["rule"]), evidence)]
        assert fitting == [p["answer"]], f"{name} #{p['number']}: {fitting} fit"
        answer = next(o for o in p["options"] if o["letter"] == p["answer"])
        missing = unshown_parts(Rule.parse(answer["rule"]), evidence)
        assert not missing, f"{name} #{p['number']}: the table never shows {[m.name for m in missing]}"


def test_what_next_has_one_answer_and_tests_every_part(pack: dict) -> None:
    for name, p in _puzzles(pack, "what-next"):
        evidence = _evidence(p["layout"])
        main = [Card.parse(c) for c in p["layout"]["mainline"]]
        choices = [(Card.parse(c["card"]), c["accepted"]) for c in p["choices"]]
        secret = Rule.parse(p["rule"])
        assert [secret.accepts(c, main) for c, _ in choices] == [ok for _, ok in choices]
        for text in SIMPLE_RULES[_deck(p)]:
            simple = Rule.parse(text)
            if not _fits(simple, evidence):
                continue
            for card, ok in choices:
                assert simple.accepts(card, main) == ok, (
                    f"{name} #{p['number']}: '{text}' fits the table but answers {card} differently"
                )
        for part in parts(secret):
            if part.in_force(main):
                assert any(part.shown_by(c, main, ok) for c, ok in choices), (
                    f"{name} #{p['number']}: no card tests {part.name}"
                )


def test_no_rule_of_the_family_that_fits_a_what_next_table_ticks_differently(pack: dict) -> None:
    searched = 0
    for name, p in _puzzles(pack, "what-next"):
        evidence = _evidence(p["layout"])
        main = [Card.parse(c) for c in p["layout"]["mainline"]]
        rivals = Rivals(p["deck"], evidence)
        for choice in p["choices"]:
            verdicts = rivals.verdicts(Card.parse(choice["card"]), main)
            differ = [t for t, v in zip(rivals.texts(), verdicts, strict=True) if v != choice["accepted"]]
            assert not differ, f"{name} #{p['number']}: {differ[:3]} fit the table but tick {choice['card']}"
        assert p["rivals"]["family"] == family_size(p["deck"]) and p["rivals"]["fitting"] == rivals.count
        assert set(p["rivals"]["examples"]) <= set(rivals.texts())
        searched += 1
    assert searched >= 14


def test_what_next_keys_accept_any_rule_that_fits(pack: dict) -> None:
    for name, item in pack.items():
        answers = item["answers"]["puzzles"]
        if not any(p["kind"] == "what-next" for p in answers):
            continue
        key = item["files"]["key-html"].read_text(encoding="utf-8")
        for p in answers:
            if p["kind"] == "what-next":
                fitting = p["rivals"]["fitting"]
                assert f"{fitting:,} fit this table, and every one of them gives the ticks" in key
        assert key.count("accept any rule that fits every card on the table") == sum(
            p["kind"] == "what-next" for p in answers
        ), name
