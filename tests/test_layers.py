"""The layering contract of pyproject.toml (import-linter): kept today, and able to fail.

``make lint-layers`` runs the same contracts with ``lint-imports``; here they are checked against the
import graph (grimp reads function-local imports too), and then against the same graph with one upward
import added, so a contract that could never fail would be seen.
"""

from __future__ import annotations

import copy
import pathlib
from typing import Any

import grimp
from importlinter import api
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract
from importlinter.domain.contract import Contract

PYPROJECT = pathlib.Path(__file__).resolve().parents[1] / "pyproject.toml"
KINDS: dict[str, type[Contract]] = {"layers": LayersContract, "forbidden": ForbiddenContract}


def _contracts() -> list[Contract]:
    config = api.read_configuration(str(PYPROJECT))
    session: dict[str, Any] = config["session_options"]
    return [KINDS[c["type"]](c["name"], session, c) for c in config["contracts_options"]]


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(
        "eleusis_lab", include_external_packages=True, exclude_type_checking_imports=True, cache_dir=None
    )


def _broken(graph: grimp.ImportGraph) -> list[str]:
    # a check takes its ignored imports out of the graph it is given: each gets its own copy
    return [c.name for c in _contracts() if not c.check(copy.deepcopy(graph), verbose=False).kept]


def test_every_layering_contract_is_kept() -> None:
    assert len(_contracts()) >= 2
    assert _broken(_graph()) == []


def test_an_upward_import_breaks_the_contract() -> None:
    for importer, imported, contract in [
        ("eleusis_lab.cards", "eleusis_lab.render.svg", "Layers"),  # a card drawing itself by import
        ("eleusis_lab.play.round", "eleusis_lab.science.narrowing", "Layers"),
        ("eleusis_lab.session.session", "eleusis_lab.widgets.verdicts", "Layers"),
        ("eleusis_lab.play.round", "ipywidgets", "The engine and the session never load"),
    ]:
        graph = _graph()
        graph.add_import(importer=importer, imported=imported)
        broken = _broken(graph)
        assert any(name.startswith(contract) for name in broken), (importer, imported, broken)
