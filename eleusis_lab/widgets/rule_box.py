"""One box to state a rule three ways: in words (the chooser), by clicks (the builder), or as rule text.

Every place a person states a rule uses it (the teacher's secret, a round board's guess, a class
hypothesis, lesson 10's confidence statements; the benchmark board may too):
``RuleBox(deck)`` gives

- ``.rule``: the :class:`~eleusis_lab.rules.Rule` stated, or None; ``.english``: its sentence;
- ``.words``: the words it was picked from ("the colours take turns"), or None when it was typed as
  rule text or built without words: kept with a guess or a hypothesis as the student's own words;
- ``.problem``: "" when the box holds a rule or nothing, else one sentence saying what is missing
  ("Click the rule you mean among the sentences offered."), for a caller to refuse a half-stated rule;
- ``on_change(callback)``: ``callback(rule)`` after every change, whichever way it was given;
- ``.clear()`` empties it after a statement is kept; ``.set_deck(deck)`` follows a new game's deck.

The three ways, one toggle (``.mode``, :data:`WORDS` first unless ``start`` says otherwise):

- **In words**: what is typed is read as words and the closest rules are offered as sentences
  (:mod:`eleusis_lab.widgets.rule_chooser`); the row clicked is the rule.  Rule text typed here is
  taken as it is, so nobody is refused for knowing the language.
- **By clicks**: the rule builder (:mod:`eleusis_lab.widgets.rule_builder`), prefilled with the rule
  picked or typed so far when its rows can show it.
- **Rule text**: the rule language, with the parser's hint for a typo in one line ("unknown attribute
  `colour`; did you mean `color`?"), never the text typed.

``secret=True`` masks the typed text (a password box) and never writes the rule or its English
anywhere but the box's own views: put a secret's box in the teacher's fold, since the chooser and the
builder show the sentences they offer.

>>> box = RuleBox()
>>> box.type_text("alternate red and black")
>>> [row.description for row in box.chooser.rows][:1]
['Alternate red and black cards.']
>>> box.problem
'Click the rule you mean among the sentences offered.'
>>> box.chooser.rows[0].click()
>>> box.rule.text, box.words
('card.color != prev.color', 'alternate red and black')
>>> box.mode.value = RULE_TEXT; box.type_text("card.colour == red"); box.message.value
'<div>Not a rule yet (column 6): unknown attribute `colour`; did you mean `color`?</div>'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from eleusis_lab.rules.english import english
from eleusis_lab.rules.rule import Rule
from eleusis_lab.science.words import RuleMatch, read_rule_box
from eleusis_lab.widgets.rule_builder import RuleBuilder, close_tree
from eleusis_lab.widgets.rule_chooser import RuleChooser

__all__ = ["BY_CLICKS", "RULE_TEXT", "WORDS", "RuleBox"]

WORDS, BY_CLICKS, RULE_TEXT = "In words", "By clicks", "Rule text"

STYLE = """
<style>
.eleusis-rule-box .eleusis-rule-box-mode .widget-toggle-button { font-size: 16px; padding: 0 5px; }
.eleusis-rule-box .eleusis-rule-box-text input { font-size: 18px; }
.eleusis-rule-box .eleusis-rule-box-message { font-size: 17px; }
</style>
"""

# No example rules in these placeholders: a projector shows them, and an example might be the secret.
_PLACEHOLDERS = {
    WORDS: "say the rule in words, then press Enter and click the rule you mean",
    RULE_TEXT: "the rule in the rule language, then press Enter",
}


class RuleBox(w.VBox):
    """State a rule in words, by clicks or as rule text: ``.rule``, ``.english``, ``.words``."""

    def __init__(
        self, deck: str = "standard", *, secret: bool = False, placeholder: str = "", start: str = WORDS
    ) -> None:
        """``placeholder`` replaces the words box's own hint; ``start`` is the way shown first."""
        self.deck, self.secret = deck, secret
        self.rule: Rule | None = None
        self.words: str | None = None
        self._placeholders = {**_PLACEHOLDERS, **({WORDS: placeholder} if placeholder else {})}
        self._callbacks: list[Callable[[Rule | None], object]] = []
        text_class = w.Password if secret else w.Text
        # Enter (or leaving the box) sends what was typed: the value changes only then.
        # Not 100 %: the field's margin would push it past a narrow column's edge.
        self.text = text_class(continuous_update=False, layout=w.Layout(width="95%"))
        self.text.add_class("eleusis-rule-box-text")
        self.text.observe(lambda ch: self.type_text(ch["new"]), "value")
        self.mode = w.ToggleButtons(options=[WORDS, BY_CLICKS, RULE_TEXT], value=WORDS)
        self.mode.style.button_width = "auto"  # as wide as their words: three fit a 260 px column
        self.mode.add_class("eleusis-rule-box-mode")
        self.message = w.HTML()
        self.message.add_class("eleusis-rule-box-message")
        # The words come from the box above; "Open in the builder" is the box's own "By clicks" (one
        # builder, whose rule is the box's), prefilled with the row clicked (or the best one).
        self.chooser = RuleChooser(deck, with_words=False, opens=self._open_picked)
        self.chooser.builder_button.layout.display = "none"  # shown with rows to open
        self.chooser.on_pick(self._picked)
        self.builder = self._new_builder(deck)
        self.area = w.VBox()
        self._shown = WORDS  # the way shown now (a refused switch goes back to it)
        super().__init__([w.HTML(STYLE), self.mode, self.area, self.message])
        self.add_class("eleusis-rule-box")
        self._show_mode(WORDS)
        self.mode.observe(lambda ch: self._show_mode(ch["new"]), "value")
        if start not in (WORDS, BY_CLICKS, RULE_TEXT):  # checked once built: a half-built box cannot close
            raise ValueError(f"a rule box starts {WORDS!r}, {BY_CLICKS!r} or {RULE_TEXT!r}, not {start!r}")
        if start != WORDS:
            self.mode.value = start

    def on_change(self, callback: Callable[[Rule | None], object]) -> None:
        """Call ``callback(rule)`` (a Rule, or None when the box holds no rule) after every change."""
        self._callbacks.append(callback)

    @property
    def english(self) -> str:
        return english(self.rule) if self.rule is not None else ""

    @property
    def problem(self) -> str:
        """Why the box holds no rule although something was said ("" when it holds a rule, or nothing)."""
        if self.rule is not None:
            return ""
        if self.mode.value == BY_CLICKS:
            return f"The rule built is not finished: {self.builder.draft.problem}"
        if not self.text.value.strip():
            return ""
        if self.chooser.matches:
            return "Click the rule you mean among the sentences offered."
        return "What is typed is not a rule yet: see the line under the box."

    # -- the ways in --
    def type_text(self, text: str) -> None:
        """What typing ``text`` and pressing Enter does (words offer rules; rule text is the rule)."""
        if self.text.value != text:
            self.text.value = text  # observed: it comes back here once
            return
        if not text.strip():
            self._offer([])
            self.message.value, self.words = "", None
            self._set_rule(None)
            return
        reading = read_rule_box(text, deck=self.deck)
        offered = list(reading.matches) if self.mode.value == WORDS else []
        self._offer(offered)
        self.words = text.strip() if offered else None
        message = reading.message
        if reading.matches and not offered:
            message = f"That reads as words, not rule text: choose “{WORDS}” to pick the rule you mean."
        self.message.value = f"<div>{escape(message)}</div>" if message else ""
        self._set_rule(reading.rule if isinstance(reading.rule, Rule) else None)

    def build(self) -> RuleBuilder:
        """Switch to the builder (prefilled with the rule so far when it can be shown) and return it."""
        self.mode.value = BY_CLICKS
        return self.builder

    def clear(self) -> None:
        """Empty the box (after a statement is kept): no rule, no words, a fresh builder."""
        self.text.value = ""
        self._offer([])
        self.message.value, self.words = "", None
        old, self.builder = self.builder, self._new_builder(self.deck)
        if self.mode.value == BY_CLICKS:
            self.area.children = [self.builder]
        close_tree(old)  # let go first, then close: the old rows and sentence leave the page's state
        self._set_rule(None)

    def set_deck(self, deck: str) -> None:
        """Offer and build rules of ``deck`` (a new game's); the box is emptied when the deck changes."""
        if deck != self.deck:
            self.deck = self.chooser.deck = deck
            self.clear()

    def close(self) -> None:
        """Close the box and all its parts, the way not shown too (the builder or the words box): none
        of them, a secret's sentences or rows, stays in the page's widget state."""
        for part in (self.text, self.chooser, self.builder):
            close_tree(part)
        super().close()

    # -- drawing --
    def _offer(self, matches: list[RuleMatch]) -> None:
        self.chooser.show(matches)
        self.chooser.builder_button.layout.display = None if matches else "none"

    def _open_picked(self) -> None:
        """*Open in the builder* under the sentences: the row clicked (or the best one) to adjust."""
        if self.chooser.picked is None and self.chooser.matches:
            self.chooser.pick(0)
        self.build()

    def _new_builder(self, deck: str) -> RuleBuilder:
        builder = RuleBuilder(deck)
        builder.on_change(lambda b: self._set_rule(b.rule) if b is self.builder else None)
        return builder

    def _picked(self, match: RuleMatch) -> None:
        self._set_rule(Rule.parse(match.text))
        self.message.value = "" if self.secret else f"<div>{escape(match.english)}</div>"

    def _show_mode(self, mode: str) -> None:
        if mode == BY_CLICKS:
            if self.rule is not None:
                try:
                    self.builder.prefill(self.rule)
                except ValueError as err:
                    # Refused: the rule stays, and so does the way it was given (a rule is never lost).
                    self.mode.value = self._shown
                    self.message.value = f"<div>{escape(str(err))}</div>"
                    return
            self._shown = mode
            self.area.children = [self.builder]
            self.message.value = ""
            self._set_rule(self.builder.rule)
            return
        self._shown = mode
        self.text.placeholder = self._placeholders[mode]
        self.area.children = [self.text, self.chooser] if mode == WORDS else [self.text]
        if self.text.value.strip():
            self.type_text(self.text.value)  # read again the way now chosen
        else:
            self._set_rule(None)

    def _set_rule(self, rule: Rule | None) -> None:
        self.rule = rule
        for callback in self._callbacks:
            callback(rule)
