"""The solo board: one student against the computer dealer, with optional computer opponents.

Before each play the student predicts the verdict ("I think it will be accepted"); the journal keeps
every prediction beside the dealer's verdict, and the accuracy over time shows the student learning the
rule before they can say it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card, card_from_json, card_to_json
from eleusis_lab.widgets._common import FONT, STYLE, banner, four_colour_choice
from eleusis_lab.widgets.round_board import RoundBoard as ClassBoard

__all__ = ["BenchmarkBoard", "JournalEntry", "SoloBoard"]

OPPONENTS = ["random", "careful", "scientist"]


@dataclass(frozen=True)
class JournalEntry:
    """One play of the student: the cards, the prediction made before it, and the dealer's verdict."""

    number: int
    cards: tuple[Card, ...]
    predicted: bool
    accepted: bool
    mainline_length: int

    @property
    def right(self) -> bool:
        return self.predicted == self.accepted


class SoloBoard(ClassBoard):
    """A student alone against the computer dealer (and, if chosen, computer opponents).

    >>> board = SoloBoard(rule="express-1", seed=2, autosave=False)
    >>> board.deal(); board.predict(True); v = board.play([board.hand.cards[0]])
    >>> len(board.journal)
    1
    """

    kind = "solo"

    def __init__(
        self,
        variant: str = "express",
        rule: Any = None,
        *,
        name: str = "You",
        opponents: list[str] | tuple[str, ...] = (),
        seed: int | None = None,
        hypotheses: bool = False,
        card_width: float = 80,
        autosave: bool | str | Path = True,
        save_dir: str | Path | None = None,
        **kwargs: Any,
    ) -> None:
        self.journal: list[JournalEntry] = []
        self._name = w.Text(value=name, description="Your name", layout=w.Layout(width="22em"))
        self._opponents = w.SelectMultiple(
            options=OPPONENTS, value=tuple(opponents), description="Opponents", rows=3
        )
        self._opponents.add_class("eleusis-opponents")
        self._prediction = w.ToggleButtons(
            options=[("I think: accepted", True), ("I think: rejected", False)],
            value=None,
            description="Predict",
        )
        self._prediction.style.button_width = "13em"
        self._prediction.add_class("eleusis-prediction")
        self._journal = w.HTML()
        self._journal.add_class("eleusis-journal")
        super().__init__(
            variant,
            [name],
            rule,
            seed=seed,
            hypotheses=hypotheses,
            card_width=card_width,
            autosave=autosave,
            save_dir=save_dir,
            title="Eleusis — solo board",
            **kwargs,
        )
        if rule is None:
            self._rule_source.value = "random"
        self._play.children = (*self._play.children[:2], self._journal, *self._play.children[2:])
        left = self._play_row.children[0]
        kids = list(left.children)
        kids.insert(kids.index(self.hand), self._prediction)
        left.children = kids

    # -- set-up -------------------------------------------------------------------------------
    def _show_setup_fields(self) -> None:
        super()._show_setup_fields()
        rows = [
            c for c in self._setup.children if c not in (self._players, self._computer_text, self._dealer)
        ]
        if hasattr(self, "_name"):
            rows[1:1] = [self._name, self._opponents]
        self._setup.children = rows

    def player_names(self) -> list[str]:
        name = self._name.value.strip() or "You"
        return [name, *self._computer_specs()]

    def _computer_specs(self) -> dict[str, str]:
        if not hasattr(self, "_opponents"):
            return {}
        labels = {"random": "Rnd", "careful": "Careful", "scientist": "Scientist"}
        return {labels[k]: k for k in self._opponents.value}

    def _start(
        self, new: Any, key: str | None, computers: dict[str, Any], save_path: Path | None = None
    ) -> None:
        self.journal = []
        super()._start(new, key, computers, save_path)

    # -- predictions ----------------------------------------------------------------------------
    def predict(self, accepted: bool | None) -> None:
        """Make (or clear) the prediction for the next play."""
        self._prediction.value = accepted

    def play(self, cards: Any) -> bool:
        r = self.round
        if r is None or r.is_over:
            return False
        me = self.player_names()[0]
        if r.current_player == me and self._prediction.value is None:
            self._verdict.value = banner("First predict: will this play be accepted or rejected?", "warning")
            return False
        self._pending = self._prediction.value if r.current_player == me else None
        try:
            taken = super().play(cards)
        finally:
            self._pending = None
        if taken:
            self._prediction.value = None
            self.save()
            self._draw_journal()
        return taken

    def _verdict_banner(self, verdict: Any, player: str | None, message: str | None) -> str:
        """The dealer's verdict, and at once whether the student's prediction was right."""
        html = super()._verdict_banner(verdict, player, message)
        predicted = getattr(self, "_pending", None)
        if (
            predicted is None
            or getattr(verdict, "kind", "play") != "play"
            or not hasattr(verdict, "accepted")
        ):
            return html
        entry = JournalEntry(
            len(self.journal) + 1,
            tuple(verdict.cards),
            predicted,
            bool(verdict.accepted),
            len(self.round.mainline) - (len(verdict.cards) if verdict.accepted else 0),
        )
        self.journal.append(entry)
        word = "RIGHT" if entry.right else "WRONG"
        return html + banner(
            f"Your prediction was {word}.", "accepted" if entry.right else "rejected", size="1.1em"
        )

    def accuracy(self) -> list[float]:
        """The running share of right predictions after each play."""
        out, right = [], 0
        for i, e in enumerate(self.journal, start=1):
            right += e.right
            out.append(right / i)
        return out

    def _draw_journal(self) -> None:
        if not self.journal:
            self._journal.value = (
                f'<div style="font-family:{FONT};color:#6b7280">'
                "Your journal: predict, then play a card.</div>"
            )
            return
        rows = "".join(
            f"<tr><td>{e.number}</td><td>{escape(' '.join(str(c) for c in e.cards))}</td>"
            f"<td>{'accepted' if e.predicted else 'rejected'}</td>"
            f"<td>{'accepted' if e.accepted else 'rejected'}</td>"
            f'<td style="color:{"#166534" if e.right else "#991b1b"}">{"✔" if e.right else "✘"}</td></tr>'
            for e in self.journal[-12:]
        )
        acc = self.accuracy()
        right = sum(e.right for e in self.journal)
        shown = "" if len(self.journal) <= 12 else " (the last 12 plays)"
        self._journal.value = (
            f'<div class="eleusis-journal-view" style="font-family:{FONT}"><b>Journal</b>{shown} — '
            f"{right} of {len(self.journal)} predictions right ({right / len(self.journal):.0%})"
            "<style>.eleusis-journal-view td, .eleusis-journal-view th {padding:1px 10px 1px 0;"
            "text-align:left}</style>"
            f'<table style="border-collapse:collapse;font-size:0.9em"><tr><th>#</th><th>cards</th>'
            f"<th>you said</th><th>dealer said</th><th></th></tr>{rows}</table>"
            f'<div style="margin-top:10px">{_accuracy_svg(acc)}</div></div>'
        )

    def refresh(self) -> None:
        super().refresh()
        r = self.round
        if r is not None:
            self._prediction.layout.display = "none" if r.is_over else None
        self._draw_journal()

    def _notes(self) -> dict[str, Any]:
        notes = super()._notes()
        notes["journal"] = [
            {
                "cards": [card_to_json(c) for c in e.cards],
                "predicted": e.predicted,
                "accepted": e.accepted,
                "mainline_length": e.mainline_length,
            }
            for e in self.journal
        ]
        notes["name"] = self.player_names()[0]
        return notes

    @classmethod
    def resume(cls, path: str | Path, **kwargs: Any) -> SoloBoard:
        from eleusis_lab.play import load_round
        from eleusis_lab.widgets import saves

        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ValueError(f"cannot read the save file {path}: {error.strerror}") from None
        new = load_round(text)
        notes = saves.read_sidecar(path)
        specs = dict(notes.get("computers") or {})
        if "panel" in notes:
            kwargs.setdefault("hypotheses", bool(notes["panel"]))
            kwargs.setdefault("plots", bool(notes.get("plots", True)))
        board = cls(
            new.variant,
            name=notes.get("name", new.players[0]),
            opponents=list(specs.values()),
            autosave=path,
            **kwargs,
        )
        board._rounds_from_notes(notes)
        board._start(new, notes.get("rule_key"), board._make_computers(new.seed), save_path=path)
        board.journal = [
            JournalEntry(
                i + 1,
                tuple(card_from_json(c) for c in j["cards"]),
                j["predicted"],
                j["accepted"],
                j["mainline_length"],
            )
            for i, j in enumerate(notes.get("journal") or [])
        ]
        board.refresh()
        return board


