"""Record the benchmark protocol's results on a fixed set of rules and rounds (tests/science/golden/).

    python scripts/benchmark_golden.py random     # writes tests/science/golden/benchmark_random.json
    python scripts/benchmark_golden.py scientist  # writes tests/science/golden/benchmark_scientist.json
    python scripts/benchmark_golden.py --check random  # compares, writes nothing

Recorded before the benchmark protocol moved onto the solo variant (issue 12 item 4), so a test can
check that the one engine reproduces the protocol card for card: each record is
``benchmark_round(...).to_dict()`` (the ``--json`` line, with the confidences, best rules and bits the
player reported) plus the starter, the cards played with their verdicts and the guesses, and the
counts the analysis makes (success, wrong guesses and turns up to its cut-off).  ``cli`` holds the text
``eleusis-lab solo --protocol benchmark`` and ``eleusis-lab bench`` print (the timing line left out).
The random player's golden must never change; the scientist's is regenerated when the scientist is
changed on purpose.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import tempfile

#: Mixed difficulty: one-card rules, a rare starter (aces), rules on the previous card and on position.
RULES = (
    "even-ranks",
    "aces",
    "red-low",
    "faces-red-numbers-black",
    "colours-alternate",
    "suit-cycle",
    "non-decreasing-from-ace",
    "rank-pairs",
)
ROUNDS = (0, 1, 2)
STRICT = ("red-low", "colours-alternate")  # also played with the strict judge (round 0)
_CLI = "import sys; from eleusis_lab.cli import main; sys.exit(main(sys.argv[1:]))"
GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "tests" / "science" / "golden"


def record(key: str, player: str, index: int, judge: str = "benchmark") -> dict[str, object]:
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


def records(player: str) -> dict[str, object]:
    rounds = [record(key, player, index) for key in RULES for index in ROUNDS]
    rounds += [record(key, player, 0, "strict") for key in STRICT]
    return {"rounds": rounds, "cli": cli_outputs(player)}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    if len(argv) != 1 or argv[0] not in ("random", "scientist"):
        print("usage: benchmark_golden.py [--check] random|scientist", file=sys.stderr)
        return 2
    GOLDEN.mkdir(parents=True, exist_ok=True)
    path = GOLDEN / f"benchmark_{argv[0]}.json"
    if check:
        saved = json.loads(path.read_text(encoding="utf-8"))
        now = records(argv[0])
        differ = [
            f"{a['key']} round {a['round']} ({a['judge']})"
            for a, b in zip(saved["rounds"], now["rounds"], strict=True)
            if a != b
        ]
        differ += [f"cli {k}" for k in saved["cli"] if saved["cli"][k] != now["cli"][k]]
        total = len(saved["rounds"]) + len(saved["cli"])
        print(f"{total - len(differ)}/{total} as recorded" + (": " + ", ".join(differ) if differ else ""))
        return 1 if differ else 0
    path.write_text(json.dumps(records(argv[0]), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
