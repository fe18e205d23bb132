"""Record the results of fixed rules, seeds and rounds: the golden files of tests/science/golden/.

    python scripts/golden.py solo random           # writes tests/science/golden/solo_random.json
    python scripts/golden.py benchmark scientist   # writes tests/science/golden/benchmark_scientist.json
    python scripts/golden.py --check solo random   # compares, writes nothing
    python scripts/golden.py library-run scientist # eleusis_lab/science/library_run.json (3 minutes)

``solo``: each record is one ``eleusis-lab solo --json`` line plus the cards played (``plays``: card
text and verdict), so a test can check that the solo variant reproduces the protocol card for card.

``benchmark``: recorded before the benchmark protocol moved onto the solo variant (issue 12 item 4),
so a test can check that the one engine reproduces the protocol card for card: each record is
``benchmark_round(...).to_dict()`` (the ``--json`` line, with the confidences, best rules and bits the
player reported) plus the starter, the cards played with their verdicts and the guesses, and the
counts the analysis makes (success, wrong guesses and turns up to its cut-off).  ``cli`` holds the text
``eleusis-lab solo --protocol benchmark`` and ``eleusis-lab bench`` print (the timing line left out).

``library-run``: the scientist's confidence and whether its best rule was right, every turn of the
library's rules (3 rounds each), shipped with the package for lesson 10's calibration curve.

The random player's goldens must never change; the scientist's are regenerated when the scientist is
changed on purpose.
"""

from __future__ import annotations

import json
import math
import pathlib
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

_CLI = "import sys; from eleusis_lab.cli import main; sys.exit(main(sys.argv[1:]))"
GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "tests" / "science" / "golden"
LIBRARY_RUN_PATH = (
    pathlib.Path(__file__).resolve().parent.parent / "eleusis_lab" / "science" / "library_run.json"
)

# -- comparing a record with its golden ------------------------------------------------------------------
#: The scientist's confidences and bits are float32 sums: their 7th significant digit moves from one
#: processor's SIMD width to another's (a bit gained near 0, a ratio's logarithm, moves by about 1e-7),
#: so they are compared to this precision; every card, verdict, guess, rule text and count must be equal.
FLOAT_REL = 1e-5
FLOAT_ABS = 1e-6


def record_differences(saved: Any, now: Any, where: str = "") -> list[str]:
    """Where ``now`` differs from ``saved`` (paths such as ``plays[3][0]``), floats to ``FLOAT_REL``.

    >>> record_differences({"p": [0.1, "9♠"]}, {"p": [0.1000000001, "9♠"]})
    []
    >>> record_differences({"p": [0.1, "9♠"], "n": 1}, {"p": [0.2, "9♣"], "n": 1})
    ['p[0]: 0.1 != 0.2', "p[1]: '9♠' != '9♣'"]
    """
    if isinstance(saved, float) and isinstance(now, float):
        close = math.isclose(saved, now, rel_tol=FLOAT_REL, abs_tol=FLOAT_ABS)
        return [] if close else [f"{where}: {saved!r} != {now!r}"]
    if isinstance(saved, dict) and isinstance(now, dict):
        if saved.keys() != now.keys():
            return [f"{where}: keys {sorted(saved)} != {sorted(now)}"]
        return [d for k in saved for d in record_differences(saved[k], now[k], f"{where}.{k}".lstrip("."))]
    if isinstance(saved, list) and isinstance(now, list):
        if len(saved) != len(now):
            return [f"{where}: {len(saved)} items != {len(now)}"]
        pairs = enumerate(zip(saved, now, strict=True))
        return [d for k, (a, b) in pairs for d in record_differences(a, b, f"{where}[{k}]")]
    return [] if saved == now and type(saved) is type(now) else [f"{where}: {saved!r} != {now!r}"]


def _output_differs(saved: str, now: str) -> bool:
    """A command's output: JSON lines compared as records (floats to their precision), text exactly."""
    a, b = saved.splitlines(), now.splitlines()
    return len(a) != len(b) or any(_line_differs(x, y) for x, y in zip(a, b, strict=True))


def _line_differs(saved: str, now: str) -> bool:
    if saved == now:
        return False
    try:
        return bool(record_differences(json.loads(saved), json.loads(now)))
    except json.JSONDecodeError:
        return True


# -- solo ---------------------------------------------------------------------------------------------
#: Mixed difficulty, both decks.
SOLO_RULES = (
    "express-1",
    "gardner-2",
    "express-5",
    "within-three",
    "gardner-4",
    "climb-round",
    "letters-cycle",
    "ink-cycle",
)
SOLO_SEEDS = (0, 1, 2)


def solo_records(player: str) -> list[dict[str, object]]:
    """Run ``eleusis-lab solo --json`` for every rule (seeds 0-2), with the cards played of each round."""
    from eleusis_lab.science.solo_runs import solo_round

    out: list[dict[str, object]] = []
    for rule in SOLO_RULES:
        cli = subprocess.run(
            [sys.executable, "-c", _CLI, "solo", "--rule", rule, "--player", player,
             "--seed", str(SOLO_SEEDS[0]), "--rounds", str(len(SOLO_SEEDS)), "--json"],
            check=True, capture_output=True, text=True,
        ).stdout.splitlines()  # fmt: skip
        for seed, line in zip(SOLO_SEEDS, cli, strict=True):
            result = solo_round(rule, player, seed=seed)
            record = json.loads(line)
            record["key"] = rule
            record["plays"] = [[str(card), accepted] for card, accepted in result.plays]
            out.append(record)
    return out


