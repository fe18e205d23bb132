"""The projector page's own server (``eleusis-lab class``): Voilà on one notebook, for the teacher only.

Plain ``voila NOTEBOOK`` is made for publishing a dashboard, and on a teacher's laptop or a shared school
machine that is the wrong default: anyone who can reach the port opens the page, resumes the teacher's live
session and presses Reveal; it accepts any ``Host:`` (so a web page the teacher visits can rebind its own
name to 127.0.0.1 and drive the board); every GET starts a kernel that nobody stops; closing the tab fails
to stop the kernel (``403 … '_xsrf' argument missing``: the page sends the ``_xsrf`` cookie Voilà never
set); a taken port silently moves to the next one while the command prints the first; and the kernel's
messages, the hidden rule's keystrokes among them, travel over TCP ports on 127.0.0.1 that any local user
can subscribe to.  :class:`ClassBoardServer` is Voilà with those defaults turned round:

- **a token**, generated per start and printed in the address (as ``jupyter lab`` does); without it a
  request is sent to the login page and starts no kernel;
- **Host and Origin checked**: only a loopback address or ``localhost`` in ``Host:`` (Jupyter Server's
  ``allow_remote_access=False`` check), and no cross-origin API or websocket request;
- **kernels that end**: the page's shutdown call on closing is accepted (the ``_xsrf`` cookie is set with
  the page), and a kernel no page is connected to is culled after ``idle_timeout`` idle seconds (a
  tab that crashed, a GET that never opened its websocket); a page still open keeps its kernel;
- **the real port or an error**: the port is bound once, never retried; ``--port 0`` takes a free one,
  and the printed address is the bound socket's;
- **the kernel reachable by this user only**: the ipc transport, its socket files in a fresh 0700 folder
  with a short path (:mod:`eleusis_lab.kernel_sockets`), so no TCP port is opened and no other
  local user can connect (on Windows, which has no ipc transport, Jupyter's TCP default stays).

It stops on SIGTERM and SIGINT (Ctrl-C) with every kernel it started.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import signal
import tempfile
import webbrowser
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.ioloop
import tornado.netutil
from traitlets.config import Config
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from eleusis_lab.kernel_sockets import fits

#: How often the culler looks, at most (seconds).
CULL_INTERVAL = 60
#: What Voilà's ``tempfile.mkdtemp(prefix="voila_")`` adds to the folder it is given.
VOILA_DIR_NAME = "/voila_XXXXXXXX"


class PortTaken(OSError):
    """The requested port is in use; the message says so in one sentence."""


class _ClassPageHandler(TornadoVoilaHandler):
    """The page, which also sets the ``_xsrf`` cookie its ``beforeunload`` shutdown call sends back."""

    async def prepare(self, *args: Any, **kwargs: Any) -> Any:
        result = await super().prepare(*args, **kwargs)
        if self.current_user is not None:
            self.xsrf_token  # noqa: B018 - reading the property is what sets the cookie (tornado)
        return result


def short_runtime_root() -> str:
    """A folder for the kernels' socket files whose paths stay short enough: the system's temporary
    folder when it is short (``/tmp`` on Linux), else ``/tmp`` (macOS's per-user folder is ~50 bytes)."""
    root = tempfile.gettempdir()
    if not fits(root + VOILA_DIR_NAME) and os.path.isdir("/tmp"):
        root = "/tmp"
    return root


def ipc_available() -> bool:
    """zmq's ipc transport exists on Unix-like systems only."""
    return os.name == "posix"


class ClassBoardServer(Voila):  # type: ignore[misc]  # voila has no type hints
    """Voilà serving the projector page to the holder of its token only (see the module's docstring)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bound_port: int | None = None

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        # Jupyter Server's DNS-rebinding guard: Host must be a loopback address or "localhost".
        settings["allow_remote_access"] = False
        settings["local_hostnames"] = ["localhost"]
        return settings

    def init_handlers(self) -> list[Any]:
        return [
            (h[0], _ClassPageHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
            for h in super().init_handlers()
        ]

    @property
    def board_url(self) -> str:
        token = self.identity_provider.token
        return f"http://{self.ip}:{self.bound_port}/?token={token}"

    def listen(self) -> None:
        """Bind the port once (no retry), print the real address, serve until SIGTERM or Ctrl-C."""
        requested = int(self.port)  # type: ignore[has-type]  # a traitlets Integer
        try:
            sockets = tornado.netutil.bind_sockets(requested, self.ip)
        except OSError as error:
            self.stop()
            if error.errno == errno.EADDRINUSE:
                raise PortTaken(
                    f"port {requested} on {self.ip} is taken (another class board or program is using it); "
                    "choose another with --port, or --port 0 for any free one"
                ) from None
            raise
        self.bound_port = int(sockets[0].getsockname()[1])
        self.port = self.bound_port  # Voilà's own messages name the real port too
        server = tornado.httpserver.HTTPServer(self.app)
        server.add_sockets(sockets)
        print(f"The class board: {self.board_url}  (Ctrl-C stops it)", flush=True)
        if self.open_browser:
            webbrowser.open(self.board_url)
        self.ioloop = tornado.ioloop.IOLoop.current()
        signal.signal(signal.SIGINT, self._handle_signal_stop)
        try:
            self.ioloop.start()
        finally:
            server.stop()
            self.stop()

    def stop(self) -> None:
        """Stop every kernel, then remove their socket and connection files."""
        from jupyter_core.utils import run_sync

        run_sync(self.kernel_manager.shutdown_all)()
        shutil.rmtree(self.connection_dir, ignore_errors=True)


def server_config(port: int, *, open_browser: bool, idle_timeout: int, token: str | None = None) -> Config:
    """The traitlets configuration :func:`serve` starts Voilà with."""
    config = Config()
    config.Voila.ip = "127.0.0.1"
    config.Voila.port = port
    config.Voila.port_retries = 0
    config.Voila.open_browser = open_browser
    config.Voila.token = token or secrets.token_hex(24)
    config.Voila.connection_dir_root = short_runtime_root()
    config.MappingKernelManager.cull_idle_timeout = idle_timeout
    config.MappingKernelManager.cull_interval = max(1, min(CULL_INTERVAL, idle_timeout // 2))
    config.MappingKernelManager.cull_connected = False  # a page still open keeps its board
    if ipc_available():
        config.KernelManager.transport = "ipc"
    return config


def serve(notebook: Path, port: int, *, open_browser: bool, idle_timeout: int) -> int:
    """Serve ``notebook`` until stopped; raises :class:`PortTaken` when the port is in use."""
    app = ClassBoardServer(config=server_config(port, open_browser=open_browser, idle_timeout=idle_timeout))
    app.initialize([str(notebook)])
    app.start()  # Voilà's start: settings, handlers, then our listen()
    return 0
