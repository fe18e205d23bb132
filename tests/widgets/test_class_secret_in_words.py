"""The class board's secret rule said in words or clicks, in the teacher's fold only (issue 28, item 4).

The projector shows the whole page, so the check is on the widget state a browser receives: every
synced value of every widget on the board, outside the "Teacher only" fold, before the deal; and the
whole board after it.
"""

from __future__ import annotations

import json
import re

import ipywidgets as w

from eleusis_lab.rules import Rule
from eleusis_lab.rules.english import english
from eleusis_lab.widgets import ClassBoard

SECRET = "card.color != prev.color"


def _board() -> ClassBoard:
    return ClassBoard("express", ["Ana", "Ben", "Cy"], rule="", seed=4, autosave=False,
                      hypotheses=False, plots=False)  # fmt: skip


def _state(widget: w.Widget, *, skip_fold: bool) -> str:
    """Every synced value of ``widget`` and the widgets below it (the teacher's fold left out)."""
    if skip_fold and "eleusis-teacher" in widget._dom_classes:  # ipywidgets' own trait
        return ""
    parts = [json.dumps(widget.get_state(), default=str)]
    if isinstance(widget, w.Box):
        parts += [_state(child, skip_fold=skip_fold) for child in widget.children]
    return "\n".join(parts)


def _shows_the_secret(state: str, words: str) -> list[str]:
    sentence = english(SECRET)
    signs = [SECRET, "card.color", sentence, sentence.lower(), words, words.lower()]
    return [sign for sign in signs if sign in state]


def test_words_typed_as_the_secret_are_offered_in_the_fold_and_dealt_unseen() -> None:
    board = _board()
    words = "alternate red and black"
    board.form.rule.value = words
    board.form.deal.click()
    assert board.round is None and "Teacher only" in board.form.message.value
    assert words not in board.form.message.value and "Alternate" not in board.form.message.value
    rows = board.form.secret_words.chooser.rows
    labels = [row.description for row in rows]
    assert english(SECRET) in labels  # the sentences are offered in the fold
    rows[labels.index(english(SECRET))].click()
    assert board.form.rule.value == ""  # the hidden field is emptied: the fold holds the only copy
    assert "set in the teacher" in board.form.secret_note.value
    assert _shows_the_secret(_state(board, skip_fold=True), words) == []
    assert _shows_the_secret(_state(board, skip_fold=False), words) != []  # the check can fail
    board.form.deal.click()
    assert board.round is not None and board.round.rule == Rule.parse(SECRET)
    # After the deal not even the fold keeps it: a fresh box, the old one's widgets closed.
    assert _shows_the_secret(_state(board, skip_fold=False), words) == []
    assert board.form.secret_words.rule is None and board.form.secret_note.value == ""


def test_a_secret_built_by_clicks_in_the_fold_is_dealt() -> None:
    board = _board()
    builder = board.form.secret_words.build()
    builder.prefill(SECRET)  # what its controls' clicks set (the builder's own tests click them)
    assert board.form.secret_words.rule == Rule.parse(SECRET)
    assert _shows_the_secret(_state(board, skip_fold=True), "prev.color") == []
    board.form.deal.click()
    assert board.round is not None and board.round.rule == Rule.parse(SECRET)


def test_a_typo_in_the_secret_gets_the_parsers_hint_in_the_fold_only() -> None:
    board = _board()
    board.form.rule.value = "card.colour == red"
    before = board.session.to_json()
    board.form.deal.click()
    assert board.round is None and board.session.to_json() == before
    said = re.sub(r"<[^>]+>", "", board.form.message.value)  # the words shown, not the style
    assert "colour" not in said and "color" not in said and "red" not in said
    assert "did you mean `color`" in board.form.secret_words.message.value
    assert board.form.rule.value == "card.colour == red"  # a refusal loses nothing typed


def test_rule_text_and_library_keys_still_deal_from_the_hidden_field() -> None:
    for secret in (SECRET, "express-1"):
        board = _board()
        board.form.rule.value = secret
        board.form.deal.click()
        assert board.round is not None, board.form.message.value


def test_the_fold_offers_the_rules_of_the_chosen_games_deck() -> None:
    board = _board()
    assert board.form.secret_words.deck == "standard"
    board.form.secret_words.type_text("alternate red and black")
    board.form.variant.value = "letters"
    box = board.form.secret_words
    assert box.deck == "letters" and box.rule is None and box.chooser.rows == []
    assert box in board.form.teacher.children[0].children  # the new box is the one in the fold
