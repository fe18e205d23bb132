"""Conformance checks that every variant must pass, for tests and long soak runs.

:func:`check_round_conformance` plays one random complete round of a variant with one rule and
checks, at every step, what the design promises:

- the round reaches an end;
- cards are conserved: hands + stock + mainline + sidelines + set aside (+ discards, Gardner's
  wrong cards) = the deck, as multisets, and the public views agree with that count;
- the scores equal those the variant recomputes from its log by a second path
  (:meth:`~eleusis_lab.play.round.Round.scores_from_log`, the formulas of ``RULES.md``);
- every judgement of the computer dealer is what the secret rule says, and the reason the round
  ended (out, blocked, stock, guessed, expelled, no-play, turns) holds in the final state;
- the same seed and the same actions give the same round: replayed on a fresh round, the state
  matches after every action and the final ``to_json`` is equal;
- every refused action (wrong player, card not in hand, bad card text, play after the end, bad
  guess text …) raises a :class:`~eleusis_lab.play.GameError` and leaves ``to_json`` and the
  visible state identical (probed every few actions, and whenever a computer's choice is refused);
- ``load_round(r.to_json())`` reproduces the intermediate states (a few chosen at random and the
  last; every one with ``reload_points=None``, as ``scripts/soak.py --thorough`` does);
- ``undo`` (one to three times) at random points gives the round of the shorter log.

It returns a list of failures (empty = conformant), so a soak can count them.  Nothing here names a
variant: what a variant offers is read from its description and its ``legal_actions``, so a variant
registered with :func:`~eleusis_lab.play.register_variant` is checked like the built-in ones.

>>> check_round_conformance("express", "express-1", seed=3)
[]
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from eleusis_lab import scoring
from eleusis_lab.cards import Card
from eleusis_lab.cards import deck as make_deck
from eleusis_lab.play import actions as act
from eleusis_lab.play import events as ev
from eleusis_lab.play.variant import VARIANTS as _REGISTERED

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.play.round import Round

__all__ = [
    "VARIANTS",
    "Action",
    "ConformanceReport",
    "check_cards",
    "check_deck",
    "check_end",
    "check_judgements",
    "check_refusals",
    "check_round_conformance",
    "check_scores",
    "conformance_suite",
    "expected_scores",
    "illegal_actions",
    "rules_for",
    "state_summary",
]

#: The variants built in (registered when :mod:`eleusis_lab.play` is imported).  A variant registered
#: later is checked by its key: ``check_round_conformance("toy", …)``.
VARIANTS: tuple[str, ...] = tuple(_REGISTERED)
DEFAULT_PLAYERS = ("Ana", "Ben", "Cleo", "Dev")


def rules_for(variant: str) -> list[Any]:
    """The library entries a variant can be played with: the playable rules of the kinds of card it
    reads that it does not refuse (:meth:`~eleusis_lab.play.round.Round.check_rule`)."""
    from eleusis_lab.play import GameError, find_variant
    from eleusis_lab.rules import library

    cls = find_variant(variant)
    out = []
    for deck in cls.rule_decks():
        for entry in library.playable(deck):
            try:
                cls.check_rule(entry.rule)
            except GameError:
                continue
            out.append(entry)
    return out


# -- a recorded action -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One successful call on a round: ``method`` name, positional and keyword arguments."""

    method: str
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...] = ()

    def apply(self, round: Round) -> Any:
        return getattr(round, self.method)(*self.args, **dict(self.kwargs))

    def __str__(self) -> str:
        args = ", ".join([*(_show(a) for a in self.args), *(f"{k}={_show(v)}" for k, v in self.kwargs)])
        return f"{self.method}({args})"


def _show(value: Any) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + " ".join(_show(v) for v in value) + "]"
    return repr(value)


# The calls that act on a round (``apply`` takes any listed action, as the driver's DeclineGuess).
_ACTIONS = ("apply", "play", "no_play", "guess", "declare_prophet", "overrule_guess", "give_hint", "buy_hint")


class _Recorder:
    """Stands in for a round while computer players drive it: records each successful action and
    runs the per-step checks; a refused action is checked to change nothing."""

    def __init__(
        self,
        round: Round,
        on_action: Callable[[Action], None],
        last_state: Callable[[], Any],
        failures: list[str],
    ) -> None:
        self._round = round
        self._on_action = on_action
        self._last_state = last_state
        self._failures = failures

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._round, name)
        if name not in _ACTIONS:
            return value

        def call(*args: Any, **kwargs: Any) -> Any:
            from eleusis_lab.play import GameError

            events = self._round.events
            try:
                result = value(*args, **kwargs)
            except GameError:
                if (
                    self._round.events != events
                    or state_summary(self._round, full=False) != self._last_state()
                ):
                    self._failures.append(f"refused {Action(name, args)} changed the round")
                raise
            self._on_action(Action(name, tuple(args), tuple(sorted(kwargs.items()))))
            return result

        return call


