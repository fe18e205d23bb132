""" "Guess the rule!" — the 61-card letter deck game (RULES.md section 4).

The last card of the shuffled deck is the starter; the others are dealt equally (a remainder is set
aside).  A researcher tries one card: allowed, it becomes the top card; not allowed, they take it back
without penalty (the board still shows the attempt under the card it tried to follow).  The round
ends when a researcher has no cards, or when no researcher can place any card (checked by the engine).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from eleusis_lab.cards import Card
from eleusis_lab.play import events as ev
from eleusis_lab.play.actions import Play
from eleusis_lab.play.errors import GameError
from eleusis_lab.play.presentation import Presentation, ScoreSheet, Worked, WorkedExample, number_text
from eleusis_lab.play.round import LoggedJudgement, Round, Verdict
from eleusis_lab.play.table import SidelinePlay
from eleusis_lab.play.variant import Capabilities, ScoreColumn

if TYPE_CHECKING:  # pragma: no cover
    from eleusis_lab.scoring import Scores

__all__ = ["LettersRound"]


def _work_out(example: WorkedExample) -> Worked:
    """Each researcher's score (the others' cards − n × own) and the leader's (best − lowest)."""
    left, n = example.left, len(example.left)
    lines, scores = [], []
    for i, own in enumerate(left):
        rest = sum(left) - own
        scores.append(rest - n * own)
        lines.append(f"{example.names[i]}: {rest} − {n} × {own} = <b>{number_text(scores[-1])}</b>")
    leader = max(scores) - min(scores)
    lines.append(f"Leader: {number_text(max(scores))} − ({number_text(min(scores))}) = <b>{leader}</b>")
    return Worked(lines, list(scores), leader)


LETTERS_PRESENTATION = Presentation(
    title="Guess the rule! (letter deck)",
    printed_title="“Guess the rule!” — the letter deck",
    roles=("Leader", "Researchers"),
    sheet=ScoreSheet(
        columns=("Researcher", "Cards left", "Others’ cards", "− n × own", "Score"),
        formula=(
            "<b>Each researcher</b> (n researchers): (sum of the others’ remaining cards) − n × (own "
            "remaining cards). Scores may be negative.",
            "<b>Leader:</b> the winner’s score − the lowest researcher’s score.",
        ),
        record_note="61-card letter deck. For each card write the letter and circle its ink (red, blue, "
        "green), its shape (circle ○, square □) and its outline (red, black). A card the leader does not "
        "allow is taken back: write it under the top card anyway, to keep the evidence.",
        example=WorkedExample(("Ana", "Ben", "Cy"), {"left": [5, 2, 0]}),
        explain=_work_out,
    ),
)


class LettersRound(Round):
    """The letter-deck game: a leader (the dealer) and researchers (the players)."""

    key = "letters"
    aliases = ("letter", "guess-the-rule")
    title = "the letter-deck game"
    deck_name = "letters"
    deals_equally = True
    min_players = 2
    capabilities = Capabilities(confidence=True)
    score_columns = (ScoreColumn("left", "Cards left"),)
    presentation = LETTERS_PRESENTATION

    @classmethod
    def score_counts(cls, left: list[int], **counts: Any) -> Scores:
        """The calculator: the researchers' cards left."""
        from eleusis_lab.scoring import letters

        return letters(left)

    def _deal(self, cards: list[Card]) -> None:
        if not cards:
            return
        self._deal_equally(cards[:-1])
        self._state.stock.append(cards[-1])  # the starter: the last card of the deck

    def _after_deal(self) -> None:
        if not self._physical:
            self._emit(ev.StarterTurned(self._state.stock[0]))
            self._check_end(None)

    def _check_end(self, player: str | None) -> None:
        s = self._state
        if player is not None and not s.hands[player]:
            self._end("out", player)
        elif not any(self._can_play(p, s.hands[p]) for p in self._players):
            self._end("blocked")

    def _on_played(self, e: ev.Played, i: int) -> None:
        s = self._state
        s.judgements.append(LoggedJudgement(len(s.mainline), e.cards, e.accepted, e.player, i, "play"))
        if e.accepted:
            if not self._physical:
                s.hands[e.player].remove(e.cards[0])
            self._put_on_mainline(e.cards)
        else:
            s.sidelines[-1].append(SidelinePlay(e.cards, e.player, i, returned=True))
        s.turn = self._next_player(e.player)

    def _refuse_play(self, a: Play) -> GameError | None:
        """One card at a time, one the researcher holds (a physical round: one not yet on the line)."""
        return self._refuse_one_card(a, "In the letter-deck game you try one card at a time.")

    def _physical_pool(self) -> tuple[int, list[Card]] | None:
        # a card tried and refused goes back to the hand: only the line holds cards
        return (1, self._state.mainline) if self._physical else None

    def _do_play(self, a: Play) -> Verdict:
        """``player`` tries one card on the top card; a card not allowed goes back to the hand."""
        player = a.player
        s = self._state
        card = self._card_played(a)
        accepted = self._judge(player, [card])
        with self._action():
            index = self._emit(ev.Played(player, (card,), accepted))
            if not self._physical:
                self._check_end(player)
        msg = f"{card} is allowed." if accepted else f"{card} is not allowed: {player} takes it back."
        if s.over is not None:
            msg += (
                f" {player} has no cards left: the round is over."
                if s.over.reason == "out"
                else " Nobody can place any card: the round is over."
            )
        return self._verdict(index, player=player, cards=(card,), accepted=accepted, penalty=0, message=msg)

    def scores_from_log(self) -> Scores:
        """Each researcher's cards: those dealt to them by the log, less those the log shows allowed."""
        from eleusis_lab.scoring import letters

        first = self._events[0]
        assert isinstance(first, ev.Dealt)
        n = len(self._players)
        dealt = (len(first.deck) - 1) // n  # the last card is the starter; a remainder is set aside
        held = dict.fromkeys(self._players, dealt)
        for e in self._events:
            if isinstance(e, ev.Played) and e.accepted:
                held[e.player] -= 1
        return letters([held[p] for p in self._players])

    def scores(self) -> Scores:
        """Each researcher: others' cards − n × own; the leader: best − lowest researcher score."""
        from eleusis_lab.scoring import letters

        return letters(self.cards_left()).named(self._players, self._dealer)
