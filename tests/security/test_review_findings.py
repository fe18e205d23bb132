"""One test per finding of the security and rules review (issue 11), each with its reproducer.

Findings 4 and 6 have their own files (``test_html_escaping.py``, ``test_atomic_files.py``); the
stateful test and the save fuzz are ``test_round_state_machine.py`` and ``test_save_fuzz.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from eleusis_lab.play import BadSave, GameError, load_round, new_round
from eleusis_lab.play.save import checksum


def _resign(data: dict) -> str:
    """A save edited by hand with its checksum recomputed (it is plain SHA-256, no secret)."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    data["checksum"] = checksum(body)
    return json.dumps(data)


# -- 7: damaged saves are refused, never crash -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[" * 1000, "nested more than"),
        ("[" * 100_000, "nested more than"),
        ('{"format": ' + "[" * 200 + "]" * 200 + "}", "nested more than"),
        ('{"version": ' + "1" * 5000 + "}", "number too long"),
    ],
)
def test_deep_nesting_and_huge_numbers_get_a_bad_save(text: str, says: str) -> None:
    """Reproducer: ``load_round("[" * 1000)`` raised RecursionError; a JSON integer of over 4,300
    digits raised a bare ValueError about integer conversion."""
    with pytest.raises(BadSave, match=says) as caught:
        load_round(text)
    assert "\n" not in str(caught.value)


def test_deep_nesting_inside_the_options_is_refused() -> None:
    """Reproducer: a save whose ``options`` nest 985 lists deep (checksum recomputed by a tool with a
    higher recursion limit) raised RecursionError while loading or checking the checksum."""
    data = json.loads(new_round("express", ["Ana", "Ben"], "express-1", seed=1).to_json())
    data["options"]["hand_size"] = "@DEEP@"
    deep = "[" * 985 + "1" + "]" * 985
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    try:
        data["options"]["hand_size"] = json.loads(deep)
        text = _resign(data)
    finally:
        sys.setrecursionlimit(limit)
    with pytest.raises(BadSave) as caught:
        load_round(text)
    assert "\n" not in str(caught.value)


# -- 15: the command line -----------------------------------------------------------------------------


def test_a_bad_save_wrapping_a_rule_error_is_one_line() -> None:
    """Reproducer: a save whose secret rule does not parse gave a BadSave of several lines (the rule
    error's text, caret and hint)."""
    data = json.loads(new_round("express", ["Ana", "Ben"], "express-1", seed=1).to_json())
    data["rule"] = "card.colour == red"
    with pytest.raises(BadSave) as caught:
        load_round(_resign(data))
    message = str(caught.value)
    assert "\n" not in message and "colour" in message and message.endswith(".")