# -- views of a state --------------------------------------------------------------------------------


def state_summary(round: Round, *, full: bool = True) -> dict[str, Any]:
    """Everything a board shows, as plain values (to compare a live round with a reloaded one).

    ``full=False`` leaves out the evidence, which is long to rebuild at every step of a long round."""
    summary: dict[str, Any] = {
        "variant": round.variant,
        "players": list(round.players),
        "current": round.current_player,
        "over": round.is_over,
        "phase": round.phase,
        "mainline": tuple(round.mainline),
        "sidelines": [[(p.cards, p.player, p.returned) for p in col] for col in round.sidelines],
        "markers": list(round.markers),
        "prophet": round.prophet,
        "stock": round.stock_size,
        "events": len(round.events),
    }
    if not round.physical:
        summary["hands"] = {p: tuple(round.hand(p)) for p in round.players}
    summary["scores"] = _scores_tuple(round)
    if full:
        summary["evidence"] = tuple(round.evidence())
    return summary


def _scores_tuple(round: Round) -> tuple[Any, Any] | None:
    try:
        s = round.scores()
    except ValueError:
        return None
    return (tuple(s.players), s.dealer)


# -- cards ---------------------------------------------------------------------------------------------


def deck_of(round: Round) -> Counter[Card]:
    """Every physical card the round has brought in: the dealt deck plus any refreshed stock."""

    total: Counter[Card] = Counter()
    for e in round.events:
        if isinstance(e, ev.Dealt):
            total.update(e.deck)
        elif isinstance(e, ev.StockRefreshed):
            total.update(e.cards)
    return total


@functools.lru_cache(maxsize=8)
def _deck_designs(name: str) -> Counter[Card]:
    return Counter(c.design for c in make_deck(name))


@functools.lru_cache(maxsize=8)
def _deck_cards(name: str) -> tuple[Card, ...]:
    return tuple(make_deck(name))


def check_deck(round: Round) -> list[str]:
    """The cards dealt are cards of the variant's deck (each face no more often than printed)."""
    if round.physical:
        return []
    allowed = Counter(c.design for c in round.deck())  # the round's own deck (options may change it)
    for e in round.events:
        if isinstance(e, ev.StockRefreshed):  # a refresh brings in another deck of the same kind
            allowed += Counter(c.design for c in e.cards)
    dealt = Counter(c.design for c in deck_of(round))
    if not dealt <= allowed:
        return ["the dealt deck holds cards the variant's deck does not"]
    if len(set(deck_of(round))) != sum(deck_of(round).values()):
        return ["two physical cards of the deal are the same card"]
    return []


def check_cards(round: Round, deck: Counter[Card] | None = None) -> list[str]:
    """Conservation: every card of the deck is in exactly one place, and the public views agree."""
    if round.physical:
        return []
    failures = []
    where = round.all_cards()
    found: Counter[Card] = Counter()
    for cards in where.values():
        found.update(cards)
    if deck is None:
        deck = deck_of(round)
    if found != deck:
        missing = deck - found
        extra = found - deck
        lost, more = sorted(map(str, missing))[:6], sorted(map(str, extra))[:6]
        failures.append(f"cards not conserved: missing {lost}, extra {more}")
    hands = [c for p in round.players for c in round.hand(p)]
    if len(hands) != len(where["hands"]) or Counter(hands) != Counter(where["hands"]):
        failures.append("round.hand() disagrees with the cards counted in hands")
    if round.mainline != where["mainline"]:
        failures.append("round.mainline disagrees with the cards counted on the mainline")
    if round.stock_size != len(where["stock"]):
        failures.append("round.stock_size disagrees with the stock")
    on_sidelines = [c for col in round.sidelines for p in col if not p.returned for c in p.cards]
    if on_sidelines != where["sidelines"]:
        failures.append("round.sidelines disagrees with the cards counted on the sidelines")
    return failures


# -- scores recomputed from the log -------------------------------------------------------------------


def expected_scores(round: Round) -> scoring.Scores:
    """The round's scores recomputed from its log by the variant's second path
    (:meth:`~eleusis_lab.play.round.Round.scores_from_log`), to set beside ``round.scores()``."""
    result: scoring.Scores = round.scores_from_log()
    return result


