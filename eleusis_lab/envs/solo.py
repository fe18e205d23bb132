"""A Gymnasium environment of the solo game: one player finds a computer dealer's secret rule.

``reset(seed=…)`` deals a round of the ``solo`` variant (a 12-card hand refilled after each play, the
starter turned up until the rule accepts it, 30 turns, a wrong guess costs 2), or of the language-model
benchmark's game exactly with ``protocol="benchmark"`` (the same variant's option; ``reset(options=
{"round_index": k})`` then deals the benchmark's own round ``k`` of the rule, its md5 seed).

**Observation** (a ``Dict`` of fixed-shape integer arrays; card ids as in
:class:`~eleusis_lab.envs.cards.CardIds`, 0 = empty):

- ``mainline`` ``(T + 1,)`` — the accepted cards, starter first (``T`` = the turn limit);
- ``sidelines`` ``(T + 1, T)`` — row ``i``: the cards rejected right after mainline card ``i``;
- ``hand`` ``(H,)`` — the hand, in the order the action's ``card`` index refers to;
- ``turn`` — plays made so far.

``info`` carries the board as text, benchmark style (``"4♠ 8♦ [Q♥] 9♣"``), the ``action_mask``, the
turn, and after each step the verdict (and the guess's judgement).

**Action** — a ``Dict``: ``card`` (``Discrete(H)``, which hand card to play) and ``rule`` (a ``Text``
space: the rule stated after that play, or ``""`` to state none).  A dictionary rather than a bare
``Text`` because every turn is one play *and* an optional statement: the card must always be chosen,
the rule only sometimes, and a mask applies to the card alone.  Rule text is parsed by the kit's rule
language (never run as code) and judged exactly.

An action the round refuses — a hand slot holding no card, rule text that does not parse — is refused
whole: the round is unchanged, the reward 0, and ``info["refused"]`` says why.  After ``max_refused``
refused actions in a row (:data:`MAX_REFUSED`, 20, unless given) the episode is truncated
(``truncated=True``; the round stays unfinished): an agent that only ever sends refused actions would
otherwise never see an episode end.  The reward is the protocol's score, given when the round ends (a
correct guess, or the last turn).

Without a ``rule`` each reset draws one of the library's playable standard-deck rules.  The registered
id ``EleusisSolo-v0`` (``gymnasium.make`` after ``import eleusis_lab.envs``) is this environment in a
``TimeLimit``; ``EleusisSoloDiscrete-v0`` is :class:`~eleusis_lab.envs.solo_discrete.SoloDiscreteEnv`,
the same game with a flat ``Discrete`` action and a mask.
"""

from __future__ import annotations

import string
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from eleusis_lab.envs.board import board_text
from eleusis_lab.envs.cards import CardIds
from eleusis_lab.play import GameError, Round, SoloRound, new_round
from eleusis_lab.play.actions import Action, DeclineGuess, Guess, Play
from eleusis_lab.rules import Rule, RuleError, as_rule

__all__ = ["SoloEnv"]

#: Characters a stated rule may use (the rule language's, with the suit symbols).
RULE_CHARSET = string.ascii_letters + string.digits + " .,:()[]=!<>+-*%#\"'_♠♥♦♣"
#: The longest rule text the action space holds.
MAX_RULE_LENGTH = 200
#: Refused actions in a row after which an episode is truncated (the ``max_refused`` default).
MAX_REFUSED = 20


def library_rules() -> list[str]:
    """The library's playable standard-deck rules (keys): the secret rules when none is given."""
    from eleusis_lab.rules.library import playable

    return [entry.key for entry in playable("standard")]


