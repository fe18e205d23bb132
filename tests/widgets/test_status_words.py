"""Issue 30: the status line says a round's phase in plain words, from the variant's presentation.

Gardner's halves read "first half: …" and "second half: …", never the engine's ``first-half``; a
variant of one phase says none; every status line stays free of engine words (hyphenated phase names,
underscores, event names).
"""

from __future__ import annotations

import re

from eleusis_lab.play.gardner import GARDNER_PRESENTATION
from eleusis_lab.play.presentation import Presentation
from eleusis_lab.widgets import PhysicalBoard, SoloBoard

#: What the engine calls things and a person would not say: its phase names, and snake_case names.
ENGINE_WORDS = re.compile(r"phase|first-half|second-half|_")


def _status_text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_gardners_status_says_each_half_in_words() -> None:
    board = PhysicalBoard("gardner", ["Ana", "Ben", "Cy"], rule="gardner-2", autosave=False, hypotheses=False)
    board.deal()
    for text in ("7H", "2S", "3C", "9D", "9H"):  # the starter, three wrong cards, one right
        board.pick(text)
    first = _status_text(board.status_html)
    assert "first half" in first, first
    assert "dealer's score" not in first
    board.actions.buttons["end-half"].click()
    second = _status_text(board.status_html)
    assert "second half" in second, second
    assert "dealer's score" in second
    for text in (first, second):
        assert not ENGINE_WORDS.search(text), text


def test_a_game_of_one_phase_says_none_on_its_status_line() -> None:
    board = SoloBoard(rule="express-1", seed=3, autosave=False)
    board.deal()
    text = _status_text(board.status_html)
    assert board.round.phase == "play" and not ENGINE_WORDS.search(text), text
    assert "first half" not in text and "second half" not in text


def test_phase_words_come_from_the_presentation() -> None:
    assert GARDNER_PRESENTATION.phase_words("first-half").startswith("first half")
    assert GARDNER_PRESENTATION.phase_words("over") == ""
    own = Presentation(title="A lesson's game", phases={"play": "warm-up round"})
    assert own.phase_words("play") == "warm-up round" and Presentation(title="x").phase_words("play") == ""
