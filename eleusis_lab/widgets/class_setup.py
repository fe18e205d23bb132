"""The class board's set-up form: game, players, the secret rule (hidden, with an eye), options, Deal,
and the autosaved sessions to resume with one click.

The form holds only what the teacher is typing; :meth:`SetupForm.request` turns it into the arguments of
:meth:`~eleusis_lab.session.TableSession.begin`, which checks them.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.session import SavedSession, SessionError
from eleusis_lab.widgets._common import banner, button, difficulty_choice, four_colour_choice, seed_field
from eleusis_lab.widgets.options import OptionFields
from eleusis_lab.widgets.views import VariantOptionsView, set_children, table_variants

__all__ = ["SecretRuleField", "SetupForm"]

TYPED, RANDOM = "typed", "random"


class SecretRuleField(w.HBox):
    """The secret rule, hidden as it is typed; the eye shows it to the teacher to check a typo."""

    def __init__(self, value: str = "") -> None:
        self.hidden = w.Password(
            value=value,
            description="Secret rule",
            placeholder="rule text or library key — hidden as you type",
        )
        self.shown = w.Text(value=value, description="Secret rule")
        for field in (self.hidden, self.shown):
            field.layout.width = "40em"
            field.add_class("eleusis-secret-rule")
            field.add_class("eleusis-rule-input")
        self.shown.observe(lambda c: setattr(self.hidden, "value", c["new"]), "value")
        self.hidden.observe(lambda c: setattr(self.shown, "value", c["new"]), "value")
        self.eye = w.ToggleButton(value=False, description="👁 Show", tooltip="show or hide the rule")
        self.eye.layout.width = "7em"
        self.eye.add_class("eleusis-secret-eye")
        self.eye.observe(lambda _c: self._draw(), "value")
        super().__init__()
        self._draw()

    @property
    def value(self) -> str:
        return str(self.hidden.value)

    @value.setter
    def value(self, text: str) -> None:
        self.hidden.value = text

    def _draw(self) -> None:
        self.eye.description = "👁 Hide" if self.eye.value else "👁 Show"
        self.children = [self.shown if self.eye.value else self.hidden, self.eye]


class SetupForm(w.VBox):
    """Variant, players, computer seats, the secret rule or a random one, seed, options; Deal."""

    def __init__(
        self,
        *,
        variant: str,
        players: str,
        rule: str,
        seed: int | None,
        computers: str,
        on_deal: Callable[[], None],
        on_check: Callable[[], None],
        on_resume: Callable[[Path], None],
    ) -> None:
        self.variant = w.Dropdown(
            options=table_variants(), value=variant, description="Game", layout=w.Layout(width="28em")
        )
        self.variant.add_class("eleusis-variant")
        self.players = w.Text(value=players, description="Players", layout=w.Layout(width="40em"))
        self.players.add_class("eleusis-players")
        self.players.add_class("eleusis-players-input")
        self.computers = w.Text(
            value=computers,
            description="Computers",
            placeholder="optional: Sci=scientist, Robo=careful",
            layout=w.Layout(width="40em"),
        )
        self.dealer = w.Text(
            description="Dealer",
            placeholder="blank = the computer deals; or a player who deals and types the rule",
            layout=w.Layout(width="40em"),
        )
        self.dealer.add_class("eleusis-dealer")
        self.source = w.ToggleButtons(
            options=[("Type a rule or key (hidden)", TYPED), ("Random from the library", RANDOM)], value=TYPED
        )
        self.source.style.button_width = "17em"
        self.rule = SecretRuleField(rule)
        self.difficulty = difficulty_choice()
        self.seed = seed_field(seed)
        self.option_fields = OptionFields()  # the fields the chosen variant's OPTIONS take
        self.hand_size, self.penalty = self.option_fields.hand_size, self.option_fields.penalty
        self.buy_hints, self.refresh_stock = self.option_fields.buy_hints, self.option_fields.refresh_stock
        self.variant_options = VariantOptionsView(self.seed, self.option_fields)
        self.four_colour = four_colour_choice()  # colour-blind safe: the board's cards follow this box
        self.check = button("Check the rule", "eleusis-check-rule", lambda _b: on_check(), width="11em")
        self.deal = button("Deal", "eleusis-deal", lambda _b: on_deal(), width="9em", style="primary")
        self.buttons = w.HBox([self.check, self.deal])
        self.message = w.HTML()
        self.message.add_class("eleusis-setup-message")
        self.report = w.HTML()
        self.teacher = w.Accordion(children=[self.report])
        self.teacher.set_title(0, "Teacher only — the rule check's report")
        self.teacher.selected_index = None
        self.teacher.add_class("eleusis-teacher")
        self.saved = w.VBox()
        self.saved.add_class("eleusis-saved-sessions")
        self._on_resume = on_resume
        self.source.observe(lambda _c: self.draw(), "value")
        self.variant.observe(lambda _c: self.draw(), "value")
        super().__init__()
        self.add_class("eleusis-setup")
        self.draw()

    def draw(self) -> None:
        self.variant_options.draw(self.variant.value)
        rows: list[w.Widget] = [self.variant, self.players, self.computers, self.dealer, self.source]
        rows.append(self.rule if self.source.value == TYPED else self.difficulty)
        rows += [self.variant_options, self.four_colour, self.buttons, self.message, self.teacher, self.saved]
        set_children(self, rows)

    def show_saved(self, sessions: list[SavedSession]) -> None:
        """The autosaved sessions, newest first, each resumed by one click."""
        rows: list[w.Widget] = []
        for saved in sessions[:6]:
            resume = button("Resume", "eleusis-resume", self._resumer(saved.path), width="7em")
            rows.append(
                w.HBox([resume, w.HTML(f'<span style="font-size:16px">{escape(saved.label())}</span>')])
            )
        head = '<div style="font-size:18px;font-weight:bold;margin-top:8px">Saved sessions</div>'
        self.saved.children = [w.HTML(head), *rows] if rows else []

    def _resumer(self, path: Path) -> Callable[[Any], None]:
        return lambda _b: self._on_resume(path)

    def say(self, text: str, kind: str = "error") -> None:
        self.message.value = banner(text, kind, size="18px") if text else ""

    def request(self) -> dict[str, Any]:
        """The arguments of ``TableSession.begin`` from the form (raises SessionError on a bad seed)."""
        seed_text = self.seed.value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise SessionError(f"The seed must be a whole number, not {seed_text!r}.") from None
        computers: dict[str, str] = {}
        for part in self.computers.value.split(","):
            if part.strip():
                name, _, kind = part.partition("=")
                computers[name.strip()] = (kind.strip() or "careful").lower()
        options = self.option_fields.values(self.variant.value)
        return {
            "variant": self.variant.value,
            "players": [n.strip() for n in self.players.value.split(",") if n.strip()],
            "rule": self.rule.value if self.source.value == TYPED else None,
            "seed": seed,
            "computers": computers,
            "options": options,
            "difficulty": self.difficulty.value,
            "dealer": self.dealer.value.strip() or None,
        }

    def dealt(self) -> None:
        """The secret leaves the form once dealt; the next round's seed is the next number."""
        self.rule.value = ""
        self.rule.eye.value = False
        self.report.value = ""
        self.message.value = ""
        if self.seed.value.strip().isdigit():
            self.seed.value = str(int(self.seed.value) + 1)
