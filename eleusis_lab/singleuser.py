"""A student's server on a school's JupyterHub: ``jupyterhub-singleuser``, started with less work.

``eleusis-lab-singleuser`` takes the same arguments as ``jupyterhub-singleuser`` (set it as the hub's
``Spawner.cmd``; ``docs/school-server.md``).  It differs in one thing: every Jupyter server reads its event
schemas with ``jsonschema``, whose format checkers import ``rfc3987_syntax`` when it is installed (it comes
with ``jsonschema[format-nongpl]``, which ``jupyter_events`` asks for).  That module compiles about 35 Lark
Earley parsers at import: measured here, 2 of a server start's 3.3 CPU-seconds and 16 MB of its memory,
for every student (jupyter-server/jupyter_server#1559, python-jsonschema/jsonschema#1428).  The parsers
check only the ``iri`` and ``iri-reference`` formats, which no Jupyter schema uses; with the module marked
absent, jsonschema leaves those two checks out and validates everything else as before.

It keeps the kernels' ipc socket paths short enough (:mod:`eleusis_lab.kernel_sockets`): when Jupyter's
default runtime folder is too deep (TLJH's ``/home/jupyter-<name>`` with names of about 15 characters or
more), ``JUPYTER_RUNTIME_DIR`` becomes ``~/.jupyter-run``, unless the hub sets it already.

It also sets, unless the hub already does, one variable for the kernels the server starts
(:data:`KERNEL_ENV`): ``MALLOC_MMAP_THRESHOLD_`` keeps glibc from raising its threshold for handing big
blocks straight to the system.  Left to itself, glibc raises it after the first large numpy array is freed,
so later temporaries of a few MB come from the heap and stay there once freed: measured with three lesson-4
kernels side by side, PSS 133 MB a kernel by default and 114 MB with the threshold held at 128 KB, in the
same CPU time.  Other C libraries ignore the variable.
"""

from __future__ import annotations

import os
import sys

from eleusis_lab.kernel_sockets import short_runtime_dir

# Modules a student's server never needs, marked absent before anything imports them.
SKIPPED = ("rfc3987_syntax",)
# Environment for the server's kernels (inherited), unless set already.
KERNEL_ENV = {"MALLOC_MMAP_THRESHOLD_": str(128 * 1024)}


def skip_slow_imports() -> None:
    """Mark :data:`SKIPPED` absent (``import`` then raises ImportError) unless already imported."""
    for name in SKIPPED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


def keep_socket_paths_short() -> None:
    """Point ``JUPYTER_RUNTIME_DIR`` at ``~/.jupyter-run`` when the default is too deep for ipc sockets
    (kept as it is when set); ValueError when no folder fits."""
    if "JUPYTER_RUNTIME_DIR" in os.environ:
        return
    from jupyter_core.paths import jupyter_runtime_dir

    default = jupyter_runtime_dir()
    chosen = short_runtime_dir(default, os.path.expanduser("~"))
    if chosen != default:
        os.makedirs(chosen, mode=0o700, exist_ok=True)
        os.environ["JUPYTER_RUNTIME_DIR"] = chosen


def main() -> int:
    from eleusis_lab.cli import missing_extra

    missing = missing_extra("eleusis-lab-singleuser", "jupyterhub")
    if missing is not None:  # said before anything is changed or started
        print(f"error: {missing}", file=sys.stderr)
        return 2
    try:
        keep_socket_paths_short()
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    skip_slow_imports()
    for name, value in KERNEL_ENV.items():
        os.environ.setdefault(name, value)
    from jupyterhub.singleuser import main as singleuser

    sys.argv[0] = "jupyterhub-singleuser"
    return int(singleuser() or 0)


if __name__ == "__main__":
    sys.exit(main())
