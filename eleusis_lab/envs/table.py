"""A PettingZoo AEC environment of a table of players: Express, Gardner, New Eleusis, the letter game.

One agent per player, a computer dealer holding the secret rule.  The acting agent is the round's
``current_player``.  Actions are indices into a fixed table derived from ``Round.legal_actions``:

========================  ========================================================================
index                     action
========================  ========================================================================
``0 … N-1``               play the card with id ``index + 1`` (see :class:`~eleusis_lab.envs.cards.CardIds`)
``N``                     "no play" (Express, New Eleusis)
``N + 1``                 become prophet (New Eleusis, right after one's own play)
``N + 2``                 buy a hint (Express with the ``buy_hints`` option)
``N + 3``                 pass: decline the optional action one may still take after a play
``N + 4 … N + 3 + K``     state rule ``index - N - 4`` of the **menu** (with ``menu_size=K``, K > 0)
========================  ========================================================================

``N`` is 52 for playing cards, 61 for the letter deck.  The mask (``observation["action_mask"]``)
marks what the round lists now; an index it does not mark is refused, the round unchanged, and
``infos[agent]["refused"]`` says why.  After ``max_refused`` refused actions in a row (20 unless given)
the episode is truncated for every agent, the round left unfinished.  A New Eleusis string of several
cards is not in the table (apply it on ``env.round`` directly).

**Stating a rule** (Express's guess, right after a right play): with ``menu_size=K`` the table offers
the kit's scientist's ``K`` most probable rule classes given the table's public verdicts (the same menu
as :class:`~eleusis_lab.envs.SoloDiscreteEnv`'s; ``env.menu`` holds their texts and shares).  After
a play that opens the chance to state, the same agent acts again: a menu rule, or pass.  The menu costs
some milliseconds a step, so it is off unless asked for (``menu_size=0``, no statements).

Each agent observes what its player can see: its own hand, the table (mainline, sidelines, whose turn,
every player's hand size, prophet and expulsions; with a menu, each listed rule's posterior share in
thousandths and its verdict on each card design on the mainline now).  ``observation["observation"]``
is one flat integer vector; :attr:`TableEnv.observation_layout` names its slices.  Rewards are the
variant's own scores, given when the round ends.

PettingZoo's usual pair: :func:`raw_env` (this class) and :func:`env` (the same in PettingZoo's
out-of-bounds and order-enforcing wrappers); both take keywords only and play a library rule of the
variant's deck, drawn at each reset, unless given ``rule``.  ``render_mode="human"`` prints the table
(``"ansi"`` returns the text).  The game is turn by turn (one agent acts at a time, and what it may do
depends on the action before), so there is no ``parallel_env``: PettingZoo's parallel API is for games
where every live agent acts each step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from eleusis_lab.cards import deck as make_deck
from eleusis_lab.envs.cards import CardIds
from eleusis_lab.envs.solo import MAX_REFUSED
from eleusis_lab.play import GameError, Round, find_variant, new_round
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Action, BuyHint, DeclareProphet, Guess, NoPlay, Play
from eleusis_lab.play.variant import VARIANTS
from eleusis_lab.rules import Rule, as_rule
from eleusis_lab.rules.library import playable

__all__ = ["TableEnv", "env", "raw_env", "table_env", "table_variants"]


def table_variants() -> tuple[str, ...]:
    """The variants a table environment plays: those a table plays (``MatchRules.playable``; the solo
    protocol is not one, it has its own Gymnasium environment)."""
    return tuple(key for key, cls in VARIANTS.items() if cls.match.playable)


def table_env(
    variant: str,
    players: int | Sequence[str],
    rule: Rule | str | list[Rule | str] | None,
    *,
    render_mode: str | None = None,
    **options: Any,
) -> TableEnv:
    """An AEC environment for ``variant`` with ``players`` (a number, or the players' names) and a
    secret ``rule`` (rule text, a ``Rule`` or a library key; a list: one drawn at each reset; None: the
    library's rules of the variant's deck); ``options`` go to ``TableEnv`` (``menu_size``) and
    ``new_round``."""
    return TableEnv(variant, players, rule, render_mode=render_mode, **options)


def raw_env(
    *,
    variant: str = "express",
    players: int | Sequence[str] = 3,
    rule: Rule | str | list[Rule | str] | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> TableEnv:
    """PettingZoo's ``raw_env``: the unwrapped :class:`TableEnv` (Express, three players, unless told)."""
    return TableEnv(variant, players, rule, render_mode=render_mode, **options)


def env(**kwargs: Any) -> AECEnv:
    """PettingZoo's ``env``: :func:`raw_env` in PettingZoo's standard wrappers (an action outside the
    action space is an error; the API's order is enforced).  An action the mask forbids is refused as
    in the raw env, the round unchanged."""
    wrapped: AECEnv = wrappers.AssertOutOfBoundsWrapper(raw_env(**kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)


class TableEnv(AECEnv):  # type: ignore[misc]
    """See the module's description.  ``env.round`` is the round being played (after ``reset``)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "eleusis_table_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        variant: str,
        players: int | Sequence[str],
        rule: Rule | str | list[Rule | str] | None,
        *,
        render_mode: str | None = None,
        menu_size: int = 0,
        max_refused: int = MAX_REFUSED,
        **options: Any,
    ) -> None:
        super().__init__()
        cls = find_variant(variant)
        if not cls.match.playable:
            raise ValueError(f"table_env plays {', '.join(table_variants())}; for {cls.key!r} use SoloEnv")
        names = [f"player_{i}" for i in range(players)] if isinstance(players, int) else list(players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if isinstance(max_refused, bool) or not isinstance(max_refused, int) or max_refused < 1:
            raise ValueError(f"max_refused counts refused actions in a row: 1 or more, not {max_refused!r}")
        self.max_refused, self.refused_in_a_row = max_refused, 0
        if isinstance(menu_size, bool) or not isinstance(menu_size, int) or menu_size < 0:
            raise ValueError(f"menu_size counts the rules offered: 0 (none) or more, not {menu_size!r}")
        if rule is None:
            rule = [e.key for e in playable() if e.deck in cls.rule_decks()]
        self.rules = [as_rule(r) for r in (rule if isinstance(rule, list) else [rule])]
        if not self.rules:
            raise ValueError("give at least one secret rule")
        self.variant, self.options, self.render_mode = cls.key, dict(options), render_mode
        self.menu_size = menu_size
        # a round dealt now checks the players, the rules and the options before anyone resets
        for checked in self.rules[1:]:
            new_round(cls.key, names, checked, seed=0, **options)
        probe = new_round(cls.key, names, self.rules[0], seed=0, **options)
        self.possible_agents = list(probe.players)
        self.ids = CardIds.for_deck(probe.deck_name)
        n, deck = len(self.ids), len(make_deck(probe.deck_name))
        self.NO_PLAY, self.PROPHET, self.BUY_HINT, self.PASS = n, n + 1, n + 2, n + 3
        self.FIRST_RULE = n + 4
        self.n_actions = n + 4 + menu_size
        p = len(self.possible_agents)
        # [own hand: copies of each design | mainline ids | sideline (id, mainline position) pairs |
        #  hand sizes in seat order | whose turn (one-hot) | own seat (one-hot) | prophet (one-hot, last =
        #  none) | expelled | stock size]
        sizes = [("hand", n), ("mainline", deck), ("sideline", 2 * deck), ("hand_sizes", p), ("turn", p),
                 ("seat", p), ("prophet", p + 1), ("expelled", p), ("stock", 1),
                 ("menu_share", menu_size), ("menu_accepts", menu_size * n)]  # fmt: skip
        self.observation_layout: dict[str, slice] = {}
        at = 0
        for name, size in sizes:
            self.observation_layout[name] = slice(at, at + size)
            at += size
        high = max(deck, n + 1, 1000)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, high, shape=(at,), dtype=np.int64),
                "action_mask": spaces.Box(0, 1, shape=(self.n_actions,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.n_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self.round: Round = probe
        self._follow_up: str | None = None
        self._skip_agent_selection: str | None = None  # PettingZoo's: who acts once the dead have stepped
        self.menu: list[tuple[str, float]] = []
        self._scientist: Any = None
        self._parsed: dict[str, Rule] = {}

    # -- the PettingZoo API ------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(2**31))
        rule = self.rules[int(np.random.default_rng(seed).integers(len(self.rules)))]
        self.round = new_round(self.variant, self.possible_agents, rule, seed=seed, **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._follow_up = None
        self.refused_in_a_row = 0
        self._new_menu()
        self.agent_selection = self._next_agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self._observation(agent), "action_mask": self.action_mask(agent)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        try:
            chosen = self._action_of(agent, action)
            if chosen is not None:
                self.round.apply(chosen)
        except (GameError, ValueError) as error:
            # refused: the round is exactly as it was, and the same agent is still to act
            self.refused_in_a_row += 1
            self.infos[agent] = {"refused": str(error), "refused_in_a_row": self.refused_in_a_row}
            if self.refused_in_a_row >= self.max_refused:
                # an agent that only sends refused actions would hold the table for ever: the episode
                # is truncated for everyone (each agent then steps None once), the round unfinished
                self.truncations = dict.fromkeys(self.agents, True)
                self._skip_agent_selection = None
            self._accumulate_rewards()
            return
        self.refused_in_a_row = 0
        self._follow_up = agent if self._has_follow_up(agent, chosen) else None
        self._refresh_menu()
        self._settle()
        self._accumulate_rewards()

    def render(self) -> str | None:
        from eleusis_lab.envs.board import board_text

        text = f"{self.round.title}: {board_text(self.round)} — {self.round.current_player or 'over'} to act"
        if self.render_mode == "human":
            print(text)
            return None
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass

    # -- actions --------------------------------------------------------------------------------------
    def legal(self, agent: str) -> list[tuple[int, Action | None]]:
        """The (index, action) pairs the round lists now for ``agent`` that the table can carry (the
        action None is "pass")."""
        if agent != self.agent_selection or self.round.is_over:
            return []
        out: list[tuple[int, Action | None]] = []
        seen: set[int] = set()
        listed = self.round.legal_actions(agent)
        on_turn = self.round.current_player == agent and self._follow_up != agent
        for action in listed:
            index: int | None = None
            if isinstance(action, Play) and on_turn and len(action.cards) == 1 and "cards" not in action.open:
                index = self.ids.id_of(action.cards[0]) - 1
            elif isinstance(action, NoPlay) and on_turn:
                index = self.NO_PLAY
            elif isinstance(action, DeclareProphet):
                index = self.PROPHET
            elif isinstance(action, BuyHint) and on_turn:
                index = self.BUY_HINT
            elif isinstance(action, Guess):
                out.extend(
                    (self.FIRST_RULE + j, Guess(agent, text=text))
                    for j, (text, _share) in enumerate(self.menu)
                )
            if index is not None and index not in seen:
                seen.add(index)
                # optional open fields (the prophet's call, the dealer's card) are left to the computer
                out.append((index, action.filled()))
        if self._follow_up == agent:
            out.append((self.PASS, None))
        return out

    def action_mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self.n_actions, dtype=np.int8)
        for index, _ in self.legal(agent):
            mask[index] = 1
        return mask

    def _action_of(self, agent: str, action: int | None) -> Action | None:
        if action is None or not 0 <= int(action) < self.n_actions:
            raise ValueError(f"an action is an index from 0 to {self.n_actions - 1}, not {action!r}")
        for index, chosen in self.legal(agent):
            if index == int(action):
                return chosen
        raise ValueError(f"action {int(action)} is not allowed for {agent} now (see the action mask)")

    def _has_follow_up(self, agent: str, done: Action | None) -> bool:
        """After a play an agent may still take an optional action (become prophet) before play goes on."""
        if done is None or self.round.is_over:
            return False
        follow_ups: tuple[type[Action], ...] = (DeclareProphet, Guess) if self.menu else (DeclareProphet,)
        return any(isinstance(a, follow_ups) for a in self.round.legal_actions(agent))

    # -- the menu of rules to state ----------------------------------------------------------------
    def _new_menu(self) -> None:
        if self.menu_size:
            from eleusis_lab.science.scientist import ScientistPlayer

            # one scientist for the table: the verdicts it reads (mainline, sidelines) are public
            self._scientist = ScientistPlayer()
        self._refresh_menu()

    def _refresh_menu(self) -> None:
        if not self.menu_size or self.round.is_over:
            self.menu = []
            return
        stated_wrong = {e.text for e in self.round.events if isinstance(e, ev.Guessed) and e.correct is False}
        space = self._scientist.space(self.round, self.possible_agents[0])
        listed = [c for c in space.classes(self.menu_size + len(stated_wrong)) if c.text not in stated_wrong]
        self.menu = [(c.text, float(c.probability)) for c in listed[: self.menu_size]]

    # -- after each action -----------------------------------------------------------------------------
    def _next_agent(self) -> str:
        if self._follow_up is not None:
            return self._follow_up
        current = self.round.current_player
        return current if current is not None else self.agents[0]

    def _settle(self) -> None:
        """Rewards and terminations after an action, and who acts next."""
        if self.round.is_over:
            scores = self.round.scores().players
            for agent, score in zip(self.possible_agents, scores, strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = float(score)
                    self.terminations[agent] = True
            self.infos = {a: {"scores": list(scores)} for a in self.agents}
        # An expelled New Eleusis player is never selected again but stays an agent until the end:
        # the variant still scores them when the round ends.
        live = self._next_agent()
        dead = [a for a in self.agents if self.terminations[a]]
        if dead:
            # PettingZoo: each finished agent takes one last step (action None), then play goes on
            self._skip_agent_selection = None if self.round.is_over else live
            self.agent_selection = dead[0]
        else:
            self.agent_selection = live

    # -- observations --------------------------------------------------------------------------------
    def _observation(self, agent: str) -> np.ndarray:
        r, ids, lay = self.round, self.ids, self.observation_layout
        obs = np.zeros(self.observation_layout["menu_accepts"].stop, dtype=np.int64)
        for card in r.hand(agent):
            obs[lay["hand"].start + ids.id_of(card) - 1] += 1
        mainline = r.mainline
        width = lay["mainline"].stop - lay["mainline"].start
        obs[lay["mainline"]] = ids.ids(mainline, width)
        at = lay["sideline"].start
        for position, plays in enumerate(r.sidelines):
            for play in plays:
                for card in play.cards:
                    if at + 1 < lay["sideline"].stop:
                        obs[at], obs[at + 1] = ids.id_of(card), position + 1
                        at += 2
        seats = {name: i for i, name in enumerate(self.possible_agents)}
        for name, i in seats.items():
            obs[lay["hand_sizes"].start + i] = r.hand_size(name)
        if r.current_player is not None:
            obs[lay["turn"].start + seats[r.current_player]] = 1
        obs[lay["seat"].start + seats[agent]] = 1
        prophet = r.prophet
        obs[lay["prophet"].start + (seats[prophet] if prophet is not None else len(seats))] = 1
        for name in r.expelled:
            obs[lay["expelled"].start + seats[name]] = 1
        obs[lay["stock"].start] = r.stock_size
        designs, mainline = ids.cards, list(r.mainline)
        for j, (text, share) in enumerate(self.menu):
            obs[lay["menu_share"].start + j] = round(min(max(share, 0.0), 1.0) * 1000)
            rule = self._parsed.get(text) or self._parsed.setdefault(text, Rule.parse(text))
            at = lay["menu_accepts"].start + j * len(designs)
            obs[at : at + len(designs)] = [rule.accepts(card, mainline) for card in designs]
        return obs
