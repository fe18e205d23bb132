"""The kit with no install: a JupyterLite site of the lessons, and the engine's tests under Pyodide.

    python scripts/lite.py site     # make lite: the site in out/lite/site (lessons, projector page, wheels)
    python scripts/lite.py check    # make lite-check: the site built and checked, then the engine's core
                                    # tests run under Pyodide in Node, offline

Run it with the Python of an environment holding the ``lite`` extra and no other lab extension (``make
lite`` makes out/lite/venv): ``jupyter lite build`` copies every lab extension it finds there.

``site`` builds the kit's wheel from a copy of the sources (no ``build/`` or ``*.egg-info`` left in the
clone), fetches the pure-Python wheels Pyodide's own distribution lacks (lark, ipywidgets and its
pieces) at the versions of ``constraints.txt``, and runs ``jupyter lite build`` with the lessons and the
projector page as contents and those wheels in the site's piplite index.  A lesson's setup cell
(``%pip install -q eleusis-lab`` where the kit is missing) then installs the kit from the site itself; the
kit's metadata adds ipywidgets and matplotlib in Pyodide (``sys_platform == 'emscripten'``).  The build
needs no network but the package index for those wheels (pip's cache serves them after the first time);
the site, once in a browser, loads Pyodide and its numpy and matplotlib from Pyodide's CDN.

``check`` also installs npm's ``pyodide`` package (the release the site's kernel loads) into
out/lite/node, and runs ``tests/pyodide/run_core_tests.mjs``: the kit's wheel, lark, pytest and micropip
installed from local wheel files, then the cards, scoring, rule language, rule checks, judge and rounds of
every variant tested by the repository's own test files.  Exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import email.parser
import json
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "out" / "lite"
SITE = OUT / "site"

# The Pyodide release jupyterlite-pyodide-kernel 0.8.6 (the `lite` extra's pin) loads in the browser, and
# its Python: the Node tests run the same one, and the wheels are chosen for it.
PYODIDE_NPM = "pyodide@314.0.6"
PYODIDE_PYTHON = "3.14"

# Wheels a lesson needs in the browser that Pyodide's distribution does not carry (numpy, matplotlib,
# traitlets and IPython it does): the site's piplite index serves them beside the kit's own.
SITE_WHEELS = ["lark", "ipywidgets", "widgetsnbextension", "jupyterlab-widgets", "comm"]

# The site's lab extensions: the Pyodide kernel, the boards' widgets and the syntax colours jupyter-server
# brings along (no server needed). The build copies every extension of its environment, so make lite builds
# in an environment of its own (out/lite/venv) with only these, none needing a server (Voila's, jupytext's).
SITE_EXTENSIONS = {
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "jupyterlab_pygments",
}

# What the tests need under Pyodide besides the kit and lark: pytest and its dependencies, hypothesis for
# the property tests of cards and scoring.  micropip comes from the Pyodide release's own lock file.
TEST_WHEELS = ["pytest", "pluggy", "iniconfig", "packaging", "pygments", "hypothesis", "sortedcontainers"]
# hypothesis publishes only compiled wheels after 6.155.7; the tests use nothing newer.
PURE_PYTHON_PINS = {"hypothesis": "6.155.7"}

# The engine's core, by the repository's own tests (paths under tests/): no widgets, no plots, no files
# beyond the wheel.
CORE_TESTS = [
    "test_cards.py",
    "test_scoring.py",
    "rules/test_language.py",
    "rules/test_language_eval.py",
    "rules/test_language_errors.py",
    "rules/test_checks.py",
    "rules/test_judge.py",
    "rules/test_library.py",
    "rules/test_seal.py",
    "play/_play_helpers.py",
    "play/test_express.py",
    "play/test_gardner.py",
    "play/test_new_eleusis.py",
    "play/test_letters.py",
    "play/test_round.py",
    "play/test_save.py",
]
# Tests that cannot pass under Pyodide for a reason outside the kit, each with that reason.
PYODIDE_DESELECT = {
    # Freeing a 5000-deep hand-built tree recurses in CPython's C deallocator; in WebAssembly that is the
    # JavaScript engine's stack, which overflows (a Pyodide fatal error). Rule text is refused at 60 levels
    # before any such tree exists, which the parser-level depth test checks here.
    "rules/test_language_errors.py::test_deep_hand_built_tree_is_refused_without_recursion_error": "C stack",
}

# What a source distribution is made of (setup.py copies lessons/ and worksheets/ into the wheel).
SDIST_INPUTS = ["pyproject.toml", "setup.py", "README.md", "LICENSE", "eleusis_lab", "lessons", "worksheets"]


def _run(cmd: list[str], **kw: object) -> None:
    """Run a step quietly; on failure show its output and stop."""
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(
            f"lite: {' '.join(map(str, cmd[:4]))} ... failed with exit status {result.returncode}"
        )


def _fresh(folder: Path) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def _pins() -> dict[str, str]:
    """constraints.txt as {normalized name: version}."""
    pins = {}
    for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==", 1)
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    return pins


def kit_wheel(dest: Path) -> Path:
    """The kit's wheel, built from a copy of the sources into ``dest``."""
    src = _fresh(OUT / "src")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for name in SDIST_INPUTS:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    _run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dest), str(src)],
    )
    shutil.rmtree(src)
    (wheel,) = dest.glob("eleusis_lab-*.whl")
    return wheel