def _close(a: Any, b: Any) -> bool:
    return abs(float(a) - float(b)) < 1e-9


def check_scores(round: Round) -> list[str]:
    got = round.scores()
    try:
        want = expected_scores(round)
    except NotImplementedError as error:
        return [str(error)]
    if len(got.players) != len(want.players) or not all(
        _close(a, b) for a, b in zip(got.players, want.players, strict=True)
    ):
        return [f"player scores {list(got.players)} differ from the formula's {list(want.players)}"]
    if not _close(got.dealer, want.dealer):
        return [f"dealer score {got.dealer} differs from the formula's {want.dealer}"]
    return []


# -- the computer dealer's judgements and the end ------------------------------------------------------


def _fits(rule: Any, cards: Sequence[Card], mainline: Sequence[Card], info: Any) -> bool:
    line = list(mainline)
    for card in cards:
        if not rule.accepts(card, line, info):
            return False
        line.append(card)
    return True


def check_judgements(round: Round) -> list[str]:
    """Every judgement in the evidence is what the secret rule says (the referee may read the rule)."""
    rule = round.rule
    failures = []
    for obs in round.evidence():
        info = round.player_info(obs.player) if obs.player in round.players else None
        fits = _fits(rule, obs.cards, obs.mainline, info)
        if obs.kind == "starter" and not obs.accepted:
            if fits:
                failures.append(f"{obs.cards[0]} could start the line but was turned down")
        elif obs.accepted != fits:
            verdict = "accepted" if obs.accepted else "rejected"
            failures.append(f"{' '.join(map(str, obs.cards))} by {obs.player} was {verdict} against the rule")
        if len(failures) >= 3:
            break
    return failures


def check_end(round: Round) -> list[str]:
    """The reason the round ended holds in the final state."""
    end = round.end
    if end is None:
        return ["the round has no end event"]
    reason, who = end.reason, end.player
    rule = round.rule
    if reason == "out" and (who is None or round.hand(who)):
        return [f"the round ended with {who} out, but they hold cards"]
    if reason == "blocked":
        line = round.mainline
        for p in round.players:
            info = round.player_info(p)
            if any(rule.accepts(c, line, info) for c in round.hand(p)):
                return [f"the round ended blocked, but {p} holds a card that fits"]
    if reason == "stock" and round.stock_size:
        return ["the round ended for want of stock, but the stock holds cards"]
    if reason == "guessed" and ev.guesser(round.events) != who:
        return [f"the round ended with {who}'s correct guess, but the log does not show one"]
    if reason == "expelled":
        playing = [p for p in round.players if p not in round.expelled and p != round.prophet]
        if playing:
            return [f"the round ended by expulsion, but {', '.join(playing)} still play"]
    if reason == "turns" and round.turns_left != 0:
        return [f"the round ended for want of turns, but {round.turns_left} are left"]
    if reason == "no-play":
        last = [e for e in round.events if isinstance(e, ev.NoPlayDeclared)]
        if not last or last[-1].player != who or not last[-1].correct:
            return [f"the round ended on {who}'s no-play, but the log does not show a right one"]
    return []


# -- refused actions -----------------------------------------------------------------------------------


def _lists(round: Round, player: str | None, kind: type[act.Action]) -> bool:
    return any(isinstance(a, kind) for a in round.legal_actions(player))


def illegal_actions(round: Round, rng: random.Random) -> list[Action]:
    """Actions the round must refuse now: wrong player, unknown player, cards not held, bad text, and
    what its ``legal_actions`` does not list (a no-play, a guess, a prophet; a string longer than its
    ``max_string``)."""
    out: list[Action] = []
    players = list(round.players)
    current = round.current_player
    deck = _deck_cards(round.deck_name) if round.physical else tuple(round.deck())
    out.append(Action("play", ("Nobody at all", deck[0])))
    out.append(Action("play", (players[0], "not a card")))
    out.append(Action("play", (players[0], 42)))
    out.append(Action("guess", (players[-1], "")))
    # Unreadable guess text is refused where no guess is listed; where one is, the variant judges the
    # text (the solo protocol counts it a wrong guess, as the benchmark does).
    if not _lists(round, players[0], act.Guess):
        out.append(Action("guess", (players[0], "card.colour == = prev")))
    if not _lists(round, players[0], act.DeclareProphet):
        out.append(Action("declare_prophet", (players[0],)))
    if round.is_over:
        for p in players:
            hand = round.hand(p) if not round.physical else []
            out.append(Action("play", (p, hand[0] if hand else deck[0])))
            out.append(Action("no_play", (p,)))
            out.append(Action("guess", (p, "card.color != prev.color")))
        return out
    if current is None:
        return out
    for p in players:
        if p != current:
            hand = round.hand(p)
            out.append(Action("play", (p, rng.choice(hand) if hand else deck[0])))
            if not _lists(round, p, act.NoPlay):
                out.append(Action("no_play", (p,)))
            break
    hand = round.hand(current)
    designs = {c.design for c in hand}
    absent = [c for c in deck if c.design not in designs]
    if absent:
        out.append(Action("play", (current, rng.choice(absent))))
    if hand:
        out.append(Action("play", (current, [hand[0]] * (round.max_string + 1))))
    if len(hand) > round.max_string:
        out.append(Action("play", (current, hand[: round.max_string + 1])))
    if hand:
        out.append(Action("play", (current, [])))
    if not _lists(round, current, act.NoPlay):
        out.append(Action("no_play", (current,)))
    return out


