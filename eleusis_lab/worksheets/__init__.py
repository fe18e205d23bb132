"""Printable worksheets of card-sequence puzzles, with answer keys checked by the engine.

A recipe (TOML, in ``worksheets/``) names rules from the library, puzzle kinds, counts, a difficulty, a
seed and the paper; :func:`build` turns it into ``NAME.pdf`` + ``NAME.html`` and the answer key
``NAME-key.pdf`` + ``NAME-key.html``, drawn with the same card renderer as the notebook boards.

Puzzle kinds: ``find-the-rule``, ``what-next``, ``survivors`` (which hypotheses survive?),
``design-a-rule`` and ``record-sheet`` (one per variant, for rounds played with real cards).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.worksheets.builder import BuildResult, build, build_all, generate, recipes
    from eleusis_lab.worksheets.puzzles import PuzzleError
    from eleusis_lab.worksheets.recipe import Recipe, RecipeError, load_recipe, parse_recipe

# The public names load on first use (PEP 562): `eleusis-lab` builds its parser through
# eleusis_lab.worksheets.cli, and the command line (scores, checks, the judge) must start where the
# puzzle generator's numpy is missing (Pyodide offline: make lite-check).
_HOME = {
    "BuildResult": "builder",
    "build": "builder",
    "build_all": "builder",
    "generate": "builder",
    "recipes": "builder",
    "PuzzleError": "puzzles",
    "Recipe": "recipe",
    "RecipeError": "recipe",
    "load_recipe": "recipe",
    "parse_recipe": "recipe",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)


__all__ = [
    "BuildResult",
    "PuzzleError",
    "Recipe",
    "RecipeError",
    "build",
    "build_all",
    "generate",
    "load_recipe",
    "parse_recipe",
    "recipes",
]
