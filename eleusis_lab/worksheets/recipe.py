"""Worksheet recipes: a small TOML file saying which rules, which puzzles, how many, and how to print.

A recipe is read with :func:`load_recipe` (or :func:`parse_recipe` from text) into a frozen
:class:`Recipe`.  Every mistake gets one clear sentence naming the file and the key, so a teacher can
fix the recipe without reading Python.

>>> r = parse_recipe('title = "Demo"\\nseed = 7\\nrules = ["express-1"]\\n[[puzzles]]\\nkind = "what-next"')
>>> r.title, r.paper, r.seed, r.puzzles[0].kind, r.puzzles[0].count
('Demo', 'A4', 7, 'what-next', 1)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eleusis_lab.worksheets.scoresheets import printed_variants

PUZZLE_KINDS: tuple[str, ...] = (
    "find-the-rule",
    "what-next",
    "survivors",
    "design-a-rule",
    "record-sheet",
)
KIND_ALIASES = {
    "find_the_rule": "find-the-rule",
    "what-may-come-next": "what-next",
    "what_next": "what-next",
    "which-hypotheses-survive": "survivors",
    "hypotheses": "survivors",
    "design": "design-a-rule",
    "design_a_rule": "design-a-rule",
    "record": "record-sheet",
    "record-sheets": "record-sheet",
    "score-sheet": "record-sheet",
}
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
PAPERS: tuple[str, ...] = ("A4", "Letter")
DECKS: tuple[str, ...] = ("standard", "double", "letters")


class RecipeError(ValueError):
    """A recipe that cannot be built; the message says which key is wrong and what is expected."""


@dataclass(frozen=True)
class PuzzleSpec:
    """One ``[[puzzles]]`` table: a kind of puzzle and how many of it."""

    kind: str
    count: int = 1
    difficulty: str | None = None  # overrides the recipe's difficulty
    rules: tuple[str, ...] = ()  # overrides the recipe's rules
    variants: tuple[str, ...] = ()  # record sheets only


@dataclass(frozen=True)
class Recipe:
    """Everything needed to build one worksheet (and its answer key) deterministically."""

    name: str
    title: str
    seed: int
    paper: str = "A4"
    greyscale: bool = False
    deck: str = "standard"
    difficulty: str = "medium"
    rules: tuple[str, ...] = ()
    puzzles: tuple[PuzzleSpec, ...] = ()
    intro: str = ""
    source: str = ""
    allow_unfair: bool = False  # rules the checks find unfit for play (gardner-7) allowed on purpose
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


_TOP_KEYS = {
    "title", "seed", "paper", "greyscale", "deck", "difficulty", "rules", "puzzles", "intro", "name",
    "allow_unfair",
}  # fmt: skip
#: A recipe's puzzles in all (each table's ``count`` is at most 40): a worksheet of 60 puzzles is about 25
#: pages, and a typo (500 tables of 40) must not tie up a school server for hours.
MAX_PUZZLES = 60
_PUZZLE_KEYS = {"kind", "count", "difficulty", "rules", "variants"}


def load_recipe(path: str | Path) -> Recipe:
    """Read a recipe file (TOML); raise :class:`RecipeError` with the file name on any mistake."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise RecipeError(f"recipe {str(p)!r} does not exist") from None
    except OSError as e:
        raise RecipeError(f"cannot read recipe {str(p)!r}: {e.strerror}") from None
    except ValueError:  # a NUL byte in the file name
        raise RecipeError(f"recipe {str(p)!r}: a file name cannot hold a NUL byte") from None
    if b"\x00" in data:
        at = data.index(b"\x00")
        line = data.count(b"\n", 0, at) + 1
        raise RecipeError(f"{p}: not a text file (a NUL byte on line {line}); save the recipe as UTF-8 text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise RecipeError(
            f"{p}: not UTF-8 text (byte 0x{data[e.start]:02x} on line {line}); save the recipe as UTF-8"
        ) from None
    return parse_recipe(text, name=p.stem, source=str(p))


