"""Matches: the deal passing on, totals, each variant's match rules, saving and loading."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.play.driver import seat_computers
from eleusis_lab.play.match import Match, MatchError, load_match

PEOPLE = ["Ana", "Ben", "Cleo"]
RULE = {
    "gardner": "gardner-1",
    "express": "express-1",
    "new-eleusis": "new-eleusis",
    "letters": "letters-cycle",
}


def play_match(m: Match, seed: int = 0) -> None:
    computers = seat_computers(m.players, "random", seed=seed)
    while not m.is_over:
        m.play_round(RULE[m.variant], computers)


def points_by_name(round):
    s = round.scores()
    points = dict(zip(round.players, s.players, strict=True))
    points[round.dealer] = s.dealer
    return points


def test_gardner_everyone_deals_twice_in_turn():
    m = Match("gardner", PEOPLE, seed=1)
    play_match(m)
    assert m.dealers == ["Ana", "Ben", "Cleo", "Ana", "Ben", "Cleo"]
    assert len(m.rounds) == 6 and all(r.is_over for r in m.rounds)
    # each round seats the others from the dealer's left
    assert m.rounds[1].players == ["Cleo", "Ana"]
    assert m.next_dealer is None
    with pytest.raises(MatchError, match="over"):
        m.start_round("gardner-1")


@pytest.mark.parametrize("variant", ["express", "new-eleusis", "letters"])
def test_other_variants_everyone_deals_once(variant):
    m = Match(variant, PEOPLE, seed=2)
    play_match(m)
    assert sorted(m.dealers) == sorted(PEOPLE) and len(m.rounds) == 3


def test_totals_are_the_sum_of_round_scores():
    m = Match("express", [*PEOPLE, "Dev"], seed=3)
    play_match(m)
    want = dict.fromkeys(m.players, 0)
    for r in m.rounds:
        for name, value in points_by_name(r).items():
            want[name] += value
    assert m.totals() == want
    assert set(m.leaders()) <= set(m.players)
    assert all(m.totals()[p] == max(want.values()) for p in m.leaders())
    assert "express match" in str(m)


def test_express_winner_deals_next():
    m = Match("express", ["Ana", "Ben", "Cleo", "Dev"], next_dealer="winner", seed=4)
    computers = seat_computers(m.players, "random", seed=4)
    while not m.is_over:
        r = m.play_round("express-1", computers)
        if not m.is_over:
            nxt = m.next_dealer
            assert nxt not in m.dealers  # everyone deals once
            end = r.end
            if end.reason in ("guessed", "out", "no-play") and end.player not in m.dealers:
                assert nxt == end.player
            else:
                owing = [p for p in r.players if p not in m.dealers]
                pts = points_by_name(r)
                assert pts[nxt] == max(pts[p] for p in owing)
    assert sorted(m.dealers) == sorted(m.players)


def test_dealer_choice_is_the_winner_option():
    m = Match("express", PEOPLE, dealer_choice=True)
    assert m.next_dealer_rule == "winner"
    r = m.start_round("express-1")
    assert r.options["dealer_choice"] is True


def test_winner_option_is_express_only():
    with pytest.raises(MatchError, match="Express"):
        Match("gardner", PEOPLE, next_dealer="winner")


def test_new_eleusis_stopped_early_gives_ten_to_those_who_never_dealt():
    m = Match("new-eleusis", ["Ana", "Ben", "Cleo", "Dev"], seed=5)
    computers = seat_computers(m.players, "random", seed=5)
    m.play_round("new-eleusis", computers)
    before = m.totals()
    m.stop()
    assert m.is_over and m.next_dealer is None
    after = m.totals()
    for p in m.players:
        assert after[p] == before[p] + (10 if p != "Ana" else 0)


def test_unfinished_round_does_not_count_as_a_deal_when_stopped():
    m = Match("new-eleusis", ["Ana", "Ben", "Cleo", "Dev"], seed=6)
    m.play_round("new-eleusis", seat_computers(m.players, "random", seed=6))
    m.start_round("new-eleusis")  # Ben deals, nothing played
    m.stop()
    assert m.bonuses() == {"Ben": 10, "Cleo": 10, "Dev": 10}


def test_gardner_stopped_early_gives_no_bonus():
    m = Match("gardner", PEOPLE, seed=7)
    m.play_round("gardner-1", seat_computers(m.players, "random"))
    m.stop()
    assert m.bonuses() == {}


def test_cannot_start_a_round_before_the_last_ends():
    m = Match("letters", PEOPLE, seed=8)
    m.start_round("letters-cycle")
    with pytest.raises(MatchError, match="not over"):
        m.start_round("letters-cycle")


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("poker", PEOPLE), {}, "unknown variant"),
        (("express", ["Ana", "Ben"]), {}, "three"),
        (("express", ["Ana", "Ana", "Ben"]), {}, "same name"),
        (("express", ["Ana", " ", "Ben"]), {}, "name"),
        (("express", PEOPLE), {"deals_each": 0}, "deals_each"),
        (("express", PEOPLE), {"next_dealer": "random"}, "next_dealer"),
        (("express", PEOPLE), {"first_dealer": "Zed"}, "Zed"),
    ],
)
def test_bad_matches_are_refused(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        Match(*args, **kwargs)


def test_first_dealer_and_seating():
    m = Match("letters", PEOPLE, first_dealer="Cleo")
    assert m.next_dealer == "Cleo"
    assert m.seating("Cleo") == ["Ana", "Ben"]
    r = m.start_round("letters-cycle")
    assert r.dealer == "Cleo" and r.players == ["Ana", "Ben"]


def test_save_and_load_mid_match_and_mid_round():
    m = Match("express", PEOPLE, seed=9, next_dealer="winner", hand_size=10)
    computers = seat_computers(m.players, "random", seed=9)
    m.play_round("express-2", computers)
    r = m.start_round("express-1")
    r.play(r.current_player, r.hand(r.current_player)[0])
    text = m.to_json()
    again = load_match(text)
    assert again.to_json() == text
    assert again.totals() == m.totals()
    assert again.next_dealer is None or again.dealers == m.dealers
    assert again.current_round.to_json() == r.to_json()
    assert again.round_options == {"hand_size": 10, "dealer_choice": True}
    # the loaded match goes on
    from eleusis_lab.play.driver import play_out

    play_out(again.current_round, computers)
    while not again.is_over:
        again.play_round("express-1", computers)
    assert sorted(again.dealers) == sorted(PEOPLE)


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: t[:-10],
        lambda t: "[]",
        lambda t: t.replace('"version": 1', '"version": 99'),
        lambda t: t.replace('"dealers": ["Ana"', '"dealers": ["Zed"'),
        lambda t: t.replace('"players": ["Ana", "Ben", "Cleo"]', '"players": ["Ana", "Cleo", "Ben"]'),
    ],
)
def test_damaged_saves_are_refused(damage):
    m = Match("letters", PEOPLE, seed=10)
    m.play_round("letters-cycle", seat_computers(m.players))
    with pytest.raises(MatchError):
        load_match(damage(m.to_json()))


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(["gardner", "express", "new-eleusis", "letters"]),
    st.integers(0, 1000),
    st.integers(0, 4),
)
def test_random_matches_keep_their_books(variant, seed, stop_after):
    m = Match(variant, PEOPLE, seed=seed, deals_each=1)
    computers = seat_computers(m.players, "random", seed=seed)
    played = 0
    while not m.is_over and played < stop_after:
        m.play_round(RULE[variant], computers)
        played += 1
        assert load_match(m.to_json()).totals() == m.totals()
    if not m.is_over:
        m.stop()
    dealt = set(m.dealers)
    totals = m.totals()
    raw = dict.fromkeys(m.players, 0)
    for r in m.rounds:
        for name, value in points_by_name(r).items():
            raw[name] += value
    bonus = 10 if variant == "new-eleusis" and len(dealt) < 3 else 0
    for p in m.players:
        assert totals[p] == raw[p] + (bonus if p not in dealt else 0)
