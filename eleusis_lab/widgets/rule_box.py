"""One box to state a rule three ways: rule text, words (the chooser), or clicks (the builder).

For every place a person states a rule (the teacher's secret, a class guess, a hypothesis, a solo or
benchmark statement, lesson 10's confidence statements): ``RuleBox(deck)`` gives ``.rule`` (a
:class:`~eleusis_lab.rules.Rule` or None), ``.english`` and ``on_change(callback)``, whichever way the
rule was given.

- **Type it**: rule text is read as a rule; words are offered the closest rules as sentences
  (:mod:`eleusis_lab.widgets.rule_chooser`); a rule-text typo gets the parser's hint in one line
  ("unknown attribute `colour`; did you mean `color`?"), never the text typed.
- **Build it**: the rule builder (:mod:`eleusis_lab.widgets.rule_builder`), prefilled with the rule
  typed or picked so far when its rows can show it.

``secret=True`` masks the typed text (a password box) and never writes the rule or its English
anywhere but the box's own views: put a secret's box in the teacher's fold, since the chooser and the
builder show the sentences they offer.

>>> box = RuleBox()
>>> box.type_text("alternate red and black")
>>> [row.description for row in box.chooser.rows][:1]
['Alternate red and black cards.']
>>> box.chooser.rows[0].click()
>>> box.rule.text
'card.color != prev.color'
>>> box.type_text("card.colour == red"); box.message.value
'<div>Not a rule yet (column 6): unknown attribute `colour`; did you mean `color`?</div>'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from eleusis_lab.rules.english import english
from eleusis_lab.rules.rule import Rule
from eleusis_lab.science.words import RuleMatch, read_rule_box
from eleusis_lab.widgets.rule_builder import RuleBuilder
from eleusis_lab.widgets.rule_chooser import RuleChooser

__all__ = ["RuleBox"]

_TYPE, _BUILD = "Type it (rule or words)", "Build it by clicks"


class RuleBox(w.VBox):
    """State a rule by rule text, by words or by clicks; ``.rule``, ``.english``, ``on_change``."""

    def __init__(self, deck: str = "standard", *, secret: bool = False, placeholder: str = "") -> None:
        self.deck, self.secret = deck, secret
        self.rule: Rule | None = None
        self._callbacks: list[Callable[[Rule | None], object]] = []
        text_class = w.Password if secret else w.Text
        self.text = text_class(
            placeholder=placeholder
            or "A rule, like card.color != prev.color, or words, like 'alternate colours'",
            continuous_update=False,
            layout=w.Layout(width="100%"),
        )
        self.text.add_class("eleusis-rule-box-text")
        self.text.observe(lambda ch: self.type_text(ch["new"]), "value")
        self.mode = w.ToggleButtons(options=[_TYPE, _BUILD], value=_TYPE)
        self.mode.add_class("eleusis-rule-box-mode")
        self.mode.observe(lambda ch: self._show_mode(ch["new"]), "value")
        self.message = w.HTML()
        self.message.add_class("eleusis-rule-box-message")
        self.chooser = RuleChooser(deck, with_words=False)  # the words come from the box above
        self.chooser.on_pick(self._picked)
        self.builder = RuleBuilder(deck)
        self.builder.on_change(lambda b: self._set_rule(b.rule))
        self.area = w.VBox([self.text, self.chooser])
        super().__init__([self.mode, self.area, self.message])
        self.add_class("eleusis-rule-box")

    def on_change(self, callback: Callable[[Rule | None], object]) -> None:
        """Call ``callback(rule)`` (a Rule, or None when the box holds no rule) after every change."""
        self._callbacks.append(callback)

    @property
    def english(self) -> str:
        return english(self.rule) if self.rule is not None else ""

    # -- the ways in --
    def type_text(self, text: str) -> None:
        """What typing ``text`` and pressing Enter does."""
        reading = read_rule_box(text, deck=self.deck)
        self.chooser.show(list(reading.matches))
        self.message.value = f"<div>{escape(reading.message)}</div>" if reading.message else ""
        self._set_rule(reading.rule if isinstance(reading.rule, Rule) else None)

    def _picked(self, match: RuleMatch) -> None:
        self._set_rule(Rule.parse(match.text))
        self.message.value = "" if self.secret else f"<div>{escape(match.english)}</div>"

    def _show_mode(self, mode: str) -> None:
        if mode == _BUILD:
            if self.rule is not None:
                try:
                    self.builder.prefill(self.rule)
                except ValueError as err:
                    # Refused: the rule typed stays, and so does the box (a rule is never lost).
                    self.message.value = f"<div>{escape(str(err))}</div>"
                    self.mode.value = _TYPE
                    return
            self.area.children = [self.builder]
            self._set_rule(self.builder.rule)
        else:
            self.area.children = [self.text, self.chooser]

    def _set_rule(self, rule: Rule | None) -> None:
        self.rule = rule
        for callback in self._callbacks:
            callback(rule)

    def build(self) -> RuleBuilder:
        """Switch to the builder (prefilled with the rule so far when it can be shown) and return it."""
        self.mode.value = _BUILD
        return self.builder
