"""The benchmark board: a person plays the language-model benchmark's game exactly.

A layout of the shared views (:mod:`eleusis_lab.widgets.views`) and a few of its own over one
:class:`~eleusis_lab.session.TableSession`, which holds the round (the solo variant's
``protocol="benchmark"``, with its log, undo and save), the turn's stage (play, then state a rule or play
on), the confidence stated with each play, the judge and the score.  A rule is stated as rule text, in
words (the closest rules offered as sentences) or by clicks (the rule builder):
:class:`~eleusis_lab.widgets.rule_box.RuleBox`.  Once the round is over, *Export my rounds* writes the
round for the human baseline (:mod:`eleusis_lab.science.human_baseline`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Protocol

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.files import write_atomically
from eleusis_lab.play.solo import SoloRound
from eleusis_lab.science.benchmark import PUBLISHED, RULES, benchmark_round
from eleusis_lab.science.human_baseline import baseline_row, rounds_file
from eleusis_lab.science.solo_runs import SoloRun
from eleusis_lab.session import GuessNotice, TableSession, VerdictNotice
from eleusis_lab.widgets._common import FONT, STYLE, banner, button, four_colour_choice
from eleusis_lab.widgets.rule_box import RuleBox
from eleusis_lab.widgets.settle import Settle
from eleusis_lab.widgets.views import BoardSession, HandView, SessionBoard, TableView, rule_sentence

__all__ = ["BenchmarkBoard", "published_html"]

# Sized for the back row of a classroom (1280 x 720 projector): one style sheet, keyed on the board's class.
BENCHMARK_CSS = """<style>
.eleusis-benchmark .eleusis-scores { font-size: 1.3em; }
.eleusis-benchmark .eleusis-confidence .widget-label { font-size: 1.1em; }
.eleusis-benchmark .eleusis-guess input, .eleusis-benchmark .eleusis-guess-button,
.eleusis-benchmark .eleusis-pass { font-size: 1.15em; height: 2.2em; }
.eleusis-benchmark .eleusis-journal table, .eleusis-benchmark .eleusis-published table {
  border-collapse: collapse; font-size: 1.15em; line-height: 1.35; }
.eleusis-benchmark .eleusis-journal td, .eleusis-benchmark .eleusis-journal th,
.eleusis-benchmark .eleusis-published td, .eleusis-benchmark .eleusis-published th {
  padding: 1px 10px 1px 0; text-align: left; }
.eleusis-benchmark .eleusis-published .eleusis-you td { background: #fef3c7; font-weight: bold; }
</style>"""
YOU = ' class="eleusis-you"'  # the student's row in the published table
JOURNAL_ROWS = 10  # the last turns on show: a 30-turn journal would push the board off the screen
# No example rule in the placeholder: any example could be the secret rule itself.
PLACEHOLDER = "your rule: in the rule language, or in words (then pick one of the rules offered)"


class BenchmarkSession(BoardSession, Protocol):
    """What the benchmark board's views read of a session, beside what every view reads
    (:class:`~eleusis_lab.session.TableSession` is one)."""

    @property
    def benchmark_round(self) -> SoloRound | None: ...

    @property
    def statement_due(self) -> bool: ...

    @property
    def benchmark_turn(self) -> int: ...

    def score_if_right_now(self) -> int: ...

    def benchmark_run(self) -> SoloRun | None: ...


def benchmark_key(text: str) -> str | None:
    """The key of the benchmark's rule whose text this is (None for a rule of one's own)."""
    return next((r.key for r in RULES if r.text == text), None)


class BenchmarkStatus(w.HTML):
    """The turn, the wrong guesses and what a right rule scores now; once over, the result and the rule."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-scores")

    def render(self, session: BenchmarkSession) -> None:
        r, run = session.benchmark_round, session.benchmark_run()
        if r is None or run is None:
            self.value = ""
            return
        if r.is_over:
            wrong = f"{run.wrong_guesses} wrong guess{'' if run.wrong_guesses == 1 else 'es'}"
            text = (
                f"Solved on turn {run.turns} with {wrong}: score {run.score}."
                if run.solved
                else f"Not solved in {run.turns} turns ({wrong}): score 0."
            )
            self.value = banner(text, "accepted" if run.solved else "info", detail=_rule_html(r))
            return
        due = session.statement_due
        todo = "state your rule, or play on" if due else "say how sure you are, then click a card"
        self.value = (
            f'<div style="font-family:{FONT}"><b>Turn {session.benchmark_turn} of {r.max_turns}</b>: {todo}.'
            f"<br>Wrong guesses {r.wrong_guesses} · a right rule this turn scores "
            f"<b>{session.score_if_right_now()}</b></div>"
        )


