from __future__ import annotations

import pytest

from eleusis_lab.science.calibration import calibration_table, max_gap


def test_bins_cover_zero_to_one_and_count_right() -> None:
    table = calibration_table([(0.0, False), (1.0, True), (0.55, True), (0.55, False)], bins=10)
    assert len(table) == 10 and table[0].count == 1 and table[-1].count == 1
    assert table[5].count == 2 and table[5].right == 0.5
    assert max_gap(table, min_count=1) == pytest.approx(0.05)


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
