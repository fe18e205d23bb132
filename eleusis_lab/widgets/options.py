"""The round options a set-up form offers: controls for the variant's set-up fields.

The fields come from the variant's typed options (:func:`eleusis_lab.play.presentation.setup_fields`: an
option that says how a form asks for it), so a variant that gains an option with a ``form`` gets its
control without a line here.  One control an option name, made the first time a variant shows it and
kept, so a value chosen for one variant stays when the teacher switches back.

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
from eleusis_lab.play.presentation import SetupField, setup_fields

__all__ = ["OptionFields"]


def _control(spec: SetupField) -> w.ValueWidget:
    if spec.kind == "choice":
        control: w.ValueWidget = w.Dropdown(
            options=list(spec.choices), value=spec.default, description=spec.label
        )
        control.layout.width = "16em"
    elif spec.kind == "number":
        low = spec.low if spec.low is not None else -(10**6)
        high = spec.high if spec.high is not None else 10**6
        control = w.BoundedIntText(value=spec.default, min=low, max=high, description=spec.label)
        control.layout.width = "16em"
    else:
        control = w.Checkbox(value=False, description=spec.label, indent=False)
    return control


class OptionFields:
    """The option fields of a set-up form (one control an option, shown or hidden as the variant changes)."""

    def __init__(self) -> None:
        self._controls: dict[str, tuple[SetupField, w.ValueWidget]] = {}

    def _fields(self, variant: str) -> list[tuple[SetupField, w.ValueWidget]]:
        out = []
        for spec in setup_fields(find_variant(variant)):
            known = self._controls.get(spec.option)
            if known is None or known[0] != spec:  # another variant's option of the same name asks otherwise
                known = self._controls[spec.option] = (spec, _control(spec))
            out.append(known)
        return out

    def shown(self, variant: str) -> list[w.Widget]:
        """The controls ``variant`` takes: choices and numbers first, then tick boxes."""
        return [control for _spec, control in self._fields(variant)]

    def beside_seed(self, variant: str) -> list[w.Widget]:
        """The controls that sit on the seed's line (choices and numbers; tick boxes go below)."""
        return [control for spec, control in self._fields(variant) if spec.kind != "tick"]

    def values(self, variant: str) -> dict[str, Any]:
        """The options to deal ``variant`` with: each field's value, leaving an unticked box's option at
        its default (so the round's own default decides)."""
        out: dict[str, Any] = {}
        for spec, control in self._fields(variant):
            if spec.kind == "tick" and not control.value:
                continue
            out[spec.option] = spec.value(control.value)
        return out
