"""Rule checks and rule equivalence, with numbers worked out by hand."""

from __future__ import annotations

import functools
import json

import pytest

from eleusis_lab.cards import Card, Suit, parse_cards, standard_deck
from eleusis_lab.rules import PlayerInfo, Rule, library
from eleusis_lab.rules.checks import check, reachable_situations, same_rule

ACES = parse_cards("AS AH AD AC")


@functools.cache
def _report(key: str):  # each library rule is checked once for all the tests below
    return check(library.get(key).rule)


# -- check: the sources' examples -----------------------------------------------------------------
def test_gardner_7_is_flagged_for_every_reason_gardner_gives() -> None:
    report = _report("gardner-7")
    assert not report.acceptable
    assert report.method == "exhaustive"
    assert report.playable_max == pytest.approx(4 / 52)  # "only 4 of 52 cards"
    assert report.can_dead_end
    assert report.dead_end_example is not None and report.dead_end_example[-1].rank == 13
    assert sorted(report.never_playable, key=Card.sort_key) == sorted(ACES, key=Card.sort_key)
    assert any("dead-end" in p for p in report.problems)
    assert report.verdicts[-1].startswith("Not acceptable")


@pytest.mark.parametrize("key", [f"gardner-{i}" for i in range(1, 7)])
def test_gardner_1_to_6_pass(key: str) -> None:
    report = _report(key)
    assert report.acceptable, report.problems
    assert not report.can_dead_end and report.never_playable == []
    assert report.verdicts[-1] == "Acceptable for play."


@pytest.mark.parametrize("entry", library.ENTRIES, ids=lambda e: e.key)
def test_every_library_rule_checks_as_its_entry_says(entry: library.LibraryEntry) -> None:
    report = _report(entry.key)
    assert report.acceptable is entry.acceptable, report.problems
    assert report.method == "exhaustive"


def test_hand_counted_shares() -> None:
    alt = check("card.color != prev.color")
    assert (alt.playable_min, alt.playable_median, alt.playable_max) == (0.5, 0.5, 0.5)
    assert alt.starter_share == 1.0 and alt.situations == 53  # the empty line and 52 top cards
    g5 = _report("gardner-5")
    assert g5.playable_min == g5.playable_max == 0.25  # exactly one suit: a quarter
    # New Eleusis: after a 10 only J Q K (12), after an ace 2..K (48), after a face the 40 number cards;
    # over the 13 ranks the middle value is 36 (after a 4).
    ne = _report("new-eleusis")
    assert ne.cards(ne.playable_min) == 12 and ne.cards(ne.playable_max) == 48
    assert ne.cards(ne.playable_median) == 36
    # Express 7 allows at most 3 ranks (12 cards), 8 after an ace or a king.
    e7 = _report("express-7")
    assert (e7.cards(e7.playable_min), e7.cards(e7.playable_max)) == (8, 12)
    assert e7.acceptable and any("below a quarter" in v for v in e7.verdicts)


def test_a_two_card_rule_accepts_anything_with_one_card_down() -> None:
    report = _report("gardner-3")
    assert report.playable_max == 1.0 and report.cards(report.playable_min) == 28


# -- check: rules built to fail ---------------------------------------------------------------------
def test_dead_end_after_a_king() -> None:
    report = check("card.rank > prev.rank")
    assert report.can_dead_end and not report.acceptable
    line = report.dead_end_example
    assert line is not None and line[-1].rank == 13
    rule = Rule.parse("card.rank > prev.rank")
    assert not any(rule.accepts(c, list(line)) for c in standard_deck())
    # aces can start the line but can never be played on it
    assert sorted(report.never_playable, key=Card.sort_key) == sorted(ACES, key=Card.sort_key)


def test_dead_end_found_through_the_position() -> None:
    report = check("if position == 3 then card.rank > 13 else card.color != prev.color")
    assert report.method == "exhaustive"
    assert report.can_dead_end
    assert report.dead_end_example is not None and len(report.dead_end_example) == 2


def test_dead_end_found_two_cards_back() -> None:
    # after two cards of the same colour nothing may follow
    rule = Rule.parse("if prev.color == prev2.color then card.rank > 13 else true")
    report = check(rule)
    assert report.can_dead_end
    line = report.dead_end_example
    assert line is not None and len(line) == 2 and line[0].color == line[1].color
    assert report.method == "exhaustive"


def test_never_playable_cards_are_listed() -> None:
    report = check("card.suit != spades")
    assert sorted(report.never_playable, key=Card.sort_key) == [
        c for c in standard_deck() if c.suit is Suit.SPADES
    ]
    assert report.starter_share == pytest.approx(39 / 52)
    assert not report.acceptable and not report.can_dead_end
    assert any("never are" in v for v in report.verdicts)


def test_too_loose_and_too_strict() -> None:
    loose = check("card.rank != prev.rank")  # 48 of 52 always
    assert not loose.acceptable and any("too loose" in p for p in loose.problems)
    strict = check("card.rank == prev.rank")  # 4 of 52, never dead, every card playable
    assert not strict.acceptable and strict.problems == ["too strict (typically 4 of 52 playable)"]


