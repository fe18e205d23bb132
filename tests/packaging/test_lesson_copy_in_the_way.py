"""Issue 32 #6: ``eleusis-lab lessons DIR`` when DIR holds a folder named like a lesson."""

from __future__ import annotations

import json
from pathlib import Path

from eleusis_lab import cli
from eleusis_lab.lesson_copy import copy_lessons, lesson_files


def test_a_folder_named_like_a_lesson_is_skipped_with_a_line_and_the_rest_is_copied(
    tmp_path: Path, capsys
) -> None:
    """Reproducer (fed187d): with a folder ``01_a.ipynb/`` in DIR, ``copy_lessons`` raised
    IsADirectoryError and ``eleusis-lab lessons DIR`` copied nothing at all."""
    kit = tmp_path / "kit"
    kit.mkdir()
    for name in ["01_a.ipynb", "02_b.ipynb"]:
        (kit / name).write_text(json.dumps({"cells": [], "name": name}), encoding="utf-8")
    dest = tmp_path / "mine"
    (dest / "01_a.ipynb").mkdir(parents=True)
    (dest / "01_a.ipynb" / "my-notes.txt").write_text("mine", encoding="utf-8")

    report = copy_lessons(dest, source=kit)
    assert report.copied == ["02_b.ipynb"] and report.in_the_way == ["01_a.ipynb"]
    assert (dest / "01_a.ipynb" / "my-notes.txt").read_text(encoding="utf-8") == "mine"
    assert (dest / "02_b.ipynb").read_bytes() == (kit / "02_b.ipynb").read_bytes()
    [line] = [x for x in report.lines() if "01_a.ipynb" in x]
    assert "a folder of that name is in the way" in line

    # once the folder is moved away the lesson comes
    (dest / "01_a.ipynb").rename(tmp_path / "moved")
    assert copy_lessons(dest, source=kit).copied == ["01_a.ipynb"]


def test_the_lessons_command_says_so_and_succeeds(tmp_path: Path, capsys) -> None:
    first, *rest = [p.name for p in lesson_files()]
    (tmp_path / first).mkdir()
    assert cli.main(["lessons", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"skipped {first}: a folder of that name is in the way" in out
    assert all((tmp_path / name).is_file() for name in rest)