def download(names: list[str], dest: Path, pins: dict[str, str]) -> list[Path]:
    """Pure-Python wheels of ``names`` for Pyodide's Python, at the pinned versions, into ``dest``."""
    wanted = [f"{n}=={pins[n]}" for n in names]
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary",
            ":all:",
            "--python-version",
            PYODIDE_PYTHON,
            "--platform",
            "any",
            "--dest",
            str(dest),
            *wanted,
        ]
    )
    return sorted(dest.glob("*.whl"))


def build_site() -> float:
    """Build the site into out/lite/site; returns the seconds it took."""
    started = time.monotonic()
    wheels = _fresh(OUT / "wheels")
    kit_wheel(wheels)
    download(SITE_WHEELS, wheels, _pins())
    contents = _fresh(OUT / "contents")
    for notebook in [
        *sorted((REPO / "lessons").glob("[0-9][0-9]_*.ipynb")),
        REPO / "eleusis_lab" / "widgets" / "projector.ipynb",
    ]:
        shutil.copy2(notebook, contents / notebook.name)
    shutil.rmtree(SITE, ignore_errors=True)
    lite_dir = _fresh(OUT / "lite-dir")
    cmd = [
        str(Path(sys.executable).with_name("jupyter")),
        "lite",
        "build",
        "--lite-dir",
        str(lite_dir),
        "--contents",
        str(contents),
        "--output-dir",
        str(SITE),
        "--no-sourcemaps",
    ]
    for wheel in sorted(wheels.glob("*.whl")):
        cmd += ["--piplite-wheels", str(wheel)]
    _run(cmd, cwd=lite_dir)
    return time.monotonic() - started


