"""Recipes: the starter pack reads, and every mistake gets one clear sentence naming the key."""

from __future__ import annotations

from dataclasses import replace

import pytest

from eleusis_lab.worksheets import RecipeError, load_recipe, parse_recipe, recipes
from eleusis_lab.worksheets.builder import RECIPE_DIR, generate

pytestmark = pytest.mark.xdist_group("worksheets")

STARTER = {
    "express-easy", "express-medium", "express-hard", "gardner-easy", "gardner-medium", "gardner-hard",
    "letters", "record-sheets",
}  # fmt: skip
GOOD = 'title = "T"\nseed = 3\nrules = ["express-1"]\n[[puzzles]]\nkind = "find-the-rule"\ncount = 2\n'


def test_starter_pack_is_complete_and_listed_in_readme() -> None:
    names = {p.stem for p in recipes()}
    assert names >= STARTER
    readme = (RECIPE_DIR / "README.md").read_text(encoding="utf-8")
    for name in names:
        assert f"{name}.toml" in readme, f"{name} missing from worksheets/README.md"
        r = load_recipe(RECIPE_DIR / f"{name}.toml")
        assert r.title and r.paper in ("A4", "Letter") and r.puzzles


def test_defaults_and_aliases() -> None:
    r = parse_recipe(GOOD.replace("find-the-rule", "what_next"), name="x")
    assert (r.name, r.paper, r.difficulty, r.deck, r.greyscale) == ("x", "A4", "medium", "standard", False)
    assert r.puzzles[0].kind == "what-next" and r.puzzles[0].count == 2
    assert parse_recipe('paper = "letter"\n' + GOOD).paper == "Letter"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("seed = 1\n[[puzzles]]\nkind = 'what-next'\n", "'title'"),
        ('title = "T"\nseed = "x"\n[[puzzles]]\nkind = "survivors"\nrules=["a"]\n', "'seed'"),
        ('title = "T"\npaper = "A3"\n[[puzzles]]\nkind = "survivors"\nrules=["a"]\n', "'paper'"),
        ('title = "T"\ndifficulty = "extreme"\n' + "[[puzzles]]\nkind = 'design'\n", "'difficulty'"),
        ('title = "T"\ncolour = true\n[[puzzles]]\nkind = "design"\n', "unknown key 'colour'"),
        ('title = "T"\n[[puzzles]]\nkind = "crossword"\n', "'kind' must be one of"),
        ('title = "T"\nrules=["x"]\n[[puzzles]]\nkind = "survivors"\ncount = 0\n', "'count'"),
        ('title = "T"\n[[puzzles]]\nkind = "survivors"\n', "need 'rules'"),
        ('title = "T"\n', "[[puzzles]]"),
        ('title = "T"\n[[puzzles]]\nkind = "record"\nvariants = ["poker"]\n', "unknown variant 'poker'"),
        ("title = ", "not valid TOML"),
    ],
)
def test_bad_recipes_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(RecipeError) as err:
        parse_recipe(text, source="bad.toml")
    assert words in str(err.value)
    assert str(err.value).startswith("bad.toml: ")


def test_missing_file_and_unknown_rule_key(tmp_path) -> None:
    with pytest.raises(RecipeError, match="does not exist"):
        load_recipe(tmp_path / "nope.toml")
    r = parse_recipe(GOOD.replace("express-1", "express-99"), source="r.toml")
    with pytest.raises(RecipeError, match="no library rule is called 'express-99'"):
        generate(r)


def test_player_dependent_rules_are_refused() -> None:
    r = parse_recipe(GOOD.replace("express-1", "gardner-6"), source="r.toml")
    with pytest.raises(RecipeError, match="depends on the player"):
        generate(r)


def test_globs_pick_library_rules() -> None:
    r = parse_recipe(GOOD.replace('"express-1"', '"express-[13]"').replace("count = 2", "count = 4"))
    keys = [p.options[p.answer].key for p in generate(r)]
    assert sorted(set(keys)) == ["express-1", "express-3"]
    assert keys.count("express-1") == 2


