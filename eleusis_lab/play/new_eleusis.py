"""New Eleusis (Robert Abbott, 1977): strings, the prophet, markers, sudden death and expulsion.

RULES.md section 3.  Two decks, 14 cards each, a random first player.  A turn plays a string of 1-4
cards judged as a whole (a wrong string costs 2 cards per card), or declares no play (right: a new
hand 4 cards smaller, the round ends at 4 or fewer; wrong: the dealer plays a card that fits and the
player draws 5).

**The prophet.** Right after their own play a player may put a black marker on the card just played
and become prophet (:meth:`NewEleusisRound.declare_prophet`) — if there is no prophet, they have not
been prophet this round, and at least two other players would still be playing.  The prophet stops
playing and calls each play before the dealer: pass ``prophet_says=True/False`` to :meth:`play`
(``no_play``: True = "the no-play is right").  A prophet who declared with a rule text has their calls
made by that rule; with neither, the prophet is taken to agree with the dealer.  When the dealer
overrules the prophet, the prophet is overthrown: the black markers come off, the prophet draws 5 and
plays again, and the player of that play draws no penalty.

**Markers and sudden death (Abbott's readings).** Cards played count mainline and sideline cards
alike (the starter is not played).  A white marker goes on every 10th card while there is no prophet;
a black marker on every 10th card after the prophet's marker.  Sudden death begins when the 4th marker of
either colour is down: after 40 cards with no prophet, or 30 cards after the prophet's marker; white
markers stay down, so a prophet declared after the 4th white one does not switch it off (RULES.md's
reading of 002).
Then a player who plays wrong, or declares no play wrongly, is expelled instead of drawing (keeping
their cards for the score).  An overthrown prophet's black markers are removed and the white markers
of the cards played meanwhile are put down, so the white count applies again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from eleusis_lab.cards import Card
from eleusis_lab.cards import deck as make_deck
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Action, DeclareProphet, NoPlay, Play
from eleusis_lab.play.errors import BadGuess, GameError, IllegalAction
from eleusis_lab.play.no_play import ONE_DECK, TWO_DECKS, NoPlayRound, plural_cards
from eleusis_lab.play.presentation import Presentation, ScoreSheet, Worked, WorkedExample
from eleusis_lab.play.round import Fold, Perform, RoundState, Verdict, field_given, reason_against
from eleusis_lab.play.table import Marker, fits_in_turn
from eleusis_lab.play.variant import Capabilities, MatchRules, Option, ScoreColumn

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.scoring import Scores

__all__ = ["NewEleusisRound"]

MARKER_EVERY = 10
SUDDEN_DEATH_MARKERS = 4
PROPHET_PENALTY = 5


def _work_out(example: WorkedExample) -> Worked:
    """The high count, each player's score with the prophet's bonus, and God's (capped by the marker)."""
    counts, left, names = example.counts, example.left, example.names
    prophet, right, wrong = (
        counts.get("prophet"),
        counts.get("prophet_right", 0),
        counts.get("prophet_wrong", 0),
    )
    through = counts.get("played_through_marker", 0)
    high = max(left)
    lines, scores = [f"High count = {high} ({names[left.index(high)]})"], []
    for i, own in enumerate(left):
        score, text = high - own, f"{names[i]}: {high} − {own}"
        if own == 0:
            score, text = score + 4, text + " + 4 (empty hand)"
        if i == prophet:
            score, text = score + right + 2 * wrong, text + f" + {right} + 2 × {wrong} (prophet)"
        scores.append(score)
        lines.append(f"{text} = <b>{score}</b>")
    if prophet is None:
        god = max(scores)
        lines.append(f"God: the best score = <b>{god}</b>")
    else:
        god = min(max(scores), 2 * through)
        lines.append(f"God: smaller of the best score {max(scores)} and 2 × {through} = <b>{god}</b>")
    return Worked(lines, scores, god)


