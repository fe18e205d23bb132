"""The class's own hypotheses and the narrowing history."""

from __future__ import annotations

import pytest

from eleusis_lab.cards import parse_cards
from eleusis_lab.play import Observation as Obs
from eleusis_lab.rules import RuleError
from eleusis_lab.science import ClassHypotheses, Narrowing, check
from eleusis_lab.science.solo_runs import solo_round


def _evidence() -> list[Obs]:
    s, a, b, c, d = parse_cards("3H 9S 8S 4D 5S")
    return [
        Obs((), (s,), True),
        Obs((s,), (a,), True),  # 9♠ on 3♥: colours alternate
        Obs((s, a), (b,), False),  # 8♠ on 9♠ rejected
        Obs((s, a), (c,), True),
        Obs((s, a, c), (d,), True),
    ]


def test_hypotheses_are_marked_after_every_verdict_naming_the_card() -> None:
    h = ClassHypotheses()
    ada = h.add("Ada", "card.color != prev.color", words="colours take turns")
    ben = h.add("Ben", "card.suit == prev.suit")
    cleo = h.add("Cleo", "card.rank > prev.rank")
    evidence = _evidence()
    statuses = []
    for obs in evidence:
        h.observe(obs)
        statuses.append((ada.status, ben.status, cleo.status))
    assert statuses[0] == ("consistent", "consistent", "consistent")
    assert statuses[1] == ("consistent", "falsified", "consistent")
    assert ben.falsified_by is not None and str(ben.falsified_by.card) == "9♠" and ben.falsified_by.index == 1
    assert "9♠ on 3♥ was accepted" in str(ben.falsified_by)
    # Cleo says 4♦ on 9♠ is wrong, but it was accepted
    assert cleo.falsified_by is not None and str(cleo.falsified_by.card) == "4♦"
    assert ada.consistent and [x.student for x in h.consistent()] == ["Ada"]
    assert h["Ada"].words == "colours take turns"
    assert {d["student"]: d["status"] for d in h.to_dict()} == {
        "Ada": "consistent",
        "Ben": "falsified",
        "Cleo": "falsified",
    }


def test_a_hypothesis_added_late_is_checked_against_the_past() -> None:
    h = ClassHypotheses()
    for obs in _evidence():
        h.observe(obs)
    late = h.add("Dan", "card is black")
    assert late.status == "falsified" and late.added_at == 5 and str(late.falsified_by.card) == "3♥"
    with pytest.raises(RuleError):
        h.add("Eve", "card.colr == red")
    assert [x.student for x in h] == ["Dan"]  # nothing recorded for the bad text


def test_check_is_one_call() -> None:
    evidence = _evidence()
    assert check("card.color != prev.color", evidence).consistent
    result = check("card is red", evidence)
    assert not result and result.falsified_by.index == 1
    # a rejected New Eleusis string: "not all of them fit"
    s, a, b = parse_cards("3H 9S 4H")
    strings = [Obs((s,), (a, b), False)]
    assert not check("card.color != prev.color", strings)
    assert check("card.suit == prev.suit", strings)


def test_update_follows_a_round_including_undo() -> None:
    class FakeRound:
        def __init__(self, evidence: list[Obs]) -> None:
            self.items = evidence

        def evidence(self) -> list[Obs]:
            return list(self.items)

    evidence = _evidence()
    rnd = FakeRound(evidence[:2])
    h = ClassHypotheses.for_round(rnd)
    h.add("Ben", "card.suit == prev.suit")
    assert h["Ben"].status == "falsified"
    rnd.items = evidence[:1]  # the teacher undid the 9♠
    h.update(rnd)
    assert h["Ben"].status == "consistent"


def test_narrowing_from_a_solo_round_and_lifelines() -> None:
    result = solo_round("card.color != prev.color", "random", seed=2, max_turns=10)
    h = ClassHypotheses()
    h.add("Ada", "card.color != prev.color")
    h.add("Ben", "card is red")
    for obs in result.evidence:
        h.observe(obs)
    n = Narrowing.from_evidence(result.evidence, hypotheses=h)
    assert len(n.steps) == len(result.evidence)
    assert n.remaining[0] == n.initial and all(
        a >= b for a, b in zip(n.remaining, n.remaining[1:], strict=False)
    )
    assert n.ideal()[1] == n.initial / 2
    assert [s.accepted for s in n.steps] == [o.accepted for o in result.evidence]
    ada, ben = n.lifelines
    assert ada.end is None and ben.end is not None and ben.card is not None
    assert n.top and n.to_dict()["lifelines"][1]["end"] == ben.end
