"""Printable worksheets of card-sequence puzzles, with answer keys checked by the engine.

A recipe (TOML, in ``worksheets/``) names rules from the library, puzzle kinds, counts, a difficulty, a
seed and the paper; :func:`build` turns it into ``NAME.pdf`` + ``NAME.html`` and the answer key
``NAME-key.pdf`` + ``NAME-key.html``, drawn with the same card renderer as the notebook boards.

Puzzle kinds: ``find-the-rule``, ``what-next``, ``survivors`` (which hypotheses survive?),
``design-a-rule`` and ``record-sheet`` (one per variant, for rounds played with real cards).
"""

from __future__ import annotations

from eleusis_lab.worksheets.build import BuildResult, build, build_all, generate, recipes
from eleusis_lab.worksheets.puzzles import PuzzleError
from eleusis_lab.worksheets.recipe import Recipe, RecipeError, load_recipe, parse_recipe

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
