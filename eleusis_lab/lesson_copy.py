"""The kit's own files wherever it runs, and a fresh copy of the lessons for a student or a class.

The lessons, the worksheet recipes and the projector notebook travel inside the package: a wheel holds
them as package data (``eleusis_lab/lessons/``, ``eleusis_lab/worksheets/recipes/``), a clone of the
repository has them at its root (``lessons/``, ``worksheets/``).  :func:`kit_lessons` and
:func:`kit_recipes` find whichever is there, so ``pip install eleusis-lab`` and a clone behave alike.

:func:`copy_lessons` copies the notebooks into a folder of the user's (``~/eleusis-lab/lessons`` by
default) and never overwrites a file someone has edited: it keeps a manifest of the hash of every file it
wrote (``.eleusis-lab-lessons.json`` in that folder), so a file whose content no longer matches what was
copied is someone's work, and is skipped and reported instead.  A notebook's content is its cells' kinds
and sources: a lesson opened and saved without an edit is still untouched, and is updated.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "lessons"
>>> report = copy_lessons(folder)
>>> len(report.copied) >= 8 and not report.skipped
True
>>> first = folder / report.copied[0]
>>> _ = first.write_text("my own notes", encoding="utf-8")
>>> again = copy_lessons(folder)
>>> again.skipped == [report.copied[0]] and first.read_text(encoding="utf-8") == "my own notes"
True
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from eleusis_lab.files import SHARED, write_atomically

__all__ = [
    "MANIFEST_NAME",
    "PROJECTOR",
    "CopyReport",
    "copy_lessons",
    "default_lessons_dest",
    "default_worksheets_dest",
    "kit_lessons",
    "kit_notebooks",
    "kit_recipes",
    "lesson_files",
]

MANIFEST_NAME = ".eleusis-lab-lessons.json"
_PACKAGE = Path(__file__).resolve().parent
_CLONE = _PACKAGE.parent  # the repository root when running from a clone (editable install)


def _kit_folder(packaged: Path, in_clone: Path, what: str) -> Path:
    """The folder inside the installed package if the wheel put it there, else the clone's."""
    if packaged.is_dir():
        return packaged
    if in_clone.is_dir():
        return in_clone
    raise FileNotFoundError(
        f"the kit's {what} are neither in the package ({packaged}) nor in a clone ({in_clone}); "
        "reinstall eleusis-lab from a wheel built with `python -m build`"
    )


def kit_lessons() -> Path:
    """The kit's lessons folder: ``eleusis_lab/lessons`` of a wheel, or ``lessons/`` of a clone."""
    return _kit_folder(Path(str(resources.files("eleusis_lab") / "lessons")), _CLONE / "lessons", "lessons")


def kit_recipes() -> Path:
    """The worksheet recipes: ``eleusis_lab/worksheets/recipes`` of a wheel, else ``worksheets/`` of a clone.

    Never raises (the worksheets module reads it at import): a missing folder is reported by whoever
    lists it.
    """
    packaged = Path(str(resources.files("eleusis_lab") / "worksheets" / "recipes"))
    return packaged if packaged.is_dir() else _CLONE / "worksheets"


def default_lessons_dest() -> Path:
    """``$ELEUSIS_LAB_LESSONS`` or ``~/eleusis-lab/lessons``: where a student's own copy lives."""
    env = os.environ.get("ELEUSIS_LAB_LESSONS")
    return Path(env).expanduser() if env else Path.home() / "eleusis-lab" / "lessons"


def default_worksheets_dest() -> Path:
    """``out/worksheets`` beside the lessons folder (``~/eleusis-lab/out/worksheets`` by default).

    The folder lesson 8 builds into from a copy of the lessons (``../out/worksheets``), so that the
    notebook and ``eleusis-lab worksheets build`` put a class's worksheets in one place, wherever the
    command runs from.
    """
    return default_lessons_dest().parent / "out" / "worksheets"


def lesson_files(source: Path | None = None) -> list[Path]:
    """The notebooks a student opens, in lesson order (their text sources stay in the kit)."""
    folder = kit_lessons() if source is None else source
    return sorted(p for p in folder.glob("*.ipynb") if p.is_file())


# The projector page (the class board alone, for Voila): copied beside the lessons so that a teacher on a
# JupyterHub can open it as /user/NAME/voila/render/eleusis-lab/lessons/projector.ipynb.
PROJECTOR = _PACKAGE / "widgets" / "projector.ipynb"


