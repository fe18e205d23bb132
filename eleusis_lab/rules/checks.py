"""Rule checks: is a rule fit for play, and do two rules mean the same thing in play?

:func:`check` explores every situation a rule can lead to and reports the share of the deck playable
in each, the cards that can never be played, whether the line can dead-end, and the sources'
guidelines as plain-language verdicts.  :func:`same_rule` judges a guess against the secret rule and,
when they differ, finds a short mainline and a card to show the class.

**How situations are explored.** A rule reads at most ``rule.lookback`` cards back, so two mainlines
that end in the same cards are the same situation (a mainline shorter than the look-back is its own
situation, because missing history makes the rule accept).  Starting from every accepted starter, a
breadth-first search over these tails visits every situation the rule itself can produce: this is
*exhaustive*.  A rule that reads the position is exhaustive too when the position only appears as
``position % k``, ``position is even/odd``, ``[..][position]`` or compared with a number: the search
then also tracks the position, folded onto a period.  Anything else (``prev3`` with many situations,
other uses of the position) is checked by a seeded *simulation* of random lines.  Copies of the double
deck are identical for any rule, so only the 52 different faces are examined.  Tails that agree on
every attribute the rule reads from earlier cards share one row of verdicts, so a two-card rule about
colours costs 4 rows of 52 evaluations, not 2,704.

:func:`same_rule` runs the same search under the **secret** rule (its second argument) and compares
the guess with it in every situation found, the starter included.  If the two agree there, they also
build exactly the same lines, so the verdict does not depend on which rule is called the secret.  Its
lines are as long as the deck can make (a round passes every card that can come into play), so the
position is bounded: it is folded onto a period where that is short and otherwise tracked exactly,
and any pair of rules is exhaustive unless it is too large for the budget.  Then it is ``"bounded"``:
every line up to some length, then random lines, and never called the same (see :class:`Equivalence`).
Counterexamples come from a shortest line, preferring lines of distinct cards that a real deck holds.

Player-dependent rules are explored for a few sample players (names with odd and even letter counts,
seats 0-3), or the round's actual players.  Card supply is not modelled: a "playable" card is one the
rule allows, whether or not anybody still holds it.

**Acceptable** means what the sources require [000, 004]: every card can be played at some point
after the starter, the line never dead-ends, and a typical (median) situation leaves between a fifth
and three quarters of the deck playable.  Gardner's "at least a quarter" [000] and Express's "ideally
12–15 of 52" [004] are advice ("should", "ideally") and appear as verdicts; the acceptance floor sits
a little below both so that Express rule 7 (12 of 52) and the letter cycle (13 of 61) pass, while
Gardner's own bad example (4 of 52, dead end after a king) fails.

>>> from eleusis_lab.rules.checks import check, same_rule
>>> report = check("card.color != prev.color")
>>> report.acceptable, report.method, report.playable_median
(True, 'exhaustive', 0.5)
>>> check("card.rank == prev.rank + 1").acceptable
False
>>> same_rule("prev.color != card.color", "card.color != prev.color").same
True
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from eleusis_lab.cards import Card
from eleusis_lab.cards import deck as named_deck
from eleusis_lab.cards import designs as card_designs
from eleusis_lab.rules import ast
from eleusis_lab.rules.library import RuleLike, as_rule
from eleusis_lab.rules.rule import PlayerInfo, Rule

__all__ = [
    "Counterexample",
    "Equivalence",
    "RuleReport",
    "Situation",
    "check",
    "position_fold",
    "reachable_situations",
    "same_rule",
]

#: Sample players for player-dependent rules: name lengths 3, 4, 5, 6 (odd and even), seats 0-3.
SAMPLE_PLAYERS: tuple[str, ...] = ("Ada", "Bert", "Clara", "Dmitri")

#: Acceptance bounds on the median share of the deck playable (see the module docstring).
MIN_TYPICAL_SHARE = 1 / 5
MAX_TYPICAL_SHARE = 3 / 4
#: Gardner [000]: at least a quarter of the deck.  Express [004]: ideally 12-15 of 52.
GARDNER_SHARE = 1 / 4
EXPRESS_LOW, EXPRESS_HIGH = 12 / 52, 15 / 52

#: Above this many rule evaluations the exhaustive search gives way to simulation.
EXHAUSTIVE_BUDGET = 1_500_000
#: Above this many (situation, card) steps too (each costs a little even when its verdicts are cached).
EXHAUSTIVE_STEPS = 1_000_000
#: The same for a judgement (:func:`same_rule`), whose situations are cheap to judge but not to visit:
#: a visit costs about 0.4 microseconds of CPU here, so a judgement stays near a quarter of a second.
JUDGE_STEPS = 600_000
#: Simulation size: random lines of this many cards, and how many of them (at most).
SIM_WALKS, SIM_LENGTH = 120, 30
#: The most rule work one check or comparison does, so any rule is checked or compared in well under a
#: second: one unit is one node of a rule evaluated once, a primality test counts :data:`PRIME_WORK`.
#: The exhaustive search stays within it; a simulation tries fewer random lines when a long rule would
#: exceed it, and says so.  (The library's heaviest exhaustive check needs about 500,000; a unit is
#: about 0.3 microseconds here.)
WORK_BUDGET = 1_200_000
PRIME_WORK = 40
#: Positions are folded onto a period only when both the threshold and the period are this small.
MAX_POSITION_FOLD = 60


# -- resolving arguments -----------------------------------------------------------------------
def rule_work(rule: Rule) -> int:
    """What judging one card costs, in :data:`WORK_BUDGET` units: its nodes, primality tests weighing more.

    An upper bound (lazy evaluation often reads less), and deterministic, so a check's method and
    result never depend on how busy the machine is.
    """
    return sum(PRIME_WORK if isinstance(n, ast.Is) and n.predicate == "prime" else 1 for n in rule.ast.walk())


def _resolve_deck(
    deck: str | Sequence[Card] | None, *rules: Rule
) -> tuple[str, list[Card], int, dict[Card, int]]:
    """(deck name, distinct faces, physical card count, copies of each face).

    Refuses a rule read on the wrong kind of deck.
    """
    wants = {r.deck for r in rules} - {"any"}
    if len(wants) > 1:
        raise ValueError("one rule reads playing cards and the other letter cards: they cannot be compared")
    if deck is None:
        deck = "letters" if wants == {"letters"} else "standard"
    if isinstance(deck, str):
        _, named_faces, size, named_copies = _named_deck(deck)  # built once: a judgement takes a millisecond
        _check_deck_kind(wants, named_faces)
        return deck, list(named_faces), size, dict(named_copies)
    cards = list(deck)
    if not cards or not all(isinstance(c, Card) for c in cards):
        raise ValueError("a deck must be 'standard', 'double', 'letters' or a non-empty list of cards")
    faces, copies = _faces_and_copies(cards)
    _check_deck_kind(wants, faces)
    return f"custom ({len(cards)} cards)", faces, len(cards), copies


def _faces_and_copies(cards: Sequence[Card]) -> tuple[list[Card], dict[Card, int]]:
    """The different faces of a deck, and how many copies of each it holds."""
    copies: dict[Card, int] = {}
    for c in cards:
        copies[c.design] = copies.get(c.design, 0) + 1
    return card_designs(cards), copies


@functools.cache
def _named_deck(name: str) -> tuple[str, tuple[Card, ...], int, dict[Card, int]]:
    """A named deck's faces, size and copies (callers get copies of the list and the dict)."""
    cards = named_deck(name)
    faces, copies = _faces_and_copies(cards)
    return name, tuple(faces), len(cards), copies


