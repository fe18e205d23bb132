"""Where boards save their rounds, and the board's own notes kept next to the round's save file.

A round saves itself (``new_round(..., autosave=PATH)`` writes its event log after every event); the board
adds a small sidecar ``PATH.board.json`` with what only the board knows (computer seats, the class's
hypotheses, the card size, earlier rounds), so ``SoloBoard.resume(PATH)`` rebuilds all of it.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from eleusis_lab.files import write_atomically

__all__ = ["default_save_dir", "new_save_path", "read_sidecar", "sidecar_path", "write_sidecar"]


def default_save_dir() -> Path:
    """``$ELEUSIS_LAB_SAVES`` or ``~/.eleusis-lab/saves``: outside the lessons folder, so git stays clean."""
    env = os.environ.get("ELEUSIS_LAB_SAVES")
    return Path(env) if env else Path.home() / ".eleusis-lab" / "saves"


def new_save_path(kind: str, variant: str, save_dir: str | os.PathLike[str] | None = None) -> Path:
    """A fresh file name that says what it holds and when: ``class-express-20261130-0912-01.json``."""
    folder = Path(save_dir) if save_dir is not None else default_save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M")
    for n in range(1, 1000):
        path = folder / f"{kind}-{variant}-{stamp}-{n:02d}.json"
        if not path.exists() and not sidecar_path(path).exists():
            return path
    raise RuntimeError(f"too many saves in {folder} this minute")


def sidecar_path(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    return p.with_name(p.name + ".board.json")


def write_sidecar(path: str | os.PathLike[str], data: dict[str, Any]) -> None:
    """Write the board's notes atomically (a half-written file would lose the class's hypotheses)."""
    target = sidecar_path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))


def read_sidecar(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The board's notes for a save file, or ``{}`` when there are none (a round saved by code)."""
    target = sidecar_path(path)
    if not target.exists():
        return {}
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except ValueError as error:
        raise ValueError(f"the board notes {target} are damaged ({error})") from None
    if not isinstance(data, dict):
        raise ValueError(f"the board notes {target} are damaged")
    return data
