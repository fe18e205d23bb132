"""The benchmark board: a person plays the language-model benchmark's game exactly.

The round is the solo variant's under ``protocol="benchmark"`` (``board.round``, with its log, undo and
save); this is a view over it that adds the order of a turn and the confidence the student states.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.widgets._common import FONT, STYLE, banner, four_colour_choice

__all__ = ["BenchmarkBoard"]


class BenchmarkBoard:
    """The solo board's benchmark mode: a person plays the language-model benchmark's game exactly.

    Same deck order, round seed, hidden rejected starters, 30 turns, score ``31 - turn - 2 x wrong
    guesses`` and judge as ``eleusis-lab solo --protocol benchmark`` (:mod:`eleusis_lab.science.benchmark`),
    so a student's or a class's result can be set beside the published models and the scientist.  Each
    turn: (optionally) say how sure you are of your current rule, play a card, then state a rule or
    play on.  The round is the solo variant's under ``protocol="benchmark"`` (``board.round``).

    >>> board = BenchmarkBoard(rule="red", round_index=0)
    >>> card = board.round.hand("You")[0]
    >>> board.play(card) in (True, False)
    True
    >>> board.pass_turn(); board.round.turns
    1
    """

    def __init__(
        self,
        rule: str = "colours-alternate",
        round_index: int = 0,
        *,
        name: str = "You",
        card_width: float = 72,
        confidence: bool = True,
        four_colour: bool = False,
    ) -> None:
        from eleusis_lab.play import new_round
        from eleusis_lab.play.solo import SoloRound
        from eleusis_lab.rules import as_rule
        from eleusis_lab.science.benchmark import RULES, BenchmarkNote

        keys = {r.key: r.text for r in RULES}
        self.rule_key = rule if rule in keys else None
        self.name = name
        self.card_width = card_width
        self.round_index = round_index
        secret = as_rule(keys.get(rule, rule))
        seed = SoloRound.benchmark_seed(secret.text, round_index)
        self.round: SoloRound = new_round(  # type: ignore[assignment]
            "solo", [name], secret, seed=seed, protocol="benchmark"
        )
        self._note = BenchmarkNote
        self.notes: list[BenchmarkNote] = []  # what the student said after each play
        self._waiting = False  # a card was played: state a rule or play on before the next
        self.statements: list[tuple[float, str]] = []  # (stated confidence, rule text at the time)
        self._title = w.HTML(
            f'<div class="eleusis-title" style="font-family:{FONT}">Eleusis — the language-model benchmark, '
            f"round {round_index}</div>"
        )
        self.status = w.HTML()
        self.status.add_class("eleusis-scores")
        self.table = w.HTML()
        self.table.add_class("eleusis-table")
        self.verdict = w.HTML()
        self.verdict.add_class("eleusis-verdict")
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hand.add_class("eleusis-hand")
        self.sure = w.IntSlider(
            value=50, min=0, max=100, step=5, description="How sure (%)", continuous_update=False
        )
        self.sure.add_class("eleusis-confidence")
        self.sure.layout.display = "" if confidence else "none"
        self.rule_text = w.Text(
            placeholder="your rule, e.g. card.color != prev.color", layout=w.Layout(width="34em")
        )
        self.rule_text.add_class("eleusis-guess")
        from eleusis_lab.widgets._common import button

        self.guess_button = button(
            "State the rule",
            "eleusis-guess-button",
            lambda _b: self.guess(self.rule_text.value),
            width="12em",
        )
        self.pass_button = button("Play on", "eleusis-pass", lambda _b: self.pass_turn(), width="8em")
        self.after = w.HBox([self.rule_text, self.guess_button, self.pass_button])
        self.journal = w.HTML()
        self.journal.add_class("eleusis-journal")
        self.four_colour = four_colour_choice(four_colour)
        self.widget = w.VBox(
            [
                w.HTML(STYLE),
                self._title,
                self.four_colour,
                self.status,
                self.table,
                self.verdict,
                self.sure,
                self.hand,
                self.after,
                self.journal,
            ]
        )
        self.widget.add_class("eleusis-board")
        self.widget.add_class("eleusis-benchmark")
        self.refresh()

    # -- actions ------------------------------------------------------------------------------
    def play(self, card: Card | str) -> bool | None:
        """Play a card from the hand (after stating how sure you are, if the slider is shown)."""
        from eleusis_lab.play import GameError

        if self._waiting:
            self.verdict.value = banner("State a rule or play on before the next card.", "warning")
            return None
        try:
            verdict = self.round.play(self.name, card)
        except GameError as error:
            self.verdict.value = banner(str(error), "warning")
            return None
        self._waiting = not self.round.is_over
        self.statements.append((self.sure.value / 100, self.rule_text.value.strip()))
        self.notes.append(self._note(self.sure.value / 100, self.rule_text.value.strip() or None, None))
        accepted = verdict.accepted
        self.verdict.value = banner(
            f"{verdict.cards[0]} is {'accepted' if accepted else 'rejected'}.",
            "accepted" if accepted else "rejected",
        )
        self.refresh()
        return accepted

    def guess(self, text: str) -> bool | None:
        """State the rule (right after a play): right ends the round, wrong costs 2 points.  Text that does
        not read as a rule is refused here and costs nothing (the round itself counts it a wrong guess)."""
        from eleusis_lab.play import GameError
        from eleusis_lab.rules import Rule, RuleError

        try:
            if not self._waiting:
                raise GameError("A rule may be stated only right after a play.")
            Rule.parse(text)
            right = bool(self.round.guess(self.name, text).correct)
        except (RuleError, GameError) as error:
            self.verdict.value = banner(str(error).split("\n", 1)[0], "warning")
            return None
        self._waiting = False
        self.verdict.value = banner(
            "Right! That is the rule." if right else "Not the rule: 2 points lost. Play on.",
            "accepted" if right else "rejected",
        )
        self.refresh()
        return right

    def pass_turn(self) -> None:
        """Play on without stating a rule (after the last turn: the round ends unsolved)."""
        from eleusis_lab.play.actions import DeclineGuess

        if not self._waiting:
            self.verdict.value = banner("Nothing to pass: play a card first.", "warning")
            return
        self._waiting = False
        if self.round.is_legal(DeclineGuess(self.name)):
            self.round.apply(DeclineGuess(self.name))
        self.refresh()

    def result(self) -> Any:
        """The round's :class:`~eleusis_lab.science.benchmark.BenchmarkResult` (score, success …)."""
        from eleusis_lab.science.benchmark import BenchmarkResult

        return BenchmarkResult.of_round(self.round, self.name, self.round_index, self.notes)

    # -- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        from eleusis_lab.render.html import table_html
        from eleusis_lab.widgets._common import card_slot

        g = self.round
        mainline = g.mainline
        sidelines = [[c for p in col for c in p.cards] for col in g.sidelines[: len(mainline)]]
        sidelines += [[] for _ in range(len(mainline) - len(sidelines))]
        self.table.value = table_html(mainline, sidelines, card_width=self.card_width)
        waiting = self._waiting and not g.is_over
        self.hand.children = (
            tuple(
                card_slot(c, lambda card: self.play(card), width=self.card_width) for c in g.hand(self.name)
            )
            if not (waiting or g.is_over)
            else ()
        )
        self.after.layout.display = "" if waiting else "none"
        self.sure.disabled = waiting or g.is_over
        r = self.result()
        if g.is_over:
            text = (
                f"Solved on turn {r.turns} with {r.wrong_guesses} wrong guesses: score {r.score}."
                if r.solved
                else f"Not solved in {r.turns} turns ({r.wrong_guesses} wrong guesses): score 0."
            )
            self.status.value = banner(text, "accepted" if r.solved else "info")
        else:
            self.status.value = (
                f'<div style="font-family:{FONT};font-size:1.1em">Turn {g.turns + (0 if waiting else 1)} of '
                f"{g.max_turns} · wrong guesses {g.wrong_guesses} · a right guess now scores "
                f"{g.max_turns + 1 - max(1, g.turns) - g.penalty * g.wrong_guesses}</div>"
            )
        rows = "".join(
            f"<tr><td>{t.turn}</td><td>{escape(str(t.card))}</td>"
            f"<td>{'accepted' if t.accepted else 'rejected'}</td>"
            f"<td>{'' if t.confidence is None else f'{round(100 * t.confidence)} %'}</td>"
            f"<td>{escape(t.guess or '')}{'' if t.right is None else (' ✓' if t.right else ' ✗')}</td></tr>"
            for t in r.turn_log
        )
        self.journal.value = (
            f'<table style="font-family:{FONT};border-collapse:collapse" cellpadding="4"><tr><th>turn</th>'
            f"<th>card</th><th>verdict</th><th>sure</th><th>rule stated</th></tr>{rows}</table>"
        )

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        from IPython.display import display

        display(self.widget)
