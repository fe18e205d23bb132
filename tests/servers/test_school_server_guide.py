"""docs/school-server.md followed literally on a stand-in hub (issue 33's done-when).

The guide's TLJH section is deployed by ``standin.deploy`` (the kit's wheel in a fresh user environment,
the guide's files written where it says, its ``tljh-config`` lines applied as TLJH applies them; the module
says what the stand-in replaces). Then a teacher and a student with a 20-character name use it.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

pytest.importorskip("jupyterhub")
pytest.importorskip("nbgitpuller")
pytest.importorskip("jupyterhub_idle_culler")

from . import standin

TEACHER = "teacher"
STUDENT = "abcdefghijklmnopqrst"  # 20 characters: TLJH's home /home/jupyter-abcdefghijklmnopqrst
OTHER = "ana"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[standin.Hub]:
    work = tmp_path_factory.mktemp("school")
    deployed = standin.deploy(work)
    try:
        settings = deployed.settings
        assert settings["users.admin"] == [TEACHER], "the guide names the teacher as the admin"
        deployed.add_users([TEACHER, STUDENT, OTHER])
        status, teacher = deployed.api("GET", f"/hub/api/users/{TEACHER}")
        assert status == 200 and teacher["admin"], "the guide's admin is an admin"
        deployed.start_servers([TEACHER, STUDENT, OTHER])
        yield deployed
    finally:
        deployed.stop()


def _server_process(hub: standin.Hub, user: str) -> psutil.Process:
    for p in psutil.Process(hub.proc.pid).children(recursive=True):
        try:
            if "singleuser" in " ".join(p.cmdline()) and p.environ().get("JUPYTERHUB_USER") == user:
                return p
        except psutil.Error:
            continue
    raise AssertionError(f"no server process for {user}")


def _kernel_connection(hub: standin.Hub, user: str, kernel_id: str) -> tuple[Path, dict]:
    server = _server_process(hub, user)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for p in server.children(recursive=True):
            try:
                found = [a for a in p.cmdline() if a.endswith(f"kernel-{kernel_id}.json")]
            except psutil.Error:
                continue
            if found:
                path = Path(found[0])
                return path, json.loads(path.read_text())
        time.sleep(0.3)
    raise AssertionError(f"no kernel process for {kernel_id}")


def test_the_extension_list_is_the_guides_choice(hub: standin.Hub) -> None:
    result = subprocess.run(
        [str(hub.user_env / "bin" / "jupyter"), "server", "extension", "list"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": str(hub.user_env / "bin") + ":/usr/bin:/bin", "HOME": str(hub.work)},
    )
    listing = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout + result.stderr)  # no colours
    states = dict(re.findall(r"^\s+(\S+) (enabled|disabled)$", listing, flags=re.M))
    written = json.loads((hub.user_env / "etc/jupyter/jupyter_server_config.json").read_text())
    choice = written["ServerApp"]["jpserver_extensions"]
    assert choice, "the guide switches extensions off"
    for name, on in choice.items():
        assert states.get(name) == ("enabled" if on else "disabled"), (name, listing)
    for name in ("voila.server_extension", "nbgitpuller", "jupyterlab"):
        assert states.get(name) == "enabled", (name, listing)
    # ...and the running servers agree: no terminals, no language server.
    assert not choice["jupyter_server_terminals"] and not choice["jupyter_lsp"]
    assert hub.as_user(STUDENT, "GET", "/api/terminals")[0] == 404
    assert hub.as_user(STUDENT, "GET", "/lsp/status")[0] == 404
    assert hub.as_user(STUDENT, "GET", "/api/status")[0] == 200


def test_the_news_popup_is_off_in_the_students_jupyterlab(hub: standin.Hub) -> None:
    status, body = hub.as_user(
        STUDENT, "GET", "/lab/api/settings/@jupyterlab/apputils-extension:notification"
    )
    assert status == 200, body
    # JupyterLab applies overrides.json as the schema's defaults (the student's own settings stay empty).
    defaults = {k: v.get("default") for k, v in body["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False, defaults


def test_a_20_character_username_gets_ipc_kernels_in_its_own_folder(hub: standin.Hub) -> None:
    status, kernel = hub.as_user(STUDENT, "POST", "/api/kernels", {"name": "python3"})
    assert status == 201, kernel
    path, info = _kernel_connection(hub, STUDENT, kernel["id"])
    assert info["transport"] == "ipc", info
    assert path.parent == hub.home(STUDENT) / ".jupyter-run", path  # the default would be too deep
    assert (path.parent.stat().st_mode & 0o077) == 0, "the socket folder is the student's alone"
    sockets = [f"{info['ip']}-{info[k]}" for k in ("shell_port", "iopub_port", "control_port", "hb_port")]
    assert max(len(s) for s in sockets) < 107
    # The kernel listens on those files and answers over them.
    from jupyter_client import BlockingKernelClient

    client = BlockingKernelClient(connection_file=str(path))
    client.load_connection_file()
    client.start_channels()
    try:
        reply = client.kernel_info(reply=True, timeout=60)
    finally:
        client.stop_channels()
    assert reply["content"]["status"] == "ok"
    assert all(Path(s).is_socket() for s in sockets)
    hub.as_user(STUDENT, "DELETE", f"/api/kernels/{kernel['id']}")


def _lessons_repository(hub: standin.Hub) -> Path:
    """Section 4's commands run as the teacher; the push goes to a bare repository standing for the school's
    git server."""
    origin = hub.work / "eleusis-lessons.git"
    if origin.exists():
        return origin
    commands = standin.guide_repo_commands(standin.guide_text())
    before_push = [c for c in commands if not c.startswith("git remote add")]
    git_id = "git -c user.name=Teacher -c user.email=teacher@school.example"
    script = "\n".join(["set -e", *(c.replace("git commit", f"{git_id} commit") for c in before_push)])
    done = standin.run_as_user(hub, TEACHER, script)
    assert done.returncode == 0, done.stderr
    repo = hub.home(TEACHER) / "eleusis-lessons"
    subprocess.run(["git", "clone", "-q", "--bare", str(repo), str(origin)], check=True)
    return origin


def _pull(hub: standin.Hub, user: str, origin: Path) -> str:
    """What the link's page does: nbgitpuller's event stream; returns its last phase."""
    link = standin.guide_link(standin.guide_text())
    query = urllib.parse.urlencode(
        {"repo": f"file://{origin}", "branch": link["branch"], "targetpath": link["targetPath"]}
    )
    status, body = hub.as_user(user, "GET", f"/git-pull/api?{query}")
    events = [json.loads(line[5:]) for line in str(body).splitlines() if line.startswith("data:")]
    assert status == 200 and events, (status, body)
    return str(events[-1].get("phase"))


def test_the_link_and_the_copier_work_in_either_order(hub: standin.Hub) -> None:
    origin = _lessons_repository(hub)
    repo_files = subprocess.run(
        ["git", "--git-dir", str(origin), "ls-tree", "-r", "--name-only", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert "projector.ipynb" in repo_files and "01_meet_eleusis.ipynb" in repo_files
    assert not any(f.startswith(("tests/", "benchmarks/")) or f == "Makefile" for f in repo_files)
    target = standin.guide_link(standin.guide_text())["targetPath"]
    # The student: the copier first (eleusis-lab lessons, or lab), then the link.
    copied = standin.run_as_user(hub, STUDENT, "eleusis-lab lessons")
    assert copied.returncode == 0, copied.stderr
    assert _pull(hub, STUDENT, origin) == "finished"
    home = hub.home(STUDENT)
    assert (home / target / "01_meet_eleusis.ipynb").is_file()
    assert (home / "eleusis-lab" / "lessons" / "01_meet_eleusis.ipynb").is_file()
    # A second click after an edit keeps the edit.
    lesson = home / target / "01_meet_eleusis.ipynb"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("Eleusis", "ELEUSIS", 1), encoding="utf-8")
    edited = lesson.read_bytes()
    assert _pull(hub, STUDENT, origin) == "finished" and lesson.read_bytes() == edited
    # Another student: the link first, then the copier.
    assert _pull(hub, OTHER, origin) == "finished"
    copied = standin.run_as_user(hub, OTHER, "eleusis-lab lessons")
    assert copied.returncode == 0, copied.stderr
    assert (hub.home(OTHER) / target / "projector.ipynb").is_file()
    assert (hub.home(OTHER) / "eleusis-lab" / "lessons" / "projector.ipynb").is_file()


def test_the_projector_page_opens_for_the_teacher_with_more_room(hub: standin.Hub) -> None:
    origin = _lessons_repository(hub)
    assert _pull(hub, TEACHER, origin) == "finished"
    target = standin.guide_link(standin.guide_text())["targetPath"]
    path = f"/voila/render/{target}/projector.ipynb"
    assert f"/user/<teacher>{path}" in standin.guide_text(), "the address the guide gives"
    status, page = hub.as_user(TEACHER, "GET", path)
    assert status == 200, str(page)[:500]
    kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert kernel_id and "application/vnd.jupyter.widget-view+json" in page
    _, info = _kernel_connection(hub, TEACHER, kernel_id.group(1))
    assert info["transport"] == "ipc", "the projector's kernel (hidden rule field) is on ipc too"
    # Nobody else opens it: another user's token is refused by the hub.
    status, _ = hub.api("GET", f"/user/{TEACHER}{path}", token=hub.tokens[STUDENT])
    assert status in (302, 403, 404), status
    # The teacher's limits are larger than a student's (the guide's pre-spawn hook and tljh-config).
    teacher = _server_process(hub, TEACHER).environ()
    student = _server_process(hub, STUDENT).environ()
    assert int(teacher["MEM_LIMIT"]) > int(student["MEM_LIMIT"]) == 600 * 1024**2
    assert float(teacher["CPU_LIMIT"]) > float(student["CPU_LIMIT"]) == 1.0


def test_the_culler_stops_an_idle_server(hub: standin.Hub) -> None:
    command = standin.culler_command(hub.settings)
    assert "--timeout=3600" in command and "--cull-every=300" in command, "the guide's culler settings"
    assert hub.server_running(OTHER)
    culler = hub.run_culler(timeout=3, every=2)  # the guide's culler with a test-sized timeout
    try:
        deadline = time.monotonic() + 60
        while hub.server_running(OTHER) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not hub.server_running(OTHER), (hub.work / "culler.log").read_text()[-2000:]
    finally:
        culler.terminate()
        culler.wait(timeout=10)
