"""The hypothesis space: size, the vectorised judgement against the rule language, narrowing."""

from __future__ import annotations

import random

import numpy as np
import pytest

from eleusis_lab.cards import Card, letter_deck, parse_cards, standard_deck
from eleusis_lab.rules import Rule
from eleusis_lab.science import HypothesisSpace


@pytest.fixture(scope="module")
def space() -> HypothesisSpace:
    return HypothesisSpace()


def test_size_is_at_least_a_million_for_both_decks(space: HypothesisSpace) -> None:
    assert len(space) >= 1_000_000
    assert space.remaining() == len(space)
    assert sum(space.family_sizes().values()) == len(space)
    assert len(HypothesisSpace("letters")) >= 1_000_000


def test_unknown_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="standard"):
        HypothesisSpace("tarot")


@pytest.mark.parametrize("deck", ["standard", "letters"])
def test_vectorised_judgement_matches_the_rule_language(deck: str) -> None:
    """Sampled candidates of every family: print -> parse -> Rule.accepts agrees with the numpy verdicts
    (dense and sparse paths) over random situations, including empty and one-card mainlines."""
    space = HypothesisSpace(deck)
    base = space._base
    faces = standard_deck() if deck == "standard" else letter_deck()
    rng = random.Random(7)
    checked = 0
    for fam_i, fam in enumerate(base.families):
        valid = np.flatnonzero(base.init_alive[fam_i])
        rows = np.array(rng.sample(list(valid), min(25, len(valid))))
        rules = [Rule.parse(fam.text(int(r), base.atoms.texts)) for r in rows]
        for _ in range(60):
            line = [rng.choice(faces) for _ in range(rng.choice([0, 1, 2, 2, 3, 6]))]
            card = rng.choice(faces)
            values, missing = base.situation(card, line)
            out = base.atoms.evaluate(values, missing)
            dense = fam.accept(out, values, missing, None)[rows]
            sparse = fam.accept(out, values, missing, rows)
            truth = np.array([r.accepts(card, line) for r in rules])
            assert (dense == truth).all(), [
                r.text for r, d, t in zip(rules, dense, truth, strict=True) if d != t
            ][:3]
            assert (sparse == truth).all()
            checked += len(rules)
    assert checked > 5000


def test_every_atom_is_valid_rule_text(space: HypothesisSpace) -> None:
    texts = space._base.atoms.texts
    rng = random.Random(1)
    for text in [*texts[:400], *rng.sample(texts, 200)]:
        Rule.parse(text)


def _play(space: HypothesisSpace, rule: Rule, cards: list[Card]) -> list[Card]:
    line: list[Card] = []
    for card in cards:
        ok = rule.accepts(card, line)
        space.observe(line, card, ok)
        if ok:
            line.append(card)
    return line


def test_observe_narrows_and_keeps_the_true_rule(space: HypothesisSpace) -> None:
    rule = Rule.parse("card.color != prev.color")
    s = space.copy()
    rng = random.Random(3)
    deck = standard_deck()
    line = _play(s, rule, [rng.choice(deck) for _ in range(25)])
    assert s.history[0] == len(space)
    assert all(a >= b for a, b in zip(s.history, s.history[1:], strict=False))
    assert s.remaining() < len(space) / 100
    assert space.remaining() == len(space), "copy() must leave the original untouched"
    assert len(s.classes(1000)) <= s.distinct_remaining() <= s.remaining()
    texts = s.top_texts(5)
    assert any(Rule.parse(t) == rule or Rule.parse(t).text == rule.text for t in texts), texts
    # the posterior agrees with the rule about the next card, for every face
    probs = s.probabilities(line, deck)
    for card, p in zip(deck, probs, strict=True):
        if rule.accepts(card, line):
            assert p > 0.5
        else:
            assert p < 0.5


def test_remaining_candidates_all_agree_with_the_evidence(space: HypothesisSpace) -> None:
    rule = Rule.parse("if prev is even then card is odd else card is even")
    s = space.copy()
    rng = random.Random(11)
    deck = standard_deck()
    evidence = []
    line: list[Card] = []
    for card in [rng.choice(deck) for _ in range(12)]:
        ok = rule.accepts(card, line)
        s.observe(line, card, ok)
        evidence.append((list(line), card, ok))
        if ok:
            line.append(card)
    for cand in s.classes(20):
        r = Rule.parse(cand.text)
        assert all(r.accepts(c, ml) == ok for ml, c, ok in evidence), cand.text


def test_missing_history_accepts_like_the_language(space: HypothesisSpace) -> None:
    """A rejected starter kills every candidate that reads prev first (they accept any starter)."""
    s = space.copy()
    s.observe([], Card.parse("5S"), False)
    for cand in s.classes(30):
        assert not Rule.parse(cand.text).accepts(Card.parse("5S"), [])


def test_new_eleusis_strings(space: HypothesisSpace) -> None:
    rule = Rule.parse("card.rank > prev.rank")
    s = space.copy()
    start = parse_cards("3H")
    s.observe([], start[0], True)
    s.observe(start, parse_cards("5S 9D JC"), True)  # all accepted in turn
    s.observe(parse_cards("3H 5S 9D JC"), parse_cards("QH 2D"), False)  # not all of them
    assert rule.text in s.top_texts(10)
    probs = s.probabilities(parse_cards("3H 5S 9D JC"), parse_cards("KS 2S"))
    assert probs[0] > probs[1]


def test_wrong_deck_card_is_a_clear_error(space: HypothesisSpace) -> None:
    s = space.copy()
    with pytest.raises(ValueError, match="cannot judge"):
        s.observe([], Card.parse("B green square black"), True)
    assert s.remaining() == len(space)


def test_exclude_removes_a_guessed_class(space: HypothesisSpace) -> None:
    s = space.copy()
    _play(s, Rule.parse("card.suit == prev.suit"), parse_cards("3H 5H 9H JS 2H KD QH"))
    top = s.classes(1)[0]
    before = s.remaining()
    assert s.exclude(top.text) >= 1
    assert s.remaining() < before
    assert top.text not in s.top_texts(10)
    with pytest.raises(ValueError):
        s.exclude("card is red and card is black")


def test_letter_deck_cycle_is_found() -> None:
    s = HypothesisSpace("letters")
    rule = Rule.parse(
        'card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])'
    )
    rng = random.Random(5)
    deck = letter_deck()
    _play(s, rule, [rng.choice(deck) for _ in range(40)])
    best = Rule.parse(s.classes(1)[0].text)
    from eleusis_lab.rules.checks import same_rule

    assert same_rule(best, rule, deck="letters")
