"""Read-only tables of the hypothesis spaces, built once and memory-mapped by every kernel that uses them.

A hypothesis space reads large constant tables: the atom table (50,000 base conditions, their truth
tables and texts) and each family's prior weights (a million floats).  Built in every student's kernel
they cost each kernel tens of MB, and building them leaves the heap fragmented.  Here they are built once,
saved as plain ``.npy`` files (and texts as one UTF-8 file), and opened memory-mapped, read-only: the
kernels of one machine that open the same files share their pages, so a class of 30 holds one copy.

Where a store lives (the first that holds an up-to-date copy is used):

1. ``$ELEUSIS_LAB_STORE``, when set (a school can point every student at one folder);
2. ``<sys.prefix>/share/eleusis-lab/store``, written by ``eleusis-lab prepare`` once after installing:
   on a JupyterHub that is the shared environment, so every student's kernel maps the same files;
3. the user's cache, ``$XDG_CACHE_HOME/eleusis-lab/store`` (``~/.cache/...``), written on first use.

Each entry is a folder named by what it holds and a fingerprint of the code that builds it (the source of
the modules named by the caller, this module's, numpy's version): an edited atom table never reads a stale
copy, it builds a new one.  Every file is written atomically (``eleusis_lab.files``) and the manifest
last, so kernels starting at the same moment never see half an entry.  ``.npy`` files are read with
``allow_pickle=False``: a store holds data only.  When no folder is writable the tables are built in
memory, as before.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import mmap
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from types import ModuleType
from typing import Any, overload

import numpy as np

from eleusis_lab.files import SHARED, write_atomically

FORMAT = 1
MANIFEST = "manifest.json"
# Entries of the same table not used for this long are removed when a new one is written (a code edit).
STALE_AFTER_S = 2 * 24 * 3600
Value = np.ndarray | Sequence[str]


class Texts(Sequence[str]):
    """Many short strings in one UTF-8 buffer (a memory map or bytes), decoded one at a time on access.

    Fifty thousand ``str`` objects cost about 12 MB of a kernel's own heap; here they are one shared
    buffer and an array of end offsets.  Texts hold no newline (the separator).
    """

    def __init__(self, data: mmap.mmap | bytes, ends: np.ndarray) -> None:
        self._data = data
        self._ends = ends

    @classmethod
    def pack(cls, texts: Sequence[str]) -> Texts:
        encoded, ends = _encode(texts)
        return cls(encoded, ends)

    def __len__(self) -> int:
        return len(self._ends)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        k = int(i)
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(f"text {i} of {len(self)}")
        start = int(self._ends[k - 1]) + 1 if k else 0
        return self._data[start : int(self._ends[k])].decode("utf-8")

    def __iter__(self) -> Iterator[str]:
        start = 0
        for end in self._ends.tolist():
            yield self._data[start:end].decode("utf-8")
            start = end + 1

    def index(self, text: str, start: int = 0, stop: int | None = None) -> int:
        """Position of ``text`` (a search of the buffer, nothing decoded)."""
        needle = text.encode("utf-8")
        if b"\n" in needle:
            raise ValueError(f"{text!r} is not among the texts")
        at = 0
        while (at := self._data.find(needle, at)) >= 0:
            k = int(np.searchsorted(self._ends, at))
            begins = int(self._ends[k - 1]) + 1 if k else 0
            whole = at == begins and k < len(self) and int(self._ends[k]) == at + len(needle)
            if whole and k >= start and (stop is None or k < stop):
                return k
            at += 1
        raise ValueError(f"{text!r} is not among the texts")

    def __contains__(self, text: object) -> bool:
        if not isinstance(text, str):
            return False
        try:
            self.index(text)
        except ValueError:
            return False
        return True

    def __repr__(self) -> str:
        return f"Texts({len(self)} texts)"


def _encode(texts: Sequence[str]) -> tuple[bytes, np.ndarray]:
    parts = [t.encode("utf-8") for t in texts]
    if any(b"\n" in p for p in parts):
        raise ValueError("a stored text holds a newline")
    ends = np.cumsum([len(p) + 1 for p in parts], dtype=np.int64) - 1
    return b"\n".join(parts), ends


# -- where stores live ---------------------------------------------------------------------------------
def shared_dir() -> Path:
    """The environment's own store (``eleusis-lab prepare`` writes it; every user of the env reads it)."""
    return Path(sys.prefix) / "share" / "eleusis-lab" / "store"


def user_dir() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "eleusis-lab" / "store"


def search_dirs() -> list[Path]:
    """Folders read, in order: ``$ELEUSIS_LAB_STORE``, the environment's, the user's cache."""
    chosen = os.environ.get("ELEUSIS_LAB_STORE")
    dirs = [Path(chosen)] if chosen else []
    return [*dirs, shared_dir(), user_dir()]


def _write_dirs() -> list[Path]:
    """Folders a kernel may write a missing entry into (the environment's only by ``prepare``)."""
    if _prepare_into is not None:
        return [_prepare_into]
    chosen = os.environ.get("ELEUSIS_LAB_STORE")
    return [*([Path(chosen)] if chosen else []), user_dir()]


