"""The questions the session asks of the round on a board (eleusis_lab.session.table)."""

from __future__ import annotations

from eleusis_lab.play import new_round
from eleusis_lab.session import TableSession
from eleusis_lab.session.table import TableQuestions


def test_a_computer_seat_is_no_person_and_a_locked_round_lists_nothing() -> None:
    r = new_round("gardner", ["Ana", "Ben"], "gardner-1", seed=5)
    who = r.current_player
    assert who is not None
    table = TableQuestions(r, computers=(), locked=False)
    assert table.disabled_cards() == [] and table.human(who) and table.listed(who)
    assert not TableQuestions(r, computers=(who,), locked=False).human(who)
    assert TableQuestions(r, computers=(who,), locked=False).disabled_cards() == []
    assert TableQuestions(r, computers=(), locked=True).listed(who) == []
    assert TableQuestions(None, computers=(), locked=True).guessers() == []


def test_once_the_rule_is_revealed_no_board_offers_a_play_or_a_guess() -> None:
    for session in (TableSession(), TableSession(physical=False, kind="solo")):
        session.begin("express", ["Ana", "Ben"], "express-1", seed=3)
        who = session.round.current_player
        session.play([session.round.hand(who)[0]])
        assert session.guessers() and not session.disabled_cards()
        session.reveal()
        assert session.guessers() == [] and session.disabled_cards() == []
        assert session.prophet_candidate() is None
