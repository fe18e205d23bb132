"""The human baseline the benchmark's article lacks: people's benchmark-mode rounds as a row of its table.

The language-model benchmark ("Can LLMs play the game of science?") publishes one row a model: the
share of rounds its analysis counts a success, the mean floored score, and the wrong guesses a round
counted up to its cut-off turn (:data:`eleusis_lab.science.benchmark.PUBLISHED`).  A student who plays
its game on the benchmark board (:class:`eleusis_lab.widgets.benchmark.BenchmarkBoard`, the solo
variant's ``protocol="benchmark"``) plays exactly that game, so their rounds make a row of the same
measures, computed the same way (:class:`~eleusis_lab.science.bench.Summary`): :func:`baseline_row`.
The raw mean (no floor: an unsolved round with wrong guesses counts below 0) is given beside it.

The board's *Export my rounds* writes a small JSON file (:func:`rounds_file`) holding each round's own
log; :func:`load_rounds` replays every log (the engine re-judges each play and each statement, so a
hand-edited score or verdict is refused, not counted), and ``eleusis-lab bench --human FILE...`` prints
each file's row and the class's row beside the published table.  Only rounds played to their end under
the benchmark's protocol count: nothing is estimated and nothing is filled in, and no rounds give an
empty row that says so.

>>> row = baseline_row([], "our class")
>>> row.rounds, row.solved, row.sentence()
(0, None, 'our class: no benchmark rounds played yet, so the row is empty.')
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eleusis_lab.play import load_round
from eleusis_lab.play.benchmark_protocol import round_seed
from eleusis_lab.play.solo import SoloRound
from eleusis_lab.science.bench import Summary
from eleusis_lab.science.benchmark import PUBLISHED, PUBLISHED_SOURCE, RULES
from eleusis_lab.science.solo_runs import SoloRun

__all__ = [
    "FORMAT",
    "BaselineRow",
    "baseline_row",
    "load_rounds",
    "read_rounds_file",
    "rounds_file",
    "run_cli",
    "table_text",
]

FORMAT = "eleusis-lab-benchmark-rounds"
VERSION = 1
_BENCHMARK_TEXTS = {r.text for r in RULES}


@dataclass(frozen=True)
class BaselineRow:
    """One row of the benchmark's table for people: ``None`` in every measure when no round was played.

    ``solved``: the share of rounds the benchmark's analysis counts a success (solved before its cut-off
    turn; the published "solved"); ``mean_score``: the mean score floored at 0 a round; ``wrong_guesses``:
    wrong guesses a round, counted up to the cut-off turn; ``raw_mean``: the mean of the raw scores
    (``-2 x wrong`` for an unsolved round); ``rules``: how many different rules the rounds played.
    """

    label: str
    rounds: int
    rules: int
    solved: float | None
    mean_score: float | None
    wrong_guesses: float | None
    raw_mean: float | None

    def sentence(self) -> str:
        """The row in one sentence (what a lesson prints beside the table)."""
        solved, mean, wrong, raw = self.solved, self.mean_score, self.wrong_guesses, self.raw_mean
        if solved is None or mean is None or wrong is None or raw is None:
            return f"{self.label}: no benchmark rounds played yet, so the row is empty."
        rounds = f"{self.rounds} round{'' if self.rounds == 1 else 's'}"
        rules = f"{self.rules} rule{'' if self.rules == 1 else 's'}"
        return (
            f"{self.label} ({rounds} of {rules}): solved {solved:.0%}, mean floored score {mean:.1f}, "
            f"{wrong:.2f} wrong guesses a round, raw mean {raw:.1f}."
        )

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def baseline_row(rounds: Sequence[SoloRun], label: str = "people") -> BaselineRow:
    """The rounds' row in the published table's measures (the same :class:`Summary` the kit's own rows
    use), plus the raw mean.  Every round must be a benchmark-protocol round (the files read and
    written here hold only rounds played to their end)."""
    for run in rounds:
        if run.protocol != "benchmark":
            raise ValueError(f"{label}: a round of the kit's solo game is not a benchmark round")
    if not rounds:
        return BaselineRow(label, 0, 0, None, None, None, None)
    s = Summary.of(rounds)
    return BaselineRow(
        label=label,
        rounds=len(rounds),
        rules=len({r.rule for r in rounds}),
        solved=s.success,
        mean_score=s.mean_score,
        wrong_guesses=s.counted_wrong,
        raw_mean=sum(r.raw_score for r in rounds) / len(rounds),
    )


# -- the file a board exports --------------------------------------------------------------------
def rounds_file(rounds: Iterable[SoloRun], player: str) -> str:
    """The JSON a board exports: who played, each round's index and whole log, and the row they make
    (for a reader; :func:`load_rounds` recomputes it from the logs)."""
    runs = list(rounds)
    for run in runs:
        if run.round is None:
            raise ValueError("only a round played on a board (with its log) can be exported")
        if not run.round.is_over:
            raise ValueError("a round still being played has no result yet: finish it first")
    row = baseline_row(runs, player)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "player": player,
        "rounds": [{"index": run.index, "log": json.loads(run.round.to_json())} for run in runs if run.round],
        "row": row.to_dict(),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def read_rounds_file(text: str, name: str = "the file") -> tuple[str, list[SoloRun]]:
    """(player, rounds) of an exported file, every round replayed from its own log and checked: a
    benchmark-protocol round, over, dealt from the benchmark's seed of its index.  Bad input raises a
    ``ValueError`` of one sentence naming ``name``."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError(f"{name} is not an exported rounds file (it is not JSON).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{name} is not an exported rounds file of the benchmark board.")
    if data.get("version") != VERSION:
        raise ValueError(
            f"{name} is from version {data.get('version')} of the file; this kit reads {VERSION}."
        )
    player, entries = data.get("player"), data.get("rounds")
    if not isinstance(player, str) or not isinstance(entries, list):
        raise ValueError(f"{name} is damaged: it names no player or holds no list of rounds.")
    runs = []
    for k, entry in enumerate(entries, start=1):
        where = f"round {k} of {name}"
        if not isinstance(entry, dict) or not isinstance(entry.get("index"), int):
            raise ValueError(f"{where} is damaged: it gives no round index.")
        try:
            r = load_round(json.dumps(entry.get("log")))
        except ValueError as error:
            raise ValueError(f"{where} does not replay: {str(error).splitlines()[0]}") from None
        if not isinstance(r, SoloRound) or not r.benchmark:
            raise ValueError(f"{where} was not played under the benchmark's protocol.")
        if not r.is_over:
            raise ValueError(f"{where} was not played to its end, so it has no result.")
        index = entry["index"]
        if round_seed(r.rule.text, index) != r.seed:
            raise ValueError(f"{where} was not dealt from the benchmark's deck of its round {index}.")
        runs.append(SoloRun.of_round(r, player, index))
    return player, runs


