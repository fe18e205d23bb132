"""Run JupyterLab or Voilà on a copy of the lessons and drive a board in headless Chromium.

Shared by the real-browser tests and ``benchmarks/bench_browser.py``. Servers run with every Jupyter
directory in a temporary folder (no shared state between runs, no token), on a free port, and serve a
*copy* of ``lessons/`` so that running a lesson in the browser never writes outputs into the repository.
Playwright drives Debian's Chromium (``executable_path``); ``playwright install`` is never needed.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eleusis_lab.widgets.settle import SETTLE_SECONDS

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
FIRST_LESSON = "01_meet_eleusis.ipynb"
CHROMIUM = Path(os.environ.get("ELEUSIS_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# The projector: boards are judged at the size a classroom beamer shows.
PROJECTOR = {"width": 1280, "height": 800}

# CSS classes the boards put on their parts (eleusis_lab.widgets).
HAND_CARD = ".eleusis-hand-card"
VERDICT = ".eleusis-verdict"
TABLE = ".eleusis-table"
PREDICTION = ".eleusis-prediction"


def artifacts_dir() -> Path:
    """Where screenshots and server logs go (``out/browser`` unless ``ELEUSIS_ARTIFACTS`` says otherwise)."""
    path = Path(os.environ.get("ELEUSIS_ARTIFACTS", REPO / "out" / "browser"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _write_settings(settings_dir: Path) -> None:
    """User settings for a quiet, test-friendly JupyterLab: no news, every cell kept in the page."""
    settings = {
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        # JupyterLab 4 leaves off-screen cells out of the page by default; the test wants them all.
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    }
    for plugin, values in settings.items():
        path = settings_dir / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment that keeps every Jupyter directory inside ``home``."""
    env = dict(os.environ)
    for var, sub in {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTERLAB_SETTINGS_DIR": "settings",
        "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
        "IPYTHONDIR": "ipython",
    }.items():
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    _write_settings(home / "settings")
    env["ELEUSIS_LAB_SAVES"] = str(home / "saves")  # boards that autosave write here, not in ~
    env["PYTHONUNBUFFERED"] = "1"
    # The kernel must import the kit from this checkout even when pytest runs from elsewhere.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    return env


def copy_lessons(dest: Path, source: Path = LESSONS) -> Path:
    """A throw-away copy of the lessons folder, so browser runs never write into the repository."""
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*.eleusis.json"))
    return dest


def _wait_http(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}; log:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except urllib.error.HTTPError as error:
            if error.code < 500:  # the server answers (Voilà forbids /api): it is up
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server at {url} not ready after {timeout:.0f} s; log:\n{log.read_text()[-3000:]}")


@dataclass
class Server:
    """A running JupyterLab or Voilà: its base URL, process and log file."""

    url: str
    proc: subprocess.Popen[bytes]
    log: Path


