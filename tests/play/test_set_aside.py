"""Issue 32 #3: the cards an equal deal sets aside, as an engine fact and on the boards' status line.

Reproducer (fed187d): a letter-deck round with 7 researchers deals 8 cards each and lays 4 aside face
down, Gardner with 5 players lays 1 aside; RULES.md's reading says "the board says so", and no board did
(nor could: the round did not say how many).
"""

from __future__ import annotations

import pytest

from eleusis_lab.play import new_round

SEVEN = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]


@pytest.mark.parametrize(
    "variant,rule,players,aside",
    [
        ("letters", "card.ink != prev.ink", SEVEN, 4),
        ("letters", "card.ink != prev.ink", SEVEN[:4], 0),
        ("gardner", "card.color != prev.color", SEVEN[:5], 1),
        ("gardner", "card.color != prev.color", SEVEN[:3], 0),
        ("express", "card.color != prev.color", SEVEN[:5], 0),
    ],
)
def test_the_round_says_how_many_cards_the_deal_set_aside(variant, rule, players, aside) -> None:
    r = new_round(variant, players, rule, seed=1)
    assert r.set_aside_at_deal == aside == len(r.all_cards()["set_aside"])
    physical = new_round(variant, players, rule, seed=1, physical=True)
    assert physical.set_aside_at_deal == aside  # the dealer deals real cards the same way
    if aside:
        were = "1 card was" if aside == 1 else f"{aside} cards were"
        assert (
            r.set_aside_note
            == f"{were} set aside face down at the deal, so that every hand is the same size."
        )
    else:
        assert r.set_aside_note is None


def test_the_boards_status_line_says_so() -> None:
    from eleusis_lab.session import TableSession
    from eleusis_lab.widgets.views import StatusView

    session = TableSession(physical=True, kind="physical")
    session.begin("letters", SEVEN, "card.ink != prev.ink", seed=1)
    line = StatusView()
    line.render(session)
    assert "4 cards were set aside face down at the deal" in line.value
