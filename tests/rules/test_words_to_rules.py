"""Words in, rules out (issue 28): a handful of readable candidates, the right one among them, no nonsense.

The words-to-rules chooser lives in ``eleusis_lab.science.words``.
"""

from __future__ import annotations

import re
import threading

import pytest

from eleusis_lab.rules.checks import check
from eleusis_lab.rules.judge import judge
from eleusis_lab.science.benchmark import RULES as BENCHMARK_RULES
from eleusis_lab.science.words import MAX_OFFERED, closest_rules, read_rule_box


def test_the_benchmark_rules_own_english_finds_them() -> None:
    """The right rule (by the exact judge) is among the candidates shown for at least 24 of the 26."""
    found = [
        r.key for r in BENCHMARK_RULES if any(judge(r.text, m.text).same for m in closest_rules(r.english))
    ]
    assert len(found) >= 24, sorted({r.key for r in BENCHMARK_RULES} - set(found))


@pytest.mark.parametrize(
    "sentence",
    [
        "the card is red and the card is black",
        "the colours go red, black, red, black",
        "red or black",
        "only high cards",
        "only aces",
    ],
)
def test_a_handful_of_sensible_different_candidates(sentence: str) -> None:
    offered = closest_rules(sentence)
    assert 0 < len(offered) <= MAX_OFFERED
    for match in offered:
        report = check(match.text)
        assert report.playable_max > 0, f"{match.text} lets no card be played"
        assert report.playable_min < 1, f"{match.text} lets every card be played"
        assert match.english and not re.search(r"\b(card|prev[23]?)\.\w|==|!=", match.english)
    for k, first in enumerate(offered):
        for second in offered[k + 1 :]:
            assert not judge(first.text, second.text).same, (first.text, second.text)


def test_the_student_who_said_red_and_black_is_offered_alternation() -> None:
    offered = [m.text for m in closest_rules("the colours go red, black, red, black")]
    assert offered[0] == "card.color != prev.color"
    assert "card is red and card is black" not in [
        m.text for m in closest_rules("the card is red and the card is black")
    ]


def test_k_limits_the_list() -> None:
    assert len(closest_rules("red", k=2)) == 2
    assert len(closest_rules("red", k=50)) <= MAX_OFFERED
    assert closest_rules("purple elephants") == []


def test_a_rule_box_reads_rules_words_and_typos() -> None:
    assert read_rule_box("card.color != prev.color").rule is not None
    words = read_rule_box("alternate red and black")
    assert words.rule is None and words.matches and words.matches[0].text == "card.color != prev.color"
    typo = read_rule_box("card.colour == red")
    assert typo.rule is None and not typo.matches
    assert "did you mean `color`" in typo.message and "card.colour == red" not in typo.message
    assert "\n" not in typo.message
    assert read_rule_box("  ").message == "Type a rule, or say it in words."


def test_the_letter_deck_has_its_own_candidates() -> None:
    offered = closest_rules("circles and squares take turns", deck="letters")
    assert offered[0].text == "card.shape != prev.shape"
    assert all("card.suit" not in m.text and "card.rank" not in m.text for m in offered)


def test_warm_up_reads_the_candidates_before_the_first_words_and_only_once() -> None:
    """``warm_up`` (called when the class board is built) reads the candidates in the background; a lookup
    made meanwhile waits for that reading rather than starting a second one, and gets the same rows."""
    from eleusis_lab.science import words

    before = closest_rules("alternate colours")
    words._read_candidates.cache_clear()
    words._WARMED.discard("standard")
    words.warm_up("standard")
    warming = [t for t in threading.enumerate() if t.name == "eleusis-words-standard"]
    assert warming, "no reading started in the background"
    during = closest_rules("alternate colours")  # typed at once: one reading serves both
    warming[0].join(timeout=60)
    assert not warming[0].is_alive()
    assert words._read_candidates.cache_info().misses == 1, "the candidates were read twice"
    assert during == before
    words.warm_up("standard")  # a second class board: nothing more to read
    assert not any(t.name == "eleusis-words-standard" for t in threading.enumerate())
