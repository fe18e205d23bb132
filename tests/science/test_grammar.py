"""The grammar space: its matrix algebra against brute force, and its rules against the evaluator."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from eleusis_lab.cards import standard_deck
from eleusis_lab.rules import Rule
from eleusis_lab.science import grammar as grammar_module
from eleusis_lab.science.grammar import OUTSIDE_SHARE, GrammarSpace, RuleCounts, grammar
from eleusis_lab.science.prior import DEFAULT_PRIOR

KIND_PRIOR = DEFAULT_PRIOR.kind_weights
GUARD_PRIOR = DEFAULT_PRIOR.guarded


def _accept(kind: str, o: tuple[int, ...]) -> bool:
    """The rule language's reading of one rule of each production (0 false, 1 true, 2 missing)."""
    if kind == "single":
        return o[0] != 0
    if kind == "and":
        return o[0] == 2 or (o[0] == 1 and o[1] != 0)
    if kind == "or":
        return o[0] != 0 or o[1] != 0
    return o[0] == 2 or (o[0] == 1 and o[1] != 0) or (o[0] == 0 and o[2] != 0)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kinds", [KIND_PRIOR, {"single": 0.7, "and": 0.05, "or": 0.2, "if": 0.05}])
def test_masses_equal_brute_force_over_every_rule(seed: int, kinds: dict[str, float]) -> None:
    rng = np.random.default_rng(seed)
    n, core = 7, 5
    w = rng.random(n).astype(np.float32)
    wb = np.where(rng.random(n) < 0.7, w, 0).astype(np.float32)
    counts = RuleCounts(n, core, kinds)
    evidence = [(rng.integers(0, 3, n).astype(np.int8), bool(rng.integers(0, 2))) for _ in range(6)]
    for k, (out, v) in enumerate(evidence):
        if k < 3:
            counts.add(out[None, :], np.array([v]))
    rest = evidence[3:]
    counts.add(np.stack([o for o, _v in rest]), np.array([v for _o, v in rest]))
    probe = rng.integers(0, 3, (3, n)).astype(np.int8)
    cols = tuple(np.ascontiguousarray((x == probe.T).astype(np.float32)) for x in (1, 0, 2))
    total, acc = counts.masses(w, wb, cols)  # type: ignore[arg-type]

    want_total, want_acc = 0.0, np.zeros(3)
    shapes = {
        "single": (range(n),),
        "and": (range(core),) * 2,
        "or": (range(core),) * 2,
        "if": (range(core),) * 3,
    }
    for kind, ranges in shapes.items():
        for atoms in itertools.product(*ranges):
            weight = kinds[kind] * float(np.prod([w[a] for a in atoms[:-1]] + [wb[atoms[-1]]]))
            if kind == "if":
                weight = kinds[kind] * float(w[atoms[0]] * wb[atoms[1]] * wb[atoms[2]])
            if all(_accept(kind, tuple(int(o[a]) for a in atoms)) == v for o, v in evidence):
                want_total += weight
                want_acc += weight * np.array([_accept(kind, tuple(int(p[a]) for a in atoms)) for p in probe])
    assert total == pytest.approx(want_total, rel=1e-5, abs=1e-9)
    assert acc == pytest.approx(want_acc, rel=1e-5, abs=1e-9)


def test_atoms_are_one_per_behaviour_and_print_as_rule_text() -> None:
    g = grammar()
    sigs = {g.bank_out[:, i].tobytes() for i in range(len(g))}
    assert len(sigs) == len(g)
    for text in random.Random(0).sample(g.texts, 60):
        assert Rule.parse(text).text  # parses


def _evidence(rule: Rule, n: int, seed: int, start: int = 0) -> list[tuple[list, object, bool]]:
    faces = standard_deck()
    rng = random.Random(seed)
    line: list = [rng.choice(faces) for _ in range(start)]
    out = []
    for _ in range(n):
        card = rng.choice(faces)
        ok = rule.accepts(card, line)
        out.append((list(line), card, ok))
        if ok:
            line.append(card)
    return out


