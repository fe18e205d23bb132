"""The worked example printed before the first puzzle of a sheet: a small table solved step by step.

The table and the hypotheses are fixed (one for the standard faces, one for the letter deck), but every
claim the steps make is judged here by the engine: which card falsifies each wrong hypothesis, that the
secret rule fits all the evidence, a second rule of the rival family that fits it too and a card that
would tell the two apart, and the verdicts on two next cards.  :func:`worked_example` raises if any of
the fixed choices stopped being true, so the printed steps cannot go wrong quietly.

>>> ex = worked_example("standard")
>>> [h.falsified_by is None for h in ex.hypotheses]
[False, False, True]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from eleusis_lab.cards import Card
from eleusis_lab.worksheets.candidates import Candidate
from eleusis_lab.worksheets.evidence import layout_plays, same_rule
from eleusis_lab.worksheets.layout import Layout, Play
from eleusis_lab.worksheets.puzzles import deck_cards, falsifiers
from eleusis_lab.worksheets.rivals import Rivals

#: deck -> (mainline, refused cards as (index of the mainline card tried on, card), hypotheses as
#: (English, rule text) with the secret rule last, a card that fits next, a card that does not, why the
#: secret rule fits every card, in words)
TABLES: dict[
    str, tuple[tuple[str, ...], tuple[tuple[int, str], ...], tuple[tuple[str, str], ...], str, str, str]
] = {
    "standard": (
        ("5S", "9H", "3C", "JD"),
        ((2, "8C"), (2, "2S")),
        (
            ("Play only red cards.", "card is red"),
            ("Play a card of another suit than the top card.", "card.suit != prev.suit"),
            ("Play the other colour: red on black, black on red.", "card.color != prev.color"),
        ),
        "4S",
        "7H",
        "each accepted card differs in colour from the card before it, and each refused card does not.",
    ),
    "letters": (
        ("A red circle black", "C blue square red", "B green circle black", "E red square black"),
        ((2, "D green square red"), (2, "A green square black")),
        (
            ("Play only circles.", "card.shape == circle"),
            ("Play a card with another outline than the top card.", "card.outline != prev.outline"),
            ("Change the ink every time.", "card.ink != prev.ink"),
        ),
        "C blue circle red",
        "B red circle black",
        "each accepted card has another ink than the card before it, and each refused card the same ink.",
    ),
}


@dataclass(frozen=True)
class Hypothesis:
    english: str
    text: str
    falsified_by: Play | None  # the first play whose verdict it contradicts, None: it fits


@dataclass(frozen=True)
class WorkedExample:
    layout: Layout
    hypotheses: tuple[Hypothesis, ...]  # the last is the secret rule, which fits every card
    second_rule: str  # another rule (of the rival family) that fits every card too
    splitter: Card  # a card not on the table that the two judge differently on the top card
    splitter_secret: bool  # the secret rule's verdict on it
    next_yes: Card
    next_no: Card
    fits_because: str  # why the secret rule fits every card, in words


def _layout(mainline: tuple[str, ...], refused: tuple[tuple[int, str], ...]) -> Layout:
    main = tuple(Card.parse(c) for c in mainline)
    plays = [Play(order=0, after=j - 1, card=c, accepted=True) for j, c in enumerate(main) if j]
    base = Layout(
        main, tuple(() for _ in main), tuple(Play(k + 1, p.after, p.card, True) for k, p in enumerate(plays))
    )
    return base.with_refusals([(j, Card.parse(c)) for j, c in refused])


@functools.cache
def worked_example(deck: str) -> WorkedExample:
    """The worked example for ``deck`` (``double`` shares the standard one), every step engine-checked."""
    faces = "letters" if deck == "letters" else "standard"
    mainline, refused, hyps, yes, no, because = TABLES[faces]
    layout = _layout(mainline, refused)
    judged = []
    for english, text in hyps:
        cand = Candidate(key=text, english=english, text=text, origin="guess", deck=faces)
        bad = falsifiers(cand, layout)
        judged.append(Hypothesis(english, cand.rule.text, bad[0] if bad else None))
    secret = judged[-1]
    if secret.falsified_by is not None or any(h.falsified_by is None for h in judged[:-1]):
        raise RuntimeError(f"the {faces} worked example no longer falsifies what its steps say")
    main = layout.mainline
    rule = Candidate(key="", english="", text=secret.text, origin="guess").rule
    next_yes, next_no = Card.parse(yes), Card.parse(no)
    if not rule.accepts(next_yes, main) or rule.accepts(next_no, main):
        raise RuntimeError(f"the {faces} worked example's next cards are judged otherwise")
    on_table = {c.design for c in main} | {c.design for s in layout.sidelines for c in s}
    spare = [c for c in deck_cards(faces) if c not in on_table and c not in (next_yes, next_no)]
    rivals = Rivals(faces, layout_plays(layout))
    for text in rivals.examples(40):
        if same_rule(text, secret.text, faces):
            continue
        other = Candidate(key="", english="", text=text, origin="guess").rule
        split = next((c for c in spare if other.accepts(c, main) != rule.accepts(c, main)), None)
        if split is not None:
            return WorkedExample(
                layout, tuple(judged), text, split, rule.accepts(split, main), next_yes, next_no, because
            )
    raise RuntimeError(f"the {faces} worked example has no second rule that fits")  # pragma: no cover
