"""Calibration: is a stated confidence of 90 % right about 90 % of the time?

A *statement* is a pair (confidence in [0, 1], was it right).  :func:`calibration_table` puts the
statements into equal-width confidence bins and gives each bin's mean confidence and share right;
:func:`max_gap` is the largest distance from the diagonal over the bins with enough statements, and
:func:`within` checks a bound on it allowing for each bin's sampling error.  The plot is
:func:`eleusis_lab.plots.calibration_plot`.

>>> table = calibration_table([(0.9, True)] * 9 + [(0.9, False)] + [(0.2, False)] * 4 + [(0.2, True)])
>>> [(b.low, b.count, round(b.confidence, 2), round(b.right, 2)) for b in table if b.count]
[(0.2, 5, 0.2, 0.2), (0.9, 10, 0.9, 0.9)]
>>> max_gap(table)
0.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bin:
    """Statements with a confidence in [low, high): how many, their mean confidence, share right."""

    low: float
    high: float
    count: int
    confidence: float
    right: float

    @property
    def gap(self) -> float:
        """Share right minus mean confidence (negative: overconfident)."""
        return self.right - self.confidence

    @property
    def standard_error(self) -> float:
        """The sampling error of the share right, about sqrt(p (1 - p) / n); 0 for an empty bin.

        A level's share right is itself a measurement.  With 360 statements at 24 % right it is
        uncertain by about 2 points, so a gap of 10.1 points there does not show the forecaster is
        more than 10 points off; a check of "within 10 points" allows for that (:func:`within`).
        The share is Agresti and Coull's, (right + 2) / (n + 4), so that five statements all right
        still show how little five statements can say (the plain formula would give them no error).

        >>> round(calibration_table([(0.9, True)] * 5)[9].standard_error, 3)
        0.139
        """
        if not self.count:
            return 0.0
        n = self.count + 4
        share = (self.right * self.count + 2) / n
        return (share * (1.0 - share) / n) ** 0.5


def calibration_table(statements: Iterable[tuple[float, bool]], bins: int = 10) -> list[Bin]:
    """Equal-width bins over [0, 1] (the last includes 1.0); empty bins have count 0."""
    if bins < 1:
        raise ValueError("bins must be at least 1")
    counts, sums, rights = [0] * bins, [0.0] * bins, [0] * bins
    for confidence, right in statements:
        c = float(confidence)
        if not 0.0 <= c <= 1.0:
            raise ValueError(f"a confidence is a probability between 0 and 1, not {confidence!r}")
        k = min(bins - 1, int(c * bins))
        counts[k] += 1
        sums[k] += c
        rights[k] += bool(right)
    out = []
    for k, (n, total, ok) in enumerate(zip(counts, sums, rights, strict=True)):
        low, high = round(k / bins, 10), round((k + 1) / bins, 10)
        out.append(Bin(low, high, n, total / n if n else (low + high) / 2, ok / n if n else 0.0))
    return out


def max_gap(table: Iterable[Bin], min_count: int = 10) -> float:
    """The largest |share right - mean confidence| over bins holding at least ``min_count`` statements."""
    gaps = [abs(b.gap) for b in table if b.count >= min_count]
    return round(max(gaps), 10) if gaps else 0.0


def within(table: Iterable[Bin], bound: float, min_count: int = 10, errors: float = 2.0) -> bool:
    """Whether every bin with ``min_count`` statements or more is within ``bound`` of the diagonal,
    allowing ``errors`` standard errors of its share right.

    This is the test a claim of calibration over a sample can honestly make: a bin whose measured gap
    exceeds the bound by less than its sampling error is consistent with the bound.  A forecaster
    off by much more still fails, for the error shrinks as the bin fills.

    >>> many = calibration_table([(0.15, True)] * 105 + [(0.15, False)] * 195)  # said 15 %, right 35 %
    >>> within(many, 0.10), within(many, 0.20)
    (False, True)
    >>> few = calibration_table([(0.15, True)] * 7 + [(0.15, False)] * 13)  # the same gap, 20 statements
    >>> within(few, 0.10)
    True
    """
    return all(abs(b.gap) <= bound + errors * b.standard_error for b in table if b.count >= min_count)
