"""Rules in words: how fast English is made, how fast the chooser answers, and how often it finds the rule.

Prints the time to render the library and 2,000 random rules into English, the chooser's first call
(reading every candidate once per process) and later calls, and the words-to-rules hit rates: the
benchmark's 26 rules found from their own English (the right rule, by the exact judge, among the
candidates shown), and the library's standard-deck rules found from their titles (a set the chooser was
never tuned on).

    .venv/bin/python benchmarks/bench_words.py
"""

from __future__ import annotations

import random
import statistics
import time

from eleusis_lab.rules import Rule, RuleError, library
from eleusis_lab.rules.english import describe
from eleusis_lab.rules.judge import judge
from eleusis_lab.science import words
from eleusis_lab.science.benchmark import RULES as BENCHMARK_RULES
from eleusis_lab.science.random_rules import rule_text
from eleusis_lab.science.words import _candidates, closest_rules


def _found(text: str, sentence: str) -> bool:
    return any(judge(text, match.text).same for match in closest_rules(sentence))


def main() -> None:
    started = time.perf_counter()
    for entry in library.ENTRIES:
        describe(entry.rule)
    print(f"English of the {len(library.ENTRIES)} library rules: {time.perf_counter() - started:.2f} s")

    rng = random.Random(1)
    texts: list[str] = []
    while len(texts) < 2000:
        try:
            texts.append(Rule.parse(rule_text(rng)).text)
        except RuleError:
            continue
    started = time.perf_counter()
    for text in texts:
        describe(text)
    print(f"English of 2,000 random rules: {time.perf_counter() - started:.2f} s")

    started = time.perf_counter()
    count = len(_candidates("standard"))
    print(f"Chooser's candidates read once: {count} rules in {time.perf_counter() - started:.2f} s")
    times = []
    for rule in BENCHMARK_RULES:
        started = time.perf_counter()
        closest_rules(rule.english)
        times.append(time.perf_counter() - started)
    median, most = 1000 * statistics.median(times), 1000 * max(times)
    print(f"Chooser per sentence: median {median:.0f} ms, max {most:.0f} ms")

    # The first words on the projector: read cold when Enter is pressed (as a student's board does), or
    # warmed up in the background since the class board was built, the class reading it for 3 s first.
    for warmed in (False, True):
        words._read_candidates.cache_clear()
        words._WARMED.clear()
        if warmed:
            words.warm_up("standard")
            time.sleep(3.0)
        started = time.perf_counter()
        closest_rules("the colours go red, black, red, black")
        how = "warmed up when the class board was built, 3 s before" if warmed else "read at Enter"
        print(f"First words, candidates {how}: {time.perf_counter() - started:.2f} s")

    hits = [r.key for r in BENCHMARK_RULES if _found(r.text, r.english)]
    print(f"Benchmark rules found from their own English: {len(hits)} of {len(BENCHMARK_RULES)}")
    titled = library.playable("standard")
    hits = [e.key for e in titled if _found(e.text, e.title)]
    print(f"Library rules found from their titles (never tuned on): {len(hits)} of {len(titled)}")


if __name__ == "__main__":
    main()