def rules_page() -> Path:
    """The rules page the lessons link to (``rules.md`` beside them in a copy): ``eleusis_lab/docs/rules.md``
    of a wheel, else ``docs/rules.md`` of a clone."""
    packaged = Path(str(resources.files("eleusis_lab") / "docs"))
    return _kit_folder(packaged, _CLONE / "docs", "docs") / "rules.md"


def kit_notebooks(source: Path | None = None) -> list[Path]:
    """What :func:`copy_lessons` copies: the lessons, then the projector page and the rules page the lessons
    link to (both from the kit itself)."""
    files = lesson_files(source)
    if source is None:
        files += [page for page in (PROJECTOR, rules_page()) if page.is_file()]
    return files


def _byte_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _digest(path: Path) -> str:
    """The hash of what makes a file someone's work: a notebook's cells (kind and source), else its bytes.

    Opening a lesson and saving it without an edit (Ctrl-S, JupyterLab's two-minute autosave) fills in its
    metadata (``language_info``), execution counts and outputs, and may change the JSON's layout: none of
    that is an edit, so none of it counts.
    """
    if path.suffix == ".ipynb":
        try:
            cells = json.loads(path.read_bytes())["cells"]
            content = [[cell["cell_type"], "".join(cell["source"])] for cell in cells]
        except (ValueError, KeyError, TypeError):
            pass  # not a notebook after all: its bytes are its content
        else:
            return hashlib.sha256(json.dumps(content, ensure_ascii=False).encode()).hexdigest()
    return _byte_digest(path)


@dataclass
class CopyReport:
    """What :func:`copy_lessons` did, file names relative to ``dest``."""

    dest: Path
    source: Path
    copied: list[str] = field(default_factory=list)  # new in dest
    updated: list[str] = field(default_factory=list)  # unedited copies of an older kit, replaced
    unchanged: list[str] = field(default_factory=list)  # already the kit's current version
    skipped: list[str] = field(default_factory=list)  # edited (or not the kit's): left exactly as they are
    in_the_way: list[str] = field(default_factory=list)  # a folder (not a file) has the lesson's name

    def lines(self) -> list[str]:
        """The report in words, one line per thing a user should know."""
        out = [f"lessons in {self.dest} (from {self.source})"]
        for label, names in [("copied", self.copied), ("updated", self.updated)]:
            if names:
                out.append(f"  {label}: {', '.join(names)}")
        if self.unchanged:
            out.append(f"  already up to date: {len(self.unchanged)} file(s)")
        for name in self.skipped:
            out.append(
                f"  skipped {name}: it was edited since it was copied, so it is left as it is "
                "(copy into another folder for a fresh one)"
            )
        for name in self.in_the_way:
            out.append(f"  skipped {name}: a folder of that name is in the way (rename it to get the lesson)")
        return out


def _read_manifest(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files", {}) if isinstance(data, dict) else {}
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


def copy_lessons(dest: str | os.PathLike[str] | None = None, source: Path | None = None) -> CopyReport:
    """Copy the kit's lessons into ``dest`` (created if needed), never overwriting an edited file.

    A file in ``dest`` is replaced only when it is exactly what an earlier copy wrote (its hash is in the
    manifest): then nobody has touched it and the kit's newer version takes its place.  A file that is
    the kit's current version already is left alone; any other existing file is skipped and reported.
    """
    folder = Path(dest).expanduser() if dest is not None else default_lessons_dest()
    kit = kit_lessons() if source is None else source
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder for the lessons")
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / MANIFEST_NAME
    written = _read_manifest(manifest_path)
    report = CopyReport(dest=folder, source=kit)
    for src in kit_notebooks(source):
        name, target = src.name, folder / src.name
        if target.exists() and not target.is_file():  # a folder named like the lesson: not ours to touch
            report.in_the_way.append(name)
            continue
        fresh = _digest(src)
        if not target.exists():
            write_atomically(target, src.read_bytes(), mode=SHARED)
            report.copied.append(name)
        else:
            current = _digest(target)
            if current == fresh:
                report.unchanged.append(name)
            elif written.get(name) in (current, _byte_digest(target)):  # a manifest of an older kit: bytes
                write_atomically(target, src.read_bytes(), mode=SHARED)
                report.updated.append(name)
            else:
                report.skipped.append(name)
                continue  # the manifest keeps what we wrote once: the file stays "edited"
        written[name] = fresh
    manifest = {"kit": "eleusis-lab", "files": dict(sorted(written.items()))}
    write_atomically(manifest_path, json.dumps(manifest, indent=1) + "\n", mode=SHARED)
    return report
