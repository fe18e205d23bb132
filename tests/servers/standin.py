"""docs/school-server.md's TLJH section deployed on a stand-in hub on 127.0.0.1.

TLJH itself cannot run here (it needs systemd as PID 1 and downloads Miniforge), so the stand-in keeps
what the guide's steps act on and replaces only TLJH's own machinery:

- **The user environment** (``/opt/tljh/user``) is a fresh virtual environment with the kit's *wheel*
  installed in it (built from this checkout), the packages' own Jupyter files in its ``etc/jupyter`` and
  ``share/jupyter`` (as pip puts them), and the third-party packages (JupyterLab, Voilà, nbgitpuller,
  jupyterhub) read from the test's environment through a ``.pth`` line instead of being downloaded again.
- **The guide's files** (every code block marked ``file=PATH``) are written where the guide says, with
  ``/opt/tljh/user`` and ``/opt/tljh/config`` standing for the stand-in's folders.
- **The guide's ``tljh-config`` lines** are applied as TLJH's ``tljh/configurer.py`` applies them (limits
  to ``Spawner.mem_limit``/``cpu_limit``, ``users.admin`` to ``Authenticator.admin_users``,
  ``default_app`` to ``Spawner.default_url``, ``services.cull`` to the ``jupyterhub_idle_culler`` command
  line); then the guide's ``jupyterhub_config.d/*.py`` is loaded, as TLJH does last.
- **What cannot be the same here**: the dummy authenticator stands in for the guide's NativeAuthenticator
  (no sign-up page to drive), ``SimpleLocalProcessSpawner`` for TLJH's SystemdSpawner (every student runs
  as this OS user, so memory and CPU limits reach the server as ``MEM_LIMIT``/``CPU_LIMIT`` but nothing
  enforces them), configurable-http-proxy for TLJH's Traefik, no HTTPS on 127.0.0.1, and homes are
  ``<short tmp>/jupyter-<name>`` (as long as TLJH's ``/home/jupyter-<name>`` give or take a character).

Shared by ``tests/servers/test_school_server_guide.py`` and ``benchmarks/bench_school_server.py``.
"""

from __future__ import annotations

import fcntl
import importlib.metadata
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "docs" / "school-server.md"
TLJH_USER = "/opt/tljh/user"
TLJH_CONFIG = "/opt/tljh/config"
NODE_PREFIX = REPO / "out" / "school-server" / "node"
#: configurable-http-proxy 5.2+ needs commander 14 (node >= 20) and 5.3 commander 15 (node >= 22.12);
#: 5.1.0 runs on node 18 and 20 (Debian's and this machine's).
CHP_VERSION = "5.1.0"
#: Commands of the third-party packages a user environment has on its PATH (console scripts).
SCRIPTS = ("jupyter", "jupyter-server", "jupyter-lab", "jupyterhub-singleuser", "voila")


# -- reading the guide --------------------------------------------------------------------------------
def guide_text() -> str:
    return GUIDE.read_text(encoding="utf-8")


def guide_files(text: str) -> dict[str, str]:
    """Every code block the guide marks ``file=PATH``: {PATH: content}."""
    blocks = re.findall(r"^```\w+ file=(\S+)\n(.*?)^```", text, flags=re.M | re.S)
    return dict(blocks)


def guide_tljh_config(text: str) -> list[tuple[str, str, str]]:
    """The guide's ``sudo tljh-config set|add-item KEY VALUE`` lines, in order."""
    return re.findall(r"^sudo tljh-config (set|add-item) (\S+) (\S+)\s*$", text, flags=re.M)


def guide_link(text: str) -> dict[str, str]:
    """The query of the guide's nbgitpuller link."""
    url = re.search(r"^https://\S+/hub/user-redirect/git-pull\?\S+$", text, flags=re.M)
    assert url, "the guide gives an nbgitpuller link"
    return dict(urllib.parse.parse_qsl(urllib.parse.urlparse(url.group(0)).query))


def guide_repo_commands(text: str) -> list[str]:
    """The guide's commands that make the lessons repository (section 4), before the push."""
    block = re.search(r"^```sh\n(eleusis-lab lessons .*?)^```", text, flags=re.M | re.S)
    assert block, "the guide says how to make the lessons repository"
    return [line for line in block.group(1).splitlines() if line.strip()]


