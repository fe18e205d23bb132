"""The rule builder widget (issue 28): its dropdowns drive the draft, its English and text follow live."""

from __future__ import annotations

import ipywidgets as w
import pytest

from eleusis_lab.rules.judge import judge
from eleusis_lab.widgets.rule_builder import RuleBuilder


def controls(widget: w.Widget) -> list[w.Widget]:
    out = []
    stack = [widget]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(getattr(node, "children", ()))
    return out


def test_alternate_red_and_black_by_one_dropdown() -> None:
    builder = RuleBuilder()
    seen = []
    builder.on_change(lambda b: seen.append(b.text))
    builder.rows("main")[0].comparison.value = "different from"
    assert builder.rule is not None and builder.rule.text == "card.color != prev.color"
    assert seen == ["card.color != prev.color"]
    assert "Alternate red and black cards." in builder.english_html.value
    assert "card.color != prev.color" in builder.text_html.value


def test_a_new_property_refreshes_the_row_choices() -> None:
    builder = RuleBuilder()
    row = builder.rows("main")[0]
    row.prop.value = "rank"
    assert [v for _, v in row.comparison.options][:3] == ["is", "is not", "one of"]
    row.comparison.value = "between"
    low, _and, high = row.values.children
    assert (low.value, high.value) == ("4", "9")
    high.value = "jack"
    assert builder.text == "card.rank in 4..jack"
    assert builder.english == "Play a card from 4 to jack."


def test_if_then_otherwise_by_buttons_and_dropdowns() -> None:
    builder = RuleBuilder()
    builder.rows("main")[0].prop.value = "parity"  # otherwise: the card is even
    builder.add_if_button.click()
    cond, then = builder.rows("if:0")[0], builder.rows("then:0")[0]
    assert cond.subject.value == "prev"
    cond.prop.value = "parity"
    then.prop.value = "parity"
    then.values.children[0].value = "odd"
    assert judge("gardner-1", builder.rule).same
    assert builder.english.startswith("If the top card is even")
    remove = [c for c in controls(builder) if "eleusis-builder-remove-if" in c._dom_classes]
    remove[0].click()
    assert builder.text == "card is even" and builder.draft.branches == []


def test_rows_join_with_or() -> None:
    builder = RuleBuilder()
    builder.add_row("main")
    builder.set_join("main", "or")
    second = builder.rows("main")[1]
    second.prop.value = "face"
    assert builder.text == "card is red or card is face"
    join = [c for c in controls(builder) if "eleusis-builder-join" in c._dom_classes]
    assert join and join[0].value == "or"


def test_one_of_takes_tags_in_order() -> None:
    builder = RuleBuilder()
    row = builder.rows("main")[0]
    row.prop.value = "suit"
    row.comparison.value = "one of"
    tags = row.values.children[0]
    assert isinstance(tags, w.TagsInput)
    tags.value = ["spades", "diamonds"]
    assert builder.text == "card.suit in [spades, diamonds]"


def test_prefill_shows_a_rule_and_refuses_what_it_cannot_show() -> None:
    builder = RuleBuilder(rule="if prev is face then card.suit == prev.suit else card.suit != prev.suit")
    assert builder.rows("if:0")[0].prop.value == "face"
    assert builder.rows("then:0")[0].comparison.value == "same as"
    before = builder.text
    with pytest.raises(ValueError, match="cannot show"):
        builder.prefill("card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]")
    assert builder.text == before


def test_a_refused_value_is_said_in_one_line_and_changes_nothing() -> None:
    builder = RuleBuilder()
    row = builder.rows("main")[0]
    row.prop.value = "suit"
    row.comparison.value = "one of"
    row.values.children[0].value = []
    assert builder.text == "card.suit in [spades]"  # the draft as it was
    assert "choose at least one suit" in builder.message.value
    assert list(row.values.children[0].value) == ["spades"]  # and the view shows it again


def test_check_of_an_unfinished_rule_says_why() -> None:
    from eleusis_lab.rules.builder import Group, Part

    builder = RuleBuilder()
    builder.draft.main = Group((Part("card", "rank", "one of", ()),))
    assert builder.rule is None
    assert builder.check() is None
    assert "choose at least one rank" in builder.report_html.value


def test_check_it_shows_the_kits_verdicts() -> None:
    builder = RuleBuilder()
    builder.rows("main")[0].comparison.value = "different from"
    builder.check_button.click()
    assert "Fit for play." in builder.report_html.value


def test_every_control_is_a_focusable_native_control_with_a_label() -> None:
    builder = RuleBuilder(rule="gardner-3")
    for control in controls(builder):
        if isinstance(control, (w.Dropdown, w.Button, w.TagsInput)):
            assert not control.disabled
        if isinstance(control, w.Button):
            assert control.description and control.tooltip


def test_text_from_a_letter_rule_is_escaped() -> None:
    builder = RuleBuilder("letters")
    assert builder.text == 'card.letter == "A"'
    assert '"A"' not in builder.text_html.value and "&quot;A&quot;" in builder.text_html.value