def test_piping_into_head_stops_quietly() -> None:
    """Reproducer: ``eleusis-lab solo … --json | head -1`` printed ``error: [Errno 32] Broken pipe``."""
    command = [sys.executable, "-m", "eleusis_lab.cli", "solo", "--rule", "express-1", "--player", "random"]
    proc = subprocess.Popen(
        [*command, "--rounds", "400", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as head does after its lines
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert json.loads(first)["seed"] == 0
    assert "Broken pipe" not in err and "Traceback" not in err, err
    assert proc.returncode in (0, 141)


# -- 5: a save that fails takes the action back ------------------------------------------------------


def test_an_action_whose_save_fails_leaves_the_round_as_before_and_can_be_retried(
    tmp_path, monkeypatch
) -> None:
    """Reproducer: on a full disk ``r.play`` raised OSError with the event already in the log, so the
    board was out of step with its file, and retrying said "not your turn".  Saving is the table
    session's now: a save that fails takes the action back and says so, in one sentence."""
    import errno
    import os

    from eleusis_lab.session import SessionError, TableSession

    path = tmp_path / "class-session.json"
    s = TableSession(path)
    s.begin("express", ["Ana", "Ben"], "express-1", seed=4)
    r = s.round
    assert r is not None
    card = r.hand(r.current_player)[0]
    before, on_disk = s.to_json(), path.read_text()
    real_fsync = os.fsync

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(SessionError) as caught:
        s.play([card])
    assert (
        str(caught.value) == "The session could not be saved (No space left on device): that was taken back."
    )
    assert s.to_json() == before and path.read_text() == on_disk
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    with pytest.raises(SessionError):
        s.give_hint("it is about colours")
    assert s.to_json() == before
    monkeypatch.setattr(os, "fsync", real_fsync)
    s.play([card])  # the teacher frees some space and clicks again
    assert s.to_json() != before and TableSession.resume(path).to_json() == s.to_json()


# -- 12: a penalty the stock cannot pay ----------------------------------------------------------------


def test_a_penalty_the_stock_cannot_pay_is_reported_as_really_drawn() -> None:
    """Reproducer: New Eleusis with an empty stock said "draws 2 cards" and ``Verdict.penalty == 2``
    while the hand shrank (RULES.md: paid as far as it can; the verdict says what was really drawn)."""
    import random

    seen = 0
    for seed in range(30):
        r = new_round("new-eleusis", ["P1", "P2", "P3", "P4", "P5", "P6"], "new-eleusis", seed=seed)
        rng = random.Random(seed)
        while not r.is_over and seen < 3:
            p = r.current_player
            stock, hand = r.stock_size, r.hand(p)
            v = r.play(p, rng.sample(hand, rng.randint(1, min(2, len(hand)))))
            if v.accepted or v.expelled or v.prophet_overthrown:
                continue
            assert v.penalty == min(2 * len(v.cards), stock)
            assert len(r.hand(p)) == len(hand) - len(v.cards) + v.penalty
            if stock < 2 * len(v.cards):
                assert "cannot pay" in v.message and f"draws {2 * len(v.cards)} cards" not in v.message
                seen += 1
        if seen >= 3:
            break
    assert seen >= 1


def test_another_players_hint_purchase_closes_the_chance_to_guess() -> None:
    """Finding 11: ``r = new_round("express", ["Ana", "Ben", "Cy"], "express-1", seed=1, buy_hints=True)``;
    Ana plays a right card, Ben buys a hint, and Ana could still guess."""
    from eleusis_lab.play.actions import BuyHint, Guess

    r = new_round("express", ["Ana", "Ben", "Cy"], "express-1", seed=1, buy_hints=True)
    for _ in range(60):
        player = r.current_player
        assert player is not None
        right = [c for c in r.hand(player) if r.rule.accepts(c, r.mainline)]
        if right:
            r.play(player, right[0])
            break
        r.play(player, r.hand(player)[0])
    assert r.can_guess(player)
    nxt = r.current_player
    assert nxt is not None and nxt != player
    r.apply(BuyHint(nxt))
    assert not r.can_guess(player)
    assert not any(isinstance(a, Guess) for a in r.legal_actions(player))
    before = r.to_json()
    with pytest.raises(GameError):
        r.guess(player, "card.color != prev.color")
    assert r.to_json() == before


def test_a_match_stopped_during_its_last_round_pays_that_rounds_dealer() -> None:
    """Finding 10: three players each deal once; the third round is stopped half-way.  Its dealer has
    not dealt, so gets the 10 points (``Match.bonuses()`` returned ``{}``: everyone counted as dealt)."""
    from eleusis_lab.play.driver import seat_computers
    from eleusis_lab.play.match import Match

    m = Match("new-eleusis", ["Ana", "Ben", "Cy"], seed=2)
    computers = seat_computers(m.players, "random", seed=2)
    m.play_round("new-eleusis", computers)
    m.play_round("new-eleusis", computers)
    third = m.start_round("new-eleusis")
    assert not third.is_over
    m.stop()
    assert m.bonuses() == {"Cy": 10}


def test_a_long_solo_round_ends_when_the_stock_and_hand_run_out() -> None:
    """Finding 15: ``eleusis-lab solo --rule express-1 --max-turns 120 --player random`` failed with
    "random declined to play" once the 104 cards were used up."""
    from eleusis_lab.cli import main

    assert main(["solo", "--rule", "express-1", "--max-turns", "120", "--player", "random", "--json"]) == 0
    r = new_round("solo", ["Ana"], "express-1", seed=0, max_turns=120)
    while r.hand("Ana"):
        r.play("Ana", r.hand("Ana")[0])
    assert r.turns_left == 0 and not r.is_over
    r.guess("Ana", "card is red")  # a wrong guess after the last possible play ends the round
    assert r.is_over


def test_the_score_calculator_refuses_a_hand_larger_than_the_deck() -> None:
    """Finding 15: ``eleusis-lab score express 999999999999999999999 0 5`` was scored."""
    from eleusis_lab.cli import main

    assert main(["score", "express", "999999999999999999999", "0", "5"]) == 2
    assert main(["score", "express", "104", "0", "5"]) == 0
    assert main(["score", "express", "105", "0", "5"]) == 2


def test_a_hint_after_play_has_begun_needs_the_players_consent_and_the_log_keeps_it() -> None:
    """Finding 14: ``r.give_hint()`` after the first play was simply given; Gardner [000] says a hint
    after play has begun needs every player's consent."""
    r = new_round("express", ["Ana", "Ben", "Cy"], "express-1", seed=4)
    first = r.give_hint("it concerns colours")  # before any play: free
    assert first == "it concerns colours"
    player = r.current_player
    assert player is not None
    r.play(player, r.hand(player)[0])
    before = r.to_json()
    with pytest.raises(GameError, match="consent"):
        r.give_hint("it concerns the top card")
    assert r.to_json() == before
    r.give_hint("it concerns the top card", consented=True)
    again = load_round(r.to_json())
    assert again.to_json() == r.to_json()
    assert [e.consented for e in again.events if type(e).__name__ == "HintGiven"] == [False, True]


def test_new_eleusis_single_deck_option_for_small_tables() -> None:
    """Finding 14: the New Eleusis single 52-card deck option [002] did not exist."""
    from eleusis_lab.testing import check_deck

    r = new_round("new-eleusis", ["Ana", "Ben"], "new-eleusis", seed=3, single_deck=True)
    cards = [c for p in r.players for c in r.hand(p)] + list(r.mainline)
    assert len(cards) + r.stock_size == 52
    assert len({c.design for c in cards}) == len(cards)  # one copy of each card
    assert check_deck(r) == []
    assert load_round(r.to_json()).to_json() == r.to_json()
    assert r.stock_size + len(cards) < len(
        new_round("new-eleusis", ["Ana", "Ben"], "new-eleusis", seed=3).deck()
    )


def test_single_deck_refuses_a_deal_it_cannot_make() -> None:
    """Four hands of 14 and a starter need 57 cards: the 52-card deck refuses the deal up front."""
    with pytest.raises(GameError, match="52 cards is not enough for 4 hands of 14"):
        new_round("new-eleusis", ["Ana", "Ben", "Cy", "Dee"], "new-eleusis", seed=3, single_deck=True)
    # Three hands of 14 (43 cards) still fit, and smaller hands let a fourth player in.
    new_round("new-eleusis", ["Ana", "Ben", "Cy"], "new-eleusis", seed=3, single_deck=True)
    new_round(
        "new-eleusis", ["Ana", "Ben", "Cy", "Dee"], "new-eleusis", seed=3, single_deck=True, hand_size=12
    )
