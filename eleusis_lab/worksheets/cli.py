"""The ``eleusis-lab worksheets`` subcommand: ``build RECIPE -o DIR`` and ``build-all -o DIR``.

``eleusis_lab/cli.py`` calls :func:`add_parser` to register the subcommand; this module can also run
on its own: ``python -m eleusis_lab.worksheets.cli build worksheets/express-easy.toml -o out``.  Without
``-o`` the files go beside the lessons folder (``~/eleusis-lab/out/worksheets``), where lesson 8 builds.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``worksheets`` on an ``argparse`` subparsers object; the handler is ``args.func``."""
    parser = subparsers.add_parser(
        "worksheets",
        help="build printable worksheets (PDF + HTML) and answer keys from recipes",
        description="Build printable worksheets and their answer keys from recipe files (TOML).",
    )
    _fill(parser)
    return parser


# Where worksheets go without -o: beside the lessons folder, where lesson 8 builds them too (the path is
# worked out when a command runs, so $ELEUSIS_LAB_LESSONS set later still counts).
_DEFAULT_OUT = (
    "~/eleusis-lab/out/worksheets, beside the lessons; $ELEUSIS_LAB_LESSONS/../out/worksheets if set"
)


def _out(args: argparse.Namespace) -> str | Path:
    from eleusis_lab.lesson_copy import default_worksheets_dest

    return args.out if args.out is not None else default_worksheets_dest()


def _fill(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="worksheets_command", metavar="{build,build-all,list}")
    sub.required = True
    b = sub.add_parser("build", help="build one recipe", description="Build one recipe into DIR.")
    b.add_argument("recipe", help="a recipe file, e.g. worksheets/express-easy.toml, or a starter-pack name")
    b.add_argument("-o", "--out", help=f"output folder (default {_DEFAULT_OUT})")
    b.add_argument("--seed", type=int, help="override the recipe's seed")
    b.add_argument("--paper", choices=["A4", "Letter"], help="override the recipe's paper size")
    b.add_argument("--greyscale", action="store_true", help="draw for a black-and-white printer")
    b.add_argument("--no-pdf", action="store_true", help="write the HTML only")
    b.set_defaults(func=run_build)
    a = sub.add_parser("build-all", help="build every recipe of a folder", description="Build every recipe.")
    a.add_argument("folder", nargs="?", help="folder of *.toml recipes (default: the starter pack)")
    a.add_argument("-o", "--out", help=f"output folder (default {_DEFAULT_OUT})")
    a.add_argument("--paper", choices=["A4", "Letter"], help="override every recipe's paper size")
    a.add_argument("--greyscale", action="store_true", help="draw for a black-and-white printer")
    a.set_defaults(func=run_build_all)
    ls = sub.add_parser("list", help="list the starter-pack recipes", description="List the recipes.")
    ls.set_defaults(func=run_list)


def run_build(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from eleusis_lab.worksheets import build, load_recipe
    from eleusis_lab.worksheets.builder import find_recipe

    recipe = load_recipe(find_recipe(args.recipe))
    changes: dict[str, Any] = {}
    if args.seed is not None:
        changes["seed"] = args.seed
    if args.paper:
        changes["paper"] = args.paper
    if args.greyscale:
        changes["greyscale"] = True
    if changes:
        recipe = replace(recipe, **changes)
    try:
        result = build(recipe, _out(args), pdf=not args.no_pdf)
    except RuntimeError as e:  # WeasyPrint missing: one sentence, exit 2
        raise ValueError(str(e)) from None
    for path in result.files.values():
        print(path)
    print(f"built {recipe.name}: {len(result.puzzles)} items in {result.seconds:.2f} s", file=sys.stderr)
    return 0


def run_build_all(args: argparse.Namespace) -> int:
    from eleusis_lab.worksheets import build_all

    total = 0.0
    for result in build_all(_out(args), args.folder, paper=args.paper, greyscale=args.greyscale):
        total += result.seconds
        print(f"{result.recipe.name:<16} {len(result.puzzles):>3} items  {result.seconds:6.2f} s")
    print(f"{'total':<16}      {total:10.2f} s")
    return 0


def run_list(args: argparse.Namespace) -> int:
    from eleusis_lab.worksheets import load_recipe, recipes

    for path in recipes():
        r = load_recipe(path)
        print(f"{path.stem:<16} {r.title}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the subcommand alone; errors print one sentence and exit 2."""
    parser = argparse.ArgumentParser(prog="eleusis-lab worksheets", description=__doc__)
    _fill(parser)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, OSError, RuntimeError) as e:
        print(f"eleusis-lab worksheets: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
