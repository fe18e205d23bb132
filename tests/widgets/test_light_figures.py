"""The board's light SVG figures: hypotheses marked at the play that falsified them, text >= 12 px on
screen, a log/linear switch, escaped names; the acceptance map's cells follow the probabilities."""

from __future__ import annotations

import re

import pytest

from eleusis_lab.cards import letter_deck, parse_cards, standard_deck
from eleusis_lab.play import Observation as Obs
from eleusis_lab.science import ClassHypotheses, HypothesisSpace, Narrowing
from eleusis_lab.session import TableSession
from eleusis_lab.widgets.light_figures import (
    MIN_FONT_PX,
    MIN_WIDTH,
    WIDTH,
    acceptance_map_svg,
    narrowing_svg,
    viridis,
)


def _marks(svg: str) -> dict[str, int | None]:
    """Each hypothesis label: the step it is drawn at (None = still standing)."""
    found: dict[str, int | None] = {}
    for attrs in re.findall(r'<text ([^>]*class="eleusis-hypothesis-mark"[^>]*)>', svg):
        student = re.search(r'data-student="([^"]*)"', attrs)
        step = re.search(r'data-step="(\d+)"', attrs)
        assert student is not None
        found[student.group(1)] = int(step.group(1)) if step else None
    return found


@pytest.fixture(scope="module")
def session() -> TableSession:
    """Five players; Ana's hypothesis typed at the start, Cy's after 6 plays, Dee's after its falsifier."""
    s = TableSession(None)
    s.begin("express", ["Ana", "Ben", "Cy", "Dee", "Eve"], "card.color != prev.color", seed=4)
    s.add_hypothesis("Ana", "card is red", "red cards only")
    for i in range(6):
        r = s.round
        s.play(r.hand(r.current_player)[i % 3])
    s.add_hypothesis("Cy", "card.color != prev.color", "alternate colours")
    s.add_hypothesis("Dee", "card.rank > prev.rank")  # already falsified by an earlier play
    for i in range(6):
        r = s.round
        s.play(r.hand(r.current_player)[i % 3])
    return s


def test_each_hypothesis_is_marked_at_the_play_that_falsified_it(session: TableSession) -> None:
    n = session.narrowing()
    hyps = {h.student: h for h in session.hypotheses}
    marks = _marks(narrowing_svg(n))
    for line in n.lifelines:
        fals = hyps[line.student].falsified_by
        if fals is None:
            assert marks[line.student] is None
        else:  # the step of the falsifying observation, not where it was typed
            assert marks[line.student] == line.end == fals.index + 1
    dee = next(h for h in n.lifelines if h.student == "Dee")
    assert dee.end is not None and dee.end < dee.start == 6  # typed after its falsifier: marked there
    assert marks["Cy"] is None  # the true rule still stands
    assert "✔ Cy: alternate colours" in narrowing_svg(n)


def test_text_is_at_least_12_px_on_screen(session: TableSession) -> None:
    for svg in (
        narrowing_svg(session.narrowing()),
        acceptance_map_svg(session.live_space().acceptance_map(list(session.round.mainline))),
    ):
        sizes = [int(s) for s in re.findall(r'font-size="(\d+)"', svg)]
        assert sizes and min(sizes) >= MIN_FONT_PX
        assert f"min-width:{MIN_WIDTH}px" in svg and f'viewBox="0 0 {WIDTH} ' in svg
        assert MIN_FONT_PX * MIN_WIDTH / WIDTH >= 12  # never drawn smaller than 12 px


def test_log_and_linear_scales(session: TableSession) -> None:
    n = session.narrowing()
    log, linear = narrowing_svg(n), narrowing_svg(n, scale="linear")
    assert 'data-scale="log"' in log and 'data-scale="linear"' in linear
    assert ">1M<" in log and ">10k<" in log and ">100<" in log  # powers of ten
    assert ">500k<" in linear and ">10k<" not in linear  # even steps
    with pytest.raises(ValueError, match="log' or 'linear"):
        narrowing_svg(n, scale="sideways")  # type: ignore[arg-type]


def test_names_and_words_are_escaped() -> None:
    a, b = parse_cards("3H 9S")
    hyps = ClassHypotheses()
    hyps.add("<b>Zed</b>", "card is red", words="<script>x</script>")
    evidence = [Obs((), (a,), True), Obs((a,), (b,), True)]
    for obs in evidence:
        hyps.observe(obs)
    svg = narrowing_svg(Narrowing.from_evidence(evidence, hypotheses=hyps))
    assert "<script>" not in svg and "<b>Zed" not in svg and "&lt;b&gt;Zed&lt;/b&gt;" in svg


def test_a_skipped_observation_does_not_shift_the_marks() -> None:
    """The fold skips what the space cannot judge: a hypothesis ends at the fold's step, not the
    observation's index."""
    letter = letter_deck()[0]
    a, b, c = parse_cards("3H 4H 9S")
    evidence = [
        Obs((), (a,), True),
        Obs((a,), (letter,), True),
        Obs((a,), (b,), True),
        Obs((b,), (c,), False),
    ]
    hyps = ClassHypotheses()
    hyps.add("Ben", "card.suit == spades or card.suit == hearts")  # accepts 9♠ on 4♥, which was rejected
    for obs in evidence:
        hyps.observe(obs)
    n = Narrowing.from_evidence(evidence, deck="standard", hypotheses=hyps)
    assert n.skipped == 1 and len(n.steps) == 3
    ben = next(h for h in n.lifelines if h.student == "Ben")
    assert hyps["Ben"].falsified_by.index == 3 and ben.end == 3  # the third step judged
    assert _marks(narrowing_svg(n))["Ben"] == 3


def test_acceptance_map_cells_follow_the_probabilities() -> None:
    space = HypothesisSpace()
    a, b = parse_cards("3H 9S")
    space.observe((a,), (b,), True)
    space.observe((a, b), (parse_cards("5S")[0],), False)
    probs = space.acceptance_map([a, b])
    svg = acceptance_map_svg(probs)
    cells = re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"><title>([^<]+): (\d+)%</title>', svg)
    assert len(cells) == len(standard_deck()) == 52
    for colour, name, percent in cells:
        card = next(c for c in probs if str(c) == name)
        assert round(100 * probs[card]) == int(percent)
        assert colour == viridis(probs[card])
    assert viridis(0) == "#440154" and viridis(1) == "#fde725"
    letters = HypothesisSpace("letters")
    svg = acceptance_map_svg(letters.acceptance_map([]))
    assert len(re.findall(r"<rect [^>]*><title>", svg)) == len(letter_deck()) == 61
