"""A variant defined in a test file alone (the toy of tests/play/test_toy_variant.py) on the class board:
it is offered by the set-up form, dealt, played by clicks and scored on the reveal, with no package edit."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from eleusis_lab.play import registered
from eleusis_lab.widgets import ClassBoard
from eleusis_lab.widgets.views import table_variants


def _toy_module() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "play" / "test_toy_variant.py"
    spec = importlib.util.spec_from_file_location("toy_variant_for_boards", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_toy_variant_is_offered_dealt_played_and_scored_on_the_class_board() -> None:
    toy = _toy_module().ToyRound
    assert ("Toy Eleusis (five cards)", "toy") not in table_variants()
    with registered(toy):
        board = ClassBoard(players=["Ana", "Ben"], autosave=False, hypotheses=False, plots=False)
        assert ("Toy Eleusis (five cards)", "toy") in board.form.variant.options
        board.form.variant.value = "toy"
        board.form.rule.value = "card.color != prev.color"
        board.form.seed.value = "3"
        board.deal()
        r = board.round
        assert r is not None and r.variant == "toy" and "Toy Eleusis" in board.status_html
        for _ in range(4):
            board.hand_buttons[0].click()
        assert len(r.evidence()) == 4 and board.message_html == ""  # four plays judged
        board.reveal(force=True)
        assert "card.color != prev.color" in board.reveal_html()
        rows = {row.name: row.points for row in board.session.scores()}
        assert rows == dict(
            zip([*r.players, "Dealer"], [*r.scores().players, r.scores().dealer], strict=True)
        )
        assert "eleusis-scores" in board.reveal_html() and "Ana" in board.reveal_html()
    assert ("Toy Eleusis (five cards)", "toy") not in table_variants()