def _accuracy_svg(acc: list[float], width: int = 320, height: int = 110) -> str:
    """Running prediction accuracy (0-100 %) as a line, with the 50 % line of pure guessing."""
    if len(acc) < 2:
        return ""
    n = len(acc) - 1
    pts = " ".join(
        f"{34 + (width - 44) * i / n:.1f},{height - 18 - (height - 30) * a:.1f}" for i, a in enumerate(acc)
    )
    mid = height - 18 - (height - 30) * 0.5
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="eleusis-accuracy" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><text x="4" y="10" font-family="{FONT}" font-size="11">'
        f"Prediction accuracy over time</text>"
        f'<line x1="34" y1="{height - 18}" x2="{width - 10}" y2="{height - 18}" stroke="#888"/>'
        f'<line x1="34" y1="12" x2="34" y2="{height - 18}" stroke="#888"/>'
        f'<line x1="34" y1="{mid:.1f}" x2="{width - 10}" y2="{mid:.1f}" stroke="#bbb" '
        'stroke-dasharray="4 3"/>'
        f'<text x="30" y="16" font-family="{FONT}" font-size="9" text-anchor="end">100%</text>'
        f'<text x="30" y="{mid + 3:.1f}" font-family="{FONT}" font-size="9" text-anchor="end">50%</text>'
        f'<text x="30" y="{height - 16}" font-family="{FONT}" font-size="9" text-anchor="end">0%</text>'
        f'<polyline fill="none" stroke="#7c3aed" stroke-width="2" points="{pts}"/>'
        f'<text x="{width - 10}" y="{height - 4}" font-family="{FONT}" font-size="9" text-anchor="end">'
        f"play {len(acc)}</text></svg>"
    )