class SoloEnv(gym.Env):  # type: ignore[misc]
    """See the module's description.  ``env.round`` is the round being played (after ``reset``)."""

    # "ansi" returns the text, "human" prints it
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 - Gymnasium declares it an instance variable

    def __init__(
        self,
        rule: Rule | str | list[Rule | str] | None = None,
        *,
        player: str = "player",
        render_mode: str | None = None,
        max_refused: int = MAX_REFUSED,
        **options: Any,
    ) -> None:
        """``rule``: the secret rule (rule text, a ``Rule`` or a library key), or a list of rules, one
        drawn at each reset (None: :func:`library_rules`); ``max_refused``: refused actions in a row
        that truncate the episode; ``options`` go to ``new_round("solo", …)`` (``max_turns``,
        ``hand_size``, the penalty, ``protocol`` …)."""
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if isinstance(max_refused, bool) or not isinstance(max_refused, int) or max_refused < 1:
            raise ValueError(f"max_refused counts refused actions in a row: 1 or more, not {max_refused!r}")
        rules = library_rules() if rule is None else rule if isinstance(rule, list) else [rule]
        self.rules = [as_rule(r) for r in rules]
        if not self.rules:
            raise ValueError("give at least one secret rule")
        self.player, self.options, self.render_mode = player, dict(options), render_mode
        self.max_refused, self.refused_in_a_row = max_refused, 0
        # a round dealt now checks the options and tells the shapes before anyone resets
        self.round: Round = new_round("solo", [player], self.rules[0], seed=0, **self.options)
        self.ids = CardIds.for_deck(self.round.deck_name)
        self.max_turns = int(self.round.options["max_turns"])
        self.hand_size = int(self.round.options["hand_size"])
        n, t = len(self.ids), self.max_turns
        self.observation_space = spaces.Dict(
            {
                "mainline": spaces.Box(0, n, shape=(t + 1,), dtype=np.int64),
                "sidelines": spaces.Box(0, n, shape=(t + 1, t), dtype=np.int64),
                "hand": spaces.Box(0, n, shape=(self.hand_size,), dtype=np.int64),
                "turn": spaces.Discrete(t + 1),
            }
        )
        self.action_space = spaces.Dict(
            {
                "card": spaces.Discrete(self.hand_size),
                "rule": spaces.Text(max_length=MAX_RULE_LENGTH, min_length=0, charset=RULE_CHARSET),
            }
        )

    # -- the Gymnasium API ---------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        rule = self.rules[int(self.np_random.integers(len(self.rules)))]
        round_seed = int(self.np_random.integers(2**31))
        index = (options or {}).get("round_index")
        if index is not None:
            if self.options.get("protocol") != "benchmark":
                raise ValueError(
                    "round_index picks a round of the benchmark: make the env with protocol=benchmark"
                )
            round_seed = SoloRound.benchmark_seed(rule.text, int(index))
        self.round = new_round("solo", [self.player], rule, seed=round_seed, **self.options)
        self.refused_in_a_row = 0
        self._new_round()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.round.is_over:
            raise GameError("The round is over: call reset() first.")
        try:
            moves = self._read(action)
        except (GameError, RuleError, ValueError) as error:
            self.refused_in_a_row += 1
            truncated = self.refused_in_a_row >= self.max_refused
            return self._observation(), 0.0, False, truncated, self._info(refused=str(error))
        self.refused_in_a_row = 0
        extra: dict[str, Any] = {}
        for move in moves:
            if isinstance(move, Play):
                extra["accepted"] = bool(self.round.apply(move).accepted)
            elif isinstance(move, Guess) and self._listed(Guess):
                result = self.round.apply(move)
                extra["guess"] = {
                    "text": move.text,
                    "correct": bool(result.correct),
                    "message": result.message,
                }
            elif isinstance(move, DeclineGuess):
                self.round.apply(move)
        last_chance = not self.round.is_over and self._listed(DeclineGuess) and not self._listed(Play)
        if last_chance and self._declines_by_itself():
            # the last turn was played and no rule stated: the round ends unsolved
            self.round.apply(DeclineGuess(self.player))
        self._after_moves(extra)
        terminated = self.round.is_over
        reward = float(self.round.scores().players[0]) if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info(**extra)

    def render(self) -> str | None:
        text = f"turn {self._turn()}/{self.max_turns}: {board_text(self.round)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text if self.render_mode == "ansi" else None

    # -- helpers ----------------------------------------------------------------------------------------
    def _new_round(self) -> None:
        """Called after each reset's deal (a subclass's per-round state)."""

    def _after_moves(self, done: dict[str, Any]) -> None:
        """Called after an action's moves, before the observation (``done``: the step's info so far)."""

    def _declines_by_itself(self) -> bool:
        """After the last turn's play a statement-less action lets the last chance go (here every action
        is a play and an optional statement, so nothing else could)."""
        return True

    def _read(self, action: Any) -> list[Action]:
        """The moves of ``action`` (a play, then a guess if a rule is stated); refuses it whole, before
        anything is played."""
        if not isinstance(action, dict) or "card" not in action:
            raise ValueError('an action is a dict {"card": hand index, "rule": rule text or ""}')
        index, text = action["card"], action.get("rule", "") or ""
        hand = self.round.hand(self.player)
        if isinstance(index, bool) or not isinstance(index, int | np.integer) or not 0 <= index < len(hand):
            raise ValueError(f"card must be a hand index from 0 to {len(hand) - 1}, not {index!r}")
        if not isinstance(text, str):
            raise ValueError("rule must be rule text, or '' to state none")
        text = text.strip()
        play: list[Action] = [Play(self.player, (hand[int(index)],))]
        if not text:
            return play
        Rule.parse(text)  # a rule that does not parse refuses the whole action
        return [*play, Guess(self.player, text=text)]

    def _listed(self, kind: type[Action]) -> bool:
        return any(isinstance(a, kind) for a in self.round.legal_actions(self.player))

    def _turn(self) -> int:
        """Plays made: every play after the starter lies on the mainline or in a sideline."""
        rejected = sum(len(p.cards) for plays in self.round.sidelines for p in plays)
        return len(self.round.mainline) - 1 + rejected

    def action_mask(self) -> dict[str, Any]:
        """``{"card": mask over hand slots, "rule": None}``, as ``action_space.sample(mask=…)`` takes it."""
        mask = np.zeros(self.hand_size, dtype=np.int8)
        if not self.round.is_over:
            mask[: len(self.round.hand(self.player))] = 1
        return {"card": mask, "rule": None}

    def _observation(self) -> dict[str, Any]:
        r, ids, t = self.round, self.ids, self.max_turns
        sidelines = np.zeros((t + 1, t), dtype=np.int64)
        for i, plays in enumerate(r.sidelines[: t + 1]):
            cards = [c for p in plays for c in p.cards]
            sidelines[i] = ids.ids(cards, t)
        return {
            "mainline": np.array(ids.ids(r.mainline, t + 1), dtype=np.int64),
            "sidelines": sidelines,
            "hand": np.array(ids.ids(r.hand(self.player), self.hand_size), dtype=np.int64),
            "turn": min(self._turn(), t),
        }

    def _info(self, **extra: Any) -> dict[str, Any]:
        info = {"board": board_text(self.round), "action_mask": self.action_mask(), "turn": self._turn()}
        if self.round.is_over:
            info["score"] = self.round.scores().players[0]
        if self.refused_in_a_row:
            info["refused_in_a_row"] = self.refused_in_a_row
        info.update(extra)
        return info
