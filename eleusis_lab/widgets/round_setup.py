"""The set-up form of the solo and real-cards boards: game, players (or the student's name and opponents),
the secret rule (hidden) or a random one, seed, the variant's options, the four-colour deck; Deal.

The form holds only what is being typed; :meth:`RoundSetup.request` turns it into the arguments of
:meth:`~eleusis_lab.session.TableSession.begin`, which checks them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from eleusis_lab.session import OPPONENTS, TableSession
from eleusis_lab.widgets._common import banner, error_text, rule_deck_of
from eleusis_lab.widgets.setup import SetupView

__all__ = ["RoundSetup"]


class RoundSetup(SetupView):
    """``solo``: a name and computer opponents to choose; otherwise a list of players (real cards)."""

    def __init__(
        self,
        *,
        variant: str,
        players: Sequence[str],
        rule: str,
        seed: int | None,
        solo: bool,
        opponents: Sequence[str] = (),
        four_colour: bool = False,
        on_deal: Callable[[], None],
    ) -> None:
        super().__init__(
            variant=variant,
            players=", ".join(players),
            seed=seed,
            typed=not (solo and not rule),
            four_colour=four_colour,
            on_deal=on_deal,
            on_check=lambda: self.check_rule(),
            width="26em",
            players_width="36em",
        )
        self.solo = solo
        self.source.description = "Rule"
        self.source.style.button_width = "16em"
        self.name = w.Text(
            value=players[0] if players else "You", description="Your name", layout=w.Layout(width="22em")
        )
        self.name.add_class("eleusis-players")
        self.opponents = w.SelectMultiple(
            options=list(OPPONENTS), value=tuple(opponents), description="Opponents", rows=3
        )
        self.opponents.add_class("eleusis-opponents")
        self.rule = w.Password(
            value=rule,
            description="Secret rule",
            placeholder="rule text or library key — hidden as you type",
            layout=w.Layout(width="46em"),
        )
        self.rule.add_class("eleusis-rule-input")
        self.rule.add_class("eleusis-secret-rule")
        self.draw()

    def rows(self) -> list[w.Widget]:
        who = [self.name, self.opponents] if self.solo else [self.players]
        return self.shared_rows(who, self.rule)

    def check_rule(self) -> None:
        """Run the rule checks on the secret rule; say, without showing it, whether it is fit to play."""
        from eleusis_lab.rules import library
        from eleusis_lab.rules.checks import check

        try:
            request = self.request()
            key, rule = TableSession.choose_rule(request["variant"], request["rule"], request["seed"], "any")
            report = check(library.get(key).rule if key else rule, deck=rule_deck_of(request["variant"]))
        except (ValueError, KeyError) as error:
            self.say(error_text(error))
            return
        items = "".join(f"<li>{escape(str(v))}</li>" for v in report.verdicts)
        head = "The rule is fit to play." if report.acceptable else "The rule breaks the sources' guidelines."
        self.message.value = banner(
            head, "accepted" if report.acceptable else "warning", size="1em", detail=f"<ul>{items}</ul>"
        )

    def request(self) -> dict[str, Any]:
        """The arguments of ``TableSession.begin`` from the form (a bad seed raises ``SessionError``)."""
        if self.solo:
            players = [self.name.value.strip() or "You"]
            computers = {OPPONENTS[k]: k for k in self.opponents.value}
        else:
            players = [n.strip() for n in self.players.value.split(",") if n.strip()]
            computers = {}
        return {**self.shared_request(self.rule.value), "players": players, "computers": computers}

    def dealt(self) -> None:
        """The secret leaves the form once dealt; the next round's seed is the next number."""
        self.rule.value = ""
        super().dealt()
