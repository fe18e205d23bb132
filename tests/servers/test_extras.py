"""Commands that need an extra say which one, in one line, before they do anything (issue 33, item 13)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

from eleusis_lab import cli, singleuser


def _without(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """``module`` looks uninstalled to the commands' check (as in an install without the extra)."""
    real = importlib.util.find_spec
    monkeypatch.setattr(
        cli.importlib.util, "find_spec", lambda name, *a: None if name == module else real(name, *a)
    )


@pytest.mark.parametrize(
    ("command", "module", "extra"), [("lab", "jupyterlab", "notebook"), ("class", "voila", "notebook")]
)
def test_class_and_lab_name_the_notebook_extra_before_any_side_effect(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    module: str,
    extra: str,
) -> None:
    _without(monkeypatch, module)
    monkeypatch.setattr(cli, "run_server", lambda cmd: pytest.fail("nothing is started"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("ELEUSIS_LAB_LESSONS", raising=False)
    args = [command, str(tmp_path / "lessons")] if command == "lab" else [command, "--no-browser"]
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1, err
    assert f"eleusis-lab {command}: error: eleusis-lab {command} needs {module}" in err
    assert f"kit's {extra} extra" in err and f"[{extra}]" in err
    assert list(tmp_path.iterdir()) == [], "no lessons copied, nothing written"


def test_singleuser_names_the_hub_extra_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without(monkeypatch, "jupyterhub")
    monkeypatch.delitem(sys.modules, "rfc3987_syntax", raising=False)
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    assert singleuser.main() == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "needs jupyterhub" in err and "kit's hub extra" in err, err
    assert "rfc3987_syntax" not in sys.modules and "MALLOC_MMAP_THRESHOLD_" not in os.environ


def test_singleuser_keeps_kernel_socket_paths_short_for_long_usernames(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from eleusis_lab.kernel_sockets import MAX_SOCKET_PATH, SOCKET_NAME_LENGTH, fits

    # TLJH's homes: /home/jupyter-<name>. A 20-character name makes the default runtime dir too deep.
    home = "/home/jupyter-" + "abcdefghijklmnopqrst"
    monkeypatch.setenv("HOME", home)
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "XDG_DATA_HOME", "JUPYTER_PLATFORM_DIRS"):
        monkeypatch.delenv(var, raising=False)
    made: list[str] = []
    monkeypatch.setattr(singleuser.os, "makedirs", lambda path, mode, exist_ok: made.append(path))
    default = home + "/.local/share/jupyter/runtime"
    assert len(default) + SOCKET_NAME_LENGTH > MAX_SOCKET_PATH and not fits(default)
    singleuser.keep_socket_paths_short()
    assert os.environ["JUPYTER_RUNTIME_DIR"] == home + "/.jupyter-run" == made[0]
    assert fits(os.environ["JUPYTER_RUNTIME_DIR"])
    # A short home keeps Jupyter's default; a runtime dir set by the hub is kept; an impossible one is named.
    monkeypatch.delenv("JUPYTER_RUNTIME_DIR")
    monkeypatch.setenv("HOME", "/home/jupyter-ana")
    singleuser.keep_socket_paths_short()
    assert "JUPYTER_RUNTIME_DIR" not in os.environ
    monkeypatch.setenv("HOME", "/home/" + "x" * 60)
    with pytest.raises(ValueError, match="set JUPYTER_RUNTIME_DIR to a shorter folder"):
        singleuser.keep_socket_paths_short()