def check_refusals(round: Round, actions: Iterable[Action]) -> list[str]:
    """Apply each action, which must be refused with a GameError that changes nothing."""
    from eleusis_lab.play import GameError

    failures = []
    before_json = round.to_json()
    before_state = state_summary(round, full=False)
    events = round.events
    for action in actions:
        try:
            action.apply(round)
        except GameError:
            pass
        except Exception as error:  # any other exception is a bug: refusals must be GameErrors
            failures.append(f"{action} raised {type(error).__name__} ({error}), not a GameError")
        else:
            failures.append(f"{action} was accepted but should be refused")
            return failures  # the round has changed; stop probing it
        if round.events != events or state_summary(round, full=False) != before_state:
            failures.append(f"refused {action} changed the round")
            return failures
    if round.to_json() != before_json:
        failures.append("refused actions changed the saved round")
    return failures


# -- the whole check -----------------------------------------------------------------------------------


def _computers(kind: str, players: Sequence[str], seed: int) -> dict[str, Any]:
    """Computer players for every seat: ``random`` (prophet calls mostly left unentered, so
    prophets sometimes stay in office), ``careful``, or ``mixed`` (random and careful in turn)."""
    from eleusis_lab.play.players import lookup

    out = {}
    for i, name in enumerate(players):
        k = kind if kind != "mixed" else ("random", "careful")[i % 2]
        extra = {"call_rate": 0.05} if k == "random" else {}
        out[name] = lookup(k, seed=seed * 31 + i, **extra)
    return out


