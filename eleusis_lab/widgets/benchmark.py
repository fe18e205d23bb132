"""The benchmark board: a person plays the language-model benchmark's game exactly.

The round is the solo variant's under ``protocol="benchmark"`` (``board.round``, with its log, undo and
save); this is a view over it that adds the order of a turn and the confidence the student states.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.widgets._common import FONT, STYLE, banner, button, four_colour_choice
from eleusis_lab.widgets.parts import HandArea

__all__ = ["BenchmarkBoard", "published_html"]

# Sized for the back row of a classroom (1280 x 720 projector): one style sheet, keyed on the board's class.
BENCHMARK_CSS = """<style>
.eleusis-benchmark .eleusis-scores { font-size: 1.3em; }
.eleusis-benchmark .eleusis-confidence .widget-label { font-size: 1.1em; }
.eleusis-benchmark .eleusis-guess input, .eleusis-benchmark .eleusis-after .widget-button {
  font-size: 1.15em; height: 2.2em; }
.eleusis-benchmark .eleusis-journal table, .eleusis-benchmark .eleusis-published table {
  border-collapse: collapse; font-size: 1.15em; line-height: 1.35; }
.eleusis-benchmark .eleusis-journal td, .eleusis-benchmark .eleusis-journal th,
.eleusis-benchmark .eleusis-published td, .eleusis-benchmark .eleusis-published th {
  padding: 1px 10px 1px 0; text-align: left; }
