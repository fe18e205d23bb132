"""Scores for every variant, as pure functions of the counts at the end of a round.

The formulas are those of ``RULES.md``; the rounds use them, and so can a teacher whose class played
with real cards (:func:`calculate`, or ``eleusis-lab score``).  Players are given in seat order; a
player is named by their index in that order.

>>> gardner_dealer([10, 5, 3])
9
>>> gardner_players([2, 3, 10, 0])
[7.0, 3.0, 0.0, 21.0]
>>> express([0, 4, 7], guessed_by=None)
Scores(players=[15, 8, 5], dealer=15)
>>> letters([5, 2, 0])
Scores(players=[-13, -1, 7], dealer=20)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import deck as make_deck

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round

__all__ = [
    "ScoreRow",
    "ScoreRows",
    "Scores",
    "calculate",
    "express",
    "gardner",
    "gardner_dealer",
    "gardner_players",
    "letters",
    "new_eleusis",
    "score_rows",
    "variant_name",
    "variants",
]

GARDNER_BONUS = 6
EXPRESS_GUESS_BONUS = 6
EXPRESS_EMPTY_BONUS = 3
NEW_ELEUSIS_EMPTY_BONUS = 4


@dataclass(frozen=True)
class Scores:
    """The scores of one round: ``players`` in seat order, and the ``dealer``'s.

    ``names`` and ``dealer_name`` are optional labels for the table; ``notes`` say where bonuses
    came from ("Ana: +6 for guessing the rule"), so a class can check the arithmetic.
    """

    players: list[Any]
    dealer: Any
    names: tuple[str, ...] | None = field(default=None, compare=False)
    dealer_name: str | None = field(default=None, compare=False)
    variant: str | None = field(default=None, compare=False)
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __repr__(self) -> str:
        return f"Scores(players={self.players!r}, dealer={self.dealer!r})"

    def by_name(self) -> dict[str, Any]:
        """Player name → score (names default to "Player 1", "Player 2", …); the dealer last."""
        names = self.names or tuple(f"Player {i + 1}" for i in range(len(self.players)))
        table = dict(zip(names, self.players, strict=True))
        table[self.dealer_name or "Dealer"] = self.dealer
        return table

    def named(self, names: Sequence[str], dealer_name: str | None = None) -> Scores:
        """The same scores labelled with the players' names."""
        if len(names) != len(self.players):
            raise ValueError(f"{len(names)} names given for {len(self.players)} players")
        return Scores(
            list(self.players),
            self.dealer,
            names=tuple(names),
            dealer_name=dealer_name,
            variant=self.variant,
            notes=tuple(_rename(note, names) for note in self.notes),
        )

    def __str__(self) -> str:
        rows = [(name, _fmt(score)) for name, score in self.by_name().items()]
        width = max(len(name) for name, _ in rows)
        swidth = max(len(s) for _, s in rows)
        title = f"Scores ({self.variant})" if self.variant else "Scores"
        lines = [title, "-" * max(len(title), width + swidth + 2)]
        lines += [f"{name.ljust(width)}  {s.rjust(swidth)}" for name, s in rows]
        lines += self.notes
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "dealer": self.dealer,
            "names": list(self.names) if self.names else None,
            "dealer_name": self.dealer_name,
            "variant": self.variant,
            "notes": list(self.notes),
        }


def _fmt(score: Any) -> str:
    if isinstance(score, float):
        return str(int(score)) if score.is_integer() else f"{score:.2f}".rstrip("0")
    return str(score)


# -- validation ------------------------------------------------------------------------------------


def _counts(values: Sequence[int], what: str, *, at_least: int = 1) -> list[int]:
    if isinstance(values, str | bytes) or not isinstance(values, Sequence | tuple | list):
        raise ValueError(f"{what} must be a list of whole numbers, one per player, not {values!r}")
    out = []
    for i, raw in enumerate(values):
        v: object = raw
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"{what}: player {i + 1} has {v!r}, which is not a whole number of cards")
        if v < 0:
            raise ValueError(f"{what}: player {i + 1} has {v} cards; a count cannot be negative")
        out.append(int(v))
    if len(out) < at_least:
        raise ValueError(f"{what}: need at least {at_least} player(s), got {len(out)}")
    return out