@contextlib.contextmanager
def _serve(cmd: list[str], home: Path, ready_path: str, name: str) -> Iterator[Server]:
    port = free_port()
    cmd = [*cmd, f"--port={port}"]
    log = artifacts_dir() / f"{name}-server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, env=jupyter_env(home), stdout=out, stderr=subprocess.STDOUT, cwd=home)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_http(url + ready_path, proc, log)
        yield Server(url, proc, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def jupyter_lab(root: Path, home: Path) -> contextlib.AbstractContextManager[Server]:
    """JupyterLab serving ``root``; the page exposes ``window.jupyterapp`` for driving it."""
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=False",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--LabServerApp.open_browser=False",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return _serve(cmd, home, "/api", "lab")


def voila(notebook: Path, home: Path) -> contextlib.AbstractContextManager[Server]:
    """Voilà serving one notebook at ``/`` (it runs the notebook anew for each page load)."""
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    return _serve(cmd, home, "/api", "voila")


def expect(target: Any) -> Any:
    """Playwright's retrying assertions (``expect(locator).to_contain_text(...)``), imported only when a
    browser test runs: each widget's value reaches the page in its own message, so a text beside the one
    a test waited on may still be on its way."""
    from playwright.sync_api import expect as retrying

    retrying.set_options(timeout=15_000)  # Playwright's 5 s is short for a kernel on a busy machine
    return retrying(target)


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium under Playwright, headless, with nothing reaching for the network."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)


# ---------------------------------------------------------------------------------------------- JupyterLab

_CURRENT = "window.jupyterapp && window.jupyterapp.shell.currentWidget"

_KERNEL_IDLE = f"""() => {{
  const w = {_CURRENT};
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}}"""

# Progress of "Run all" read from the notebook's model (independent of what is drawn on screen).
_RUN_STATE = f"""() => {{
  const w = {_CURRENT};
  if (!w || !w.content || !w.content.model) return null;
  const cells = Array.from(w.content.model.cells).filter(c => c.type === 'code');
  const errors = [];
  for (const c of cells) {{
    for (let i = 0; i < c.outputs.length; i++) {{
      const o = c.outputs.get(i).toJSON();
      if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
    }}
  }}
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return {{
    total: cells.length,
    first: cells.length ? cells[0].executionCount : null,
    done: cells.filter(c => c.executionCount !== null).length,
    busy: !k || k.status !== 'idle',
    errors,
  }};
}}"""


def lab_open(page: Any, server: Server, notebook: str, timeout: float = 60.0) -> None:
    """Open ``notebook`` in JupyterLab (a fresh workspace) and wait for its kernel to be idle."""
    page.goto(f"{server.url}/lab/tree/{notebook}?reset", wait_until="domcontentloaded")
    page.wait_for_function(_KERNEL_IDLE, timeout=timeout * 1000)


def lab_run_all(page: Any, timeout: float = 120.0) -> dict[str, Any]:
    """Run all cells; retry while the kernel silently drops the command; wait until every cell ran.

    Raises ``AssertionError`` naming the first error if a cell fails.
    """
    deadline = time.monotonic() + timeout
    while True:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        started = time.monotonic()
        state = page.evaluate(_RUN_STATE)
        while state["first"] is None and time.monotonic() - started < 8:
            page.wait_for_timeout(200)
            state = page.evaluate(_RUN_STATE)
        if state["first"] is not None:
            break
        if time.monotonic() > deadline:
            raise TimeoutError("JupyterLab never started running the notebook")
    while True:
        state = page.evaluate(_RUN_STATE)
        if state["errors"]:
            raise AssertionError(f"a cell failed in JupyterLab: {state['errors'][0]}")
        if state["done"] == state["total"] and not state["busy"]:
            return dict(state)
        if time.monotonic() > deadline:
            raise TimeoutError(f"notebook still running after {timeout:.0f} s: {state}")
        page.wait_for_timeout(250)


# -------------------------------------------------------------------------------------------- the board

# From a hand card, the nearest element that also holds the verdict and the table: that card's board.
_BOARD_OF = f"""(card) => {{
  let el = card.parentElement;
  while (el && !(el.querySelector('{VERDICT}') && el.querySelector('{TABLE}'))) el = el.parentElement;
  return el;
}}"""

_BOARD_STATE = f"""(board) => ({{
  verdict: board.querySelector('{VERDICT}').innerText.trim(),
  table: board.querySelector('{TABLE}').innerHTML,
  hand: Array.from(board.querySelectorAll('{HAND_CARD}')).filter(b => !b.disabled).length,
}})"""

# Click the first enabled hand card from inside the page and time the first change of the verdict and
# of the table (MutationObserver), so the numbers do not include Playwright's own round trips.
_TIMED_CLICK = f"""async (board) => {{
  const verdict = board.querySelector('{VERDICT}');
  const table = board.querySelector('{TABLE}');
  const card = Array.from(board.querySelectorAll('{HAND_CARD}')).find(b => !b.disabled);
  if (!card) return null;
  const label = card.innerText.trim();
  // A solo board wants a prediction before each play: choose "accepted" and let it reach the kernel.
  const predict = board.querySelector('{PREDICTION} button');
  if (predict) {{
    predict.click();
    await new Promise(r => setTimeout(r, 300));
  }}
  return await new Promise(resolve => {{
    const times = {{verdict: null, table: null, card: label}};
    const t0 = performance.now();
    const watch = (el, key) => {{
      const obs = new MutationObserver(() => {{
        if (times[key] === null) times[key] = performance.now() - t0;
        obs.disconnect();
        if (times.verdict !== null && times.table !== null) resolve(times);
      }});
      obs.observe(el, {{subtree: true, childList: true, characterData: true}});
      return obs;
    }};
    const observers = [watch(verdict, 'verdict'), watch(table, 'table')];
    card.click();
    setTimeout(() => {{ observers.forEach(o => o.disconnect()); resolve(times); }}, 5000);
  }});
}}"""


def first_board(page: Any, timeout: float = 60.0) -> Any:
    """Element handle of the first board on the page that shows a hand of clickable cards.

    Retries while the board redraws its hand (a card found a moment ago may already be replaced).
    """
    deadline = time.monotonic() + timeout
    page.wait_for_selector(HAND_CARD, state="attached", timeout=timeout * 1000)
    while True:
        card = page.query_selector(HAND_CARD)
        board = page.evaluate_handle(_BOARD_OF, card).as_element() if card is not None else None
        if board is not None:
            return board
        if time.monotonic() > deadline:
            raise AssertionError(f"no element holds a hand card, {VERDICT} and {TABLE} together")
        page.wait_for_timeout(100)


def board_state(board: Any) -> dict[str, Any]:
    return dict(board.evaluate(_BOARD_STATE))


def timed_click(board: Any) -> dict[str, Any] | None:
    """Click the first enabled hand card, once the hand has settled; milliseconds until the verdict and
    the table changed (the wait before the click is not counted)."""
    hand_settled(board)
    result = board.evaluate(_TIMED_CLICK)
    return None if result is None else dict(result)


# ------------------------------------------------------------------------------------- the class board

# Quiet for 300 ms: the kernel's answer to a click (several widget updates) has all arrived.
SETTLE = """(board) => new Promise(resolve => {
  let timer = setTimeout(done, 300);
  const obs = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 300); });
  function done() { obs.disconnect(); resolve(true); }
  obs.observe(board, {subtree: true, childList: true, characterData: true, attributes: true});
})"""

# The hand on show is the hand of the player whose turn the status line names (the board has redrawn):
# a click on the last player's hand is a stale click, which the class board rightly ignores.
HAND_IS_CURRENT = """(b) => {
  const m = b.querySelector('.eleusis-status').innerText.match(/(\\w+)'s turn/);
  const hand = b.querySelector('.eleusis-hand-view');
  return !!m && !!hand && hand.innerText.includes(m[1] + "'s hand");
}"""


# A board ignores a click on a hand for SETTLE_SECONDS after the hand on show changed (issue 29: a
# double-click must not play for the next student).  A test clicks like a class: once the hand has been
# still that long, plus a margin for the redraw reaching the browser after the kernel's clock started.
HAND_SETTLE_MS = round(SETTLE_SECONDS * 1000) + 150

# Resolves once the hand has been still for ``ms``: a watcher left on the hand remembers its last change,
# so a wait right after another (SETTLE) only waits what is left of the settle time.
_HAND_STILL = """(board, ms) => new Promise(resolve => {
  const hand = board.querySelector('.eleusis-hand-view') || board;
  if (!hand.__eleusisWatched) {
    hand.__eleusisWatched = true;
    hand.__eleusisChanged = performance.now();
    new MutationObserver(() => { hand.__eleusisChanged = performance.now(); })
      .observe(hand, {subtree: true, childList: true, characterData: true, attributes: true});
  }
  const check = () => {
    const left = ms - (performance.now() - hand.__eleusisChanged);
    if (left <= 0) resolve(true); else setTimeout(check, left);
  };
  check();
})"""


def hand_settled(board: Any) -> None:
    """Wait until the board's hand has not changed for the settle time (a click now is taken)."""
    board.evaluate(_HAND_STILL, HAND_SETTLE_MS)


def class_deal(
    page: Any, board: Any, game: str, rule: str, seed: str, players: list[str] | None = None
) -> None:
    """On the class board's set-up form: the game, the players (if given), the hidden rule typed, the
    seed; click Deal and wait for the first hand."""
    board.query_selector(".eleusis-variant select").select_option(label=game)
    if players is not None:
        board.query_selector(".eleusis-players input").fill(", ".join(players))
    secret = board.query_selector(".eleusis-rule-input input")
    assert secret.get_attribute("type") == "password", "the secret rule must be hidden as it is typed"
    secret.fill(rule)
    board.query_selector(".eleusis-seed-input input").fill(seed)
    page.wait_for_timeout(300)  # the typed values reach the kernel before the click
    board.query_selector(".eleusis-deal").click()
    class_dealt(page, board)


def class_guess(page: Any, board: Any, rule: str, verdict_says: str) -> None:
    """Type a student's rule into the class board's guess box, judge it, and wait for the verdict to
    say ``verdict_says``."""
    board.query_selector(".eleusis-guess-input input").fill(rule)
    page.wait_for_timeout(300)  # the typed rule reaches the kernel before the click
    board.query_selector(".eleusis-guess").click()
    page.wait_for_function(
        "([b, said]) => b.querySelector('.eleusis-verdict').innerText.includes(said)",
        arg=[board, verdict_says],
        timeout=30_000,
    )


def class_dealt(page: Any, board: Any) -> None:
    """Wait for the class board's deal: the first hand shown and "Dealt" in the verdict."""
    page.wait_for_function(
        "(b) => b.querySelectorAll('.eleusis-hand-card').length > 0 &&"
        " b.querySelector('.eleusis-verdict').innerText.includes('Dealt')",
        arg=board,
        timeout=30_000,
    )
    board.evaluate(SETTLE)
    hand_settled(board)


# ------------------------------------------------------------------- the projector page (eleusis-lab class)


@contextlib.contextmanager
def class_board_server(home: Path) -> Iterator[str]:
    """``eleusis-lab class --no-browser --port P`` running with every Jupyter directory in ``home``;
    yields the address it printed (with its token)."""
    port = free_port()
    script = Path(sys.executable).with_name("eleusis-lab")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "eleusis_lab.cli"]
    log = artifacts_dir() / "projector-server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [*command, "class", "--no-browser", f"--port={port}"],
            env=jupyter_env(home),
            cwd=home,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: Voilà, its child, is stopped with it
        )
    try:
        _wait_http(f"http://127.0.0.1:{port}/api", proc, log, timeout=90)
        printed = log.read_text()
        found = re.search(r"The class board: (http://127\.0\.0\.1:\d+/\?token=\w+)", printed)
        assert found, f"the command did not print the board's address:\n{printed[-2000:]}"
        yield found.group(1)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


