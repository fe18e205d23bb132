"""The class session without widgets: each event undone, saved, resumed; a refused action changes nothing."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from eleusis_lab.science.words import closest_rules
from eleusis_lab.session import GuessNotice, SessionError, TableSession, saved_sessions
from eleusis_lab.session.events import EVENT_TYPES
from eleusis_lab.session.saves import new_session_path

PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve"]


def _express(seed: int = 3, **kw: object) -> TableSession:
    s = TableSession(**kw)  # type: ignore[arg-type]
    s.begin("express", PLAYERS, "express-1", seed=seed)
    return s


def _play_first(s: TableSession) -> None:
    r = s.round
    assert r is not None and r.current_player is not None
    s.play([r.hand(r.current_player)[0]])


def _play_until_right(s: TableSession) -> str:
    """Play first cards until one is accepted; returns who played it."""
    r = s.round
    assert r is not None
    for _ in range(40):
        who = r.current_player
        assert who is not None
        s.play([r.hand(who)[0]])
        if r.evidence()[-1].accepted:
            return who
    raise AssertionError("no card accepted in 40 plays")


def test_no_widgets_imported() -> None:
    assert "ipywidgets" not in sys.modules or "eleusis_lab.widgets" in sys.modules
    import subprocess

    code = (
        "import sys, eleusis_lab.session as c; s = c.TableSession();"
        "s.begin('express', ['A','B'], 'express-1', seed=1);"
        "bad = [m for m in ('ipywidgets', 'traitlets', 'matplotlib', 'IPython') if m in sys.modules];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# One step of each kind of session event, from a session dealt for it.
STEPS: dict[str, Callable[[TableSession], object]] = {
    "action": _play_first,
    "hypothesis-added": lambda s: s.add_hypothesis("Ben", "card is red", "red cards"),
    "hypothesis-removed": lambda s: (s.add_hypothesis("Ben", "card is red"), s.remove_hypothesis("Ben")),
    "revealed": lambda s: s.reveal(),
    "round-closed": lambda s: s.abandon(),
}


def test_every_event_type_has_a_step() -> None:
    # a match: test_matches.py; the benchmark's turns: test_benchmark_turns.py
    assert set(EVENT_TYPES) == {*STEPS, "round-begun", "match-stopped", "statement-skipped"}


@pytest.mark.parametrize("kind", list(STEPS))
def test_undo_of_each_event_restores_the_session(kind: str) -> None:
    s = _express()
    _play_first(s)
    before = s.to_json()
    STEPS[kind](s)
    assert s.events[-1].type == kind
    while s.to_json() != before:
        s.undo()
    assert s.to_json() == before


def test_undo_of_the_deal_goes_back_to_the_setup() -> None:
    s = _express()
    s.undo()
    assert s.round is None and s.phase == "setup" and not s.events
    with pytest.raises(SessionError):
        s.undo()


def test_undo_of_a_play_keeps_the_same_round_object() -> None:
    s = _express()
    game = s.round
    _play_first(s)
    s.undo()
    assert s.round is game and game is not None and game.steps == 0


@pytest.mark.parametrize("kind", list(STEPS))
def test_save_and_resume_after_each_event(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "class-session-x.json"
    s = _express(save_path=path)
    _play_first(s)
    STEPS[kind](s)
    back = TableSession.resume(path)
    assert back.to_json() == s.to_json()
    assert back.phase == s.phase and back.revealed == s.revealed
    assert [h.text for h in back.hypotheses] == [h.text for h in s.hypotheses]


def test_resume_goes_on_and_undoes_across_the_restart(tmp_path: Path) -> None:
    path = tmp_path / "class-session-y.json"
    s = _express(save_path=path)
    _play_first(s)
    s.add_hypothesis("Cy", "card.color != prev.color", "alternate colours")
    back = TableSession.resume(path)
    _play_first(back)
    back.undo()
    back.undo()  # the hypothesis typed before the restart
    assert [e.type for e in back.events] == ["round-begun", "action"]


def test_refused_actions_change_nothing() -> None:
    s = _express()
    _play_first(s)
    r = s.round
    assert r is not None
    before = s.to_json()
    other = next(c for p in r.players if p != r.current_player for c in r.hand(p))
    refusals: list[Callable[[], object]] = [
        lambda: s.play([other]),  # a card of another player's hand
        lambda: s.play("not a card"),
        lambda: s.add_hypothesis("Ben", "card.colr == red"),
        lambda: s.add_hypothesis("Ben", "   "),
        lambda: s.guess("Nobody", "card is red"),
        lambda: s.remove_hypothesis("Zed"),
        lambda: s.begin("express", PLAYERS, "express-2"),  # a round is on the board
        lambda: s.next_round(),  # not over yet
        lambda: s.give_hint("red matters"),  # play has begun: needs consent
    ]
    for refuse in refusals:
        with pytest.raises(SessionError):
            refuse()
        assert s.to_json() == before


@pytest.mark.parametrize(
    ("players", "rule", "message"),
    [
        ([], "express-1", "Type the players"),
        (["Ana"], "express-1", "at least two"),
        (["Ana", "Ben", "Ana"], "express-1", "Two players are called Ana"),
        (["Ana", "Ben"], "card.colr == red", "The secret rule has a problem"),
        (["Ana", "Ben"], "", "Type the secret rule"),
    ],
)
def test_bad_setup_is_one_line_and_deals_nothing(players: list[str], rule: str, message: str) -> None:
    s = TableSession()
    with pytest.raises(SessionError) as caught:
        s.begin("express", players, rule, seed=1)
    text = str(caught.value)
    assert message in text and "\n" not in text
    assert "colr" not in text, "the secret rule's text never reaches the projector"
    assert s.round is None and not s.events


def test_reveal_ends_a_gardner_round_mid_first_half() -> None:
    s = TableSession()
    s.begin("gardner", PLAYERS, "gardner-3", seed=3)
    for _ in range(4):
        _play_first(s)
    r = s.round
    assert r is not None and r.phase == "first-half" and not r.is_over
    s.reveal()
    assert s.locked and s.phase == "revealed"
    assert "play" not in s.possible() and "next-round" in s.possible()
    with pytest.raises(SessionError, match="revealed"):
        s.play([r.hand(r.current_player or "Ana")[0]])
    rows = s.scores()
    assert [row.name for row in rows][:5] == PLAYERS
    assert [row.total for row in rows] == [row.points for row in rows], "one round: totals = points"


def test_match_totals_count_finished_rounds_not_abandoned_ones() -> None:
    s = _express()
    _play_first(s)
    s.reveal()
    first = {row.name: row.points for row in s.scores()}
    s.next_round()
    assert s.phase == "setup" and s.rounds_counted() == 1
    s.begin("express", PLAYERS, "express-4", seed=4)
    _play_first(s)
    s.abandon()
    assert s.totals() == first and s.rounds_counted() == 1
    s.undo()  # the abandoning
    assert s.phase == "playing"


def test_a_guess_is_judged_and_undone() -> None:
    s = _express()
    who = _play_until_right(s)
    assert s.guessers()[0] == who
    notice = s.guess(who, "card.color != prev.color")
    assert isinstance(notice, GuessNotice) and notice.result is not None and notice.result.correct
    assert s.round is not None and s.round.is_over and s.locked
    s.undo()
    assert not s.locked and who in s.guessers()


def test_computer_seats_play_until_a_person_must_act() -> None:
    s = TableSession()
    s.begin("express", ["Ana", "Ben"], "express-1", seed=2, computers={"Robo": "careful"})
    r = s.round
    assert r is not None
    for _ in range(6):
        assert r.current_player in ("Ana", "Ben")
        _play_first(s)
    assert any(getattr(e, "player", None) == "Robo" for e in r.events)
    steps = r.steps
    s.undo()
    assert r.steps < steps and r.current_player in ("Ana", "Ben")


def test_hypotheses_fold_with_the_narrowing() -> None:
    s = _express()
    s.add_hypothesis("Ben", "card is black", "black cards")
    for _ in range(6):
        _play_first(s)
    n = s.narrowing()
    assert len(n.steps) >= 6 and n.remaining[-1] < n.initial
    (life,) = n.lifelines
    hyp = s.hypotheses["Ben"]
    assert (life.end is None) == hyp.consistent


def test_a_damaged_save_is_refused(tmp_path: Path) -> None:
    s = _express()
    _play_first(s)
    data = json.loads(s.to_json())
    data["events"][1]["steps_after"] = 99
    with pytest.raises(SessionError, match="damaged"):
        TableSession.from_json(json.dumps(data))
    with pytest.raises(SessionError, match="not a session save file"):
        TableSession.from_json('{"format": "eleusis-lab-round"}')


def test_saved_sessions_are_listed_newest_first(tmp_path: Path) -> None:
    import os

    old = TableSession(new_session_path(tmp_path))
    old.begin("gardner", PLAYERS, "gardner-1", seed=1)
    assert old.save_path is not None
    os.utime(old.save_path, (1_000_000, 1_000_000))
    new = TableSession(new_session_path(tmp_path))
    new.begin("express", ["Ana", "Ben"], "express-1", seed=1)
    _play_first(new)
    broken = tmp_path / "class-session-broken.json"
    broken.write_text("{", encoding="utf-8")
    os.utime(broken, (2_000_000, 2_000_000))
    listed = saved_sessions(tmp_path)
    # a damaged file is one line that says so (never dropped silently, never deleted)
    assert [x.variant for x in listed] == ["express", None, "gardner"]
    assert "unreadable: its JSON breaks at line 1 (it looks cut short)" in listed[1].label()
    assert listed[0].plays == 1 and listed[0].players == ("Ana", "Ben")
    assert "express" in listed[0].label() and "1 plays" in listed[0].label()


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("alternate colours", "card.color != prev.color"),
        ("must be red", "card is red"),
        ("same suit or same number", "card.rank == prev.rank or card.suit == prev.suit"),
        ("odd then even then odd", "if prev is even then card is odd else card is even"),
    ],
)
def test_guesses_in_words_offer_the_closest_rules(sentence: str, expected: str) -> None:
    from eleusis_lab.rules.judge import judge

    # Of rules that play the same only one is offered: the expected rule, or one the exact judge finds equal.
    offered = [m.text for m in closest_rules(sentence, k=3)]
    assert any(judge(expected, text).same for text in offered), offered


def test_words_matching_nothing_offer_nothing() -> None:
    assert closest_rules("purple elephants dancing") == []
    assert closest_rules("   ") == []


def test_the_dealer_may_overrule_the_guess_that_ended_the_round() -> None:
    s = _express()
    who = _play_until_right(s)
    s.guess(who, "card.color != prev.color")
    assert s.phase == "over" and "overrule" in s.possible()
    s.overrule(False)
    assert s.phase == "playing" and "overrule" not in s.possible()
    with pytest.raises(SessionError):
        s.overrule(True)


def test_what_may_happen_now_follows_the_rounds_legal_actions() -> None:
    s = TableSession()
    s.begin("new-eleusis", ["Ana", "Ben", "Cy", "Dee"], "new-eleusis", seed=1)
    can = s.possible()
    assert "play-string" in can and "play" not in can and "no-play" in can and s.string_limit() == 4
    g = TableSession()
    g.begin("gardner", PLAYERS, "gardner-1", seed=1)
    assert "no-play" not in g.possible() and g.disabled_cards() == []


def _play_right_card(s: TableSession) -> str:
    """The current player plays a card the secret rule accepts; returns who played it."""
    r = s.round
    assert r is not None and r.current_player is not None
    who = r.current_player
    card = next(c for c in r.hand(who) if r.rule.accepts(c, list(r.mainline)))
    s.play([card])
    return who


def test_a_person_deals_and_the_deal_passes_round_the_class(tmp_path: Path) -> None:
    """Match mode: a player deals (out of the round, play starts at their left), judges a guess in
    words, scores as the dealer; the next round's dealer is the next player; totals add up by name."""
    names = ["Ana", "Ben", "Cy", "Dee"]
    s = TableSession(tmp_path / "match.json")
    s.begin("express", names, "card.color != prev.color", seed=1, dealer="Ben")
    r = s.round
    assert r is not None and r.dealer == "Ben" and r.players == ["Cy", "Dee", "Ana"]
    assert s.spec is not None and s.spec.dealer == "Ben"
    guesser = _play_right_card(s)
    before = s.to_json()
    with pytest.raises(SessionError, match="may not state"):
        s.guess("Ben", None, "red then black")  # the dealer does not guess
    assert s.to_json() == before
    s.guess(guesser, None, "red then black")  # words only: the dealer rules
    assert (
        isinstance(s.notice, GuessNotice) and s.notice.result.correct is None and "overrule" in s.possible()
    )
    resumed = TableSession.resume(tmp_path / "match.json")  # a dealer's round saves and resumes
    assert resumed.round is not None and resumed.round.dealer == "Ben" and resumed.to_json() == s.to_json()
    s.overrule(True)
    rows = {row.name: row for row in s.scores()}
    assert rows["Ben"].dealer and not rows[guesser].dealer and r.is_over
    first = s.totals()
    s.next_round()
    assert s.next_dealer(names) == "Cy"
    s.begin("express", names, "express-2", seed=2, dealer="Cy")
    assert s.round is not None and s.round.players == ["Dee", "Ana", "Ben"]
    s.reveal()
    totals = s.totals()
    assert set(totals) == set(names)  # one line a person, dealer or not, over the match
    points = {row.name: row.points for row in s.scores()}
    assert all(totals[n] == first.get(n, 0) + points[n] for n in names)
    s.undo()  # the reveal, then the deal: back to the set-up with Cy still to deal
    s.undo()
    assert s.round is None and s.next_dealer(names) == "Cy"


@pytest.mark.parametrize(
    ("dealer", "message"),
    [
        ("Zed", "Zed is not one of the players"),
        ("Robo", "a computer cannot type a rule"),
        ("Ana", "at least two players besides the dealer"),
    ],
)
def test_a_bad_dealer_is_one_line_and_deals_nothing(dealer: str, message: str) -> None:
    s = TableSession()
    players = ["Ana", "Ben"] if dealer == "Ana" else ["Ana", "Ben", "Cy"]
    with pytest.raises(SessionError, match=message):
        s.begin("express", players, "express-1", seed=1, computers={"Robo": "careful"} if dealer == "Robo"
                else None, dealer=dealer)  # fmt: skip
    assert s.round is None and not s.events