def load_rounds(paths: Iterable[str | Path]) -> dict[str, list[SoloRun]]:
    """Each file's rounds (by the file's player; two files of one player add up), replayed and checked;
    a folder stands for the ``.json`` files in it (the class folder the boards export into)."""
    out: dict[str, list[SoloRun]] = {}
    files = [
        f for path in map(Path, paths) for f in (sorted(path.glob("*.json")) if path.is_dir() else [path])
    ]
    for p in files:
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"Cannot read {p.name}: {getattr(error, 'strerror', None) or error}.") from None
        player, runs = read_rounds_file(text, p.name)
        out.setdefault(player, []).extend(runs)
    return out


def table_text(rows: Sequence[BaselineRow]) -> str:
    """People's rows beside the published models, ranked by mean floored score (an empty row last)."""
    lines = [f"{'player':34} {'solved':>7} {'score':>6} {'wrong':>6} {'raw':>6}  rounds"]
    ranked: list[tuple[float, str]] = []
    for row in rows:
        solved, mean, wrong, raw = row.solved, row.mean_score, row.wrong_guesses, row.raw_mean
        if solved is not None and mean is not None and wrong is not None and raw is not None:
            line = f"{row.label[:34]:34} {solved:7.1%} {mean:6.2f} {wrong:6.2f} {raw:6.2f}  {row.rounds}"
            ranked.append((mean, line))
    for p in PUBLISHED:
        ranked.append(
            (p.mean_score, f"{p.model[:34]:34} {p.solved:7.1%} {p.mean_score:6.2f} {p.wrong_guesses:6.2f}")
        )
    lines += [line for _score, line in sorted(ranked, key=lambda x: -x[0])]
    lines += [row.sentence() for row in rows if not row.rounds]
    lines.append(f"published rows: {PUBLISHED_SOURCE} (26 rules x 3 rounds a model; no raw mean published)")
    return "\n".join(lines)


def run_cli(args: Any) -> int:
    """``eleusis-lab bench --human FILE...``: each file's row, the class's row over them all, beside the
    published table."""
    by_player = load_rounds(args.human)
    rows = [baseline_row(runs, player) for player, runs in by_player.items()]
    every = [run for runs in by_player.values() for run in runs]
    if len(by_player) > 1 or not every:
        rows.append(baseline_row(every, f"all {len(by_player)} players"))
    off = sum(1 for run in every if run.rule not in _BENCHMARK_TEXTS)
    if args.json:
        print(json.dumps([row.to_dict() for row in rows], ensure_ascii=False))
        return 0
    print(table_text(rows))
    if off:
        print(f"{off} of the {len(every)} rounds played a rule outside the benchmark's 26.")
    return 0
