"""The conformance checks: every variant × every library rule passes, and the checks catch faults."""

from __future__ import annotations

import pytest

from eleusis_lab import testing
from eleusis_lab.play import GameError, new_round
from eleusis_lab.play.driver import play_out, seat_computers
from eleusis_lab.testing import (
    Action,
    check_cards,
    check_refusals,
    check_round_conformance,
    check_scores,
    conformance_suite,
    expected_scores,
    illegal_actions,
    rules_for,
)

CASES = [(v, e.key) for v in testing.VARIANTS for e in rules_for(v)]
# Three players keep the rounds short; every check still runs at every step.
QUICK = {"players": ("Ana", "Ben", "Cleo"), "probe_every": 9, "reload_points": 3, "undo_points": 2}


def test_every_variant_has_rules():
    keys = {v: [k for vv, k in CASES if vv == v] for v in testing.VARIANTS}
    assert "letters-cycle" in keys["letters"]
    assert "gardner-7" not in keys["gardner"]  # the unacceptable example is not played
    assert all(len(k) >= 1 for k in keys.values())
    assert all(not k.startswith("letters") for k in keys["express"])


@pytest.mark.parametrize(("variant", "rule"), CASES)
def test_conformance(variant, rule):
    assert check_round_conformance(variant, rule, seed=0, **QUICK) == []


def test_conformance_with_careful_players_and_options():
    assert check_round_conformance("express", "express-3", 1, player="mixed", hand_size=10, **QUICK) == []
    assert (
        check_round_conformance("express", "express-4", 2, wrong_guess_penalty=1, stock_refresh=True, **QUICK)
        == []
    )
    assert check_round_conformance("new-eleusis", "new-eleusis", 3, player="mixed", max_string=2) == []


def test_suite_reports():
    report = conformance_suite(["letters"], seeds=[1], rules=["letters-cycle"], **QUICK)
    assert report.ok and report.rounds == 1
    assert "1 rounds" in str(report)


# -- the checks can fail ------------------------------------------------------------------------


def finished(variant="express", rule="express-1", seed=4):
    r = new_round(variant, ["Ana", "Ben", "Cleo"], rule, seed=seed)
    play_out(r, seat_computers(r.players, "random", seed=seed))
    return r


def test_check_scores_catches_a_wrong_formula(monkeypatch):
    r = finished()
    assert check_scores(r) == []
    real = type(r).scores

    def off_by_one(self):
        s = real(self)
        return type(s)([p + 1 for p in s.players], s.dealer)

    monkeypatch.setattr(type(r), "scores", off_by_one)
    assert check_scores(r) and "differ" in check_scores(r)[0]


def test_check_cards_catches_a_lost_card(monkeypatch):
    r = finished("gardner", "gardner-2")
    assert check_cards(r) == []
    real = type(r).all_cards

    def lose_one(self):
        where = real(self)
        where["mainline"] = where["mainline"][1:]
        return where

    monkeypatch.setattr(type(r), "all_cards", lose_one)
    fails = check_cards(r)
    assert any("not conserved" in f for f in fails)


def test_check_refusals_catches_an_accepted_illegal_action():
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1)
    legal = Action("play", (r.current_player, r.hand(r.current_player)[0]))
    fails = check_refusals(r, [legal])
    assert fails and "accepted" in fails[0]


def test_check_refusals_catches_a_non_game_error(monkeypatch):
    r = new_round("express", ["Ana", "Ben"], "express-1", seed=1)

    def crash(self, player, cards):
        raise TypeError("boom")

    monkeypatch.setattr(type(r), "play", crash)
    fails = check_refusals(r, [Action("play", ("Ana", "2H"))])
    assert fails and "not a GameError" in fails[0]


def test_illegal_actions_are_all_refused_at_the_end():
    import random

    r = finished("new-eleusis", "new-eleusis")
    actions = illegal_actions(r, random.Random(0))
    assert len(actions) >= 8
    before = r.to_json()
    for a in actions:
        with pytest.raises(GameError):
            a.apply(r)
    assert r.to_json() == before


def test_expected_scores_follow_the_log_not_the_round():
    r = finished("express", "express-1", seed=9)
    want = expected_scores(r)
    got = r.scores()
    assert list(got.players) == list(want.players) and got.dealer == want.dealer
    assert sum(1 for p in r.players if not r.hand(p)) <= 1


def test_conformance_reports_a_round_that_cannot_be_dealt():
    fails = check_round_conformance("letters", "express-1", 0)
    assert fails and fails[0].startswith("cannot deal")


def test_check_judgements_catches_a_wrong_verdict(monkeypatch):
    import dataclasses

    from eleusis_lab.testing import check_judgements

    r = finished("letters", "letters-cycle")
    assert check_judgements(r) == []
    real = type(r).evidence

    def flipped(self):
        obs = real(self)
        i = next(k for k, o in enumerate(obs) if o.kind == "play")
        obs[i] = dataclasses.replace(obs[i], accepted=not obs[i].accepted)
        return obs

    monkeypatch.setattr(type(r), "evidence", flipped)
    assert check_judgements(r) and "against the rule" in check_judgements(r)[0]


def test_check_end_catches_a_false_reason(monkeypatch):
    from eleusis_lab.play.events import RoundEnded
    from eleusis_lab.testing import check_end

    r = finished("gardner", "gardner-2", seed=1)
    assert check_end(r) == []
    holder = next(p for p in r.players if r.hand(p))
    monkeypatch.setattr(type(r), "end", property(lambda self: RoundEnded("out", holder)))
    assert check_end(r) and "hold cards" in check_end(r)[0]
    monkeypatch.setattr(type(r), "end", property(lambda self: RoundEnded("stock")))
    assert r.stock_size == 0 or check_end(r)
    monkeypatch.setattr(type(r), "end", property(lambda self: RoundEnded("guessed", holder)))
    assert check_end(r) and "guess" in check_end(r)[0]
