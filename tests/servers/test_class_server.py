"""``eleusis-lab class``: a page only the teacher opens (issue 29, findings 14-16; issue 33, item 12).

Each test starts the real command (Voilà on the projector page) and talks to it as a browser, a
stranger, or another local user would.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import stat
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import psutil
import pytest

from .running import (
    Launched,
    alive,
    descendants,
    eleusis_lab,
    launch,
    running,
    stop,
    wait_for_line,
    wait_gone,
)

pytest.importorskip("voila")

URL_LINE = r"The class board: (http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))"
IDLE_TIMEOUT = 3  # seconds: the test's culler, far shorter than the command's default


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def request(url: str, *, headers: dict[str, str] | None = None, jar: CookieJar | None = None, data=None):
    """(status, body, final headers) of one request, redirects not followed."""
    handlers: list[urllib.request.BaseHandler] = [NoRedirect()]
    if jar is not None:
        handlers.append(urllib.request.HTTPCookieProcessor(jar))
    opener = urllib.request.build_opener(*handlers)
    req = urllib.request.Request(url, headers=headers or {}, data=data)
    try:
        with opener.open(req, timeout=60) as response:
            return response.status, response.read().decode(errors="replace"), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace"), error.headers


def kernels(board: Launched) -> list[psutil.Process]:
    return [p for p in alive(descendants(board.proc.pid)) if "ipykernel" in " ".join(p.cmdline())]


def wait_kernels(board: Launched, count: int, timeout: float = 60.0) -> list[psutil.Process]:
    deadline = time.monotonic() + timeout
    while len(kernels(board)) != count and time.monotonic() < deadline:
        time.sleep(0.2)
    return kernels(board)


def kernel_of(board: Launched, kernel_id: str, timeout: float = 60.0) -> psutil.Process:
    """The kernel process whose connection file names ``kernel_id``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in kernels(board):
            if any(kernel_id in a for a in p.cmdline()):
                return p
        time.sleep(0.2)
    raise AssertionError(f"no process for kernel {kernel_id}")


def open_page(board: Launched) -> tuple[CookieJar, str]:
    """The teacher's browser: the printed address (token), then its cookies; returns (jar, kernel id)."""
    jar = CookieJar()
    status, body, _ = request(board.url, jar=jar)
    assert status == 200, body[:500]
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body)
    assert found, "the page names its kernel"
    return jar, found.group(1)


def cookie(jar: CookieJar, name: str) -> str:
    return next(c.value for c in jar if c.name == name)


def cookie_header(jar: CookieJar) -> str:
    return "; ".join(f"{c.name}={c.value}" for c in jar)


def _board(home: Path, idle_timeout: int = IDLE_TIMEOUT) -> Iterator[Launched]:
    """``eleusis-lab class --port 0`` (a free port) with a short idle culler (3 seconds by default)."""
    command = eleusis_lab("class", "--no-browser", "--port", "0", "--idle-timeout", str(idle_timeout))
    with running(command, home, "class") as launched:
        launched.url = wait_for_line(launched, URL_LINE).group(1)
        yield launched


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Launched]:
    """One board for the tests that leave it running (each waits for its own kernels)."""
    yield from _board(tmp_path_factory.mktemp("class"))


@pytest.fixture()
def own_board(tmp_path: Path) -> Iterator[Launched]:
    """A board of the test's own, for the tests that stop it.  Its culler waits a minute: these tests
    open two pages without a websocket, and on a busy machine the second page can take longer to render
    than the 3-second culler gives the first kernel (both were culled before they were counted)."""
    yield from _board(tmp_path, idle_timeout=60)


def test_a_request_without_the_token_gets_no_page_and_no_kernel(board: Launched) -> None:
    before = kernels(board)
    base = board.url.split("?")[0]
    for url in (base, base + "?token=" + "0" * 48, base + "voila/render/projector.ipynb"):
        status, body, headers = request(url)
        assert status in (302, 403, 404), (url, status)
        assert "jupyter-widgets" not in body and "kernelId" not in body
        if status == 302:
            assert "/login" in headers["Location"]
    time.sleep(1.5)  # a kernel would have been started by now (they start in ~1 s here)
    assert kernels(board) == before, "no kernel for a visitor without the token"
    open_page(board)  # the printed address does open the board
    assert len(wait_kernels(board, len(before) + 1)) == len(before) + 1


