"""The stateful test of issue 11's "Done when": random valid and invalid actions over every variant.

A refused action leaves ``to_json()`` byte-identical; an accepted one saves and loads back exactly and
conserves the cards (see ``round_machine.py``).  Bounded here so that ``make test`` stays quick;
``scripts/soak.py --stateful N`` runs the same machine for longer.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from eleusis_lab.testing import VARIANTS
from tests.security.round_machine import STEPS, machine_for


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_valid_and_invalid_actions(variant: str) -> None:
    machine = machine_for(variant)
    before = STEPS[(variant, "steps")]
    machine.TestCase.settings = settings(
        max_examples=6,
        stateful_step_count=25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()
    assert STEPS[(variant, "steps")] > before