.eleusis-benchmark .eleusis-published .eleusis-you td { background: #fef3c7; font-weight: bold; }
</style>"""
YOU = ' class="eleusis-you"'  # the student's row in the published table
JOURNAL_ROWS = 10  # the last turns on show: a 30-turn journal would push the board off the screen


class BenchmarkBoard:
    """The solo board's benchmark mode: a person plays the language-model benchmark's game exactly.

    Same deck order, round seed, hidden rejected starters, 30 turns, score ``31 - turn - 2 x wrong
    guesses`` and judge as ``eleusis-lab solo --protocol benchmark`` (:mod:`eleusis_lab.science.benchmark`),
    so a student's or a class's result can be set beside the published models and the scientist.  Each
    turn: (optionally) say how sure you are of your current rule, play a card, then state a rule or
    play on.  The round is the solo variant's under ``protocol="benchmark"`` (``board.round``).  When it
    is over the board shows the result in its place in the published table (:func:`published_html`),
    with ``opponent`` (e.g. ``"scientist"``) playing the same round for a row of its own.

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
        opponent: str | None = None,
    ) -> None:
        from eleusis_lab.play import new_round
        from eleusis_lab.play.solo import SoloRound
        from eleusis_lab.rules import as_rule
        from eleusis_lab.science.benchmark import RULES
        from eleusis_lab.science.solo_runs import PlayerNote

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
        self._note = PlayerNote
        self.notes: list[PlayerNote] = []  # what the student said after each play
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
        # The hand stays on show (greyed) while a rule is stated: the cards held are evidence to think with.
        self.hand = HandArea(self._card_clicked, card_width=self.card_width)
        self.sure = w.IntSlider(
            value=50, min=0, max=100, step=5, description="How sure are you of your rule? (%)",
            continuous_update=False, style={"description_width": "initial"}, layout=w.Layout(width="40em"),
        )  # fmt: skip
        self.sure.add_class("eleusis-confidence")
        self.confidence = confidence  # the slider is shown (a replay or a quick round may leave it out)
        self.opponent = opponent  # a computer player ("scientist") that plays the same round after yours
        self._opponent_result: Any = None
        # No example rule in the placeholder: any example could be the secret rule itself.
        self.rule_text = w.Text(
            placeholder="type your rule in the rule language", layout=w.Layout(width="30em")
        )
        self.rule_text.add_class("eleusis-guess")
        self.rule_text.on_msg(self._rule_text_msg)  # Enter in the box states the rule, as the button does
        self.guess_button = button(
            "State the rule", "eleusis-guess-button", self._guess_clicked, width="12em"
        )
        self.pass_button = button("Play on", "eleusis-pass", self._pass_clicked, width="8em")
        self.after = w.HBox([self.rule_text, self.guess_button, self.pass_button])
        self.after.add_class("eleusis-after")
        self.journal = w.HTML()
        self.journal.add_class("eleusis-journal")
        self.published = w.HTML()  # shown when the round is over: this round beside the published models
        self.published.add_class("eleusis-published")
        self.published.layout.margin = "0 0 0 3em"
        self.four_colour = four_colour_choice(four_colour)
        results = w.HBox([self.journal, self.published])
        head = [w.HTML(STYLE + BENCHMARK_CSS), self._title, self.four_colour, self.status]
        # While the round is on, the line and then what to do next; the journal below.  Once it is over
        # the result beside the published models comes right under the banner: below a long round's
        # line it would be off a 1280 x 720 projector's screen.
        self._playing = (
            *head,
            self.table,
            self.verdict,
            self.after,  # right under the verdict: at 1280 x 720 a long round's table pushes the hand low
            self.sure,
            self.hand,
            results,
        )
        self._over = (*head, results, self.verdict, self.table)
        self.widget = w.VBox(list(self._playing))
        self.widget.add_class("eleusis-board")
        self.widget.add_class("eleusis-benchmark")
        self.refresh()

    # -- clicks -------------------------------------------------------------------------------
    # A click that no longer fits what is on screen is stale (the second half of a double click, or one
    # queued while the kernel answered the first): it is ignored, so the verdict just shown stays.
    def _card_clicked(self, card: Card) -> None:
        if not self._waiting and not self.round.is_over and card in self.round.hand(self.name):
            self.play(card)

    def _guess_clicked(self, _button: Any = None) -> None:
        if self._waiting and not self.round.is_over:
            self.guess(self.rule_text.value)

    def _rule_text_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") == "submit":  # the text box's own message for Enter (no deprecated on_submit)
            self._guess_clicked()

    def _pass_clicked(self, _button: Any = None) -> None:
        if self._waiting and not self.round.is_over:
            self.pass_turn()

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
        if self._waiting:
            self.rule_text.focus()  # the next thing to do: type a rule (or play on)
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
        """The round's :class:`~eleusis_lab.science.solo_runs.SoloRun` (score, success …)."""
        from eleusis_lab.science.solo_runs import SoloRun

        return SoloRun.of_round(self.round, self.name, self.round_index, self.notes)

    # -- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        from eleusis_lab.play.benchmark_protocol import score
        from eleusis_lab.render.html import table_html

        g = self.round
        layout = self._over if g.is_over else self._playing
        if tuple(self.widget.children) != layout:
            self.widget.children = layout
        mainline = g.mainline
        sidelines = [[c for p in col for c in p.cards] for col in g.sidelines[: len(mainline)]]
        sidelines += [[] for _ in range(len(mainline) - len(sidelines))]
        self.table.value = table_html(mainline, sidelines, card_width=self.card_width)
        waiting = self._waiting and not g.is_over
        # once over, the hand, the rule box and the slider are not in the layout at all (``_over``)
        self.hand.show("", [] if g.is_over else g.hand(self.name), enabled=not waiting)
        self.after.layout.display = "" if waiting else "none"
        self.sure.disabled = waiting
        self.sure.layout.display = "" if self.confidence else "none"
        r = self.result()
        if g.is_over:
            wrong = f"{r.wrong_guesses} wrong guess{'' if r.wrong_guesses == 1 else 'es'}"
            text = (
                f"Solved on turn {r.turns} with {wrong}: score {r.score}."
                if r.solved
                else f"Not solved in {r.turns} turns ({wrong}): score 0."
            )
            self.status.value = banner(text, "accepted" if r.solved else "info", detail=self._rule_html())
            self.published.value = published_html(r, beside=self._opponent_row())
        else:
            turn = g.turns + (0 if waiting else 1)  # a rule is stated right after the turn's play
            now = score(True, turn=turn, wrong=g.wrong_guesses, max_turns=g.max_turns, penalty=g.penalty)
            todo = "state your rule, or play on" if waiting else "say how sure you are, then click a card"
            self.status.value = (
                f'<div style="font-family:{FONT}"><b>Turn {turn} of {g.max_turns}</b>: {todo}.<br>'
                f"Wrong guesses {g.wrong_guesses} · a right rule this turn scores <b>{now}</b></div>"
            )
            self.published.value = ""
        shown = r.turn_log[-JOURNAL_ROWS:]
        rows = "".join(
            f"<tr><td>{t.turn}</td><td>{escape(str(t.card))}</td>"
            f"<td>{'accepted' if t.accepted else 'rejected'}</td>"
            f"<td>{'' if t.confidence is None else f'{round(100 * t.confidence)} %'}</td>"
            f"<td>{escape(t.guess or '')}{'' if t.right is None else (' ✓' if t.right else ' ✗')}</td></tr>"
            for t in shown
        )
        more = f" (the last {JOURNAL_ROWS} turns)" if len(r.turn_log) > JOURNAL_ROWS else ""
        if not shown:
            self.journal.value = (
                f'<div style="font-family:{FONT};color:#6b7280">Your turns appear here.</div>'
            )
            return
        self.journal.value = (
            f'<div style="font-family:{FONT}"><b>Your turns</b>{more}<table><tr><th>turn</th><th>card</th>'
            f"<th>verdict</th><th>sure</th><th>rule stated</th></tr>{rows}</table></div>"
        )

    def _opponent_row(self) -> list[tuple[str, Any]]:
        """The computer player's result on the very same round (same deck), played once, after yours."""
        if self.opponent is None:
            return []
        if self._opponent_result is None:
            from eleusis_lab.science.benchmark import benchmark_round

            rule = self.round.rule.text
            self._opponent_result = benchmark_round(rule, self.opponent, self.round_index)
        return [(f"the kit's {self.opponent} (same round)", self._opponent_result)]

    def _rule_html(self) -> str:
        """The secret rule, once the round is over (never before: nothing on screen may give it away)."""
        key = f" ({escape(self.rule_key)})" if self.rule_key else ""
        return f"The rule{key}: <code>{escape(self.round.rule.text)}</code>"

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        from IPython.display import display

        display(self.widget)


