"""The rule builder: a rule composed by choosing from dropdowns, its English and rule text shown live.

A view over :class:`eleusis_lab.rules.builder.RuleDraft` (which holds every choice and refuses bad
ones): each row is *which card · which property · which comparison · which value*, rows join by
*and* / *or*, and "Add if … then …" puts branches before an *otherwise* part.

Built from plain ipywidgets controls, not a Blockly canvas (an ``anywidget`` view): native dropdowns
and buttons are reached with Tab and changed with the arrow keys, a screen reader reads them, they
work unchanged in JupyterLab, Voilà and JupyterLite with no JavaScript bundle to build or serve
offline, and they install with the kit's existing extras.  A rule of one to three comparisons,
which is what people write, is three rows of four choices: no dragging needed.

>>> builder = RuleBuilder()
>>> builder.rows("main")[0].comparison.value = "different from"   # what a click on the dropdown does
>>> builder.rule.text, builder.english
('card.color != prev.color', 'Alternate red and black cards.')
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.rules.builder import PROPERTIES, SUBJECTS, Part, RuleDraft
from eleusis_lab.rules.checks import RuleReport
from eleusis_lab.rules.library import RuleLike
from eleusis_lab.rules.rule import Rule
from eleusis_lab.widgets._common import button

__all__ = ["RuleBuilder", "close_tree"]

STYLE = """
<style>
.eleusis-rule-builder { font-size: 16px; max-width: 1000px; }
.eleusis-rule-builder .widget-dropdown select, .eleusis-rule-builder .widget-button { font-size: 16px; }
.eleusis-rule-builder .eleusis-builder-row { flex-wrap: wrap; align-items: center; }
.eleusis-builder-english { font-size: 20px; line-height: 1.35; }
.eleusis-builder-text code { font-size: 16px; white-space: pre-wrap; word-break: break-word; }
.eleusis-builder-slot { font-weight: bold; font-size: 17px; margin: 6px 0 2px 0; }
</style>
"""

_WIDTH = {"subject": "200px", "prop": "200px", "comparison": "170px", "value": "150px"}


def close_tree(widget: w.Widget) -> None:
    """Close a widget and every widget below it (ipywidgets' ``close()`` leaves the children open): a
    closed widget leaves the page's widget state, so no copy of a secret rule's parts stays there."""
    if isinstance(widget, w.Box):
        for child in widget.children:
            close_tree(child)
    widget.close()


def _label(word: str) -> str:
    return SUBJECTS.get(word, word)


def _dropdown(options: list[str], value: str, width: str, description: str) -> w.Dropdown:
    box = w.Dropdown(
        options=[(_label(o), o) for o in options],
        value=value,
        layout=w.Layout(width=width, min_width=width),
        description_allow_html=False,
    )
    box.add_class("eleusis-builder-choice")
    box.tooltip = description
    return box


class _Row(w.HBox):
    """One row of four choices; its changes go to the draft, and the draft's answer is shown back."""

    def __init__(self, builder: RuleBuilder, slot: str, index: int) -> None:
        self.builder, self.slot, self.index = builder, slot, index
        part = builder.draft.group(slot).parts[index]
        draft = builder.draft
        self.subject = _dropdown(draft.subjects(), part.subject, _WIDTH["subject"], "which card")
        self.prop = _dropdown(draft.properties(part.subject), part.prop, _WIDTH["prop"], "which property")
        comparisons = draft.comparisons(part.subject, part.prop)
        self.comparison = _dropdown(comparisons, part.comparison, _WIDTH["comparison"], "which comparison")
        self.values = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.remove = button(
            "✕", "eleusis-builder-remove-row", self._remove, width="44px", tooltip="remove this row"
        )
        super().__init__([self.subject, self.prop, self.comparison, self.values, self.remove])
        self.add_class("eleusis-builder-row")
        self.subject.observe(lambda ch: self._choose(subject=ch["new"]), "value")
        self.prop.observe(lambda ch: self._choose(prop=ch["new"]), "value")
        self.comparison.observe(lambda ch: self._choose(comparison=ch["new"]), "value")
        self._value_controls: list[Any] = []
        self._shape: tuple[str, str, str] | None = None
        self._show_values(part)

    @property
    def part(self) -> Part:
        return self.builder.draft.group(self.slot).parts[self.index]

    def _choose(self, **choice: Any) -> None:
        if self.builder.quiet:
            return
        self.builder.apply(lambda: self.builder.draft.set_part(self.slot, self.index, **choice), self)

    def show(self) -> None:
        """Show the draft's row (options first, then values), without sending the changes back."""
        part, draft = self.part, self.builder.draft
        self.subject.value = part.subject
        self.prop.options = [(_label(o), o) for o in draft.properties(part.subject)]
        self.prop.value = part.prop
        self.comparison.options = [(o, o) for o in draft.comparisons(part.subject, part.prop)]
        self.comparison.value = part.comparison
        self._show_values(part)

    def _show_values(self, part: Part) -> None:
        draft = self.builder.draft
        choices = draft.value_choices(part.subject, part.prop, part.comparison)
        shape = (part.subject, part.prop, part.comparison)
        if self._shape == shape:
            self._set_values(part)
            return
        self._shape = shape
        controls: list[Any] = []
        how = part.comparison
        if how in ("one of", "none of"):
            controls = [self._tags(choices, part.values)]
        elif how == "comes after":
            controls = [
                _dropdown(choices, part.values[0], _WIDTH["value"], "the other card"),
                self._tags(list(PROPERTIES[part.prop].values), part.values[1:]),
            ]
        elif how in ("within", "at least … away from"):
            amounts = [str(n) for n in range(13)]
            controls = [
                _dropdown(amounts, part.values[1], "70px", "how many ranks"),
                w.HTML("ranks of"),
                _dropdown(choices, part.values[0], _WIDTH["value"], "the other card"),
            ]
        elif how == "between":
            controls = [
                _dropdown(choices, part.values[0], "110px", "lowest rank"),
                w.HTML("and"),
                _dropdown(choices, part.values[1], "110px", "highest rank"),
            ]
        else:
            controls = [_dropdown(choices, part.values[0], _WIDTH["value"], "value")]
        for control in controls:
            if not isinstance(control, w.HTML):
                control.observe(lambda _ch: self._values_changed(), "value")
        self._value_controls = controls
        self.values.children = controls

    def _tags(self, allowed: list[str], chosen: tuple[str, ...]) -> w.TagsInput:
        tags = w.TagsInput(value=list(chosen), allowed_tags=allowed, allow_duplicates=False)
        tags.layout = w.Layout(min_width="220px")
        tags.add_class("eleusis-builder-tags")
        return tags

    def _read_values(self) -> tuple[str, ...]:
        how = self.part.comparison
        read = [c.value for c in self._value_controls if not isinstance(c, w.HTML)]
        if how in ("one of", "none of"):
            return tuple(read[0])
        if how == "comes after":
            return (read[0], *read[1])
        if how in ("within", "at least … away from"):
            return (read[1], read[0])
        return tuple(read)

    def _set_values(self, part: Part) -> None:
        controls = [c for c in self._value_controls if not isinstance(c, w.HTML)]
        how = part.comparison
        if how in ("one of", "none of"):
            controls[0].value = list(part.values)
        elif how == "comes after":
            controls[0].value, controls[1].value = part.values[0], list(part.values[1:])
        elif how in ("within", "at least … away from"):
            controls[0].value, controls[1].value = part.values[1], part.values[0]
        else:
            for control, value in zip(controls, part.values, strict=False):
                control.value = value

    def _values_changed(self) -> None:
        if self.builder.quiet:
            return
        values = self._read_values()
        self.builder.apply(lambda: self.builder.draft.set_part(self.slot, self.index, values=values), self)

    def _remove(self, _button: Any) -> None:
        self.builder.apply(lambda: self.builder.draft.remove_part(self.slot, self.index), None)


class RuleBuilder(w.VBox):
    """Compose a rule by choices: ``RuleBuilder(deck="standard")``.

    ``.rule`` is the rule built (a :class:`~eleusis_lab.rules.Rule`, or None while unfinished),
    ``.english`` and ``.text`` its sentence and rule text, ``.on_change(callback)`` calls
    ``callback(builder)`` after every change, ``.prefill(rule)`` shows a rule the rows can show (or
    raises ``ValueError`` and changes nothing), ``.check()`` runs the kit's rule checks and shows them.

    The English and the rule text are shown on the builder: put it where only the person who may see
    the rule sees it (the teacher's fold for a secret rule).
    """

    def __init__(self, deck: str = "standard", rule: RuleLike | None = None) -> None:
        self.draft = RuleDraft(deck)
        self.quiet = False
        self._callbacks: list[Callable[[RuleBuilder], object]] = []
        self._groups: dict[str, w.VBox] = {}
        self._rows: dict[str, list[_Row]] = {}
        self.english_html = w.HTML()
        self.english_html.add_class("eleusis-builder-english")
        self.text_html = w.HTML()
        self.text_html.add_class("eleusis-builder-text")
        self.message = w.HTML()
        self.message.add_class("eleusis-builder-message")
        self.report_html = w.HTML()
        self.report_html.add_class("eleusis-builder-report")
        self.check_button = button("Check it", "eleusis-builder-check", lambda _b: self.check(), width="9em")
        self.add_if_button = button(
            "Add if … then …", "eleusis-builder-add-if", self._add_branch, width="12em"
        )
        self.sections = w.VBox()
        super().__init__(
            [
                w.HTML(STYLE),
                self.sections,
                w.HBox([self.add_if_button, self.check_button]),
                self.english_html,
                self.text_html,
                self.message,
                self.report_html,
            ]
        )
        self.add_class("eleusis-rule-builder")
        self._rebuild()
        if rule is not None:
            self.prefill(rule)

    # -- the public face --
    @property
    def rule(self) -> Rule | None:
        return self.draft.rule

    @property
    def english(self) -> str:
        return self.draft.english

    @property
    def text(self) -> str:
        return self.draft.text

    def on_change(self, callback: Callable[[RuleBuilder], object]) -> None:
        """Call ``callback(builder)`` after every change of the rule."""
        self._callbacks.append(callback)

    def prefill(self, rule: RuleLike) -> None:
        """Show ``rule`` in the rows; ``ValueError`` (and nothing changes) if the rows cannot show it."""
        self.draft = RuleDraft.from_rule(rule, self.draft.deck)
        self._rebuild()
        self._changed()

    def rows(self, slot: str) -> list[_Row]:
        """The row views of one group (``"main"``, ``"if:0"``, ``"then:0"`` …), for tests and lessons."""
        return list(self._rows[slot])

    def check(self) -> RuleReport | None:
        """Run the kit's checks on the rule and show their verdicts under it."""
        try:
            report = self.draft.check()
        except ValueError as err:
            self.report_html.value = f"<div>{escape(str(err))}</div>"
            return None
        verdicts = "".join(f"<li>{escape(v)}</li>" for v in report.verdicts)
        head = "Fit for play." if report.acceptable else "Not fit for play yet."
        self.report_html.value = f'<div style="font-size:17px"><b>{head}</b><ul>{verdicts}</ul></div>'
        return report

    # -- the controls' calls --
    def apply(self, change: Callable[[], object], row: _Row | None) -> None:
        """Make one change on the draft; a refused change is said in one line and the view shows the
        draft as it still is."""
        try:
            change()
        except ValueError as err:
            self.message.value = f'<div style="color:#991b1b">{escape(str(err))}</div>'
            self._refresh()
            return
        self.message.value = ""
        if row is None:
            self._rebuild()
        else:
            self._show_row(row)
        self._changed()

    def set_join(self, slot: str, join: str) -> None:
        self.apply(lambda: self.draft.set_join(slot, join), None)

    def add_row(self, slot: str) -> None:
        self.apply(lambda: self.draft.add_part(slot), None)

    def _add_branch(self, _button: Any = None) -> None:
        self.apply(self.draft.add_branch, None)

    def remove_branch(self, number: int) -> None:
        self.apply(lambda: self.draft.remove_branch(number), None)

    # -- drawing --
    def _show_row(self, row: _Row) -> None:
        self.quiet = True
        try:
            row.show()
        finally:
            self.quiet = False

    def _refresh(self) -> None:
        for rows in self._rows.values():
            for row in rows:
                self._show_row(row)

    def _remover(self, number: int) -> Callable[[Any], None]:
        return lambda _button: self.remove_branch(number)

    def _group_box(self, slot: str, title: str) -> w.VBox:
        group = self.draft.group(slot)
        rows = [_Row(self, slot, k) for k in range(len(group.parts))]
        self._rows[slot] = rows
        join = w.Dropdown(
            options=[("and", "and"), ("or", "or")], value=group.join, layout=w.Layout(width="80px")
        )
        join.add_class("eleusis-builder-join")
        join.observe(lambda ch: None if self.quiet else self.set_join(slot, ch["new"]), "value")
        add = button("Add a row", "eleusis-builder-add-row", lambda _b: self.add_row(slot), width="9em")
        footer = w.HBox([w.HTML("rows joined by"), join, add]) if len(rows) > 1 else w.HBox([add])
        head = w.HTML(escape(title))
        head.add_class("eleusis-builder-slot")
        box = w.VBox([head, *rows, footer])
        box.add_class("eleusis-builder-group")
        return box

    def _rebuild(self) -> None:
        self.quiet = True
        try:
            self._rows = {}
            sections: list[Any] = []
            for k, _branch in enumerate(self.draft.branches):
                first = "If" if k == 0 else "Otherwise, if"
                remove = button("Remove this if", "eleusis-builder-remove-if", self._remover(k))
                sections += [
                    self._group_box(f"if:{k}", first),
                    self._group_box(f"then:{k}", "then"),
                    remove,
                ]
            main_title = "Otherwise" if self.draft.branches else "The rule"
            sections.append(self._group_box("main", main_title))
            old = self.sections.children
            self.sections.children = sections
            for section in old:  # the old rows leave the page's state (they may hold a secret's parts)
                close_tree(section)
        finally:
            self.quiet = False
        self._show_result()

    def _show_result(self) -> None:
        rule = self.draft.rule
        if rule is None:
            self.english_html.value = f"<div>{escape(self.draft.problem)}</div>"
            self.text_html.value = ""
            return
        self.english_html.value = f"<div>{escape(self.draft.english)}</div>"
        self.text_html.value = f"<div>Rule text: <code>{escape(rule.text)}</code></div>"

    def _changed(self) -> None:
        self._show_result()
        self.report_html.value = ""
        for callback in self._callbacks:
            callback(self)