def solo_differences(saved: Any, now: Any) -> tuple[list[str], int]:
    pairs = zip(saved, now, strict=True)
    return [f"{a['key']} seed {a['seed']}" for a, b in pairs if record_differences(a, b)], len(saved)


# -- the benchmark's protocol -------------------------------------------------------------------------
#: Mixed difficulty: one-card rules, a rare starter (aces), rules on the previous card and on position.
BENCHMARK_RULES = (
    "even-ranks",
    "aces",
    "red-low",
    "faces-red-numbers-black",
    "colours-alternate",
    "suit-cycle",
    "non-decreasing-from-ace",
    "rank-pairs",
)
BENCHMARK_ROUNDS = (0, 1, 2)
BENCHMARK_STRICT = ("red-low", "colours-alternate")  # also played with the strict judge (round 0)


def benchmark_record(key: str, player: str, index: int, judge: str = "benchmark") -> dict[str, object]:
    """One round's record (see the module docstring)."""
    from eleusis_lab.science.benchmark import RULES as BENCHMARK
    from eleusis_lab.science.benchmark import benchmark_round

    text = {r.key: r.text for r in BENCHMARK}[key]
    result = benchmark_round(text, player, index, judge=judge, calibrate=player == "scientist")
    out: dict[str, object] = {"key": key, "judge": judge, **result.to_dict()}
    out["starter"] = str(result.starter)
    out["counted_wrong"] = result.counted_wrong
    out["counted_turns"] = result.counted_turns
    out["plays"] = [[str(t.card), t.accepted, t.guess, t.right] for t in result.turn_log]
    return out


def _run_cli(*args: str, cwd: str | None = None) -> str:
    out = subprocess.run(
        [sys.executable, "-c", _CLI, *args], check=True, capture_output=True, text=True, cwd=cwd
    ).stdout
    return "\n".join(line for line in out.splitlines() if " rounds in " not in line)


def cli_outputs(player: str) -> dict[str, str]:
    """What the two commands print for a few rounds (the timing line left out)."""
    with tempfile.TemporaryDirectory() as folder:
        rules = pathlib.Path(folder) / "rules.txt"
        rules.write_text("red: card is red\nalternate: card.color != prev.color\n", encoding="utf-8")
        return {
            "solo": _run_cli("solo", "--protocol", "benchmark", "--rule", "card is red", "--player", player,
                             "--seed", "0", "--rounds", "3"),
            "solo --json": _run_cli("solo", "--protocol", "benchmark", "--rule", "card.suit != prev.suit",
                                    "--player", player, "--seed", "1", "--rounds", "2", "--json"),
            "bench": _run_cli("bench", "--rules", rules.name, "--player", player, "--rounds", "2",
                              cwd=folder),
        }  # fmt: skip


def benchmark_records(player: str) -> dict[str, object]:
    rounds = [benchmark_record(key, player, index) for key in BENCHMARK_RULES for index in BENCHMARK_ROUNDS]
    rounds += [benchmark_record(key, player, 0, "strict") for key in BENCHMARK_STRICT]
    return {"rounds": rounds, "cli": cli_outputs(player)}


def benchmark_differences(saved: Any, now: Any) -> tuple[list[str], int]:
    differ = [
        f"{a['key']} round {a['round']} ({a['judge']})"
        for a, b in zip(saved["rounds"], now["rounds"], strict=True)
        if record_differences(a, b)
    ]
    differ += [f"cli {k}" for k in saved["cli"] if _output_differs(saved["cli"][k], now["cli"][k])]
    return differ, len(saved["rounds"]) + len(saved["cli"])


# -- the library's rounds, recorded for lesson 10 (shipped with the package) -----------------------------
def library_run_records(player: str) -> dict[str, object]:
    from eleusis_lab.science.bench import library_run_rounds

    return {
        "about": "The scientist's confidence and whether its best rule was right, every turn of the "
        "library's standard-deck rules, 3 rounds each, under the language-model benchmark's protocol. "
        "Written by: python scripts/golden.py library-run scientist",
        "rounds": library_run_rounds(player),
    }


def library_run_differences(saved: Any, now: Any) -> tuple[list[str], int]:
    pairs = zip(saved["rounds"], now["rounds"], strict=True)
    differ = [f"{a['key']} round {a['round']}" for a, b in pairs if record_differences(a, b)]
    return differ, len(saved["rounds"])


Kind = tuple[Callable[[str], Any], Callable[[Any, Any], tuple[list[str], int]], Callable[[str], pathlib.Path]]
KINDS: dict[str, Kind] = {
    "solo": (solo_records, solo_differences, lambda player: GOLDEN / f"solo_{player}.json"),
    "benchmark": (
        benchmark_records,
        benchmark_differences,
        lambda player: GOLDEN / f"benchmark_{player}.json",
    ),
    "library-run": (library_run_records, library_run_differences, lambda _player: LIBRARY_RUN_PATH),
}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    if len(argv) != 2 or argv[0] not in KINDS or argv[1] not in ("random", "scientist"):
        print("usage: golden.py [--check] solo|benchmark|library-run random|scientist", file=sys.stderr)
        return 2
    kind, player = argv
    records, differences, where = KINDS[kind]
    path = where(player)
    path.parent.mkdir(parents=True, exist_ok=True)
    if check:
        differ, total = differences(json.loads(path.read_text(encoding="utf-8")), records(player))
        print(f"{total - len(differ)}/{total} as recorded" + (": " + ", ".join(differ) if differ else ""))
        return 1 if differ else 0
    path.write_text(json.dumps(records(player), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
