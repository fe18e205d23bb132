"""What describes a variant: its options (typed), what a player may do in it, how a match deals it.

Each variant is one :class:`~eleusis_lab.play.round.Round` subclass that describes itself with these
values (python-chess's ``chess.variant`` is the model): ``key``, ``aliases``, ``title``, ``deck_name``,
``options``, ``capabilities``, ``match``, ``score_columns`` and ``presentation`` (how it is shown:
:mod:`eleusis_lab.play.presentation`).  :func:`register_variant` adds a class to
:data:`VARIANTS`; :func:`find_variant` finds one by key or alias.  Boards, score sheets, the calculator,
the match and the conformance checks read these descriptions instead of comparing variant names.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from eleusis_lab.play.errors import GameError

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round

__all__ = [
    "SHARED_OPTIONS",
    "VARIANTS",
    "Capabilities",
    "MatchRules",
    "Option",
    "OptionForm",
    "ScoreColumn",
    "find_variant",
    "register_variant",
    "registered",
    "unregister_variant",
]


@dataclass(frozen=True)
class OptionForm:
    """How a set-up form asks for an option (an option without one is not on the form): its ``label``,
    a ``unit`` after each of its choices (``12 cards``), and, for a number asked as a tick box, the
    value a ticked box gives (``ticked``; a bool option is always a tick box)."""

    label: str
    unit: str = ""
    ticked: Any = None


@dataclass(frozen=True)
class Option:
    """One option of a round: its ``name``, Python ``type`` (``bool``, ``int`` or ``str``), ``default``,
    the values allowed (``choices``, or ``low``..``high`` for a number) and whether a save file may set it
    (``from_save``: a save may restore the variant's game options, never where the round writes itself,
    nor a stacked deck), and how a set-up form asks for it (``form``)."""

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    from_save: bool = True
    nullable: bool = False
    form: OptionForm | None = None

    def check(self, value: Any) -> Any:
        """``value`` if this option allows it (a bool is not taken for a number), else a ``GameError``."""
        if value is None and self.nullable:
            return None
        if (self.type is int and isinstance(value, bool)) or not isinstance(value, self.type):
            raise GameError(f"The option {self.name} must be {self.allowed()}: {self.help}")
        if self.choices and value not in self.choices:
            raise GameError(f"The option {self.name} must be {self.allowed()}: {self.help}")
        number: Any = value
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            raise GameError(f"The option {self.name} must be {self.allowed()}: {self.help}")
        return value

    def allowed(self) -> str:
        """The allowed values in words (``10 or 12``, ``0 to 5``, ``True or False``)."""
        if self.type is bool:
            return "True or False"
        if self.choices:
            return " or ".join(str(c) for c in self.choices)
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        return {int: "a whole number", str: "text"}.get(self.type, self.type.__name__)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (for a board's option form or a save's allow-list)."""
        return {
            "name": self.name,
            "type": self.type.__name__,
            "default": self.default,
            "choices": list(self.choices),
            "low": self.low,
            "high": self.high,
            "from_save": self.from_save,
            "help": self.help,
        }


#: Options every variant takes.  ``physical`` is saved in the header; the others are never read from a
#: save: ``deck_order`` a stacked deck (the deal is then checked only as a permutation), ``starter`` and
#: ``announcement`` are replayed from the log.  (Saving as play goes on is the table session's.)
SHARED_OPTIONS: tuple[Option, ...] = (
    Option("physical", bool, False, "True when the class plays with real cards and the engine judges"),
    Option("deck_order", list, None, "a stacked deck, top first (tests and demonstrations)", from_save=False,
           nullable=True),
    Option("starter", str, None, "physical rounds: the starter card turned up", from_save=False,
           nullable=True),
    Option("announcement", str, None, "what the dealer announces about the rule", from_save=False,
           nullable=True),
)  # fmt: skip


@dataclass(frozen=True)
class Capabilities:
    """What players may do in a variant (the defaults; an option may change them in a round, as
    ``max_string`` or ``buy_hints`` do: read the round's own ``legal_actions`` for the moment).
    ``player_rules``: a secret rule may depend on who plays (the table shows each card's player, and a
    random rule may be one of those)."""

    max_string: int = 1
    no_play: bool = False
    guess: bool = False
    prophet: bool = False
    hints: bool = True
    buy_hints: bool = False
    halves: bool = False
    confidence: bool = False
    turn_limit: bool = False
    player_rules: bool = False


@dataclass(frozen=True)
class MatchRules:
    """How a match of the variant runs: rounds each player deals, the bonus to players who never dealt
    when a match stops early, and whether "the winner deals next" is an option of the variant."""

    deals_each: int = 1
    early_stop_bonus: int = 0
    winner_deals: bool = False
    playable: bool = True


@dataclass(frozen=True)
class ScoreColumn:
    """One column of the variant's printed score sheet and of the calculator: the count ``name`` that
    :func:`eleusis_lab.scoring.calculate` takes, its ``label``, an explanation, and its ``kind``:
    ``per-player`` (one count a player), ``player`` (a player, by index or name) or ``number``;
    ``default`` is the count a blank form starts from (Express hands: 12)."""

    name: str
    label: str
    help: str = ""
    kind: Literal["per-player", "player", "number"] = "per-player"
    default: int = 0

    @property
    def per_player(self) -> bool:
        return self.kind == "per-player"


#: The registered variants by key, in the order they were registered.
VARIANTS: dict[str, type[Round]] = {}


def _normal(name: str) -> str:
    return name.strip().lower().replace(" ", "-").replace("_", "-")


def register_variant(cls: type[Round]) -> type[Round]:
    """Add a variant class to :data:`VARIANTS` (usable as a class decorator); its key and aliases must
    not clash with another variant's."""
    taken = {_normal(a): v for v in VARIANTS.values() if v is not cls for a in (v.key, *v.aliases)}
    for name in (cls.key, *cls.aliases):
        other = taken.get(_normal(name))
        if other is not None:
            raise ValueError(f"the variant name {name!r} is already taken by {other.__name__}")
    VARIANTS[cls.key] = cls
    return cls


def unregister_variant(cls: type[Round]) -> None:
    """Remove a variant class added by :func:`register_variant` (tests that define a toy variant)."""
    if VARIANTS.get(cls.key) is cls:
        del VARIANTS[cls.key]


@contextmanager
def registered(cls: type[Round]) -> Iterator[type[Round]]:
    """``with registered(Toy): …`` — a variant known to :func:`find_variant` only inside the block."""
    register_variant(cls)
    try:
        yield cls
    finally:
        unregister_variant(cls)


def find_variant(name: str | type[Round]) -> type[Round]:
    """The variant class for a key or alias (case, spaces and ``_`` forgiven), or a ``GameError``."""
    from eleusis_lab.play.round import Round

    if isinstance(name, type) and issubclass(name, Round):
        return name
    if not isinstance(name, str):
        raise GameError(f"A variant is named by text, not {type(name).__name__}.")
    wanted = _normal(name)
    for cls in VARIANTS.values():
        if wanted in {_normal(n) for n in (cls.key, *cls.aliases)}:
            return cls
    raise GameError(f"Unknown variant {name!r}: choose one of {', '.join(VARIANTS)}.")