# -- check: decks, players, methods --------------------------------------------------------------------
def test_position_rule_is_exhaustive() -> None:
    report = _report("suit-by-position")
    assert report.method == "exhaustive"
    assert report.starter_share == 0.25 and report.playable_min == report.playable_max == 0.25


def test_unfoldable_rules_are_simulated_and_say_so() -> None:
    reports = [check(t) for t in ("card.color != prev3.color", "card.rank >= position")]
    for report in reports:
        assert report.method == "simulation"
        assert any("simulating random lines" in v for v in report.verdicts)
    assert reports[0].acceptable and reports[0].cards(reports[0].playable_median) == 26
    assert reports[1].can_dead_end  # at position 14 no rank is high enough
    assert reports[1].dead_end_example is not None and len(reports[1].dead_end_example) == 13
    assert check("card.color != prev3.color", seed=0).to_dict() == reports[0].to_dict()  # seeded


def test_double_deck_reasons_over_designs() -> None:
    single = check("card.color != prev.color")
    double = check("card.color != prev.color", "double")
    assert double.deck_size == 104 and double.faces == 52
    assert double.playable_median == single.playable_median


def test_letter_deck() -> None:
    report = _report("letters-cycle")
    assert report.deck == "letters" and report.faces == 61
    assert report.cards(report.playable_median) == 13  # 12 cards of the next letter and the blank
    assert report.playable_max == 1.0  # anything may follow the blank
    with pytest.raises(ValueError, match="letters deck"):
        check(library.get("letters-cycle").rule, "standard")
    with pytest.raises(ValueError, match="playing-card deck"):
        check("card.color != prev.color", "letters")


def test_player_dependent_rule_uses_the_given_players() -> None:
    report = check(library.get("gardner-6").rule, player_names=["Al", "Bea"])
    assert report.players == ("Al", "Bea") and report.uses_player
    assert report.acceptable and any("announces" in v for v in report.verdicts)


def test_report_prints_and_serialises() -> None:
    report = _report("gardner-7")
    text = str(report)
    assert "card.rank == prev.rank + 1" in text and "A♠" in text and "K" in text
    data = json.loads(json.dumps(report.to_dict()))
    assert data["acceptable"] is False and data["playable_cards"]["max"] == 4
    assert set(data["never_playable"]) == {"A♠", "A♥", "A♦", "A♣"}


def test_reachable_situations() -> None:
    situations = list(reachable_situations("card.color != prev.color"))
    assert len(situations) == 53 and situations[0].mainline == ()
    assert all(len(s.playable) == 26 for s in situations[1:])


# -- same_rule --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("guess", "secret"),
    [
        ("prev.color != card.color", "express-1"),
        ("(card is red) != (prev is red)", "express-1"),
        ("(card.rank - prev.rank) % 2 == 1", "gardner-1"),
        (library.get("gardner-2").text, "express-4"),
        (library.get("express-3").text, "gardner-1"),
        ("if prev.color == prev2.color then card.rank <= 7 else card.rank >= 7", "gardner-3"),
        ('card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])', "letters-cycle"),
    ],
)
def test_same_rule_in_other_words(guess: str, secret: str) -> None:
    eq = same_rule(guess, library.get(secret).rule)
    assert eq.same and bool(eq) and eq.counterexample is None
    assert eq.method == "exhaustive"
    assert "exactly the same" in eq.explain()


def test_identical_rules() -> None:
    eq = same_rule("card.color != prev.color", "card.color!=prev.color")
    assert eq.same and eq.method == "identical"


def test_same_rule_judges_only_situations_the_secret_rule_can_build() -> None:
    secret = library.get("express-2").rule  # suits cycle: two top cards never share a suit
    guess = Rule.parse(
        "if position > 2 and prev.suit == prev2.suit then card is red "
        "else card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])"
    )
    assert same_rule(guess, secret).same
    # ... although on a line the secret rule never builds, the two disagree
    unreachable = parse_cards("2S 5S")
    assert guess.accepts(Card.parse("9D"), unreachable) != secret.accepts(Card.parse("9D"), unreachable)


def _assert_real_counterexample(guess: str | Rule, secret: Rule, deck: str = "standard") -> None:
    guess = guess if isinstance(guess, Rule) else Rule.parse(guess)
    eq = same_rule(guess, secret, deck)
    assert not eq.same and not bool(eq)
    ce = eq.counterexample
    assert ce is not None
    line = list(ce.mainline)
    assert ce.a_accepts == guess.accepts(ce.card, line, ce.player)
    assert ce.b_accepts == secret.accepts(ce.card, line, ce.player)
    assert ce.a_accepts != ce.b_accepts
    # the mainline is one the secret rule really builds, with cards a real deck holds
    for i, card in enumerate(line):
        assert secret.accepts(card, line[:i], ce.player)
    assert len(set([*line, ce.card])) == len(line) + 1
    assert str(ce.card) in ce.explain()
    assert eq.explain() == ce.explain()