def _player_index(value: int | None, n: int, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ValueError(f"{what} must be a player index from 0 to {n - 1}, not {value!r}")
    return value


def _nonneg(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number 0 or more, not {value!r}")
    return value


# -- Gardner 1959 ----------------------------------------------------------------------------------


def gardner_dealer(wrong_cards: Sequence[int]) -> int:
    """The dealer's score after the first half: others' wrong cards − (n − 1) × the leader's.

    The leader is the player with the fewest wrong cards.

    >>> gardner_dealer([10, 5, 3])
    9
    >>> gardner_dealer([4, 9])
    5
    """
    wrong = _counts(wrong_cards, "wrong cards", at_least=2)
    n = len(wrong)
    leader = min(wrong)
    return (sum(wrong) - leader) - (n - 1) * leader


def gardner_players(cards_left: Sequence[int]) -> list[float]:
    """Each player's score at the end: others' cards − (n − 1) × own cards, never below 0, + bonus.

    A player who went out gets 6; if nobody went out, the players with the fewest cards share 6.

    >>> gardner_players([2, 3, 10, 0])
    [7.0, 3.0, 0.0, 21.0]
    >>> gardner_players([1, 1, 4])
    [6.0, 6.0, 0.0]
    """
    left = _counts(cards_left, "cards left", at_least=2)
    n, total = len(left), sum(left)
    scores = [float(max(0, (total - own) - (n - 1) * own)) for own in left]
    fewest = min(left)
    winners = [i for i, own in enumerate(left) if own == fewest]
    if fewest == 0:
        # Everyone who went out gets the full bonus (normally just one player).
        for i in winners:
            scores[i] += GARDNER_BONUS
    else:
        for i in winners:
            scores[i] += GARDNER_BONUS / len(winners)
    return scores


def gardner(wrong_cards: Sequence[int], cards_left: Sequence[int]) -> Scores:
    """Both Gardner scores in one :class:`Scores`: the dealer's (first half) and the players' (end)."""
    wrong = _counts(wrong_cards, "wrong cards", at_least=2)
    left = _counts(cards_left, "cards left", at_least=2)
    if len(wrong) != len(left):
        raise ValueError(f"wrong cards are given for {len(wrong)} players but cards left for {len(left)}")
    players = gardner_players(left)
    notes = _gardner_notes(left)
    return Scores(players, gardner_dealer(wrong), variant="gardner", notes=notes)


def _gardner_notes(left: list[int]) -> tuple[str, ...]:
    fewest = min(left)
    winners = [i for i, own in enumerate(left) if own == fewest]
    if fewest == 0:
        return tuple(f"Player {i + 1}: +{GARDNER_BONUS} for going out" for i in winners)
    share = _fmt(GARDNER_BONUS / len(winners))
    return tuple(f"Player {i + 1}: +{share} (share of the {GARDNER_BONUS}-point bonus)" for i in winners)


# -- Eleusis Express -------------------------------------------------------------------------------


def express(cards_left: Sequence[int], *, guessed_by: int | None = None, base: int = 12) -> Scores:
    """Each player: ``base`` − cards left, +6 for the correct guess, +3 for emptying the hand.

    The dealer scores the same as the best player.  ``base`` is 12, or 10 with the ten-card option.

    >>> express([3, 0, 5], guessed_by=2)
    Scores(players=[9, 15, 13], dealer=15)
    """
    left = _counts(cards_left, "cards left")
    guesser = _player_index(guessed_by, len(left), "guessed_by")
    if isinstance(base, bool) or not isinstance(base, int) or base <= 0:
        raise ValueError(f"base must be a positive whole number (12, or 10 for ten-card hands), not {base!r}")
    players = []
    notes = []
    for i, own in enumerate(left):
        score = base - own
        if i == guesser:
            score += EXPRESS_GUESS_BONUS
            notes.append(f"Player {i + 1}: +{EXPRESS_GUESS_BONUS} for guessing the rule")
        if own == 0:
            score += EXPRESS_EMPTY_BONUS
            notes.append(f"Player {i + 1}: +{EXPRESS_EMPTY_BONUS} for emptying the hand")
        players.append(score)
    return Scores(players, max(players), variant="express", notes=tuple(notes))


# -- New Eleusis -----------------------------------------------------------------------------------


def new_eleusis(
    cards_left: Sequence[int],
    *,
    prophet: int | None = None,
    prophet_right: int = 0,
    prophet_wrong: int = 0,
    played_through_marker: int = 0,
) -> Scores:
    """Each player: high count − own cards, +4 for an empty hand; a prophet in office at the end
    also gets 1 per mainline card (``prophet_right``) and 2 per sideline card (``prophet_wrong``)
    played after their marker.  God: the highest score, or with a prophet the smaller of that and
    2 × ``played_through_marker`` (cards played, mainline and sideline, up to and including the
    prophet's marked card).

    >>> new_eleusis([0, 5, 9, 3])
    Scores(players=[13, 4, 0, 6], dealer=13)
    >>> new_eleusis([0, 5, 9, 3], prophet=3, prophet_right=6, prophet_wrong=4, played_through_marker=7)
    Scores(players=[13, 4, 0, 20], dealer=14)
    """
    left = _counts(cards_left, "cards left")
    who = _player_index(prophet, len(left), "prophet")
    right = _nonneg(prophet_right, "prophet_right")
    wrong = _nonneg(prophet_wrong, "prophet_wrong")
    through = _nonneg(played_through_marker, "played_through_marker")
    if who is None and (right or wrong or through):
        raise ValueError("prophet_right, prophet_wrong and played_through_marker need a prophet")
    high = max(left)
    players = []
    notes = [f"High count: {high}"]
    for i, own in enumerate(left):
        score = high - own
        if own == 0:
            score += NEW_ELEUSIS_EMPTY_BONUS
            notes.append(f"Player {i + 1}: +{NEW_ELEUSIS_EMPTY_BONUS} for an empty hand")
        if i == who:
            bonus = right + 2 * wrong
            score += bonus
            notes.append(
                f"Player {i + 1} (prophet): +{bonus} = {right} mainline + 2 × {wrong} sideline cards"
            )
        players.append(score)
    god = max(players)
    if who is not None:
        god = min(god, 2 * through)
        notes.append(f"God: smaller of the best score {max(players)} and 2 × {through} = {2 * through}")
    return Scores(players, god, variant="new-eleusis", notes=tuple(notes))


# -- The letter deck ("Guess the rule!") -----------------------------------------------------------


def letters(cards_left: Sequence[int]) -> Scores:
    """Each researcher: others' cards − n × own cards (may be negative); the leader: best − lowest.

    >>> letters([5, 2, 0])
    Scores(players=[-13, -1, 7], dealer=20)
    """
    left = _counts(cards_left, "cards left")
    n, total = len(left), sum(left)
    players = [(total - own) - n * own for own in left]
    return Scores(players, max(players) - min(players), variant="letters")


# -- A round's score rows -------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreRow:
    """One line of a round's score table: a player's or the dealer's ``name`` (the computer dealer is
    ``Dealer``; a person's points add up by name over a match), the ``points``, whether it is the
    dealer's line, and whether a person's (False for the computer dealer, whom no match totals)."""

    name: str
    points: Any
    dealer: bool = False
    person: bool = True

    @property
    def label(self) -> str:
        """The name as a score table shows it: ``Ana (dealer)`` for a person dealing."""
        return f"{self.name} (dealer)" if self.dealer and self.person else self.name


@dataclass(frozen=True)
class ScoreRows:
    """A round's score table: the players' rows in seat order, the dealer's last, and the notes that say
    where bonuses came from.  Empty while the round has no scores yet, and ``unscored`` says why."""

    rows: tuple[ScoreRow, ...] = ()
    notes: tuple[str, ...] = ()
    unscored: str | None = None

    def __iter__(self) -> Iterator[ScoreRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def by_person(self) -> dict[str, Any]:
        """Each person's points by name, the dealer's too when a person deals (what a match adds up
        round after round); empty while the round has no scores."""
        return {row.name: row.points for row in self.rows if row.person}


def score_rows(round: Round) -> ScoreRows:
    """The one way a session or board turns a round's scores into rows (the dealer last).  A round that
    cannot be scored yet (not over; a real-cards round whose cards are not counted) has none."""
    from eleusis_lab.play.errors import GameError, one_line

    try:
        scores = round.scores()
    except GameError as error:
        return ScoreRows(unscored=one_line(error))
    rows = [ScoreRow(name, points) for name, points in zip(round.players, scores.players, strict=True)]
    dealer = round.dealer
    rows.append(ScoreRow(dealer or "Dealer", scores.dealer, dealer=True, person=dealer is not None))
    return ScoreRows(tuple(rows), tuple(scores.notes))


# -- Calculator ------------------------------------------------------------------------------------


def _variant(name: str) -> Any:
    """The variant class (its score sheet's columns and its calculator) for a name or alias."""
    from eleusis_lab.play.variant import find_variant

    try:
        return find_variant(name)
    except ValueError:
        from eleusis_lab.play.variant import VARIANTS

        raise ValueError(f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}") from None


def variants() -> tuple[str, ...]:
    """The variants the calculator scores (those whose description has score-sheet columns)."""
    from eleusis_lab.play.variant import VARIANTS

    return tuple(key for key, cls in VARIANTS.items() if cls.score_columns)


def variant_name(name: str) -> str:
    """The canonical variant name for ``name`` (case and spaces forgiven; aliases as the variants say)."""
    return str(_variant(name).key)


def _who(value: int | str | None, names: Sequence[str] | None, n: int, what: str) -> int | None:
    """A player given by index or (when names are known) by name."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str):
        if names and value in names:
            return list(names).index(value)
        raise ValueError(f"{what}: no player called {value!r}")
    return _player_index(value, n, what)


def calculate(variant: str, **counts: Any) -> Scores:
    """A score calculator for rounds played with real cards.

    Give ``left`` (cards left in each hand, seat order) and the variant's extras: Gardner
    ``wrong`` (first-half wrong cards); Express ``guessed_by`` (index or name), ``base``;
    New Eleusis ``prophet`` (index or name), ``prophet_right``, ``prophet_wrong``,
    ``played_through_marker``.  ``names`` and ``dealer`` label the table.

    >>> print(calculate("letters", left=[5, 2, 0], names=["Ana", "Ben", "Cy"], dealer="Dee"))
    Scores (letters)
    ----------------
    Ana  -13
    Ben   -1
    Cy     7
    Dee   20
    """
    cls = _variant(variant)
    kind = cls.key
    columns = {c.name: c for c in cls.score_columns}
    if not columns:
        raise ValueError(f"{cls.title} has no score calculator")
    allowed_keys = set(columns) | {"names", "dealer"}
    unknown = set(counts) - allowed_keys
    if unknown:
        allowed = ", ".join(sorted(allowed_keys))
        raise ValueError(f"{kind} scores do not use {', '.join(sorted(unknown))}; they use {allowed}")
    if "left" not in counts:
        raise ValueError("give the cards left in each player's hand as left=[...]")
    left = _counts(counts["left"], "cards left")
    # No hand holds more cards than the game has: a typo such as 999999999999999999999 is refused.
    size = len(make_deck(cls.deck_name))
    for i, n in enumerate(left):
        if n > size:
            raise ValueError(f"cards left: player {i + 1} has {n} cards, more than the {size} in {cls.title}")
    names = counts.get("names")
    if names is not None:
        names = tuple(str(x) for x in names)
        if len(names) != len(left):
            raise ValueError(f"{len(names)} names given for {len(left)} players")
        if len(set(names)) != len(names):
            raise ValueError("two players have the same name")
    n = len(left)
    # A column naming a player may give them by index or by name; the variant's calculator does the rest.
    extras = {
        name: _who(counts[name], names, n, name) if column.kind == "player" else counts[name]
        for name, column in columns.items()
        if name != "left" and name in counts
    }
    scores = cls.score_counts(left, **extras)
    notes = scores.notes
    if names:
        notes = tuple(_rename(note, names) for note in notes)
    return Scores(
        scores.players,
        scores.dealer,
        names=names,
        dealer_name=counts.get("dealer"),
        variant=kind,
        notes=notes,
    )


def _rename(note: str, names: Sequence[str]) -> str:
    for i in range(len(names), 0, -1):
        note = note.replace(f"Player {i}:", f"{names[i - 1]}:").replace(f"Player {i} ", f"{names[i - 1]} ")
    return note


def scores_from_mapping(variant: str, mapping: Mapping[str, int], **extras: Any) -> Scores:
    """:func:`calculate` with ``{name: cards left}`` instead of two parallel lists."""
    return calculate(variant, left=list(mapping.values()), names=list(mapping), **extras)


# -- command line ------------------------------------------------------------------------------------


def _player_arg(value: str | None, names: Sequence[str] | None, n: int, what: str) -> int | str | None:
    """A player named on the command line: a name (with --names) or a number counted from 1."""
    if value is None:
        return None
    text = value.strip()
    if names and text in names:
        return text
    if text.isdigit() and 1 <= int(text) <= n:
        return int(text) - 1
    raise ValueError(f"{what} must be a player's name or number (1 to {n}), not {value!r}")


def add_cli_parser(sub: Any) -> None:
    """Register ``eleusis-lab score`` on an argparse subparsers object."""
    p = sub.add_parser(
        "score",
        help="score a round played with real cards",
        description="Score a round from the cards left in each player's hand (in seat order). "
        "Gardner also needs --wrong (first-half wrong cards); Express may take --guessed-by and --base; "
        "New Eleusis may take --prophet, --prophet-right, --prophet-wrong and --through. "
        "Players are named with --names or numbered from 1.",
    )
    p.add_argument("variant", metavar="VARIANT", help="gardner, express, new-eleusis or letters")
    p.add_argument("left", metavar="N", nargs="+", type=int, help="cards left in each player's hand")
    p.add_argument("--names", default=None, help="comma-separated player names, in seat order")
    p.add_argument("--dealer", default=None, help="the dealer's name (for the table)")
    p.add_argument("--wrong", metavar="N", nargs="+", type=int, help="Gardner: first-half wrong cards")
    p.add_argument("--guessed-by", default=None, help="Express: who guessed the rule (name or number)")
    p.add_argument("--base", type=int, default=None, help="Express: 12, or 10 with ten-card hands")
    p.add_argument("--prophet", default=None, help="New Eleusis: the prophet at the end (name or number)")
    p.add_argument("--prophet-right", type=int, default=None, help="mainline cards after the marker")
    p.add_argument("--prophet-wrong", type=int, default=None, help="sideline cards after the marker")
    p.add_argument("--through", type=int, default=None, help="cards played up to the prophet's marker")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    p.set_defaults(func=run_cli)


def run_cli(args: Any) -> int:
    """``eleusis-lab score``: print the scores table (or JSON); bad counts raise ValueError."""
    import json

    names = [x.strip() for x in args.names.split(",")] if args.names else None
    n = len(args.left)
    counts: dict[str, Any] = {"left": args.left}
    if names is not None:
        counts["names"] = names
    if args.dealer:
        counts["dealer"] = args.dealer
    optional = {
        "wrong": args.wrong,
        "base": args.base,
        "prophet_right": args.prophet_right,
        "prophet_wrong": args.prophet_wrong,
        "played_through_marker": args.through,
        "guessed_by": _player_arg(args.guessed_by, names, n, "--guessed-by"),
        "prophet": _player_arg(args.prophet, names, n, "--prophet"),
    }
    counts.update({k: v for k, v in optional.items() if v is not None})
    scores = calculate(args.variant, **counts)
    if args.json:
        print(json.dumps(scores.to_dict(), ensure_ascii=False))
    else:
        print(scores)
    return 0
