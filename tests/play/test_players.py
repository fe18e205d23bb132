"""Computer players: the registry, what random and careful players choose, and that they never peek."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eleusis_lab.cards import Card, double_deck, parse_cards, standard_deck
from eleusis_lab.play import actions as act
from eleusis_lab.play import find_variant
from eleusis_lab.play import players as players_mod
from eleusis_lab.play.players import CarefulPlayer, ComputerPlayer, RandomPlayer, lookup, register
from eleusis_lab.play.table import Observation


@dataclass
class FakeRound:
    """Just what a player may look at: a hand, the mainline and the evidence (no rule)."""

    variant: str
    hands: dict[str, list[Card]]
    mainline: list[Card]
    observations: list[Observation] = field(default_factory=list)

    def hand(self, name: str) -> list[Card]:
        return list(self.hands[name])

    def evidence(self) -> list[Observation]:
        return list(self.observations)

    def player_info(self, name):
        return None

    # What the round lets a player do, from the variant's description (a real round lists it itself).
    @property
    def deck_name(self) -> str:
        return find_variant(self.variant).deck_name

    @property
    def max_string(self) -> int:
        return find_variant(self.variant).capabilities.max_string

    def legal_actions(self, player=None):
        can = find_variant(self.variant).capabilities
        return [act.NoPlay(player)] if can.no_play and player in self.hands else []

    @property
    def rule(self):  # pragma: no cover - reaching here is the failure
        raise AssertionError("a computer player read the secret rule")


def alternating_evidence(n: int = 30) -> list[Observation]:
    """Evidence of "alternate colours": reds accepted after black, rejected after red, and so on."""
    rng = random.Random(n)
    deck = standard_deck()
    line = [Card.parse("2S")]
    obs = []
    for i in range(n):
        card = rng.choice(deck)
        ok = card.color != line[-1].color
        obs.append(Observation(tuple(line), (card,), ok, "Ana", i))
        if ok:
            line.append(card)
    return obs


def test_registry_lookup_and_register():
    assert isinstance(lookup("random", seed=1), RandomPlayer)
    assert isinstance(lookup(" Careful ", seed=1), CarefulPlayer)
    assert "random" in players_mod.names() and "scientist" in players_mod.names()
    with pytest.raises(ValueError, match="unknown computer player"):
        lookup("genius")

    class Stubborn(ComputerPlayer):
        pass

    register("stubborn-test", Stubborn)
    assert isinstance(lookup("stubborn-test"), Stubborn)
    with pytest.raises(ValueError):
        register("", Stubborn)


def test_random_player_is_seeded_and_plays_from_hand():
    hand = parse_cards("2H 3H 4S 9C KD")
    r = FakeRound("express", {"Ana": hand}, parse_cards("5S"))
    picks_a = [RandomPlayer(7, no_play_rate=0).choose_play(r, "Ana") for _ in range(1)]
    a, b = RandomPlayer(7), RandomPlayer(7)
    seq_a = [a.choose_play(r, "Ana") for _ in range(40)]
    seq_b = [b.choose_play(r, "Ana") for _ in range(40)]
    assert seq_a == seq_b
    assert picks_a[0] is not None and picks_a[0][0] in hand
    for choice in seq_a:
        assert choice is None or (len(choice) == 1 and choice[0] in hand)
    # it spreads its choices over the hand
    assert len({c[0] for c in seq_a if c}) >= 3


def test_random_player_strings_only_in_new_eleusis():
    hand = double_deck()[:10]
    ne = FakeRound("new-eleusis", {"Ana": hand}, parse_cards("5S"))
    ex = FakeRound("express", {"Ana": hand}, parse_cards("5S"))
    p = RandomPlayer(3, string_rate=1.0, no_play_rate=0)
    sizes = {len(p.choose_play(ne, "Ana")) for _ in range(50)}
    assert sizes <= {2, 3, 4} and len(sizes) >= 2
    assert {len(p.choose_play(ex, "Ana")) for _ in range(20)} == {1}
    for _ in range(20):
        s = p.choose_play(ne, "Ana")
        assert len(set(s)) == len(s)


def test_random_player_no_play_only_where_allowed():
    hand = parse_cards("2H 3H")
    always = RandomPlayer(1, no_play_rate=1.0)
    assert always.choose_play(FakeRound("express", {"A": hand}, []), "A") is None
    assert always.choose_play(FakeRound("gardner", {"A": hand}, []), "A") is not None
    assert always.choose_play(FakeRound("letters", {"A": hand}, []), "A") is not None


def test_careful_player_learns_alternating_colours():
    hand = parse_cards("3S 4C 5D 6H")
    r = FakeRound("express", {"Ana": hand}, parse_cards("2S 9H 10C"), alternating_evidence())
    for seed in range(10):
        choice = CarefulPlayer(seed).choose_play(r, "Ana")
        assert choice is not None and len(choice) == 1
        assert choice[0].is_red  # top card 10♣ is black
    r.mainline = parse_cards("2S 9H")
    for seed in range(10):
        assert CarefulPlayer(seed).choose_play(r, "Ana")[0].is_black


def test_careful_player_without_evidence_still_plays():
    hand = parse_cards("3S 4C")
    r = FakeRound("express", {"Ana": hand}, parse_cards("2S"))
    choice = CarefulPlayer(0).choose_play(r, "Ana")
    assert choice is not None and choice[0] in hand


def test_careful_player_declares_no_play_when_evidence_is_against_every_card():
    # Only black cards in hand, after a black top card, with strong alternating evidence.
    hand = parse_cards("3S 4C 6S")
    r = FakeRound("express", {"Ana": hand}, parse_cards("2S 9H 10C"), alternating_evidence(60))
    assert CarefulPlayer(0, no_play_below=0.2).choose_play(r, "Ana") is None
    # Gardner has no "no play": it plays its best card anyway
    r.variant = "gardner"
    assert CarefulPlayer(0, no_play_below=0.2).choose_play(r, "Ana") is not None


def test_careful_player_plays_strings_when_confident():
    hand = parse_cards("3S 4H 5C 6D 7S")
    r = FakeRound("new-eleusis", {"Ana": hand}, parse_cards("2S 9H 10C"), alternating_evidence(80))
    choice = CarefulPlayer(0, string_above=0.5).choose_play(r, "Ana")
    assert choice is not None and len(choice) >= 2
    colours = [c.color for c in [r.mainline[-1], *choice]]
    assert all(a != b for a, b in itertools.pairwise(colours))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**16), st.sampled_from(["gardner", "express", "new-eleusis", "letters"]))
def test_players_choose_only_cards_they_hold(seed, variant):
    rng = random.Random(seed)
    deck = double_deck()
    rng.shuffle(deck)
    hand = deck[: rng.randint(1, 14)]
    r = FakeRound(variant, {"Ana": hand}, deck[20:23], alternating_evidence(rng.randint(0, 40)))
    for player in (RandomPlayer(seed), CarefulPlayer(seed)):
        choice = player.choose_play(r, "Ana")
        if choice is None:
            assert variant in ("express", "new-eleusis")
        else:
            limit = 4 if variant == "new-eleusis" else 1
            assert 1 <= len(choice) <= limit
            assert len(set(choice)) == len(choice)
            assert all(c in hand for c in choice)


@pytest.mark.parametrize(
    ("variant", "rule"),
    [
        ("gardner", "gardner-3"),
        ("express", "express-2"),
        ("new-eleusis", "new-eleusis"),
        ("letters", "ink-cycle"),
    ],
)
@pytest.mark.parametrize("kind", ["random", "careful"])
def test_players_never_read_the_secret_rule(monkeypatch, variant, rule, kind):
    from eleusis_lab.play import new_round
    from eleusis_lab.play.driver import play_out, seat_computers

    r = new_round(variant, ["Ana", "Ben", "Cleo"], rule, seed=11)

    def peek(self):
        raise AssertionError("a computer player read the secret rule")

    monkeypatch.setattr(type(r), "rule", property(peek))
    play_out(r, seat_computers(r.players, kind, seed=3))
    assert r.is_over


def test_careful_player_finds_a_rule_and_guesses_it():
    from eleusis_lab.play import new_round
    from eleusis_lab.play.driver import play_out, seat_computers

    solved = 0
    for seed in range(4):
        r = new_round("express", ["Ana", "Ben", "Cleo"], "express-1", seed=seed)
        play_out(r, seat_computers(r.players, "careful", seed=seed))
        solved += r.end.reason == "guessed"
    assert solved >= 2


def test_careful_beats_random_at_express():
    """Careful players keep fewer cards than random ones over a few rounds (they learn the rule)."""
    from eleusis_lab.play import new_round
    from eleusis_lab.play.driver import play_out

    totals = {"careful": 0, "random": 0}
    for seed in range(6):
        r = new_round("express", ["C1", "R1", "C2", "R2"], "express-1", seed=seed)
        computers = {
            "C1": CarefulPlayer(seed),
            "C2": CarefulPlayer(seed + 100),
            "R1": RandomPlayer(seed, guess_rate=0),
            "R2": RandomPlayer(seed + 100, guess_rate=0),
        }
        play_out(r, computers)
        for name, score in zip(r.players, r.scores().players, strict=True):
            totals["careful" if name.startswith("C") else "random"] += score
    assert totals["careful"] > totals["random"]


def test_can_helpers_follow_the_round():
    from eleusis_lab.play import new_round
    from eleusis_lab.play.players import can_guess, can_no_play, can_prophesy, max_string

    r = new_round("express", ["Ana", "Ben"], "card.color != prev.color", seed=1)
    me = r.current_player
    other = next(p for p in r.players if p != me)
    assert can_no_play(r, me) and not can_no_play(r, other)
    assert not can_guess(r, me)
    top = r.mainline[-1]
    right = next(c for c in r.hand(me) if c.color != top.color)
    r.play(me, right)
    assert can_guess(r, me) and not can_guess(r, other)
    assert not can_prophesy(r, me) and max_string(r) == 1

    ne = new_round("new-eleusis", ["Ana", "Ben", "Cleo", "Dev"], "new-eleusis", seed=1, max_string=3)
    assert max_string(ne) == 3
    who = ne.current_player
    ne.play(who, ne.hand(who)[0])
    assert can_prophesy(ne, who) and not can_guess(ne, who)
    g = new_round("gardner", ["Ana", "Ben"], "gardner-1", seed=1)
    assert not can_no_play(g, g.current_player) and not can_guess(g, g.current_player)
