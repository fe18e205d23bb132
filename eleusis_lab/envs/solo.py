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
whole: the round is unchanged, the reward 0, and ``info["refused"]`` says why.  The reward is the
protocol's score, given when the round ends (a correct guess, or the last turn).
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


class SoloEnv(gym.Env):  # type: ignore[misc]
    """See the module's description.  ``env.round`` is the round being played (after ``reset``)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium declares it an instance variable

    def __init__(
        self,
        rule: Rule | str | list[Rule | str],
        *,
        player: str = "player",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """``rule``: the secret rule (rule text, a ``Rule`` or a library key), or a list of rules, one
        drawn at each reset; ``options`` go to ``new_round("solo", …)`` (``max_turns``, ``hand_size``,
        the penalty, ``protocol`` …)."""
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = [as_rule(r) for r in (rule if isinstance(rule, list) else [rule])]
        if not self.rules:
            raise ValueError("give at least one secret rule")
        self.player, self.options, self.render_mode = player, dict(options), render_mode
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
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.round.is_over:
            raise GameError("The round is over: call reset() first.")
        try:
            card, text = self._read(action)
        except (GameError, RuleError, ValueError) as error:
            return self._observation(), 0.0, False, False, self._info(refused=str(error))
        extra: dict[str, Any] = {}
        verdict = self.round.apply(Play(self.player, (card,)))
        extra["accepted"] = bool(verdict.accepted)
        if text and self._listed(Guess):
            result = self.round.apply(Guess(self.player, text=text))
            extra["guess"] = {"text": text, "correct": bool(result.correct), "message": result.message}
        if not self.round.is_over and self._listed(DeclineGuess) and not self._listed(Play):
            # the last turn was played and no rule stated: the round ends unsolved
            self.round.apply(DeclineGuess(self.player))
        terminated = self.round.is_over
        reward = float(self.round.scores().players[0]) if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info(**extra)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"turn {self._turn()}/{self.max_turns}: {board_text(self.round)}"

    # -- helpers ----------------------------------------------------------------------------------------
    def _read(self, action: Any) -> tuple[Any, str]:
        """The card and the rule text of ``action``; refuses it whole, before anything is played."""
        if not isinstance(action, dict) or "card" not in action:
            raise ValueError('an action is a dict {"card": hand index, "rule": rule text or ""}')
        index, text = action["card"], action.get("rule", "") or ""
        hand = self.round.hand(self.player)
        if isinstance(index, bool) or not isinstance(index, int | np.integer) or not 0 <= index < len(hand):
            raise ValueError(f"card must be a hand index from 0 to {len(hand) - 1}, not {index!r}")
        if not isinstance(text, str):
            raise ValueError("rule must be rule text, or '' to state none")
        text = text.strip()
        if text:
            Rule.parse(text)  # a rule that does not parse refuses the whole action
        return hand[int(index)], text

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
        info.update(extra)
        return info