_prepare_into: Path | None = None


# -- fingerprints ----------------------------------------------------------------------------------
@functools.cache
def _source_digest(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "no-source"


def fingerprint(name: str, sources: Sequence[ModuleType]) -> str:
    """A short digest of what decides the entry's content: the builders' source, numpy, the format."""
    # the kit's version, read off its root package (always loaded before any of its modules): importing
    # the root would make the science layer depend on everything the root may load
    version = sys.modules["eleusis_lab"].__version__
    h = hashlib.sha256(f"{name}|{FORMAT}|{np.__version__}|{version}".encode())
    for module in (*sources, sys.modules[__name__]):
        h.update(_source_digest(str(module.__file__)).encode())
    return h.hexdigest()[:16]


# -- reading and writing ---------------------------------------------------------------------------
def _open(folder: Path) -> dict[str, Value]:
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    if manifest.get("format") != FORMAT:
        raise ValueError(f"{folder}: store format {manifest.get('format')}, expected {FORMAT}")
    out: dict[str, Value] = {}
    for key, kind in manifest["entries"].items():
        if kind == "array":
            out[key] = np.asarray(np.load(folder / f"{key}.npy", mmap_mode="r", allow_pickle=False))
        elif kind == "texts":
            ends = np.asarray(np.load(folder / f"{key}.ends.npy", mmap_mode="r", allow_pickle=False))
            path = folder / f"{key}.utf8"
            if path.stat().st_size == 0:
                out[key] = Texts(b"", ends)
                continue
            with path.open("rb") as f:  # the map stays valid once the file is closed
                out[key] = Texts(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ), ends)
        else:
            raise ValueError(f"{folder}: unknown entry kind {kind!r}")
    return out


def _write(root: Path, entry: str, values: Mapping[str, Value]) -> Path:
    """Write ``values`` as the folder ``root/entry``, each file atomically and the manifest last: a
    reader that finds the manifest finds every file whole.  Kernels writing the same entry at once write
    the same bytes; the last replace wins, and a file another kernel has mapped stays valid.  Files are
    readable by everyone whatever the writer's umask: every user's kernel maps them."""
    folder = root / entry
    folder.mkdir(parents=True, exist_ok=True)
    kinds: dict[str, str] = {}
    for key, value in values.items():
        if isinstance(value, np.ndarray):
            if value.dtype.hasobject:
                raise TypeError(f"{key}: object arrays cannot be stored")
            write_atomically(folder / f"{key}.npy", _npy(value), mode=SHARED, exact=True)
            kinds[key] = "array"
        else:
            encoded, ends = _encode(list(value))
            write_atomically(folder / f"{key}.utf8", encoded, mode=SHARED, exact=True)
            write_atomically(folder / f"{key}.ends.npy", _npy(ends), mode=SHARED, exact=True)
            kinds[key] = "texts"
    manifest = {"format": FORMAT, "entry": entry, "entries": kinds}
    write_atomically(folder / MANIFEST, json.dumps(manifest, indent=1) + "\n", mode=SHARED, exact=True)
    return folder


def _npy(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, np.ascontiguousarray(array), allow_pickle=False)
    return buffer.getvalue()


def _prune(root: Path, name: str, keep: str) -> None:
    """Remove this table's other entries that nobody has opened for a while (an older code version)."""
    now = time.time()
    for old in root.glob(f"{name}-*"):
        if old.name != keep and now - old.stat().st_mtime > STALE_AFTER_S:
            shutil.rmtree(old, ignore_errors=True)


def arrays(
    name: str, build: Callable[[], Mapping[str, Value]], sources: Sequence[ModuleType]
) -> dict[str, Value]:
    """The tables ``build()`` makes (arrays, and sequences of texts), memory-mapped read-only from a store.

    ``sources`` are the modules whose code decides the content (their source is in the fingerprint).
    The first store holding the entry is used; otherwise ``build()`` runs once, its result is written to
    the first writable store and mapped from there.  With no writable store the built tables are returned
    as they are (texts packed into one buffer).
    """
    entry = f"{name}-{fingerprint(name, sources)}"
    for root in search_dirs() if _prepare_into is None else []:
        folder = root / entry
        if (folder / MANIFEST).exists():
            try:
                values = _open(folder)
            except (OSError, ValueError, KeyError):
                continue  # a broken copy: the next store, or the rebuild below rewrites it
            with suppress(OSError):
                os.utime(folder)  # in use: keep it from being pruned
            return values
    built = build()
    for root in _write_dirs():
        try:
            folder = _write(root, entry, built)
            values = _open(folder)
        except OSError:
            if _prepare_into is not None:
                raise  # prepare exists to write these files: a store it cannot write is its failure
            continue
        with suppress(OSError):
            _prune(root, name, entry)
        return values
    return {k: v if isinstance(v, np.ndarray) else Texts.pack(v) for k, v in built.items()}