@pytest.mark.parametrize(
    "text",
    [
        "card.color != prev.color",
        "if card is face then card is red else card is black",
        "card is red and card.rank <= 7",
        "if position == 1 then card.rank in 5..9 else if prev is red then card.rank >= prev.rank "
        "else card.rank <= prev.rank",
        # a guarded rule whose else-branch is an "or": its text must read back with the same meaning
        "if prev is low then card is red else card is black or card.rank in 9..13",
    ],
)
def test_candidates_fit_every_verdict_and_round_trip(text: str) -> None:
    secret = Rule.parse(text)
    space = GrammarSpace()
    evidence = _evidence(secret, 30, 1) + _scattered(secret, 30, 1)
    for line, card, ok in evidence:
        space.observe(line, card, ok)
    found = space.classes(5)
    assert found, "the secret rule's own class should survive"
    for cand in found:
        rule = Rule.parse(cand.text)
        assert Rule.parse(rule.text).text == rule.text
        assert all(rule.accepts(card, line) == ok for line, card, ok in evidence), cand.text


def test_grows_when_every_rule_is_falsified() -> None:
    secret = Rule.parse(
        "if position == 1 then card.rank in 5..9 else if prev is red then card.rank >= prev.rank "
        "else card.rank <= prev.rank"
    )
    space = GrammarSpace()
    assert space.bound == 0
    faces = standard_deck()
    for card in faces:  # every starter, accepted or not, then a long line
        space.observe([], card, secret.accepts(card, []))
    for line, card, ok in _evidence(secret, 80, 3):
        if line:
            space.observe(line, card, ok)
    assert space.bound == 1
    assert space.raw_mass() > 0


def test_probabilities_are_probabilities_and_refuted_classes_leave() -> None:
    space = GrammarSpace()
    secret = Rule.parse("card is red")
    for line, card, ok in _evidence(secret, 8, 2):
        space.observe(line, card, ok)
    faces = standard_deck()
    probs = space.probabilities([], faces)
    assert ((probs >= 0) & (probs <= 1)).all()
    best = space.classes(1)[0]
    before = space.total_mass()
    space.exclude(best.text, space.probe_situations([], best.rule, from_start=True))
    assert space.total_mass() < before
    assert best.text not in space.top_texts(5)


@pytest.mark.parametrize("deck", ["standard", "letters"])
def test_remembered_outcomes_equal_fresh_judgements(deck: str) -> None:
    # outcomes are remembered by what atoms can read (card, last two cards, position 1, 2 or mod 12):
    # long lines, other copies of a card and positions past 12 must be judged as a fresh evaluation does
    g = grammar(deck)
    rng = random.Random(5)
    faces = g.faces
    situations = []
    for _ in range(60):
        n = rng.choice([0, 1, 2, 3, 11, 12, 13, 14, 25, 26])
        line = tuple(rng.choice(faces) for _ in range(n))
        situations.append((rng.choice(faces), line))
    expected = g._judge(situations)
    assert (g.outcomes_many(situations) == expected).all()
    assert (g.outcomes_many(situations[::-1]) == expected[::-1]).all()  # now from memory
    for (card, line), row in zip(situations[:5], expected[:5], strict=True):
        assert (g.outcomes(card, line) == row).all()


def test_mass_after_equals_adding_the_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    from eleusis_lab.science import grammar as G

    monkeypatch.setattr(G, "GUARD_FLOOR", 0.0)  # exact: no light guard scaled instead of computed
    secret = Rule.parse("if prev is red then card.rank > prev.rank else card is black")
    rng = random.Random(3)
    faces = standard_deck()
    for grown in (False, True):
        space = GrammarSpace()
        line: list = []
        for _ in range(12):
            card = rng.choice(faces)
            ok = secret.accepts(card, line)
            space.observe(line, card, ok)
            if ok:
                line.append(card)
        if grown:
            space.grow()
        guess = Rule.parse(space.top_texts(1)[0])
        situations = space.probe_situations(line, guess, from_start=True)
        outs = space.grammar.outcomes_many(situations)
        verdicts = np.array([guess.accepts(c, list(l)) for c, l in situations])
        probe = space.copy()
        for out, verdict in zip(outs, verdicts, strict=True):
            probe._add(out, bool(verdict))
        assert space.agreeing_mass(guess, situations) == pytest.approx(probe.raw_mass(), rel=1e-5)
        if grown:  # with light guards scaled, not computed, the agreeing mass moves by a hair only
            monkeypatch.setattr(G, "GUARD_FLOOR", 1e-4)
            space._cache = {}
            assert space.agreeing_mass(guess, situations) == pytest.approx(probe.raw_mass(), rel=1e-2)
            monkeypatch.setattr(G, "GUARD_FLOOR", 0.0)