def parse_recipe(text: str, *, name: str = "worksheet", source: str = "<recipe>") -> Recipe:
    """A :class:`Recipe` from TOML text (``name`` names the output files unless the recipe sets one)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RecipeError(f"{source}: not valid TOML ({e})") from None

    def fail(msg: str) -> RecipeError:
        return RecipeError(f"{source}: {msg}")

    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}; the keys are {', '.join(sorted(_TOP_KEYS))}")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise fail("'title' must be some text, e.g. title = \"Eleusis Express: easy\"")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail(f"'seed' must be a whole number, not {seed!r}")
    paper = data.get("paper", "A4")
    paper_norm = {p.lower(): p for p in PAPERS}.get(str(paper).lower())
    if paper_norm is None:
        raise fail(f"'paper' must be one of {', '.join(PAPERS)}, not {paper!r}")
    greyscale = data.get("greyscale", False)
    if not isinstance(greyscale, bool):
        raise fail("'greyscale' must be true or false")
    allow_unfair = data.get("allow_unfair", False)
    if not isinstance(allow_unfair, bool):
        raise fail("'allow_unfair' must be true or false")
    deck = data.get("deck", "standard")
    if deck not in DECKS:
        raise fail(f"'deck' must be one of {', '.join(DECKS)}, not {deck!r}")
    difficulty = data.get("difficulty", "medium")
    if difficulty not in DIFFICULTIES:
        raise fail(f"'difficulty' must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    rules = _str_list(data.get("rules", []), "rules", fail)
    intro = data.get("intro", "")
    if not isinstance(intro, str):
        raise fail("'intro' must be some text")
    out_name = data.get("name", name)
    if not isinstance(out_name, str) or not out_name or "/" in out_name or out_name.startswith("."):
        raise fail("'name' must be a plain file name without '/'")

    raw_puzzles = data.get("puzzles")
    if not isinstance(raw_puzzles, list) or not raw_puzzles:
        raise fail("add at least one [[puzzles]] table with a 'kind'")
    specs: list[PuzzleSpec] = []
    for i, raw in enumerate(raw_puzzles, start=1):
        if not isinstance(raw, dict):
            raise fail(f"puzzles #{i} must be a table")
        bad = sorted(set(raw) - _PUZZLE_KEYS)
        if bad:
            raise fail(
                f"puzzles #{i}: unknown key {bad[0]!r}; the keys are {', '.join(sorted(_PUZZLE_KEYS))}"
            )
        kind = raw.get("kind")
        kind = KIND_ALIASES.get(kind, kind) if isinstance(kind, str) else kind
        if kind not in PUZZLE_KINDS:
            raise fail(
                f"puzzles #{i}: 'kind' must be one of {', '.join(PUZZLE_KINDS)}, not {raw.get('kind')!r}"
            )
        count = raw.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 40:
            raise fail(f"puzzles #{i}: 'count' must be a whole number from 1 to 40, not {count!r}")
        diff = raw.get("difficulty")
        if diff is not None and diff not in DIFFICULTIES:
            raise fail(f"puzzles #{i}: 'difficulty' must be one of {', '.join(DIFFICULTIES)}, not {diff!r}")
        variants = _str_list(raw.get("variants", []), f"puzzles #{i} variants", fail)
        # The variants with printed sheets: those whose presentation describes one (the solo protocol
        # has none, it is played on a screen).
        printed = printed_variants()
        for v in variants:
            if v not in printed:
                raise fail(f"puzzles #{i}: unknown variant {v!r}; choose from {', '.join(printed)}")
        if kind == "record-sheet" and not variants:
            variants = printed
        specs.append(
            PuzzleSpec(
                kind=kind,
                count=count,
                difficulty=diff,
                rules=_str_list(raw.get("rules", []), f"puzzles #{i} rules", fail),
                variants=variants,
            )
        )
    total = sum(len(s.variants) if s.kind == "record-sheet" else s.count for s in specs)
    if total > MAX_PUZZLES:
        raise fail(
            f"{total} puzzles in all, more than the limit of {MAX_PUZZLES} per recipe; split it into "
            "several recipes"
        )
    needs_rules = any(s.kind in ("find-the-rule", "what-next", "survivors") for s in specs)
    if needs_rules and not rules and not all(s.rules for s in specs if s.kind != "record-sheet"):
        raise fail(
            "puzzles about a secret rule need 'rules', a list of library keys like [\"express-1\"] "
            'or rule texts like ["card.color != prev.color"]'
        )
    return Recipe(
        name=out_name,
        title=title.strip(),
        seed=seed,
        paper=paper_norm,
        greyscale=greyscale,
        deck=deck,
        difficulty=difficulty,
        rules=rules,
        puzzles=tuple(specs),
        intro=intro.strip(),
        source=source,
        allow_unfair=allow_unfair,
    )


def _str_list(value: Any, key: str, fail: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise fail(f"'{key}' must be a list of texts")
    return tuple(value)