def deck_size(name: str) -> int:
    """How many cards the named deck holds (``standard`` 52, ``double`` 104, ``letters`` 61)."""
    return _named_deck(name)[2]


def _check_deck_kind(wants: set[str], faces: Sequence[Card]) -> None:
    """Refuse a rule read on the wrong kind of deck."""
    has_letters = any(c.is_letter or c.is_blank for c in faces)
    has_playing = any(c.is_playing for c in faces)
    if "letters" in wants and not has_letters:
        raise ValueError("this rule reads letter-card features: use the letters deck")
    if "standard" in wants and not has_playing:
        raise ValueError("this rule reads ranks, suits or colours: check it with a playing-card deck")


def _players(rules: Sequence[Rule], player_names: Sequence[str] | None) -> list[PlayerInfo | None]:
    if not any(r.uses_player for r in rules):
        return [None]
    names = list(player_names) if player_names else list(SAMPLE_PLAYERS)
    if not names:
        raise ValueError("player_names must name at least one player")
    return [PlayerInfo(name, seat) for seat, name in enumerate(names)]


# -- the position: fold it onto a period where the rule allows ---------------------------------
def position_fold(rule: Rule, limit: int | None = MAX_POSITION_FOLD) -> tuple[int, int] | None:
    """``(threshold, period)`` such that positions at or after the threshold repeat with the period.

    ``(1, 1)`` for rules that never read the position; None when the position is used in a way this
    analysis does not follow, or when the threshold or the period exceeds ``limit`` (then
    :func:`check` simulates the rule; :func:`same_rule` passes no limit and tracks such positions
    exactly up to the longest line).
    """
    if not rule.uses_position:
        return (1, 1)
    nodes = rule.ast.walk()
    parent: dict[int, ast.Node] = {}
    for node in nodes:
        for child in node.children():
            parent[id(child)] = node
    threshold, period = 1, 1
    for node in nodes:
        if not (isinstance(node, ast.Ref) and node.name == "position"):
            continue
        up = parent.get(id(node))
        if isinstance(up, ast.Arith) and up.op == "%" and up.left is node and isinstance(up.right, ast.Int):
            if up.right.value <= 0:
                return None
            period = math.lcm(period, up.right.value)
        elif isinstance(up, ast.Is) and up.predicate in ("even", "odd"):
            period = math.lcm(period, 2)
        elif isinstance(up, ast.Index) and up.index is node and isinstance(up.seq, ast.ListOf):
            period = math.lcm(period, max(1, len(up.seq.items)))
        elif isinstance(up, ast.Compare):
            other = up.right if up.left is node else up.left
            if not isinstance(other, ast.Int):
                return None
            threshold = max(threshold, other.value + 2)
        elif isinstance(up, ast.In) and up.item is node:
            box = up.container
            if isinstance(box, ast.Range) and isinstance(box.low, ast.Int) and isinstance(box.high, ast.Int):
                threshold = max(threshold, box.high.value + 2, box.low.value + 2)
            elif isinstance(box, ast.ListOf) and all(isinstance(i, ast.Int) for i in box.items):
                threshold = max([threshold, *(i.value + 2 for i in box.items)])  # type: ignore[attr-defined]
            else:
                return None
        else:
            return None
    if limit is not None and (threshold > limit or period > limit):
        return None
    return threshold, period


