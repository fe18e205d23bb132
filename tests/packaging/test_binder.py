"""binder/: the repository opens on a Binder-style service (repo2docker) with the kit and its lessons."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"


def test_binder_installs_the_repository_with_extras_that_exist() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = [
        line.strip()
        for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    match = re.fullmatch(r"\.\[([a-z,]+)\]", lines[0])
    assert match, f"the first requirement installs the repository itself: {lines}"
    extras = set(match.group(1).split(","))
    assert {"notebook", "print"} <= extras <= set(project["optional-dependencies"])
    # pip reads a path inside a requirements file relative to that file
    assert "--constraint ../constraints.txt" in lines and (BINDER / "../constraints.txt").is_file()


def test_binder_python_meets_the_kit_and_post_build_runs() -> None:
    version = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    assert re.fullmatch(r"python-3\.(\d+)", version) and int(version.split(".")[1]) >= 11
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK) and post_build.read_text(encoding="utf-8").startswith("#!")
    # WeasyPrint's system libraries for the PDF worksheets of lesson 8.
    assert {"libpango-1.0-0", "libpangoft2-1.0-0"} <= set((BINDER / "apt.txt").read_text().split())
