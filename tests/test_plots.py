"""The figures: what they contain, and byte-identical SVG for identical input."""

from __future__ import annotations

import random

import numpy as np
import pytest

from eleusis_lab import plots
from eleusis_lab.cards import letter_deck, standard_deck
from eleusis_lab.play import Observation as Obs
from eleusis_lab.rules import Rule
from eleusis_lab.science import ClassHypotheses, HypothesisSpace, Narrowing


@pytest.fixture(scope="module")
def played() -> tuple[list[Obs], ClassHypotheses, list]:
    rule = Rule.parse("card.color != prev.color")
    rng = random.Random(2)
    line: list = []
    evidence = []
    hyps = ClassHypotheses()
    hyps.add("Ada", "card.suit == prev.suit", words="same suit")
    hyps.add("Ben", "card.color != prev.color")
    for _ in range(12):
        card = rng.choice(standard_deck())
        ok = rule.accepts(card, line)
        obs = Obs(tuple(line), (card,), ok)
        evidence.append(obs)
        hyps.observe(obs)
        if ok:
            line.append(card)
    return evidence, hyps, line


@pytest.fixture(scope="module")
def narrowing(played) -> Narrowing:
    evidence, hyps, _line = played
    return Narrowing.from_evidence(evidence, hypotheses=hyps)


def test_narrowing_plot_contents(narrowing: Narrowing) -> None:
    fig = plots.narrowing_plot(narrowing)
    ax, hax = fig.axes
    assert ax.get_yscale() == "log"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["rules still possible", "ideal: half per play", "right (accepted)", "wrong (rejected)"]
    # one marker per verdict, split into accepted and rejected
    n_acc = sum(s.accepted for s in narrowing.steps)
    n_rej = len(narrowing.steps) - n_acc
    sizes = [len(c.get_offsets()) for c in ax.collections]
    falsified = [h for h in narrowing.lifelines if h.end is not None]
    assert sizes == [n_acc, n_rej] + [1] * len(falsified)
    # each falsified hypothesis is ringed on the curve at the play that falsified it
    rings = [tuple(c.get_offsets()[0]) for c in ax.collections[2:]]
    assert rings == [(h.end, max(narrowing.remaining[h.end], 0.8)) for h in falsified]
    curve, ideal = ax.get_lines()
    assert list(curve.get_ydata()) == [float(r) for r in narrowing.remaining]
    assert ideal.get_ydata()[1] == pytest.approx(narrowing.initial / 2)
    # the class hypotheses: Ada's line ends where a card falsified her, Ben's runs to the end
    ada, ben = hax.get_lines()
    assert ada.get_xdata()[-1] == narrowing.lifelines[0].end < len(narrowing.steps)
    assert ben.get_xdata()[-1] == len(narrowing.steps)
    texts = [t.get_text() for t in hax.texts]
    # the student's words if they gave any, else the rule in English (the library's sentence here)
    assert "Ada: same suit" in texts and "Ben: Alternate red and black cards." in texts
    assert str(narrowing.lifelines[0].card) in texts
    assert ax.title.get_text() and ax.yaxis.label.get_size() >= 16


def test_narrowing_plot_linear_scale(narrowing: Narrowing) -> None:
    fig = plots.narrowing_plot(narrowing, scale="linear")
    assert fig.axes[0].get_yscale() == "linear"
    assert fig.axes[0].get_ylim()[0] == 0
    with pytest.raises(ValueError, match="log' or 'linear"):
        plots.narrowing_plot(narrowing, scale="sideways")


def test_narrowing_plot_without_hypotheses_and_on_given_axes(narrowing: Narrowing) -> None:
    from matplotlib.figure import Figure

    plain = Narrowing(narrowing.initial, list(narrowing.steps))
    fig = plots.narrowing_plot(plain)
    assert len(fig.axes) == 1
    own = Figure()
    ax = own.subplots()
    assert plots.narrowing_plot(narrowing, ax=ax) is own


def test_svg_is_deterministic(narrowing: Narrowing) -> None:
    a = plots.to_svg(plots.narrowing_plot(narrowing))
    b = plots.to_svg(plots.narrowing_plot(narrowing))
    assert a == b and a.startswith("<?xml")
    assert "<dc:date>" not in a


def test_acceptance_map_standard(played) -> None:
    evidence, _h, line = played
    space = HypothesisSpace()
    space.observe_all(evidence)
    probs = space.acceptance_map(line)
    fig = plots.acceptance_map(probs)
    ax = fig.axes[0]
    grid = ax.images[0].get_array()
    assert grid.shape == (4, 13)
    assert [t.get_text() for t in ax.get_xticklabels()][:3] == ["A", "2", "3"]
    assert len(ax.texts) == 52
    # colours follow the probabilities: the top card's colour is unlikely, the other colour likely
    top = line[-1]
    same = [p for c, p in probs.items() if c.color == top.color]
    other = [p for c, p in probs.items() if c.color != top.color]
    assert max(same) < min(other)
    assert float(grid.max()) == pytest.approx(max(probs.values()))


def test_acceptance_map_from_array_and_letters() -> None:
    fig = plots.acceptance_map(np.linspace(0, 1, 52))
    assert fig.axes[0].images[0].get_array().shape == (4, 13)
    letters = {c: 0.5 for c in letter_deck()}
    fig = plots.acceptance_map(letters)
    ax = fig.axes[0]
    assert ax.images[0].get_array().shape == (6, 12)
    assert len(ax.texts) == 61
    with pytest.raises(ValueError, match="52"):
        plots.acceptance_map([0.5] * 10, deck="standard")


def test_engine_does_not_import_matplotlib() -> None:
    import subprocess
    import sys

    code = "import sys, eleusis_lab.science as s; s.HypothesisSpace; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