def _position_atoms(rules: Sequence[Rule]) -> list[Any]:
    """The rules' largest sub-expressions that read the position and nothing else (``position > 100``,
    ``position % 61 == 60``, ``position``), compiled: two positions where all of them agree are judged
    alike, so a search computes each situation's verdicts once per such class, not once per position."""
    from eleusis_lab.rules.evaluator import Compiler
    from eleusis_lab.rules.typecheck import check as type_check

    atoms: list[Any] = []
    for rule in rules:
        if not rule.uses_position:
            continue
        compiler = Compiler(type_check(rule.ast))
        # what each node reads, children before parents (one pass: deep rules stay linear)
        reads: dict[int, frozenset[str]] = {}
        nodes = rule.ast.walk()
        for node in reversed(nodes):
            own = frozenset({node.name}) if isinstance(node, ast.Ref) else frozenset()
            reads[id(node)] = own.union(*(reads[id(c)] for c in node.children()))
        stack = [rule.ast]
        while stack:
            node = stack.pop()
            if reads[id(node)] == {"position"}:
                atoms.append(compiler.closure(node))
            elif "position" in reads[id(node)]:
                stack.extend(node.children())
    return atoms


def _position_classes(rules: Sequence[Rule], positions: Sequence[int]) -> list[object]:
    """For each position, the values of :func:`_position_atoms` there (a missing value is a value too)."""
    from eleusis_lab.rules.functions import Missing

    atoms = _position_atoms(rules)

    def value(atom: Any, position: int) -> object:
        try:
            return atom(None, range(position - 1), None)
        except Missing:
            return Missing

    return [tuple(value(atom, p) for atom in atoms) for p in positions]


# -- situations --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Situation:
    """A reachable situation: a real mainline leading to it, and the cards each player may play there."""

    mainline: tuple[Card, ...]
    player: PlayerInfo | None
    playable: tuple[Card, ...]


Rows = list[list[bool]]
_HISTORY_REFS = ("prev", "prev2", "prev3")
_RANK_PREDICATES = frozenset({"even", "odd", "prime", "face", "number", "high", "low"})


def _history_features(rules: Sequence[Rule]) -> tuple[str, ...] | None:
    """The card attributes the rules read from earlier cards, or None when they may read anything.

    Two mainlines whose last cards agree on these attributes are judged alike, so the acceptance of
    every card is computed once per combination of them (``gardner-3`` reads only colours: 4
    combinations instead of 2,704 pairs of cards).
    """
    features: set[str] = set()
    for rule in rules:
        nodes = rule.ast.walk()
        parent: dict[int, ast.Node] = {}
        for node in nodes:
            for child in node.children():
                parent[id(child)] = node
        for node in nodes:
            if not (isinstance(node, ast.Ref) and node.name in _HISTORY_REFS):
                continue
            up = parent.get(id(node))
            if isinstance(up, ast.Attr) and up.name in ast.CARD_ATTRS:
                features.add(up.name)
            elif isinstance(up, ast.Is) and up.predicate in _RANK_PREDICATES:
                features.add("rank")
            elif isinstance(up, ast.Is) and up.predicate in ("red", "black"):
                features.add("color")
            elif isinstance(up, ast.Is) and up.predicate == "blank":
                pass  # the kind of card is always part of the key
            else:
                return None
    return tuple(sorted(features))


