"""Puzzle generation: layouts from simulated play, candidates and answers, all checked by the engine.

Each ``make_*`` function takes a seeded :class:`random.Random` and returns a frozen puzzle whose
answer key was computed with ``rule.accepts`` on the exact situation of the layout: a distractor's
"falsified by" play is one where the distractor's verdict differs from what the table shows, and the
secret rule agrees with every play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from eleusis_lab.cards import Card, deck
from eleusis_lab.rules import Rule
from eleusis_lab.rules.ast import REF_DEPTH, Ref
from eleusis_lab.worksheets.candidates import Candidate, pool
from eleusis_lab.worksheets.difficulty import Measured, measure_options, measure_what_next
from eleusis_lab.worksheets.evidence import (
    fitting_simple_rules,
    layout_plays,
    parts,
    same_rule,
    unshown_parts,
)
from eleusis_lab.worksheets.explain import Branch, branch_on, table_values
from eleusis_lab.worksheets.layout import Layout, LayoutShape, Play, simulate
from eleusis_lab.worksheets.rivals import Rivals, family_size

LETTERS = "ABCDEFGH"


class PuzzleError(ValueError):
    """No puzzle meeting the recipe could be made (say which rule and what was missing)."""


@dataclass(frozen=True)
class Level:
    """What a difficulty means for layouts and distractors."""

    shape: LayoutShape
    min_falsifiers: int  # a distractor is contradicted by at least this many plays …
    max_falsifiers: int  # … and at most this many
    min_agreement: float  # and agrees with at least this share of the plays


LEVELS = {
    "easy": Level(LayoutShape(mainline=8, max_sidelines=4, skill=0.65, min_sidelines=2), 2, 6, 0.35),
    "medium": Level(LayoutShape(mainline=10, max_sidelines=6, skill=0.6, min_sidelines=3), 1, 3, 0.6),
    "hard": Level(LayoutShape(mainline=11, max_sidelines=6, skill=0.55, min_sidelines=3), 1, 2, 0.8),
}


def deck_cards(deck_name: str) -> list[Card]:
    return deck(deck_name)


# -- judging candidates against a layout --------------------------------------------------------
def falsifiers(candidate: Candidate, layout: Layout) -> list[Play]:
    """The plays whose verdict ``candidate`` contradicts, in play order (engine-judged)."""
    rule = candidate.rule
    return [p for p, before in layout.evidence() if rule.accepts(p.card, before) != p.accepted]


def reads_past_the_table(rule: Rule, before: Sequence[Card]) -> bool:
    """Does ``rule`` read more cards than ``before`` holds (``prev2`` on a one-card mainline)?  There its
    verdict rests on the reading that such a rule accepts any card (RULES.md), which a key must say."""
    depth = max((REF_DEPTH.get(n.name, 0) for n in rule.ast.walk() if isinstance(n, Ref)), default=0)
    return depth > len(before)


def starter_breaks(rule: Rule, layout: Layout) -> bool:
    """Would ``rule`` refuse the start card?  The starter is not judged, but a student may name it."""
    return not rule.accepts(layout.mainline[0], ())


def agreement(candidate: Candidate, layout: Layout) -> float:
    n = len(layout.plays)
    return 1.0 - len(falsifiers(candidate, layout)) / n if n else 1.0


def consistent(candidate: Candidate, layout: Layout) -> bool:
    return not falsifiers(candidate, layout)


def explain_falsifier(candidate_letter: str, play: Play, layout: Layout) -> str:
    """One sentence a student can check on the table."""
    where = layout.where(play)
    top = layout.mainline[play.after]
    if play.accepted:
        return (
            f"{candidate_letter} is ruled out by {play.card} ({where}): it was accepted on {top}, "
            f"but {candidate_letter} would reject it."
        )
    return (
        f"{candidate_letter} is ruled out by {play.card} ({where}): it was rejected on {top}, "
        f"but {candidate_letter} would accept it."
    )


# -- puzzles ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class FindTheRule:
    """A layout and four candidate rules; one made the layout, each other one is falsified by a play."""

    number: int
    deck: str
    difficulty: str
    layout: Layout
    options: tuple[Candidate, ...]
    answer: int  # index into options
    falsified_by: tuple[Play | None, ...]  # per option; None for the answer
    falsifier_counts: tuple[int, ...]
    measured: Measured | None = None  # how many simulated players solve it
    also_fit: tuple[str, ...] = ()  # rules of the rival family other than the answer that fit the table
    second_rule: bool = False  # the sheet's "name a second rule that also fits" prompt is on this puzzle
    kind: str = "find-the-rule"

    @property
    def secret(self) -> Candidate:
        """The rule that made the table (the right option)."""
        return self.options[self.answer]


@dataclass(frozen=True)
class WhatNext:
    """A layout and six cards; the key ticks the cards the secret rule would accept next."""

    number: int
    deck: str
    difficulty: str
    layout: Layout
    secret: Candidate
    choices: tuple[Card, ...]
    accepted: tuple[bool, ...]
    branch: Branch | None = None  # the part of an if-rule that this table selects (for the key's "why")
    values: tuple[tuple[str, str], ...] = ()  # what the table makes of the rule's expressions
    measured: Measured | None = None
    family: int = 0  # rules in the rival family (eleusis_lab.worksheets.rivals)
    fitting: int = 0  # of those, the rules that fit the table (all answer as the key does)
    also_fit: tuple[str, ...] = ()  # the simplest of them other than the secret, for the key
    second_rule: bool = False  # the sheet's "name a second rule that also fits" prompt is on this puzzle
    added_refusals: int = 0  # refused cards added to the dealt table to rule rivals out
    dealt_tables: int = 1  # tables dealt until one could be made fair
    kind: str = "what-next"


@dataclass(frozen=True)
class Survivors:
    """A layout and a list of hypotheses; the key crosses out each falsified one with its card."""

    number: int
    deck: str
    difficulty: str
    layout: Layout
    secret: Candidate
    hypotheses: tuple[Candidate, ...]
    falsified_by: tuple[Play | None, ...]  # None: survives
    measured: Measured | None = None
    kind: str = "survivors"


@dataclass(frozen=True)
class DesignRule:
    """A page that walks a student through the checks of a rule they write themselves."""

    number: int
    deck: str
    examples: tuple[dict[str, Any], ...]  # worked examples: rule, english, check numbers, verdicts
    kind: str = "design-a-rule"


@dataclass(frozen=True)
class RecordSheet:
    """A record and score sheet for one variant, with the scoring formula worked out."""

    number: int
    variant: str
    example: dict[str, Any]
    kind: str = "record-sheet"


Puzzle = FindTheRule | WhatNext | Survivors | DesignRule | RecordSheet


def _layout_for(secret: Candidate, deck_name: str, rng: random.Random, level: Level) -> Layout | None:
    """A simulated layout, or None when this deal got stuck or shows too few rejected cards to reason
    about (the caller deals again)."""
    try:
        layout = simulate(secret.rule, deck_cards(deck_name), rng, level.shape)
    except ValueError:
        return None
    if layout.size - len(layout.mainline) < level.shape.min_sidelines:
        return None
    return layout


def _distractors(
    secret: Candidate,
    layout: Layout,
    level: Level,
    deck_name: str,
    rng: random.Random,
    want: int,
    *,
    relaxed: bool = False,
    avoid: frozenset[str] = frozenset(),
) -> list[tuple[Candidate, list[Play]]]:
    """``want`` distractors that agree with part of the evidence and are falsified by some play.

    The level bounds how many plays may falsify a distractor and how much of the evidence it must
    agree with; ``relaxed`` keeps only "falsified by at least one play, agrees with a third".
    Hard levels put the most tempting (most agreeing) distractors first; rules in ``avoid`` (already
    used on this worksheet) come last, so the options vary from puzzle to puzzle.
    """
    lo, hi, agree = (
        (1, 10**6, 0.34) if relaxed else (level.min_falsifiers, level.max_falsifiers, level.min_agreement)
    )
    n = len(layout.plays)
    fits: list[tuple[Candidate, list[Play]]] = []
    for cand in pool(deck_name, exclude=secret):
        if cand.english == secret.english:
            continue
        bad = falsifiers(cand, layout)
        if bad and lo <= len(bad) <= hi and 1 - len(bad) / n >= agree:
            fits.append((cand, bad))
    rng.shuffle(fits)
    tempting = level.max_falsifiers <= 2
    fits.sort(key=lambda cb: (cb[0].key in avoid, len(cb[1]) if tempting else 0))
    # Prefer distractors ruled out by different cards, so each option teaches something.  A
    # distractor falsified by several plays is named with one not yet named for another (its list is
    # reordered so that the play the key names comes first).
    chosen: list[tuple[Candidate, list[Play]]] = []
    named: dict[int, int] = {}

    def new_rule(cand: Candidate) -> bool:
        """Not the same rule (exactly, in every situation) as the secret or one already chosen."""
        return all(
            not same_rule(cand.text, other.text, deck_name) for other in [secret, *(c for c, _ in chosen)]
        )

    for cand, bad in fits:
        fresh = [p for p in bad if p.order not in named]
        if not fresh or not new_rule(cand):
            continue
        chosen.append((cand, [fresh[0], *(p for p in bad if p is not fresh[0])]))
        named[fresh[0].order] = 1
        if len(chosen) == want:
            return chosen
    for cand, bad in fits:
        if len(chosen) == want:
            break
        if all(c.key != cand.key for c, _ in chosen) and new_rule(cand):
            least = min(bad, key=lambda p: (named.get(p.order, 0), p.order))
            chosen.append((cand, [least, *(p for p in bad if p is not least)]))
            named[least.order] = named.get(least.order, 0) + 1
    return chosen


def make_find_the_rule(
    number: int,
    secret: Candidate,
    deck_name: str,
    difficulty: str,
    rng: random.Random,
    tries: int = 30,
    avoid: frozenset[str] = frozenset(),
) -> FindTheRule:
    """Simulate play until a layout admits three distractors of the level; raise if none does."""
    level = LEVELS[difficulty]
    for attempt in range(tries):
        layout = _layout_for(secret, deck_name, rng, level)
        if layout is None:
            continue
        if not consistent(secret, layout):  # the engine must agree with itself
            raise PuzzleError(f"rule {secret.key!r} contradicts its own layout")
        if unshown_parts(secret.rule, layout_plays(layout)):  # "or same rank" never seen: deal again
            continue
        relaxed = attempt >= tries * 2 // 3
        chosen = _distractors(secret, layout, level, deck_name, rng, 3, relaxed=relaxed, avoid=avoid)
        if len(chosen) < 3:
            continue
        options = [secret, *(c for c, _ in chosen)]
        order = list(range(4))
        rng.shuffle(order)
        options_sorted = tuple(options[i] for i in order)
        falsified = [None, *(bad[0] for _, bad in chosen)]
        counts = [0, *(len(bad) for _, bad in chosen)]
        return FindTheRule(
            number=number,
            deck=deck_name,
            difficulty=difficulty,
            layout=layout,
            options=options_sorted,
            answer=order.index(0),
            falsified_by=tuple(falsified[i] for i in order),
            falsifier_counts=tuple(counts[i] for i in order),
            measured=measure_options(
                layout, deck_name, [c.rule for c in options_sorted], [i == order.index(0) for i in range(4)]
            ),
            also_fit=_other_rules(secret, Rivals(deck_name, layout_plays(layout)), deck_name, 2),
        )
    raise PuzzleError(
        f"could not find three {difficulty} distractors for rule {secret.key!r} in {tries} layouts; "
        "try another difficulty or rule"
    )


#: At most this many refused cards are added to a what-next table to rule its rivals out.
MAX_ADDED_REFUSALS = 5
#: Refused cards are added under the last this many mainline cards only.
REFUSAL_COLUMNS = 4
#: A what-next choice is drawn from this many of the best cards that serve (variety without losing fairness).
CHOOSE_AMONG = 3


def make_what_next(
    number: int, secret: Candidate, deck_name: str, difficulty: str, rng: random.Random, tries: int = 60
) -> WhatNext:
    """Six cards not on the table, two to four of them accepted by the secret rule on the layout.

    Fair by construction: every rule of the rival family (:mod:`eleusis_lab.worksheets.rivals`) that fits
    the table answers all six cards as the key does.  Where rivals disagree on a card, refused cards that
    rule them out are added to the table (a few, beside the cards already refused); a table that cannot
    be made fair so is dealt again."""
    level = LEVELS[difficulty]
    for dealt in range(1, tries + 1):
        dealt_layout = _layout_for(secret, deck_name, rng, level)
        if dealt_layout is None:
            continue
        made = _fair_what_next(
            secret, dealt_layout, deck_name, difficulty, rng, level.shape.max_per_column + 1
        )
        if made is None:
            continue
        layout, picks, rivals = made
        accepted = tuple(secret.rule.accepts(c, layout.mainline) for c in picks)
        return WhatNext(
            number=number,
            deck=deck_name,
            difficulty=difficulty,
            layout=layout,
            secret=secret,
            choices=tuple(picks),
            accepted=accepted,
            measured=measure_what_next(layout, deck_name, picks, accepted),
            branch=(branch := branch_on(secret.rule, layout.mainline)),
            values=table_values(branch.applies if branch else secret.rule.text, layout.mainline),
            family=family_size(deck_name),
            fitting=rivals.count,
            also_fit=_other_rules(secret, rivals, deck_name, 2),
            added_refusals=len(layout.plays) - len(dealt_layout.plays),
            dealt_tables=dealt,
        )
    raise PuzzleError(
        f"rule {secret.key!r}: no layout in {tries} gave six 'what next' cards with one answer each "
        "(every rule of the rival family that fits the table agreeing with the key) that test every part "
        "of the rule"
    )


def _other_rules(secret: Candidate, rivals: Rivals, deck_name: str, k: int) -> tuple[str, ...]:
    """Up to ``k`` of the simplest fitting rivals that are other rules than the secret and each other
    (judged exactly by :func:`same_rule`: "a or b" and "b or a" are one rule)."""
    out: list[str] = []
    for text in rivals.examples(8 * k):
        if all(not same_rule(text, other, deck_name) for other in [secret.text, *out]):
            out.append(text)
            if len(out) == k:
                break
    return tuple(out)


def _spare(layout: Layout, deck_name: str) -> list[Card]:
    """The faces not on the table (a double deck's second copies are not offered either)."""
    on_table = {c.design for c in layout.mainline} | {c.design for s in layout.sidelines for c in s}
    return [c for c in deck_cards("letters" if deck_name == "letters" else "standard") if c not in on_table]


def _fair_what_next(
    secret: Candidate, layout: Layout, deck_name: str, difficulty: str, rng: random.Random, per_column: int
) -> tuple[Layout, list[Card], Rivals] | None:
    """A table (perhaps with refused cards added) and six choices on which every fitting rival of the
    family agrees with the key, with the rivals left; None when this layout cannot give them."""
    rule = secret.rule
    main = layout.mainline
    rivals = Rivals(deck_name, layout_plays(layout))
    spare = _spare(layout, deck_name)
    # Refused cards that could be added: a spare card the rule rejects, tried on one of the last columns
    # (evidence near the question, and a quarter of the work of trying every column) with room.
    offers = [
        (j, x)
        for j in range(len(main) - 1, max(-1, len(main) - 1 - REFUSAL_COLUMNS), -1)
        if len(layout.sidelines[j]) < per_column
        for x in spare
        if not rule.accepts(x, main[: j + 1])
    ]
    kills = [rivals.verdicts(x, main[: j + 1]) for j, x in offers]  # the rivals each would rule out
    killable = np.logical_or.reduce(kills) if kills else np.zeros(rivals.count, dtype=bool)
    verdict = {c: rule.accepts(c, main) for c in spare}
    wrong = {c: rivals.verdicts(c, main) != verdict[c] for c in spare}
    decidable = [c for c in spare if not (wrong[c] & ~killable).any()]
    # Cards fewer rivals disagree on first (fewer refused cards to add), in a stable order.
    decidable.sort(key=lambda c: (int(wrong[c].sum()), c.sort_key()))
    picks = _six_choices(secret, layout, decidable, deck_name, difficulty, rng)
    if picks is None:
        return None
    todo = np.logical_or.reduce([wrong[c] for c in picks])
    added: list[tuple[int, Card]] = []
    room = {j: per_column - len(layout.sidelines[j]) for j in range(len(main))}
    while todo.any():
        usable = [
            k
            for k, (j, x) in enumerate(offers)
            if room[j] > 0 and x not in picks and all(x != y for _, y in added)
        ]
        best = max(usable, key=lambda k: int((kills[k] & todo).sum()), default=None)
        if best is None or not (kills[best] & todo).any() or len(added) == MAX_ADDED_REFUSALS:
            return None
        j, x = offers[best]
        added.append((j, x))
        room[j] -= 1
        todo &= ~kills[best]
    fair = layout.with_refusals(added) if added else layout
    left = Rivals(deck_name, layout_plays(fair))
    if any((left.verdicts(c, main) != verdict[c]).any() for c in picks):  # pragma: no cover - by construction
        raise PuzzleError(f"rule {secret.key!r}: added refusals left a rival that answers differently")
    simple = fitting_simple_rules(fair, deck_name)
    if any(s.accepts(c, main) != verdict[c] for s in simple for c in picks):
        return None
    return fair, picks, left


def _six_choices(
    secret: Candidate,
    layout: Layout,
    spare: list[Card],
    deck_name: str,
    difficulty: str,
    rng: random.Random,
) -> list[Card] | None:
    """Six cards of ``spare``, each with one defensible answer, together testing every part of the
    rule that applies on this table; None when this layout cannot give them (deal again).

    ``spare`` comes best first: each card is drawn from the first few that serve."""
    rule = secret.rule
    main = layout.mainline
    verdict = {c: rule.accepts(c, main) for c in spare}
    yes = [c for c in spare if verdict[c]]
    no = [c for c in spare if not verdict[c]]
    if difficulty == "hard":
        # Near misses first: rejected cards that a rival still consistent with most of the table accepts.
        rivals = _close_rivals(secret, layout, deck_name)
        tempting = {c for c in no if any(f.rule.accepts(c, main) for f in rivals)}
        no = sorted(no, key=lambda c: c not in tempting)[: max(6, len(tempting))]
    # One card for each part of the rule in force here (each side of an "or", each test of an "and").
    needed: list[Card] = []
    for part in parts(rule):
        if not part.in_force(main):
            continue
        if any(part.shown_by(c, main, verdict[c]) for c in needed):
            continue
        side = yes if part.accepted is not False else no
        showing = [c for c in side if part.shown_by(c, main, verdict[c])]
        if not showing:
            return None
        needed.append(rng.choice(showing[:CHOOSE_AMONG]))
    k_yes = max(sum(verdict[c] for c in needed), min(len(yes), rng.choice([2, 3, 3, 4])))
    k_no = max(len(needed) - sum(verdict[c] for c in needed), min(len(no), 6 - k_yes))
    k_yes = min(len(yes), 6 - k_no)
    if k_yes + k_no < 6 or k_yes == 0 or k_no == 0 or len(needed) > 6:
        return None
    more_yes = [c for c in yes if c not in needed]
    more_no = [c for c in no if c not in needed]
    n_yes = k_yes - sum(verdict[c] for c in needed)
    n_no = k_no - (len(needed) - sum(verdict[c] for c in needed))
    if n_yes > len(more_yes) or n_no > len(more_no) or n_yes < 0 or n_no < 0:
        return None
    picks = (
        needed
        + rng.sample(more_yes[: n_yes + CHOOSE_AMONG], n_yes)
        + rng.sample(more_no[: n_no + CHOOSE_AMONG], n_no)
    )
    rng.shuffle(picks)
    return picks


def _close_rivals(secret: Candidate, layout: Layout, deck_name: str) -> list[Candidate]:
    return [c for c in pool(deck_name, exclude=secret) if agreement(c, layout) >= 0.85][:6]


def make_survivors(
    number: int,
    secret: Candidate,
    deck_name: str,
    difficulty: str,
    rng: random.Random,
    tries: int = 20,
    avoid: frozenset[str] = frozenset(),
) -> Survivors:
    """Six hypotheses: the secret rule and perhaps another survivor, the rest falsified by a play."""
    level = LEVELS[difficulty]
    for attempt in range(tries):
        layout = _layout_for(secret, deck_name, rng, level)
        if layout is None:
            continue
        survivors = [c for c in pool(deck_name, exclude=secret) if consistent(c, layout)]
        survivors = [
            c
            for c in survivors
            if c.english != secret.english and not same_rule(c.text, secret.text, deck_name)
        ]
        relaxed = attempt >= tries // 2
        falsified = _distractors(secret, layout, level, deck_name, rng, 5, relaxed=relaxed, avoid=avoid)
        n_extra = 1 if survivors and rng.random() < 0.6 else 0
        n_false = 5 - n_extra
        if len(falsified) < n_false:
            continue
        items: list[tuple[Candidate, Play | None]] = [(secret, None)]
        items += [(c, None) for c in rng.sample(survivors, n_extra)]
        items += [(c, bad[0]) for c, bad in falsified[:n_false]]
        rng.shuffle(items)
        return Survivors(
            number=number,
            deck=deck_name,
            difficulty=difficulty,
            layout=layout,
            secret=secret,
            hypotheses=tuple(c for c, _ in items),
            falsified_by=tuple(p for _, p in items),
            measured=measure_options(
                layout, deck_name, [c.rule for c, _ in items], [p is None for _, p in items]
            ),
        )
    raise PuzzleError(f"could not find enough falsifiable hypotheses for rule {secret.key!r}")


# -- pages without a secret rule ----------------------------------------------------------------
#: The design page's good example: the first of these the rule checks rate acceptable *and* ideal.
GOOD_EXAMPLES = ("express-7", "express-2", "express-6")
BAD_EXAMPLE = "gardner-7"


def make_design_rule(number: int, deck_name: str) -> DesignRule:
    """Worked examples for the rule-design page, measured by the rule checks: a bad rule and an ideal one."""
    from eleusis_lab.rules import library
    from eleusis_lab.rules.checks import EXPRESS_HIGH, EXPRESS_LOW, GARDNER_SHARE, check

    letters = deck_name == "letters"
    keys = ["letters-cycle"] if letters else [BAD_EXAMPLE, *GOOD_EXAMPLES]
    examples: list[dict[str, Any]] = []
    for key in keys:
        try:
            entry = library.get(key)
        except (KeyError, ValueError):
            continue
        report = check(entry.rule, deck="letters" if letters else "standard")
        size = report.faces
        typical = round(report.playable_median * size)
        # Ideal: acceptable, at least Gardner's quarter (the check's own verdict) and in Golden's 12-15.
        ideal = (
            report.acceptable
            and report.playable_median >= GARDNER_SHARE
            and round(EXPRESS_LOW * size) <= typical <= round(EXPRESS_HIGH * size)
        )
        if key in GOOD_EXAMPLES and (not ideal or any(e["ideal"] for e in examples)):
            continue  # one ideal example is enough; a rule that is not ideal is no example of one
        examples.append(
            {
                "key": key,
                "english": entry.english,
                "text": entry.rule.text,
                "deck_size": size,
                "playable_min": round(report.playable_min * size),
                "playable_median": typical,
                "playable_max": round(report.playable_max * size),
                "never_playable": [str(c) for c in report.never_playable],
                "can_dead_end": report.can_dead_end,
                "acceptable": report.acceptable,
                "ideal": ideal,
                "verdicts": list(report.verdicts),
            }
        )
    return DesignRule(number=number, deck=deck_name, examples=tuple(examples))


def make_record_sheet(number: int, variant: str) -> RecordSheet:
    from eleusis_lab.worksheets.scoresheets import worked_example

    return RecordSheet(number=number, variant=variant, example=worked_example(variant))


def pick_secrets(keys: Sequence[str], count: int, rng: random.Random) -> list[str]:
    """``count`` rule keys, cycling through a shuffled copy of ``keys`` so each rule gets its turn."""
    order = list(keys)
    rng.shuffle(order)
    return [order[i % len(order)] for i in range(count)]