def check_site() -> list[str]:
    """What the site must hold for the lessons to run from it; the problems found, if any."""
    problems = []
    lessons = sorted(p.name for p in (REPO / "lessons").glob("[0-9][0-9]_*.ipynb"))
    for name in [*lessons, "projector.ipynb"]:
        if not (SITE / "files" / name).is_file():
            problems.append(f"the site lacks {name}")
    index = SITE / "pypi" / "all.json"
    listed = json.loads(index.read_text(encoding="utf-8")) if index.is_file() else {}
    for name in ["eleusis-lab", *SITE_WHEELS]:
        releases = listed.get(name, {}).get("releases", {})
        files = [f["filename"] for files in releases.values() for f in files]
        if not any((SITE / "pypi" / f).is_file() for f in files):
            problems.append(f"the site's piplite index (pypi/all.json) lacks a wheel of {name}")
    config = json.loads((SITE / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    settings = config.get("litePluginSettings", {}).get("@jupyterlite/pyodide-kernel-extension:kernel", {})
    if not any(url.split("?")[0] == "./pypi/all.json" for url in settings.get("pipliteUrls", [])):
        problems.append(
            "the kernel is not told of the site's piplite index (pipliteUrls lacks ./pypi/all.json)"
        )
    extensions = {extension["name"] for extension in config.get("federated_extensions", [])}
    if extensions != SITE_EXTENSIONS:
        problems.append(f"the site's lab extensions are {sorted(extensions)}, not {sorted(SITE_EXTENSIONS)}")
    for name in sorted(SITE_EXTENSIONS):
        if not (SITE / "extensions" / name).is_dir():
            problems.append(f"the site lacks the files of the lab extension {name}")
    return problems


def _wheel_requirements(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        message = email.parser.BytesParser().parsebytes(archive.read(metadata))
    return message.get_all("Requires-Dist") or []


def unresolved_in_the_browser(lock: dict) -> list[str]:
    """What ``%pip install eleusis-lab`` in the site would need and find in neither the site's wheels nor
    Pyodide's distribution (its lock file), following requirements as Pyodide evaluates their markers."""
    environment = {
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "python_version": PYODIDE_PYTHON,
        "python_full_version": lock["info"]["python"],
        "extra": "",
    }
    site = {canonicalize_name(w.name.split("-")[0]): w for w in (SITE / "pypi").glob("*.whl")}
    in_pyodide = {canonicalize_name(name): info for name, info in lock["packages"].items()}
    missing, seen, todo = [], set(), ["eleusis-lab"]
    while todo:
        name = canonicalize_name(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        if name in site:
            for line in _wheel_requirements(site[name]):
                requirement = Requirement(line)
                if requirement.marker is None or requirement.marker.evaluate(environment):
                    todo.append(requirement.name)
        elif name in in_pyodide:
            todo.extend(in_pyodide[name]["depends"])
        else:
            missing.append(name)
    return sorted(missing)


def run_pyodide_tests() -> int:
    """npm's pyodide in Node, the kit's wheel and the test wheels installed offline, the core tests run."""
    node = OUT / "node"
    pyodide = node / "node_modules" / "pyodide"
    if (
        not (pyodide / "package.json").is_file()
        or json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]
        != PYODIDE_NPM.split("@")[1]
    ):
        node.mkdir(parents=True, exist_ok=True)
        _run(["npm", "install", "--prefix", str(node), "--no-audit", "--no-fund", "--silent", PYODIDE_NPM])
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    if not lock["info"]["python"].startswith(PYODIDE_PYTHON + "."):
        raise SystemExit(f"lite: {PYODIDE_NPM} runs Python {lock['info']['python']}, not {PYODIDE_PYTHON}")
    missing = unresolved_in_the_browser(lock)
    if missing:
        print(
            f"lite: %pip install eleusis-lab in the site would not find {', '.join(missing)}", file=sys.stderr
        )
        return 1
    print("lite: every requirement of %pip install eleusis-lab is in the site or Pyodide's distribution")
    wheels = _fresh(OUT / "test-wheels")
    for built in (OUT / "wheels").glob("*.whl"):
        if built.name.startswith(("eleusis_lab-", "lark-")):
            shutil.copy2(built, wheels / built.name)
    pins = {**_pins(), **PURE_PYTHON_PINS, "micropip": lock["packages"]["micropip"]["version"]}
    download([*TEST_WHEELS, "micropip"], wheels, pins)
    tests = [*CORE_TESTS, *(f"--deselect={node_id}" for node_id in PYODIDE_DESELECT)]
    return subprocess.call(
        [
            "node",
            str(REPO / "tests" / "pyodide" / "run_core_tests.mjs"),
            str(pyodide),
            str(wheels),
            str(REPO / "tests"),
            *tests,
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/lite.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["site", "check"])
    args = parser.parse_args(argv)
    seconds = build_site()
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    print(f"lite: site built in {seconds:.1f} s, {size / 1e6:.0f} MB, in {SITE.relative_to(REPO)}")
    if args.what == "site":
        return 0
    problems = check_site()
    for problem in problems:
        print(f"lite: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"lite: the site holds every lesson, the projector page and {len(SITE_WHEELS) + 1} wheels")
    return run_pyodide_tests()


if __name__ == "__main__":
    sys.exit(main())
