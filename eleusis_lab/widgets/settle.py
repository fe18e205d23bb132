"""The settle time: a board takes no click on a control for a moment after what is under the pointer
changed (the hand passed to the next student, the round was dealt, a confirm button appeared).

Why in the kernel: a click reaches the kernel as a button event, whatever the browser drew in between.
The verdict comes back in ~36 ms and the next student's hand is drawn in the same place, so the second
click of a double-click (80-400 ms later) or a second card clicked 60-120 ms after the first would play
for the next student.  A click that arrives within the settle time is ignored, not queued.

The clock is injected (``Settle(clock=...)``) so tests replay click patterns at exact times, without
sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["SETTLE_SECONDS", "Settle"]

# Longer than the slowest double-click a browser reports (~400 ms between the two clicks), short enough
# that the next student, who has to walk to the board or call out a card, never waits for it.
SETTLE_SECONDS = 0.6


class Settle:
    """When a control last changed under the pointer, and whether a click now comes after the settle time.

    ``clock`` is read at every call (seconds, monotonic); boards default to :func:`time.monotonic`.
    """

    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, seconds: float = SETTLE_SECONDS, clock: Callable[[], float] | None = None) -> None:
        self.seconds = seconds
        if clock is not None:
            self.clock = clock
        self._since: float | None = None

    def start(self) -> None:
        """What is under the pointer has just changed: clicks wait for the settle time from now."""
        self._since = self.clock()

    def settled(self) -> bool:
        """True when a click now is deliberate (nothing changed within the settle time)."""
        return self._since is None or self.clock() - self._since >= self.seconds
