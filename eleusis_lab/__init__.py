"""Eleusis Lab: a classroom kit for Eleusis, the card game of finding a secret rule by experiment.

The public names below are imported lazily, so ``import eleusis_lab`` stays fast and each layer
(cards, rules, play, science) loads only when first used.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# name -> module that defines it
_EXPORTS = {
    "Card": "eleusis_lab.cards",
    "Suit": "eleusis_lab.cards",
    "Color": "eleusis_lab.cards",
    "Rule": "eleusis_lab.rules",
    "RuleError": "eleusis_lab.rules",
    "PlayerInfo": "eleusis_lab.rules",
    "as_rule": "eleusis_lab.rules",
    "library": "eleusis_lab.rules.library",
    "check": "eleusis_lab.rules.checks",
    "same_rule": "eleusis_lab.rules.checks",
    "new_round": "eleusis_lab.play",
    "load_round": "eleusis_lab.play",
    "Round": "eleusis_lab.play",
    "Verdict": "eleusis_lab.play",
    "GameError": "eleusis_lab.play",
    "scoring": "eleusis_lab.scoring",
    "science": "eleusis_lab.science",
}

__all__ = [
    "Card",
    "Color",
    "GameError",
    "PlayerInfo",
    "Round",
    "Rule",
    "RuleError",
    "Suit",
    "Verdict",
    "as_rule",
    "check",
    "library",
    "load_round",
    "new_round",
    "same_rule",
    "science",
    "scoring",
]

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab import science, scoring
    from eleusis_lab.cards import Card, Color, Suit
    from eleusis_lab.play import GameError, Round, Verdict, load_round, new_round
    from eleusis_lab.rules import PlayerInfo, Rule, RuleError, as_rule
    from eleusis_lab.rules import library as library
    from eleusis_lab.rules.checks import check, same_rule


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'eleusis_lab' has no attribute {name!r}")
    module = importlib.import_module(module_name)
    value = module if module_name.endswith("." + name) else getattr(module, name)
    globals()[name] = value
    return value


# In a notebook (IPython is running) cards and tables draw themselves: the views register their pictures
# now (eleusis_lab.display), so the engine's own modules never import them; a script never loads them.
if "IPython" in sys.modules:
    import eleusis_lab.render  # noqa: F401
