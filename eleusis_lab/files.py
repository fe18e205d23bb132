"""Writing files so that nothing is ever half-written: the one atomic writer of the package.

Every file Eleusis Lab writes (round saves and autosaves, a board's sidecar notes, worksheets and
their answer keys, figures) goes through :func:`write_atomically`.  The text goes to a temporary file
with a unique name in the target's folder, is flushed and fsynced, and then replaces the target in
one ``os.replace``.  So a reader sees the old file or the new one, never an empty or partial one; two
writers on one path never trip over each other's temporary file (the last replace wins); and a crash
or a full disk leaves the old file as it was.  A writer killed outright (``kill -9``) cannot remove its
temporary file: the next process to write into that folder does, once it is clearly abandoned.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "round.json", '{"format": "eleusis-lab-round"}')
>>> (folder / "round.json").read_text()
'{"format": "eleusis-lab-round"}'
>>> sorted(p.name for p in folder.iterdir())  # no temporary file left behind
['round.json']
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import sys
import time

try:  # POSIX: a writer locks its temporary file, so a clean-up never takes a live writer's file
    import fcntl
except ImportError:  # pragma: no cover - Windows: the age of the file alone decides
    fcntl = None  # type: ignore[assignment]

__all__ = ["PRIVATE", "SHARED", "STALE_TEMPORARY_S", "remove_abandoned_temporaries", "write_atomically"]

#: Files only their owner may read: saves hold the secret rule in plain text (and answer keys).
PRIVATE = 0o600
#: Files meant to be handed round: worksheets, figures, lesson copies.  Like any file a program creates,
#: they get these bits less the user's umask (``umask 077`` keeps them owner-only).
SHARED = 0o644
#: A temporary file of ours untouched for this long, and locked by nobody, was left by a writer that
#: died (``kill -9``, a power cut): the next write into its folder removes it.
STALE_TEMPORARY_S = 600
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL  # O_EXCL: never through a symlink planted at the name
if sys.platform == "win32":  # pragma: no cover
    _CREATE |= os.O_BINARY
_TEMPORARY = re.compile(r"\.eleusis-[A-Za-z0-9_]{8,}\.tmp")
_swept: set[str] = set()


def write_atomically(
    path: str | os.PathLike[str], data: str | bytes, *, mode: int = PRIVATE, exact: bool = False
) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path``: the old file or the new one, never half.

    The folder must exist.  ``mode`` is the new file's permission bits, less the umask as for any new
    file (``exact``: these bits whatever the umask, for tables every user must read).  On any failure
    (a full disk, a folder that is not writable) the target is untouched, the temporary file is removed
    and the ``OSError`` is raised for the caller to report.  The first write into a folder in a process
    also removes temporary files that writers killed mid-write left there
    (:func:`remove_abandoned_temporaries`).
    """
    target = os.fspath(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    directory = os.path.dirname(os.path.abspath(target))
    fd, tmp = _create_temporary(directory, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            if fcntl is not None:
                # released when the file closes, or the writer dies; a filesystem without locks (an old
                # NFS) leaves the age alone to tell an abandoned file
                with contextlib.suppress(OSError):
                    fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
            if exact:
                os.fchmod(f.fileno(), mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_directory(directory)
    if directory not in _swept:
        _swept.add(directory)
        remove_abandoned_temporaries(directory)


def _create_temporary(directory: str, mode: int) -> tuple[int, str]:
    """A new temporary file with a unique name (O_EXCL: concurrent writers never share one, and a
    symlink planted there is refused), created with ``mode`` so that the umask applies."""
    for _ in range(100):
        tmp = os.path.join(directory, f".eleusis-{secrets.token_hex(6)}.tmp")
        try:
            return os.open(tmp, _CREATE, mode), tmp
        except FileExistsError:  # pragma: no cover - 48 random bits collide
            continue
    raise FileExistsError(f"no free temporary name in {directory}")  # pragma: no cover


def remove_abandoned_temporaries(directory: str | os.PathLike[str], *, now: float | None = None) -> list[str]:
    """Remove the temporary files writers killed mid-write left in ``directory``; returns their names.

    Only ours (named ``.eleusis-….tmp``, a regular file, owned by this user), only abandoned: untouched
    for :data:`STALE_TEMPORARY_S` and not locked (a live writer holds a lock on its temporary file until
    it is renamed, and the system drops the lock of a process that dies).
    """
    removed: list[str] = []
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        mine = sys.platform == "win32" or info.st_uid == os.geteuid()
        if not stat.S_ISREG(info.st_mode) or not mine or now - info.st_mtime < STALE_TEMPORARY_S:
            continue
        if _locked(entry.path):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(entry.name)
    return removed


def _locked(path: str) -> bool:
    """Whether a live writer holds this temporary file (or it cannot be opened to find out)."""
    if fcntl is None:  # pragma: no cover
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:  # no locks on this filesystem: the file's age has already said it is abandoned
        return False
    finally:
        os.close(fd)  # closing drops our own lock again
    return False


def _sync_directory(directory: str) -> None:
    """Make the rename itself durable (POSIX); a folder that cannot be opened is left to the system."""
    if os.name != "posix":  # pragma: no cover - Windows cannot open a folder for fsync
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