# -- the user environment -----------------------------------------------------------------------------
def build_wheel(work: Path) -> Path:
    """The kit's wheel, built from a copy of the sources (a build in the checkout would leave an
    ``eleusis_lab.egg-info`` there, which pip then takes for an installed kit)."""
    from tests.packaging.test_installed_wheel import _build_wheel

    return _build_wheel(work)


def _script(python: Path, entry: importlib.metadata.EntryPoint) -> str:
    module, _, attr = entry.value.partition(":")
    return (
        f"#!{python}\nimport sys\nfrom {module} import {attr.split('.')[0]}\n"
        f"sys.argv[0] = {entry.name!r}\nsys.exit({attr}())\n"
    )


def make_user_env(prefix: Path, wheel: Path) -> Path:
    """A virtual environment at ``prefix`` standing for ``/opt/tljh/user`` with the wheel installed."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(prefix)], check=True)
    python = prefix / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    (site / "eleusis-standin-packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # The packages' own Jupyter files, where pip would have put them.
    shutil.copytree(Path(sys.prefix) / "etc" / "jupyter", prefix / "etc" / "jupyter")
    share = prefix / "share" / "jupyter"
    (share / "lab").mkdir(parents=True)
    for entry in (Path(sys.prefix) / "share" / "jupyter").iterdir():
        if entry.name != "lab":
            (share / entry.name).symlink_to(entry)
    for entry in (Path(sys.prefix) / "share" / "jupyter" / "lab").iterdir():
        if entry.name != "settings":  # the environment's settings are the guide's to write
            (share / "lab" / entry.name).symlink_to(entry)
    scripts = {e.name: e for e in importlib.metadata.entry_points(group="console_scripts")}
    for name in SCRIPTS:
        path = prefix / "bin" / name
        path.write_text(_script(python, scripts[name]))
        path.chmod(0o755)
    subprocess.run(
        # --ignore-installed: the test's environment (on the .pth line) has the kit too; never touch it.
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--ignore-installed",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    return prefix


def write_guide_files(files: dict[str, str], user_env: Path, config: Path) -> list[Path]:
    written = []
    for name, content in files.items():
        if not name.startswith((TLJH_USER, TLJH_CONFIG)):
            continue
        path = Path(name.replace(TLJH_USER, str(user_env)).replace(TLJH_CONFIG, str(config)))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content.replace(TLJH_USER, str(user_env)), encoding="utf-8")
        written.append(path)
    return written


# -- TLJH's configurer, for the keys the guide sets -------------------------------------------------------
def tljh_settings(lines: list[tuple[str, str, str]]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for verb, key, value in lines:
        if verb == "add-item":
            settings.setdefault(key, []).append(value)
        else:
            settings[key] = value
    return settings


def culler_command(
    settings: dict[str, Any], timeout: int | None = None, every: int | None = None
) -> list[str]:
    """``jupyterhub_idle_culler`` as TLJH's ``set_cull_idle_service`` builds it (TLJH's defaults:
    timeout 600, every 60, concurrency 5, max-age 0); ``timeout``/``every`` replace the guide's values."""
    return [
        sys.executable,
        "-m",
        "jupyterhub_idle_culler",
        f"--timeout={timeout or int(settings.get('services.cull.timeout', 600))}",
        f"--cull-every={every or int(settings.get('services.cull.every', 60))}",
        "--concurrency=5",
        "--max-age=0",
    ]


HUB_CONFIG = """
# The stand-in for TLJH's jupyterhub_config.py (tests/servers/standin.py says what differs).
import glob
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [{chp!r}]
c.ConfigurableHTTPProxy.pid_file = {work!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///" + {work!r} + "/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = {work!r} + "/cookie_secret"
c.JupyterHub.pid_file = {work!r} + "/hub.pid"
c.JupyterHub.cleanup_servers = True
c.JupyterHub.concurrent_spawn_limit = 200
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {homes!r} + "/jupyter-{{username}}"
c.Spawner.ip = "127.0.0.1"
c.Spawner.args = {args!r}
c.Spawner.environment = {environment!r}
c.JupyterHub.services = [{{"name": "cull-idle", "api_token": {culler_token!r}}},
                         {{"name": "standin", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [
    {{"name": "cull-idle", "services": ["cull-idle"],
      "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers", "admin:users"]}},
    {{"name": "standin", "services": ["standin"],
      "scopes": ["admin:users", "admin:servers", "tokens", "access:servers", "list:users"]}},
]
# The guide's tljh-config lines, as tljh/configurer.py applies them.
c.Spawner.mem_limit = {mem_limit!r}
c.Spawner.cpu_limit = {cpu_limit!r}
c.Authenticator.admin_users = set({admins!r})
c.Spawner.default_url = {default_url!r}
# Last, the guide's own files, as TLJH loads them.
for path in sorted(glob.glob({config!r} + "/jupyterhub_config.d/*.py")):
    load_subconfig(path)  # noqa: F821
"""


