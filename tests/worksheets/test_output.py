"""Same recipe, same bytes; greyscale pages really are grey; pages render to PNG."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import replace

import pytest

from eleusis_lab.worksheets import build, load_recipe
from eleusis_lab.worksheets.builder import RECIPE_DIR

pytestmark = pytest.mark.xdist_group("worksheets")


def test_same_recipe_same_bytes(pack: dict, tmp_path) -> None:
    """Built again in another process, with another hash seed: the same bytes in every file."""
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run(
        [sys.executable, "-m", "eleusis_lab.worksheets.cli", "build", str(RECIPE_DIR / "express-easy.toml"),
         "-o", str(tmp_path)],
        check=True, env=env, capture_output=True,
    )  # fmt: skip
    first = pack["express-easy"]["files"]
    for which in ("sheet-pdf", "key-pdf", "sheet-html", "key-html", "answers"):
        path = first[which]
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), which


def test_another_seed_another_worksheet(pack: dict, tmp_path) -> None:
    recipe = replace(load_recipe(RECIPE_DIR / "gardner-medium.toml"), seed=99)
    other = build(recipe, tmp_path, pdf=False)
    assert other.files["answers"].read_text() != pack["gardner-medium"]["files"]["answers"].read_text()


def _colourfulness(png) -> int:
    """How many pixels are clearly coloured (channels differ by more than 40)."""
    import numpy as np
    from PIL import Image

    rgb = np.asarray(Image.open(png).convert("RGB"), dtype=int)
    return int(((rgb.max(axis=2) - rgb.min(axis=2)) > 40).sum())


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler's pdftoppm renders the pages")
def test_greyscale_pages_have_no_colour(pack: dict, tmp_path) -> None:
    grey = build(replace(load_recipe(RECIPE_DIR / "letters.toml"), greyscale=True), tmp_path)
    pages = {}
    for name, pdf in (
        ("grey", grey.files["sheet-pdf"]),
        ("colour", pack["letters"]["files"]["sheet-pdf"]),
    ):
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(tmp_path / name)],
                       check=True)  # fmt: skip
        pages[name] = next(tmp_path.glob(f"{name}*.png"))
    assert _colourfulness(pages["colour"]) > 500  # red, blue and green inks
    assert _colourfulness(pages["grey"]) == 0