def test_outcome_memory_is_bounded_and_forgetting_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import eleusis_lab.science.grammar as G

    g = grammar("standard")
    monkeypatch.setattr(G, "SEEN_LIMIT", 8)
    faces = g.faces
    situations = [(faces[k], (faces[k + 1], faces[k + 2])) for k in range(12)]
    first = g.outcomes_many(situations[:6])
    both = g.outcomes_many(situations)  # six remembered, six new: over the limit, memory is cleared
    assert len(g._seen) <= 8
    assert (both[:6] == first).all() and (both == g._judge(situations)).all()


def _scattered(rule: Rule, n: int, seed: int) -> list[tuple[list, object, bool]]:
    """Verdicts on random lines (a dealt line can stall on a dead end and say one thing forever)."""
    faces = standard_deck()
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        line = [rng.choice(faces) for _ in range(rng.randint(2, 12))]
        card = rng.choice(faces)
        out.append((line, card, rule.accepts(card, line)))
    return out


def _contains(space: GrammarSpace, secret: Rule, seed: int = 5) -> float:
    """Mass of the space's rules that judge 400 random situations exactly as ``secret`` does."""
    faces = standard_deck()
    rng = random.Random(seed)
    situations = []
    for _ in range(400):
        line = [rng.choice(faces) for _ in range(rng.randint(2, 14))]
        situations.append((rng.choice(faces), tuple(line)))
    return space.agreeing_mass(secret, situations)


@pytest.mark.parametrize(
    "text",
    [
        # three-branch chains whose first condition reads the cards down or the position
        "if prev is number then card.rank % 3 == 2 else if prev is prime then card.suit != prev2.suit "
        "else card.suit in [spades, diamonds, hearts]",
        "if position % 3 == 0 then card.suit == prev.suit else card is not number or card is odd",
        "if prev.suit == clubs then card is red else if prev is face then card.rank > prev.rank "
        "else card is even",
        # sums of ranks modulo 3 and 4, and the negated residues
        "(card.rank + prev2.rank) % 4 == 0",
        "(card.rank + prev.rank) % 3 != 1",
        "if prev.suit == clubs then card.rank <= prev.rank else card.rank % 3 != 1",
    ],
)
def test_the_grown_space_holds_chains_and_modular_sums(text: str) -> None:
    secret = Rule.parse(text)
    space = GrammarSpace()
    space.grow()
    for line, card, ok in _scattered(secret, 40, 7):
        space.observe(line, card, ok)
    assert _contains(space, secret) > 0, f"{text} is not a rule of the grown space"


def test_a_chain_is_outside_the_ungrown_space_and_is_found_once_grown() -> None:
    secret = Rule.parse(
        "if prev.suit == clubs then card is red else if prev is face then card.rank > prev.rank "
        "else card is even"
    )
    ungrown = GrammarSpace(grow=False)
    assert _contains(ungrown, secret) == 0
    space = GrammarSpace()
    for line, card, ok in _scattered(secret, 120, 4):
        space.observe(line, card, ok)
    assert space.bound == 1  # the catch-all won, so the guarded rules joined
    best = space.classes(1)[0].rule
    faces = standard_deck()
    rng = random.Random(9)
    for _ in range(300):
        line = [rng.choice(faces) for _ in range(rng.randint(2, 10))]
        card = rng.choice(faces)
        assert best.accepts(card, line) == secret.accepts(card, line), best.text


def test_light_guards_left_out_change_probabilities_little(monkeypatch: pytest.MonkeyPatch) -> None:
    from eleusis_lab.science import grammar as G

    secret = Rule.parse("if prev is face then card is red else card.rank >= prev.rank")
    evidence = _evidence(secret, 14, 3)
    faces = standard_deck()
    got = []
    for floor in (G.GUARD_FLOOR, 0.0):
        monkeypatch.setattr(G, "GUARD_FLOOR", floor)
        space = GrammarSpace()
        space.grow()
        for line, card, ok in evidence:
            space.observe(line, card, ok)
        got.append(space.probabilities(evidence[-1][0], faces))
    assert np.abs(got[0] - got[1]).max() < 0.01


