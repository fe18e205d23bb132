"""The class board: a teacher runs a class round at the projector, as small views over a class session.

All the state is the :class:`~eleusis_lab.session.TableSession`'s (its log holds every play, guess,
hypothesis, reveal and round begun or abandoned, and autosaves after each); the board turns clicks into
session calls and redraws its views from the session.  A refused action gets one line under the action
bar and changes nothing; the verdict of the last play stays where it is.

>>> board = ClassBoard("express", ["Ana", "Ben", "Cy"], rule="express-1", seed=3, autosave=False,
...                    hypotheses=False)
>>> board.deal(); board.round.variant, board.session.phase
('express', 'playing')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.session import GuessNotice, TableSession, new_session_path, saved_sessions
from eleusis_lab.widgets._common import STYLE, error_text
from eleusis_lab.widgets.class_setup import SetupForm
from eleusis_lab.widgets.confirm import Choice, ConfirmRow
from eleusis_lab.widgets.figures import FiguresView
from eleusis_lab.widgets.hypotheses import HypothesisPanel
from eleusis_lab.widgets.reveal import RevealView, round_record, scores_table_html
from eleusis_lab.widgets.settle import Settle
from eleusis_lab.widgets.teacher import TeacherFold
from eleusis_lab.widgets.views import (
    PROJECTOR_STYLE,
    SETTLE_CSS,
    ActionRow,
    GuessView,
    HandView,
    MessageView,
    RevealConfirm,
    SessionBoard,
    StatusView,
    TableView,
    VerdictView,
    table_variants,
)

__all__ = ["ClassBoard"]

# The class board's action row: hints are the teacher's (in the teacher's fold), the round ends with
# "Next round" or, asked once, "Back to set-up".
CLASS_ACTIONS = tuple(key for key in ActionRow.ORDER if key not in ("end-half", "hint"))


class ClassBoard(SessionBoard, w.VBox):
    """The teacher's board at the projector.  Build it, display it, click *Deal*.

    ``rule`` is a library key or rule text (it goes into the hidden field); ``computers`` seats computer
    players, e.g. ``{"Sci": "scientist"}``; ``options`` go to the round (``hand_size=10`` …);
    ``autosave`` is True (a new file in the saves folder), False, or a path; ``hypotheses`` shows the
    class hypotheses panel; ``plots`` its narrowing plot; ``acceptance_map`` (off: on a class board it
    gives the rule away) is a teacher's toggle in the teacher's fold; ``clock`` (seconds, monotonic) times
    the settle after the hand changes, the deal and the reveal's question (:mod:`.settle`; tests inject it).
    """

    def __init__(
        self,
        variant: str = "express",
        players: Sequence[str] = ("Ana", "Ben", "Cy", "Dee", "Eve"),
        rule: Any = None,
        *,
        seed: int | None = None,
        computers: dict[str, str] | None = None,
        options: dict[str, Any] | None = None,
        hypotheses: bool = True,
        plots: bool = True,
        acceptance_map: bool = False,
        autosave: bool | str | Path = True,
        save_dir: str | Path | None = None,
        card_width: float = 64,
        title: str = "Eleusis — class board",
        clock: Callable[[], float] | None = None,
    ) -> None:
        from eleusis_lab import scoring
        from eleusis_lab.science.words import warm_up

        # The whole class waits on the projector's first words (reading the candidates takes 2 s, 5 s on
        # a busy machine): read them now.  A student's own board reads them when words are first typed:
        # a class of 30 pressing Run All at once would otherwise spend a minute of a school server's CPU
        # and 12 MB a kernel on words some never type.
        warm_up("standard")
        self._save_dir = save_dir
        self._autosave = autosave
        self.session = TableSession(self._new_save_path())
        self.options = dict(options or {})
        self._dealt = Settle(clock=clock)  # a second click on Deal (a double-click) deals nothing
        self.form = SetupForm(
            variant=variant
            if variant in {key for _title, key in table_variants()}
            else scoring.variant_name(variant),
            players=", ".join(players),
            rule="" if rule is None else str(getattr(rule, "text", rule)),
            seed=seed,
            computers=", ".join(f"{n}={k}" for n, k in (computers or {}).items()),
            on_deal=self._deal_clicked,
            on_check=self.check_rule,
            on_resume=self.resume_from,
            clock=clock,
        )
        self.status = StatusView(turn=True)
        self.table = TableView(card_width, fits_box=True)
        self.verdict = VerdictView(shows_end=True)
        self.hand = HandView(self._card_clicked, settle=Settle(clock=clock))
        self.actions = ActionRow(
            {
                "no-play": lambda: self.no_play(),
                "play-string": lambda: self.play_selected(),
                "clear-string": lambda: self._clear_selection(),
                "buy-hint": lambda: self.buy_hint(),
                "prophet": lambda: self._act(lambda: self.session.declare_prophet()),
                "undo": lambda: self.undo(),
                "reveal": lambda: self.reveal(),
                "next-round": lambda: self.next_round(),
                "back": lambda: self.back_ask.ask(True),
            },
            CLASS_ACTIONS,
        )
        self.message = MessageView()
        self.reveal_ask = RevealConfirm(lambda: self.reveal(force=True), Settle(clock=clock))
        # "Back to set-up" asks like Reveal does: on a row of its own, Yes only after the settle time.
        self.back_ask = ConfirmRow(
            '<span style="font-size:18px"><b>Abandon this round?</b> It is recorded as abandoned.</span>',
            lambda: self.abandon(),
            Settle(clock=clock),
            yes=Choice("Yes, abandon it", "eleusis-confirm-abandon"),
            no=Choice("Keep playing", "eleusis-abandon-keep", "10em"),
        )
        self.back_ask.add_class("eleusis-back-ask")
        self.guess_box = GuessView(self._act, column=True)
        self.scores = w.HTML()
        self.scores.add_class("eleusis-scores-area")
        self.reveal_view = RevealView(with_scores=True, next_round=lambda: self.next_round())
        self.panel: HypothesisPanel | None = None
        figures = FiguresView(plot=plots, acceptance_map=acceptance_map)
        if hypotheses:
            # the figures and their toggles are the board's: the toggles only in the teacher's fold
            self.panel = HypothesisPanel(
                plots=plots, acceptance_map=acceptance_map, figures_inside=False, toggles_inside=False
            )
            figures = self.panel.figures
            self.panel.layout.flex, self.panel.layout.min_width = "1 1 35%", "16em"
        else:
            figures.on_toggle(self.render)
        self.figures = figures
        self.teacher = TeacherFold(self._act, figures.toggles)
        # The evidence and the narrowing plot share the table's place: one click from one to the other,
        # the verdict, the hand and the action row staying where they are.
        # Without the plot (a lesson's quick board) the other view still holds the class hypotheses.
        other = "Narrowing" if plots else "Hypotheses"
        self.view_choice = w.ToggleButtons(
            options=["Evidence", other], value="Evidence", style={"button_width": "8em"}
        )
        self.view_choice.add_class("eleusis-view-choice")
        self.view_choice.layout.display = None if plots or self.panel is not None else "none"
        self.view_choice.observe(lambda _c: self._show_view(), "value")
        # The narrowing view: the plot (and the acceptance map, when the teacher ticks it) beside the class
        # hypotheses they mark.
        self._narrowing = w.HBox(
            [figures, *([self.panel] if self.panel else [])],
            layout=w.Layout(width="100%", align_items="flex-start"),
        )
        self._narrowing.add_class("eleusis-figures-area")
        # the acceptance map (the teacher's, ticked in the fold) takes half the plot's room only when on
        figures.show_map.observe(lambda _c: self._place_map(), "value")
        self._place_map()
        figures.layout.flex, figures.layout.min_width = "1 1 60%", "0"
        # The teacher's buttons beside the verdict they act on (Undo takes back the play it judges): the
        # action row never sits under the hand, so neither a long verdict nor a long hand pushes it away.
        controls = w.VBox([self.actions, self.message])
        controls.add_class("eleusis-controls")
        controls.layout.flex = "0 1 auto"
        self.verdict.layout.flex, self.verdict.layout.min_width = "1 1 0%", "50%"
        # The first screen: what the class reads through a round, fitted to the window's height; the
        # evidence (the table, or the narrowing view) takes what the others leave, the guess box beside it
        # when a guess may be made (beside the table it costs columns, not rows: the hand stays one line).
        evidence = w.HBox([self.table, self._narrowing, self.guess_box], layout=w.Layout(width="100%"))
        evidence.add_class("eleusis-evidence")
        self._screen = w.VBox(
            [
                w.HBox(
                    [self.status, self.view_choice],
                    layout=w.Layout(width="100%", justify_content="space-between", align_items="flex-start"),
                ),
                # Reveal's and Back's questions at the top, away from the buttons that ask: the evidence
                # gives up the room they take, so the buttons below stay where they are and the second
                # click of a double-click lands on the asking button again, never on Yes.
                self.reveal_ask,
                self.back_ask,
                self.reveal_view,
                evidence,
                w.HBox([self.verdict, controls], layout=w.Layout(width="100%", align_items="flex-start")),
                self.scores,
                self.hand,
            ]
        )
        self._screen.add_class("eleusis-screen")
        self.guess_box.layout.flex, self.guess_box.layout.width = "0 0 auto", "18em"
        self.guess_box.layout.align_self = "flex-start"
        self._play = w.VBox([self._screen, self.teacher])  # the teacher's fold (closed) under the screen
        self._play.add_class("eleusis-play")
        self._show_view()
        self._title = w.HTML(f'<div class="eleusis-title">{escape(title)}</div>')
        super().__init__([w.HTML(STYLE + PROJECTOR_STYLE + SETTLE_CSS), self._title, self.form, self._play])
        self.add_class("eleusis-board")
        self.add_class("eleusis-class-board")
        self.form.show_saved(saved_sessions(self._save_dir))
        self.render()

    def _place_map(self) -> None:
        self.figures.map.layout.display = None if self.figures.show_map.value else "none"

    def _show_view(self) -> None:
        """The table or the narrowing plot in the table's place (the teacher's choice)."""
        evidence = self.view_choice.value == "Evidence"
        self.table.layout.display = None if evidence else "none"
        self._narrowing.layout.display = "none" if evidence else None

    # -- the session's round, for lessons and tests (with SessionBoard') -----------------------------
    def reveal_html(self) -> str:
        """The reveal banner (empty before the reveal)."""
        return str(self.reveal_view.value)

    @property
    def scores_html(self) -> str:
        return str(self.scores.value) or (self.reveal_html() if self.session.revealed else "")

    # -- acting ---------------------------------------------------------------------------------------
    session: TableSession

    def session_changed(self) -> None:
        self.render()

    def _act(self, action: Callable[[], Any]) -> bool:
        """Run one session call (the session redraws the board through ``on_change``)."""
        return self.act(action)

    def _new_save_path(self) -> Path | None:
        if isinstance(self._autosave, str | Path):
            return Path(self._autosave)
        return new_session_path(self._save_dir) if self._autosave else None

    def _deal_clicked(self) -> None:
        """The Deal button: a click within the settle time after a deal (a double-click) does nothing."""
        if not self._dealt.settled():
            return
        self.deal()
        if self.session.round is not None:
            self._dealt.start()

    def deal(self, *, force: bool = False) -> None:
        """Deal from the set-up form; a problem is one line under the form and nothing is dealt.  A typed
        rule the check calls not acceptable only asks (the question's own button deals it), unless
        ``force``."""
        self.reveal_ask.ask(False)
        if not self.form.deal_into(self.session, self.options, force=force):  # dealt: the board redraws
            return
        self.message.value = ""
        self.guess_box.say("")

    def check_rule(self) -> None:
        """*Check the rule*: the verdict in words under the form, the full report in the teacher's fold
        (closed): no card list, no rule on the projector unasked."""
        self.form.check_rule()

    def resume_from(self, path: Path) -> None:
        """Resume a saved session (the set-up form's list): it goes on saving to the same file."""
        try:
            self.session = TableSession.resume(path)
        except ValueError as error:
            self.form.say(error_text(error))
            return
        self.message.value = ""
        self._seat_form()
        self.render()

    def _seat_form(self) -> None:
        """The set-up form names who sat at the resumed session's last round (a match's people, its next
        dealer), so Back to set-up goes on with the same class and the same match."""
        seating = self.session.seating()
        if seating is None:
            return
        if seating.variant in {key for _title, key in table_variants()}:
            self.form.variant.value = seating.variant
        self.form.players.value = ", ".join(seating.people)
        self.form.computers.value = ", ".join(f"{name}={kind}" for name, kind in seating.computers)
        self.form.dealer.value = seating.dealer or ""

    @classmethod
    def resume(cls, path: str | Path, **kwargs: Any) -> ClassBoard:
        """A board for a saved session (after a kernel restart)."""
        board = cls(autosave=path, **kwargs)
        board.resume_from(Path(path))
        return board

    def _card_clicked(self, card: Card) -> None:
        if "play-string" in self.session.possible():
            chosen = self.hand.selected
            if card in chosen:
                chosen.remove(card)
            elif len(chosen) < self.session.string_limit():
                chosen.append(card)
            self.hand.render(self.session)
            return
        self.play([card])

    def play(self, cards: Sequence[Card | str]) -> bool:
        """The current player plays ``cards`` (one card, or a New Eleusis string); True when taken."""
        says = self.actions.prophet_says.value
        ok = self._act(lambda: self.session.play(list(cards), prophet_says=says))
        if ok:
            self.hand.selected = []
            self.actions.prophet_says.value = None
            self.hand.render(self.session)
        return ok

    def play_selected(self) -> bool:
        if not self.hand.selected:
            self.message.say("Click the cards of the string first, in order.", "warning")
            return False
        return self.play(list(self.hand.selected))

    def _clear_selection(self) -> None:
        self.hand.selected = []
        self.hand.render(self.session)

    def prophet_call(self, right: bool | None) -> None:
        """New Eleusis: the prophet's call on the next play (True = right)."""
        self.actions.prophet_says.value = right

    def no_play(self) -> bool:
        says = self.actions.prophet_says.value
        return self._act(lambda: self.session.no_play(prophet_says=says))

    def guess(self, player: str, text: str | None = None, words: str | None = None) -> Any:
        """``player`` states the rule; returns the judgement (``GuessResult``) or None when refused."""
        if not self._act(lambda: self.session.guess(player, text, words)):
            return None
        notice = self.session.notice
        return notice.result if isinstance(notice, GuessNotice) else None

    def undo(self) -> bool:
        """Take back the last thing done at the board (a play, a hypothesis, the reveal …)."""
        return self._act(self.session.undo)

    def reveal(self, *, force: bool = False, record: str = "none") -> bool:
        """Reveal the rule and end the round; mid-round (unless ``force``) it only asks, and the reveal is
        the question's own button, away from *Reveal the rule* (:class:`RevealConfirm`).

        ``record="cell"`` also displays the round's record (:meth:`record`) as the cell's output."""
        if record == "cell":
            from IPython.display import display

            shown = self._reveal(force)
            if shown:
                display(self.record())
            return shown
        return self._reveal(force)

    def _reveal(self, force: bool) -> bool:
        if not force and self.session.phase == "playing":
            self.reveal_ask.ask(True)
            return False
        self.reveal_ask.ask(False)
        shown = self._act(self.session.reveal)
        if shown:
            self.reveal_view.bring_into_view()
        return shown

    def buy_hint(self, text: str | None = None) -> bool:
        """Express option: the player whose turn it is draws a card and the dealer gives everybody a hint."""
        return self._act(lambda: self.session.buy_hint(text))

    def give_hint(self, text: str | None = None, *, players_agree: bool = False) -> bool:
        """The dealer gives everybody a hint (the teacher's fold; once play has begun, with consent)."""
        return self._act(lambda: self.session.give_hint(text, players_agree=players_agree))

    def abandon(self) -> bool:
        """Back to the set-up form; the round is recorded as abandoned."""
        self.back_ask.ask(False)
        return self._back_to_setup(self.session.abandon)

    def next_round(self) -> bool:
        return self._back_to_setup(self.session.next_round)

    def _back_to_setup(self, close: Callable[[], Any]) -> bool:
        """Close the round; in a match the deal passes to the next player, named in the form."""
        if not self._act(close):
            return False
        players = [n.strip() for n in self.form.players.value.split(",")]
        dealer = self.session.next_dealer(players)
        if dealer is not None:
            self.form.dealer.value = dealer
            self.form.say(f"{dealer} deals this round and types the secret rule.", "info")
        return True

    def record(self) -> Any:
        """A static record of the round (table, rule, scores, narrowing plot) for handouts."""
        return round_record(self.session)

    def totals(self) -> dict[str, float]:
        return self.session.totals()

    # -- drawing --------------------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw every view from the session (cheap: the hand's card widgets are reused)."""
        s = self.session
        setup = s.round is None
        self.form.layout.display = self._title.layout.display = None if setup else "none"
        self._play.layout.display = "none" if setup else None
        if setup:
            self.form.show_saved(saved_sessions(self._save_dir))
            return
        # the verdict first: its update reaches the browser before the table's cards and the hand are
        # redrawn, so the class sees RIGHT or WRONG as soon as the kernel knows it
        for view in (
            self.verdict,
            self.status,
            self.table,
            self.hand,
            self.actions,
            self.guess_box,
            self.reveal_view,
        ):
            view.render(s)
        if s.phase != "playing" or s.revealed:
            self.reveal_ask.ask(False)
        if "abandon" not in s.possible() or "next-round" in s.possible():
            self.back_ask.ask(False)  # the round ended meanwhile: nothing left to abandon
        # After the reveal the class reads the rule against the table: the banner and the buttons first,
        # then the table at a readable size, the page scrolling (nothing is played any more).
        if s.revealed:
            self._screen.add_class("eleusis-after-reveal")
        else:
            self._screen.remove_class("eleusis-after-reveal")
        self.scores.value = scores_table_html(s) if s.phase == "over" else ""
        self.teacher.render(s)
        if self.panel is not None:
            if self.panel.source is not s:
                self.panel.follow(s)
            else:
                self.panel.refresh()
        elif self.figures.show_plot.value or self.figures.show_map.value:
            space = s.live_space() if self.figures.wants_map and not s.locked else None
            self.figures.update(s.narrowing(), space, list(s.round.mainline if s.round else []))
        else:
            self.figures.update(None, None, [])  # both off: clear them