@pytest.mark.parametrize(
    ("guess", "secret"),
    [
        ("card.color == prev.color", "express-1"),
        ("card.rank == cyc(prev.rank + 1)", "gardner-7"),
        ("card.suit == prev.suit", "gardner-2"),
        ("express-1", "color-by-position"),
        ("gardner-3", "gardner-4"),
        ("card.suit == [clubs, spades, hearts, diamonds][position % 2]", "suit-by-position"),
        ("card.color != prev3.color", "express-1"),
        ("card.letter != prev.letter", "letters-cycle"),
    ],
)
def test_different_rules_come_with_a_real_counterexample(guess: str, secret: str) -> None:
    known = library.keys()
    g = library.get(guess).rule if guess in known else Rule.parse(guess)
    entry = library.get(secret)
    _assert_real_counterexample(g, entry.rule, "letters" if entry.deck == "letters" else "standard")


def test_counterexample_shapes() -> None:
    starter = same_rule(library.get("express-1").rule, library.get("color-by-position").rule).counterexample
    assert starter is not None and starter.mainline == () and starter.explain().startswith("As the starter")
    wrap = same_rule("card.rank == cyc(prev.rank + 1)", library.get("gardner-7").rule).counterexample
    assert wrap is not None and wrap.mainline[-1].rank == 13 and wrap.card.rank == 1
    assert wrap.a_accepts and not wrap.b_accepts
    assert "accepted by the guess but rejected by the secret rule" in wrap.explain()


def test_player_dependent_counterexample_names_the_player() -> None:
    secret = library.get("gardner-6").rule
    eq = same_rule("card.color != prev.color", secret, player_names=["Ann", "Anna"])
    ce = eq.counterexample
    assert ce is not None and ce.player == PlayerInfo("Anna", 1)
    assert "played by Anna" in ce.explain()
    assert same_rule("card.color != prev.color", secret, player_names=["Ann", "Bob"]).same


def test_double_deck_counterexample_may_repeat_a_face() -> None:
    eq = same_rule("card.rank != prev.rank", "true", "double")
    assert not eq.same and eq.counterexample is not None


def test_a_guess_about_the_other_kind_of_card_is_a_different_rule() -> None:
    _assert_real_counterexample("card.ink != prev.ink", library.get("express-1").rule)
    _assert_real_counterexample("card.color != prev.color", library.get("letters-cycle").rule, "letters")
    with pytest.raises(ValueError, match="letters deck"):
        same_rule("card.color != prev.color", library.get("letters-cycle").rule, "standard")


@pytest.mark.parametrize("key", ["gardner-4", "express-9", "pair-then-switch"])
def test_judging_by_history_features_changes_nothing(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows are shared between tails that agree on the attributes the rule reads: same report as without."""
    from eleusis_lab.rules import checks

    fast = _report(key)
    monkeypatch.setattr(checks, "_history_features", lambda rules: None)  # every tail judged on its own
    monkeypatch.setattr(checks, "WORK_BUDGET", 10**9)  # which costs more work than a check may do
    slow = check(library.get(key).rule)
    assert fast.to_dict() == slow.to_dict()


def test_a_rule_no_card_can_start() -> None:
    report = check("card.rank > 13")
    assert report.can_dead_end and report.dead_end_example == ()
    assert report.starter_share == 0 and len(report.never_playable) == 52
    assert "no card can even start" in str(report)


def _naive_report(rule: Rule) -> tuple[list[int], set[Card]]:
    """Independent fixpoint for a look-back-1 rule: accepted counts after each reachable top card."""
    deck = standard_deck()
    reachable = {c for c in deck if rule.accepts(c, [])}
    frontier = set(reachable)
    while frontier:
        new = {c for top in frontier for c in deck if rule.accepts(c, [top])} - reachable
        reachable |= new
        frontier = new
    counts = [sum(rule.accepts(c, [top]) for c in deck) for top in reachable]
    ever = {c for top in reachable for c in deck if rule.accepts(c, [top])}
    return counts, ever


@pytest.mark.parametrize(
    "text",
    ["card.rank > prev.rank", "card.rank >= 7 and card.color != prev.color", "new-eleusis", "express-8"],
)
def test_exhaustive_search_agrees_with_a_naive_fixpoint(text: str) -> None:
    import statistics

    known = library.keys()
    rule = library.get(text).rule if text in known else Rule.parse(text)
    counts, ever = _naive_report(rule)
    report = check(rule)
    assert report.situations == len(counts) + 1
    assert report.playable_min == min(counts) / 52 and report.playable_max == max(counts) / 52
    assert report.playable_median == statistics.median(counts) / 52
    assert set(report.never_playable) == set(standard_deck()) - ever


def test_three_card_guesses_are_judged_exhaustively() -> None:
    secret = library.get("express-1").rule  # alternate colours: the third card back matches the top card
    same = same_rule("if position > 3 then card.color != prev3.color else card.color != prev.color", secret)
    assert same.same and same.method == "exhaustive"
    differ = same_rule("card.color != prev3.color", secret)
    assert not differ.same and differ.method == "exhaustive"
    ce = differ.counterexample
    assert ce is not None and len(ce.mainline) == 1  # with one card down, prev3 is missing: anything goes