NEW_ELEUSIS_PRESENTATION = Presentation(
    title="New Eleusis",
    roles=("God (dealer)", "Players"),
    sheet=ScoreSheet(
        columns=("Player", "Cards left", "High − left", "+4 empty", "Prophet bonus", "Score"),
        formula=(
            "<b>High count</b> = the most cards any player holds. <b>Each player:</b> high count − own "
            "cards; +4 for an empty hand.",
            "<b>Prophet still in office:</b> also +1 for each mainline card and +2 for each sideline card "
            "played after their marker.",
            "<b>God (dealer):</b> the highest score of anyone; with a prophet, the smaller of that and "
            "2 × (cards played up to and including the prophet’s marked card).",
        ),
        record_note="Two decks. A wrong string goes under the card it tried to follow (draw 2 × its "
        "length). Circle every 10th card played (white marker); mark the prophet’s card with ●.",
        example=WorkedExample(
            ("Ana", "Ben", "Cy", "Dee"),
            {"left": [0, 5, 9, 3], "prophet": 3, "prophet_right": 6, "prophet_wrong": 4,
             "played_through_marker": 7},
        ),
        explain=_work_out,
    ),
)  # fmt: skip


@dataclass
class _NewEleusisState(RoundState):
    """The fold's state plus New Eleusis's own: markers, the cards played, the prophet, the expelled."""

    markers: list[Marker] = field(default_factory=list)
    played: list[tuple[Card, int, bool]] = field(default_factory=list)  # (card, mainline index, on mainline)
    prophet: str | None = None
    prophet_rule: Any = None
    former_prophets: list[str] = field(default_factory=list)
    prophet_marker_count: int = 0
    prophet_right: int = 0
    prophet_wrong: int = 0
    expelled: list[str] = field(default_factory=list)

    @property
    def cards_played(self) -> int:
        return len(self.played)


