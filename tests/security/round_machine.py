"""A hypothesis state machine over rounds of every variant: valid and invalid actions, and what must hold.

Every step issues one action.  Valid ones are members of ``legal_actions`` (open fields filled in);
invalid ones are the mischief a class gets up to: the wrong player, a card not in hand, garbage card
text, bad guesses, undo at the start, a play after the end, an unknown player, a listed action with a
twist.  After a refused action ``to_json()`` must be byte-identical and the log unchanged; after an
accepted one the save must load back exactly (same JSON, same visible state) and every card must be
in exactly one place.  Undo must give back the very round of the shorter log.

Used by ``test_round_state_machine.py`` (bounded, for ``make test``) and ``scripts/soak.py --stateful``
(long runs).  ``STEPS`` counts the steps taken per variant and kind.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from eleusis_lab import testing
from eleusis_lab.cards import deck as make_deck
from eleusis_lab.play import GameError, find_variant, load_round, new_round
from eleusis_lab.play import actions as act
from eleusis_lab.play import events as ev

STEPS: Counter[tuple[str, str]] = Counter()
NAMES = ("Ana", "Ben", "Cleo", "Dev")
GARBAGE_CARDS: tuple[Any, ...] = (
    "ZZ",
    "",
    "7X",
    "11H",
    "blank blank",
    "\x00",
    42,
    None,
    7.5,
    ["7H", None],
    b"7H",
)
BAD_GUESSES = (
    "card.colour == = prev",
    "",
    "   ",
    "if then else",
    "card is",
    "(((",
    "x" * 500,
    "card.rank % 0 == 1",
)


def option_values(variant: str, rng: random.Random) -> dict[str, Any]:
    """A random choice of the variant's own options, from their typed descriptions."""
    out: dict[str, Any] = {}
    for option in find_variant(variant).OPTIONS:
        if not option.from_save or rng.random() < 0.5:
            continue
        if option.choices:
            out[option.name] = rng.choice(option.choices)
        elif option.type is bool:
            out[option.name] = rng.random() < 0.5
        elif option.type is int and option.low is not None and option.high is not None:
            out[option.name] = rng.randint(option.low, option.high)
    return out


