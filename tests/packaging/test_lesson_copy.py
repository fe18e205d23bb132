"""``eleusis-lab lessons`` and ``eleusis-lab lab``: a fresh copy of the lessons that never loses an edit."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from eleusis_lab import cli
from eleusis_lab.lesson_copy import (
    MANIFEST_NAME,
    copy_lessons,
    kit_lessons,
    kit_notebooks,
    kit_recipes,
    lesson_files,
)

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    """A small stand-in for the kit's lessons folder: two notebooks, a text source, a test config."""
    folder = tmp_path / "kit"
    folder.mkdir()
    for name in ["01_a.ipynb", "02_b.ipynb"]:
        (folder / name).write_text(json.dumps({"cells": [], "name": name}), encoding="utf-8")
    (folder / "01_a.md").write_text("# the text source\n", encoding="utf-8")
    (folder / "sanitize.cfg").write_text("[x]\n", encoding="utf-8")
    return folder


def test_from_a_clone_the_kit_files_are_the_repository_folders() -> None:
    assert kit_lessons() == REPO / "lessons"
    assert kit_recipes() == REPO / "worksheets"
    names = [p.name for p in lesson_files()]
    assert names == sorted(names) and len(names) >= 8 and all(n.endswith(".ipynb") for n in names)


def test_a_first_copy_copies_the_notebooks_only(kit: Path, tmp_path: Path) -> None:
    report = copy_lessons(tmp_path / "mine" / "lessons", source=kit)
    dest = tmp_path / "mine" / "lessons"
    assert report.copied == ["01_a.ipynb", "02_b.ipynb"] and not report.skipped
    assert sorted(p.name for p in dest.iterdir()) == [MANIFEST_NAME, "01_a.ipynb", "02_b.ipynb"]
    manifest = json.loads((dest / MANIFEST_NAME).read_text(encoding="utf-8"))
    assert set(manifest["files"]) == {"01_a.ipynb", "02_b.ipynb"}


def test_an_edited_file_is_never_overwritten_and_is_named(kit: Path, tmp_path: Path) -> None:
    dest = tmp_path / "lessons"
    copy_lessons(dest, source=kit)
    (dest / "01_a.ipynb").write_text("the student's work", encoding="utf-8")
    (kit / "01_a.ipynb").write_text(json.dumps({"cells": [], "version": 2}), encoding="utf-8")  # a newer kit
    report = copy_lessons(dest, source=kit)
    assert report.skipped == ["01_a.ipynb"] and report.unchanged == ["02_b.ipynb"]
    assert (dest / "01_a.ipynb").read_text(encoding="utf-8") == "the student's work"
    assert any("skipped 01_a.ipynb" in line and "edited" in line for line in report.lines())
    # Still "edited" on the next run: the manifest keeps the hash of what was copied, not the edit.
    assert copy_lessons(dest, source=kit).skipped == ["01_a.ipynb"]


def test_an_untouched_copy_of_an_older_kit_is_updated(kit: Path, tmp_path: Path) -> None:
    dest = tmp_path / "lessons"
    copy_lessons(dest, source=kit)
    newer = json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": "version 2"}]})
    (kit / "02_b.ipynb").write_text(newer, encoding="utf-8")
    report = copy_lessons(dest, source=kit)
    assert report.updated == ["02_b.ipynb"] and report.unchanged == ["01_a.ipynb"]
    assert (dest / "02_b.ipynb").read_text(encoding="utf-8") == newer


