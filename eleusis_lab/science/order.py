"""Rankings that come out the same on every machine.

``np.argpartition`` leaves the order of equal values unspecified, and numpy sorts them with whatever
SIMD code the processor offers (AVX-512 on one machine, AVX2 on another).  The scientist ranks many
rules of exactly equal prior weight (``card is even``, ``card is low`` and ``card.rank > prev.rank`` after
one red two), so a tie broken by the processor changed which rules it weighed, which card it played and
the whole round, from one machine to the next.  These helpers break every tie by position, and the
probabilities computed in float32 are compared only to the precision they carry.

>>> import numpy as np
>>> heaviest(np.array([1.0, 3.0, 2.0, 3.0, 3.0]), 2).tolist()
[1, 3]
>>> heaviest(np.array([0.5, 0.25]), 5).tolist()
[0, 1]
>>> settled(0.30000001) == settled(0.29999999)
True
"""

from __future__ import annotations

import numpy as np

# float32 sums of a few thousand terms differ in their 7th significant digit from one SIMD width to
# another; a choice is made on values rounded well above that, so a tie stays a tie on every machine
SETTLED_DIGITS = 5


def heaviest(values: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` largest ``values``, largest first, equal values in index order.

    Linear in ``len(values)`` (a partition finds the k-th value; only the k are sorted), like
    ``np.argpartition``, but the same on every machine."""
    values = np.asarray(values)
    n = len(values)
    if k <= 0 or n == 0:
        return np.zeros(0, dtype=np.int64)
    if n > k:
        kth = np.partition(values, n - k)[n - k]  # the k-th largest value: one value whatever the order
        above = np.flatnonzero(values > kth)
        tied = np.flatnonzero(values == kth)[: k - len(above)]
        idx = np.concatenate([above, tied])
    else:
        idx = np.arange(n)
    return idx[np.argsort(-values[idx], kind="stable")]


def settled(x: float, digits: int = SETTLED_DIGITS) -> float:
    """``x`` to the precision a float32 sum of it carries, for comparisons that decide a play."""
    return round(float(x), digits)
