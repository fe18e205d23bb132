"""Scoring: every worked example of RULES.md, the calculator, and properties of the formulas."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab import scoring
from eleusis_lab.scoring import (
    Scores,
    calculate,
    express,
    gardner_dealer,
    gardner_players,
    letters,
    new_eleusis,
)

counts = st.lists(st.integers(min_value=0, max_value=60), min_size=2, max_size=8)
# the calculator refuses a hand larger than the variant's deck (52 cards for the smallest)
hands = st.lists(st.integers(min_value=0, max_value=52), min_size=2, max_size=8)


# -- worked examples from RULES.md -------------------------------------------------------------


def test_gardner_dealer_example():
    assert gardner_dealer([10, 5, 3]) == 15 - 2 * 3 == 9


def test_gardner_dealer_two_players_is_the_difference():
    assert gardner_dealer([4, 9]) == 5
    assert gardner_dealer([9, 4]) == 5


def test_gardner_players_example():
    assert gardner_players([2, 3, 10, 0]) == [7, 3, 0, 21]


def test_gardner_shared_bonus_is_fractional():
    assert gardner_players([1, 1, 1]) == [2.0, 2.0, 2.0]
    # others 9 - 3*2 = 3, plus 6/3 = 2
    assert gardner_players([2, 2, 2, 5]) == pytest.approx([5.0, 5.0, 5.0, 0.0])
    # others 6 - 2*1 = 4, plus 6/2 = 3
    assert gardner_players([1, 1, 5]) == [7.0, 7.0, 0.0]


def test_gardner_three_way_share():
    scores = gardner_players([3, 3, 3, 9])
    # others 15 - 3*3 = 6, plus 6/3 = 2
    assert scores == pytest.approx([8.0, 8.0, 8.0, 0.0])


def test_express_examples():
    s = express([0, 4, 7])
    assert s.players == [15, 8, 5] and s.dealer == 15
    s = express([3, 0, 5], guessed_by=2)
    assert s.players == [9, 15, 13] and s.dealer == 15
    s = express([3, 4, 5], guessed_by=1)
    assert s.players == [9, 14, 7] and s.dealer == 14


def test_express_ten_card_option():
    assert express([10, 0], base=10).players == [0, 13]


def test_new_eleusis_examples():
    s = new_eleusis([0, 5, 9, 3])
    assert s.players == [13, 4, 0, 6] and s.dealer == 13
    s = new_eleusis([0, 5, 9, 3], prophet=3, prophet_right=6, prophet_wrong=4, played_through_marker=7)
    assert s.players == [13, 4, 0, 6 + 6 + 8]
    assert s.dealer == min(20, 14)
    # a prophet's God bound may be above the best score
    s = new_eleusis([0, 5, 9], prophet=1, played_through_marker=40)
    assert s.dealer == max(s.players) == 13


def test_letters_example():
    s = letters([5, 2, 0])
    assert s.players == [-13, -1, 7]
    assert s.dealer == 20


# -- validation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: gardner_dealer([3]),
        lambda: gardner_dealer([3, -1]),
        lambda: gardner_players([1.5, 2]),
        lambda: gardner_players("12"),
        lambda: gardner_players([True, 2]),
        lambda: express([]),
        lambda: express([1, 2], guessed_by=2),
        lambda: express([1, 2], guessed_by=-1),
        lambda: express([1, 2], base=0),
        lambda: new_eleusis([1, 2], prophet=5),
        lambda: new_eleusis([1, 2], prophet_right=3),
        lambda: new_eleusis([1, 2], prophet=0, prophet_wrong=-1),
        lambda: letters([1, "x"]),
        lambda: calculate("poker", left=[1, 2]),
        lambda: calculate("express", left=[1, 2], wrong=[1, 1]),
        lambda: calculate("gardner", left=[1, 2]),
        lambda: calculate("express", guessed_by=1),
        lambda: calculate("express", left=[1, 2], names=["A"]),
        lambda: calculate("express", left=[1, 2], names=["A", "A"]),
        lambda: calculate("express", left=[1, 2], names=["A", "B"], guessed_by="Zed"),
    ],
)
def test_bad_input_is_a_clear_value_error(call):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value)
    assert "\n" not in str(info.value)


# -- calculator --------------------------------------------------------------------------------


def test_calculate_matches_functions_and_names():
    s = calculate("Express", left=[3, 0, 5], guessed_by="Cy", names=["Ana", "Ben", "Cy"], dealer="Dee")
    assert s == express([3, 0, 5], guessed_by=2)
    assert s.by_name() == {"Ana": 9, "Ben": 15, "Cy": 13, "Dee": 15}
    text = str(s)
    assert "Cy: +6 for guessing the rule" in text
    assert "Ben: +3 for emptying the hand" in text
    assert text.splitlines()[0] == "Scores (express)"


def test_calculate_gardner_and_table():
    s = calculate("gardner", wrong=[10, 5, 3], left=[0, 2, 4])
    assert s.dealer == 9
    assert s.players == gardner_players([0, 2, 4])
    text = str(s)
    assert "Dealer" in text and "Player 1" in text and "going out" in text


def test_calculate_fractional_in_table():
    s = calculate("gardner", wrong=[1, 2, 3], left=[1, 1, 1])
    assert "2" in str(s)
    s = calculate("gardner", wrong=[1, 2, 3, 4], left=[2, 2, 2, 5])
    assert s.players[0] == pytest.approx(5.0)
    s = calculate("gardner", wrong=[1, 2, 3, 4], left=[1, 1, 1, 5])
    assert s.players[0] == pytest.approx(6.0)  # 7 - 3*1 + 6/3
    assert "share" in str(s)


def test_calculate_new_eleusis_prophet_by_name():
    s = calculate(
        "new eleusis",
        left=[0, 5, 9, 3],
        names=["A", "B", "C", "D"],
        prophet="D",
        prophet_right=6,
        prophet_wrong=4,
        played_through_marker=7,
    )
    assert s.players[3] == 20 and s.dealer == 14
    assert "D (prophet)" in str(s)


def test_scores_named_and_dict():
    s = letters([5, 2, 0]).named(["a", "b", "c"], "L")
    assert s.by_name()["L"] == 20
    assert s.to_dict()["players"] == [-13, -1, 7]
    with pytest.raises(ValueError):
        s.named(["x"])


# -- properties --------------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(counts)
def test_gardner_players_properties(left):
    scores = gardner_players(left)
    n = len(left)
    assert len(scores) == n
    assert all(s >= 0 for s in scores)
    bonus_total = sum(
        s - max(0, sum(left) - own - (n - 1) * own) for s, own in zip(scores, left, strict=True)
    )
    if 0 in left:
        assert bonus_total == pytest.approx(6 * left.count(0))
    else:
        assert bonus_total == pytest.approx(6)
    # fewer cards never scores less
    for i in range(n):
        for j in range(n):
            if left[i] < left[j]:
                assert scores[i] >= scores[j]


@settings(max_examples=80, deadline=None)
@given(counts)
def test_gardner_dealer_properties(wrong):
    d = gardner_dealer(wrong)
    assert d >= 0
    assert d == gardner_dealer(list(reversed(wrong)))
    if len(set(wrong)) == 1:
        assert d == 0
    bumped = [w + 1 for w in wrong]
    assert gardner_dealer(bumped) == d  # shifting everyone alike changes nothing


@settings(max_examples=80, deadline=None)
@given(counts, st.data())
def test_express_properties(left, data):
    g = data.draw(st.none() | st.integers(0, len(left) - 1))
    s = express(left, guessed_by=g)
    assert s.dealer == max(s.players)
    for i, own in enumerate(left):
        assert s.players[i] == 12 - own + (6 if i == g else 0) + (3 if own == 0 else 0)


@settings(max_examples=80, deadline=None)
@given(counts, st.data())
def test_new_eleusis_properties(left, data):
    p = data.draw(st.none() | st.integers(0, len(left) - 1))
    right, wrong, through = (data.draw(st.integers(0, 50)) for _ in range(3))
    if p is None:
        right = wrong = through = 0
    s = new_eleusis(left, prophet=p, prophet_right=right, prophet_wrong=wrong, played_through_marker=through)
    assert min(s.players) >= 0
    top = left.index(max(left))
    assert s.players[top] == (right + 2 * wrong if top == p else 0) + (4 if left[top] == 0 else 0)
    assert s.dealer <= max(s.players)
    if p is not None:
        assert s.dealer <= 2 * through


@settings(max_examples=80, deadline=None)
@given(counts)
def test_letters_properties(left):
    s = letters(left)
    n = len(left)
    assert sum(s.players) == (n - 1) * sum(left) - n * sum(left)
    assert s.dealer == max(s.players) - min(s.players) >= 0
    # a researcher's score only drops when they hold more cards
    for i in range(n):
        for j in range(n):
            if left[i] <= left[j]:
                assert s.players[i] >= s.players[j]


@settings(max_examples=40, deadline=None)
@given(hands, st.sampled_from(scoring.variants()))
def test_calculator_str_lists_everyone(left, variant):
    extra = {"wrong": left} if variant == "gardner" else {}
    s = calculate(variant, left=left, **extra)
    text = str(s)
    rows = [line for line in text.splitlines() if re.match(r"^Player \d+ +-?[\d.]+$", line)]
    assert len(rows) == len(left)
    assert isinstance(s, Scores)


# -- eleusis-lab score -------------------------------------------------------------------------


def run_cli(capsys, *argv):
    from eleusis_lab.cli import main

    code = main(["score", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_gardner_example(capsys):
    code, out, _ = run_cli(capsys, "gardner", "2", "3", "10", "0", "--wrong", "10", "5", "3", "2")
    assert code == 0
    rows = dict(line.rsplit(None, 1) for line in out.splitlines()[2:6])
    assert rows == {"Player 1": "7", "Player 2": "3", "Player 3": "0", "Player 4": "21"}
    assert "Dealer    12" in out  # 20 - 3 * 2 + … : others 18, leader 2 → 18 - 3*2 = 12


def test_cli_letters_with_names_and_json(capsys):
    import json

    code, out, _ = run_cli(
        capsys, "letters", "5", "2", "0", "--names", "Ana,Ben,Cy", "--dealer", "Dee", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["players"] == [-13, -1, 7] and data["dealer"] == 20
    assert data["names"] == ["Ana", "Ben", "Cy"] and data["dealer_name"] == "Dee"


def test_cli_express_guess_by_number_and_name(capsys):
    _, by_number, _ = run_cli(capsys, "express", "3", "0", "5", "--guessed-by", "3")
    _, by_name, _ = run_cli(capsys, "express", "3", "0", "5", "--names", "a,b,c", "--guessed-by", "c")
    assert "Player 3  13" in by_number
    assert re.search(r"^c +13$", by_name, re.M) and re.search(r"^a +9$", by_name, re.M)


def test_cli_new_eleusis_prophet(capsys):
    code, out, _ = run_cli(
        capsys, "new-eleusis", "0", "5", "9", "3", "--prophet", "4", "--prophet-right", "6",
        "--prophet-wrong", "4", "--through", "7",
    )  # fmt: skip
    assert code == 0 and "Player 4  20" in out and "Dealer    14" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("express", "3", "-1"), "negative"),
        (("poker", "1", "2"), "unknown variant"),
        (("gardner", "1", "2"), "wrong"),
        (("express", "1", "2", "--guessed-by", "7"), "name or number"),
        (("express", "1", "2", "--wrong", "1", "2"), "do not use wrong"),
        (("letters", "1", "2", "--names", "a"), "names"),
    ],
)
def test_cli_errors_are_one_sentence(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_calculate_blank_guesser_means_nobody():
    assert calculate("express", left=[1, 2], names=["a", "b"], guessed_by="") == express([1, 2])
    assert calculate("new-eleusis", left=[1, 2], prophet=None) == new_eleusis([1, 2])


def test_score_rows_put_the_dealer_last_and_say_why_there_are_none() -> None:
    from eleusis_lab.play import new_round
    from eleusis_lab.scoring import ScoreRow, score_rows

    r = new_round("express", ["Ana", "Ben"], "card is red or card is black", seed=1, dealer="Cy")
    while not r.is_over:
        r.play(r.current_player, r.hand(r.current_player)[0])
    table = score_rows(r)
    scores = r.scores()
    assert list(table) == [
        ScoreRow("Ana", scores.players[0]),
        ScoreRow("Ben", scores.players[1]),
        ScoreRow("Cy", scores.dealer, dealer=True),
    ]
    assert [row.label for row in table][-1] == "Cy (dealer)" and table.unscored is None
    counted = new_round("express", ["Ana"], "express-1", seed=1, physical=True, starter="7H")
    empty = score_rows(counted)
    assert not empty.rows and empty.unscored  # real cards not counted yet: no rows, and a reason
    computer = new_round("letters", ["Ana", "Ben"], "letters-cycle", seed=1)
    assert [row.label for row in score_rows(computer)][-1] == "Dealer"


def test_score_rows_by_person_is_what_a_match_adds_up() -> None:
    from eleusis_lab.play import new_round
    from eleusis_lab.play.match import Match
    from eleusis_lab.play.players import RandomPlayer
    from eleusis_lab.scoring import score_rows

    # A player may be called "Dealer": only the computer dealer's line is left out of a person's points.
    computer = new_round("letters", ["Dealer", "Ben"], "letters-cycle", seed=1)
    while not computer.is_over:
        p = computer.current_player
        hand = computer.hand(p)
        computer.play(p, next((c for c in hand if computer.accepts(c, p)), hand[0]))
    table = score_rows(computer)
    scores = computer.scores()
    assert table.by_person() == {"Dealer": scores.players[0], "Ben": scores.players[1]}
    assert [row.label for row in table] == ["Dealer", "Ben", "Dealer"] and not table.rows[-1].person
    assert score_rows(new_round("express", ["Ana"], "express-1", seed=1, physical=True)).by_person() == {}
    m = Match("letters", ["Ana", "Ben", "Cy"], seed=3)
    r = m.play_round("letters-cycle", {p: RandomPlayer(seed=1) for p in ["Ana", "Ben", "Cy"]})
    people = r.scores().named(r.players, r.dealer).by_name()
    assert m.round_points() == [people] and r.dealer in people