def test_a_file_that_was_never_the_kits_is_left_alone(kit: Path, tmp_path: Path) -> None:
    dest = tmp_path / "lessons"
    dest.mkdir()
    (dest / "02_b.ipynb").write_text("someone's own notebook of that name", encoding="utf-8")
    (dest / "notes.txt").write_text("mine", encoding="utf-8")
    report = copy_lessons(dest, source=kit)
    assert report.copied == ["01_a.ipynb"] and report.skipped == ["02_b.ipynb"]
    assert (dest / "02_b.ipynb").read_text(encoding="utf-8") == "someone's own notebook of that name"
    assert (dest / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_deleted_lesson_comes_back(kit: Path, tmp_path: Path) -> None:
    dest = tmp_path / "lessons"
    copy_lessons(dest, source=kit)
    (dest / "01_a.ipynb").unlink()
    assert copy_lessons(dest, source=kit).copied == ["01_a.ipynb"]


def test_a_file_in_the_way_of_the_folder_is_a_clear_error(tmp_path: Path, capsys) -> None:
    (tmp_path / "lessons").write_text("not a folder", encoding="utf-8")
    assert cli.main(["lessons", str(tmp_path / "lessons")]) == 2
    assert "not a folder" in capsys.readouterr().err
    assert (tmp_path / "lessons").read_text(encoding="utf-8") == "not a folder"


def test_the_lessons_command_defaults_to_the_home_folder(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.delenv("ELEUSIS_LAB_LESSONS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cli.main(["lessons"]) == 0
    copied = sorted(p.name for p in (tmp_path / "eleusis-lab" / "lessons").glob("[!.]*"))
    assert copied == sorted(p.name for p in kit_notebooks())
    assert set(copied) >= {p.name for p in lesson_files()}
    assert "copied: 01_" in capsys.readouterr().out
    assert cli.main(["lessons"]) == 0
    assert f"already up to date: {len(copied)} file(s)" in capsys.readouterr().out


def test_lab_copies_on_first_use_then_opens_jupyterlab_there(monkeypatch, tmp_path: Path, capsys) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(cli, "run_server", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.setattr(cli.os, "geteuid", lambda: 1000)
    dest = tmp_path / "class-7a"
    assert (
        cli.main(["lab", str(dest), "--no-browser", "--port", "8899", "--jupyter=--ServerApp.ip=127.0.0.1"])
        == 0
    )
    assert sorted(p.name for p in dest.glob("[!.]*")) == sorted(p.name for p in kit_notebooks())
    lab = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={dest}"]
    assert calls == [[*lab, "--no-browser", "--port=8899", "--ServerApp.ip=127.0.0.1"]]
    # As root (a container, a school server) JupyterLab needs --allow-root or it refuses to start.
    monkeypatch.setattr(cli.os, "geteuid", lambda: 0)
    assert cli.main(["lab", str(dest)]) == 0
    assert calls[-1] == [*lab, "--allow-root"]


def test_lab_dry_run_prints_the_command_and_copies_nothing(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.setattr(cli, "run_server", lambda cmd: pytest.fail("a dry run runs nothing"))
    monkeypatch.setattr(cli.os, "geteuid", lambda: 1000)
    assert cli.main(["lab", str(tmp_path / "x"), "--dry-run"]) == 0
    assert capsys.readouterr().out.strip().endswith(f"-m jupyterlab --ServerApp.root_dir={tmp_path / 'x'}")
    assert not (tmp_path / "x").exists()


def _notebook(*cells: tuple[str, str]) -> dict:
    return {
        "cells": [
            {"cell_type": kind, "metadata": {}, "source": source.splitlines(keepends=True)}
            | ({"execution_count": None, "outputs": []} if kind == "code" else {})
            for kind, source in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _save_as_jupyterlab_does(path: Path) -> None:
    """Open and save without an edit: language_info, counts and outputs appear, the JSON is re-laid out."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["metadata"]["language_info"] = {"name": "python", "version": "3.11.2"}
    for number, cell in enumerate(c for c in notebook["cells"] if c["cell_type"] == "code"):
        cell["execution_count"] = number + 1
        cell["outputs"] = [{"name": "stdout", "output_type": "stream", "text": ["hello\n"]}]
        cell["source"] = "".join(cell["source"])  # one string rather than a list of lines
    path.write_text(json.dumps(notebook, indent=1, sort_keys=True), encoding="utf-8")


@pytest.fixture
def notebook_kit(tmp_path: Path) -> Path:
    folder = tmp_path / "notebook-kit"
    folder.mkdir()
    lesson = _notebook(("markdown", "# Lesson\nRead this.\n"), ("code", "x = 1\nprint(x)\n"))
    (folder / "01_a.ipynb").write_text(json.dumps(lesson), encoding="utf-8")
    return folder


def test_a_lesson_saved_without_an_edit_is_still_untouched(notebook_kit: Path, tmp_path: Path) -> None:
    dest = tmp_path / "lessons"
    copy_lessons(dest, source=notebook_kit)
    _save_as_jupyterlab_does(dest / "01_a.ipynb")
    assert copy_lessons(dest, source=notebook_kit).unchanged == ["01_a.ipynb"]  # same cells as the kit's
    newer = _notebook(("markdown", "# Lesson\nRead this, then that.\n"), ("code", "x = 1\nprint(x)\n"))
    (notebook_kit / "01_a.ipynb").write_text(json.dumps(newer), encoding="utf-8")
    report = copy_lessons(dest, source=notebook_kit)
    assert report.updated == ["01_a.ipynb"] and not report.skipped
    assert json.loads((dest / "01_a.ipynb").read_text(encoding="utf-8")) == newer


@pytest.mark.parametrize(
    "edit",
    [
        lambda cells: cells[1].update(source=["x = 2\n", "print(x)\n"]),  # a changed line
        lambda cells: cells[0].update(cell_type="raw"),  # the same text as another kind of cell
        lambda cells: cells.append({"cell_type": "markdown", "metadata": {}, "source": ["my notes"]}),
    ],
    ids=["source", "kind", "new cell"],
)
def test_an_edit_to_a_cell_is_an_edit(notebook_kit: Path, tmp_path: Path, edit) -> None:
    dest = tmp_path / "lessons"
    copy_lessons(dest, source=notebook_kit)
    _save_as_jupyterlab_does(dest / "01_a.ipynb")
    notebook = json.loads((dest / "01_a.ipynb").read_text(encoding="utf-8"))
    edit(notebook["cells"])
    (dest / "01_a.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    mine = (dest / "01_a.ipynb").read_bytes()
    newer = _notebook(("markdown", "# Lesson v2\n"), ("code", "x = 1\n"))
    (notebook_kit / "01_a.ipynb").write_text(json.dumps(newer), encoding="utf-8")
    assert copy_lessons(dest, source=notebook_kit).skipped == ["01_a.ipynb"]
    assert (dest / "01_a.ipynb").read_bytes() == mine


def test_an_untouched_copy_listed_by_an_older_kits_manifest_is_updated(
    notebook_kit: Path, tmp_path: Path
) -> None:
    """Manifests written before notebooks were compared by their cells hold the hash of the bytes."""
    dest = tmp_path / "lessons"
    copy_lessons(dest, source=notebook_kit)
    copied = dest / "01_a.ipynb"
    (dest / MANIFEST_NAME).write_text(
        json.dumps(
            {"kit": "eleusis-lab", "files": {"01_a.ipynb": hashlib.sha256(copied.read_bytes()).hexdigest()}}
        ),
        encoding="utf-8",
    )
    (notebook_kit / "01_a.ipynb").write_text(json.dumps(_notebook(("code", "y = 3\n"))), encoding="utf-8")
    assert copy_lessons(dest, source=notebook_kit).updated == ["01_a.ipynb"]


def test_the_rules_page_the_lessons_link_to_is_copied_beside_them(tmp_path: Path) -> None:
    """Every lesson's link to the rules page (``rules.md``) opens in the copy, from a clone or a wheel."""
    import re

    report = copy_lessons(tmp_path / "copy")
    assert "rules.md" in report.copied
    links = {
        target
        for notebook in (tmp_path / "copy").glob("*.ipynb")
        for target in re.findall(r"\]\(([^)#]+\.md)", notebook.read_text(encoding="utf-8"))
    }
    assert links == {"rules.md"}, "the lessons link only to the rules page, by a path that works in the copy"
    assert (tmp_path / "copy" / "rules.md").read_text(encoding="utf-8").startswith("#")
