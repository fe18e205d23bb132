"""Build a worksheet from a recipe: puzzles, HTML, PDF (WeasyPrint), the answer key and an answers file.

Everything random comes from ``random.Random`` seeded by the recipe's seed and the puzzle's place, so
the same recipe builds the same worksheet, byte for byte.
"""

from __future__ import annotations

import functools
import json
import os
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from eleusis_lab.files import PRIVATE, SHARED, write_atomically
from eleusis_lab.lesson_copy import kit_recipes
from eleusis_lab.worksheets.candidates import Candidate, resolve_keys, secret_candidate
from eleusis_lab.worksheets.difficulty import description_length
from eleusis_lab.worksheets.html import document
from eleusis_lab.worksheets.layout import Layout, Play
from eleusis_lab.worksheets.puzzles import (
    LETTERS,
    DesignRule,
    FindTheRule,
    Puzzle,
    PuzzleError,
    RecordSheet,
    Survivors,
    WhatNext,
    falsifiers,
    make_design_rule,
    make_find_the_rule,
    make_record_sheet,
    make_survivors,
    make_what_next,
    pick_secrets,
    reads_past_the_table,
    starter_breaks,
)
from eleusis_lab.worksheets.recipe import Recipe, RecipeError, load_recipe

# The starter pack: package data of an installed wheel, or worksheets/ at the root of a clone.
RECIPE_DIR = kit_recipes()


@dataclass
class BuildResult:
    """Files written for one recipe and how long each step took (seconds)."""

    recipe: Recipe
    puzzles: list[Puzzle]
    files: dict[str, Path] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return sum(self.timings.values())


DECK_WORDS = {"standard": "the standard deck", "double": "two standard decks", "letters": "the letter deck"}


def _secret(key: str, recipe: Recipe) -> Candidate:
    """The secret rule ``key`` (library key or rule text), refused if the recipe cannot use it."""
    secret = secret_candidate(key)
    if not secret.usable:
        raise RecipeError(
            f"{recipe.source}: rule {key!r} depends on the player, which a worksheet cannot show"
        )
    wants_letters = recipe.deck == "letters"
    if secret.deck != "any" and (secret.deck == "letters") != wants_letters:
        kind = "a letter-deck" if secret.deck == "letters" else "a standard-deck"
        raise RecipeError(
            f"{recipe.source}: {key} is {kind} rule; this recipe uses {DECK_WORDS[recipe.deck]} "
            f'(deck = "{recipe.deck}")'
        )
    if not recipe.allow_unfair:
        problems = _unfit(secret.text, "letters" if wants_letters else "standard")
        if problems:
            raise RecipeError(
                f"{recipe.source}: rule {key!r} is not fit for play ({problems}); add allow_unfair = true "
                "to the recipe to print it anyway (e.g. for the rule-design lesson)"
            )
    return secret


@functools.cache
def _unfit(rule_text: str, deck: str) -> str:
    """Why the rule checks find a rule unfit for play ("" if they accept it)."""
    from eleusis_lab.rules.checks import check

    report = check(rule_text, deck=deck)
    return "" if report.acceptable else "; ".join(report.problems)


def generate(recipe: Recipe) -> list[Puzzle]:
    """The recipe's puzzles in order, numbered from 1; raise :class:`RecipeError` naming the recipe."""
    puzzles: list[Puzzle] = []
    used: set[str] = set()  # distractors already shown, put last so the options vary
    number = 0
    for si, spec in enumerate(recipe.puzzles):
        difficulty = spec.difficulty or recipe.difficulty
        if spec.kind == "record-sheet":
            for variant in spec.variants:
                number += 1
                puzzles.append(make_record_sheet(number, variant))
            continue
        if spec.kind == "design-a-rule":
            for _ in range(spec.count):
                number += 1
                puzzles.append(make_design_rule(number, recipe.deck))
            continue
        try:
            keys = resolve_keys(spec.rules or recipe.rules)
        except ValueError as e:
            raise RecipeError(f"{recipe.source}: rules: {e}") from None
        secrets = {key: _secret(key, recipe) for key in keys}
        rng = random.Random(f"{recipe.seed}/{si}/{spec.kind}/{difficulty}")
        for key in pick_secrets(keys, spec.count, rng):
            number += 1
            secret = secrets[key]
            avoid = frozenset(used)
            try:
                puzzle = _measured_puzzle(recipe, si, number, key, spec.kind, secret, difficulty, avoid)
            except PuzzleError as e:
                raise PuzzleError(f"{recipe.source}: puzzle {number} ({spec.kind}): {e}") from None
            if isinstance(puzzle, FindTheRule):
                used.update(c.key for c in puzzle.options)
            elif isinstance(puzzle, Survivors):
                used.update(c.key for c in puzzle.hypotheses)
            puzzles.append(puzzle)
    # One "name a second rule that also fits" prompt per sheet, on the first table that has one.
    for i, p in enumerate(puzzles):
        if isinstance(p, WhatNext | FindTheRule) and p.also_fit:
            puzzles[i] = replace(p, second_rule=True)
            break
    return puzzles


