"""Writing files so that nothing is ever half-written: the one atomic writer of the package.

Every file Eleusis Lab writes (round saves and autosaves, a board's sidecar notes, worksheets and
their answer keys, figures) goes through :func:`write_atomically`.  The text goes to a temporary file
with a unique name in the target's folder, is flushed and fsynced, and then replaces the target in
one ``os.replace``.  So a reader sees the old file or the new one, never an empty or partial one; two
writers on one path never trip over each other's temporary file (the last replace wins); and a crash
or a full disk leaves the old file as it was and no temporary file behind.

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
import tempfile

__all__ = ["PRIVATE", "SHARED", "write_atomically"]

#: Files only their owner may read: saves hold the secret rule in plain text.
PRIVATE = 0o600
#: Files meant to be handed round: worksheets, answer keys, figures.
SHARED = 0o644


def write_atomically(path: str | os.PathLike[str], data: str | bytes, *, mode: int = PRIVATE) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path``: the old file or the new one, never half.

    The folder must exist.  ``mode`` is the new file's permission bits.  On any failure (a full disk,
    a folder that is not writable) the target is untouched, the temporary file is removed and the
    ``OSError`` is raised for the caller to report.
    """
    target = os.fspath(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    directory = os.path.dirname(os.path.abspath(target))
    # A unique temporary name (mkstemp opens it O_EXCL), so concurrent writers never share one.
    fd, tmp = tempfile.mkstemp(prefix=".eleusis-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_directory(directory)


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
