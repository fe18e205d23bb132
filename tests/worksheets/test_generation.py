"""Puzzle generation at any seed: every claim of every puzzle holds when the engine judges it again."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.rules import Rule
from eleusis_lab.worksheets import generate, load_recipe, recipes
from eleusis_lab.worksheets.puzzles import FindTheRule, Survivors, WhatNext

pytestmark = pytest.mark.xdist_group("worksheets")

PUZZLE_RECIPES = [p for p in recipes() if p.stem != "record-sheets"]


def _evidence(layout):
    main = list(layout.mainline)
    out = [(main[:j], main[j], True) for j in range(1, len(main))]
    for i, column in enumerate(layout.sidelines):
        out += [(main[: i + 1], c, False) for c in column]
    return out


@settings(max_examples=6, deadline=None)
@given(recipe=st.sampled_from(PUZZLE_RECIPES), seed=st.integers(0, 10**6))
def test_every_claim_holds_at_any_seed(recipe, seed) -> None:
    puzzles = generate(replace(load_recipe(recipe), seed=seed))
    assert [p.number for p in puzzles] == list(range(1, len(puzzles) + 1))
    for p in puzzles:
        if isinstance(p, FindTheRule | Survivors):
            options = p.options if isinstance(p, FindTheRule) else p.hypotheses
            assert len({c.text for c in options}) == len(options)  # no rule twice
            evidence = _evidence(p.layout)
            assert len(evidence) == len(p.layout.plays)
            for cand, play in zip(options, p.falsified_by, strict=True):
                rule = Rule.parse(cand.text)
                agrees = [rule.accepts(c, b) == a for b, c, a in evidence]
                if play is None:
                    assert all(agrees), (recipe.stem, seed, p.number, cand.key)
                else:
                    before = list(p.layout.mainline[: play.after + 1])
                    assert (play.card, play.accepted) in [(c, a) for b, c, a in evidence if b == before]
                    assert rule.accepts(play.card, before) != play.accepted
                    assert any(agrees) and not all(agrees)  # agrees with part of the evidence only
            if isinstance(p, FindTheRule):
                assert [x is None for x in p.falsified_by].count(True) == 1
                assert p.falsified_by[p.answer] is None and len(options) == 4
            else:
                assert p.secret.text in {
                    c.text for c, x in zip(options, p.falsified_by, strict=True) if x is None
                }
        elif isinstance(p, WhatNext):
            rule = Rule.parse(p.secret.text)
            assert all(rule.accepts(c, b) == a for b, c, a in _evidence(p.layout))
            assert list(p.accepted) == [rule.accepts(c, list(p.layout.mainline)) for c in p.choices]
            assert 0 < sum(p.accepted) < 6 and len(set(p.choices)) == 6
            on_table = set(p.layout.mainline) | {c for s in p.layout.sidelines for c in s}
            assert not {c.design for c in on_table} & set(p.choices)