#: Deals tried per puzzle for one whose measured difficulty is the recipe's (else the nearest is kept):
#: a recipe labelled "easy" should print easy puzzles.
LABEL_TRIES = 8
_SOLVED_AIM = {"easy": 5.0, "medium": 3.5, "hard": 1.0}  # players (of 5) who solve a puzzle of each level


def _measured_puzzle(
    recipe: Recipe,
    si: int,
    number: int,
    key: str,
    kind: str,
    secret: Candidate,
    difficulty: str,
    avoid: frozenset[str],
) -> FindTheRule | WhatNext | Survivors:
    """The first of :data:`LABEL_TRIES` deals whose simulated players rate it ``difficulty``, else the deal
    whose count of solving players comes nearest the level's (each deal seeded by its place)."""
    made: list[FindTheRule | WhatNext | Survivors] = []
    for attempt in range(LABEL_TRIES):
        prng = random.Random(f"{recipe.seed}/{si}/{number}/{key}" + (f"/{attempt}" if attempt else ""))
        puzzle: FindTheRule | WhatNext | Survivors
        if kind == "find-the-rule":
            puzzle = make_find_the_rule(number, secret, recipe.deck, difficulty, prng, avoid=avoid)
        elif kind == "survivors":
            puzzle = make_survivors(number, secret, recipe.deck, difficulty, prng, avoid=avoid)
        else:
            puzzle = make_what_next(number, secret, recipe.deck, difficulty, prng)
        if puzzle.measured is None or puzzle.measured.label == difficulty:
            return puzzle
        made.append(puzzle)
    aim = _SOLVED_AIM[difficulty]
    return min(made, key=lambda p: abs(len(p.measured.solved_by) - aim) if p.measured else 0.0)


def build(
    recipe: Recipe | str | Path, out_dir: str | Path, *, html: bool = True, pdf: bool = True
) -> BuildResult:
    """Write ``NAME.pdf``, ``NAME.html``, ``NAME-key.pdf``, ``NAME-key.html`` and ``NAME-answers.json``."""
    if not isinstance(recipe, Recipe):
        recipe = load_recipe(recipe)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    puzzles = generate(recipe)
    result = BuildResult(recipe=recipe, puzzles=puzzles)
    result.timings["generate"] = time.perf_counter() - t0
    has_key = any(not isinstance(p, RecordSheet) for p in puzzles)
    sheets = [("sheet", False)] + ([("key", True)] if has_key else [])
    fill = not all(isinstance(p, RecordSheet) for p in puzzles)
    for which, key in sheets:
        stem = recipe.name + ("-key" if key else "")
        mode = PRIVATE if key else SHARED  # answer keys owner-only; both less the umask
        text = document(recipe, puzzles, key=key)
        t = time.perf_counter()
        if pdf:
            rendered = render(text)
            free = free_mm(rendered)
            if not key and fill and free >= OWN_RULE_MIN_MM:
                # a last page more than a third empty gets a "your own rule" box that fills it
                text = document(recipe, puzzles, key=key, own_rule_mm=free - 4)
                rendered = render(text)
            path = out / f"{stem}.pdf"
            write_atomically(path, pdf_bytes(rendered), mode=mode)
            result.files[f"{which}-pdf"] = path
            result.timings[f"{which}-pdf"] = time.perf_counter() - t
        if html:
            path = out / f"{stem}.html"
            write_atomically(path, text, mode=mode)
            result.files[f"{which}-html"] = path
    answers = out / f"{recipe.name}-answers.json"
    write_atomically(
        answers, json.dumps(answers_json(recipe, puzzles), indent=1, ensure_ascii=False), mode=PRIVATE
    )
    result.files["answers"] = answers
    return result


