"""Where class sessions autosave, and the list of saved sessions the set-up form offers to resume.

Files are ``class-session-YYYYMMDD-HHMMSS-NN.json`` in ``$ELEUSIS_LAB_SAVES`` (or ``~/.eleusis-lab/saves``);
the list reads only each file's summary, so it stays quick with many saves.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["SavedSession", "new_session_path", "saved_sessions"]

PREFIX = "class-session-"


def _folder(save_dir: str | os.PathLike[str] | None) -> Path:
    from eleusis_lab.widgets.saves import default_save_dir  # one default for every board's saves

    return Path(save_dir) if save_dir is not None else default_save_dir()


def new_session_path(save_dir: str | os.PathLike[str] | None = None) -> Path:
    folder = _folder(save_dir)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = folder / f"{PREFIX}{stamp}-{n:02d}.json"
        if not path.exists():
            return path
    raise RuntimeError(f"too many saves in {folder} this second")


@dataclass(frozen=True)
class SavedSession:
    """One autosaved session as the set-up form lists it."""

    path: Path
    saved: float  # seconds since the epoch (the file's time)
    variant: str | None
    players: tuple[str, ...]
    plays: int
    phase: str

    def label(self) -> str:
        when = time.strftime("%d %b %H:%M", time.localtime(self.saved))
        who = ", ".join(self.players) or "no players"
        return f"{when} · {self.variant or 'no round'} · {who} · {self.plays} plays · {self.phase}"


def saved_sessions(save_dir: str | os.PathLike[str] | None = None, limit: int = 20) -> list[SavedSession]:
    """The saved sessions, newest first (damaged files are left out, never deleted)."""
    folder = _folder(save_dir)
    if not folder.is_dir():
        return []
    out = []
    for path in folder.glob(f"{PREFIX}*.json"):
        try:
            summary = json.loads(path.read_text(encoding="utf-8"))["summary"]
            out.append(
                SavedSession(
                    path,
                    path.stat().st_mtime,
                    summary.get("variant"),
                    tuple(summary.get("players") or ()),
                    int(summary.get("plays") or 0),
                    str(summary.get("phase") or ""),
                )
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue
    out.sort(key=lambda s: (s.saved, s.path.name), reverse=True)
    return out[:limit]