def test_rule_text_in_rules_is_a_secret_rule() -> None:
    text = "card.color != prev.color or card.rank > prev.rank"
    r = parse_recipe(GOOD.replace('"express-1"', f'"{text}"'), source="r.toml")
    puzzles = generate(r)
    assert {p.options[p.answer].text for p in puzzles} == {text}


def test_rule_text_with_a_mistake_gets_the_parsers_error() -> None:
    r = parse_recipe(GOOD.replace('"express-1"', '"card.colour == red"'), source="r.toml")
    with pytest.raises(RecipeError) as err:
        generate(r)
    message = str(err.value)
    assert message.startswith("r.toml: ") and "\n" not in message
    assert "unknown attribute `colour`" in message and "did you mean `color`" in message


def test_a_rule_of_the_other_deck_says_so() -> None:
    r = parse_recipe(GOOD.replace("title =", 'deck = "letters"\ntitle ='), source="r.toml")
    words = r"^r\.toml: express-1 is a standard-deck rule; this recipe uses the letter deck"
    with pytest.raises(RecipeError, match=words):
        generate(r)
    r = parse_recipe(GOOD.replace('"express-1"', '"letters-cycle"'), source="r.toml")
    with pytest.raises(RecipeError, match="letters-cycle is a letter-deck rule; this recipe uses"):
        generate(r)


def test_an_unfit_rule_needs_allow_unfair() -> None:
    unfair = GOOD.replace('"express-1"', '"gardner-7"')
    r = parse_recipe(unfair, source="r.toml")
    with pytest.raises(RecipeError, match=r"^r\.toml: rule 'gardner-7' is not fit for play .*allow_unfair"):
        generate(r)
    fair = parse_recipe("allow_unfair = true\n" + unfair, source="r.toml")
    first = generate(fair)[0]
    assert fair.allow_unfair and first.options[first.answer].key == "gardner-7"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b'title = "Caf\xe9"\n', "not UTF-8 text (byte 0xe9 on line 1)"),
        (b'title = "x"\nseed = 1\x00\n', "not a text file (a NUL byte on line 2)"),
    ],
)
def test_unreadable_recipe_files_are_named(tmp_path, data: bytes, words: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(data)
    with pytest.raises(RecipeError) as err:
        load_recipe(path)
    assert str(err.value).startswith(f"{path}: {words}; save the recipe as UTF-8")


def test_puzzle_errors_name_the_recipe(tmp_path) -> None:
    from eleusis_lab.worksheets import PuzzleError

    # a rule that accepts every card leaves no rejected card to reason about: no puzzle can be made
    r = parse_recipe(GOOD.replace('"express-1"', '"card.rank >= 1"'), source="r.toml")
    r = replace(r, allow_unfair=True)
    with pytest.raises(PuzzleError, match=r"^r\.toml: puzzle 1 \(find-the-rule\): "):
        generate(r)


def test_a_recipe_has_at_most_60_puzzles_in_all() -> None:
    """Issue 32 item 7.  Reproducer (accepted before, tying up the machine for hours):

    ``parse_recipe('title = "T"\\nrules = ["express-1"]\\n'
    + '[[puzzles]]\\nkind = "survivors"\\ncount = 40\\n' * 500)``
    """
    huge = 'title = "T"\nrules = ["express-1"]\n' + '[[puzzles]]\nkind = "survivors"\ncount = 40\n' * 500
    with pytest.raises(RecipeError) as err:
        parse_recipe(huge, source="huge.toml")
    assert str(err.value) == (
        "huge.toml: 20000 puzzles in all, more than the limit of 60 per recipe; split it into several recipes"
    )
    at_limit = 'title = "T"\nrules = ["express-1"]\n' + '[[puzzles]]\nkind = "survivors"\ncount = 30\n' * 2
    assert sum(s.count for s in parse_recipe(at_limit).puzzles) == 60
    over = at_limit + '[[puzzles]]\nkind = "record-sheet"\nvariants = ["express"]\n'
    with pytest.raises(RecipeError, match="61 puzzles in all, more than the limit of 60"):
        parse_recipe(over)