# -- the atom tables ---------------------------------------------------------------------------------
@functools.cache
def atom_table(deck: str) -> tuple[Any, Groups]:
    """The atom table of ``deck`` ("standard" or "letters") and its named groups, once per process, its
    arrays and texts mapped from the store (see :func:`arrays`).  The table is read-only."""
    from eleusis_lab import cards
    from eleusis_lab.science import atoms as A

    builders = {"standard": A.build_standard_atoms, "letters": A.build_letter_atoms}
    if deck not in builders:
        raise ValueError(f"unknown deck {deck!r}: the atom tables are 'standard' and 'letters'")

    def build() -> dict[str, Value]:
        table, groups = builders[deck]()
        out: dict[str, Value] = {
            "offsets": table.offsets,
            "flat": table.flat,
            "term_of": table.term_of,
            "costs": table.costs,
            "roles": table.roles,
            "texts": table.texts,
        }
        out.update({f"group.{g}": np.asarray(ids, dtype=np.int64) for g, ids in groups.items()})
        return out

    stored = arrays(f"atoms-{deck}", build, sources=(A, cards))
    terms = A.STANDARD_TERMS if deck == "standard" else A.LETTER_TERMS
    table = A.AtomTable(list(terms))
    table.offsets = array(stored, "offsets")
    table.flat = array(stored, "flat")
    table.term_of = array(stored, "term_of")
    table.costs = array(stored, "costs")
    table.roles = array(stored, "roles")
    table.texts = stored["texts"]  # type: ignore[assignment]  # a Sequence[str]: Texts, not a list
    groups = Groups({k.removeprefix("group."): array(stored, k) for k in stored if k.startswith("group.")})
    return table, groups


class Groups(Mapping[str, list[int]]):
    """Named groups of atom ids, kept as (mapped) arrays; each lookup gives a fresh list to concatenate.
    Held as lists for the life of a kernel, the 48,576 "sum" atoms' ids alone cost 2 MB."""

    def __init__(self, arrays: Mapping[str, np.ndarray]) -> None:
        self._arrays = dict(arrays)

    def __getitem__(self, name: str) -> list[int]:
        return list(self._arrays[name].tolist())

    def __iter__(self) -> Iterator[str]:
        return iter(self._arrays)

    def __len__(self) -> int:
        return len(self._arrays)


def array(stored: Mapping[str, Value], key: str) -> np.ndarray:
    """``stored[key]``, which must be an array (not texts)."""
    value = stored[key]
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{key} holds texts, not an array")
    return value


def prepare_target(folder: Path | None = None) -> Path:
    """Where :func:`prepare` writes and :func:`remove` deletes: ``folder``, else ``$ELEUSIS_LAB_STORE``,
    else the environment's store."""
    chosen = os.environ.get("ELEUSIS_LAB_STORE")
    return folder or (Path(chosen) if chosen else shared_dir())


def prepare(folder: Path | None = None) -> Path:
    """Build every table into ``folder`` (default: :func:`prepare_target`), as a school's admin does once
    after installing, so that all students' kernels share one copy.

    Raises ``OSError`` when a table cannot be written there (a read-only folder): building them only in
    this process's memory would leave the class without the shared copy while seeming to succeed."""
    global _prepare_into
    target = prepare_target(folder)
    from eleusis_lab.science import grammar, space

    _prepare_into = target
    try:
        atom_table.cache_clear()
        space._base.cache_clear()
        grammar.grammar.cache_clear()
        for deck in ("standard", "letters"):
            space._base(deck)
            grammar.grammar(deck)
    finally:
        _prepare_into = None
        atom_table.cache_clear()
        space._base.cache_clear()
        grammar.grammar.cache_clear()
    return target


# An entry folder: the table's name, a dash, the 16 hex digits of its fingerprint (see :func:`arrays`).
_ENTRY_NAME = re.compile(r"[a-z0-9_.]+(?:-[a-z0-9_.]+)*-[0-9a-f]{16}")
_ENTRY_FILES = (".npy", ".utf8", ".json", ".tmp")


def _is_entry(folder: Path) -> bool:
    """A folder this module wrote: named like an entry, holding only the kinds of file an entry holds."""
    if folder.is_symlink() or not folder.is_dir() or not _ENTRY_NAME.fullmatch(folder.name):
        return False
    return all(f.is_file() and not f.is_symlink() and f.name.endswith(_ENTRY_FILES) for f in folder.iterdir())


def remove(folder: Path | None = None) -> tuple[Path, int, int]:
    """Delete the tables :func:`prepare` wrote into ``folder`` (default: :func:`prepare_target`), before
    ``pip uninstall``, which leaves them behind.  Only entries this module writes are removed; the folder
    goes when that leaves it empty, and so does the environment's ``share/eleusis-lab``.  Returns the
    folder, the entries removed and the bytes freed."""
    target = prepare_target(folder)
    entries = sorted(f for f in target.iterdir() if _is_entry(f)) if target.is_dir() else []
    freed = 0
    for entry in entries:
        freed += sum(f.stat().st_size for f in entry.iterdir())
        shutil.rmtree(entry)
    for empty in (target, shared_dir().parent) if target == shared_dir() else (target,):
        with suppress(OSError):  # not empty (other files are not ours to delete), or already gone
            empty.rmdir()
    return target, len(entries), freed
