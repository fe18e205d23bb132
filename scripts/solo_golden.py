"""Record the solo results of a fixed set of rules and seeds (the golden files of tests/science/golden/).

    python scripts/solo_golden.py random     # writes tests/science/golden/solo_random.json
    python scripts/solo_golden.py scientist  # writes tests/science/golden/solo_scientist.json
    python scripts/solo_golden.py --check random  # compares, writes nothing

Each record is one ``eleusis-lab solo --json`` line plus the cards played (``plays``: card text and
verdict), so a test can check that the solo variant reproduces the protocol card for card.  The random
player's golden must never change; the scientist's is regenerated when the scientist is changed on
purpose.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

#: Mixed difficulty, both decks.
RULES = (
    "express-1",
    "gardner-2",
    "express-5",
    "within-three",
    "gardner-4",
    "climb-round",
    "letters-cycle",
    "ink-cycle",
)
SEEDS = (0, 1, 2)
_CLI = "import sys; from eleusis_lab.cli import main; sys.exit(main(sys.argv[1:]))"
GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "tests" / "science" / "golden"


def records(player: str) -> list[dict[str, object]]:
    """Run ``eleusis-lab solo --json`` for every rule (seeds 0-2), with the cards played of each round."""
    from eleusis_lab.science.solo import solo_round

    out: list[dict[str, object]] = []
    for rule in RULES:
        cli = subprocess.run(
            [sys.executable, "-c", _CLI, "solo", "--rule", rule, "--player", player,
             "--seed", str(SEEDS[0]), "--rounds", str(len(SEEDS)), "--json"],
            check=True, capture_output=True, text=True,
        ).stdout.splitlines()  # fmt: skip
        for seed, line in zip(SEEDS, cli, strict=True):
            result = solo_round(rule, player, seed=seed)
            record = json.loads(line)
            record["key"] = rule
            record["plays"] = [[str(card), accepted] for card, accepted in result.plays]
            out.append(record)
    return out


def main(argv: list[str]) -> int:
    check = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    if len(argv) != 1 or argv[0] not in ("random", "scientist"):
        print("usage: solo_golden.py [--check] random|scientist", file=sys.stderr)
        return 2
    GOLDEN.mkdir(parents=True, exist_ok=True)
    path = GOLDEN / f"solo_{argv[0]}.json"
    if check:
        saved = json.loads(path.read_text(encoding="utf-8"))
        now = records(argv[0])
        differ = [f"{a['key']} seed {a['seed']}" for a, b in zip(saved, now, strict=True) if a != b]
        print(
            f"{len(saved) - len(differ)}/{len(saved)} rounds as recorded"
            + (": " + ", ".join(differ) if differ else "")
        )
        return 1 if differ else 0
    path.write_text(json.dumps(records(argv[0]), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
