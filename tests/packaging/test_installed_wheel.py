"""The wheel carries everything a teacher uses, and the installed kit works with no source tree around.

One test, so that pytest-xdist never builds the wheel twice: it copies the files a source distribution
needs into a temporary folder, runs ``python -m build`` there (sdist, then the wheel from the sdist), checks
what the wheel holds, installs it into a fresh virtual environment and runs the teacher's commands there,
from an empty folder with an empty home.

Quick by default: the wheel goes in with ``--no-deps`` and the third-party packages (JupyterLab, Voila,
WeasyPrint ...) are seen through a ``.pth`` line naming this environment's site-packages.  Such a line adds
the folder to ``sys.path`` without running the ``.pth`` files inside it, so the editable install of this
clone stays invisible: every file of the kit comes from the wheel, and the test checks that it does.
``ELEUSIS_WHEEL_TEST=full`` installs the wheel with its ``notebook,print`` extras from the package index
instead (minutes, not seconds: a release check, not CI).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import site
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# What a source distribution is made of (setup.py maps lessons/, worksheets/ and docs/ into the package).
SDIST_INPUTS = [
    *("pyproject.toml", "setup.py", "README.md", "LICENSE"),
    *("eleusis_lab", "lessons", "worksheets", "docs"),
]
FULL = os.environ.get("ELEUSIS_WHEEL_TEST") == "full"


def _run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)  # type: ignore[call-overload]
    assert result.returncode == 0, f"{cmd} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
    return result


def _build_wheel(work: Path) -> Path:
    src = work / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for name in SDIST_INPUTS:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        elif path.exists():
            src.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, src / name)
    # No isolation: the dev environment has build and setuptools; nothing is fetched for the build.
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(work / "dist"), str(src)])
    (wheel,) = (work / "dist").glob("eleusis_lab-*.whl")
    return wheel


def _install(wheel: Path, venv: Path) -> Path:
    if FULL:
        _run([sys.executable, "-m", "venv", str(venv)])
        _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", f"{wheel}[notebook,print]"])
    else:
        _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
        pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
        _run([*pip, "install", "--quiet", "--no-deps", "--no-index", str(wheel)])
        # After the install (pip must not see the clone's editable eleusis-lab and try to replace it).
        (purelib,) = (venv / "lib").glob("python3*/site-packages")
        (purelib / "_dev_environment.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    return venv / "bin"


def _env(home: Path, bin_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "JUPYTER", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}")
    env.pop("ELEUSIS_LAB_LESSONS", None)
    env.pop("ELEUSIS_LAB_SAVES", None)
    for name, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
    ]:
        env[name] = str(home / ".jupyter-test" / sub)
    if not FULL:  # JupyterLab's and Voila's assets live under the environment that holds those packages
        env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
        env["JUPYTERLAB_DIR"] = str(Path(sys.prefix) / "share" / "jupyter" / "lab")
    return env


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""
    except OSError:
        return 0, b""


def _lab_serves(eleusis: str, lessons: Path, env: dict[str, str], cwd: Path) -> list[str]:
    """Start ``eleusis-lab lab --no-browser`` on ``lessons`` and return the notebooks its API lists."""
    port, token = _free_port(), "wheel-test"
    cmd = [
        eleusis,
        "lab",
        str(lessons),
        "--no-browser",
        f"--port={port}",
        "--jupyter=--ServerApp.ip=127.0.0.1",
        f"--jupyter=--IdentityProvider.token={token}",
    ]
    log = cwd / "lab.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert proc.poll() is None, f"JupyterLab stopped:\n{log.read_text()}"
            status, body = _get(f"http://127.0.0.1:{port}/api/contents/?token={token}")
            if status == 200:
                lab_status, page = _get(f"http://127.0.0.1:{port}/lab?token={token}")
                assert lab_status == 200 and b"JupyterLab" in page, f"/lab: {lab_status}\n{log.read_text()}"
                return sorted(item["name"] for item in json.loads(body)["content"])
            time.sleep(0.5)
        raise AssertionError(f"JupyterLab did not answer in 90 s:\n{log.read_text()}")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def test_the_installed_wheel_gives_a_teacher_everything(tmp_path: Path) -> None:
    started = time.monotonic()
    wheel = _build_wheel(tmp_path / "build")
    built_at = time.monotonic()
    names = set(zipfile.ZipFile(wheel).namelist())

    # -- what the wheel holds: every package of the tree, every lesson (notebook and text), every recipe
    tree_packages = {
        p.parent.relative_to(REPO).as_posix() for p in (REPO / "eleusis_lab").rglob("__init__.py")
    }
    wheel_packages = {n.rsplit("/", 1)[0] for n in names if n.endswith("/__init__.py")}
    assert tree_packages <= wheel_packages, (
        f"packages missing from the wheel: {tree_packages - wheel_packages}"
    )
    lessons = sorted(p.name for p in (REPO / "lessons").iterdir() if p.suffix in {".ipynb", ".md"})
    assert len([n for n in lessons if n.endswith(".ipynb")]) >= 11, "lessons 1-11"
    missing = [n for n in lessons if f"eleusis_lab/lessons/{n}" not in names]
    assert not missing, f"lessons missing from the wheel: {missing}"
    assert "eleusis_lab/docs/rules.md" in names, "the rules page every lesson links to"
    assert "eleusis_lab/lessons/unit.toml" in names, "the unit's order, for the teacher guide and the lint"
    recipes = sorted(p.name for p in (REPO / "worksheets").iterdir() if p.suffix in {".toml", ".md"})
    assert "README.md" in recipes and len(recipes) >= 8
    missing = [n for n in recipes if f"eleusis_lab/worksheets/recipes/{n}" not in names]
    assert not missing, f"recipes missing from the wheel: {missing}"
    shipped = [p.relative_to(REPO).as_posix() for p in (REPO / "eleusis_lab").rglob("*.ipynb")]
    missing = [n for n in shipped if n not in names]
    assert not missing, f"notebooks of the package missing from the wheel (the projector page?): {missing}"
    assert "eleusis_lab/widgets/projector.ipynb" in names, "the projector page"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), "the MIT licence the metadata names"
    (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    scripts = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "eleusis-lab = eleusis_lab.cli:main" in scripts
    assert "eleusis-lab-singleuser = eleusis_lab.singleuser:main" in scripts, "the school server's command"

    # -- installed in a fresh environment, run from an empty folder with an empty home
    bin_dir = _install(wheel, tmp_path / "venv")
    installed_at = time.monotonic()
    home, cwd = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    cwd.mkdir()
    env = _env(home, bin_dir)
    python, eleusis = str(bin_dir / "python"), str(bin_dir / "eleusis-lab")

    where = _run(
        [
            python,
            "-c",
            "import eleusis_lab.lesson_copy as k; print(k.__file__); print(k.kit_lessons());"
            "print(k.kit_recipes())",
        ],
        env=env,
        cwd=cwd,
    ).stdout.split()
    venv = str(tmp_path / "venv")
    assert all(p.startswith(venv) for p in where), f"the kit's files must come from the wheel: {where}"

    # eleusis-lab lessons: a fresh copy in ~/eleusis-lab/lessons; a second run copies nothing; an edit is kept
    out = _run([eleusis, "lessons"], env=env, cwd=cwd).stdout
    copy = home / "eleusis-lab" / "lessons"
    notebooks = sorted(p.name for p in copy.glob("*.ipynb"))
    projector = ["projector.ipynb"] if "eleusis_lab/widgets/projector.ipynb" in names else []
    assert notebooks == sorted([n for n in lessons if n.endswith(".ipynb")] + projector), out
    assert "copied:" in out and (copy / ".eleusis-lab-lessons.json").exists()
    edited = copy / notebooks[0]
    edited.write_text(edited.read_text(encoding="utf-8").replace("Eleusis", "ELEUSIS", 1), encoding="utf-8")
    mine = edited.read_bytes()
    out = _run([eleusis, "lessons"], env=env, cwd=cwd).stdout
    assert f"skipped {notebooks[0]}" in out and "copied:" not in out, out
    assert edited.read_bytes() == mine

    # eleusis-lab lab --no-browser: creates a new folder's copy on first use and serves it
    served = _lab_serves(eleusis, home / "class-7a", env, cwd)
    assert [n for n in served if n.endswith(".ipynb")] == notebooks, served

    # eleusis-lab worksheets: the starter pack from the package, and one worksheet built
    listed = _run([eleusis, "worksheets", "list"], env=env, cwd=cwd).stdout.split("\n")
    assert {line.split()[0] for line in listed if line} == {
        Path(r).stem for r in recipes if r.endswith(".toml")
    }
    built = _run(
        [eleusis, "worksheets", "build", "express-easy", "-o", str(cwd / "sheets")], env=env, cwd=cwd
    )
    pdfs = sorted((cwd / "sheets").rglob("*.pdf"))
    assert pdfs and all(p.read_bytes()[:5] == b"%PDF-" for p in pdfs), built.stdout

    # eleusis-lab class (the projector page)
    commands = _run([eleusis, "--help"], env=env, cwd=cwd).stdout
    assert " class " in commands or "\n    class" in commands, commands
    assert "usage: eleusis-lab class" in _run([eleusis, "class", "--help"], env=env, cwd=cwd).stdout

    # the admin's step on a school server: the hypothesis spaces' tables, built once for every kernel
    assert (bin_dir / "eleusis-lab-singleuser").exists()
    store = tmp_path / "store"
    out = _run([eleusis, "prepare", str(store)], env=env, cwd=cwd).stdout
    entries = sorted(p.name.rsplit("-", 1)[0] for p in store.iterdir())
    assert entries == ["atoms-letters", "atoms-standard", "space-letters", "space-standard"], out
    now = time.monotonic()
    print(
        f"\nwheel {wheel.stat().st_size / 1024:.0f} KB, {len(names)} files; "
        f"built in {built_at - started:.1f} s, "
        f"installed in {installed_at - built_at:.1f} s ({'full' if FULL else 'quick'}), "
        f"commands run in {now - installed_at:.1f} s"
    )