def chp_command() -> str:
    """``configurable-http-proxy`` on the PATH, or pinned under out/school-server/node (npm install)."""
    local = NODE_PREFIX / "node_modules" / ".bin" / "configurable-http-proxy"
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    npm = shutil.which("npm")
    if npm is None and not local.exists():
        raise RuntimeError("configurable-http-proxy needs Node.js and npm (apt-get install nodejs npm)")
    NODE_PREFIX.mkdir(parents=True, exist_ok=True)
    with open(NODE_PREFIX / ".install-lock", "w") as lock:  # two test workers may get here at once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if local.exists():
            return str(local)
        assert npm is not None
        subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                str(NODE_PREFIX),
                "--no-audit",
                "--no-fund",
                f"configurable-http-proxy@{CHP_VERSION}",
            ],
            check=True,
            capture_output=True,
        )
    return str(local)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Hub:
    """A running stand-in hub: its address, the API token, the folders, the processes."""

    url: str
    token: str
    culler_token: str
    work: Path
    homes: Path
    user_env: Path
    settings: dict[str, Any]
    proc: subprocess.Popen[bytes]
    tokens: dict[str, str] = field(default_factory=dict)

    def api(
        self, method: str, path: str, body: Any = None, token: str | None = None, timeout: float = 300
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=data, method=method)
        request.add_header("Authorization", f"token {token or self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                raw = response.read()
                if "json" not in response.headers.get("Content-Type", ""):
                    return response.status, raw.decode(errors="replace")
                return response.status, json.loads(raw) if raw.strip() else None
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, raw.decode(errors="replace")

    def home(self, user: str) -> Path:
        return self.homes / f"jupyter-{user}"

    def add_users(self, names: list[str]) -> None:
        """Create the users (those the configuration made already, the admins, are kept) and a token each."""
        status, body = self.api("POST", "/hub/api/users", {"usernames": names})
        assert status in (200, 201, 409), (status, body)
        for name in names:
            status, body = self.api("POST", f"/hub/api/users/{name}/tokens", {"note": "standin"})
            assert status in (200, 201), (status, body)
            self.tokens[name] = body["token"]

    def as_user(self, user: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        return self.api(method, f"/user/{user}{path}", body, token=self.tokens[user])

    def start_servers(self, names: list[str], timeout: float = 180) -> dict[str, float]:
        """Ask for every server at once; seconds from the request to ready, per user."""
        import threading

        asked = time.monotonic()
        answers: dict[str, tuple[int, Any]] = {}

        def ask(name: str) -> None:
            answers[name] = self.api("POST", f"/hub/api/users/{name}/server")

        threads = [threading.Thread(target=ask, args=(n,)) for n in names]
        for t in threads:
            t.start()
        ready: dict[str, float] = {}
        while len(ready) < len(names) and time.monotonic() - asked < timeout:
            status, users = self.api("GET", "/hub/api/users")
            for user in users if status == 200 else []:
                server = (user.get("servers") or {}).get("", {})
                if user["name"] in names and user["name"] not in ready and server.get("ready"):
                    ready[user["name"]] = time.monotonic() - asked
            failed = {n: a for n, a in answers.items() if a[0] not in (201, 202)}
            assert not failed, f"a server did not start: {failed}"
            time.sleep(0.25)
        for t in threads:
            t.join(timeout=5)
        assert len(ready) == len(names), f"not ready after {timeout} s: {sorted(set(names) - set(ready))}"
        return ready

    def server_running(self, name: str) -> bool:
        status, user = self.api("GET", f"/hub/api/users/{name}")
        return status == 200 and bool((user.get("servers") or {}).get(""))

    def run_culler(self, timeout: int, every: int) -> subprocess.Popen[bytes]:
        """The guide's culler (TLJH's command line) with a short timeout, as a hub service would run it."""
        env = dict(os.environ)
        env["JUPYTERHUB_API_TOKEN"] = self.culler_token
        env["JUPYTERHUB_API_URL"] = f"{self.url}/hub/api"
        log = (self.work / "culler.log").open("wb")
        return subprocess.Popen(
            culler_command(self.settings, timeout, every),
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        _end_leftovers(self.homes)
        shutil.rmtree(self.homes, ignore_errors=True)


def _end_leftovers(homes: Path) -> None:
    """Kill any process still naming the stand-in's homes (a kernel whose server died first)."""
    import psutil

    for proc in psutil.process_iter(["pid", "cmdline"]):
        try:
            if any(str(homes) in part for part in proc.info["cmdline"] or []):
                proc.kill()
        except psutil.Error:
            pass


def short_homes() -> Path:
    """A folder for the homes whose paths are about as long as TLJH's (``/tmp/eNNN`` is 9 bytes,
    ``/home`` 5): kernel socket paths depend on them. Made 0755, like /home."""
    for n in range(1000):
        path = Path(f"/tmp/e{n:03d}")
        try:
            path.mkdir(mode=0o755)
        except FileExistsError:
            continue
        return path
    raise RuntimeError("no free /tmp/eNNN folder for the stand-in's homes")


def deploy(work: Path, wheel: Path | None = None, text: str | None = None) -> Hub:
    """The guide's TLJH section on a stand-in hub: user environment, files, settings, the hub started."""
    text = text or guide_text()
    wheel = wheel or build_wheel(work / "wheel")
    user_env = make_user_env(work / "user", wheel)
    config = work / "config"
    write_guide_files(guide_files(text), user_env, config)
    settings = tljh_settings(guide_tljh_config(text))
    homes = short_homes()
    port, hub_port, proxy_api_port = _free_port(), _free_port(), _free_port()
    token, culler_token = uuid.uuid4().hex, uuid.uuid4().hex
    default_app = settings.get("user_environment.default_app", "jupyterlab")
    hub_config = HUB_CONFIG.format(
        port=port,
        hub_port=hub_port,
        proxy_api_port=proxy_api_port,
        chp=chp_command(),
        work=str(work),
        homes=str(homes),
        # SystemdSpawner never runs a server as root; the stand-in runs as the test's user, root on CI.
        args=["--allow-root"] if os.geteuid() == 0 else [],
        environment={},
        token=token,
        culler_token=culler_token,
        mem_limit=settings.get("limits.memory"),
        cpu_limit=float(settings["limits.cpu"]) if "limits.cpu" in settings else None,
        admins=settings.get("users.admin", []),
        default_url={"jupyterlab": "/lab", "classic": "/tree"}.get(default_app, "/lab"),
        config=str(config),
    )
    (work / "jupyterhub_config.py").write_text(hub_config, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "ELEUSIS_LAB", "PYTHONPATH"))}
    # TLJH puts the user environment's bin first on the servers' PATH (SystemdSpawner.extra_paths).
    env["PATH"] = os.pathsep.join([str(user_env / "bin"), str(Path(sys.executable).parent), env["PATH"]])
    log = (work / "hub.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(work / "jupyterhub_config.py")],
        cwd=work,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    hub = Hub(f"http://127.0.0.1:{port}", token, culler_token, work, homes, user_env, settings, proc)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            hub.stop()
            raise RuntimeError(f"the hub stopped:\n{(work / 'hub.log').read_text()[-3000:]}")
        try:
            if hub.api("GET", "/hub/api/", timeout=5)[0] == 200:
                return hub
        except OSError:
            pass
        time.sleep(0.3)
    hub.stop()
    raise RuntimeError(f"the hub did not answer in 90 s:\n{(work / 'hub.log').read_text()[-3000:]}")


def run_as_user(
    hub: Hub, user: str, command: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """A shell line run the way a user's terminal on TLJH runs it: their home, the user env's PATH."""
    home = hub.home(user)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "ELEUSIS_LAB", "PYTHONPATH"))}
    env.update(HOME=str(home), PATH=os.pathsep.join([str(hub.user_env / "bin"), env["PATH"]]))
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd or home, env=env, capture_output=True, text=True, timeout=120
    )


def quote(path: Path) -> str:
    return shlex.quote(str(path))
