"""Time rule checks and rule equivalence over the whole library (prints numbers, asserts nothing).

    .venv/bin/python benchmarks/bench_checks.py

For every library rule: ``check`` (exhaustive where possible), ``same_rule`` against the same rule in
other words (``(RULE) and true``: the full search, no shortcut), and ``same_rule`` against the next
library rule of the same deck (usually stops at the first counterexample).
"""

from __future__ import annotations

import statistics
import time

from eleusis_lab.rules import Rule, library
from eleusis_lab.rules.checks import check, same_rule


def _timed(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t0


def main() -> None:
    entries = list(library.ENTRIES)
    rows = []
    for i, entry in enumerate(entries):
        rule = entry.rule
        report, t_check = _timed(check, rule)
        same, t_same = _timed(same_rule, Rule.parse(f"({entry.text}) and true"), rule)
        other = next(e for e in entries[i + 1 :] + entries[:i] if e.deck == entry.deck)
        diff, t_diff = _timed(same_rule, other.rule, rule)
        assert same.same and not diff.same  # sanity: the benchmark measures real work
        rows.append((entry.key, rule.lookback, report.method, report.situations, t_check, t_same, t_diff))

    print(f"{'rule':<24} {'lb':>2} {'method':<11} {'situations':>10} {'check':>8} {'same':>8} {'differ':>8}")
    for key, lb, method, n, tc, ts, td in rows:
        print(
            f"{key:<24} {lb:>2} {method:<11} {n:>10} "
            f"{tc * 1000:>6.1f}ms {ts * 1000:>6.1f}ms {td * 1000:>6.1f}ms"
        )
    for label, col in (("check", 4), ("same_rule (same)", 5), ("same_rule (differ)", 6)):
        times = [r[col] for r in rows]
        print(
            f"{label:<20} total {sum(times):6.2f}s  median {statistics.median(times) * 1000:6.1f}ms  "
            f"max {max(times) * 1000:6.1f}ms"
        )
    lb2 = [r[5] for r in rows if r[1] == 2]
    if lb2:
        print(
            f"same_rule, look-back 2 rules (full search): median {statistics.median(lb2) * 1000:.0f}ms, "
            f"max {max(lb2) * 1000:.0f}ms  (target < 1 s)"
        )
    # raw evaluator speed as seen by the checks
    rule = library.get("gardner-3").rule
    report, t = _timed(check, rule)
    evals = report.situations * report.faces
    print(
        f"gardner-3 check: {evals} (situation, card) verdicts in {t:.3f}s "
        f"= {evals / t:,.0f} per s (rows cached)"
    )


if __name__ == "__main__":
    main()
