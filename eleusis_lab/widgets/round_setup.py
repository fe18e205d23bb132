"""The set-up form of the solo and real-cards boards: game, players (or the student's name and opponents),
the secret rule (hidden) or a random one, seed, the variant's options, the four-colour deck; Deal.

The form holds only what is being typed; :meth:`RoundSetup.request` turns it into the arguments of
:meth:`~eleusis_lab.session.TableSession.begin`, which checks them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.session import OPPONENTS, SessionError, TableSession
from eleusis_lab.widgets._common import (
    banner,
    button,
    difficulty_choice,
    error_text,
    four_colour_choice,
    rule_deck_of,
    seed_field,
)
from eleusis_lab.widgets.options import OptionFields
from eleusis_lab.widgets.views import VariantOptionsView, set_children, table_variants

__all__ = ["RoundSetup"]

TYPED, RANDOM = "typed", "random"


class RoundSetup(w.VBox):
    """``solo``: a name and computer opponents to choose; otherwise a list of players (real cards)."""

    def __init__(
        self,
        *,
        variant: str,
        players: Sequence[str],
        rule: str,
        seed: int | None,
        solo: bool,
        opponents: Sequence[str] = (),
        four_colour: bool = False,
        on_deal: Callable[[], None],
    ) -> None:
        self.solo = solo
        self.variant = w.Dropdown(
            options=table_variants(), value=variant, description="Game", layout=w.Layout(width="26em")
        )
        self.variant.add_class("eleusis-variant")
        self.players = w.Text(value=", ".join(players), description="Players", layout=w.Layout(width="36em"))
        self.players.add_class("eleusis-players")
        self.players.add_class("eleusis-players-input")
        self.name = w.Text(
            value=players[0] if players else "You", description="Your name", layout=w.Layout(width="22em")
        )
        self.name.add_class("eleusis-players")
        self.opponents = w.SelectMultiple(
            options=list(OPPONENTS), value=tuple(opponents), description="Opponents", rows=3
        )
        self.opponents.add_class("eleusis-opponents")
        self.source = w.ToggleButtons(
            options=[("Type a rule or key (hidden)", TYPED), ("Random from the library", RANDOM)],
            value=RANDOM if solo and not rule else TYPED,
            description="Rule",
        )
        self.source.style.button_width = "16em"
        self.rule = w.Password(
            value=rule,
            description="Secret rule",
            placeholder="rule text or library key — hidden as you type",
            layout=w.Layout(width="46em"),
        )
        self.rule.add_class("eleusis-rule-input")
        self.rule.add_class("eleusis-secret-rule")
        self.difficulty = difficulty_choice()
        self.seed = seed_field(seed)
        self.option_fields = OptionFields()
        self.variant_options = VariantOptionsView(self.seed, self.option_fields)
        self.four_colour = four_colour_choice(four_colour)
        self.check = button(
            "Check the rule", "eleusis-check-rule", lambda _b: self.check_rule(), width="11em"
        )
        self.deal = button("Deal", "eleusis-deal", lambda _b: on_deal(), width="9em", style="primary")
        self.buttons = w.HBox([self.check, self.deal])
        self.message = w.HTML()
        self.message.add_class("eleusis-setup-message")
        self.source.observe(lambda _c: self.draw(), "value")
        self.variant.observe(lambda _c: self.draw(), "value")
        super().__init__()
        self.add_class("eleusis-setup")
        self.draw()

    def draw(self) -> None:
        rows: list[w.Widget] = [self.variant]
        rows += [self.name, self.opponents] if self.solo else [self.players]
        rows += [self.source, self.rule if self.source.value == TYPED else self.difficulty]
        self.variant_options.draw(self.variant.value)
        rows += [self.variant_options, self.four_colour, self.buttons, self.message]
        set_children(self, rows)

    def say(self, text: str, kind: str = "error") -> None:
        self.message.value = banner(text, kind, size="1em") if text else ""

    def check_rule(self) -> None:
        """Run the rule checks on the secret rule; say, without showing it, whether it is fit to play."""
        from eleusis_lab.rules import library
        from eleusis_lab.rules.checks import check

        try:
            request = self.request()
            key, rule = TableSession.choose_rule(request["variant"], request["rule"], request["seed"], "any")
            report = check(library.get(key).rule if key else rule, deck=rule_deck_of(request["variant"]))
        except (ValueError, KeyError) as error:
            self.say(error_text(error))
            return
        items = "".join(f"<li>{escape(str(v))}</li>" for v in report.verdicts)
        head = "The rule is fit to play." if report.acceptable else "The rule breaks the sources' guidelines."
        self.message.value = banner(
            head, "accepted" if report.acceptable else "warning", size="1em", detail=f"<ul>{items}</ul>"
        )

    def request(self) -> dict[str, Any]:
        """The arguments of ``TableSession.begin`` from the form (a bad seed raises ``SessionError``)."""
        seed_text = self.seed.value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise SessionError(f"The seed must be a whole number, not {seed_text!r}.") from None
        if self.solo:
            players = [self.name.value.strip() or "You"]
            computers = {OPPONENTS[k]: k for k in self.opponents.value}
        else:
            players = [n.strip() for n in self.players.value.split(",") if n.strip()]
            computers = {}
        return {
            "variant": self.variant.value,
            "players": players,
            "rule": self.rule.value if self.source.value == TYPED else None,
            "seed": seed,
            "computers": computers,
            "options": self.option_fields.values(self.variant.value),
            "difficulty": self.difficulty.value,
        }

    def dealt(self) -> None:
        """The secret leaves the form once dealt; the next round's seed is the next number."""
        self.rule.value = ""
        self.message.value = ""
        if self.seed.value.strip().isdigit():
            self.seed.value = str(int(self.seed.value) + 1)
