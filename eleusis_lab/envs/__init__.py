"""Eleusis for researchers: a Gymnasium environment of the solo game and PettingZoo environments of a table.

- :class:`SoloEnv` — one player against a computer dealer (the solo protocol, or the language-model
  benchmark's with ``protocol="benchmark"``), a ``gymnasium.Env``; :class:`SoloDiscreteEnv` — the same
  game with a flat ``Discrete`` action, a mask and a menu of rules to state;
- :func:`table_env` — Express, Gardner, New Eleusis or the letter game, one agent per player, a
  PettingZoo AEC environment (``eleusis_lab.envs.table.env()`` / ``raw_env()`` are PettingZoo's usual
  pair);
- :mod:`eleusis_lab.envs.agents` — a random agent and the kit's scientist for both.

They need the ``research`` extra (``pip install 'eleusis-lab[research]'``: gymnasium, pettingzoo); the
rest of the kit never imports them.  Guesses are judged exactly by the engine (``eleusis-lab judge``
offers the same judge to other harnesses).

Importing this package registers the Gymnasium ids (when gymnasium is installed), each in a
``TimeLimit`` of :data:`MAX_EPISODE_STEPS` steps::

    import gymnasium, eleusis_lab.envs
    env = gymnasium.make("EleusisSolo-v0")            # SoloEnv, a library rule drawn each reset
    env = gymnasium.make("EleusisSoloDiscrete-v0")    # SoloDiscreteEnv
    env = gymnasium.make("EleusisSolo-v0", rule="express-3", protocol="benchmark")

(``gymnasium.make("eleusis_lab.envs:EleusisSolo-v0")`` imports the package itself.)  Gymnasium 1.x no
longer reads the ``gymnasium.envs`` entry-point group, so registration on import is the way that works.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["GYMNASIUM_IDS", "MAX_EPISODE_STEPS", "SoloDiscreteEnv", "SoloEnv", "TableEnv", "table_env"]

#: The registered ids and their entry points.
GYMNASIUM_IDS = {
    "EleusisSolo-v0": "eleusis_lab.envs.solo:SoloEnv",
    "EleusisSoloDiscrete-v0": "eleusis_lab.envs.solo_discrete:SoloDiscreteEnv",
}
#: The ``TimeLimit`` of the registered ids: a round is at most 30 plays (statements and refused actions
#: add steps; 20 refused in a row truncate anyway), so only an agent stuck for good meets it.
MAX_EPISODE_STEPS = 300

_EXPORTS = {
    "SoloEnv": "eleusis_lab.envs.solo",
    "SoloDiscreteEnv": "eleusis_lab.envs.solo_discrete",
    "TableEnv": "eleusis_lab.envs.table",
    "table_env": "eleusis_lab.envs.table",
}
_NEEDS = {
    "eleusis_lab.envs.solo": "gymnasium",
    "eleusis_lab.envs.solo_discrete": "gymnasium",
    "eleusis_lab.envs.table": "pettingzoo",
}

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.envs.solo import SoloEnv
    from eleusis_lab.envs.solo_discrete import SoloDiscreteEnv
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


def _register_gymnasium_ids() -> None:
    """Register :data:`GYMNASIUM_IDS` with gymnasium, if it is installed (the kit runs without it)."""
    try:
        from gymnasium.envs.registration import register, registry
    except ModuleNotFoundError:
        return
    for env_id, entry_point in GYMNASIUM_IDS.items():
        if env_id not in registry:
            register(id=env_id, entry_point=entry_point, max_episode_steps=MAX_EPISODE_STEPS)


_register_gymnasium_ids()
