"""Record and score sheets: each variant's scoring formula, and a worked example from ``scoring``.

The worked example's arithmetic is written out step by step here and then compared with
:mod:`eleusis_lab.scoring` (engineer D), so the sheet can never show a sum the engine disagrees with.
"""

from __future__ import annotations

from typing import Any

from eleusis_lab import scoring

# The printed sheets' own text for the four table variants, keyed by variant key: what a record sheet says
# is worksheet prose, not a fact of the game, so it stays here (a variant without an entry has no printed
# sheet; worksheets.recipe.VARIANTS lists those that do).  The worked examples below are each variant's
# arithmetic written out by hand, compared with the engine's scoring.
VARIANT_TITLES = {
    "gardner": "Gardner's Eleusis (1959)",
    "express": "Eleusis Express",
    "new-eleusis": "New Eleusis",
    "letters": "“Guess the rule!” — the letter deck",
}

# What each variant's record sheet asks for, and its formula in words.
FORMULAS: dict[str, list[str]] = {
    "gardner": [
        "<b>Dealer, after the first half:</b> the leader is the player with the fewest wrong cards. "
        "Dealer’s score = (sum of the other players’ wrong cards) − (n − 1) × (leader’s wrong cards), "
        "with n players.",
        "<b>Each player, at the end:</b> (sum of all other players’ remaining cards) − (n − 1) × (own "
        "remaining cards), never below 0. A player with no cards gets +6; if nobody went out, the player(s) "
        "with the fewest cards share the 6 points.",
    ],
    "express": [
        "<b>Each player:</b> 12 − cards left in hand (10 − … with ten-card hands); +6 for guessing the rule; "
        "+3 for emptying the hand.",
        "<b>Dealer:</b> the same as the best player of the round.",
    ],
    "new-eleusis": [
        "<b>High count</b> = the most cards any player holds. <b>Each player:</b> high count − own cards; "
        "+4 for an empty hand.",
        "<b>Prophet still in office:</b> also +1 for each mainline card and +2 for each sideline card played "
        "after their marker.",
        "<b>God (dealer):</b> the highest score of anyone; with a prophet, the smaller of that and "
        "2 × (cards played up to and including the prophet’s marked card).",
    ],
    "letters": [
        "<b>Each researcher</b> (n researchers): (sum of the others’ remaining cards) − n × (own remaining "
        "cards). Scores may be negative.",
        "<b>Leader:</b> the winner’s score − the lowest researcher’s score.",
    ],
}

NAMES: tuple[str, ...] = ("Ana", "Ben", "Cy", "Dee", "Eli")


def _fmt(x: Any) -> str:
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if isinstance(x, float):
        return f"{x:.1f}"
    return str(x).replace("-", "−")


