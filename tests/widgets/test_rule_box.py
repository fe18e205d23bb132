"""One box for a rule (issue 28): rule text, words or clicks give the same ``.rule``."""

from __future__ import annotations

import ipywidgets as w

from eleusis_lab.widgets.rule_box import RuleBox


def test_rule_text_words_and_clicks_give_a_rule() -> None:
    box = RuleBox()
    seen = []
    box.on_change(seen.append)
    box.text.value = "card.suit == prev.suit"  # what typing and Enter do
    assert box.rule is not None and box.rule.text == "card.suit == prev.suit" and not box.chooser.rows
    box.text.value = "alternate red and black"
    assert box.rule is None and box.chooser.rows
    box.chooser.rows[0].click()
    assert box.rule.text == "card.color != prev.color" and box.english == "Alternate red and black cards."
    builder = box.build()  # the builder opens on the rule picked
    assert builder.text == "card.color != prev.color"
    builder.rows("main")[0].comparison.value = "same as"
    assert box.rule.text == "card.color == prev.color"
    assert [r.text if r else None for r in seen][-1] == "card.color == prev.color"


def test_a_typo_gets_the_hint_and_never_the_text() -> None:
    box = RuleBox(secret=True)
    assert isinstance(box.text, w.Password)
    box.text.value = "card.colour == red"
    assert box.rule is None
    assert "did you mean `color`" in box.message.value and "card.colour == red" not in box.message.value


def test_a_rule_the_builder_cannot_show_stays_and_says_so() -> None:
    box = RuleBox()
    box.text.value = "card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]"
    kept = box.rule
    box.build()
    assert "cannot show" in box.message.value
    assert box.rule is kept and box.mode.value.startswith("Type")  # refused: nothing lost, nothing moved
    assert box.area.children[0] is box.text
