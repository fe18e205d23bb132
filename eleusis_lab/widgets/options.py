"""The round options a set-up form offers, read from the variant's typed ``OPTIONS``.

A form shows a field for each option the chosen variant has and the form knows how to ask for (a hand
size with a few choices, a wrong-guess penalty, hints to buy, a fresh deck for an empty stock), so a
variant that gains one of these options gets the field without a line here.

>>> fields = OptionFields()
>>> [f.description for f in fields.shown("express")][:2]
['Hands', 'A wrong guess costs a card']
>>> fields.shown("gardner")
[]
>>> fields.values("express")
{'hand_size': 12}
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from eleusis_lab.play import find_variant

__all__ = ["OptionFields"]


class OptionFields:
    """The option fields of a set-up form (one set, shown or hidden as the variant changes)."""

    def __init__(self) -> None:
        self.hand_size = w.Dropdown(options=[("12 cards", 12)], value=12, description="Hands")
        self.hand_size.layout.width = "16em"
        self.penalty = w.Checkbox(value=False, description="A wrong guess costs a card", indent=False)
        self.buy_hints = w.Checkbox(value=False, description="Players may buy hints", indent=False)
        self.refresh_stock = w.Checkbox(
            value=False, description="New deck when the stock runs out", indent=False
        )
        # option name -> (its field, the option's value when the box is ticked)
        self._boxes: dict[str, tuple[w.Checkbox, Any]] = {
            "wrong_guess_penalty": (self.penalty, 1),
            "buy_hints": (self.buy_hints, True),
            "stock_refresh": (self.refresh_stock, True),
        }

    @staticmethod
    def _options(variant: str) -> dict[str, Any]:
        return {o.name: o for o in find_variant(variant).OPTIONS}

    def shown(self, variant: str) -> list[w.Widget]:
        """The fields ``variant`` takes, hand size first."""
        options = self._options(variant)
        out: list[w.Widget] = []
        size = options.get("hand_size")
        if size is not None and size.choices:
            choices = sorted(size.choices, reverse=True)
            self.hand_size.options = [(f"{n} cards", n) for n in choices]
            if self.hand_size.value not in choices:
                self.hand_size.value = size.default
            out.append(self.hand_size)
        out += [box for name, (box, _on) in self._boxes.items() if name in options]
        return out

    def values(self, variant: str) -> dict[str, Any]:
        """The options to deal ``variant`` with, from the fields it takes."""
        options = self._options(variant)
        out: dict[str, Any] = {}
        if self.hand_size in self.shown(variant):
            out["hand_size"] = self.hand_size.value
        for name, (box, on) in self._boxes.items():
            if name in options and box.value:
                out[name] = on
        return out
