"""Shared test settings: hypothesis runs without per-example deadlines (CI shares two cores)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "eleusis",
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("eleusis")
