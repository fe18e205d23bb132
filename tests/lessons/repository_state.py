"""What ``git status`` shows, with each listed file's content, to tell whether running the lessons changed
the repository.

Teaching must never modify the tracked lessons (issue 30: JupyterLab's autosave once rewrote lessons 2 and 4
and saved outputs into lesson 4's notebook).  The lessons stage runs every lesson in a working copy under
the ignored ``out/`` (``lesson_kernel.working_copy``); ``conftest.py`` takes a :func:`snapshot` before the
stage and fails the stage when :func:`changes` finds a difference after it.  A snapshot, not an empty
``git status``, because a developer's checkout is rarely clean: what counts is what the stage changed.
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

Snapshot = dict[str, str]  # path as git prints it -> its status and the hash of its content


def snapshot(repo: Path) -> Snapshot | None:
    """Every path ``git status`` lists (changed tracked files, untracked files outside ignored folders),
    with its content's hash; None when ``repo`` is not a git checkout or git is missing."""
    try:
        out = subprocess.run(
            ["git", "-C", str(repo), "status", "--porcelain=v1", "-z", "--untracked-files=all"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    state: Snapshot = {}
    entries = out.split(b"\0")
    i = 0
    while i < len(entries):
        entry = entries[i].decode("utf-8", "surrogateescape")
        i += 1
        if not entry:
            continue
        code, path = entry[:2], entry[3:]
        if code[0] in "RC":  # a rename or copy is followed by its source path
            i += 1
        file = repo / path
        content = hashlib.sha256(file.read_bytes()).hexdigest()[:16] if file.is_file() else "absent"
        state[path] = f"{code.strip()} {content}"
    return state


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """What differs between two snapshots, one line per path (empty when nothing changed)."""
    lines = []
    for path in sorted(before.keys() | after.keys()):
        if before.get(path) == after.get(path):
            continue
        if path not in before:
            lines.append(f"{path}: {'new, untracked' if after[path].startswith('??') else 'changed'}")
        elif path not in after:
            lines.append(f"{path}: back to its committed state")
        else:
            lines.append(f"{path}: changed again")
    return lines
