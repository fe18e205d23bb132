"""One box for a rule (issue 28): words, clicks or rule text give the same ``.rule``."""

from __future__ import annotations

import ipywidgets as w
import pytest

from eleusis_lab.widgets.rule_box import BY_CLICKS, RULE_TEXT, WORDS, RuleBox


def test_words_clicks_and_rule_text_give_a_rule() -> None:
    box = RuleBox()
    seen = []
    box.on_change(seen.append)
    assert box.mode.value == WORDS and box.rule is None and box.problem == ""
    box.text.value = "card.suit == prev.suit"  # rule text typed among words is taken as it is
    assert box.rule is not None and box.rule.text == "card.suit == prev.suit" and not box.chooser.rows
    assert box.words is None
    box.text.value = "alternate red and black"
    assert box.rule is None and box.chooser.rows
    assert box.problem == "Click the rule you mean among the sentences offered."
    box.chooser.rows[0].click()
    assert box.rule.text == "card.color != prev.color" and box.english == "Alternate red and black cards."
    assert box.words == "alternate red and black" and box.problem == ""
    builder = box.build()  # the builder opens on the rule picked
    assert builder.text == "card.color != prev.color" and box.area.children == (builder,)
    builder.rows("main")[0].comparison.value = "same as"
    assert box.rule.text == "card.color == prev.color"
    assert [r.text if r else None for r in seen][-1] == "card.color == prev.color"
    assert box.words == "alternate red and black", "the student's words stay with the rule adjusted"


def test_rule_text_mode_offers_no_sentences_and_says_to_use_words() -> None:
    box = RuleBox(start=RULE_TEXT)
    assert box.area.children == (box.text,) and "rule language" in box.text.placeholder
    box.type_text("alternate red and black")
    assert box.rule is None and not box.chooser.rows and box.words is None
    assert "choose “In words”" in box.message.value
    box.mode.value = WORDS  # the same words, now read as words
    assert box.chooser.rows and box.area.children == (box.text, box.chooser)


def test_an_unfinished_build_is_a_problem_not_a_rule() -> None:
    box = RuleBox(start=BY_CLICKS)
    assert box.rule is not None  # the builder starts on a whole rule ("Play a red card.")
    from eleusis_lab.rules.builder import Group, Part

    draft = box.builder.draft
    box.builder.apply(lambda: setattr(draft, "main", Group((Part("card", "rank", "one of", ()),))), None)
    assert box.rule is None and box.problem.startswith("The rule built is not finished")


def test_clear_and_a_new_deck_empty_the_box() -> None:
    box = RuleBox()
    box.type_text("alternate colours")
    box.chooser.rows[0].click()
    box.clear()
    assert (box.rule, box.words, box.text.value, box.chooser.rows) == (None, None, "", [])
    box.set_deck("letters")
    assert box.chooser.deck == "letters" and box.builder.draft.deck == "letters"
    with pytest.raises(ValueError, match="starts"):
        RuleBox(start="by magic")


def test_a_typo_gets_the_hint_and_never_the_text() -> None:
    box = RuleBox(secret=True)
    assert isinstance(box.text, w.Password)
    box.text.value = "card.colour == red"
    assert box.rule is None
    assert "did you mean `color`" in box.message.value and "card.colour == red" not in box.message.value


def test_a_rule_the_builder_cannot_show_stays_and_says_so() -> None:
    box = RuleBox(start=RULE_TEXT)
    box.text.value = "card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]"
    kept = box.rule
    assert kept is not None
    box.build()
    assert "cannot show" in box.message.value
    assert box.rule is kept and box.mode.value == RULE_TEXT  # refused: nothing lost, nothing moved
    assert box.area.children[0] is box.text


def test_closing_the_box_closes_the_way_not_shown_and_old_rows() -> None:
    box = RuleBox(secret=True)
    builder = box.build()
    first_row = builder.rows("main")[0]
    builder.add_row("main")  # the rows are drawn again: the old ones are closed
    assert first_row.comparison.comm is None and builder.rows("main")[0].comparison.comm is not None
    box.mode.value = WORDS  # the builder is not shown now, but holds the rule built
    box.close()
    assert box.builder.english_html.comm is None and box.text.comm is None and box.chooser.comm is None
