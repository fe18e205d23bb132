"""How long a kernel's ipc socket paths get, and where to keep them short.

With the ipc transport a Jupyter kernel talks over Unix socket files named after its connection file:
``<runtime dir>/kernel-<uuid4>-ipc-<n>``.  A Unix socket's path must fit ``sun_path`` (108 bytes on Linux
with its closing NUL, 104 on macOS), or binding fails with ``ZMQError: File name too long`` and the
student sees "Unhandled error".  Jupyter's default runtime dir, ``~/.local/share/jupyter/runtime``, is
too deep for TLJH homes like ``/home/jupyter-<a 20-character name>`` (114 bytes), so the kit's
servers keep the sockets in :func:`short_runtime_dir` instead (docs/school-server.md, section 2).
"""

from __future__ import annotations

import os
import sys

#: The longest socket path that binds: ``sun_path`` less its closing NUL (108 bytes on Linux, 104 on macOS
#: and the BSDs).
MAX_SOCKET_PATH = 107 if sys.platform.startswith("linux") else 103
#: What jupyter_client adds to the runtime dir: ``/kernel-<uuid4>-ipc-<n>`` with n of up to two digits.
SOCKET_NAME_LENGTH = len("/kernel-") + 36 + len("-ipc-") + 2
#: The per-user folder used when the default runtime dir is too deep: in the home, so no other user can
#: have made it first (as they could a name in /tmp).
SHORT_RUNTIME_NAME = ".jupyter-run"


def fits(runtime_dir: str) -> bool:
    """Whether every ipc socket path of a kernel with its files in ``runtime_dir`` fits."""
    return len(os.fsencode(runtime_dir)) + SOCKET_NAME_LENGTH <= MAX_SOCKET_PATH


def short_runtime_dir(default: str, home: str) -> str:
    """``default`` when its socket paths fit, else ``HOME/.jupyter-run``; ValueError (one sentence)
    when neither fits."""
    if fits(default):
        return default
    short = os.path.join(home, SHORT_RUNTIME_NAME)
    if fits(short):
        return short
    raise ValueError(
        f"kernel socket paths under {short} would be longer than {MAX_SOCKET_PATH} bytes: set "
        "JUPYTER_RUNTIME_DIR to a shorter folder of this user's own (mode 0700)"
    )
