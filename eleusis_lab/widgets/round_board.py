"""The round board: the base of the solo board and the real-cards board, small views over a
:class:`~eleusis_lab.session.TableSession` (the class board is :class:`eleusis_lab.widgets.ClassBoard`).

The board turns clicks into session calls and redraws its views from the session; a refused action gets
one line under the verdict and changes nothing.  The set-up form, the table, the hand (or the card picker
for real cards), the action row, the guess row, the count at the end, the scores and the reveal are each
a small view; none holds game state.

>>> board = RoundBoard("express", ["Ana", "Ben", "Cy"], rule="express-1", seed=3, autosave=False)
>>> board.deal(); board.round.variant, board.session.phase
('express', 'playing')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab import scoring
from eleusis_lab.cards import Card
from eleusis_lab.play import Round
from eleusis_lab.session import GuessNotice, SessionError, TableSession, new_session_path
from eleusis_lab.widgets._common import STYLE
from eleusis_lab.widgets.parts import CardPicker
from eleusis_lab.widgets.reveal import RevealView
from eleusis_lab.widgets.round_setup import RoundSetup
from eleusis_lab.widgets.settle import Settle
from eleusis_lab.widgets.views import (
    SETTLE_CSS,
    ActionRow,
    FinishBox,
    GuessView,
    HandView,
    MessageView,
    RevealConfirm,
    ScoresView,
    SessionBoard,
    StatusView,
    TableView,
    TurnView,
    VerdictView,
)

# The round boards' action row: the dealer's hints are on it; "Next round" comes under the scores.
ROUND_ACTIONS = tuple(key for key in ActionRow.ORDER if key not in ("next-round", "abandon"))

__all__ = ["RoundBoard"]


#: What a round board keeps in its session's save beside the events, each true or false.
BOARD_NOTES = ("panel", "plots", "four_colour")


class RoundBoard(SessionBoard, w.VBox):
    """A board for one round at a time.  Build it, display it, click *Deal*.

    ``rule`` is a library key or rule text (it goes into the hidden field); ``options`` go to the round
    (``hand_size=10`` …); ``autosave`` is True (a new file in the saves folder), False, or a path;
    ``hypotheses`` shows the class-hypotheses panel (``plots``: its narrowing plot; ``acceptance_map``,
    off by default with real cards, where the class watches the screen);
    ``four_colour`` starts with the colour-blind-safe deck (♦ blue, ♣ green); ``clock`` (seconds,
    monotonic) times the settle after the hand changes and after the reveal's question appears
    (:mod:`.settle`; tests inject it).
    """

    kind = "round"
    predicting = False  # the student predicts each verdict (the prediction board)
    one_player = False  # the solo board's form asks for a name and opponents instead of players

    def __init__(
        self,
        variant: str = "express",
        players: Sequence[str] = ("Ana", "Ben", "Cy", "Dee", "Eve"),
        rule: Any = None,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        card_width: float = 96,
        hand_card_width: float = 84,
        hypotheses: bool = True,
        plots: bool = True,
        physical: bool = False,
        autosave: bool | str | Path = True,
        save_dir: str | Path | None = None,
        title: str = "Eleusis — class board",
        four_colour: bool = False,
        opponents: Sequence[str] = (),
        acceptance_map: bool | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.options = dict(options or {})
        if isinstance(autosave, str | Path):
            save_path: Path | None = Path(autosave)
        else:
            save_path = new_session_path(save_dir, self.kind) if autosave else None
        self.session = TableSession(save_path, physical=physical, predicting=self.predicting, kind=self.kind)
        self.form = RoundSetup(
            variant=scoring.variant_name(variant),
            players=list(players),
            rule="" if rule is None else str(getattr(rule, "text", rule)),
            seed=seed,
            solo=self.one_player,
            opponents=opponents,
            four_colour=four_colour,
            on_deal=self.deal,
        )
        self.four_colour = self.form.four_colour
        self.four_colour.observe(lambda c: self._paint(c["new"]), "value")
        self.status = StatusView(resume_as=type(self).__name__)
        self.table = TableView(card_width)
        self.turn = TurnView()
        self.verdict = VerdictView(extra=self.verdict_extra)
        self.message = MessageView()
        self.hand = HandView(self._card_clicked, card_width=hand_card_width, settle=Settle(clock=clock))
        self.picker = CardPicker(self._picked)
        self.actions = ActionRow(
            {
                "play-string": self.play_selected,
                "clear-string": lambda: self._select([]),
                "no-play": self.no_play,
                "end-half": self.end_half,
                "hint": self.give_hint,
                "buy-hint": lambda: self._act(lambda s: s.buy_hint()),
                "prophet": self.declare_prophet,
                "undo": self.undo,
                "reveal": lambda: self.reveal(record="board"),
            },
            ROUND_ACTIONS,
        )
        self.guesses = GuessView(self.act)
        self.reveal_ask = RevealConfirm(lambda: self.reveal(force=True, record="board"), Settle(clock=clock))
        self.finish_box = FinishBox(lambda: self.finish())
        self.scores = ScoresView()
        self.reveal_view = RevealView(with_record=True)
        self.next_button = w.Button(description="Next round", layout=w.Layout(width="10em"))
        self.next_button.add_class("eleusis-next-round")
        self.next_button.on_click(lambda _b: self.next_round())
        self.panel: Any = None
        if hypotheses:
            from eleusis_lab.widgets.hypotheses import HypothesisPanel

            # On a class screen (real cards) the acceptance map would show the class the rule: off.
            shown = (not physical) if acceptance_map is None else acceptance_map
            self.panel = HypothesisPanel(plots=plots, acceptance_map=shown, figures_inside=False)
            self.panel.layout = w.Layout(flex="1 1 0%", min_width="18em", max_width="32em")
        self.session.board_notes["panel"] = self.panel is not None
        self.session.board_notes["plots"] = bool(plots)
        left = w.VBox(self.play_views(), layout=w.Layout(flex="3 1 0%", min_width="0"))
        self.play_row = w.HBox([left, *([self.panel] if self.panel else [])], layout=w.Layout(width="100%"))
        figures = [self.panel.figures] if self.panel is not None else []
        bottom = [self.scores, self.reveal_view, w.HBox([self.next_button, self.four_colour])]
        self.play_area = w.VBox([self.status, *self.under_status(), self.play_row, *figures, *bottom])
        self.play_area.add_class("eleusis-play")
        self._title = w.HTML(STYLE + SETTLE_CSS + f'<div class="eleusis-title">{escape(title)}</div>')
        super().__init__([self._title, self.form, self.play_area])
        self.add_class("eleusis-board")
        self.add_class(f"eleusis-{self.kind}-board")
        self._paint(four_colour)
        self.refresh()

    # -- public views of the state (lessons and tests read these, with SessionBoard') -----------
    @property
    def selected(self) -> list[Card]:
        """The cards of a New Eleusis string, in the order clicked."""
        return self.hand.selected

    def play_views(self) -> list[w.Widget]:
        """The views beside the hypotheses, top to bottom (a board adds its own in its place)."""
        return [
            self.table,
            self.verdict,
            self.message,
            self.turn,
            self.hand,
            self.picker,
            self.actions,
            self.reveal_ask,
            self.guesses,
            self.finish_box,
        ]

    def under_status(self) -> list[w.Widget]:
        """Views under the status line, above the table (none here)."""
        return []

    def player_names(self) -> list[str]:
        """The players of the round on the board (or the ones the set-up form names)."""
        if self.round is not None:
            return list(self.round.players)
        request = self.form.request()
        return [*request["players"], *request["computers"]]

    # -- set-up -----------------------------------------------------------------------------------
    def check_rule(self) -> None:
        """Run the rule checks on the secret rule; say, without showing it, whether it is fit to play."""
        self.form.check_rule()

    def deal(self) -> None:
        """Deal a round from the set-up; a problem is shown under the set-up and nothing is dealt."""
        if self.form.deal_into(self.session, self.options):
            self._dealt()

    def _dealt(self) -> None:
        self.hand.selected = []
        self.reveal_ask.ask(False)
        r = self.round
        assert r is not None, "dealt"
        if self.panel is not None:
            self.panel.follow(self.session)
        self.picker.set_deck(r.rule_deck(), self.session.string_limit() > 1)
        self.reveal_view.clear_record()
        self.refresh()

    # -- actions: each a session call, then a redraw ---------------------------------------------
    session: TableSession

    def _act(self, action: Callable[[TableSession], object]) -> bool:
        """One session call (the session redraws the board through ``on_change``)."""
        return self.act(lambda: action(self.session))

    def session_changed(self) -> None:
        self.refresh()  # the table and the hand first (the class is waiting), then the panel
        if self.panel is not None and self.round is not None:
            self.panel.refresh()

    def _card_clicked(self, card: Card) -> None:
        r = self.round
        who = r.current_player if r is not None else None
        if r is None or who is None or self.session.locked or card not in r.hand(who):
            return  # a stale click (a double click, or one queued while judging): the verdict stays
        if "play-string" in self.session.possible():
            self._select(
                [c for c in self.selected if c != card] if card in self.selected else [*self.selected, card]
            )
            return
        self.play([card])

    def _select(self, cards: list[Card]) -> None:
        self.hand.selected = cards[: self.session.string_limit()]
        self.refresh()

    def _picked(self, cards: list[Card]) -> None:
        if self.play(cards):
            self.picker.clear()

    def play(self, cards: Sequence[Card | str]) -> bool:
        """The current player plays ``cards`` (one card, or a New Eleusis string); True when it was taken."""
        says = self.actions.prophet_says.value
        taken = self._act(lambda s: s.play(list(cards), prophet_says=says))
        if taken:
            self.actions.prophet_says.value, self.hand.selected = None, []
            self.hand.render(self.session)
            self.actions.render(self.session)
        return taken

    def play_selected(self) -> None:
        """Play the string of selected cards (New Eleusis)."""
        if not self.selected:
            self.message.say("Click the cards of the string first, in order.", "warning")
            return
        self.play(list(self.selected))

    def pick(self, *cards: Any) -> None:
        """Enter cards as the teacher would with the picker: the starter first, then each play."""
        for card in cards:
            self.play([card])

    def no_play(self, shown: Sequence[Card | str] | str | None = None) -> None:
        """The current player declares no card fits (with real cards: the hand shown)."""
        says = self.actions.prophet_says.value
        hand = self.actions.shown_hand.value if shown is None else shown
        if self._act(lambda s: s.no_play(hand if self.session.physical else None, prophet_says=says)):
            self.actions.shown_hand.value, self.actions.prophet_says.value = "", None

    def prophet_call(self, right: bool | None) -> None:
        """New Eleusis: the prophet's call on the next play (True = right), given before the dealer's."""
        self.actions.prophet_says.value = right

    def declare_prophet(self, player: str | None = None) -> None:
        self._act(lambda s: s.declare_prophet(player))

    def give_hint(self, text: str | None = None) -> None:
        agree = self.actions.agree.value
        if self._act(lambda s: s.give_hint(text, players_agree=agree)):
            self.actions.agree.value = False

    def end_half(self) -> None:
        """Gardner with real cards: the teacher says every dealt card has been played once."""
        self._act(lambda s: s.end_half())

    def finish(self, counts: Sequence[int] | None = None) -> None:
        """Real cards: enter each player's cards left; the round ends and the scores follow."""
        r = self.round
        values = (
            list(counts)
            if counts is not None
            else [self.finish_box.counts[p].value for p in (r.players if r else [])]
        )
        self._act(lambda s: s.finish(values))

    def guess(self, player: str | None = None, text: str | None = None) -> Any:
        """Judge a guess (by default the one stated in the guess view, with the student's words if it was
        picked from them): right, or wrong with a counterexample; None when nothing was judged."""
        if text is None:
            judged = self.guesses.judge_stated(player)
        else:
            name = player or str(self.guesses.guesser.value or "")
            judged = self._act(lambda s: s.guess(name, text, None))
        notice = self.session.notice
        return notice.result if judged and isinstance(notice, GuessNotice) else None

    def overrule(self, correct: bool) -> None:
        """The dealer overrules the computer's judgement of the last guess."""
        self._act(lambda s: s.overrule(correct))

    def undo(self) -> None:
        """Take back the last action (a misclick on the projector)."""
        self._act(lambda s: s.undo())

    def reveal(self, *, force: bool = False, record: str = "cell") -> None:
        """Show the rule, its English and the seal's check; print the round's record.

        Called from a cell the record is the cell's output (``record="cell"``, kept by ``nbconvert`` as a
        handout); the button prints it on the board (``"board"``); ``"none"`` prints nothing.  Before the
        round is over it only asks (unless ``force``): the reveal is the question's own button, away from
        *Reveal the rule* (:class:`RevealConfirm`), so a double-click never reveals.
        """
        r = self.round
        if r is None:
            return
        if not r.is_over and not force:
            self.reveal_ask.ask(True)
            return
        self.reveal_ask.ask(False)
        if self._act(lambda s: s.reveal()) and record != "none":
            self.reveal_view.show_record(self.session, on_board=record == "board")

    def reveal_html(self) -> str:
        return self.reveal_view.value

    def next_round(self) -> None:
        """Done with this round: back to the set-up for the next one (totals are kept)."""
        self._act(lambda s: s.next_round())

    def totals(self) -> dict[str, float]:
        return self.session.totals()

    # -- drawing ------------------------------------------------------------------------------------
    def _paint(self, four_colour: bool) -> None:
        """Colour-blind safe: the board's style sheet paints ♦ blue and ♣ green under this class."""
        (self.add_class if four_colour else self.remove_class)("eleusis-four-colour")
        self.session.board_notes["four_colour"] = bool(four_colour)  # a resumed board keeps the deck
        if self.session.events:
            self.save()

    def refresh(self) -> None:
        """Redraw every view from the session (cheap: called after every action)."""
        s, r = self.session, self.round
        self.form.layout.display = None if r is None else "none"
        self.play_area.layout.display = "none" if r is None else None
        if r is None:
            return
        # the verdict first: its update reaches the browser before the table's cards are redrawn, so the
        # class sees RIGHT or WRONG as soon as the kernel knows it
        self.verdict.render(s)
        self.status.render(s)
        self.table.render(s)
        self.turn.render(s)
        can = s.possible()
        self.hand.render(s)
        self.picker.layout.display = None if self.session.physical and not s.locked else "none"
        self.actions.render(s, len(self.selected))
        self.guesses.render(s)
        self.finish_box.render(s)
        self.scores.render(s)
        self.reveal_view.render(s)
        if s.locked or r.is_over:
            self.reveal_ask.ask(False)
        self.next_button.layout.display = None if "next-round" in can and r.is_over else "none"

    def verdict_extra(self) -> str:
        """More for the verdict line (the solo board says whether the prediction was right)."""
        return ""

    # -- saving ---------------------------------------------------------------------------------------
    def save(self) -> bool:
        """Write the session now (it also saves after every action); a save that fails (a full disk,
        another tab on the same file) is one line on the board, and False."""
        try:
            self.session.save()
        except OSError as error:
            self.message.say(f"The board could not be saved ({error.strerror or error}).")
            return False
        except SessionError as error:
            self.message.say(str(error))
            return False
        return True

    @classmethod
    def resume(cls, path: str | Path, **kwargs: Any) -> RoundBoard:
        """Rebuild a board from its save file after a kernel restart, and go on saving to the same file."""
        session = TableSession.resume(path)
        r = session.round
        if r is None:
            raise SessionError("This save has no round on the board: deal a new one.")
        notes = session.board_notes
        for name in BOARD_NOTES:  # read before anything is built: a damaged note builds no board
            if not isinstance(notes.get(name, False), bool):
                raise SessionError(f"The save is damaged: its board note {name!r} is not true or false.")
        kwargs.setdefault("hypotheses", bool(notes.get("panel", False)))
        kwargs.setdefault("four_colour", bool(notes.get("four_colour", False)))
        board = cls._for_resume(r, session, **kwargs)
        board.session = session
        board._dealt()
        return board

    @classmethod
    def _for_resume(cls, r: Round, session: TableSession, **kwargs: Any) -> RoundBoard:
        humans = [p for p in r.players if session.human(p)]
        return cls(r.variant, humans, autosave=False, physical=session.physical, **kwargs)