def check_round_conformance(
    variant: str,
    rule: Any,
    seed: int = 0,
    *,
    players: Sequence[str] = DEFAULT_PLAYERS,
    player: str = "random",
    probe_every: int = 7,
    reload_points: int | None = 4,
    undo_points: int = 3,
    max_actions: int = 3000,
    **options: Any,
) -> list[str]:
    """Play one random complete round and check every promise (see the module docstring).

    ``rule`` is a Rule, rule text or library key (or a library entry); returns the failures.
    The same actions are replayed on a fresh round and compared state by state; ``reload_points``
    intermediate saves (None: every one) are loaded and compared, and ``undo_points`` undos.
    """
    from eleusis_lab.play import GameError, find_variant, load_round, new_round
    from eleusis_lab.play.driver import DriverError, advance

    if hasattr(rule, "key") and hasattr(rule, "text"):
        rule = rule.key
    most = find_variant(variant).max_players
    if most is not None:
        players = tuple(players)[:most]
    failures: list[str] = []
    rng = random.Random(f"conformance/{variant}/{rule}/{seed}")
    try:
        round = new_round(variant, list(players), rule, seed=seed, **options)
    except GameError as error:
        return [f"cannot deal: {error}"]
    summaries = [state_summary(round, full=False)]
    actions: list[Action] = []
    failures += check_deck(round)
    deck = deck_of(round)
    refreshes = 0
    failures += check_cards(round, deck)

    try:
        round.undo()
    except GameError:
        if state_summary(round, full=False) != summaries[0]:
            failures.append("a refused undo at the start changed the round")
    else:
        failures.append("undo with no action was accepted")

    def after_action(action: Action) -> None:
        nonlocal deck, refreshes
        actions.append(action)
        summaries.append(state_summary(round, full=False))
        now = sum(1 for e in round.events if e.type == "stock-refreshed")
        if now != refreshes:
            deck, refreshes = deck_of(round), now
        for f in check_cards(round, deck):
            failures.append(f"after {action}: {f}")
        if len(actions) % probe_every == 0:
            for f in check_refusals(round, illegal_actions(round, rng)):
                failures.append(f"at action {len(actions)}: {f}")

    recorder = _Recorder(round, after_action, lambda: summaries[-1], failures)
    computers = _computers(player, players, seed)
    try:
        advance(recorder, computers, max_actions=max_actions)  # type: ignore[arg-type]  # stands in
    except DriverError as error:
        failures.append(f"the round did not end: {error}")
    except GameError as error:
        failures.append(f"a computer's action was refused unexpectedly: {error}")
    if len(failures) > 20:
        return [*failures[:20], f"… and {len(failures) - 20} more"]
    if not round.is_over:
        failures.append(f"the round stopped without an end after {len(actions)} actions")
        return failures

    failures += check_scores(round)
    failures += check_judgements(round)
    failures += check_end(round)
    failures += check_refusals(round, illegal_actions(round, rng))
    final = round.to_json()
    n = len(actions)

    # Undo and reload points, chosen now that the length is known.
    undos = [
        (k, rng.randint(1, min(3, k))) for k in (rng.randint(1, n) for _ in range(undo_points if n else 0))
    ]
    if reload_points is None:
        reloads = set(range(n + 1))
    else:
        reloads = {rng.randint(0, n) for _ in range(reload_points)} | {n}
    wanted = reloads | {k for k, _ in undos} | {k - b for k, b in undos}

    # Same seed and same actions: the same round, state by state.
    snapshots: dict[int, str] = {}
    full: dict[int, dict[str, Any]] = {}
    again = new_round(variant, list(players), rule, seed=seed, seal=round.seal, **options)
    if 0 in wanted:
        snapshots[0], full[0] = again.to_json(), state_summary(again)
    try:
        for k, action in enumerate(actions, start=1):
            action.apply(again)
            if state_summary(again, full=False) != summaries[k]:
                failures.append(f"replaying the same actions differs after action {k} ({action})")
                break
            if k in wanted:
                snapshots[k], full[k] = again.to_json(), state_summary(again)
    except GameError as error:
        failures.append(f"replaying the actions was refused: {error}")
    if again.to_json() != final:
        failures.append("the same seed and actions gave a different round")
    if len(snapshots) < len(wanted):
        return failures

    # Every chosen save loads back to the same round and the same state.
    for k in sorted(reloads):
        try:
            loaded = load_round(snapshots[k])
        except GameError as error:
            failures.append(f"load_round refused the save after action {k}: {error}")
            continue
        if loaded.to_json() != snapshots[k]:
            failures.append(f"load_round(to_json()) after action {k} saves differently")
        elif state_summary(loaded) != full[k]:
            failures.append(f"the round reloaded after action {k} shows a different state")

    # Undo at random points equals the shorter log.
    for k, back in undos:
        r = load_round(snapshots[k])
        for _ in range(back):
            r.undo()
        if r.to_json() != snapshots[k - back]:
            failures.append(f"undo ×{back} after action {k} differs from the log of {k - back} actions")
        elif state_summary(r) != full[k - back]:
            failures.append(f"undo ×{back} after action {k} shows a different state")
    return failures


@dataclass
class ConformanceReport:
    """Results of :func:`conformance_suite`: failures by (variant, rule key, seed), rounds and time."""

    failures: dict[tuple[str, str, int], list[str]] = field(default_factory=dict)
    rounds: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures

    def __str__(self) -> str:
        rate = self.rounds / self.seconds if self.seconds else 0.0
        head = f"{self.rounds} rounds in {self.seconds:.1f} s ({rate:.1f} rounds/s)"
        lines = [f"{head}, {len(self.failures)} failing"]
        for (variant, key, seed), fails in sorted(self.failures.items()):
            lines.append(f"  {variant} × {key} (seed {seed}):")
            lines += [f"    - {f}" for f in fails[:5]]
        return "\n".join(lines)


def conformance_suite(
    variants: Iterable[str] = VARIANTS,
    seeds: Iterable[int] = (0,),
    *,
    rules: Iterable[str] | None = None,
    players: Sequence[str] = DEFAULT_PLAYERS,
    player: str = "random",
    **kwargs: Any,
) -> ConformanceReport:
    """Run :func:`check_round_conformance` over variants × rules (default: every playable library rule
    of the variant's deck) × seeds."""
    report = ConformanceReport()
    start = time.perf_counter()
    seeds = list(seeds)
    for variant in variants:
        keys = list(rules) if rules is not None else [e.key for e in rules_for(variant)]
        for key in keys:
            for seed in seeds:
                fails = check_round_conformance(variant, key, seed, players=players, player=player, **kwargs)
                report.rounds += 1
                if fails:
                    report.failures[(variant, key, seed)] = fails
    report.seconds = time.perf_counter() - start
    return report
