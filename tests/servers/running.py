"""Starting the kit's server commands in tests, and finding every process they leave behind."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

from tests.browser.harness import jupyter_env


def isolated_env(home: Path) -> dict[str, str]:
    """This checkout's kit on the path, every Jupyter folder and the home inside ``home``."""
    env = jupyter_env(home)
    env["HOME"] = str(home)
    return env


@dataclass
class Launched:
    """A command started in its own process group, its log, and the address it printed (if any)."""

    proc: subprocess.Popen[bytes]
    log: Path
    url: str = ""

    def text(self) -> str:
        return self.log.read_text(errors="replace")


def eleusis_lab(*args: str) -> list[str]:
    return [sys.executable, "-m", "eleusis_lab.cli", *args]


def launch(command: list[str], home: Path, name: str) -> Launched:
    home.mkdir(parents=True, exist_ok=True)
    log = home / f"{name}.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            command,
            env=isolated_env(home),
            cwd=home,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so a test can find all it started
        )
    return Launched(proc, log)


def wait_for_line(launched: Launched, pattern: str, timeout: float = 90.0) -> re.Match[str]:
    """Wait until the log has a match of ``pattern``; fails if the command exits first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(pattern, launched.text())
        if found:
            return found
        if launched.proc.poll() is not None:
            raise AssertionError(f"exited with {launched.proc.returncode}:\n{launched.text()[-3000:]}")
        time.sleep(0.2)
    raise AssertionError(f"no {pattern!r} after {timeout:.0f} s:\n{launched.text()[-3000:]}")


def descendants(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def alive(processes: list[psutil.Process]) -> list[psutil.Process]:
    """Those still running (a zombie waiting for its parent counts as gone)."""
    living = []
    for p in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                living.append(p)
    return living


def wait_gone(processes: list[psutil.Process], timeout: float) -> list[psutil.Process]:
    deadline = time.monotonic() + timeout
    while alive(processes) and time.monotonic() < deadline:
        time.sleep(0.2)
    return alive(processes)


def stop(launched: Launched) -> None:
    """Whatever a test leaves running is ended with its whole process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(launched.proc.pid, signal.SIGTERM)
    try:
        launched.proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(launched.proc.pid, signal.SIGKILL)
        launched.proc.wait(timeout=5)
    with contextlib.suppress(ProcessLookupError):  # kernels of a killed server, if any
        os.killpg(launched.proc.pid, signal.SIGKILL)


@contextlib.contextmanager
def running(command: list[str], home: Path, name: str) -> Iterator[Launched]:
    launched = launch(command, home, name)
    try:
        yield launched
    finally:
        stop(launched)
