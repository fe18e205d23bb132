"""A student's server on a school's JupyterHub: ``jupyterhub-singleuser``, started with less work.

``eleusis-lab-singleuser`` takes the same arguments as ``jupyterhub-singleuser`` (set it as the hub's
``Spawner.cmd``; ``docs/school-server.md``).  It differs in one thing: every Jupyter server reads its event
schemas with ``jsonschema``, whose format checkers import ``rfc3987_syntax`` when it is installed (it comes
with ``jsonschema[format-nongpl]``, which ``jupyter_events`` asks for).  That module compiles about 35 Lark
Earley parsers at import: measured here, 2 of a server start's 3.3 CPU-seconds and 16 MB of its memory,
for every student (jupyter-server/jupyter_server#1559, python-jsonschema/jsonschema#1428).  The parsers
check only the ``iri`` and ``iri-reference`` formats, which no Jupyter schema uses; with the module marked
absent, jsonschema leaves those two checks out and validates everything else as before.
"""

from __future__ import annotations

import sys

# Modules a student's server never needs, marked absent before anything imports them.
SKIPPED = ("rfc3987_syntax",)


def skip_slow_imports() -> None:
    """Mark :data:`SKIPPED` absent (``import`` then raises ImportError) unless already imported."""
    for name in SKIPPED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


def main() -> int:
    skip_slow_imports()
    from jupyterhub.singleuser import main as singleuser

    sys.argv[0] = "jupyterhub-singleuser"
    return int(singleuser() or 0)


if __name__ == "__main__":
    sys.exit(main())
