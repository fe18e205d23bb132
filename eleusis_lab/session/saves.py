"""Where sessions save, and the list of saved sessions a set-up form offers to resume, without widgets.

A session writes one file, ``KIND-session-YYYYMMDD-HHMMSS-NN.json`` (``class``, ``solo``, ``physical`` …)
in ``$ELEUSIS_LAB_SAVES`` (or ``~/.eleusis-lab/saves``), outside the lessons folder so git stays clean;
the list reads only each file's summary, so it stays quick with many saves.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["SavedSession", "default_save_dir", "new_session_path", "saved_sessions"]


def default_save_dir() -> Path:
    """``$ELEUSIS_LAB_SAVES`` or ``~/.eleusis-lab/saves``: outside the lessons folder, so git stays clean."""
    env = os.environ.get("ELEUSIS_LAB_SAVES")
    return Path(env) if env else Path.home() / ".eleusis-lab" / "saves"


def _folder(save_dir: str | os.PathLike[str] | None) -> Path:
    return Path(save_dir) if save_dir is not None else default_save_dir()


def _prefix(kind: str) -> str:
    return f"{kind}-session-"


def new_session_path(save_dir: str | os.PathLike[str] | None = None, kind: str = "class") -> Path:
    """A fresh file name that says what it holds and when: ``class-session-20261130-091200-01.json``."""
    folder = _folder(save_dir)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = folder / f"{_prefix(kind)}{stamp}-{n:02d}.json"
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


def saved_sessions(
    save_dir: str | os.PathLike[str] | None = None, limit: int = 20, kind: str = "class"
) -> list[SavedSession]:
    """The saved sessions of one kind of board, newest first (damaged files are left out, never deleted)."""
    folder = _folder(save_dir)
    if not folder.is_dir():
        return []
    out = []
    for path in folder.glob(f"{_prefix(kind)}*.json"):
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
