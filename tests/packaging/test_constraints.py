"""constraints.txt pins a tested version of every package pyproject.toml names, inside its open bounds."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parents[2]


def _pins() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt pins exact versions only: {line!r}"
            pins[canonicalize_name(name)] = Version(version)
    return pins


def test_every_requirement_of_every_extra_is_pinned_within_its_bounds() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = [Requirement(r) for r in project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        requirements += [Requirement(r) for r in extra]
    pins = _pins()
    assert canonicalize_name(project["name"]) not in pins, "the kit itself is never pinned"
    for requirement in requirements:
        name = canonicalize_name(requirement.name)
        if name == canonicalize_name(project["name"]):
            continue  # an extra that names other extras
        assert name in pins, f"{requirement} is not in constraints.txt: run `make constraints`"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"constraints.txt pins {name}=={pins[name]}, outside pyproject.toml's {requirement}"
        )


def test_the_installs_use_the_constraints() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "CONSTRAINTS := constraints.txt" in makefile and "--constraint $(CONSTRAINTS)" in makefile
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "pip install --constraint constraints.txt" in readme