ENABLED_CARD = f"{HAND_CARD}:not([disabled])"

# What changes after every judged click: the verdict, the table and the status line.
SIGNATURE = f"""(board) => [
  board.querySelector('{VERDICT}').innerHTML,
  board.querySelector('{TABLE}').innerHTML,
  board.querySelector('.eleusis-status').innerText,
].join('|')"""

# Arm a timer inside the page: t0 at the mouse's pointerdown on a hand card, t1 at the verdict's first
# change.  The caller then clicks with the real mouse and reads window.__eleusisClick.
_ARM = f"""(board) => {{
  const verdict = board.querySelector('{VERDICT}');
  const state = window.__eleusisClick = {{t0: null, ms: null}};
  const down = (e) => {{
    if (state.t0 === null && e.target.closest('{HAND_CARD}')) state.t0 = performance.now();
  }};
  document.addEventListener('pointerdown', down, {{capture: true}});
  const obs = new MutationObserver(() => {{
    if (state.t0 !== null && state.ms === null) {{
      state.ms = performance.now() - state.t0;
      obs.disconnect();
      document.removeEventListener('pointerdown', down, {{capture: true}});
    }}
  }});
  obs.observe(verdict, {{subtree: true, childList: true, characterData: true}});
}}"""

# The first playable card's picture: scrolled into its row's view, its centre, the card's label, and what
# the mouse would hit there (it must be that card's button: the whole picture is the button).
_PICTURE = f"""([b, pick]) => {{
  const buttons = Array.from(b.querySelectorAll('{ENABLED_CARD}'));
  const button = buttons.length ? buttons[pick % buttons.length] : null;
  const slot = button && button.closest('.eleusis-hand-slot');
  const picture = slot && slot.querySelector('svg');
  if (!picture) return null;
  picture.scrollIntoView({{block: 'nearest', inline: 'nearest'}});
  const r = picture.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const hitButton = hit && hit.closest('{HAND_CARD}');
  return {{x, y, label: button.innerText.trim(),
           hit: hitButton ? hitButton.innerText.trim() : (hit ? hit.tagName + '.' + hit.className : '')}};
}}"""