def _rule_html(r: SoloRound) -> str:
    """The secret rule, once the round is over (never before: nothing on screen may give it away)."""
    key = benchmark_key(r.rule.text)
    named = f" ({escape(key)})" if key else ""
    return f"The rule{named}: <code>{escape(r.rule.text)}</code>"


class BenchmarkVerdict(w.HTML):
    """The verdict of the turn's play (it stays while the student plays on) or of the rule just stated;
    a refused action's one line replaces it until the next change (``say``: the board's message view)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-verdict")
        self._drawn = ""

    def render(self, session: BenchmarkSession) -> None:
        r, notice = session.benchmark_round, session.notice
        html = ""
        if r is not None and isinstance(notice, GuessNotice) and notice.result is not None:
            right = bool(notice.result.correct)
            lost = f"Not the rule: {r.penalty} points lost. Play on."
            html = banner("Right! That is the rule." if right else lost, "accepted" if right else "rejected")
        elif r is not None:
            plays = [o for o in r.evidence() if o.kind == "play"]
            if plays:
                last = plays[-1]
                word = "accepted" if last.accepted else "rejected"
                html = banner(f"{last.cards[0]} is {word}.", word)
        self._drawn = html
        self.value = html

    def say(self, text: str, kind: str = "warning") -> None:
        self.value = banner(text, kind) if text else self._drawn


class HeldHand(HandView):
    """The student's hand, kept on show but greyed while a rule may be stated: the cards held are
    evidence to think with."""

    def playable(self, session: BenchmarkSession) -> bool:  # type: ignore[override]
        return not session.statement_due


def _stated(text: str | None) -> str:
    """A rule stated, as the journal shows it (HTML, escaped): its English sentence, then the rule text
    small for those who read rule text; text that does not read as a rule, as it was typed."""
    if not text:
        return ""
    sentence = rule_sentence(text)
    if sentence is None:
        return escape(text)
    return f'{escape(sentence)}<br><code style="font-size:0.8em;color:#4b5563">{escape(text)}</code>'


class BenchmarkJournal(w.HTML):
    """The last turns: card, verdict, how sure the student said they were, the rule stated."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("eleusis-journal")

    def render(self, session: BenchmarkSession) -> None:
        run = session.benchmark_run()
        log = run.turn_log if run is not None else ()
        shown = log[-JOURNAL_ROWS:]
        if not shown:
            self.value = f'<div style="font-family:{FONT};color:#6b7280">Your turns appear here.</div>'
            return
        rows = "".join(
            f"<tr><td>{t.turn}</td><td>{escape(str(t.card))}</td>"
            f"<td>{'accepted' if t.accepted else 'rejected'}</td>"
            f"<td>{'' if t.confidence is None else f'{round(100 * t.confidence)} %'}</td>"
            f"<td>{_stated(t.guess)}{'' if t.right is None else (' ✓' if t.right else ' ✗')}</td></tr>"
            for t in shown
        )
        more = f" (the last {JOURNAL_ROWS} turns)" if len(log) > JOURNAL_ROWS else ""
        self.value = (
            f'<div style="font-family:{FONT}"><b>Your turns</b>{more}<table><tr><th>turn</th><th>card</th>'
            f"<th>verdict</th><th>sure</th><th>rule stated</th></tr>{rows}</table></div>"
        )


