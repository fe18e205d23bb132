"""The words-to-rules chooser (issue 28): readable rows, and the row clicked is the row returned."""

from __future__ import annotations

import pytest

from eleusis_lab.widgets.rule_chooser import STYLE, RuleChooser


def test_the_clicked_row_is_the_row_returned() -> None:
    chooser = RuleChooser()
    got = []
    chooser.on_pick(got.append)
    chooser.find("the colours go red, black, red, black")
    assert 1 < len(chooser.rows) <= 5
    for k, row in enumerate(chooser.rows):
        row.click()
        assert chooser.picked == chooser.matches[k] == got[-1]
        assert row.description == chooser.matches[k].english
        assert [r.button_style for r in chooser.rows].count("success") == 1


def test_rows_are_projector_sized_and_never_overlap() -> None:
    # 20 px text, rows as tall as their text (height auto, wrapping), a margin between rows.
    assert "font-size: 20px" in STYLE and "white-space: normal" in STYLE and "height: auto" in STYLE
    chooser = RuleChooser()
    chooser.find("alternate colours")
    assert all("eleusis-chooser-row" in r._dom_classes and r.layout.width == "100%" for r in chooser.rows)


def test_nothing_found_says_so_and_offers_nothing() -> None:
    chooser = RuleChooser()
    chooser.find("purple elephants")
    assert chooser.rows == [] and "No rule matches" in chooser.message.value
    with pytest.raises(ValueError, match="no row 1"):
        chooser.pick(0)


def test_the_best_candidate_opens_in_the_builder_prefilled() -> None:
    chooser = RuleChooser()
    chooser.find("alternate colours")
    builder = chooser.open_builder()
    assert builder is not None and builder.text == "card.color != prev.color"
    assert chooser.builder_area.children == (builder,)


def test_words_are_escaped_in_messages() -> None:
    chooser = RuleChooser()
    chooser.show([], "<b>x</b>")
    assert "<b>" not in chooser.message.value