def test_a_foreign_host_or_origin_is_refused(board: Launched) -> None:
    port = urllib.parse.urlparse(board.url).port
    # DNS rebinding: a page at evil.example whose name now points at 127.0.0.1 sends Host: evil.example.
    status, body, _ = request(board.url, headers={"Host": f"evil.example:{port}"})
    assert status == 403 and "kernelId" not in body
    assert request(board.url, headers={"Host": f"localhost:{port}"})[0] == 200  # a local name is fine
    jar, kernel_id = open_page(board)
    # The kernel's websocket with the teacher's cookies, from another site's page: refused.
    ws_url = f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}"

    async def connect(origin: str) -> int:
        from tornado.httpclient import HTTPClientError, HTTPRequest
        from tornado.websocket import websocket_connect

        req = HTTPRequest(ws_url, headers={"Origin": origin, "Cookie": cookie_header(jar)})
        try:
            ws = await websocket_connect(req)
        except HTTPClientError as error:
            return int(error.code)
        ws.close()
        return 101

    assert asyncio.run(connect("http://evil.example")) == 403
    assert asyncio.run(connect(f"http://127.0.0.1:{port}")) == 101, "the page's own origin connects"


def test_closing_the_page_stops_its_kernel_and_a_forged_close_is_refused(board: Launched) -> None:
    jar, kernel_id = open_page(board)
    kernel = kernel_of(board, kernel_id)
    shutdown = board.url.split("?")[0] + f"voila/api/shutdown/{kernel_id}"
    # What the page sends on beforeunload (Voilà's widgets manager): a form with the _xsrf cookie's value.
    # Without the cookie's value (a cross-site form) the call is refused and the kernel lives on.
    forged = urllib.parse.urlencode({"_xsrf": "forged"}).encode()
    status, _, _ = request(shutdown, jar=jar, data=forged)
    assert status == 403 and alive([kernel]) == [kernel]
    beacon = urllib.parse.urlencode({"_xsrf": cookie(jar, "_xsrf")}).encode()
    status, body, _ = request(shutdown, jar=jar, data=beacon)
    assert status == 204, body[:300]
    assert wait_gone([kernel], timeout=15) == []
    assert "_xsrf' argument missing" not in board.text()


def test_a_kernel_no_page_is_connected_to_is_culled(board: Launched) -> None:
    _, kernel_id = open_page(board)  # a GET that never opens its websocket (a crashed tab, a script)
    kernel = kernel_of(board, kernel_id)
    assert wait_gone([kernel], timeout=IDLE_TIMEOUT + 20) == [], "culled after the idle timeout"
    assert "Culling 'idle' kernel" in board.text()


def _sniff(endpoints: list[str], seconds: float, ready: int, needle: bytes) -> dict[str, object]:
    """What a local user's few lines of pyzmq hear: a SUB socket on each endpoint (``ipc://PATH`` or
    ``tcp://HOST:PORT``), subscribed to everything, no key; plus whether a plain connect is allowed, and how
    many frames held ``needle``."""
    import zmq

    found: dict[str, object] = {
        "connected": [],
        "refused": [],
        "messages": dict.fromkeys(endpoints, 0),
        "needle": 0,
    }
    for e in endpoints:
        if e.startswith("ipc://"):
            s, address = socket.socket(socket.AF_UNIX), e[len("ipc://") :]
        else:
            host, port = e[len("tcp://") :].rsplit(":", 1)
            s, address = socket.socket(), (host, int(port))  # type: ignore[assignment]
        try:
            s.connect(address)
            found["connected"].append(e)  # type: ignore[attr-defined]
        except OSError as error:
            found["refused"].append(f"{e}: {error.strerror}")  # type: ignore[attr-defined]
        finally:
            s.close()
    ctx = zmq.Context()
    subs = {}
    poller = zmq.Poller()
    for e in endpoints:
        sub = subs[e] = ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(e)
        poller.register(sub, zmq.POLLIN)
    os.write(ready, b"listening\n")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for sub, _ in poller.poll(100):
            e = next(k for k, v in subs.items() if v is sub)
            frames = sub.recv_multipart()
            found["messages"][e] += len(frames)  # type: ignore[index]
            found["needle"] += sum(needle in f for f in frames)  # type: ignore[operator]
    return found


