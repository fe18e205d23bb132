"""A module that needs an extra says which one, in one line, when the extra is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("missing", ["ipywidgets", "matplotlib"])
def test_the_boards_without_their_extra_name_it(missing: str) -> None:
    # A None entry in sys.modules makes `import name` fail as if the package were not installed.
    code = f"import sys; sys.modules[{missing!r}] = None; import eleusis_lab.widgets"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last == (
        f"ModuleNotFoundError: the notebook boards need {missing}: pip install 'eleusis-lab[widgets]' "
        "(or [notebook] for JupyterLab and Voila too)"
    )
    assert "During handling" not in result.stderr  # the hint replaces the raw error, it is not chained to it


def test_the_engine_needs_no_extra() -> None:
    code = (
        "import sys\n"
        "for name in ('ipywidgets', 'matplotlib'): sys.modules[name] = None\n"
        "from eleusis_lab import new_round\n"
        "game = new_round('express', ['Ada', 'Ben'], 'express-1', seed=1)\n"
        "print(game.play(game.current_player, game.hand(game.current_player)[0]).accepted in (True, False))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "True", result.stderr
