"""The round board: the base of the solo board and the real-cards board (the class board is
:class:`eleusis_lab.widgets.ClassBoard`, small views over a class session).

Set-up (variant, players, a secret rule typed into a hidden field or drawn from the library, seed,
options), then the table with big cards, the current player's hand as clickable cards, the verdict at
once, guesses judged with a counterexample, no-play, prophet controls, undo, the reveal with the seal
checked, scores, the next round and match totals.  Every action goes through the round's own methods;
a refused action shows its one-sentence reason and changes nothing.

>>> board = RoundBoard("express", ["Ana", "Ben", "Cy"], rule="express-1", seed=3, autosave=False,
...                    hypotheses=False)
>>> board.deal(); board.round.variant
'express'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from eleusis_lab.cards import Card
from eleusis_lab.widgets import saves
from eleusis_lab.widgets._common import (
    STYLE,
    banner,
    button,
    error_text,
    four_colour_choice,
    round_scores,
    scores_html,
)
from eleusis_lab.widgets.parts import CardPicker, HandArea, TableArea
from eleusis_lab.widgets.verdicts import (
    VARIANT_TITLES,
    VARIANTS,
    end_text,
    possessive,
    second_person,
    verdict_banner,
)

__all__ = ["RoundBoard"]

_RANDOM = "random"
_TYPED = "typed"


def _play_api() -> Any:
    import eleusis_lab.play as play

    return play


def _game_error() -> type[Exception]:
    try:
        return _play_api().GameError  # type: ignore[no-any-return]
    except (ImportError, AttributeError):  # pragma: no cover - before the rounds exist
        return ValueError


class RoundBoard(w.VBox):
    """The teacher's board at the projector.  Build it, display it, click *Deal*.

    ``rule`` is a library key or rule text (it goes into the hidden field); ``computers`` seats computer
    players, e.g. ``{"Sci": "scientist"}``; ``dealer="match"`` passes the deal around the players (each
    dealer types their rule); ``options`` go to :func:`eleusis_lab.play.new_round` (``hand_size=10`` …);
    ``autosave`` is True (a file named on the board), False, or a path; ``hypotheses`` shows the class
    hypotheses panel, whose narrowing plot and acceptance map (``plots``) cost about half a second a play.
    """

    kind = "class"

    def __init__(
        self,
        variant: str = "express",
        players: Sequence[str] = ("Ana", "Ben", "Cy", "Dee", "Eve"),
        rule: Any = None,
        *,
        seed: int | None = None,
        computers: dict[str, str] | None = None,
        dealer: str = "computer",
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
    ) -> None:
        self.round: Any = None
        self.rounds: list[Any] = []  # finished rounds of this session (teacher dealing)
        self.match: Any = None
        self.physical = physical
        self.options = dict(options or {})
        self._autosave = autosave
        self._save_dir = save_dir
        self.save_path: Path | None = None
        self._computers: dict[str, Any] = {}
        self._selected: list[Card] = []
        self._revealed = False
        self._reveal_armed = False
        self._rule_key: str | None = None
        self._last_guess: Any = None
        self._rng = random.Random(seed)

        # -- set-up -----------------------------------------------------------------------------
        self._variant = w.Dropdown(options=VARIANTS, value=_variant_key(variant), description="Game")
        self._variant.layout.width = "26em"
        self._players = w.Text(value=", ".join(players), description="Players", layout=w.Layout(width="36em"))
        self._players.add_class("eleusis-players-input")
        self._computer_text = w.Text(
            value=", ".join(f"{n}={k}" for n, k in (computers or {}).items()),
            description="Computers",
            placeholder="optional: Sci=scientist, Robo=careful",
            layout=w.Layout(width="36em"),
        )
        self._dealer = w.Dropdown(
            options=[
                ("The computer judges the teacher's rule", "computer"),
                ("The deal passes around (match)", "match"),
            ],
            value=dealer,
            description="Dealer",
            layout=w.Layout(width="36em"),
        )
        self._rule_source = w.ToggleButtons(
            options=[("Type a rule or key (hidden)", _TYPED), ("Random from the library", _RANDOM)],
            value=_TYPED,
            description="Rule",
        )
        self._rule_source.style.button_width = "16em"
        self._rule = w.Password(
            value="" if rule is None else _rule_value(rule),
            description="Secret rule",
            placeholder="rule text or library key — hidden as you type",
            layout=w.Layout(width="46em"),
        )
        self._rule.add_class("eleusis-rule-input")
        self._difficulty = w.Dropdown(
            options=[("any difficulty", "any"), ("easy", "easy"), ("medium", "medium"), ("hard", "hard")],
            value="any",
            description="Difficulty",
        )
        self._seed = w.Text(
            value="" if seed is None else str(seed), description="Seed", placeholder="blank = random"
        )
        self._seed.layout.width = "16em"
        self._seed.add_class("eleusis-seed-input")  # browser tests type the seed as a teacher would
        self._variant.add_class("eleusis-variant")
        self._hand_size = w.Dropdown(options=[("12 cards", 12), ("10 cards", 10)], description="Hands")
        self._hand_size.layout.width = "16em"
        self._penalty = w.Checkbox(value=False, description="A wrong guess costs a card", indent=False)
        self._buy_hints = w.Checkbox(value=False, description="Players may buy hints", indent=False)
        self._refresh_stock = w.Checkbox(
            value=False, description="New deck when the stock runs out", indent=False
        )
        self._check_button = button(
            "Check the rule", "eleusis-check-rule", lambda _b: self.check_rule(), width="11em"
        )
        self._deal_button = button(
            "Deal", "eleusis-deal", lambda _b: self.deal(), width="9em", style="primary"
        )
        self._progress = w.IntProgress(
            value=0, min=0, max=100, description="Working", layout=w.Layout(width="30em")
        )
        self._progress.style.description_width = "initial"  # "Writing the record of the round" in full
        self._progress.add_class("eleusis-progress")
        self._progress.layout.display = "none"
        self._setup_message = w.HTML()
        self._setup_message.add_class("eleusis-setup-message")
        self.four_colour = four_colour_choice(four_colour)
        self.four_colour.observe(lambda c: self._paint(c["new"]), "value")
        self._rule_source.observe(lambda _c: self._show_setup_fields(), "value")
        self._variant.observe(lambda _c: self._show_setup_fields(), "value")
        self._setup = w.VBox()
        self._setup.add_class("eleusis-setup")

        # -- play ---------------------------------------------------------------------------------
        self._status = w.HTML()
        self._status.add_class("eleusis-status")
        self.table = TableArea(card_width)
        self._verdict = w.HTML()
        self._verdict.add_class("eleusis-verdict")
        self._turn = w.HTML()
        self._turn.add_class("eleusis-turn")
        self.hand = HandArea(self._on_card, card_width=hand_card_width)
        self.picker = CardPicker(self._on_picked)
        self._play_string = button(
            "Play string", "eleusis-play-string", lambda _b: self.play_selected(), width="9em"
        )
        self._clear_string = button(
            "Clear", "eleusis-clear-string", lambda _b: self._clear_selection(), width="6em"
        )
        self._no_play = button("No play", "eleusis-no-play", lambda _b: self.no_play(), width="8em")
        self._prophet = button(
            "Become prophet", "eleusis-prophet", lambda _b: self.declare_prophet(), width="12em"
        )
        self._prophet_says = w.ToggleButtons(
            options=[("right", True), ("wrong", False)], value=None, description="Prophet says"
        )
        self._prophet_says.style.button_width = "7em"
        self._prophet_says.add_class("eleusis-prophet-call")
        self._undo = button("Undo", "eleusis-undo", lambda _b: self.undo(), width="7em", style="warning")
        self._reveal_button = button(
            "Reveal the rule", "eleusis-reveal", lambda _b: self.reveal(record="board"), width="12em"
        )
        self._hint = button("Give a hint", "eleusis-hint", lambda _b: self.give_hint(), width="9em")
        self._end_half = button(
            "End the first half", "eleusis-end-half", lambda _b: self.end_half(), width="13em"
        )
        self._shown_hand = w.Text(
            description="Hand shown", placeholder="for 'No play': the cards shown, e.g. QH 10S 3D"
        )
        self._shown_hand.layout.width = "34em"
        self._shown_hand.add_class("eleusis-shown-hand")
        self._count_boxes: dict[str, w.BoundedIntText] = {}
        self._finish_button = button(
            "Count the cards and finish", "eleusis-finish", lambda _b: self.finish(), width="18em"
        )
        self._finish_box = w.VBox()
        self._finish_box.add_class("eleusis-finish-box")
        self._actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._actions.add_class("eleusis-actions")
        self._guesser = w.Dropdown(
            description="Who guesses", layout=w.Layout(width="20em"), style={"description_width": "initial"}
        )
        self._guess_text = w.Text(description="Their rule", placeholder="e.g. card.color != prev.color")
        self._guess_text.layout.width = "40em"
        self._guess_text.add_class("eleusis-guess-input")
        self._guess_words = w.Text(description="or in words", placeholder="for the dealer to judge")
        self._guess_words.layout.width = "30em"
        self._guess_words.add_class("eleusis-guess-words")
        self._hint_text = w.Text(description="Hint", placeholder="the dealer's hint to everybody")
        self._hint_text.layout.width = "30em"
        self._hint_text.add_class("eleusis-hint-input")
        self._buy_hint = button("Buy a hint", "eleusis-buy-hint", lambda _b: self.buy_hint(), width="9em")
        self._guess_button = button("Judge the guess", "eleusis-guess", lambda _b: self.guess(), width="12em")
        self._guess_result = w.HTML()
        self._guess_result.add_class("eleusis-guess-result")
        self._overrule_right = button(
            "Dealer: count it right", "eleusis-overrule-right", lambda _b: self.overrule(True), width="14em"
        )
        self._overrule_wrong = button(
            "Dealer: count it wrong", "eleusis-overrule-wrong", lambda _b: self.overrule(False), width="14em"
        )
        self._guess_box = w.VBox()
        self._guess_box.add_class("eleusis-guess-box")
        self._scores = w.HTML()
        self._scores.add_class("eleusis-scores-area")
        self._reveal_area = w.HTML()
        self._reveal_area.add_class("eleusis-reveal-area")
        self._record_out = w.Output()
        self._record_out.add_class("eleusis-record")
        self._next_button = button(
            "Next round", "eleusis-next-round", lambda _b: self.next_round(), width="10em"
        )
        self._totals = w.HTML()
        self._totals.add_class("eleusis-match-totals")
        self._card_size = w.IntSlider(value=int(card_width), min=50, max=160, step=2, description="Card size")
        self._card_size.observe(self._resize, "value")
        self.panel: Any = None
        if hypotheses:
            from eleusis_lab.widgets.hypotheses import HypothesisPanel

            self.panel = HypothesisPanel(plots=plots, figures_inside=False)
        left = w.VBox(
            [
                self.table,
                self._verdict,
                self._turn,
                self.hand,
                self.picker,
                self._actions,
                self._guess_box,
                self._finish_box,
            ],
            layout=w.Layout(flex="3 1 0%", min_width="0"),
        )
        row_children: list[w.Widget] = [left]
        if self.panel is not None:
            self.panel.layout.flex = "1 1 0%"
            self.panel.layout.min_width = "18em"
            self.panel.layout.max_width = "32em"
            row_children.append(self.panel)
        self._play_row = w.HBox(row_children, layout=w.Layout(width="100%", align_items="flex-start"))
        self._play = w.VBox(
            [
                self._status,
                self._play_row,
                *([self.panel.figures] if self.panel is not None else []),
                self._scores,
                self._reveal_area,
                self._record_out,
                w.HBox([self._next_button, self._card_size, self.four_colour]),
                self._totals,
            ]
        )
        self._play.add_class("eleusis-play")
        self._title = w.HTML(STYLE + f'<div class="eleusis-title">{escape(title)}</div>')
        super().__init__([self._title, self._setup, self._progress, self._play])
        self.add_class("eleusis-board")
        self.add_class(f"eleusis-{self.kind}-board")
        self._paint(four_colour)
        self._show_setup_fields()
        self._show_setup(True)
        if computers:
            self._computer_text.value = ", ".join(f"{n}={k}" for n, k in computers.items())

    # == set-up ==================================================================================
    def _show_setup_fields(self) -> None:
        variant = self._variant.value
        rows: list[w.Widget] = [self._variant, self._players]
        if not self.physical:
            rows.append(self._computer_text)
        rows.append(self._dealer)
        rows.append(self._rule_source)
        rows.append(self._rule if self._rule_source.value == _TYPED else self._difficulty)
        opts: list[w.Widget] = [self._seed]
        if variant == "express" and not self.physical:
            opts.append(self._hand_size)
        rows.append(w.HBox(opts))
        if variant == "express" and not self.physical:
            rows.append(
                w.HBox(
                    [self._penalty, self._buy_hints, self._refresh_stock],
                    layout=w.Layout(flex_flow="row wrap"),
                )
            )
        if self.match is not None and self.match.next_dealer:
            rows.insert(
                0, w.HTML(banner(f"{self.match.next_dealer} deals this round and types the rule.", "info"))
            )
        rows += [self.four_colour, w.HBox([self._check_button, self._deal_button]), self._setup_message]
        self._setup.children = rows
        self.picker.set_deck("letters" if variant == "letters" else "standard", variant == "new-eleusis")

    def _paint(self, four_colour: bool) -> None:
        """Colour-blind safe: the board's style sheet paints ♦ blue and ♣ green under this class."""
        if four_colour:
            self.add_class("eleusis-four-colour")
        else:
            self.remove_class("eleusis-four-colour")

    def _show_setup(self, visible: bool) -> None:
        self._setup.layout.display = None if visible else "none"
        self._play.layout.display = "none" if visible else None

    def player_names(self) -> list[str]:
        names = [n.strip() for n in self._players.value.split(",") if n.strip()]
        for name in self._computer_specs():
            if name not in names:
                names.append(name)
        return names

    def _computer_specs(self) -> dict[str, str]:
        specs: dict[str, str] = {}
        for part in self._computer_text.value.split(","):
            if not part.strip():
                continue
            name, _, kind = part.partition("=")
            specs[name.strip()] = (kind.strip() or "careful").lower()
        return specs

    def _secret_rule(self, variant: str) -> tuple[Any, str | None]:
        """The rule to deal (a library key or rule text) and its library key if any."""
        from eleusis_lab.rules import library

        deck = "letters" if variant == "letters" else "standard"
        if self._rule_source.value == _RANDOM:
            entries = [e for e in library.playable(deck) if self._difficulty.value in ("any", e.difficulty)]
            if variant != "gardner":
                entries = [e for e in entries if not e.rule.uses_player] or entries
            if not entries:
                raise ValueError("the library has no rule of that difficulty for this deck")
            entry = self._rng.choice(entries)
            return entry.key, entry.key
        text = self._rule.value.strip()
        if not text:
            raise ValueError("type the secret rule (or a library key) first, or draw one at random")
        if text in library.keys():  # noqa: SIM118 - keys() is the library's function, not a dict's
            return text, text
        from eleusis_lab.rules import Rule

        return Rule.parse(text), None

    def _seed_value(self) -> int | None:
        text = self._seed.value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"the seed must be a whole number, not {text!r}") from None

    def _round_options(self, variant: str) -> dict[str, Any]:
        opts = dict(self.options)
        if variant == "express" and not self.physical:
            opts.setdefault("hand_size", self._hand_size.value)
            if self._penalty.value:
                opts.setdefault("wrong_guess_penalty", 1)
            if self._buy_hints.value:
                opts.setdefault("buy_hints", True)
            if self._refresh_stock.value:
                opts.setdefault("stock_refresh", True)
        if self.physical:
            opts["physical"] = True
        return opts

    def check_rule(self) -> None:
        """Run the rule checks on the secret rule and say, without showing it, whether it is fit to play."""
        from eleusis_lab.rules.checks import check

        variant = self._variant.value
        try:
            rule, _key = self._secret_rule(variant)
            deck = "letters" if variant == "letters" else "standard"
            with self.busy("Checking the rule"):
                report = check(rule, deck=deck)
        except (ValueError, KeyError) as error:
            self._setup_message.value = banner(_secret_error(error), "error", size="1em")
            return
        verdicts = "".join(f"<li>{escape(str(v))}</li>" for v in getattr(report, "verdicts", []))
        kind = "accepted" if getattr(report, "acceptable", True) else "warning"
        head = (
            "The rule is fit to play." if kind == "accepted" else "The rule breaks the sources' guidelines."
        )
        self._setup_message.value = banner(head, kind, size="1em", detail=f"<ul>{verdicts}</ul>")

    def deal(self) -> None:
        """Deal a round from the set-up; a problem is shown under the set-up and nothing is dealt."""
        play = _play_api()
        variant = self._variant.value
        try:
            players = self.player_names()
            dealer = None
            if self._dealer.value == "match":
                dealer = self.match.next_dealer if self.match is not None else players[0]
            if dealer is not None and dealer in self._computer_specs():
                # A computer dealer cannot type a rule: it draws one from the library.
                self._rule_source.value = _RANDOM
            rule, key = self._secret_rule(variant)
            seed = self._seed_value()
            opts = self._round_options(variant)
            computers = self._make_computers(seed)
            if self._dealer.value == "match":
                if self.match is None:
                    from eleusis_lab.play.match import Match

                    self.match = Match(variant, players, seed=seed, **opts)
                new = self.match.start_round(rule)
            else:
                new = play.new_round(variant, players, rule, seed=seed, **opts)
        except Exception as error:
            if not isinstance(error, ValueError | KeyError | TypeError):
                raise
            self._setup_message.value = banner(_secret_error(error), "error", size="1em")
            return
        self._start(new, key, computers)

    def _make_computers(self, seed: int | None) -> dict[str, Any]:
        from eleusis_lab.play.players import lookup

        out = {}
        for i, (name, kind) in enumerate(self._computer_specs().items()):
            out[name] = lookup(kind, seed=(seed or 0) + 101 * (i + 1))
        return out

    def _start(
        self, new: Any, key: str | None, computers: dict[str, Any], save_path: Path | None = None
    ) -> None:
        self.round = new
        self._rule_key = key
        self._computers = computers
        self._revealed = False
        self._reveal_armed = False
        self._selected = []
        self._last_guess = None
        self._rule.value = ""  # the secret leaves the set-up once dealt
        self._setup_message.value = ""
        self._guess_result.value = ""
        self._reveal_area.value = ""
        if self._record_out.outputs:
            self._record_out.clear_output()
        self.save_path = save_path or self._new_save_path()
        if self.panel is not None:
            with self.busy("Preparing the hypothesis space"):
                self.panel.attach(self.round)
        self._show_setup(False)
        self._verdict.value = banner("Dealt. " + self._first_message(), "info")
        self._advance_computers()
        self.save()  # a save file from the deal on, so a restart before the first play loses nothing
        self.refresh()

    def _new_save_path(self) -> Path | None:
        if isinstance(self._autosave, str | Path):
            if not self.rounds and self.match is None:
                return Path(self._autosave)
            base = Path(self._autosave)
            return base.with_name(f"{base.stem}-round{len(self.rounds) + 1}{base.suffix}")
        if self._autosave:
            return saves.new_save_path(self.kind, self.round.variant, self._save_dir)
        return None

    def _first_message(self) -> str:
        r = self.round
        starter = f"The starter is {r.mainline[0]}. " if r.mainline else ""
        who = r.current_player
        return second_person(starter + (f"{who} plays first." if who else ""))

    # == playing ==================================================================================
    @property
    def hand_buttons(self) -> list[w.Button]:
        """The buttons of the hand on show (each button's ``.card`` is the card it plays)."""
        return self.hand.buttons

    @property
    def verdict_html(self) -> str:
        return self._verdict.value

    @property
    def table_html(self) -> str:
        return self.table.html

    @property
    def status_html(self) -> str:
        return self._status.value

    def _on_card(self, card: Card) -> None:
        if self.round is None or self.round.is_over:
            return
        if self._max_string() > 1:
            if card in self._selected:
                self._selected.remove(card)
            elif len(self._selected) < self._max_string():
                self._selected.append(card)
            self.refresh()
            return
        self.play([card])

    def _on_picked(self, cards: list[Card]) -> None:
        r = self.round
        if r is not None and self.physical and not r.mainline:
            if len(cards) != 1:
                self._verdict.value = banner("The starter is one card.", "warning")
                return
            if self._act(lambda: r.place_starter(cards[0]), None, message=f"The starter is {cards[0]}."):
                self.picker.clear()
            return
        if self.play(cards):
            self.picker.clear()

    def play_selected(self) -> None:
        """Play the string of selected cards (New Eleusis)."""
        if not self._selected:
            self._verdict.value = banner("Click the cards of the string first, in order.", "warning")
            return
        cards = list(self._selected)
        if self.play(cards):
            self._selected = []
            self.refresh()

    def _clear_selection(self) -> None:
        self._selected = []
        self.refresh()

    def play(self, cards: Sequence[Card | str]) -> bool:
        """The current player plays ``cards`` (one card, or a New Eleusis string); True when it was taken."""
        r = self.round
        if r is None:
            return False
        player = r.current_player
        if player is None:
            self._verdict.value = banner("The round is over.", "warning")
            return False
        chosen = list(cards)
        extra = self._prophet_kwargs(chosen, player)
        if extra is None:
            return False
        ok = self._act(lambda: r.play(player, chosen[0] if len(chosen) == 1 else chosen, **extra), player)
        if ok:
            self._prophet_says.value = None
        return ok

    def _prophet_kwargs(self, cards: Sequence[Any], player: str) -> dict[str, Any] | None:
        """New Eleusis: the prophet's call on this play (a computer prophet makes its own); None = wait."""
        r = self.round
        prophet = getattr(r, "prophet", None)
        if not prophet:
            return {}
        if prophet in self._computers:
            from eleusis_lab.cards import as_card

            says = self._computers[prophet].judge_as_prophet(r, prophet, [as_card(c) for c in cards])
            return {"prophet_says": bool(says)}
        if self._prophet_says.value is None:
            self._verdict.value = banner(
                f"Prophet {prophet}: say 'right' or 'wrong' for this play first, then play it.", "warning"
            )
            return None
        return {"prophet_says": self._prophet_says.value}

    def no_play(self, shown: Sequence[Card | str] | str | None = None) -> None:
        """The current player declares they have no card that fits (with real cards: the hand shown)."""
        r = self.round
        if r is None or r.current_player is None:
            return
        player = r.current_player
        extra: dict[str, Any] = {}
        if getattr(r, "prophet", None) and r.prophet not in self._computers:
            call = self._prophet_kwargs([], player)
            if call is None:
                return
            extra = call
        if not self.physical:
            if self._act(lambda: r.no_play(player, **extra), player):
                self._prophet_says.value = None
            return
        from eleusis_lab.cards import parse_cards

        text = shown if shown is not None else self._shown_hand.value
        try:
            hand = parse_cards(text) if isinstance(text, str) else list(text)
        except ValueError as error:
            self._verdict.value = banner(error_text(error), "error")
            return
        if not hand:
            self._verdict.value = banner("Type the cards of the hand shown first.", "warning")
            return
        if self._act(lambda: r.no_play(player, hand=hand, **extra), player):
            self._shown_hand.value = ""
            self._prophet_says.value = None

    def give_hint(self, text: str | None = None) -> None:
        """The dealer gives everybody a hint (typed by a human dealer; a computer makes one up)."""
        r = self.round
        if r is None:
            return
        if text is None:
            text = self._hint_text.value.strip() or None
        Err = _game_error()
        try:
            hint = r.give_hint(text)
        except Err as error:
            self._verdict.value = banner(error_text(error), "error")
            return
        self._hint_text.value = ""
        self._verdict.value = banner(f"Hint: {hint}", "info")
        self._after_change()

    def end_half(self) -> None:
        """Gardner with real cards: the teacher says every dealt card has been played once."""
        r = self.round
        if r is not None and hasattr(r, "end_half"):
            self._act(r.end_half, None, message="The first half is over: now play your wrong cards.")

    def finish(self, counts: Sequence[int] | None = None) -> None:
        """Real cards: enter each player's cards left; the round ends and the scores follow."""
        r = self.round
        if r is None:
            return
        values = list(counts) if counts is not None else [self._count_boxes[p].value for p in r.players]
        self._act(lambda: r.finish(values), None, message="The cards are counted: the round is over.")

    def declare_prophet(self, player: str | None = None) -> None:
        """New Eleusis: ``player`` (by default who just played) becomes prophet."""
        r = self.round
        if r is None:
            return
        name = player or self._last_actor()
        if name is None:
            self._verdict.value = banner("Nobody has played yet.", "warning")
            return
        self._act(lambda: r.declare_prophet(name), None, message=f"{name} is the prophet now.")

    def prophet_call(self, right: bool | None) -> None:
        """New Eleusis: the prophet's call on the next play (True = right), given before the dealer's."""
        self._prophet_says.value = right

    def undo(self) -> None:
        """Take back the last action (a misclick on the projector)."""
        r = self.round
        if r is None:
            return
        Err = _game_error()
        try:
            r.undo()
        except Err as error:
            self._verdict.value = banner(error_text(error), "error")
            return
        self._revealed = False
        self._verdict.value = banner("Undone: the last action was taken back.", "info")
        self._after_change()

    def guess(self, player: str | None = None, text: str | None = None, words: str | None = None) -> Any:
        """Judge a guess (by default the one typed in): rule text is judged by the engine at once, with a
        counterexample when wrong; a guess only in words waits for a human dealer's ruling."""
        r = self.round
        if r is None:
            return None
        name = player or self._guesser.value
        rule_text = (text if text is not None else self._guess_text.value).strip()
        said = (words if words is not None else self._guess_words.value).strip()
        if not name:
            self._guess_result.value = banner("Choose who is guessing.", "warning", size="1.1em")
            return None
        if not rule_text and not said:
            self._guess_result.value = banner("Type the guessed rule first.", "warning", size="1.1em")
            return None
        Err = _game_error()
        try:
            result = r.guess(name, rule_text or None, said or None)
        except Err as error:
            cause = getattr(error, "rule_error", None)
            detail = f"<pre>{escape(str(cause))}</pre>" if cause is not None else ""
            self._guess_result.value = banner(error_text(error), "error", size="1.1em", detail=detail)
            return None
        self._last_guess = result
        self._guess_text.value = self._guess_words.value = ""
        self._show_guess(name, rule_text or said, result)
        self._after_change()
        return result

    def buy_hint(self) -> None:
        """Express option: the current player draws a card and the dealer gives everybody a hint."""
        r = self.round
        if r is None or r.current_player is None:
            return
        Err = _game_error()
        try:
            hint = r.buy_hint(r.current_player, self._hint_text.value.strip() or None)
        except Err as error:
            self._verdict.value = banner(error_text(error), "error")
            return
        self._hint_text.value = ""
        self._verdict.value = banner(f"{r.current_player} bought a hint: {hint}", "info")
        self._after_change()

    def _show_guess(self, name: str, rule_text: str, result: Any) -> None:
        if getattr(result, "correct", False) is None:
            self._guess_result.value = banner(
                f"The dealer judges {name}'s guess.", "warning", detail=escape(rule_text)
            )
            return
        if getattr(result, "correct", False):
            self._guess_result.value = banner(
                f"{name}'s guess is RIGHT: it is the same rule.", "accepted", detail=escape(rule_text)
            )
            return
        example = getattr(result, "counterexample", None)
        detail = escape(rule_text)
        if example is not None:
            explain = example.explain() if hasattr(example, "explain") else str(example)
            detail += "<br>" + escape(explain)
            from eleusis_lab.render import cards_html

            line = list(getattr(example, "mainline", ()))
            card = getattr(example, "card", None)
            if card is not None:
                detail += cards_html(
                    [*line[-4:], card], card_width=56, highlight={len(line[-4:]): "falsifier"}
                )
        self._guess_result.value = banner(f"{name}'s guess is WRONG.", "rejected", detail=detail)

    def overrule(self, correct: bool) -> None:
        """The dealer overrules the computer's judgement of the last guess."""
        r = self.round
        if r is None:
            return
        Err = _game_error()
        try:
            r.overrule_guess(correct)
        except Err as error:
            self._guess_result.value = banner(error_text(error), "error", size="1.1em")
            return
        word = "RIGHT" if correct else "WRONG"
        self._guess_result.value = banner(
            f"The dealer counts the guess {word}.", "accepted" if correct else "rejected"
        )
        self._after_change()

    def _act(self, action: Callable[[], Any], player: str | None, *, message: str | None = None) -> bool:
        """Run one round action; show its verdict, or the reason it was refused (the round is unchanged)."""
        Err = _game_error()
        try:
            verdict = action()
        except Err as error:
            self._verdict.value = banner(error_text(error), "error")
            return False
        self._verdict.value = self._verdict_banner(verdict, player, message)
        extra = self._advance_computers()
        if extra:
            self._verdict.value += extra
        self._after_change()
        return True

    def _verdict_banner(self, verdict: Any, player: str | None, message: str | None) -> str:
        if message is not None:
            return banner(message, "info")
        if verdict is None or not hasattr(verdict, "accepted"):
            return banner(str(verdict) if verdict is not None else "Done.", "info")
        return verdict_banner(verdict, player)

    def _advance_computers(self) -> str:
        """Let computer seats play until a person must act; returns their verdicts as HTML lines."""
        if not self._computers or self.round is None:
            return ""
        from eleusis_lab.play.driver import advance

        before = len(self.round.events)
        with self.busy("Computer players are thinking"):
            verdicts = advance(self.round, self._computers)
        lines = [verdict_banner(v, getattr(v, "player", None), size="1em") for v in verdicts]
        # Computers also guess and become prophets: say so, the class should know.
        for event in list(self.round.events)[before:]:
            kind = getattr(event, "type", "")
            if kind == "guessed":
                right = bool(getattr(event, "correct", False))
                word = "RIGHT" if right else "WRONG"
                lines.append(
                    banner(
                        f"{event.player} guesses: {event.text or event.words} — {word}",
                        "accepted" if right else "rejected",
                        size="1em",
                    )
                )
            elif kind == "prophet-declared":
                lines.append(banner(f"{event.player} becomes the prophet.", "info", size="1em"))
        return "".join(lines)

    def _after_change(self) -> None:
        # The table and the hand first (the class is waiting), then saving and the slower plots.
        self.refresh()
        self.save()
        if self.panel is not None:
            self.panel.refresh(self.round)
        if self.round is not None and self.round.is_over and not self._revealed:
            self._scores.value = self._scores_html()

    # == reveal, scores, next round ================================================================
    def reveal(self, *, force: bool = False, record: str = "cell") -> None:
        """Show the rule, its English text and the seal's check; print the round's record.

        Called from a cell, the record is printed as the cell's ordinary output (``record="cell"``), so
        ``jupyter nbconvert --to html`` keeps it as a handout; the board's button prints it on the board
        (``record="board"``); ``record="none"`` prints nothing.  Before the round is over the first click
        only asks for a second click (no accidental spoilers); ``force=True`` reveals at once.
        """
        r = self.round
        if r is None:
            return
        if not r.is_over and not (force or self._reveal_armed):
            self._reveal_armed = True
            self._verdict.value = banner(
                "The round is not over. Click 'Reveal the rule' again to reveal it now.", "warning"
            )
            return
        self._revealed = True
        self._reveal_area.value = self.reveal_html()
        self._scores.value = self._scores_html()
        if self._record_out.outputs:
            self._record_out.clear_output()
        if record != "none":
            from IPython.display import display

            with self.busy("Writing the record of the round"):
                made = self.record()
            if record == "board":
                with self._record_out:
                    display(made)
            else:
                display(made)
        self.refresh()

    def reveal_html(self) -> str:
        r = self.round
        rule = r.rule
        parts = [
            f'<div style="font-size:1.4em;font-weight:bold">The rule: <code>{escape(rule.text)}</code></div>'
        ]
        english = self._english()
        if english:
            parts.append(f'<div style="font-size:1.2em">In words: {escape(english)}</div>')
        seal = getattr(r, "seal", None)
        if seal is not None:
            ok = seal.verify(rule.text)
            kind = "accepted" if ok else "rejected"
            text = (
                f"Seal checked: fingerprint {seal.fingerprint} matches this rule."
                if ok
                else f"Seal BROKEN: fingerprint {seal.fingerprint} does not match this rule!"
            )
            parts.append(banner(text, kind, size="1em"))
        return '<div class="eleusis-reveal" style="margin:8px 0">' + "".join(parts) + "</div>"

    def _english(self) -> str | None:
        from eleusis_lab.rules import library

        if self._rule_key:
            return library.get(self._rule_key).english
        for entry in library.ENTRIES:
            if entry.rule == self.round.rule:
                return entry.english
        return None

    def _dealer_score_html(self) -> str:
        """Gardner: the dealer's score, fixed when the first half ends, with the wrong cards it counts."""
        r = self.round
        score = getattr(r, "dealer_score", None)
        if not isinstance(score, int):
            return ""
        counts = next(
            (getattr(e, "wrong_cards", None) for e in reversed(r.events) if hasattr(e, "wrong_cards")), None
        )
        detail = ""
        if counts is not None and len(counts) == len(r.players):
            detail = "wrong cards in the first half: " + ", ".join(
                f"{escape(p)} {n}" for p, n in zip(r.players, counts, strict=True)
            )
        return banner(f"Dealer's score after the first half: {score}", "info", size="1.2em", detail=detail)

    def _scores_html(self) -> str:
        r = self.round
        try:
            names, points, notes = round_scores(r)
        except Exception as error:
            Err = _game_error()
            if not isinstance(error, Err | ValueError):
                raise
            return banner(error_text(error), "info", size="1em")
        title = "Scores of this round" if r.is_over else "Scores so far"
        return _projector(scores_html(names, points, title=title, notes=notes))

    def record(self) -> Any:
        """A static record of the round (table, rule, scores, narrowing plot) for handouts."""
        from eleusis_lab.widgets.record import RoundRecord

        return RoundRecord.of(self.round, english=self._english(), card_width=64)

    def next_round(self) -> None:
        """Finish with this round and go back to the set-up for the next one (totals are kept)."""
        r = self.round
        if r is None:
            return
        if not r.is_over:
            self._verdict.value = banner("Finish this round first (or reveal and end it).", "warning")
            return
        if self.match is None:
            self.rounds.append(r)
        if self._seed.value.strip():
            self._seed.value = str(int(self._seed.value) + 1)
        self.round = None
        self._show_setup_fields()
        self._show_setup(True)
        self._totals.value = self.totals_html()

    def totals(self) -> dict[str, Any]:
        """Match totals by name over the finished rounds."""
        if self.match is not None:
            return dict(self.match.totals())
        totals: dict[str, Any] = {}
        for r in [*self.rounds, *([self.round] if self.round is not None and self.round.is_over else [])]:
            names, points, _ = round_scores(r)
            for name, value in zip(names, points, strict=True):
                totals[name] = totals.get(name, 0) + value
        return totals

    def totals_html(self) -> str:
        totals = self.totals()
        if not totals:
            return ""
        if self.match is not None:
            n = len(self.match.round_points())
        else:  # the finished rounds, and the current one once it is over (its points are in the totals)
            n = len(self.rounds) + (1 if self.round is not None and self.round.is_over else 0)
        return _projector(
            scores_html(list(totals), list(totals.values()), title=f"Match totals after {n} round(s)")
        )

    # == drawing ===================================================================================
    def refresh(self) -> None:
        """Redraw everything from the round (cheap: called after every action)."""
        r = self.round
        if r is None:
            return
        self.table.show(r, show_players=r.variant == "gardner")
        self._status.value = self._status_html()
        current = r.current_player
        strings = self._max_string() > 1
        if r.is_over:
            self._turn.value = banner(end_text(r), "info", size="1.4em")
        elif self.physical and not r.mainline:
            self._turn.value = '<div style="font-size:1.5em;font-weight:bold">Enter the starter card</div>'
        elif current is not None:
            who = f"{escape(possessive(current))} turn"
            if current in self._computers:
                who += " (computer)"
            self._turn.value = f'<div style="font-size:1.6em;font-weight:bold;margin:6px 0">{who}</div>'
        hand_visible = not self.physical and current is not None and not r.is_over
        self.hand.layout.display = None if hand_visible else "none"
        self.picker.layout.display = None if (self.physical and not r.is_over) else "none"
        if hand_visible:
            cards = r.hand(current)
            hint = (
                " — click the cards of your string in order, then 'Play string'"
                if strings
                else " — click a card to play it"
            )
            title = f"<b>{escape(possessive(current))} hand</b> ({len(cards)} cards){hint}"
            self.hand.show(title, cards, selected=self._selected, disabled=self._tried_this_turn())
        actions: list[w.Widget] = []
        from eleusis_lab.play.players import can_guess, can_no_play

        if not r.is_over:
            if strings and not self.physical:
                sel = " ".join(str(c) for c in self._selected)
                self._play_string.description = f"Play string ({len(self._selected)})"
                self._play_string.tooltip = sel or "select cards first"
                actions += [self._play_string, self._clear_string]
            if current is not None and can_no_play(r, current):
                actions.append(self._no_play)
                if self.physical:
                    actions.append(self._shown_hand)
            if (
                self.physical
                and r.variant == "gardner"
                and getattr(r, "phase", "") == "first-half"
                and r.mainline
            ):
                actions.append(self._end_half)
            actions.append(self._hint)
            if getattr(r, "options", {}).get("buy_hints") and current is not None:
                actions.append(self._buy_hint)
            if r.dealer is not None:
                actions.append(self._hint_text)
            last = self._last_actor()
            can_be = getattr(r, "can_become_prophet", None)
            if last is not None and callable(can_be) and can_be(last) and last not in self._computers:
                self._prophet.description = f"{last} becomes prophet"
                actions.append(self._prophet)
            if getattr(r, "prophet", None) and r.prophet not in self._computers:
                self._prophet_says.description = f"{r.prophet} says"
                actions.insert(0, self._prophet_says)
        actions += [self._undo, self._reveal_button]
        self._actions.children = actions
        guessers = (
            [p for p in r.players if p not in self._computers and can_guess(r, p)] if not r.is_over else []
        )
        if guessers:
            old = self._guesser.value
            self._guesser.options = guessers
            last = self._last_actor()
            self._guesser.value = last if last in guessers else (old if old in guessers else guessers[0])
            row: list[w.Widget] = [self._guesser, self._guess_text]
            if r.dealer is not None:
                row.append(self._guess_words)
            box: list[w.Widget] = [w.HBox([*row, self._guess_button], layout=w.Layout(flex_flow="row wrap"))]
        else:
            box = []
        if self._last_action_type() == "guessed":
            box.append(w.HBox([self._overrule_right, self._overrule_wrong]))
        box.append(self._guess_result)
        self._guess_box.children = box
        self._draw_finish_box()
        if r.is_over:
            if not self._revealed:
                self._scores.value = self._scores_html()
        else:
            # Mid-round: Gardner's dealer score once the first half is over; else nothing (an undone
            # final play must not leave the final scores on show).
            self._scores.value = self._dealer_score_html()
        self._next_button.layout.display = None if r.is_over else "none"
        self._totals.value = self.totals_html()

    def _counted(self) -> bool:
        """Real cards: have the cards left in each hand been entered (scores need them)?"""
        try:
            self.round.cards_left()
        except ValueError:
            return False
        return True

    def _draw_finish_box(self) -> None:
        r = self.round
        if not self.physical or r is None or not r.mainline or (r.is_over and self._counted()):
            self._finish_box.children = ()
            return
        if list(self._count_boxes) != list(r.players):
            self._count_boxes = {
                p: w.BoundedIntText(0, min=0, max=104, description=p, layout=w.Layout(width="14em"))
                for p in r.players
            }
        self._finish_box.children = [
            w.HTML("<b>At the end of the round</b>: cards left in each hand"),
            w.HBox(list(self._count_boxes.values()), layout=w.Layout(flex_flow="row wrap")),
            self._finish_button,
        ]

    def _status_html(self) -> str:
        r = self.round
        bits = [f"<b>{escape(VARIANT_TITLES.get(r.variant, r.variant))}</b>"]
        n = len(self.match.rounds) if self.match is not None else len(self.rounds) + 1
        bits.append(f"round {n}")
        dealer = getattr(r, "dealer", None)
        bits.append(f"dealer: {escape(dealer)}" if dealer else "dealer: the computer")
        seal = getattr(r, "seal", None)
        if seal is not None:
            bits.append(f'sealed rule <code class="eleusis-fingerprint">{escape(seal.fingerprint)}</code>')
        phase = getattr(r, "phase", None)
        if phase:
            bits.append(f"phase: {escape(str(phase))}")
        dealer_score = getattr(r, "dealer_score", None)
        if isinstance(dealer_score, int):  # Gardner: fixed at the half; the class should see it at once
            bits.append(f"dealer's score: <b>{dealer_score}</b>")
        stock = getattr(r, "stock_size", None)
        if isinstance(stock, int) and not self.physical and r.variant in ("express", "new-eleusis"):
            bits.append(f"stock: {stock}")
        prophet = getattr(r, "prophet", None)
        if prophet:
            bits.append(f"prophet: <b>{escape(prophet)}</b>")
        counts = []
        if not self.physical:
            for p in r.players:
                try:
                    counts.append(f"{escape(p)} {len(r.hand(p))}")
                except ValueError:
                    continue
        line2 = ("cards in hand: " + ", ".join(counts)) if counts else ""
        save = ""
        if self.save_path is not None:
            # One short line on the projector (no code in Voilà); the path and the resume call fold out.
            save = (
                f'<details class="eleusis-save" style="font-size:0.85em;color:#4b5563"><summary>Autosaved to '
                f"<code>{escape(self.save_path.name)}</code></summary>"
                f'<code class="eleusis-save-path">{escape(str(self.save_path))}</code> — after a restart: '
                f"<code>{type(self).__name__}.resume(r'{escape(str(self.save_path))}')</code></details>"
            )
        return (
            f'<div style="font-size:1.1em">{" · ".join(bits)}</div>'
            f'<div style="font-size:1em;color:#374151">{line2}</div>{save}'
        )

    def _resize(self, change: dict[str, Any]) -> None:
        self.table.card_width = change["new"]
        if self.round is not None:
            self.table.show(self.round, show_players=self.round.variant == "gardner")

    def _max_string(self) -> int:
        from eleusis_lab.play.players import max_string

        return max_string(self.round) if self.round is not None else 1

    def _tried_this_turn(self) -> list[Card]:
        """Gardner's second half: the cards the current player already tried (and had back) this turn."""
        r = self.round
        can_try = getattr(r, "can_try", None)
        if r is None or r.current_player is None or not callable(can_try):
            return []
        allowed = set(can_try(r.current_player))
        return [c for c in r.hand(r.current_player) if c not in allowed]

    def _last_action_type(self) -> str | None:
        """The type of the last action in the log (the dealer may overrule only right after a guess)."""
        r = self.round
        for event in reversed(list(r.events) if r is not None else []):
            if getattr(event, "is_action", False):
                return str(getattr(event, "type", ""))
        return None

    def _last_actor(self) -> str | None:
        r = self.round
        if r is None:
            return None
        for event in reversed(list(r.events)):
            if getattr(event, "type", "") in ("played", "no-play"):
                return getattr(event, "player", None)
        return None

    # == progress, saving, resuming ================================================================
    def busy(self, what: str) -> Any:
        """A context manager showing the progress bar while something slow runs."""
        return _Busy(self._progress, what)

    def save(self) -> None:
        """Write the round and the board's notes to the save file (no-op without autosave)."""
        if self.save_path is None or self.round is None:
            return
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        self.round.save(self.save_path)  # the package's one atomic writer (eleusis_lab.files)
        saves.write_sidecar(self.save_path, self._notes())

    def _notes(self) -> dict[str, Any]:
        return {
            "board": self.kind,
            "rule_key": self._rule_key,
            "computers": self._computer_specs(),
            "card_width": self.table.card_width,
            "physical": self.physical,
            "revealed": self._revealed,
            "earlier_rounds": [r.to_json() for r in self.rounds],
            "match": self.match.to_json() if self.match is not None else None,
            "hypotheses": self.panel.to_list() if self.panel is not None else [],
            "panel": self.panel is not None,
            "plots": self.panel is not None and bool(self.panel._show_plots.value),
        }

    @classmethod
    def resume(cls, path: str | Path, **kwargs: Any) -> RoundBoard:
        """Rebuild a board from its save file after a kernel restart, and go on saving to the same file."""
        play = _play_api()
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ValueError(f"cannot read the save file {path}: {error.strerror}") from None
        new = play.load_round(text)
        notes = saves.read_sidecar(path)
        computers = dict(notes.get("computers") or {})
        kwargs.setdefault("physical", bool(notes.get("physical", False)))
        kwargs.setdefault("card_width", notes.get("card_width", 96))
        if "panel" in notes:  # the board comes back as it was: with or without the panel and plots
            kwargs.setdefault("hypotheses", bool(notes["panel"]))
            kwargs.setdefault("plots", bool(notes.get("plots", True)))
        humans = [p for p in new.players if p not in computers]
        board = cls(new.variant, humans, computers=computers, autosave=path, **kwargs)
        board._rounds_from_notes(notes)
        if board.match is not None and board.match.rounds:
            board.match.rounds[-1] = new  # one round object, so plays count in the match totals
        seed = getattr(new, "seed", None)
        board._start(
            new,
            notes.get("rule_key"),
            board._make_computers(seed if isinstance(seed, int) else None),
            save_path=path,
        )
        if board.panel is not None:
            board.panel.load_list(notes.get("hypotheses") or [], board.round)
        if notes.get("revealed"):
            board.reveal(force=True, record="none")
        return board

    def _rounds_from_notes(self, notes: dict[str, Any]) -> None:
        play = _play_api()
        self.rounds = [play.load_round(t) for t in notes.get("earlier_rounds") or []]
        if notes.get("match"):
            from eleusis_lab.play.match import load_match

            self.match = load_match(notes["match"])
            self._dealer.value = "match"


