"""Where sessions save, and the list of saved sessions a set-up form offers to resume, without widgets.

A session writes one file, ``KIND-session-YYYYMMDD-HHMMSS-NN.json`` (``class``, ``solo``, ``physical`` …)
in ``$ELEUSIS_LAB_SAVES`` (or ``~/.eleusis-lab/saves``), outside the lessons folder so git stays clean;
the list reads only each file's head (its summary), so it stays quick with many and large saves, and a
bad file in the folder is one line of the list, never a page that fails to load.
"""

from __future__ import annotations

import math
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eleusis_lab.session.savefile import READS, read_head

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
    """One autosaved session as the set-up form lists it; ``problem`` says why a file cannot be
    resumed (it is listed as one line "unreadable: …", never stops the list)."""

    path: Path
    saved: float  # seconds since the epoch (the file's time)
    variant: str | None
    players: tuple[str, ...]
    plays: int
    phase: str
    round: int | None = None  # the number of the round on the board (abandoned rounds do not count)
    rounds: int = 0  # rounds counted in the totals
    match: bool = False  # the rounds are deals of a match (people dealt)
    totals: tuple[tuple[str, float], ...] = ()
    problem: str | None = None

    def label(self) -> str:
        when = time.strftime("%d %b %H:%M", time.localtime(self.saved))
        if self.problem is not None:
            return f"{when} · {self.path.name} · unreadable: {self.problem}"
        if self.variant is None:
            return f"{when} · nothing dealt yet"
        who = ", ".join(self.players) or "no players"
        if self.round is not None:
            return f"{when} · {self.variant} round {self.round} · {who} · {self.plays} plays · {self.phase}"
        rounds = f"{self.rounds} round{'s' if self.rounds != 1 else ''}"
        totals = ", ".join(f"{name} {_points(points)}" for name, points in self.totals)
        between = f"{when} · {'match · ' if self.match else ''}{self.variant} · {rounds} · {who}"
        return f"{between} · totals {totals}" if totals else between

    @classmethod
    def of(cls, path: Path, saved: float, summary: Any) -> SavedSession:
        """The line of a file from its summary, each field checked (a bad one raises ``ValueError``)."""
        _need(isinstance(summary, dict), "its summary is not a table")
        variant, players, phase = summary.get("variant"), summary.get("players", []), summary.get("phase", "")
        plays, number, rounds = summary.get("plays", 0), summary.get("round"), summary.get("rounds", 0)
        totals = summary.get("totals", [])
        _need(variant is None or (isinstance(variant, str) and len(variant) <= 40), "its game is damaged")
        _need(_names(players), "its players are damaged")
        _need(isinstance(phase, str) and len(phase) <= 20, "its phase is damaged")
        _need(
            all(_count(n) for n in (plays, rounds)) and (number is None or _count(number)),
            "its counts are damaged",
        )
        _need(isinstance(summary.get("match", False), bool), "its match flag is damaged")
        _need(
            isinstance(totals, list)
            and len(totals) <= 64
            and all(
                isinstance(t, list)
                and len(t) == 2
                and _names([t[0]])
                and isinstance(t[1], int | float)
                and not isinstance(t[1], bool)
                and math.isfinite(t[1])
                for t in totals
            ),
            "its totals are damaged",
        )
        return cls(
            path,
            saved,
            variant,
            tuple(players),
            plays,
            phase,
            number,
            rounds,
            bool(summary.get("match", False)),
            tuple((name, float(points)) for name, points in totals),
        )


def _need(condition: bool, why: str) -> None:
    if not condition:
        raise ValueError(why)


def _names(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= 64
        and all(isinstance(n, str) and len(n) <= 60 for n in value)
    )


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9


def _points(points: float) -> str:
    return str(int(points)) if float(points).is_integer() else f"{points:.1f}"


def saved_sessions(
    save_dir: str | os.PathLike[str] | None = None, limit: int = 20, kind: str = "class"
) -> list[SavedSession]:
    """The saved sessions of one kind of board, newest first.

    Only each file's head is read (:func:`~eleusis_lab.session.savefile.read_head`: at most 64 KB, the
    rounds never parsed); what is not a regular file (a folder, a FIFO, a device, a symlink) is left out
    without being opened; a damaged file is one line "unreadable: …" (Resume then says what is wrong);
    no file is ever deleted or changed."""
    folder = _folder(save_dir)
    if not folder.is_dir():
        return []
    found: list[tuple[float, Path]] = []
    for path in folder.glob(f"{_prefix(kind)}*.json"):
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((info.st_mtime, path))
    found.sort(key=lambda f: (f[0], f[1].name), reverse=True)
    return [_listed(path, saved) for saved, path in found[:limit]]


def _listed(path: Path, saved: float) -> SavedSession:
    try:
        head = read_head(path)
        if head.version not in READS:
            raise ValueError(f"it is from version {head.version} of the kit")
        return SavedSession.of(path, saved, head.summary)
    except ValueError as error:  # SessionError too: one clause of why
        why = str(error).rstrip(".")
        return SavedSession(path, saved, None, (), 0, "", problem=why[:1].lower() + why[1:])
