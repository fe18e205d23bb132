"""What every board's set-up form shares: the game, where the secret rule comes from, a random rule's
difficulty, the seed and the variant's options, the colour-blind deck, *Check the rule* and *Deal*, and
a line for what went wrong.

A form holds only what is being typed; its ``request()`` turns that into the arguments of
:meth:`~eleusis_lab.session.TableSession.begin`, which checks them.  The class board's form
(:mod:`~eleusis_lab.widgets.class_setup`) and the prediction and real-cards boards' form
(:mod:`~eleusis_lab.widgets.round_setup`) add their own rows (:meth:`SetupView.rows`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from eleusis_lab.session import SessionError
from eleusis_lab.widgets._common import (
    banner,
    button,
    difficulty_choice,
    error_text,
    four_colour_choice,
    seed_field,
)
from eleusis_lab.widgets.options import OptionFields
from eleusis_lab.widgets.views import VariantOptionsView, set_children, table_variants

__all__ = ["RANDOM", "TYPED", "SetupView"]

TYPED, RANDOM = "typed", "random"


class SetupView(w.VBox):
    """The shared fields of a set-up form; a form lays them out with its own in :meth:`rows`."""

    message_size = "1em"

    def __init__(
        self,
        *,
        variant: str,
        players: str,
        seed: int | None,
        typed: bool,
        four_colour: bool,
        on_deal: Callable[[], None],
        on_check: Callable[[], None],
        width: str,
        players_width: str,
    ) -> None:
        self.variant = w.Dropdown(
            options=table_variants(), value=variant, description="Game", layout=w.Layout(width=width)
        )
        self.variant.add_class("eleusis-variant")
        self.players = w.Text(value=players, description="Players", layout=w.Layout(width=players_width))
        self.players.add_class("eleusis-players")
        self.players.add_class("eleusis-players-input")
        self.source = w.ToggleButtons(
            options=[("Type a rule or key (hidden)", TYPED), ("Random from the library", RANDOM)],
            value=TYPED if typed else RANDOM,
        )
        self.difficulty = difficulty_choice()
        self.seed = seed_field(seed)
        self.option_fields = OptionFields()  # the fields the chosen variant's OPTIONS take
        self.variant_options = VariantOptionsView(self.seed, self.option_fields)
        self.four_colour = four_colour_choice(four_colour)  # the board's cards follow this box
        self.check = button("Check the rule", "eleusis-check-rule", lambda _b: on_check(), width="11em")
        self.deal = button("Deal", "eleusis-deal", lambda _b: on_deal(), width="9em", style="primary")
        self.buttons = w.HBox([self.check, self.deal])
        self.message = w.HTML()
        self.message.add_class("eleusis-setup-message")
        self.source.observe(lambda _c: self.draw(), "value")
        self.variant.observe(lambda _c: self.draw(), "value")
        super().__init__()
        self.add_class("eleusis-setup")

    def rows(self) -> list[w.Widget]:
        """The form's rows, top to bottom (each form lays out its own)."""
        raise NotImplementedError

    def shared_rows(self, who: list[w.Widget], rule: w.Widget) -> list[w.Widget]:
        """The game, who plays (``who``: the form's own fields), the secret rule typed (``rule``) or the
        difficulty of a random one, the seed and options, the deck's colours, Check and Deal, the message."""
        typed = rule if self.source.value == TYPED else self.difficulty
        return [
            self.variant,
            *who,
            self.source,
            typed,
            self.variant_options,
            self.four_colour,
            self.buttons,
            self.message,
        ]

    def draw(self) -> None:
        self.variant_options.draw(self.variant.value)
        set_children(self, self.rows())

    def say(self, text: str, kind: str = "error") -> None:
        self.message.value = banner(text, kind, size=self.message_size) if text else ""

    def seed_value(self) -> int | None:
        """The seed typed (blank: a random deal); anything else is one sentence, and nothing is dealt."""
        text = self.seed.value.strip()
        try:
            return int(text) if text else None
        except ValueError:
            raise SessionError(f"The seed must be a whole number, not {text!r}.") from None

    def shared_request(self, rule: str) -> dict[str, Any]:
        """The arguments of ``TableSession.begin`` the shared fields give (``rule``: the text typed)."""
        return {
            "variant": self.variant.value,
            "rule": rule if self.source.value == TYPED else None,
            "seed": self.seed_value(),
            "options": self.option_fields.values(self.variant.value),
            "difficulty": self.difficulty.value,
        }

    def deal_into(self, session: Any, options: dict[str, Any]) -> bool:
        """Deal what the form says (with the board's own ``options``) into ``session``; a refusal is one
        line under the form, and nothing is dealt."""
        try:
            request = self.request()
            request["options"] = {**request["options"], **options}
            session.begin(**request)
        except ValueError as error:  # the session's SessionError, or a bad seed
            self.say(error_text(error))
            return False
        self.dealt()
        return True

    def request(self) -> dict[str, Any]:
        """The arguments of ``TableSession.begin`` from the form (each form adds its own)."""
        raise NotImplementedError

    def dealt(self) -> None:
        """The round is dealt: the message goes, and the next round's seed is the next number."""
        self.message.value = ""
        if self.seed.value.strip().isdigit():
            self.seed.value = str(int(self.seed.value) + 1)
