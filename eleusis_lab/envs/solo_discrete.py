"""The solo game with a flat ``Discrete`` action and a mask, for RL libraries that take nothing else.

:class:`SoloDiscreteEnv` plays the round of :class:`~eleusis_lab.envs.SoloEnv` (same options, same
observation, same rewards) but an action is one index of ``Discrete(H + 1 + K)`` (``H`` the hand size,
``K`` = ``menu_size``, 4 unless given):

===================  ===================================================================================
index                action
===================  ===================================================================================
``0 … H-1``          play the card in hand slot ``index`` (the observation's ``hand`` order)
``H``                let the last chance go: state no rule after the last turn's play (ends the round)
``H + 1 … H + K``    state rule ``index - H - 1`` of this step's **menu**
===================  ===================================================================================

A turn is a play, then (after seeing its verdict) at most one statement, as the solo protocol allows
it only right after a play; a wrong one costs the penalty.  The solo
protocol has no "no play" (every turn is a card), so there is no index for one.

**The menu** is the kit's scientist's ``K`` most probable rule classes given the verdicts so far
(:meth:`eleusis_lab.science.grammar.GrammarSpace.classes`), rules already stated wrong left out; it
changes every step.  The observation adds what an agent needs to learn which to state:

- ``menu_probability`` ``(K,)`` — each listed rule class's share of the posterior (0 = empty slot);
- ``menu_accepts`` ``(K, H)`` — 1 where listed rule ``j`` accepts hand card ``i`` on the mainline now.

``info["menu"]`` holds the listed rules' texts.  The mask of legal indices is ``info["action_mask"]``
and :meth:`SoloDiscreteEnv.action_masks` (sb3-contrib's ``MaskablePPO`` calls it);
``action_space.sample(mask=env.action_masks())`` draws a legal action.  The menu costs about 20 ms a
step (the scientist's space is narrowed by each verdict), so this environment runs some tens of steps
a second, the text form about a thousand.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
from gymnasium import spaces

from eleusis_lab.envs.solo import SoloEnv
from eleusis_lab.play.actions import Action, DeclineGuess, Guess, Play
from eleusis_lab.rules import Rule
from eleusis_lab.science.scientist import ScientistPlayer

__all__ = ["MENU_SIZE", "SoloDiscreteEnv"]

#: How many rules the menu lists unless told.
MENU_SIZE = 4


class SoloDiscreteEnv(SoloEnv):
    """See the module's description.  ``menu_size`` rules are offered each step."""

    def __init__(self, rule: Any = None, *, menu_size: int = MENU_SIZE, **options: Any) -> None:
        if isinstance(menu_size, bool) or not isinstance(menu_size, int) or menu_size < 1:
            raise ValueError(f"menu_size counts the rules offered: 1 or more, not {menu_size!r}")
        super().__init__(rule, **options)
        self.menu_size = menu_size
        self.PASS = self.hand_size  # an index constant, named as the table env names its own
        self.first_rule = self.hand_size + 1
        h, k = self.hand_size, menu_size
        self.n_actions = h + 1 + k
        text_form = cast(spaces.Dict, self.observation_space)  # SoloEnv's observation, extended here
        self.observation_space = spaces.Dict(
            {
                **text_form.spaces,
                "menu_probability": spaces.Box(0.0, 1.0, shape=(k,), dtype=np.float32),
                "menu_accepts": spaces.Box(0, 1, shape=(k, h), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.n_actions)
        self.menu: list[tuple[str, float]] = []
        self._new_round()

    # -- the menu ---------------------------------------------------------------------------------------
    def _new_round(self) -> None:
        # the scientist keeps its space narrowed by the round's evidence
        self._scientist = ScientistPlayer()
        self._stated_wrong: set[str] = set()
        self._parsed: dict[str, Rule] = {}
        self._refresh_menu()

    def _refresh_menu(self) -> None:
        space = self._scientist.space(self.round, self.player)
        wanted = self.menu_size + len(self._stated_wrong)
        listed = [c for c in space.classes(wanted) if c.text not in self._stated_wrong]
        self.menu = [(c.text, float(c.probability)) for c in listed[: self.menu_size]]

    # -- actions ----------------------------------------------------------------------------------------
    def _after_moves(self, done: dict[str, Any]) -> None:
        guess = done.get("guess")
        if guess is not None and not guess["correct"]:
            # left off the menu from now on; not excluded from the space (the scientist's exclusion costs
            # tens of milliseconds a step per refuted rule, so shares still count refuted classes)
            self._stated_wrong.add(guess["text"])
        if self.round.is_over:
            self.menu = []
        else:
            self._refresh_menu()

    def _declines_by_itself(self) -> bool:
        return False  # the agent states a rule from the menu or lets the chance go (index H) itself

    def _read(self, action: Any) -> list[Action]:
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"an action is an index from 0 to {self.n_actions - 1}, not {action!r}")
        index = int(action)
        if not 0 <= index < self.n_actions:
            raise ValueError(f"an action is an index from 0 to {self.n_actions - 1}, not {index}")
        if not self.action_masks()[index]:
            raise ValueError(f"action {index} is not allowed now (see the action mask)")
        hand = self.round.hand(self.player)
        if index < self.hand_size:
            return [Play(self.player, (hand[index],))]
        if index == self.PASS:
            return [DeclineGuess(self.player)]
        return [Guess(self.player, text=self.menu[index - self.first_rule][0])]

    def action_masks(self) -> np.ndarray:
        """1 for each index the round allows now (sb3-contrib's name for the mask)."""
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if self.round.is_over:
            return mask
        if self._listed(Play):
            mask[: len(self.round.hand(self.player))] = 1
        if self._listed(DeclineGuess):
            mask[self.PASS] = 1
        if self._listed(Guess):
            mask[self.first_rule : self.first_rule + len(self.menu)] = 1
        return mask

    def action_mask(self) -> np.ndarray:  # type: ignore[override]
        """The same mask as :meth:`action_masks` (``info["action_mask"]``)."""
        return self.action_masks()

    # -- observations -----------------------------------------------------------------------------------
    def _observation(self) -> dict[str, Any]:
        observation = super()._observation()
        k, h = self.menu_size, self.hand_size
        probability = np.zeros(k, dtype=np.float32)
        accepts = np.zeros((k, h), dtype=np.int8)
        hand, mainline = self.round.hand(self.player), list(self.round.mainline)
        for j, (text, share) in enumerate(self.menu):
            probability[j] = min(max(share, 0.0), 1.0)
            rule = self._parsed.get(text) or self._parsed.setdefault(text, Rule.parse(text))
            accepts[j, : len(hand)] = [rule.accepts(card, mainline) for card in hand]
        observation["menu_probability"], observation["menu_accepts"] = probability, accepts
        return observation

    def _info(self, **extra: Any) -> dict[str, Any]:
        info = super()._info(**extra)
        info["menu"] = [text for text, _share in self.menu]
        return info
