"""What a person sees about a variant: its title, its roles, how the end of a round is said, its printed
score sheet (columns, formula, record note, a worked example) and the fields of its set-up form.

The rules description (:mod:`eleusis_lab.play.variant`) says what the game *is*; this one says how it is
*shown*.  Both sit on the variant's class (``cls.presentation`` beside ``cls.capabilities``), so boards,
score sheets and the research environments read them instead of keeping tables keyed by variant name
(python-chess keeps ``uci_variant``, ``starting_fen`` and ``tbw_suffix`` on its variant classes the same
way).  Nothing here imports a widget: a view turns a :class:`SetupField` into a control.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round
    from eleusis_lab.play.variant import Option

__all__ = [
    "END_REASONS",
    "Presentation",
    "ScoreSheet",
    "SetupField",
    "Worked",
    "WorkedExample",
    "number_text",
    "setup_fields",
]

#: How the end of a round is said, by the reason :class:`~eleusis_lab.play.events.RoundEnded` gives
#: (``{p}``: the player who ended it).  A variant may say one differently in its presentation.
END_REASONS: Mapping[str, str] = {
    "out": "{p} has no cards left",
    "guessed": "{p} found the rule",
    "stock": "the stock ran out",
    "blocked": "nobody can play any card",
    "no-play": "{p} declared a right 'no play' with one card",
    "expelled": "every player but the prophet was expelled",
    "counted": "the cards were counted",
    "turns": "the turns ran out",
}


def number_text(x: Any) -> str:
    """A score as a sheet prints it: ``7`` for 7.0, ``1.5``, and a true minus sign (``−13``)."""
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if isinstance(x, float):
        return f"{x:.1f}"
    return str(x).replace("-", "−")


@dataclass(frozen=True)
class WorkedExample:
    """A score sheet's worked example: the players' ``names`` and the ``counts`` the variant's
    ``score_columns`` name (``left``, one count a player, and the others: a player by index, or a
    number).  The engine's totals come from ``score_counts`` over these same counts."""

    names: tuple[str, ...]
    counts: Mapping[str, Any]

    @property
    def left(self) -> list[int]:
        return list(self.counts["left"])


@dataclass(frozen=True)
class Worked:
    """The worked example's arithmetic written out (one line a step, HTML) and the totals it reaches,
    which the score sheet compares with the engine's before printing them."""

    lines: list[str]
    players: Sequence[float]
    dealer: float


@dataclass(frozen=True)
class ScoreSheet:
    """A variant's printed record and score sheet: the score table's ``columns`` (the last is the
    score), the ``formula`` in words (HTML lines), the ``record_note`` for the record side, the worked
    ``example``, and ``explain``, which writes the example's arithmetic out by hand (without it the sheet
    lists each player's counts and the engine's score)."""

    columns: tuple[str, ...]
    formula: tuple[str, ...]
    record_note: str
    example: WorkedExample
    explain: Callable[[WorkedExample], Worked] | None = None


@dataclass(frozen=True)
class Presentation:
    """How a variant is shown: its ``title`` on boards and menus, its ``printed_title`` on paper (the
    title when empty), what it calls the one who knows the rule and those who look for it (``roles``),
    its own ways of saying how a round ended (``end_reasons``, over :data:`END_REASONS`), what a board's
    status line says in each of its phases (``phases``, keyed by ``Round.phase``; a phase not listed is
    not said: a game of one phase says none), and its printed score ``sheet`` (None: no printed sheet,
    as for the solo protocol, played on a screen)."""

    title: str
    printed_title: str = ""
    roles: tuple[str, str] = ("Dealer", "Players")
    end_reasons: Mapping[str, str] = field(default_factory=dict)
    phases: Mapping[str, str] = field(default_factory=dict)
    sheet: ScoreSheet | None = None

    @property
    def paper_title(self) -> str:
        return self.printed_title or self.title

    def end_phrase(self, reason: str, player: str | None = None) -> str:
        """``Ana found the rule`` for the reason ``guessed``; an unknown reason is said as it is."""
        phrase = self.end_reasons.get(reason) or END_REASONS.get(reason, reason)
        return phrase.format(p=player or "a player")

    def phase_words(self, phase: str) -> str:
        """What the status line says of the round's ``phase`` in plain words ("" when it says nothing)."""
        return self.phases.get(phase, "")


@dataclass(frozen=True)
class SetupField:
    """One field of a set-up form, with no widget in it: the ``option`` it sets, its ``label``, and its
    ``kind``: ``choice`` (one of ``choices``, pairs of a label and a value), ``tick`` (a box; ticked, the
    option takes ``ticked``, else it keeps its default) or ``number`` (``low`` to ``high``)."""

    option: str
    label: str
    kind: Literal["choice", "tick", "number"]
    default: Any
    choices: tuple[tuple[str, Any], ...] = ()
    ticked: Any = True
    low: int | None = None
    high: int | None = None

    def value(self, entered: Any) -> Any:
        """The option's value for what the field holds (a tick box: ``ticked`` or the default)."""
        if self.kind == "tick":
            return self.ticked if entered else self.default
        return entered


def _field(option: Option) -> SetupField | None:
    form = option.form
    if form is None:
        return None
    if option.type is bool or form.ticked is not None:
        ticked = True if form.ticked is None else form.ticked
        return SetupField(option.name, form.label, "tick", option.default, ticked=ticked)
    if option.choices:
        choices = tuple((f"{c} {form.unit}".strip(), c) for c in sorted(option.choices, reverse=True))
        return SetupField(option.name, form.label, "choice", option.default, choices=choices)
    return SetupField(option.name, form.label, "number", option.default, low=option.low, high=option.high)


def setup_fields(variant: type[Round]) -> tuple[SetupField, ...]:
    """The set-up form's fields for ``variant``: one for each of its options that says how it is asked
    for (``Option.form``), choices first (they sit beside the seed), then numbers, then tick boxes."""
    fields = [f for f in (_field(o) for o in variant.OPTIONS) if f is not None]
    order = {"choice": 0, "number": 1, "tick": 2}
    return tuple(sorted(fields, key=lambda f: order[f.kind]))