class StatementRow(w.VBox):
    """After a play: the rule (typed, picked from words, or built by clicks), *State the rule*, *Play on*."""

    def __init__(self, state: Callable[[], object], play_on: Callable[[], object]) -> None:
        self.rule_box = RuleBox("standard", placeholder=PLACEHOLDER)
        self.rule_text = self.rule_box.text
        self.rule_text.add_class("eleusis-guess")
        # A fixed width: the rules offered for words wrap inside it, so the buttons beside it never move.
        self.rule_box.layout.width = "46em"
        self.state = button("State the rule", "eleusis-guess-button", lambda _b: state(), width="12em")
        self.play_on = button("Play on", "eleusis-pass", lambda _b: play_on(), width="8em")
        # The two buttons beside the box, not under it: at 1280 x 720 every row pushes the hand lower.
        buttons = w.VBox([self.state, self.play_on], layout=w.Layout(margin="0 0 0 1em"))
        super().__init__([w.HBox([self.rule_box, buttons], layout=w.Layout(align_items="flex-start"))])
        self.add_class("eleusis-after")

    def render(self, session: BenchmarkSession) -> None:
        self.layout.display = "" if session.statement_due else "none"


class BenchmarkBoard(SessionBoard):
    """The solo board's benchmark mode: a person plays the language-model benchmark's game exactly.

    Same deck order, round seed, hidden rejected starters, 30 turns, score ``31 - turn - 2 x wrong
    guesses`` and judge as ``eleusis-lab solo --protocol benchmark`` (:mod:`eleusis_lab.science.benchmark`),
    so a student's or a class's result can be set beside the published models and the scientist.  Each
    turn: (optionally) say how sure you are of your current rule, play a card, then state a rule — as
    rule text, in words, or by clicks — or play on.  The session (``board.session``) holds all of it; the
    round is ``board.round``.  When it is over the board shows the result in its place in the published
    table (:func:`published_html`), with ``opponent`` (e.g. ``"scientist"``) playing the same round for
    a row of its own, and *Export my rounds* writes it for the class's row (``eleusis-lab bench --human``).

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
        save_path: str | Path | None = None,
        export_dir: str | Path = ".",
    ) -> None:
        self.name = name
        self.round_index = round_index
        self.card_width = card_width
        self.confidence = confidence  # the slider is shown (a replay or a quick round may leave it out)
        self.opponent = opponent  # a computer player ("scientist") that plays the same round after yours
        self.export_dir = Path(export_dir)
        self._opponent_result: Any = None
        self._title = w.HTML(
            f'<div class="eleusis-title" style="font-family:{FONT}">Eleusis — the language-model benchmark, '
            f"round {round_index}</div>"
        )
        self.status = BenchmarkStatus()
        self.table = TableView(card_width, max_height="30vh")
        self.verdict = BenchmarkVerdict()
        self.message = self.verdict  # a refusal is one line in the verdict's place, until the next change
        # One student, one hand: a stale click is one that no longer fits the turn's stage (the hand is
        # greyed while a rule is stated), so the hand needs no settle time after it changes.
        self.hand = HeldHand(self._card_clicked, card_width=card_width, settle=Settle(seconds=0.0))
        self.sure = w.IntSlider(
            value=50, min=0, max=100, step=5, description="How sure are you of your rule? (%)",
            continuous_update=False, style={"description_width": "initial"}, layout=w.Layout(width="40em"),
        )  # fmt: skip
        self.sure.add_class("eleusis-confidence")
        self.after = StatementRow(self._guess_clicked, self._pass_clicked)
        self.rule_box, self.rule_text = self.after.rule_box, self.after.rule_text
        self.guess_button, self.pass_button = self.after.state, self.after.play_on
        self.rule_text.on_msg(self._rule_text_msg)  # Enter in the box states the rule, as the button does
        # The browser sends Enter before the text typed (the box syncs on change): Enter with no new rule
        # in the box since the last statement waits for the text on its way, then states it.
        self._fresh = False  # the box's rule changed since the last statement
        self._enter_waits = False
        self.rule_box.on_change(lambda _rule: self._rule_changed())
        self.journal = BenchmarkJournal()
        self.published = w.HTML()  # shown when the round is over: this round beside the published models
        self.published.add_class("eleusis-published")
        self.export_button = button(
            "Export my rounds", "eleusis-export-rounds", lambda _b: self._export_clicked(), width="13em"
        )
        self.export_note = w.HTML()
        self.export_note.add_class("eleusis-export-note")
        self.export_area = w.VBox([self.export_button, self.export_note])
        self.four_colour = four_colour_choice(four_colour)
        self.published.layout.margin = "0 0 0 3em"
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
        self._over = (*head, results, self.export_area, self.verdict, self.table)
        self.widget = w.VBox(list(self._playing))
        self.widget.add_class("eleusis-board")
        self.widget.add_class("eleusis-benchmark")
        self.session = TableSession(save_path, kind="benchmark")
        self.session.begin_benchmark(rule, round_index, name=name)

    # -- clicks -------------------------------------------------------------------------------
    # A click that no longer fits the turn's stage is stale (the second half of a double click, or one
    # queued while the kernel answered the first): it is ignored, so the verdict just shown stays.
    def _card_clicked(self, card: Card) -> None:
        s = self.session
        if not s.statement_due and not s.locked and card in s.round.hand(self.name):
            self.play(card)

    def _guess_clicked(self) -> None:
        if not self.session.statement_due:
            return
        rule = self.rule_box.rule
        if rule is None:
            self.message.say(
                self.rule_box.problem
                or "Your rule is not ready: type it, pick one of the rules offered, or build it."
            )
            return
        self.guess(rule.text, self.rule_box.words)

    def _rule_text_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        # the text box's own message for Enter (no deprecated on_submit)
        if content.get("event") != "submit" or not self.session.statement_due:
            return
        if self._fresh:
            self._guess_clicked()
        else:
            self._enter_waits = True

    def _rule_changed(self) -> None:
        self._fresh = True
        waited, self._enter_waits = self._enter_waits, False
        if (
            waited and self.rule_box.rule is not None
        ):  # words: the box offers rules to pick, nothing is stated
            self._guess_clicked()

    def _pass_clicked(self) -> None:
        if self.session.statement_due:
            self.pass_turn()

    def _export_clicked(self) -> None:
        try:
            path = self.export()
        except (OSError, ValueError) as error:
            self.export_note.value = banner(f"Not exported: {error}", "warning", size="1em")
            return
        self.export_note.value = (
            f'<div style="font-family:{FONT}">Written to <code>{escape(str(path))}</code>: give it to your '
            "teacher for the class's row.</div>"
        )

    # -- actions (what the clicks do; lessons and tests call them too) -------------------------------
    def play(self, card: Card | str) -> bool | None:
        """Play a card from the hand (with how sure you are, if the slider is shown)."""
        percent = self.sure.value if self.confidence else None
        if not self.act(lambda: self.session.play_turn(card, percent)):
            return None
        notice = self.session.notice
        if self.session.statement_due:
            self.rule_text.focus()  # the next thing to do: state a rule (or play on)
        return (
            bool(notice.verdict.accepted)
            if isinstance(notice, VerdictNotice) and notice.verdict is not None
            else None
        )

    def guess(self, text: str, words: str | None = None) -> bool | None:
        """State the rule (right after a play): right ends the round, wrong costs 2 points.  Text that does
        not read as a rule is refused here and costs nothing (the round itself counts it a wrong guess)."""
        if not self.act(lambda: self.session.state_rule(text, words)):
            return None
        self._fresh = False
        notice = self.session.notice
        return (
            bool(notice.result.correct)
            if isinstance(notice, GuessNotice) and notice.result is not None
            else None
        )

    def pass_turn(self) -> None:
        """Play on without stating a rule (after the last turn: the round ends unsolved)."""
        self.act(self.session.play_on)

    def result(self) -> Any:
        """The round's :class:`~eleusis_lab.science.solo_runs.SoloRun` (score, success …)."""
        return self.session.benchmark_run()

    @property
    def statements(self) -> list[tuple[float, str]]:
        """(stated confidence, the rule it was about or "") before each play."""
        return [(t.confidence, t.best or "") for t in self.result().turn_log if t.confidence is not None]

    def export(self, path: str | Path | None = None) -> Path:
        """Write this round for the human baseline (:func:`~eleusis_lab.science.human_baseline.rounds_file`):
        only once it is over, since the file holds the rule."""
        r = self.session.benchmark_round
        if r is None or not r.is_over:
            raise ValueError("Finish the round first: the file holds the rule.")
        slug = re.sub(r"[^A-Za-z0-9]+", "-", self.name).strip("-") or "player"
        where = (
            Path(path)
            if path is not None
            else self.export_dir / f"benchmark-{slug}-{r.seal.fingerprint}.json"
        )
        where.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(where, rounds_file([self.result()], self.name))
        return where

    # -- drawing ------------------------------------------------------------------------------
    def session_changed(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        self._enter_waits = False  # an Enter belongs to the stage it was pressed in
        over = s.locked
        layout = self._over if over else self._playing
        if tuple(self.widget.children) != layout:
            self.widget.children = layout
        for view in (self.status, self.table, self.verdict, self.hand, self.after, self.journal):
            view.render(s)
        # How sure you are is said before the play: while a rule is stated the slider makes room.
        self.sure.layout.display = "" if self.confidence and not s.statement_due else "none"
        run = self.result()  # None once the deal itself is undone
        self.published.value = (
            published_html(run, beside=self._opponent_row()) if over and run is not None else ""
        )

    def _opponent_row(self) -> list[tuple[str, Any]]:
        """The computer player's result on the very same round (same deck), played once, after yours."""
        if self.opponent is None:
            return []
        if self._opponent_result is None:
            rule = self.result().rule
            self._opponent_result = benchmark_round(rule, self.opponent, self.round_index)
        return [(f"the kit's {self.opponent} (same round)", self._opponent_result)]

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        from IPython.display import display

        display(self.widget)


def published_html(
    result: Any, label: str = "You (this round)", *, beside: Sequence[tuple[str, Any]] = ()
) -> str:
    """A round's (or a class's) result in the published table's own measures, in its place among the
    language models (by mean floored score): the human baseline's row
    (:func:`~eleusis_lab.science.human_baseline.baseline_row`) for ``result``, one :class:`SoloRun` or a
    list of them (the row ``label``, highlighted); ``beside``: more (label, result or results) rows,
    e.g. the scientist's.  No rounds: the row says so instead of numbers."""
    rows = [
        (escape(p.model), f"{p.solved:.0%}", p.mean_score, f"{p.wrong_guesses:.2f}", False) for p in PUBLISHED
    ]
    empty = []
    for name, results in [(label, result), *beside]:
        row = baseline_row(list(results) if isinstance(results, list | tuple) else [results], name)
        if row.solved is None or row.mean_score is None or row.wrong_guesses is None:
            empty.append(escape(row.sentence()))
            continue
        rows.append(
            (escape(name), f"{row.solved:.0%}", row.mean_score, f"{row.wrong_guesses:.2f}", name == label)
        )
    rows.sort(key=lambda row: (-row[2], not row[4]))
    body = "".join(
        f"<tr{YOU if you else ''}><td>{name}</td><td>{solved}</td><td>{mean:.1f}</td><td>{wrong}</td></tr>"
        for name, solved, mean, wrong, you in rows
    )
    notes = "".join(f"<div>{sentence}</div>" for sentence in empty)
    return (
        f'<div style="font-family:{FONT}"><b>Beside the language models</b> (each: 26 rules × 3 rounds)'
        f"<table><tr><th>player</th><th>solved</th><th>mean score</th><th>wrong guesses</th></tr>{body}"
        f"</table>{notes}"
        '<div style="font-size:0.8em;color:#4b5563">Published results: '
        "scienceetonnante/eleusis-llm-benchmark</div></div>"
    )