def test_no_class_offered_judges_as_a_refuted_guess_where_it_was_judged() -> None:
    # a line that rejects almost everything: many rules agree with a refuted guess wherever it was
    # judged and differ only elsewhere; none of them may come back as a candidate
    secret = Rule.parse("card is black and card is face")
    space = GrammarSpace()
    evidence = _evidence(secret, 12, 0, start=1)
    for line, card, ok in evidence:
        space.observe(line, card, ok)
    line = evidence[-1][0] + ([evidence[-1][1]] if evidence[-1][2] else [])
    for _ in range(3):
        best = space.classes(1)[0]
        situations = space.probe_situations(line, best.rule, from_start=False)
        space.exclude(best.text, situations)
        refuted = best.rule
        for cand in space.classes(10):
            rule = cand.rule
            assert any(rule.accepts(c, list(l)) != refuted.accepts(c, list(l)) for c, l in situations), (
                cand.text,
                best.text,
            )


def test_description_bits_grow_with_the_rule_and_are_infinite_outside_the_grammar() -> None:
    from eleusis_lab.science.grammar import description_bits

    simple = description_bits("card.color != prev.color")
    chain = description_bits(
        "if prev is number then card.rank % 3 == 2 else if prev is prime then card.suit != prev2.suit "
        "else card.suit in [spades, diamonds, hearts]"
    )
    assert 0 < simple < 12 < chain < float("inf")
    # a four-way suit switch on the sum of the two last ranks is not a rule of the grammar
    assert description_bits(
        "if prev.rank + prev2.rank <= 9 then card.suit == spades else if prev.rank + prev2.rank <= 13 "
        "then card.suit == clubs else if prev.rank + prev2.rank <= 17 then card.suit == diamonds "
        "else card.suit == hearts"
    ) == float("inf")


def _simple_guarded_by_growing(space: GrammarSpace) -> float:
    """The grown space's mass of the guarded rules whose else-branch is one atom, from its own masks."""
    grown = space.copy()
    grown.grow()
    total = 0.0
    for g, rest in grown._guard_else.items():
        then = float((grown.wb * grown._guard_then[g]).sum())
        single = float((grown.wb * rest.single).sum())
        total += GUARD_PRIOR * grown._guard_w[g] * then * KIND_PRIOR["single"] * single
    return total


@pytest.mark.parametrize("text", ["card is even", "if prev is red then card is face else card is number"])
def test_before_growing_the_one_atom_guarded_rules_weigh_what_the_grown_space_gives_them(text: str) -> None:
    secret = Rule.parse(text)
    space = GrammarSpace(grow=False)
    assert space.simple_guarded_mass() == pytest.approx(_simple_guarded_by_growing(space), rel=1e-6)
    for line, card, ok in _evidence(secret, 12, 4):
        space.observe(line, card, ok)
        assert space.simple_guarded_mass() == pytest.approx(_simple_guarded_by_growing(space), rel=1e-5)
    assert space.bound == 0 and space.simple_guarded_mass() > 0


@pytest.mark.parametrize("deck", ["standard", "letters"])
def test_the_catch_all_holds_its_share_of_a_grown_space(deck: str) -> None:
    grown = GrammarSpace(deck)
    grown.grow()
    assert 1 - grown.inside() == pytest.approx(OUTSIDE_SHARE, rel=1e-9)


def test_simple_evidence_leaves_the_listed_rules_likely() -> None:
    space = GrammarSpace()
    for line, card, ok in _evidence(Rule.parse("card is even"), 10, 2):
        space.observe(line, card, ok)
    assert space.bound == 0
    # before the fix the catch-all, weighed against the grammar's unnormalised mass, kept a quarter
    assert space.inside() > 0.85


def _grown_at(secret: Rule, n: int, seed: int) -> int | None:
    space = GrammarSpace()
    for k, (line, card, ok) in enumerate(_evidence(secret, n, seed)):
        space.observe(line, card, ok)
        if space.bound == 1:
            return k
    return None


def test_grows_as_soon_as_guarded_rules_explain_the_verdicts_better(monkeypatch: pytest.MonkeyPatch) -> None:
    secret = Rule.parse("if prev is red then card is face else card is number")
    grew_at = _grown_at(secret, 80, 7)
    assert grew_at is not None
    # by the catch-all's Bayes factor alone, later or never
    monkeypatch.setattr(grammar_module, "GROW_SHARE", math.inf)
    alone = _grown_at(secret, 80, 7)
    assert alone is None or alone > grew_at
