"""Eleusis for researchers: a Gymnasium environment of the solo game and PettingZoo environments of a table.

- :class:`SoloEnv` — one player against a computer dealer (the solo protocol, or the language-model
  benchmark's with ``protocol="benchmark"``), a ``gymnasium.Env``;
- :func:`table_env` — Express, Gardner, New Eleusis or the letter game, one agent per player, a
  PettingZoo AEC environment;
- :mod:`eleusis_lab.envs.agents` — a random agent and the kit's scientist for both.

They need the ``research`` extra (``pip install 'eleusis-lab[research]'``: gymnasium, pettingzoo); the
rest of the kit never imports them.  Guesses are judged exactly by the engine (``eleusis-lab judge``
offers the same judge to other harnesses).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["SoloEnv", "TableEnv", "table_env"]

_EXPORTS = {
    "SoloEnv": "eleusis_lab.envs.solo",
    "TableEnv": "eleusis_lab.envs.table",
    "table_env": "eleusis_lab.envs.table",
}
_NEEDS = {"eleusis_lab.envs.solo": "gymnasium", "eleusis_lab.envs.table": "pettingzoo"}

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.envs.solo import SoloEnv
    from eleusis_lab.envs.table import TableEnv, table_env


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'eleusis_lab.envs' has no attribute {name!r}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name not in ("gymnasium", "pettingzoo"):
            raise
        raise ModuleNotFoundError(
            f"{name} needs {_NEEDS[module_name]}: install the research extra, "
            "pip install 'eleusis-lab[research]'",
            name=error.name,
        ) from None
    value = getattr(module, name)
    globals()[name] = value
    return value