class _Space:
    """Reachable situations of a rule (the *driver*), explored exhaustively or by simulation.

    Each situation yields the driver's verdict on every face and, for :func:`same_rule`, the verdicts
    of the other rules too (``rows[0]`` is the driver's).
    """

    def __init__(
        self,
        driver: Rule,
        faces: list[Card],
        players: list[PlayerInfo | None],
        lookback: int,
        fold: tuple[int, int] | None,
        copies: dict[Card, int] | None = None,
        others: Sequence[Rule] = (),
        start: Sequence[Card] = (),
        longest: int | None = None,
        steps_limit: int = EXHAUSTIVE_STEPS,
    ) -> None:
        self.driver = driver
        #: The longest mainline play can lay (None: any length).  Positions are then bounded too: where
        #: they cannot be folded onto a short period they are tracked exactly, 1 to ``longest``.
        self.longest = longest
        if longest is not None and any(r.uses_position for r in (driver, *others)):
            # Positions past the last one where the rules' view of the position changes are all alike,
            # and no line goes past ``longest``: fold them onto that one (exact with the length bound).
            seen = _position_classes((driver, *others), range(longest + 1))
            alike_from = longest
            while alike_from > 1 and seen[alike_from - 1] == seen[longest]:
                alike_from -= 1
            if fold is None or fold[0] + fold[1] > alike_from + 1:
                fold = (alike_from, 1)
        # play continues from this mainline (the cards already down), not from an empty table
        index = {c: i for i, c in enumerate(faces)}
        self.start = tuple(index[c.design] for c in start)
        self.rules = [driver, *others]
        self.faces = faces
        self.copies = copies or dict.fromkeys(faces, 1)
        self.players = players
        # a tail of at least one card, so that "the line has started" is part of every situation
        self.lookback = max(1, lookback)
        self.fold = fold
        if fold is not None:
            threshold, period = fold
            self.threshold = max(threshold, lookback + 1, 2)
            self.period = period
        self.tracks_position = any(r.uses_position for r in self.rules) or fold not in (None, (1, 1))
        self.features = _history_features(self.rules)
        #: Work of judging one card by every rule; a simulation's random lines are as many as fit.
        self.work = sum(rule_work(r) for r in self.rules)
        per_line = SIM_LENGTH * len(faces) * self.work
        self.walks = max(1, min(SIM_WALKS, WORK_BUDGET // per_line))
        #: After a budgeted :meth:`explore` that stopped early: every mainline of up to this many cards
        #: was examined (None: the search was complete).
        self.examined_up_to: int | None = None
        #: Situations (times faces) the search may visit: :data:`EXHAUSTIVE_STEPS`, or a judge's own.
        self.steps_limit = steps_limit
        #: Each phase's class of positions: verdicts are computed once per (tail, class, player).
        self.position_class: list[object] = [0]
        if fold is not None and self.tracks_position:
            self.position_class = _position_classes(self.rules, range(self.threshold + self.period))

    def clean(self, cards: Sequence[Card]) -> bool:
        """Whether these cards could all lie on one table: no face more often than the deck holds it."""
        seen: dict[Card, int] = {}
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
            if seen[c] > self.copies.get(c, 1):
                return False
        return True

    def _key(self, card: Card) -> object:
        if self.features is None:
            return card
        return (card.is_playing, card.is_blank, *(getattr(card, f) for f in self.features))

    # exhaustive --------------------------------------------------------------------------------
    def exhaustive_fits(self, abstract: bool = False) -> bool:
        """Whether the exhaustive search surely fits in the budget (situations and rule evaluations)."""
        if self.fold is None or self.lookback > 3:
            return False
        n = len(self.faces)
        tails = sum(n**k for k in range(self.lookback + 1))
        phases = self.threshold + self.period if self.tracks_position else 1
        position_classes = len(set(self.position_class))
        classes = len({self._key(c) for c in self.faces})
        keys = sum(classes**k for k in range(self.lookback + 1))
        judged = keys * position_classes * n * len(self.players)
        steps = (keys if abstract else tails) * phases * n * len(self.players)
        return (
            judged * len(self.rules) <= EXHAUSTIVE_BUDGET
            and judged * self.work <= WORK_BUDGET
            and steps <= self.steps_limit
        )

    def _phase(self, position: int) -> int:
        if not self.tracks_position:
            return 0
        limit = self.threshold + self.period
        return position if position < limit else self.threshold + (position - self.threshold) % self.period

    def _eval_mainline(self, tail: tuple[Card, ...], phase: int) -> list[Card]:
        if not self.tracks_position:
            return list(tail)
        pad = phase - 1 - len(tail)
        return [self.faces[0]] * pad + list(tail)

    def explore(
        self, abstract: bool = False, budget: float | None = None
    ) -> Iterator[tuple[tuple[Card, ...], list[Card], PlayerInfo | None, Rows]]:
        """Breadth-first over reachable situations: yields (real mainline, eval mainline, player, rows).

        ``rows[k][i]`` says whether rule k (0 = the driver) accepts ``faces[i]``; the real mainline is
        a shortest line leading to the situation (starter first), made of cards a real deck holds
        whenever such a line exists among the shortest ones.  With ``abstract``, situations whose
        tails agree on every attribute the rules read are visited once: exact for what can happen
        (dead ends, cards never playable, disagreements), but not for counting situations.

        With ``budget`` (a share of the exhaustive budgets, e.g. 0.5) the search stops before it would
        exceed it, at the first situation it cannot afford, and sets :attr:`examined_up_to`: situations
        are visited shortest line first, so every mainline of up to that many cards has been examined.
        """
        # Cards are handled by their index in ``faces``: tuples of small ints hash fast.
        faces, lookback, rules = self.faces, self.lookback, self.rules
        keys = [self._key(c) for c in faces]
        limit = [self.copies.get(c, 1) for c in faces]
        if abstract:
            classes: dict[object, int] = {}
            sym = [classes.setdefault(k, len(classes)) for k in keys]
        else:
            sym = list(range(len(faces)))

        def clean(line: tuple[int, ...]) -> bool:
            return all(line.count(i) <= limit[i] for i in set(line)) if len(set(line)) < len(line) else True

        State = tuple[tuple[int, ...], int]
        start: State = (tuple(sym[i] for i in self.start[-lookback:]), self._phase(len(self.start) + 1))
        path: dict[State, tuple[int, ...]] = {start: self.start}
        # whether each state's path is a line real cards make (known from its parent's: long lines stay cheap)
        clean_path: dict[State, bool] = {start: clean(self.start)}
        unclean: set[State] = set()
        queue = deque([start])
        cache: dict[tuple[object, ...], Rows] = {}
        allowed: dict[tuple[object, ...], list[int]] = {}  # the faces the driver accepts, by the same key
        position_class = self.position_class
        self.examined_up_to = None
        n, spent_work, spent_judged, spent_steps = len(faces), 0, 0, 0
        while queue:
            state = queue.popleft()
            tail, phase = state
            unclean.discard(state)  # from now on its children are built from the path it has
            real_ix = path[state]
            if self.longest is not None and len(real_ix) >= self.longest:
                break  # shortest lines first: every line from here on is longer than the deck allows
            if budget is not None:
                misses = sum((tuple(keys[i] for i in real_ix[-lookback:]), position_class[phase], seat)
                             not in cache for seat in range(len(self.players)))  # fmt: skip
                spent_work += misses * n * self.work
                spent_judged += misses * n * len(rules)
                spent_steps += len(self.players) * n
                if (
                    spent_work > budget * WORK_BUDGET
                    or spent_judged > budget * EXHAUSTIVE_BUDGET
                    or spent_steps > budget * self.steps_limit
                ):
                    self.examined_up_to = len(real_ix) - 1
                    return
            real = tuple(map(faces.__getitem__, real_ix))
            tail_ix = real_ix[-lookback:]  # the real cards behind the (possibly abstract) tail
            mainline = self._eval_mainline(tuple(faces[i] for i in tail_ix), phase)
            next_phase = self._phase(len(real_ix) + 2)
            tail_key = tuple(keys[i] for i in tail_ix)
            for seat, player in enumerate(self.players):
                memo = (tail_key, position_class[phase], seat)
                rows = cache.get(memo)
                if rows is None:
                    rows = [[r.accepts(c, mainline, player) for c in faces] for r in rules]
                    cache[memo] = rows
                    allowed[memo] = [i for i, ok in enumerate(rows[0]) if ok]
                yield real, mainline, player, rows
                real_clean = clean_path[state]
                keep = tail[max(0, len(tail) + 1 - lookback) :]  # the tail's cards still read after one more
                for i in allowed[memo]:
                    new_state = ((*keep, sym[i]), next_phase)
                    known = path.get(new_state)
                    if known is None:
                        line = (*real_ix, i)
                        path[new_state] = line
                        queue.append(new_state)
                        clean_path[new_state] = line_clean = real_clean and real_ix.count(i) < limit[i]
                        if not line_clean:
                            unclean.add(new_state)
                    elif (
                        new_state in unclean
                        and len(real_ix) + 1 == len(known)
                        and real_clean
                        and real_ix.count(i) < limit[i]
                    ):  # prefer a line that real cards can make, so examples can be laid out
                        path[new_state] = (*real_ix, i)
                        clean_path[new_state] = True
                        unclean.discard(new_state)

    # simulation ----------------------------------------------------------------------------------
    def simulate(
        self, seed: int = 0, length: int = SIM_LENGTH, budget: float | None = None
    ) -> Iterator[tuple[tuple[Card, ...], list[Card], PlayerInfo | None, Rows]]:
        """Seeded random lines under the driver: yields the same tuples as :meth:`explore`.

        With ``budget`` (a share of :data:`WORK_BUDGET`), lines of ``length`` cards are laid until the
        budget is spent (the last one may stop short); :attr:`walks` then counts the lines started.
        """
        rng = random.Random(seed)
        faces, rules = self.faces, self.rules
        step_work = len(faces) * self.work
        spent = 0
        walks = self.walks if budget is None else SIM_WALKS
        if budget is not None:
            self.walks = 0
        for walk in range(walks):
            if budget is not None:
                if spent + step_work > budget * WORK_BUDGET:
                    break
                self.walks = walk + 1
            mainline: list[Card] = [faces[i] for i in self.start]
            for _step in range(length):
                spent += step_work
                if budget is not None and spent > budget * WORK_BUDGET:
                    return
                player = rng.choice(self.players)
                rows = [[r.accepts(c, mainline, player) for c in faces] for r in rules]
                yield tuple(mainline), mainline, player, rows
                options = [c for c, ok in zip(faces, rows[0], strict=True) if ok]
                if not options:
                    break
                mainline = [*mainline, rng.choice(options)]


# -- check ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleReport:
    """What :func:`check` found.  Shares are fractions of the deck (0-1); ``str()`` reads aloud."""

    rule_text: str
    deck: str
    deck_size: int
    faces: int
    method: str  # "exhaustive" or "simulation"
    situations: int
    starter_share: float
    playable_min: float
    playable_median: float
    playable_max: float
    never_playable: list[Card]
    can_dead_end: bool
    dead_end_example: tuple[Card, ...] | None
    uses_player: bool
    players: tuple[str, ...]
    verdicts: list[str]
    acceptable: bool
    problems: list[str] = field(default_factory=list)
    #: Random lines tried by a simulation (0 when exhaustive): fewer than usual for a long rule.
    random_lines: int = 0

    def cards(self, share: float) -> int:
        """A share as a number of different cards of this deck."""
        return round(share * self.faces)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (cards as text)."""
        return {
            "rule": self.rule_text,
            "deck": self.deck,
            "deck_size": self.deck_size,
            "faces": self.faces,
            "method": self.method,
            "situations": self.situations,
            "starter_share": self.starter_share,
            "playable_min": self.playable_min,
            "playable_median": self.playable_median,
            "playable_max": self.playable_max,
            "playable_cards": {
                "min": self.cards(self.playable_min),
                "median": self.cards(self.playable_median),
                "max": self.cards(self.playable_max),
            },
            "never_playable": [str(c) for c in self.never_playable],
            "can_dead_end": self.can_dead_end,
            "dead_end_example": None
            if self.dead_end_example is None
            else [str(c) for c in self.dead_end_example],
            "uses_player": self.uses_player,
            "players": list(self.players),
            "verdicts": list(self.verdicts),
            "acceptable": self.acceptable,
            "problems": list(self.problems),
            "random_lines": self.random_lines,
        }

    def __str__(self) -> str:
        n = self.faces
        how = (
            f"every reachable situation ({self.situations})"
            if self.method == "exhaustive"
            else f"{self.situations} situations of random lines (simulation)"
        )
        lines = [
            f"Rule (canonical text): {self.rule_text}",
            f"Deck: {self.deck} ({n} different cards); checked over {how}.",
            f"Playable cards: at least {self.cards(self.playable_min)}, typically "
            f"{self.cards(self.playable_median)}, at most {self.cards(self.playable_max)} of {n} "
            f"({_pct(self.playable_min)} / {_pct(self.playable_median)} / {_pct(self.playable_max)}).",
            f"Starter: {self.cards(self.starter_share)} of {n} cards can start the line.",
            "Dead ends: "
            + (
                ("yes, e.g. after " + _line(self.dead_end_example) + ".")
                if self.dead_end_example
                else "yes, no card can even start the line."
                if self.can_dead_end
                else "none, the line can always go on."
            ),
            "Never playable after the starter: "
            + (_cards_text(self.never_playable) if self.never_playable else "none."),
            "",
            *(f"- {v}" for v in self.verdicts),
        ]
        return "\n".join(lines)


def _pct(share: float) -> str:
    return f"{round(100 * share)}%"


def _cards_text(cards: Sequence[Card], limit: int = 16) -> str:
    shown = _join(cards[:limit])
    more = (
        f" … ({len(cards)} cards)" if len(cards) > limit else f" ({len(cards)} card{'s' * (len(cards) != 1)})"
    )
    return shown + more


def _line(mainline: Sequence[Card]) -> str:
    return "the mainline " + _join(mainline) if mainline else "nothing"


def _join(cards: Sequence[Card]) -> str:
    """Cards as text; commas only when a card's text has spaces (letter cards)."""
    texts = [str(c) for c in cards]
    return (", " if any(" " in t for t in texts) else " ").join(texts)


def check(
    rule: RuleLike,
    deck: str | Sequence[Card] | None = None,
    *,
    player_names: Sequence[str] | None = None,
    seed: int = 0,
) -> RuleReport:
    """Check a rule against the sources' guidelines, exhaustively where possible.

    ``deck`` is ``"standard"``, ``"double"``, ``"letters"`` or a list of cards; by default the deck
    the rule is written for.  Player-dependent rules are judged for ``player_names`` (default: four
    sample names).  ``seed`` only matters when the rule has to be simulated.
    """
    rule = as_rule(rule)
    deck_name, faces, size, copies = _resolve_deck(deck, rule)
    players = _players([rule], player_names)
    fold = position_fold(rule)
    space = _Space(rule, faces, players, rule.lookback, fold, copies)
    exhaustive = space.exhaustive_fits()
    situations = space.explore() if exhaustive else space.simulate(seed)

    n = len(faces)
    shares: list[float] = []
    starter_counts: list[int] = []
    ever = [False] * len(faces)
    seen_rows: set[int] = set()  # rows are cached and shared: fold each distinct row in once
    dead_end: tuple[Card, ...] | None = None
    dead_end_clean = False
    count = 0
    for real, _mainline, _player, rows in situations:
        row = rows[0]
        count += 1
        k = sum(row)
        if not real:
            starter_counts.append(k)
        else:
            shares.append(k / n)
            if id(row) not in seen_rows:
                seen_rows.add(id(row))
                ever = [e or ok for e, ok in zip(ever, row, strict=True)]
        if k == 0 and (dead_end is None or (not dead_end_clean and space.clean(real))):
            dead_end, dead_end_clean = real, space.clean(real)
    if not shares:  # no starter at all: the line cannot begin
        shares = [0.0]
    never = [c for c, e in zip(faces, ever, strict=True) if not e]
    report_kwargs = {
        "rule_text": rule.text,
        "deck": deck_name,
        "deck_size": size,
        "faces": n,
        "method": "exhaustive" if exhaustive else "simulation",
        "situations": count,
        "random_lines": 0 if exhaustive else space.walks,
        "starter_share": min(starter_counts) / n if starter_counts else 0.0,
        "playable_min": min(shares),
        "playable_median": statistics.median(shares),
        "playable_max": max(shares),
        "never_playable": never,
        "can_dead_end": dead_end is not None,
        "dead_end_example": dead_end,
        "uses_player": rule.uses_player,
        "players": tuple(p.name for p in players if p is not None),
    }
    verdicts, problems = _verdicts(report_kwargs, n)
    return RuleReport(
        **report_kwargs,  # type: ignore[arg-type]
        verdicts=verdicts,
        acceptable=not problems,
        problems=problems,
    )


def _verdicts(r: dict[str, Any], n: int) -> tuple[list[str], list[str]]:
    """Plain-language verdicts, and the problems that make a rule unacceptable."""
    verdicts: list[str] = []
    problems: list[str] = []
    median, low = r["playable_median"], r["playable_min"]
    typical = round(median * n)
    worst = round(low * n)

    if median >= GARDNER_SHARE:
        text = (
            "Gardner [000]: at least a quarter of the deck should be playable. "
            f"Typically {typical} of {n} are — good."
        )
        if low < GARDNER_SHARE:
            text += f" (At worst only {worst}.)"
    else:
        text = (
            f"Gardner [000]: at least a quarter of the deck should be playable. Typically only {typical} "
            f"of {n} are — below a quarter, so players struggle to get rid of their cards."
        )
    verdicts.append(text)

    lo, hi = round(EXPRESS_LOW * n), round(EXPRESS_HIGH * n)
    express = (
        f"Eleusis Express [004]: ideally about {lo}-{hi} of {n} cards are playable at any moment. "
        f"Typically {typical}"
    )
    if typical < lo:
        express += " — fewer: hard to play even for someone who has found the rule."
    elif typical > hi:
        express += " — more than ideal: more plays succeed by chance, so the evidence comes more slowly."
    else:
        express += " — right in the ideal range."
    verdicts.append(express)

    if r["never_playable"]:
        cards = r["never_playable"]
        verdicts.append(
            f"Every card should be playable at some point [004]: {_cards_text(cards)} never are, "
            "so they stay stuck in the players' hands."
        )
        problems.append(f"{len(cards)} card{'s' * (len(cards) != 1)} never playable")
    else:
        verdicts.append("Every card is playable at some point [004] — good.")

    if r["can_dead_end"]:
        example = r["dead_end_example"]
        verdicts.append(
            f"The line must never dead-end [004], but it can: after {_line(example)} no card is playable."
            if example
            else "The line must never dead-end [004], but no card can even start it."
        )
        problems.append("the line can dead-end")
    else:
        verdicts.append("The line never dead-ends [004] — good.")

    if median < MIN_TYPICAL_SHARE:
        problems.append(f"too strict (typically {typical} of {n} playable)")
    elif median > MAX_TYPICAL_SHARE:
        verdicts.append(
            f"Almost anything goes: typically {typical} of {n} cards are playable, so the rule is hard to "
            "tell apart from no rule at all [004]."
        )
        problems.append(f"too loose (typically {typical} of {n} playable)")

    if r["uses_player"]:
        verdicts.append(
            "The rule depends on who plays; Gardner [000] allows this only if the dealer announces it. "
            f"Checked for the players {', '.join(r['players'])}."
        )
    if r["method"] == "simulation":
        verdicts.append(
            "This rule was checked by simulating random lines, not every situation: a rare dead end or "
            "a rarely playable card may have been missed."
        )
        if r["random_lines"] < SIM_WALKS:
            verdicts.append(_shortened(r["random_lines"]))
    if problems:
        verdicts.append("Not acceptable for play: " + "; ".join(problems) + ".")
    else:
        verdicts.append("Acceptable for play.")
    return verdicts, problems


def reachable_situations(
    rule: RuleLike,
    deck: str | Sequence[Card] | None = None,
    *,
    player_names: Sequence[str] | None = None,
    seed: int = 0,
) -> Iterator[Situation]:
    """Every situation the rule can lead to (or a seeded sample when it cannot be enumerated)."""
    rule = as_rule(rule)
    _, faces, _, copies = _resolve_deck(deck, rule)
    players = _players([rule], player_names)
    space = _Space(rule, faces, players, rule.lookback, position_fold(rule), copies)
    source = space.explore() if space.exhaustive_fits() else space.simulate(seed)
    for real, _mainline, player, rows in source:
        yield Situation(real, player, tuple(c for c, ok in zip(faces, rows[0], strict=True) if ok))


# -- same_rule ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Counterexample:
    """A mainline and a card on which the two rules disagree (checked with ``accepts``)."""

    mainline: tuple[Card, ...]
    card: Card
    player: PlayerInfo | None
    a_accepts: bool
    b_accepts: bool

    def explain(self, a_name: str = "the guess", b_name: str = "the secret rule") -> str:
        """One sentence for the class."""
        where = "As the starter" if not self.mainline else "After " + _join(self.mainline)
        who = f" played by {self.player.name}" if self.player is not None else ""
        yes, no = (a_name, b_name) if self.a_accepts else (b_name, a_name)
        return f"{where}, the card {self.card}{who} is accepted by {yes} but rejected by {no}."

    def to_dict(self) -> dict[str, Any]:
        return {
            "mainline": [str(c) for c in self.mainline],
            "card": str(self.card),
            "player": None if self.player is None else self.player.name,
            "a_accepts": self.a_accepts,
            "b_accepts": self.b_accepts,
        }


@dataclass(frozen=True, slots=True)
class Equivalence:
    """The answer of :func:`same_rule`: ``bool(eq)`` is ``eq.same``, which is True only when proven.

    ``method`` is ``"identical"`` (the same text), ``"exhaustive"`` (every situation compared: the
    verdict is exact) or ``"bounded"`` (the search ran out of budget: every line of up to
    :attr:`same_up_to` cards was compared, then random lines; with no counterexample the rules are
    *not proven* the same, and ``same`` is False).
    """

    same: bool
    counterexample: Counterexample | None
    method: str  # "identical", "exhaustive" or "bounded"
    situations: int  # kinds of situation compared (tails that differ in what the rules read)
    #: Random lines tried after a bounded search (0 otherwise).
    random_lines: int = 0
    #: The longest line compared: the deck's size unless the caller said otherwise.
    longest_line: int = 0
    #: ``"bounded"`` only: the rules judge every card alike on every line up to this many cards.
    same_up_to: int | None = None

    def __bool__(self) -> bool:
        return self.same

    @property
    def undecided(self) -> bool:
        """No difference found, but not proven the same either (the search's budget ran out)."""
        return not self.same and self.counterexample is None

    def explain(self, a_name: str = "the guess", b_name: str = "the secret rule") -> str:
        if self.counterexample is not None:
            return self.counterexample.explain(a_name, b_name)
        if self.method == "identical":
            return f"{a_name.capitalize()} is the same rule as {b_name}, word for word."
        if self.method == "exhaustive":
            return (
                f"{a_name.capitalize()} and {b_name} accept exactly the same cards in every situation "
                f"that can arise in play on lines of up to {self.longest_line} cards "
                f"({self.situations} kinds of situation checked)."
            )
        walks = self.random_lines
        tried = f" (and on {walks} random line{'s' * (walks != 1)} of up to {self.longest_line} cards)"
        return (
            f"{a_name.capitalize()} and {b_name} are the same on every line up to "
            f"{card_count(self.same_up_to)}{tried if walks else ''}, but checking longer lines would "
            "exceed the checker's budget: they are not proven the same rule."
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "same": self.same,
            "method": self.method,
            "situations": self.situations,
            "random_lines": self.random_lines,
            "longest_line": self.longest_line,
            "same_up_to": self.same_up_to,
            "counterexample": None if self.counterexample is None else self.counterexample.to_dict(),
        }


#: Share of the budgets a search that cannot be exhaustive spends on every short line (the rest goes to
#: random lines), so that a bounded judgement costs what a full one may.
BOUNDED_SHARE = 0.5


def same_rule(
    a: RuleLike,
    b: RuleLike,
    deck: str | Sequence[Card] | None = None,
    player_names: Sequence[str] | None = None,
    *,
    seed: int = 0,
    mainline: Sequence[Card] = (),
    longest_line: int | None = None,
) -> Equivalence:
    """Do ``a`` (the guess) and ``b`` (the secret rule) accept the same plays wherever play can go?

    The situations compared are those that can arise **under the secret rule ``b``**, as RULES.md
    asks ("agrees with the secret rule on every position that can arise"), including the starter, on
    lines of up to ``longest_line`` cards: by default as many as the deck holds (52 for the standard
    deck, 104 for the double deck; a round passes every card that can come into play).  Any card the
    secret rule accepts may come next (who holds it is not modelled).  A guess that differs only on
    mainlines the secret rule can never build is judged the same.  The counterexample, if any, is on a
    shortest such mainline and is re-checked with both rules.

    ``same`` is True only when every such situation was compared (``method == "exhaustive"``).  The
    rules read the card, up to three cards back, the position and the player; the position matters
    only through the numbers it is compared with and divided by, so it is folded onto a period where
    that is short and otherwise tracked exactly up to ``longest_line``: every pair of rules is then
    finite to search, and only its size can stop it.  When the search would exceed the budget
    (:data:`WORK_BUDGET`, :data:`EXHAUSTIVE_BUDGET`), half of it examines every line shortest first
    and the other half random lines; with no counterexample the answer is ``"bounded"``: the same on
    every line up to ``same_up_to`` cards, not proven beyond, and ``same`` is False.

    With ``mainline`` (the cards already down, starter first), play goes on from there: only the
    situations that can still arise are compared, as the language-model benchmark judges a guess
    "relative to the current mainline".  The counterexample's mainline then begins with it.
    """
    a, b = as_rule(a), as_rule(b)
    # the deck is the secret rule's; a guess about the other kind of card is simply a different rule
    _, faces, size, copies = _resolve_deck(deck, b)
    longest = size if longest_line is None else longest_line
    if isinstance(longest, bool) or not isinstance(longest, int) or longest < 1:
        raise ValueError("the longest line must be a whole number of cards, 1 or more")
    if a == b:
        return Equivalence(True, None, "identical", 0, longest_line=longest)
    start = list(mainline)
    strangers = [c for c in start if c.design not in set(faces)]
    if strangers:
        raise ValueError(f"the mainline holds {strangers[0]}, which is not a card of this rule's deck")
    if len(start) >= longest:
        raise ValueError(f"the mainline holds {len(start)} cards: lines here hold at most {longest}")
    players = _players([a, b], player_names)
    fold_a, fold_b = position_fold(a, None), position_fold(b, None)
    fold = None if fold_a is None or fold_b is None else _join_folds(fold_a, fold_b)
    lookback = max(a.lookback, b.lookback)
    space = _Space(
        b,
        faces,
        players,
        lookback,
        fold,
        copies,
        others=[a],
        start=start,
        longest=longest,
        steps_limit=JUDGE_STEPS,
    )
    # only disagreements matter here, not how many situations there are: visit each kind once
    budget = None if space.exhaustive_fits(abstract=True) else BOUNDED_SHARE

    def situations() -> Iterator[tuple[tuple[Card, ...], list[Card], PlayerInfo | None, Rows]]:
        yield from space.explore(abstract=True, budget=budget)
        if space.examined_up_to is not None:  # every short line is the same: try long ones at random
            yield from space.simulate(seed, length=longest - len(start), budget=1 - BOUNDED_SHARE)

    count = 0
    fallback: Counterexample | None = None
    for real, _mainline, player, (row_b, row_a) in situations():
        count += 1
        if row_a == row_b:
            continue
        on_table = Counter(real) if space.clean(real) else None  # None: no real deck lays this line
        for card, b_ok, a_ok in zip(faces, row_b, row_a, strict=True):
            if a_ok == b_ok:
                continue
            clean = on_table is not None and on_table[card] < copies.get(card, 1)
            if not clean and fallback is not None:
                continue
            found = _confirm(a, b, real, card, player)
            if found is None:  # pragma: no cover - would mean the position folding was wrong
                continue
            if clean:
                return _answer(space, False, found, count, longest)
            # a face repeated more often than the deck holds it: keep looking for a line real cards make
            fallback = found
    if fallback is not None:
        return _answer(space, False, fallback, count, longest)
    return _answer(space, space.examined_up_to is None, None, count, longest)


def _answer(space: _Space, same: bool, found: Counterexample | None, count: int, longest: int) -> Equivalence:
    examined = space.examined_up_to
    return Equivalence(
        same,
        found,
        "exhaustive" if examined is None else "bounded",
        count,
        random_lines=0 if examined is None else space.walks,
        longest_line=longest,
        same_up_to=None if examined is None else examined + 1,
    )


def card_count(n: int | None) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} card{'s' * (n != 1)}"


def _shortened(lines: int) -> str:
    return (
        f"The rule is long, so to keep the check quick only {lines} random line{'s' * (lines != 1)} of "
        f"{SIM_LENGTH} cards {'were' if lines != 1 else 'was'} tried instead of {SIM_WALKS}."
    )


def _join_folds(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    return max(x[0], y[0]), math.lcm(x[1], y[1])


def _confirm(
    a: Rule, b: Rule, mainline: tuple[Card, ...], card: Card, player: PlayerInfo | None
) -> Counterexample | None:
    """The disagreement replayed on the real mainline (it always holds; checked so it is never wrong)."""
    line = list(mainline)
    ra, rb = a.accepts(card, line, player), b.accepts(card, line, player)
    if ra == rb:  # pragma: no cover - would mean the position folding was wrong
        return None
    return Counterexample(tuple(mainline), card, player, ra, rb)
