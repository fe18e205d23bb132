"""``eleusis-lab worksheets build`` as a wheel's user types it: lesson 8's command, from any folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from eleusis_lab import cli
from eleusis_lab.lesson_copy import kit_recipes


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder (no worksheets/, as for a wheel's user) and a lessons folder of one's own."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("ELEUSIS_LAB_LESSONS", str(tmp_path / "class" / "lessons"))
    return tmp_path


@pytest.mark.parametrize("name", ["worksheets/express-easy.toml", "express-easy.toml", "express-easy"])
def test_a_starter_recipe_builds_by_its_path_in_a_clone_or_its_name(
    elsewhere: Path, name: str, capsys
) -> None:
    assert not (Path.cwd() / "worksheets").exists()
    assert cli.main(["worksheets", "build", name, "--no-pdf"]) == 0
    written = sorted(p.name for p in (elsewhere / "class" / "out" / "worksheets").iterdir())
    assert written == ["express-easy-answers.json", "express-easy-key.html", "express-easy.html"]
    assert not list(Path.cwd().iterdir()), "nothing is written into the folder the command runs from"
    assert str(elsewhere / "class" / "out" / "worksheets" / "express-easy.html") in capsys.readouterr().out


def test_a_recipe_file_of_ones_own_wins_over_the_starter_pack(elsewhere: Path) -> None:
    mine = Path.cwd() / "worksheets" / "express-easy.toml"
    mine.parent.mkdir()
    shipped = (kit_recipes() / "express-easy.toml").read_text(encoding="utf-8")
    own = "\n".join(
        'title = "Our own puzzles"' if line.startswith("title =") else line for line in shipped.splitlines()
    )
    mine.write_text(own + "\n", encoding="utf-8")
    assert "Our own puzzles" in mine.read_text(encoding="utf-8")
    assert cli.main(["worksheets", "build", "worksheets/express-easy.toml", "--no-pdf", "-o", "here"]) == 0
    assert "Our own puzzles" in (Path.cwd() / "here" / "express-easy.html").read_text(encoding="utf-8")


def test_a_path_that_is_not_the_starter_packs_is_an_error_not_a_substitute(elsewhere: Path, capsys) -> None:
    assert cli.main(["worksheets", "build", "my-recipes/express-easy.toml", "--no-pdf"]) == 2
    assert "my-recipes/express-easy.toml" in capsys.readouterr().err
    assert not (elsewhere / "class").exists()
