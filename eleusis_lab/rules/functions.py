"""The rule language's functions, as one table: adding a function is one entry here plus its test row.

Each :class:`Function` says its name, the types of its arguments and of its result, what it computes,
how far its result can range (for the checker's bound on numbers) and a usage line.  The type checker,
the compiler, the error hints and the cheat sheet all read this table; nothing else names a function.

Argument and result types are the checker's type names (``int``, ``string``, ``suit`` …); ``T`` is
any one type, the same wherever it appears in a signature, and ``list:T`` a list of values of that
type.

>>> FUNCTIONS["cyc"].apply(14), FUNCTIONS["next"].apply(2, (1, 2, 3))
(1, 3)
>>> FUNCTIONS["abs"].usage
'`abs(n)` is the size of n without its sign: abs(-3) == 3'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["FUNCTIONS", "Bounds", "Function", "Missing", "function_names"]

#: The smallest and largest value a whole-number expression can take, or None if unknown.
Bounds = tuple[int, int]
#: Longest text whose length a rule may read, as far as bounds go (``len(player.name)``).
MAX_TEXT = 1_000_000


class Missing(Exception):
    """Evaluation needed a card, attribute or value that does not exist: the rule accepts."""


@dataclass(frozen=True, slots=True)
class Function:
    """One function of the rule language.

    ``apply`` takes the argument values (a list as a tuple) and returns the result, or raises
    :class:`Missing` where the result is undefined (``next`` of a value not in the list).
    ``bounds`` takes the bounds of the arguments (None for arguments that are not numbers, or a
    list's element bounds for ``list:int``) and gives the bounds of a number result.
    """

    name: str
    params: tuple[str, ...]
    result: str
    apply: Callable[..., Any]
    bounds: Callable[[Sequence[Bounds | None]], Bounds | None]
    usage: str
    #: A rule that uses the function, shown on the cheat sheet (it must parse: tested).
    example: str

    @property
    def arity(self) -> int:
        return len(self.params)


def _next(value: Any, items: tuple[Any, ...]) -> Any:
    for i, item in enumerate(items):
        if item == value:
            return items[(i + 1) % len(items)]
    raise Missing  # the value is not in the list: there is no "next", like a missing card


def _abs_bounds(args: Sequence[Bounds | None]) -> Bounds | None:
    b = args[0]
    if b is None:
        return None
    lo, hi = b
    if lo >= 0:
        return b
    if hi <= 0:
        return (-hi, -lo)
    return (0, max(-lo, hi))


_TABLE = (
    Function(
        "next",
        ("T", "list:T"),
        "T",
        _next,
        lambda args: args[1],
        "`next(x, [a, b, c])` is the item after x in the list, wrapping round",
        "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])",
    ),
    Function(
        "cyc",
        ("int",),
        "int",
        lambda n: (n - 1) % 13 + 1,
        lambda args: (1, 13),
        "`cyc(n)` wraps a number into the ranks 1-13: cyc(14) == 1",
        "card.rank == cyc(prev.rank + 1)",
    ),
    Function(
        "abs",
        ("int",),
        "int",
        abs,
        _abs_bounds,
        "`abs(n)` is the size of n without its sign: abs(-3) == 3",
        "abs(card.rank - prev.rank) <= 2",
    ),
    Function(
        "len",
        ("string",),
        "int",
        len,
        lambda args: (0, MAX_TEXT),
        "`len(text)` is the number of letters in a text, like len(player.name)",
        "if len(player.name) is odd then card is red else card is black",
    ),
    Function(
        "min",
        ("int", "int"),
        "int",
        min,
        lambda args: None if None in args else (min(args[0][0], args[1][0]), min(args[0][1], args[1][1])),  # type: ignore[index]
        "`min(a, b)` is the smaller of two numbers: min(card.rank, 10) counts J, Q and K as 10",
        "min(card.rank, 10) > min(prev.rank, 10)",
    ),
)

#: Every function by name, in the order the cheat sheet lists them.
FUNCTIONS: dict[str, Function] = {f.name: f for f in _TABLE}


def function_names() -> str:
    """The functions in words: ``next, cyc, abs and len``."""
    names = list(FUNCTIONS)
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