def picture_centre(page: Any, board: Any, pick: int) -> tuple[float, float, str]:
    """The centre of a playable card's picture (the ``pick``-th, round the hand), and the card's label,
    once the hand on show is the current player's and has settled."""
    page.wait_for_function(HAND_IS_CURRENT, arg=board, timeout=30_000)
    board.evaluate(SETTLE)
    hand_settled(board)
    found = page.evaluate(_PICTURE, [board, pick])
    assert found is not None, "no playable card picture in the hand"
    assert found["hit"] == found["label"], f"the picture of {found['label']} is not its button: {found}"
    return found["x"], found["y"], found["label"]


def click_picture(page: Any, board: Any, pick: int = 0, *, double: bool = False) -> tuple[str, float | None]:
    """Click (or double-click) a card's picture with the mouse; the card's label and the milliseconds
    from the mouse's pointerdown to the verdict's first change, measured inside the page."""
    before = board.evaluate(SIGNATURE)
    x, y, label = picture_centre(page, board, pick)
    board.evaluate(_ARM)
    if double:
        page.mouse.dblclick(x, y)
    else:
        page.mouse.click(x, y)
    page.wait_for_function(f"([b, s]) => ({SIGNATURE})(b) !== s", arg=[board, before], timeout=30_000)
    board.evaluate(SETTLE)
    ms = page.evaluate("() => window.__eleusisClick.ms")
    return label, None if ms is None else float(ms)