def worked_example(variant: str) -> dict[str, Any]:
    """Inputs, one line of arithmetic per player, and the totals, checked against ``scoring``."""
    if variant == "gardner":
        wrong = [10, 5, 3, 7]
        left = [2, 3, 10, 0]
        names = NAMES[:4]
        n = len(left)
        leader = min(range(n), key=lambda i: wrong[i])
        others = sum(w for i, w in enumerate(wrong) if i != leader)
        dealer = others - (n - 1) * wrong[leader]
        lines = [
            f"Dealer (first half): leader {names[leader]} has {wrong[leader]} wrong cards; "
            f"others {' + '.join(str(w) for i, w in enumerate(wrong) if i != leader)} = {others}; "
            f"{others} − {n - 1} × {wrong[leader]} = <b>{_fmt(dealer)}</b>"
        ]
        scores: list[float] = []
        for i, own in enumerate(left):
            rest = sum(left) - own
            raw = rest - (n - 1) * own
            s = max(raw, 0)
            text = f"{names[i]}: {rest} − {n - 1} × {own}"
            if own == 0:
                s += 6
                text += " + 6 (went out)"
            if raw < 0:  # each equals sign states a true equation: −25 is not 0
                text += f" = {_fmt(raw)}, never below 0, so <b>{_fmt(s)}</b>"
            else:
                text += f" = <b>{_fmt(s)}</b>"
            scores.append(s)
            lines.append(text)
        engine_players = scoring.gardner_players(left)
        engine_dealer = scoring.gardner_dealer(wrong)
        _agree(variant, scores, engine_players, dealer, engine_dealer)
        inputs: dict[str, Any] = {"first-half wrong cards": wrong, "cards left at the end": left}
        return _pack(variant, names, inputs, lines, engine_players, engine_dealer)
    if variant == "express":
        left = [3, 0, 5, 7]
        guessed_by = 2
        names = NAMES[:4]
        lines = []
        scores_e: list[int] = []
        for i, own in enumerate(left):
            s = 12 - own
            text = f"{names[i]}: 12 − {own}"
            if i == guessed_by:
                s += 6
                text += " + 6 (guessed the rule)"
            if own == 0:
                s += 3
                text += " + 3 (emptied the hand)"
            scores_e.append(s)
            lines.append(f"{text} = <b>{s}</b>")
        dealer_e = max(scores_e)
        lines.append(f"Dealer: the best player’s score = <b>{dealer_e}</b>")
        result = scoring.express(left, guessed_by=guessed_by)
        _agree(variant, scores_e, result.players, dealer_e, result.dealer)
        inputs_e: dict[str, Any] = {"cards left": left, "guessed the rule": names[guessed_by]}
        return _pack(variant, names, inputs_e, lines, result.players, result.dealer)
    if variant == "new-eleusis":
        left = [0, 5, 9, 3]
        prophet, right, wrong_n, through = 3, 6, 4, 7
        names = NAMES[:4]
        high = max(left)
        lines = [f"High count = {high} ({names[left.index(high)]})"]
        scores_n: list[int] = []
        for i, own in enumerate(left):
            s = high - own
            text = f"{names[i]}: {high} − {own}"
            if own == 0:
                s += 4
                text += " + 4 (empty hand)"
            if i == prophet:
                s += right + 2 * wrong_n
                text += f" + {right} + 2 × {wrong_n} (prophet)"
            scores_n.append(s)
            lines.append(f"{text} = <b>{s}</b>")
        god = min(max(scores_n), 2 * through)
        lines.append(f"God: smaller of the best score {max(scores_n)} and 2 × {through} = <b>{god}</b>")
        result = scoring.new_eleusis(
            left, prophet=prophet, prophet_right=right, prophet_wrong=wrong_n, played_through_marker=through
        )
        _agree(variant, scores_n, result.players, god, result.dealer)
        inputs_n: dict[str, Any] = {
            "cards left": left,
            "prophet": f"{names[prophet]} (in office at the end)",
            "after the prophet’s marker": f"{right} mainline and {wrong_n} sideline cards",
            "cards played up to the prophet’s marker": through,
        }
        return _pack(variant, names, inputs_n, lines, result.players, result.dealer)
    if variant == "letters":
        left = [5, 2, 0]
        names = NAMES[:3]
        n = len(left)
        lines = []
        scores_l: list[int] = []
        for i, own in enumerate(left):
            rest = sum(left) - own
            s = rest - n * own
            scores_l.append(s)
            lines.append(f"{names[i]}: {rest} − {n} × {own} = <b>{_fmt(s)}</b>")
        leader = max(scores_l) - min(scores_l)
        lines.append(f"Leader: {_fmt(max(scores_l))} − ({_fmt(min(scores_l))}) = <b>{leader}</b>")
        result = scoring.letters(left)
        _agree(variant, scores_l, result.players, leader, result.dealer)
        return _pack(variant, names, {"cards left": left}, lines, result.players, result.dealer)
    raise ValueError(f"unknown variant {variant!r}")


def _agree(variant: str, mine: list[Any], theirs: list[Any], dealer: Any, their_dealer: Any) -> None:
    if [float(x) for x in mine] != [float(x) for x in theirs] or float(dealer) != float(their_dealer):
        raise AssertionError(
            f"{variant}: the worked example ({mine}, {dealer}) disagrees with eleusis_lab.scoring "
            f"({theirs}, {their_dealer})"
        )


def _pack(
    variant: str, names: tuple[str, ...], inputs: dict[str, Any], lines: list[str], players: Any, dealer: Any
) -> dict[str, Any]:
    return {
        "variant": variant,
        "names": list(names),
        "inputs": inputs,
        "lines": lines,
        "players": [_fmt(p) for p in players],
        "dealer": _fmt(dealer),
    }


#: What the variant calls the one who knows the rule and those who look for it.
ROLES = {
    "gardner": ("Dealer", "Players"),
    "express": ("Dealer", "Players"),
    "new-eleusis": ("God (dealer)", "Players"),
    "letters": ("Leader", "Researchers"),
}

# Columns of the score table on each sheet (the last one is always the score).
SCORE_COLUMNS = {
    "gardner": ["Player", "Wrong cards<br>(1st half)", "Cards left<br>(end)", "Others’ cards",
                "− (n−1) × own", "Bonus (+6)", "Score"],
    "express": ["Player", "Cards left", "12 − left", "+6 guessed", "+3 emptied", "Score"],
    "new-eleusis": ["Player", "Cards left", "High − left", "+4 empty", "Prophet bonus", "Score"],
    "letters": ["Researcher", "Cards left", "Others’ cards", "− n × own", "Score"],
}  # fmt: skip

RECORD_NOTES = {
    "gardner": "Gardner keeps wrong cards in front of the player: write them in the sideline box under "
    "the card they tried to follow, with the player’s initial. First half: everyone plays each dealt "
    "card once.",
    "express": "Two decks. A wrong card goes under the top card and the player draws 1 penalty card. "
    "Note each guess below.",
    "new-eleusis": "Two decks. A wrong string goes under the card it tried to follow (draw 2 × its length). "
    "Circle every 10th card played (white marker); mark the prophet’s card with ●.",
    "letters": "61-card letter deck. For each card write the letter and circle its ink (red, blue, green), "
    "its shape (circle ○, square □) and its outline (red, black). A card the leader does not allow is "
    "taken back: write it under the top card anyway, to keep the evidence.",
}