def published_html(
    result: Any, label: str = "You (this round)", *, beside: Sequence[tuple[str, Any]] = ()
) -> str:
    """A round's (or a class's) result in the published table's own measures, in its place among the
    language models (by mean floored score): success as the benchmark's analysis counts it, and wrong
    guesses up to its cut-off turn.  ``result``: one :class:`SoloRun` or a list of them (the row
    ``label``, highlighted); ``beside``: more (label, result or results) rows, e.g. the scientist's."""
    from eleusis_lab.science.bench import Summary
    from eleusis_lab.science.benchmark import PUBLISHED

    rows = [(p.model, p.solved, p.mean_score, p.wrong_guesses, False) for p in PUBLISHED]
    for name, results in [(label, result), *beside]:
        s = Summary.of(results if isinstance(results, list | tuple) else [results])
        rows.append((name, s.success, s.mean_score, s.counted_wrong, name == label))
    rows.sort(key=lambda row: (-row[2], not row[4]))
    body = "".join(
        f"<tr{YOU if you else ''}><td>{escape(name)}</td><td>{solved:.0%}</td>"
        f"<td>{mean:.1f}</td><td>{wrong:.2f}</td></tr>"
        for name, solved, mean, wrong, you in rows
    )
    return (
        f'<div style="font-family:{FONT}"><b>Beside the language models</b> (each: 26 rules × 3 rounds)'
        f"<table><tr><th>player</th><th>solved</th><th>mean score</th><th>wrong guesses</th></tr>{body}"
        '</table><div style="font-size:0.8em;color:#4b5563">Published results: '
        "scienceetonnante/eleusis-llm-benchmark</div></div>"
    )