class RoundMachine(RuleBasedStateMachine):
    """One round of ``VARIANT`` driven by random valid and invalid actions (subclassed per variant)."""

    VARIANT = "express"

    def __init__(self) -> None:
        super().__init__()
        self.r: Any = None
        self.history: list[str] = []  # to_json before each accepted action, for undo

    # -- set-up -------------------------------------------------------------------------------------
    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        seed = data.draw(st.integers(0, 10**6), label="seed")
        rng = random.Random(seed)
        rules = testing.rules_for(self.VARIANT)
        rule = rules[rng.randrange(len(rules))].key
        cls = find_variant(self.VARIANT)
        most = min(len(NAMES), cls.max_players or len(NAMES))
        n = data.draw(st.integers(min(most, max(2, cls.min_players)), most), label="players")
        options = option_values(self.VARIANT, rng)
        try:
            self.r = new_round(self.VARIANT, list(NAMES[:n]), rule, seed=seed, **options)
        except GameError:  # a combination of options the variant refuses: play its defaults
            self.r = new_round(self.VARIANT, list(NAMES[:n]), rule, seed=seed)
        self.rng = rng
        self.deck = make_deck(self.r.deck_name)
        # Undo at the very start: nothing to undo.
        self.refused(lambda: self.r.undo(), "undo at the start")

    # -- checks -------------------------------------------------------------------------------------
    def refused(self, attempt: Any, what: str) -> None:
        before, events = self.r.to_json(), self.r.events
        try:
            attempt()
        except GameError:
            pass
        else:
            raise AssertionError(f"{what} was accepted")
        assert self.r.events == events, f"refused {what} changed the log"
        assert self.r.to_json() == before, f"refused {what} changed to_json()"
        STEPS[(self.VARIANT, "refused")] += 1

    def accepted(self, attempt: Any, what: str) -> None:
        before = self.r.to_json()
        try:
            attempt()
        except GameError as error:
            raise AssertionError(f"{what}, a listed action, was refused: {error}") from None
        self.history.append(before)
        self.check_saved_round()
        STEPS[(self.VARIANT, "accepted")] += 1

    def accepted_or_refused(self, attempt: Any, what: str) -> None:
        """An action the variant may take or refuse: refused, it changes nothing; taken, it saves exactly."""
        before, events = self.r.to_json(), self.r.events
        try:
            attempt()
        except GameError:
            assert self.r.events == events and self.r.to_json() == before, f"refused {what} changed the round"
            STEPS[(self.VARIANT, "refused")] += 1
            return
        self.history.append(before)
        self.check_saved_round()
        STEPS[(self.VARIANT, "accepted")] += 1

    def check_saved_round(self) -> None:
        text = self.r.to_json()
        again = load_round(text)
        assert again.to_json() == text, "save/load is not exact"
        assert testing.state_summary(again, full=False) == testing.state_summary(self.r, full=False)
        problems = testing.check_cards(self.r) + testing.check_deck(self.r)
        assert not problems, problems

    def players_now(self) -> list[str]:
        return list(self.r.players)

    # -- valid actions ------------------------------------------------------------------------------
    def fill(self, action: act.Action) -> act.Action | None:
        """A listed action with its open fields filled in as a person would (None: cannot fill it)."""
        if not action.open:
            return action
        values: dict[str, Any] = {}
        for name in action.open:
            if name == "cards" and isinstance(action, act.Play):
                hand = self.r.hand(action.player)
                k = self.rng.randint(1, min(len(hand), self.r.max_string)) if hand else 0
                if not k:
                    return None
                values["cards"] = tuple(self.rng.sample(hand, k))
            elif name == "text":
                texts = [e.text for e in testing.rules_for(self.VARIANT)]
                values["text"] = self.rng.choice([*texts, self.r.rule.text, None])
            elif name == "words":
                values["words"] = None
            elif name == "rule_text":
                values["rule_text"] = None
            elif name == "percent":
                values["percent"] = self.rng.randint(0, 100)
            elif name == "about":
                values["about"] = None
            elif name == "dealer_card":
                values["dealer_card"] = None  # the computer dealer picks the card that fits
            elif name == "prophet_says":
                values["prophet_says"] = self.rng.choice([True, False, None])
            else:
                return None
        if isinstance(action, act.Guess) and values.get("text") is None and values.get("words") is None:
            values["text"] = self.r.rule.text
        return action.filled(**values)

    def listed(self) -> list[act.Action]:
        out = list(self.r.legal_actions(None))
        for p in self.players_now():
            out += self.r.legal_actions(p)
        return out

    def take_a_listed_action(self, data: st.DataObject) -> None:
        listed = self.listed()
        assert listed, "an open round lists no action at all"
        # Card plays outnumber the rest: pick a kind first (plays weighted up, as in a real round), so
        # guesses, no-plays, hints and prophets come up too.
        kinds = sorted({type(a).__name__ for a in listed})
        weighted = [k for k in kinds for _ in range(4 if k == "Play" else 1)]
        kind = data.draw(st.sampled_from(weighted), label="kind")
        choice = data.draw(st.sampled_from([a for a in listed if type(a).__name__ == kind]), label="action")
        action = self.fill(choice)
        if action is None:
            return
        self.accepted(lambda: self.r.apply(action), f"{action}")

    # Three rules for the same thing, so that valid actions are about half of all steps.
    is_open = precondition(lambda self: self.r is not None and not self.r.is_over)
    a_listed_action = is_open(rule(data=st.data())(take_a_listed_action))
    another_listed_action = is_open(rule(data=st.data())(take_a_listed_action))
    yet_another_listed_action = is_open(rule(data=st.data())(take_a_listed_action))

    @precondition(lambda self: self.r is not None and self.r.steps > 0)
    @rule()
    def undo(self) -> None:
        expected = self.history.pop() if self.history else None
        self.r.undo()
        if expected is not None:
            assert self.r.to_json() == expected, "undo did not give back the round before the last action"
        self.check_saved_round()
        STEPS[(self.VARIANT, "undo")] += 1

    # -- invalid actions ----------------------------------------------------------------------------
    @precondition(lambda self: self.r is not None and self.r.current_player is not None)
    @rule()
    def the_wrong_player_plays(self) -> None:
        others = [p for p in self.players_now() if p != self.r.current_player]
        if others:
            p = self.rng.choice(others)
            hand = self.r.hand(p)
            card = hand[0] if hand else self.deck[0]
            self.refused(lambda: self.r.play(p, card), f"{p} playing out of turn")

    @precondition(lambda self: self.r is not None and self.r.current_player is not None)
    @rule()
    def a_card_not_in_hand(self) -> None:
        p = self.r.current_player
        held = {c.design for c in self.r.hand(p)}
        absent = [c for c in self.deck if c.design not in held]
        if absent:
            card = self.rng.choice(absent)
            self.refused(lambda: self.r.play(p, card), f"{p} playing {card}, not in hand")
            self.refused(lambda: self.r.apply(act.Play(p, (card,))), f"Play({p}, {card}) not in hand")

    @precondition(lambda self: self.r is not None)
    @rule(garbage=st.sampled_from(GARBAGE_CARDS))
    def garbage_card_text(self, garbage: Any) -> None:
        p = self.r.current_player or self.players_now()[0]
        self.refused(lambda: self.r.play(p, garbage), f"playing {garbage!r}")

    @precondition(lambda self: self.r is not None)
    @rule(text=st.sampled_from(BAD_GUESSES))
    def a_bad_guess(self, text: str) -> None:
        for p in self.players_now():
            if text.strip() and self.r.is_legal(act.Guess(p, text)):
                # A guess is listed now and the variant judges the text: the solo protocol counts an
                # unreadable one a wrong guess (as the benchmark does); the others refuse it.
                self.accepted_or_refused(lambda p=p: self.r.guess(p, text), f"{p} guessing {text[:20]!r}")
                last = self.r.events[-1] if self.r.events else None
                if isinstance(last, ev.Guessed) and last.text == text:
                    assert last.correct is False, f"the unreadable guess {text[:20]!r} was judged right"
            else:
                self.refused(lambda p=p: self.r.guess(p, text), f"{p} guessing {text[:20]!r}")

    @precondition(lambda self: self.r is not None)
    @rule()
    def strangers_and_non_actions(self) -> None:
        self.refused(lambda: self.r.play("Nobody", self.deck[0]), "a stranger playing")
        self.refused(lambda: self.r.apply(act.Guess("Nobody", "card is red")), "a stranger guessing")
        self.refused(lambda: self.r.apply("play"), "apply of a string")  # type: ignore[arg-type]
        self.refused(lambda: self.r.apply(act.StateConfidence(NAMES[0], 250)), "a confidence of 250 %")

    @precondition(lambda self: self.r is not None)
    @rule()
    def an_unlisted_action(self) -> None:
        """Every action ``legal_actions`` does not list is refused: a twist on each listed one."""
        for p in self.players_now():
            listed = self.r.legal_actions(p)
            for candidate in (
                act.NoPlay(p),
                act.DeclareProphet(p),
                act.BuyHint(p),
                act.Guess(p, "card is red"),
                act.OverruleGuess(True),
                act.EndHalf(),
                act.Finish((0,) * len(self.players_now())),
            ):
                actor = None if candidate.by_dealer else p
                allowed = self.r.legal_actions(actor) if actor is None else listed
                if not any(a.fits(candidate) for a in allowed):
                    self.refused(lambda c=candidate: self.r.apply(c), f"unlisted {candidate}")

    @precondition(lambda self: self.r is not None and self.r.is_over)
    @rule()
    def play_after_the_end(self) -> None:
        for p in self.players_now():
            hand = self.r.hand(p)
            card = hand[0] if hand else self.deck[0]
            self.refused(lambda p=p, card=card: self.r.play(p, card), f"{p} playing after the end")
            self.refused(lambda p=p: self.r.guess(p, self.r.rule.text), f"{p} guessing after the end")
            self.refused(lambda p=p: self.r.no_play(p), f"{p} declaring no play after the end")
        assert self.listed() == [] or all(isinstance(a, act.OverruleGuess) for a in self.listed())

    @invariant()
    def steps_are_counted(self) -> None:
        if self.r is not None:
            STEPS[(self.VARIANT, "steps")] += 1


def machine_for(variant: str) -> type[RoundMachine]:
    """The state machine of one variant (a subclass, so hypothesis keeps each variant's examples apart)."""
    return type(f"RoundMachine_{variant.replace('-', '_')}", (RoundMachine,), {"VARIANT": variant})