# -- the benchmark mode -------------------------------------------------------------------------------
class BenchmarkBoard:
    """The solo board's benchmark mode: a person plays the language-model benchmark's game exactly.

    Same deck order, round seed, hidden rejected starters, 30 turns, score ``31 - turn - 2 x wrong
    guesses`` and judge as ``eleusis-lab solo --protocol benchmark`` (:mod:`eleusis_lab.science.benchmark`),
    so a student's or a class's result can be set beside the published models and the scientist.  Each
    turn: (optionally) say how sure you are of your current rule, play a card, then state a rule or
    play on.  The logic lives in :class:`~eleusis_lab.science.benchmark.BenchmarkGame` (``board.game``).

    >>> board = BenchmarkBoard(rule="red", round_index=0)
    >>> card = board.game.table.hand_cards[0]
    >>> board.play(card) in (True, False)
    True
    >>> board.pass_turn(); board.game.turn
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
        from eleusis_lab.science.benchmark import RULES, BenchmarkGame

        keys = {r.key: r.text for r in RULES}
        self.rule_key = rule if rule in keys else None
        self.name = name
        self.card_width = card_width
        self.game = BenchmarkGame(keys.get(rule, rule), round_index)
        self.statements: list[tuple[float, str]] = []  # (stated confidence, rule text at the time)
        self._title = w.HTML(
            f'<div class="eleusis-title" style="font-family:{FONT}">Eleusis — the language-model benchmark, '
            f"round {round_index}</div>"
        )
        self._status = w.HTML()
        self._status.add_class("eleusis-scores")
        self._table = w.HTML()
        self._table.add_class("eleusis-table")
        self._verdict = w.HTML()
        self._verdict.add_class("eleusis-verdict")
        self._hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._hand.add_class("eleusis-hand")
        self._sure = w.IntSlider(
            value=50, min=0, max=100, step=5, description="How sure (%)", continuous_update=False
        )
        self._sure.add_class("eleusis-confidence")
        self._sure.layout.display = "" if confidence else "none"
        self._rule_text = w.Text(
            placeholder="your rule, e.g. card.color != prev.color", layout=w.Layout(width="34em")
        )
        self._rule_text.add_class("eleusis-guess")
        from eleusis_lab.widgets._common import button

        self._guess_button = button(
            "State the rule",
            "eleusis-guess-button",
            lambda _b: self.guess(self._rule_text.value),
            width="12em",
        )
        self._pass_button = button("Play on", "eleusis-pass", lambda _b: self.pass_turn(), width="8em")
        self._after = w.HBox([self._rule_text, self._guess_button, self._pass_button])
        self._journal = w.HTML()
        self._journal.add_class("eleusis-journal")
        self.four_colour = four_colour_choice(four_colour)
        self.widget = w.VBox(
            [
                w.HTML(STYLE),
                self._title,
                self.four_colour,
                self._status,
                self._table,
                self._verdict,
                self._sure,
                self._hand,
                self._after,
                self._journal,
            ]
        )
        self.widget.add_class("eleusis-board")
        self.widget.add_class("eleusis-benchmark")
        self.refresh()

    # -- actions ------------------------------------------------------------------------------
    def play(self, card: Card | str) -> bool | None:
        """Play a card from the hand (after stating how sure you are, if the slider is shown)."""
        try:
            accepted = self.game.play(card)
        except ValueError as error:
            self._verdict.value = banner(str(error), "warning")
            return None
        self.statements.append((self._sure.value / 100, self._rule_text.value.strip()))
        self.game.note(confidence=self._sure.value / 100, best=self._rule_text.value.strip() or None)
        shown = self.game.turn_log[-1].card
        self._verdict.value = banner(
            f"{shown} is {'accepted' if accepted else 'rejected'}.", "accepted" if accepted else "rejected"
        )
        self.refresh()
        return accepted

    def guess(self, text: str) -> bool | None:
        """State the rule (right after a play): right ends the round, wrong costs 2 points."""
        from eleusis_lab.rules import RuleError

        try:
            right = self.game.guess(text)
        except (RuleError, ValueError) as error:
            self._verdict.value = banner(str(error).split("\n", 1)[0], "warning")
            return None
        self._verdict.value = banner(
            "Right! That is the rule." if right else "Not the rule: 2 points lost. Play on.",
            "accepted" if right else "rejected",
        )
        self.refresh()
        return right

    def pass_turn(self) -> None:
        """Play on without stating a rule."""
        try:
            self.game.skip()
        except ValueError as error:
            self._verdict.value = banner(str(error), "warning")
            return
        self.refresh()

    def result(self) -> Any:
        """The round's :class:`~eleusis_lab.science.benchmark.BenchmarkResult` (score, success …)."""
        return self.game.result(self.name)

    # -- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        from eleusis_lab.render.html import table_html
        from eleusis_lab.widgets._common import card_slot

        g = self.game
        sidelines: list[list[Card]] = [[] for _ in g.table.mainline]
        length = 1
        for t in g.turn_log:
            if t.accepted:
                length += 1
            elif length - 1 < len(sidelines):
                sidelines[length - 1].append(t.card)
        self._table.value = table_html(g.table.mainline, sidelines, card_width=self.card_width)
        waiting = g.awaiting_guess and not g.is_over
        self._hand.children = (
            tuple(
                card_slot(c, lambda card: self.play(card), width=self.card_width) for c in g.table.hand_cards
            )
            if not (waiting or g.is_over)
            else ()
        )
        self._after.layout.display = "" if waiting else "none"
        self._sure.disabled = waiting or g.is_over
        if g.is_over:
            r = self.result()
            text = (
                f"Solved on turn {r.turns} with {r.wrong_guesses} wrong guesses: score {r.score}."
                if r.solved
                else f"Not solved in {r.turns} turns ({r.wrong_guesses} wrong guesses): score 0."
            )
            self._status.value = banner(text, "accepted" if r.solved else "info")
        else:
            self._status.value = (
                f'<div style="font-family:{FONT};font-size:1.1em">Turn {g.turn + (0 if waiting else 1)} of '
                f"{g.table.max_turns} · wrong guesses {g.wrong_guesses} · a right guess now scores "
                f"{g.table.max_turns + 1 - max(1, g.turn) - g.table.penalty * g.wrong_guesses}</div>"
            )
        rows = "".join(
            f"<tr><td>{t.turn}</td><td>{escape(str(t.card))}</td>"
            f"<td>{'accepted' if t.accepted else 'rejected'}</td>"
            f"<td>{'' if t.confidence is None else f'{round(100 * t.confidence)} %'}</td>"
            f"<td>{escape(t.guess or '')}{'' if t.right is None else (' ✓' if t.right else ' ✗')}</td></tr>"
            for t in g.turn_log
        )
        self._journal.value = (
            f'<table style="font-family:{FONT};border-collapse:collapse" cellpadding="4"><tr><th>turn</th>'
            f"<th>card</th><th>verdict</th><th>sure</th><th>rule stated</th></tr>{rows}</table>"
        )

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        from IPython.display import display

        display(self.widget)