class _Busy:
    """Show an indeterminate progress bar (pulsing to full) while a slow step runs."""

    def __init__(self, bar: w.IntProgress, what: str) -> None:
        self.bar, self.what = bar, what

    def __enter__(self) -> _Busy:
        self.bar.description = self.what
        self.bar.value = 10
        self.bar.bar_style = "info"
        self.bar.layout.display = None
        return self

    def step(self, fraction: float) -> None:
        self.bar.value = int(10 + 90 * max(0.0, min(1.0, fraction)))

    def __exit__(self, *exc: Any) -> None:
        self.bar.value = 100
        self.bar.layout.display = "none"


def _projector(html: str) -> str:
    """Scores big enough to read from the back of the room."""
    return f'<div class="eleusis-projector" style="font-size:1.5em;line-height:1.3">{html}</div>'


def _variant_key(name: str) -> str:
    from eleusis_lab import scoring

    return scoring.variant_name(name)


def _rule_value(rule: Any) -> str:
    text = getattr(rule, "text", None)
    return text if isinstance(text, str) else str(rule)


def _secret_error(error: BaseException) -> str:
    """Explain a bad secret rule without printing it (the class is watching the projector)."""
    line, column, hint = (getattr(error, a, None) for a in ("line", "column", "hint"))
    if line is not None and column is not None:
        return f"The secret rule has a problem at line {line}, column {column}" + (
            f": {hint}" if hint else "."
        )
    text = error_text(error)
    if isinstance(error, KeyError):
        text = text.strip("'\"")
    return text
