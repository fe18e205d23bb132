"""A session's save file on disk: read safely, its head read alone, its checksum, and the save lock.

- **Read safely** (:func:`read_text`): only a regular file of at most :data:`MAX_BYTES`, opened without
  blocking, so a FIFO, a device or a 300 MB file named like a save never hangs nor fills the kernel.
- **The head alone** (:func:`read_head`): a file of this version begins with its format, version,
  revision, kind and summary, in that order, so the saved-sessions list reads the first
  :data:`HEAD_BYTES` of each file and never parses its rounds (an older file, summary last, is read
  whole only while it is small).
- **Checksum**: SHA-256 of the canonical JSON of everything else, as a round save has (it catches a file
  damaged or edited by hand, not a forger, who can recompute it: the session's checks catch those).
- **Revision and lock** (:func:`folder_lock`, :func:`disk_revision`): every save writes the file's
  revision plus one, under a lock on the folder; a session whose file moved on since it read or wrote it
  (another tab or window on the same session) is refused rather than overwriting the other's plays.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eleusis_lab.play.save import parse_save_json
from eleusis_lab.session.errors import SessionError

try:  # POSIX: saves to one folder take turns
    import fcntl
except ImportError:  # pragma: no cover - Windows: the revision check alone (without the lock)
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "FORMAT",
    "HEAD_BYTES",
    "MAX_BYTES",
    "READS",
    "VERSION",
    "Head",
    "disk_revision",
    "folder_lock",
    "parse_json",
    "read_head",
    "read_text",
]

FORMAT = "eleusis-lab-class-session"
VERSION = 2
#: Versions this kit reads: 1 had no revision and no checksum, and its summary came last.
READS = (1, 2)
#: The largest session file resumed.  A class day of 40 rounds of 60 plays saves about 2 MB.
MAX_BYTES = 64 * 2**20
#: How much of a file the saved-sessions list reads: the head, summary included, fits many times over.
HEAD_BYTES = 64 * 1024
#: An older file (summary last) is listed only up to this size: reading it means parsing it whole.
OLD_LAYOUT_BYTES = 4 * 2**20

_HEAD = re.compile(
    r'\{"format": "eleusis-lab-class-session", "version": (\d{1,4}), "revision": (\d{1,15}), '
    r'"kind": "([a-z][a-z0-9-]{0,31})", "summary": '
)


@dataclass(frozen=True)
class Head:
    """What the list needs of a file: its version, revision, kind and summary (not yet checked)."""

    version: int
    revision: int
    kind: str | None
    summary: Any


def _megabytes(size: int) -> str:
    return f"{size / 2**20:.0f} MB" if size >= 2**20 else f"{size // 1024} KB"


@contextlib.contextmanager
def _opened(path: Path, *, follow: bool) -> Iterator[tuple[int, os.stat_result]]:
    """An open regular file (never a FIFO or device: opened without blocking, then checked)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | (0 if follow else getattr(os, "O_NOFOLLOW", 0))
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise SessionError(f"Cannot read the save file {path.name}: {error.strerror}.") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SessionError(f"{path.name} is not a save file (it is not a regular file).")
        yield fd, info
    finally:
        os.close(fd)


def _read(fd: int, limit: int) -> bytes:
    chunks, left = [], limit
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str]) -> str:
    """The whole text of a save file, refused in one sentence when it is no regular file, larger than
    :data:`MAX_BYTES`, or not UTF-8."""
    path = Path(path)
    with _opened(path, follow=True) as (fd, info):
        if info.st_size > MAX_BYTES:
            raise SessionError(
                f"{path.name} is too large to be a session save ({_megabytes(info.st_size)}; "
                f"a session is at most {_megabytes(MAX_BYTES)})."
            )
        data = _read(fd, MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise SessionError(f"{path.name} grew past {_megabytes(MAX_BYTES)} while it was read.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SessionError(f"{path.name} is not a session save (it is not UTF-8 text).") from None


def parse_json(text: str) -> Any:
    """The JSON value of a session save's text, or one sentence (:class:`SessionError`) for every way
    that fails: the round saves' reader, in the session's words."""
    return parse_save_json(text, "session save", SessionError)


def read_head(path: str | os.PathLike[str], *, follow: bool = False) -> Head:
    """The head of a save file (:class:`Head`), reading at most :data:`HEAD_BYTES` of a file of this
    version; a symlink is followed only with ``follow`` (the list shows the folder's own files only)."""
    path = Path(path)
    with _opened(path, follow=follow) as (fd, info):
        raw = _read(fd, HEAD_BYTES)
        size = info.st_size
        try:
            text = codecs.getincrementaldecoder("utf-8")().decode(raw, final=len(raw) >= size)
        except UnicodeDecodeError:
            raise SessionError("it is not UTF-8 text") from None
        match = _HEAD.match(text)
        if match is not None:
            try:
                summary, _end = json.JSONDecoder().raw_decode(text, match.end())
            except (ValueError, RecursionError):
                raise SessionError("its summary is damaged or too long") from None
            return Head(int(match[1]), int(match[2]), match[3], summary)
        if size > OLD_LAYOUT_BYTES:
            raise SessionError(f"it is too large to list ({_megabytes(size)}) and does not begin as a save")
        if size > len(raw):  # an older file, small enough: read whole
            os.lseek(fd, 0, os.SEEK_SET)
            try:
                text = _read(fd, OLD_LAYOUT_BYTES + 1).decode("utf-8")
            except UnicodeDecodeError:
                raise SessionError("it is not UTF-8 text") from None
    try:
        data = parse_json(text)
    except SessionError as error:
        raise SessionError(str(error).rstrip(".").split(": ", 1)[-1]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionError("it is not a session save")
    version, revision = data.get("version"), data.get("revision", 0)
    if not isinstance(version, int) or not isinstance(revision, int):
        raise SessionError("its version is damaged")
    kind = data.get("kind")
    return Head(version, revision, kind if isinstance(kind, str) else None, data.get("summary"))


def disk_revision(path: Path) -> int | None:
    """The revision of the file at ``path`` now (through a symlink, as the session reads and writes it):
    None when there is no file; 0 when it has no revision (a version 1 save, or no save at all: another
    tab always writes one, so only a file this kit did not write since reads as 0)."""
    try:
        head = read_head(path, follow=True)
    except SessionError:
        return None if not os.path.exists(path) else 0
    return head.revision if head.version >= 2 else 0


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Saves into ``folder`` take turns (between the revision check and the write nobody else writes).
    A folder that cannot be locked (an old NFS) is saved to without the lock."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield  # the write that follows reports the folder's problem in its own words
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
