"""Three data folders at the root of a clone go into the wheel, which pyproject.toml alone cannot say.

``lessons/`` becomes ``eleusis_lab/lessons``, ``worksheets/`` (the recipes) becomes
``eleusis_lab/worksheets/recipes`` and ``docs/`` (only its rules page is package data)
``eleusis_lab/docs``, so ``pip install eleusis-lab`` carries everything a teacher uses while
a clone keeps its folders where Voila, ``make lab`` and the tests expect them.  Every other setting is in
pyproject.toml.

The folders are copied into the build by ``build_py`` rather than declared as packages with a
``package_dir`` mapping: such a mapping makes the package layout "not simple" for setuptools, whose
editable install (``make lab``) then falls back to an import hook and prints a boxed "Editable
installation" warning.  With only ``eleusis_lab`` as a package, the editable install is a plain ``.pth``
line and the clone's own ``lessons/`` and ``worksheets/`` are found by ``eleusis_lab.lesson_copy``.
"""

from collections.abc import Iterator
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

# A folder of the clone -> where it goes inside the wheel, and which of its files.
DATA_FOLDERS = {
    "lessons": ("eleusis_lab/lessons", ["*.ipynb", "*.md", "jupytext.toml", "unit.toml"]),
    "worksheets": ("eleusis_lab/worksheets/recipes", ["*.toml", "*.md"]),
    "docs": ("eleusis_lab/docs", ["rules.md"]),  # the rules page, which every lesson links to
}


def data_files() -> Iterator[tuple[Path, Path]]:
    """(the file in the clone, its path inside the package tree), for every shipped data file."""
    for folder, (target, patterns) in DATA_FOLDERS.items():
        for pattern in patterns:
            for path in sorted(Path(folder).glob(pattern)):
                yield path, Path(target, path.name)


class BuildWithDataFolders(build_py):
    """``build_py`` that also copies the data folders into the build (and lists them for the sdist)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads the clone's folders where they are
            return
        for source, target in data_files():
            out = Path(self.build_lib, target)
            self.mkpath(str(out.parent))
            self.copy_file(str(source), str(out))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        built = [] if self.editable_mode else [str(Path(self.build_lib, t)) for _, t in data_files()]
        return [*super().get_outputs(include_bytecode), *built]

    def get_source_files(self) -> list[str]:
        return [*super().get_source_files(), *(str(source) for source, _ in data_files())]


setup(
    packages=find_packages(include=["eleusis_lab", "eleusis_lab.*"]),
    # The package's root is the repository's root (a flat layout), said outright: setuptools then makes the
    # editable install one .pth line naming this folder.  Left unsaid, it guesses a flat layout may hide
    # other folders and installs an import hook with a boxed warning instead.
    package_dir={"": "."},
    cmdclass={"build_py": BuildWithDataFolders},
)
