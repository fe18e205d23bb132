"""How engine values show themselves in a notebook, without the engine importing the views.

A card and a table keep python-chess's ``_repr_svg_``/``_repr_html_`` methods, but the picture is
drawn by whatever the views registered for their kind (:mod:`eleusis_lab.render` registers the card's
SVG and the table's HTML when it is imported; ``eleusis_lab`` imports it in a notebook).  With nothing
registered a value has no picture (the method returns None) and Jupyter shows its text.

>>> draw_as("toy", "html", object()) is None
True
>>> register_drawing("toy", "html", lambda value: "<b>toy</b>")
>>> draw_as("toy", "html", object())
'<b>toy</b>'
>>> forget_drawing("toy", "html")
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

__all__ = ["draw_as", "forget_drawing", "register_drawing"]

Mime = Literal["svg", "html"]

_DRAWINGS: dict[tuple[str, Mime], Callable[[Any], str]] = {}


def register_drawing(kind: str, mime: Mime, draw: Callable[[Any], str]) -> None:
    """Draw values of ``kind`` (``card``, ``table``) as ``mime`` with ``draw`` from now on."""
    _DRAWINGS[kind, mime] = draw


def forget_drawing(kind: str, mime: Mime) -> None:
    """Take a drawing back (tests that register one of their own)."""
    _DRAWINGS.pop((kind, mime), None)


def draw_as(kind: str, mime: Mime, value: Any) -> str | None:
    """``value``'s picture as the views registered it for ``kind``, or None when none is registered."""
    draw = _DRAWINGS.get((kind, mime))
    return None if draw is None else draw(value)
