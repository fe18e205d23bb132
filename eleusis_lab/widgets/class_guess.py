"""The class board's guess box: a student's sentence → the closest rules → click one → judge it.

The candidates are a :class:`~eleusis_lab.widgets.rule_chooser.RuleChooser`: each rule's English at
projector size, one per row, and the row clicked is the rule judged (with the student's words, which the
session keeps on the class's hypothesis).  The rule-language box stays beside it for teachers who type
rules.  Matching is :func:`eleusis_lab.science.words.closest_rules` (word overlap, no network); judging
is the session's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from eleusis_lab.science.words import closest_rules
from eleusis_lab.session import SessionError, TableSession
from eleusis_lab.widgets._common import banner, button
from eleusis_lab.widgets.rule_chooser import RuleChooser

__all__ = ["GuessBox"]


class GuessBox(w.VBox):
    """Who guesses, their words (matched to rules to pick from), or their rule typed; then judge."""

    def __init__(self, act: Callable[[Callable[[], Any]], bool]) -> None:
        self._act = act
        # A narrow column beside the table: one field a line, the labels above their fields.
        self.guesser = w.Dropdown(description="Who guesses", style={"description_width": "initial"})
        self.guesser.layout.width = "95%"
        self.words = w.Text(placeholder="what the student said, in their words")
        self.words.layout.width = "95%"
        # No example rules in the placeholders: the projector shows them, and one might be the secret.
        self.words.add_class("eleusis-guess-words")
        self.find = button("Find rules", "eleusis-find-rules", lambda _b: self.find_rules(), width="9em")
        self.dealer_judges = button(
            "The dealer judges these words",
            "eleusis-dealer-judges",
            lambda _b: self.judge_words(),
            width="16em",
        )
        # The words come from the box above; "Open in the builder" adjusts the row clicked (or the best).
        self.chooser = RuleChooser(with_words=False)
        self.chooser.add_class("eleusis-guess-choices")
        self.judge_choice = button(
            "Judge this rule", "eleusis-judge-choice", lambda _b: self.judge_picked(), width="12em"
        )
        self.text = w.Text(placeholder="or their rule, typed in the rule language")
        self.text.layout.width = "95%"
        self.text.add_class("eleusis-guess-input")
        self.judge = button("Judge the guess", "eleusis-guess", lambda _b: self.judge_typed(), width="12em")
        self.overrule_right = button(
            "Dealer: it's right", "eleusis-overrule-right", lambda _b: self._overrule(True), width="11em"
        )
        self.overrule_wrong = button(
            "Dealer: it's wrong", "eleusis-overrule-wrong", lambda _b: self._overrule(False), width="11em"
        )
        self.message = w.HTML()
        self.message.add_class("eleusis-guess-message")
        self._session: TableSession | None = None
        self.head = w.HTML('<b style="font-size:18px">A student states the rule</b>')
        self.words_row = w.VBox([self.guesser, self.words, self.find])
        self.text_row = w.VBox([self.text, self.judge])
        self.overrule_row = w.HBox(
            [self.overrule_right, self.overrule_wrong], layout=w.Layout(flex_flow="row wrap")
        )
        super().__init__(layout=w.Layout(border="2px solid #f59e0b", padding="4px 8px", margin="0 0 8px 0"))
        self.add_class("eleusis-guess-box")

    def render(self, session: TableSession) -> None:
        self._session = session
        names = session.guessers() if "guess" in session.possible() else []
        kids: list[w.Widget] = []
        if names:
            if list(self.guesser.options) != names:
                self.guesser.options = names
            if self.guesser.value not in names:
                self.guesser.value = names[0]
            kids += [self.head, self.words_row]
            if session.round is not None and session.round.dealer:  # a person deals: they may judge words
                kids.append(self.dealer_judges)
            if self.chooser.matches:
                kids += [self.chooser, self.judge_choice]
            kids.append(self.text_row)
        else:
            self.chooser.show([])
        if "overrule" in session.possible():
            kids.append(self.overrule_row)
        kids.append(self.message)
        _set_children(self, kids)
        # No guess may be made now and nothing to say: no orange frame round an empty box (the box stays
        # in the layout, so nothing on the board moves when a guess becomes possible).
        self.layout.border = (
            "2px solid #f59e0b" if len(kids) > 1 or self.message.value else "2px solid transparent"
        )

    def find_rules(self) -> None:
        """Offer the rules closest to the words typed (nothing changes in the round)."""
        session = self._session
        deck = session.round.rule_deck() if session is not None and session.round is not None else "standard"
        said = self.words.value.strip()
        if not said:
            self.say("Type what the student said first.")
            return
        self.chooser.deck = deck
        found = closest_rules(said, deck=deck, k=5)
        self.chooser.show(found)
        self.say("" if found else "No rule matches those words: try other words, or type the rule below.")
        if session is not None:
            self.render(session)

    def judge_picked(self) -> None:
        """Judge the row clicked (never another one), or the builder's rule once a candidate was opened
        in it to adjust, with the student's words kept."""
        built, picked = self.chooser.builder, self.chooser.picked
        if built is not None:
            if built.rule is None:
                self.say("The builder holds no rule yet: finish it, or click a rule above.")
                return
            text = built.rule.text
        elif picked is not None:
            text = picked.text
        else:
            self.say("Click the rule the student means first.")
            return
        self._judge(text, self.words.value.strip() or None)

    def judge_words(self) -> None:
        """A person deals: the student's words go to the dealer, who rules right or wrong."""
        said = self.words.value.strip()
        if not said:
            self.say("Type what the student said first.")
            return
        session = self._session
        if session is not None:
            who = str(self.guesser.value or "")
            if self._act(lambda: session.guess(who, None, said)):
                self.words.value = ""
                self.chooser.show([])
                self.say("")

    def judge_typed(self) -> None:
        self._judge(self.text.value.strip(), None)

    def _judge(self, text: str, words: str | None) -> None:
        session = self._session
        if session is None:
            return
        who = str(self.guesser.value or "")

        def judge() -> Any:
            if not text:
                raise SessionError("Type the guessed rule first, or find it from the student's words.")
            return session.guess(who, text, words)

        if self._act(judge):
            self.text.value = self.words.value = ""
            self.chooser.show([])
            self.say("")

    def _overrule(self, correct: bool) -> None:
        session = self._session
        if session is not None:
            self._act(lambda: session.overrule(correct))

    def say(self, text: str) -> None:
        self.message.value = banner(text, "warning", size="18px") if text else ""
        if text:
            self.layout.border = "2px solid #f59e0b"


def _set_children(box: w.Box, kids: list[w.Widget]) -> None:
    """Replace a box's children only when they change (no flicker on the projector)."""
    if list(box.children) != kids:
        box.children = kids
