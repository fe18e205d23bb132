"""The package list, which pyproject.toml cannot say: three data folders at the root go into the wheel.

``lessons/`` becomes ``eleusis_lab/lessons``, ``worksheets/`` (the recipes) becomes
``eleusis_lab/worksheets/recipes`` and ``docs/`` (only its rules page is package data)
``eleusis_lab/docs``, so ``pip install eleusis-lab`` carries everything a teacher uses while
a clone keeps its folders where Voila, ``make lab`` and the tests expect them.  Every other setting is in
pyproject.toml.
"""

from setuptools import find_packages, setup

DATA_FOLDERS = {
    "eleusis_lab.lessons": "lessons",
    "eleusis_lab.worksheets.recipes": "worksheets",
    "eleusis_lab.docs": "docs",  # the rules page (rules.md), which every lesson links to
}

setup(
    packages=[*find_packages(include=["eleusis_lab", "eleusis_lab.*"]), *DATA_FOLDERS],
    package_dir=DATA_FOLDERS,
)