def _sniffer(
    endpoints: list[str], as_user: int | None, seconds: float, needle: bytes = b"\0never"
) -> tuple[int, int]:
    """A forked child (as ``as_user`` when given) sniffing for ``seconds``; (pid, read end of its pipe)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop to the other user first, then sniff, report, and leave at once
        code = 1
        try:
            os.close(read)
            if as_user is not None:
                os.setgroups([])
                os.setgid(as_user)
                os.setuid(as_user)
            found = _sniff(endpoints, seconds, write, needle)
            os.write(write, (json.dumps(found) + "\n").encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    return pid, read


def _sniffer_result(pid: int, read: int) -> dict:
    with os.fdopen(read) as lines:
        text = lines.read().splitlines()
    os.waitpid(pid, 0)
    assert len(text) == 2 and text[0] == "listening", text
    return json.loads(text[1])


def _kernel_info_requests(board: Launched, jar: CookieJar, kernel_id: str, count: int) -> None:
    """Traffic on the kernel's IOPub socket: kernel_info requests through the page's websocket."""
    port = urllib.parse.urlparse(board.url).port

    async def run() -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}"
        ws = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookie_header(jar)}))
        for _ in range(count):
            msg_id = uuid.uuid4().hex
            header = {
                "msg_id": msg_id,
                "msg_type": "kernel_info_request",
                "session": "t",
                "username": "t",
                "version": "5.3",
                "date": "",
            }
            ws.write_message(
                json.dumps(
                    {
                        "header": header,
                        "parent_header": {},
                        "metadata": {},
                        "content": {},
                        "channel": "shell",
                        "buffers": [],
                    }
                )
            )
            while True:  # its reply on the shell channel
                reply = json.loads(await ws.read_message())
                if reply.get("parent_header", {}).get("msg_id") == msg_id and reply["channel"] == "shell":
                    break
        ws.close()

    asyncio.run(run())


def _kernel_endpoints(kernel: psutil.Process) -> tuple[dict, list[str], list[str]]:
    """The kernel's connection info (checked: ipc, in a folder of this user's alone), its ipc socket
    endpoints and any TCP port it listens on (checked: at most ipykernel's receive-only pipe)."""
    connection_file = Path(next(a for a in kernel.cmdline() if a.endswith(".json")))
    info = json.loads(connection_file.read_text())
    assert info["transport"] == "ipc", info
    folder = connection_file.parent
    # Only this user may enter the folder holding the sockets and the key: no other user can connect.
    assert folder.stat().st_uid == os.getuid() and stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0
    assert stat.S_IMODE(connection_file.stat().st_mode) & 0o077 == 0
    sockets = [
        f"{info['ip']}-{info[name]}"
        for name in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")
    ]
    assert all(stat.S_ISSOCK(os.stat(s).st_mode) for s in sockets)
    assert max(map(len, sockets)) < 107, "Unix socket paths must stay under 107 bytes"
    # No channel is on TCP. The one TCP port ipykernel opens is the receive-only (PULL) pipe that brings a
    # forked subprocess's output home; the sniffers subscribe to it as well, to show it gives nothing.
    tcp = [
        f"tcp://{c.laddr.ip}:{c.laddr.port}"
        for c in kernel.net_connections(kind="inet")
        if c.status == psutil.CONN_LISTEN
    ]
    assert len(tcp) <= 1, tcp
    return info, [f"ipc://{s}" for s in sockets], tcp


@pytest.mark.skipif(os.name != "posix", reason="the ipc transport and Unix sockets exist on Unix only")
def test_the_kernels_messages_reach_no_other_local_user(board: Launched) -> None:
    jar, kernel_id = open_page(board)
    kernel = kernel_of(board, kernel_id)
    info, ipc, tcp = _kernel_endpoints(kernel)
    # The sniff: subscribers with no key, as the student ran them. As this user the one on IOPub
    # hears the kernel (so the check works); as another user nothing can connect to the ipc sockets and
    # nothing is heard anywhere.
    iopub = f"ipc://{info['ip']}-{info['iopub_port']}"
    endpoints = ipc + tcp
    sniffers = {"owner": _sniffer(endpoints, None, seconds=4)}
    if os.getuid() == 0:
        sniffers["nobody"] = _sniffer(endpoints, 65534, seconds=4)
    time.sleep(1.5)  # connected, and zmq subscriptions take a moment to reach the publisher
    _kernel_info_requests(board, jar, kernel_id, count=5)
    heard = {who: _sniffer_result(*s) for who, s in sniffers.items()}
    owner = heard["owner"]
    assert owner["messages"][iopub] > 0 and iopub in owner["connected"], owner
    assert all(owner["messages"][e] == 0 for e in tcp), owner
    if "nobody" in heard:
        other = heard["nobody"]
        assert sum(other["messages"].values()) == 0, other
        assert not any(e.startswith("ipc://") for e in other["connected"]), other
        assert all("Permission denied" in r for r in other["refused"]), other


SECRET = "card.suit == prev.suit or card.rank == 7"


@pytest.mark.skipif(os.name != "posix", reason="the ipc transport and Unix sockets exist on Unix only")
def test_the_hidden_rule_typed_in_a_browser_reaches_no_other_user(board: Launched) -> None:
    """Issue 29's sniff: the teacher types the secret into the set-up form's hidden field, key by key, while
    key-less subscribers listen on every socket of the page's kernel, as this user and as another."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.browser.harness import CHROMIUM, launch_chromium

    if not CHROMIUM.exists():
        if os.environ.get("ELEUSIS_REQUIRE_BROWSER"):
            pytest.fail(f"ELEUSIS_REQUIRE_BROWSER is set but there is no Chromium at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(board.url, wait_until="domcontentloaded", timeout=120_000)
            field = page.wait_for_selector(".eleusis-rule-input input", state="attached", timeout=120_000)
            found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content())
            assert found, "the page names its kernel"
            _, ipc, tcp = _kernel_endpoints(kernel_of(board, found.group(1)))
            needle = SECRET.encode()
            sniffers = {"owner": _sniffer(ipc + tcp, None, seconds=10, needle=needle)}
            if os.getuid() == 0:
                sniffers["nobody"] = _sniffer(ipc + tcp, 65534, seconds=10, needle=needle)
            page.wait_for_timeout(1500)  # connected and subscribed
            assert field.get_attribute("type") == "password"
            field.click()
            field.type(SECRET, delay=15)  # every keystroke a widget update
            field.press("Tab")
            heard = {who: _sniffer_result(*s) for who, s in sniffers.items()}
        finally:
            browser.close()
    # The kernel does publish the field's value on IOPub (so the check can see it)...
    assert heard["owner"]["needle"] > 0, heard["owner"]
    # ...and another local user hears nothing and cannot connect to any of the kernel's sockets.
    if "nobody" in heard:
        other = heard["nobody"]
        assert other["needle"] == 0 and sum(other["messages"].values()) == 0, other
        assert not any(e.startswith("ipc://") for e in other["connected"]), other


def test_a_taken_port_is_an_error_not_another_port(board: Launched, tmp_path: Path) -> None:
    port = urllib.parse.urlparse(board.url).port
    second = launch(eleusis_lab("class", "--no-browser", "--port", str(port)), tmp_path / "b", "second")
    try:
        assert second.proc.wait(timeout=90) == 2
    finally:
        stop(second)
    text = second.text()
    assert f"error: port {port} on 127.0.0.1 is taken" in text, text[-2000:]
    assert "The class board:" not in text and "Traceback" not in text
    assert request(board.url)[0] == 200, "the first board is untouched"
    # The fixture's --port 0 took a free port: the address printed is the one really bound.
    assert port not in (None, 0)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_board_and_its_kernels(own_board: Launched, sig: signal.Signals) -> None:
    board = own_board
    open_page(board)
    open_page(board)
    started = wait_kernels(board, 2)
    assert len(started) == 2
    os.kill(board.proc.pid, sig)  # the command itself, as a service manager or an IDE stop button does
    assert board.proc.wait(timeout=30) in (0, -sig, 128 + sig)
    assert wait_gone(started, timeout=10) == [], "no kernel outlives the board"
    left = [p for p in psutil.process_iter(["pid"]) if _in_group(p, board.proc.pid)]
    assert alive(left) == [], [p.cmdline() for p in alive(left)]


def _in_group(p: psutil.Process, pgid: int) -> bool:
    try:
        return os.getpgid(p.pid) == pgid
    except (ProcessLookupError, psutil.NoSuchProcess):
        return False


def test_lab_passes_sigterm_on_and_leaves_no_process(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlab")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = uuid.uuid4().hex
    command = eleusis_lab(
        "lab",
        str(tmp_path / "lessons"),
        "--no-browser",
        "--port",
        str(port),
        "--jupyter=--ServerApp.ip=127.0.0.1",
        f"--jupyter=--IdentityProvider.token={token}",
        "--jupyter=--ServerApp.port_retries=0",
    )
    with running(command, tmp_path, "lab") as lab:
        wait_for_line(lab, r"http://127\.0\.0\.1:\d+/lab", timeout=120)
        body = json.dumps({"name": "python3"}).encode()
        req = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/kernels?token={token}",
            data=body,
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=60) as response:
            assert response.status == 201
        started = descendants(lab.proc.pid)
        assert len(started) >= 2, "JupyterLab and its kernel"
        os.kill(lab.proc.pid, signal.SIGTERM)  # the wrapper only
        assert lab.proc.wait(timeout=30) == 0
        assert wait_gone(started, timeout=15) == [], [p.cmdline() for p in alive(started)]