class NewEleusisRound(NoPlayRound):
    """New Eleusis; see the module docstring for the prophet, markers and sudden death."""

    key = "new-eleusis"
    _state_type: ClassVar[type[RoundState]] = _NewEleusisState
    _state: _NewEleusisState
    aliases = ("new_eleusis", "neweleusis", "abbott")
    title = "New Eleusis"
    deck_name = "double"
    min_players = 1
    OPTIONS = (
        Option("hand_size", int, 14, "the number of cards dealt to each player (14 in New Eleusis)",
               low=1, high=20),
        Option("max_string", int, 4, "the longest string a player may play (4 in New Eleusis)",
               low=1, high=10),
        Option("single_deck", bool, False, "one 52-card deck instead of two, for a small table [002]"),
    )  # fmt: skip
    capabilities = Capabilities(max_string=4, no_play=True, prophet=True, confidence=True)
    match = MatchRules(deals_each=1, early_stop_bonus=10)
    presentation = NEW_ELEUSIS_PRESENTATION
    score_columns = (
        ScoreColumn("left", "Cards left"),
        ScoreColumn("prophet", "Prophet at the end", "who was prophet when the round ended", kind="player"),
        ScoreColumn("prophet_right", "Right after the marker", "mainline cards after the prophet's marker",
                    kind="number"),
        ScoreColumn("prophet_wrong", "Wrong after the marker", "sideline cards after the prophet's marker",
                    kind="number"),
        ScoreColumn("played_through_marker", "Cards to the marker", "cards played up to the prophet's marker",
                    kind="number"),
    )  # fmt: skip

    @classmethod
    def score_counts(cls, left: list[int], **counts: Any) -> Scores:
        """The calculator: cards left, and the ``prophet`` in office at the end with their counts."""
        from eleusis_lab.scoring import new_eleusis

        return new_eleusis(
            left,
            prophet=counts.get("prophet"),
            prophet_right=counts.get("prophet_right", 0),
            prophet_wrong=counts.get("prophet_wrong", 0),
            played_through_marker=counts.get("played_through_marker", 0),
        )

    PENALTY_PER_CARD = 2
    WRONG_NO_PLAY_PENALTY = 5
    NO_PLAY_SHRINK = 4

    # ------------------------------------------------------------------ setup -------------------
    def _validate_options(self, options: dict[str, Any]) -> None:
        size = options["hand_size"]
        if isinstance(size, int) and not isinstance(size, bool):
            self._check_deck_suffices(size, ONE_DECK if options["single_deck"] is True else TWO_DECKS)

    def _after_deal(self) -> None:
        if not self._physical:
            self._emit(ev.StarterTurned(self._state.stock[0]))

    def _copies(self) -> int:
        return 1 if self._options["single_deck"] else 2

    def deck(self) -> list[Card]:
        """Two decks shuffled together, or one with the ``single_deck`` option [002]."""
        return make_deck("standard" if self._options["single_deck"] else "double")

    # ------------------------------------------------------------------ views -------------------
    @property
    def cards_played(self) -> int:
        """Cards played so far, mainline and sideline (the starter is not counted)."""
        return self._state.cards_played

    @property
    def sudden_death(self) -> bool:
        """True once the 4th white or the 4th black marker is down: a wrong play then expels.

        Source 002's reading: once the 4th white marker is down sudden death stays on, a prophet
        declared later does not switch it off (the black markers only count while a prophet is in
        office: an overthrow removes them)."""
        s = self._state
        whites = sum(1 for m in s.markers if not m.is_black)
        return max(whites, len(s.markers) - whites) >= SUDDEN_DEATH_MARKERS

    @property
    def markers(self) -> list[Marker]:
        return sorted(self._state.markers, key=lambda m: (m.count, m.kind != "white"))

    @property
    def prophet(self) -> str | None:
        return self._state.prophet

    @property
    def expelled(self) -> list[str]:
        return list(self._state.expelled)

    @property
    def former_prophets(self) -> list[str]:
        return list(self._state.former_prophets)

    @property
    def max_string(self) -> int:
        return int(self._options["max_string"])

    def can_become_prophet(self, name: str) -> bool:
        """Whether ``name`` may declare themself prophet right now."""
        return self.refusal(DeclareProphet(name, open=frozenset({"rule_text"}))) is None

    # ------------------------------------------------------------------ folds -------------------
    def _record_played(self, cards: Sequence[Card], accepted: bool) -> None:
        s = self._state
        if accepted:
            start = len(s.mainline)
            self._put_on_mainline(cards)
            s.played.extend((c, start + k, True) for k, c in enumerate(cards))
        else:
            s.played.extend((c, len(s.mainline) - 1, False) for c in cards)
        if s.prophet is not None:
            if accepted:
                s.prophet_right += len(cards)
            else:
                s.prophet_wrong += len(cards)

    @classmethod
    def _fold_table(cls) -> dict[type[ev.Event], Fold]:
        return {
            **super()._fold_table(),
            ev.HandReplaced: cls._on_hand_replaced,
            ev.MarkerPlaced: cls._on_marker,
            ev.ProphetDeclared: cls._on_prophet_declared,
            ev.ProphetOverthrown: cls._on_prophet_overthrown,
            ev.Expelled: cls._on_expelled,
        }

    def _on_hand_replaced(self, e: ev.HandReplaced, i: int) -> None:
        if self._physical:
            return
        s = self._state
        # The old hand goes back into the stock, the stock is shuffled (by the seed and the event's place
        # in the log, so a replay shuffles the same), and the new hand is drawn from it.
        stock = [*s.stock, *s.hands[e.player]]
        self._rng(f"no-play/{i}").shuffle(stock)
        s.stock = deque(stock)
        s.hands[e.player] = [s.stock.popleft() for _ in range(min(e.size, len(s.stock)))]

    def _on_marker(self, e: ev.MarkerPlaced, i: int) -> None:
        s = self._state
        card, index, on_mainline = s.played[e.count - 1]
        s.markers.append(Marker(e.kind, e.count, card, index, on_mainline, i))  # type: ignore[arg-type]

    def _on_prophet_declared(self, e: ev.ProphetDeclared, i: int) -> None:
        s = self._state
        s.prophet = e.player
        s.former_prophets.append(e.player)
        s.prophet_rule = self._parse_prophet_rule(e.rule_text) if e.rule_text else None
        s.prophet_marker_count = s.cards_played
        s.prophet_right = s.prophet_wrong = 0
        s.window = None
        if s.turn == e.player:  # cannot happen with two other players, kept for safety
            s.turn = self._next_player(e.player)

    def _on_prophet_overthrown(self, e: ev.ProphetOverthrown, i: int) -> None:
        s = self._state
        s.prophet = None
        s.prophet_rule = None
        s.markers = [m for m in s.markers if not m.is_black]
        s.prophet_marker_count = 0
        s.prophet_right = s.prophet_wrong = 0

    def _on_expelled(self, e: ev.Expelled, i: int) -> None:
        s = self._state
        s.expelled.append(e.player)
        if s.turn == e.player:
            s.turn = self._next_player(e.player)

    # ------------------------------------------------------------------ actions -----------------
    def _parse_prophet_rule(self, text: str) -> Any:
        from eleusis_lab.rules import Rule, RuleError

        try:
            return Rule.parse(text)
        except RuleError as e:
            raise BadGuess(f"The prophet's rule does not read as a rule: {e}", e) from None

    def _prophet_call_refusal(self, a: Play | NoPlay) -> GameError | None:
        """Why the prophet's call entered with ``a`` will not do (None: it will, or it is left open)."""
        given = a.prophet_says
        if not field_given(a, "prophet_says") or given is None:
            return None
        if self._state.prophet is None:
            return IllegalAction("There is no prophet to call this play.")
        if not isinstance(given, bool):
            return IllegalAction("The prophet's call is True (right) or False (wrong).")
        return None

    def _prophet_call(self, actual: bool, given: bool | None, judge: Any) -> bool | None:
        s = self._state
        if s.prophet is None:
            return None
        if given is not None:
            return given
        if s.prophet_rule is not None:
            return bool(judge(s.prophet_rule))
        return actual

    # ------------------------------------------------------------------ legal actions -----------
    def _call_open(self) -> set[str]:
        return {"prophet_says"} if self._state.prophet is not None else set()

    def _card_plays(
        self, player: str, cards: list[Card] | None, open: frozenset[str] = frozenset()
    ) -> list[Action]:
        calls = frozenset(self._call_open())
        out = super()._card_plays(player, cards, open | calls)
        if cards is not None and self.max_string > 1 and len(cards) > 1:
            out.append(Play(player, open=frozenset({"cards"}) | calls))  # a string of the player's choice
        return out

    def _other_actions(self, player: str) -> list[Action]:
        return [DeclareProphet(player, open=frozenset({"rule_text"}))]

    @classmethod
    def _action_table(cls) -> dict[type[Action], Perform]:
        return {**super()._action_table(), DeclareProphet: cls._do_declare_prophet}

    # ------------------------------------------------------------------ refusals ----------------
    def _refuse_play(self, a: Play) -> GameError | None:
        """A string of 1 to ``max_string`` cards the player holds (a physical round: cards the decks
        still have), and a prophet's call only while there is a prophet."""
        if field_given(a, "cards"):
            longest = self._options["max_string"]
            if not 1 <= len(a.cards) <= longest:
                return IllegalAction(f"A string has 1 to {longest} cards.")
            refusal = reason_against(lambda: self._string_played(a))
            if refusal is not None:
                return refusal
        return self._prophet_call_refusal(a)

    def _string_played(self, a: Play) -> list[Card]:
        """The cards ``a`` plays: the player's own copies, or a physical round's cards as entered."""
        if not self._physical:
            return self._resolve(a.player, list(a.cards), self._state.hands[a.player])
        table = self._table_cards()
        chosen: list[Card] = []
        for spec in a.cards:
            chosen.append(self._physical_card(a.player, spec, self._copies(), table + chosen))
        return chosen

    def _refuse_no_play(self, a: NoPlay) -> GameError | None:
        return super()._refuse_no_play(a) or self._prophet_call_refusal(a)

    def _refuse_declare_prophet(self, a: DeclareProphet) -> GameError | None:
        """Right after one's own play, once a round, with two others still playing, and no prophet in
        office; a rule to call by, if given, must read as a rule."""
        player = a.player
        refusal = self._open_refusal()
        if refusal is not None:
            return refusal
        s = self._state
        w = s.window
        if w is None or w[0] != player or w[1] != "play":
            return IllegalAction(
                f"{player} may become prophet only at the end of their own turn, after playing."
            )
        if s.prophet is not None:
            return IllegalAction(f"{s.prophet} is already the prophet.")
        if player in s.former_prophets:
            return IllegalAction(f"{player} has already been prophet in this round.")
        if player in s.expelled:
            return IllegalAction(f"{player} has been expelled from this round.")
        others = [p for p in self._players if p != player and p not in s.expelled]
        if len(others) < 2:
            return IllegalAction("A prophet needs at least two other players still playing.")
        rule_text = a.rule_text
        if not field_given(a, "rule_text") or rule_text is None:
            return None
        if not isinstance(rule_text, str) or not rule_text.strip():
            return IllegalAction("The prophet's rule is empty.")
        return reason_against(lambda: self._parse_prophet_rule(rule_text))

    # ------------------------------------------------------------------ actions -----------------
    def _do_play(self, a: Play) -> Verdict:
        """``player`` plays a string of 1 to ``max_string`` cards, judged as a whole."""
        player, prophet_says = a.player, a.prophet_says
        s = self._state
        chosen = self._string_played(a)
        accepted = self._judge(player, chosen)
        info = self.player_info(player)
        says = self._prophet_call(
            accepted, prophet_says, lambda rule: fits_in_turn(rule, chosen, s.mainline, info)
        )
        deadly = self.sudden_death
        before = s.cards_played
        lead = ("Right: " if accepted else "Wrong: ") + " ".join(str(c) for c in chosen) + "."
        with self._action():
            index = self._emit(ev.Played(player, tuple(chosen), accepted, says))
            outcome = self._after_judgement(
                player, accepted, says, deadly, self.PENALTY_PER_CARD * len(chosen), before, lead
            )
        return self._verdict(index, player=player, cards=tuple(chosen), accepted=accepted, **outcome)

    def _after_judgement(
        self, player: str, right: bool, says: bool | None, deadly: bool, penalty: int, before: int, lead: str
    ) -> dict[str, Any]:
        """The consequences of a judged play or no-play: overthrow, penalty or expulsion, markers, end.

        ``before`` is the count of cards played before this action; ``lead`` opens the message."""
        s = self._state
        overthrown = says is not None and says != right
        expelled = False
        owed = 0
        if overthrown:
            prophet = s.prophet
            assert prophet is not None
            self._emit(ev.ProphetOverthrown(prophet))
            self._draw(prophet, PROPHET_PENALTY, "prophet overthrown")
            whites = {m.count for m in s.markers if m.kind == "white"}
            for k in range(MARKER_EVERY, s.cards_played + 1, MARKER_EVERY):
                if k not in whites:
                    self._emit(ev.MarkerPlaced("white", k))
        else:
            if not right:
                if deadly:
                    self._emit(ev.Expelled(player))
                    expelled = True
                else:
                    owed = self._draw(player, penalty, "wrong play")
                    if owed < penalty:
                        lead += f" The stock cannot pay the penalty of {plural_cards(penalty)}:"
                        lead += " it is empty." if not owed else f" it held {plural_cards(owed)}."
            self._place_markers(before)
        if not self._physical and not s.hands[player] and player not in s.expelled:
            self._end("out", player)
        elif not any(self._is_active(p) for p in self._players):
            self._end("expelled")
        return {
            "penalty": owed,
            "expelled": expelled,
            "prophet_overthrown": overthrown,
            "message": self._message(player, lead, owed, expelled, overthrown),
        }

    def _place_markers(self, before: int) -> None:
        s = self._state
        for count in range(before + 1, s.cards_played + 1):
            if s.prophet is not None:
                since = count - s.prophet_marker_count
                if since > 0 and since % MARKER_EVERY == 0:
                    self._emit(ev.MarkerPlaced("black", count))
            elif count % MARKER_EVERY == 0:
                self._emit(ev.MarkerPlaced("white", count))

    def _message(self, player: str, lead: str, owed: int, expelled: bool, overthrown: bool) -> str:
        s = self._state
        msg = lead
        if overthrown:
            msg += " The dealer overrules the prophet: the prophet is overthrown and draws 5 cards."
        elif expelled:
            msg += f" Sudden death: {player} is expelled."
        elif owed:
            msg += f" {player} draws {plural_cards(owed)}."
        if s.over is not None:
            if s.over.reason == "out":
                msg += f" {player} has no cards left: the round is over."
            elif s.over.reason == "expelled":
                msg += " Every player is out of the round: it is over."
        return msg

    def _do_no_play(self, a: NoPlay) -> Verdict:
        """``player`` shows their hand and says no card fits.  Right: a new hand of 4 fewer (the round
        ends with 4 or fewer); wrong: the dealer plays ``dealer_card`` and the player draws 5."""
        player, prophet_says = a.player, a.prophet_says
        shown, correct, chosen = self._judge_no_play(player, a.hand, a.dealer_card)
        info = self.player_info(player)
        line = list(self._state.mainline)
        says = self._prophet_call(
            correct, prophet_says, lambda rule: not any(rule.accepts(c, line, info) for c in shown)
        )
        deadly = self.sudden_death
        before = self._state.cards_played
        # The hand goes back into the stock, which is shuffled, and a new hand 4 cards smaller is drawn
        # (RULES.md, 004 FAQ): the stock then always holds enough.  With 4 cards or fewer the cards go
        # back and the round ends: the player has emptied their hand.
        size = len(shown) - self.NO_PLAY_SHRINK
        with self._action():
            index = self._emit(
                ev.NoPlayDeclared(player, correct, chosen, says, tuple(shown) if self._physical else ())
            )
            if correct and (says is None or says):
                self._emit(ev.HandReplaced(player, max(size, 0)))
                if size <= 0:
                    self._end("no-play", player)
                outcome: dict[str, Any] = {"penalty": 0, "expelled": False, "prophet_overthrown": False}
                outcome["message"] = "Right: no card fits. " + (
                    "The round is over." if size <= 0 else f"{player} takes a new hand of {size}."
                )
            else:
                if correct:  # the prophet called a right no-play wrong: overthrown, and the hand is replaced
                    self._emit(ev.HandReplaced(player, max(size, 0)))
                lead = "Right: no card fits." if correct else f"Wrong: {chosen} fits and the dealer plays it."
                outcome = self._after_judgement(
                    player, correct, says, deadly, self.WRONG_NO_PLAY_PENALTY, before, lead
                )
                if correct and size <= 0 and self._state.over is None:
                    self._end("no-play", player)
        return self._verdict(
            index,
            player=player,
            cards=tuple(shown),
            accepted=correct,
            kind="no-play",
            dealer_card=chosen,
            **outcome,
        )

    def _do_declare_prophet(self, a: DeclareProphet) -> None:
        """``player`` becomes prophet, marking the card just played; ``rule_text`` (optional) is the rule
        their calls follow when none is given with a play."""
        player, rule_text = a.player, a.rule_text
        with self._action():
            self._emit(ev.ProphetDeclared(player, rule_text))
            self._emit(ev.MarkerPlaced("prophet", self._state.cards_played))

    # ------------------------------------------------------------------ scores ------------------
    def scores_from_log(self) -> Scores:
        """By the log: the prophet in office at the end, the cards played through their marker, and the
        mainline and sideline cards played after it; the cards held."""
        from eleusis_lab.scoring import new_eleusis

        prophet = None
        played = through = right = wrong = 0
        for e in self._events:
            if isinstance(e, ev.Played):
                played += len(e.cards)
                if prophet is not None:
                    if e.accepted:
                        right += len(e.cards)
                    else:
                        wrong += len(e.cards)
            elif isinstance(e, ev.NoPlayDeclared) and not e.correct and e.dealer_card is not None:
                played += 1
                if prophet is not None:
                    right += 1
            elif isinstance(e, ev.ProphetDeclared):
                prophet, through, right, wrong = e.player, played, 0, 0
            elif isinstance(e, ev.ProphetOverthrown):
                prophet, through, right, wrong = None, 0, 0, 0
        held = [len(self._state.hands[p]) for p in self._players]
        if prophet is None:
            return new_eleusis(held)
        return new_eleusis(
            held,
            prophet=self._players.index(prophet),
            prophet_right=right,
            prophet_wrong=wrong,
            played_through_marker=through,
        )

    def scores(self) -> Scores:
        """High count − own cards, +4 for an empty hand, the prophet's bonus, and God's score."""
        from eleusis_lab.scoring import new_eleusis

        s = self._state
        if s.prophet is None:
            result = new_eleusis(self.cards_left())
        else:
            result = new_eleusis(
                self.cards_left(),
                prophet=self._seat[s.prophet],
                prophet_right=s.prophet_right,
                prophet_wrong=s.prophet_wrong,
                played_through_marker=s.prophet_marker_count,
            )
        return result.named(self._players, self._dealer)
