"""The benchmark protocol on the solo variant gives the very results recorded before it moved there.

The golden files were written by ``scripts/golden.py benchmark`` while ``science/benchmark.py`` still had
its own game engine (``BenchmarkGame``/``BenchmarkTable``); now ``benchmark_round`` plays the solo
variant's ``protocol="benchmark"``.  Each record: the ``--json`` line (confidences, best rules, bits),
the starter, every card with its verdict and guess, the analysis's counts.  The random player's
results must never change; the scientist's change only when the scientist is changed on purpose (then
``python scripts/golden.py benchmark scientist``).  The unit tests replay every random round and the
CLI text, and three quick scientist rounds (the script's ``--check`` replays all of them).
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

import pytest

from eleusis_lab.cli import main

GOLDEN = pathlib.Path(__file__).parent / "golden"
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from golden import benchmark_record as record  # noqa: E402
from golden import record_differences  # noqa: E402

QUICK_SCIENTIST = {
    ("even-ranks", 0, "benchmark"),
    ("aces", 0, "benchmark"),
    ("colours-alternate", 0, "strict"),
}


def _golden(player: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"benchmark_{player}.json").read_text(encoding="utf-8"))


def _id(r: dict[str, Any]) -> str:
    return f"{r['key']}-{r['round']}-{r['judge']}"


@pytest.mark.parametrize("saved", _golden("random")["rounds"], ids=_id)
def test_random_player_benchmark_rounds_are_unchanged(saved: dict[str, Any]) -> None:
    assert record(saved["key"], "random", saved["round"], saved["judge"]) == saved


@pytest.mark.parametrize(
    "saved",
    [r for r in _golden("scientist")["rounds"] if (r["key"], r["round"], r["judge"]) in QUICK_SCIENTIST],
    ids=_id,
)
def test_scientist_benchmark_rounds_are_unchanged(saved: dict[str, Any]) -> None:
    # every card, verdict and guess as recorded; the reported confidences to float32's precision
    assert record_differences(saved, record(saved["key"], "scientist", saved["round"], saved["judge"])) == []


def test_the_cli_prints_what_it_printed(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    want = _golden("random")["cli"]
    (tmp_path / "rules.txt").write_text(
        "red: card is red\nalternate: card.color != prev.color\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    commands = {
        "solo": ["solo", "--protocol", "benchmark", "--rule", "card is red", "--player", "random",
                 "--seed", "0", "--rounds", "3"],
        "solo --json": ["solo", "--protocol", "benchmark", "--rule", "card.suit != prev.suit", "--player",
                        "random", "--seed", "1", "--rounds", "2", "--json"],
        "bench": ["bench", "--rules", "rules.txt", "--player", "random", "--rounds", "2"],
    }  # fmt: skip
    for name, argv in commands.items():
        assert main(argv) == 0
        out = "\n".join(line for line in capsys.readouterr().out.splitlines() if " rounds in " not in line)
        assert out == want[name], name


def test_the_golden_covers_solved_unsolved_and_wrong_guesses() -> None:
    scientist, random_ = _golden("scientist")["rounds"], _golden("random")["rounds"]
    assert len(scientist) == len(random_) == 26
    assert any(r["wrong_guesses"] for r in scientist) and any(not r["success"] for r in scientist)
    assert any(r["wrong_guesses"] for r in random_) and not any(r["solved"] for r in random_)
    assert any(r["key"] == "aces" and len(r["plays"]) for r in random_)


def test_a_scientist_round_is_the_same_on_a_processor_without_wide_simd() -> None:
    """Another machine's numpy sorts and sums with other SIMD code (AVX-512, AVX2, SSE) and its BLAS with
    other kernels: the rules of equal weight must rank the same and the same cards be played.  Here the
    wide code paths this processor has are switched off in a fresh process, which then plays a recorded
    round (on a processor without them this compares the round with itself)."""
    import os
    import subprocess

    try:
        from numpy._core import _multiarray_umath as simd  # numpy 2
    except ImportError:  # numpy 1.26, which pyproject.toml still allows
        from numpy.core import _multiarray_umath as simd

    wide = [name for name in simd.__cpu_dispatch__ if simd.__cpu_features__.get(name)]
    env = {**os.environ, "NPY_DISABLE_CPU_FEATURES": " ".join(wide), "OPENBLAS_CORETYPE": "Nehalem"}
    saved = next(r for r in _golden("scientist")["rounds"] if (r["key"], r["round"]) == ("even-ranks", 0))
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); from golden import benchmark_record; "
        "print(json.dumps(benchmark_record('even-ranks', 'scientist', 0)))"
    )
    scripts = str(pathlib.Path(__file__).resolve().parents[2] / "scripts")
    out = subprocess.run(
        [sys.executable, "-c", code, scripts], env=env, check=True, capture_output=True, text=True
    )
    assert record_differences(saved, json.loads(out.stdout)) == []