#: Tagged PDF (PDF/UA-1): headings, paragraphs, lists and figures for screen readers; each card picture
#: is a figure whose alternative text is the card's name.
PDF_OPTIONS: dict[str, Any] = {"pdf_variant": "pdf/ua-1"}
#: A last page with at least this much free height gets a "your own rule" box.
OWN_RULE_MIN_MM = 70.0
_PX_MM = 25.4 / 96


def render(html_text: str) -> Any:
    """Lay the HTML out in pages with WeasyPrint (a ``weasyprint.Document``)."""
    try:
        from weasyprint import HTML
    except ImportError as e:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            "PDF worksheets need WeasyPrint: pip install 'eleusis-lab[print]' (HTML was still written)"
        ) from e
    return HTML(string=html_text, base_url=".").render(**PDF_OPTIONS)


def html_to_pdf(html_text: str) -> bytes:
    """Render with WeasyPrint; PDF metadata carries no date, so the bytes depend on the HTML only."""
    return pdf_bytes(render(html_text))


def pdf_bytes(document: Any) -> bytes:
    """A rendered document's PDF, the same bytes whenever it is written.

    The embedded fonts are subsets.  Where HarfBuzz's subsetter is not installed WeasyPrint makes them with
    fontTools, which stamps each subset's ``head`` table with the current second unless
    ``SOURCE_DATE_EPOCH`` says otherwise (the reproducible-builds convention): without it, a worksheet
    built twice differed in its font bytes."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = epoch or "0"
    try:
        return bytes(document.write_pdf(**PDF_OPTIONS))
    finally:
        if epoch is None:
            del os.environ["SOURCE_DATE_EPOCH"]


def free_mm(document: Any) -> float:
    """The height (mm) left empty below the content of the last page of a rendered document."""
    page = document.pages[-1]._page_box
    bottom_of_page = page.content_box_y() + page.height
    body = page.children[0].children[0] if page.children and page.children[0].children else None
    if body is None or not body.children:
        return page.height * _PX_MM
    used = max(child.position_y + child.margin_height() for child in body.children)
    return max(0.0, (bottom_of_page - used) * _PX_MM)


def recipes(folder: str | Path | None = None) -> list[Path]:
    """The recipe files (``*.toml``) of the starter pack, sorted by name."""
    return sorted(Path(folder or RECIPE_DIR).glob("*.toml"))


def find_recipe(name: str) -> str:
    """A recipe file's path: ``name`` itself if it exists, else the starter-pack recipe it names.

    A starter-pack recipe is named by its name (``express-easy``), its file name (``express-easy.toml``)
    or its path in a clone (``worksheets/express-easy.toml``, as lesson 8 prints it), which an installed
    kit does not have: the recipe then comes from the kit.  Any other path is left for the loader to report.
    """
    p = Path(name)
    if "\x00" in name or p.exists() or p.parent not in (Path("."), Path("worksheets")):
        return name
    shipped = RECIPE_DIR / (p.name if p.suffix == ".toml" else f"{p.name}.toml")
    return str(shipped) if shipped.is_file() else name


def build_all(
    out_dir: str | Path,
    folder: str | Path | None = None,
    *,
    paper: str | None = None,
    greyscale: bool = False,
) -> list[BuildResult]:
    """Build every recipe of ``folder`` (the starter pack by default), on ``paper`` and in greyscale if
    asked (overriding what each recipe says)."""
    found = recipes(folder)
    if not found:
        raise RecipeError(f"no recipes (*.toml) in {str(folder or RECIPE_DIR)!r}")
    results = []
    for path in found:
        recipe = load_recipe(path)
        if paper is not None:
            recipe = replace(recipe, paper=paper)
        if greyscale:
            recipe = replace(recipe, greyscale=True)
        results.append(build(recipe, out_dir))
    return results


# -- machine-readable answers (for teachers' tools and the tests) ---------------------------------
def _play(play: Play | None, layout: Layout) -> dict[str, Any] | None:
    if play is None:
        return None
    return {
        "order": play.order,
        "card": str(play.card),
        "where": layout.where(play),
        "accepted": play.accepted,
        "mainline_before": [str(c) for c in play.situation(layout)],
    }


def _layout(layout: Layout) -> dict[str, Any]:
    return {
        "mainline": [str(c) for c in layout.mainline],
        "sidelines": [[str(c) for c in s] for s in layout.sidelines],
        "plays": [_play(p, layout) for p in layout.plays],
    }


def _lettered(i: int, rule: Candidate, falsified_by: Play | None, layout: Layout) -> dict[str, Any]:
    """A puzzle's ``i``-th lettered rule, the play the key names as ruling it out (None: it survives),
    every play that rules it out, those that do so only by a rule reading past the table, and whether
    the (unjudged) start card breaks it."""
    refuting = falsifiers(rule, layout)
    return {
        "letter": LETTERS[i],
        "key": rule.key,
        "english": rule.english,
        "rule": rule.text,
        "falsified_by": _play(falsified_by, layout),
        "ruled_out_by": [str(q.card) for q in refuting],
        "past_the_table": [
            str(q.card) for q in refuting if reads_past_the_table(rule.rule, q.situation(layout))
        ],
        "start_card_breaks": starter_breaks(rule.rule, layout),
    }


def answers_json(recipe: Recipe, puzzles: list[Puzzle]) -> dict[str, Any]:
    items: list[dict[str, Any]] = []
    for p in puzzles:
        item: dict[str, Any] = {"number": p.number, "kind": p.kind}
        if isinstance(p, FindTheRule | WhatNext | Survivors) and p.measured is not None:
            item["difficulty"] = {
                "recipe": p.difficulty,
                "measured": p.measured.label,
                "solved_by": list(p.measured.solved_by),
                "players": p.measured.players,
                "rule_bits": round(description_length(p.secret.text, p.deck), 1),
            }
        if isinstance(p, FindTheRule):
            item.update(
                deck=p.deck,
                layout=_layout(p.layout),
                answer=LETTERS[p.answer],
                options=[_lettered(i, c, p.falsified_by[i], p.layout) for i, c in enumerate(p.options)],
                also_fit=list(p.also_fit),
                second_rule_prompt=p.second_rule,
            )
        elif isinstance(p, WhatNext):
            item.update(
                deck=p.deck,
                layout=_layout(p.layout),
                rule=p.secret.text,
                key=p.secret.key,
                choices=[
                    {"card": str(c), "accepted": ok} for c, ok in zip(p.choices, p.accepted, strict=True)
                ],
                branch=None
                if p.branch is None
                else {"conditions": [list(c) for c in p.branch.conditions], "applies": p.branch.applies},
                values=[list(v) for v in p.values],
                rivals={
                    "family": p.family,
                    "fitting": p.fitting,
                    "examples": list(p.also_fit),
                    "added_refusals": p.added_refusals,
                    "dealt_tables": p.dealt_tables,
                },
                second_rule_prompt=p.second_rule,
            )
        elif isinstance(p, Survivors):
            item.update(
                deck=p.deck,
                layout=_layout(p.layout),
                rule=p.secret.text,
                key=p.secret.key,
                hypotheses=[
                    _lettered(i, c, f, p.layout)
                    for i, (c, f) in enumerate(zip(p.hypotheses, p.falsified_by, strict=True))
                ],
            )
        elif isinstance(p, DesignRule):
            item.update(examples=list(p.examples))
        elif isinstance(p, RecordSheet):
            item.update(variant=p.variant, example=p.example)
        items.append(item)
    return {"title": recipe.title, "seed": recipe.seed, "paper": recipe.paper, "puzzles": items}


__all__ = ["BuildResult", "PuzzleError", "build", "build_all", "find_recipe", "generate", "recipes"]
