from __future__ import annotations

import pytest

from eleusis_lab.science.calibration import calibration_table, max_gap, within


def test_bins_cover_zero_to_one_and_count_right() -> None:
    table = calibration_table([(0.0, False), (1.0, True), (0.55, True), (0.55, False)], bins=10)
    assert len(table) == 10 and table[0].count == 1 and table[-1].count == 1
    assert table[5].count == 2 and table[5].right == 0.5
    assert max_gap(table, min_count=1) == pytest.approx(0.05)


def test_within_allows_a_bins_sampling_error_and_no_more() -> None:
    # said 50 %, right 64 %: 14 points off.  With 100 statements the error is 4.7 points, so
    # 14 <= 10 + 2 x 4.7; with 1,000 it is 1.5 points and the same gap is beyond the bound.
    hundred = calibration_table([(0.5, True)] * 64 + [(0.5, False)] * 36)
    thousand = calibration_table([(0.5, True)] * 640 + [(0.5, False)] * 360)
    assert hundred[5].standard_error == pytest.approx(0.0472, abs=1e-4)
    assert within(hundred, 0.10) and not within(thousand, 0.10)
    assert not within(hundred, 0.10, errors=0.0), "with no allowance it is the plain bound"
    assert within(thousand, 0.10, min_count=1001), "bins below min_count are not judged"
    # overconfidence counts the same as underconfidence
    assert not within(calibration_table([(0.9, True)] * 600 + [(0.9, False)] * 400), 0.10)


def test_refuses_what_is_not_a_probability() -> None:
    with pytest.raises(ValueError):
        calibration_table([(1.5, True)])


def test_calibration_plot_draws_each_series() -> None:
    pytest.importorskip("matplotlib")
    from eleusis_lab.plots import calibration_plot

    fig = calibration_plot({"scientist": [(0.9, True), (0.1, False)], "class": [(0.8, False)]})
    ax = fig.axes[0]
    assert ax.get_xlim() == (0.0, 100.0)
    assert len(ax.collections) >= 2  # one scatter a series (plus the ±10 band)


def test_calibration_plot_bars_span_two_standard_errors() -> None:
    pytest.importorskip("matplotlib")
    from eleusis_lab.plots import calibration_plot

    pairs = [(0.5, True)] * 64 + [(0.5, False)] * 36  # said 50 %, right 64 %: error 4.7 points
    ax = calibration_plot(pairs).axes[0]
    bars = [c for c in ax.collections if type(c).__name__ == "LineCollection"]
    assert len(bars) == 1
    (segment,) = bars[0].get_segments()
    assert segment[:, 1].tolist() == pytest.approx([64 - 9.44, 64 + 9.44], abs=0.05)
    plain = calibration_plot(pairs, errors=0).axes[0]
    assert not [c for c in plain.collections if type(c).__name__ == "LineCollection"]


def test_calibration_plot_keeps_its_legend_below_the_square() -> None:
    # a point or an error bar can fall anywhere in the square, so the legend must not sit in it
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from eleusis_lab.plots import calibration_plot

    fig = calibration_plot({"scientist": [(0.05, True), (0.95, True)], "class": [(0.9, False)]})
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    ax = fig.axes[0]
    legend, square = ax.get_legend().get_window_extent(renderer), ax.get_window_extent(renderer)
    assert legend.y1 <= square.y0, "the legend is below the plot"
    assert legend.x0 >= 0 and legend.y0 >= 0, "and inside the figure"
