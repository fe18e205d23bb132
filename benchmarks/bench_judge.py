"""The exact judge (``eleusis-lab judge``) against the rounds' own guess judging, and its speed.

Every playing-card rule of the library is paired with every other (and with itself): the judge's
answer must equal what an Express round answers when a player guesses that rule right after a right
play.  The letter game has no guessing, so its rules' pairs are only timed.  Prints the pairs, the
disagreements (goal 0), the judge's pairs per
second, and the slowest pair.  Run: ``.venv/bin/python benchmarks/bench_judge.py`` (about a minute).
"""

from __future__ import annotations

import statistics
import sys
import time

from eleusis_lab import new_round
from eleusis_lab.rules import library
from eleusis_lab.rules.judge import judge

NAMES = ["Ana", "Ben", "Cy"]


def round_verdict(secret: str, guess_text: str) -> bool | None:
    """The round's own judging of a guess made right after a right play (None: no right play found)."""
    game = new_round("express", NAMES, secret, seed=11)
    rule = game.rule
    for _ in range(60):
        player = game.current_player
        if player is None or game.is_over:
            return None
        right = [c for c in game.hand(player) if rule.accepts(c, game.mainline, game.player_info(player))]
        wrong = [c for c in game.hand(player) if c not in right]
        if right:
            game.play(player, right[0])
            return bool(game.guess(player, guess_text).correct)
        game.play(player, wrong[0])
    return None


def main() -> int:
    entries = [e for e in library.ENTRIES if e.acceptable]
    pairs = disagreements = skipped = letter_pairs = 0
    times: list[float] = []
    slowest = (0.0, "", "")
    for secret in entries:
        for guess in entries:
            if guess.deck != secret.deck:
                continue
            expected = None if secret.deck == "letters" else round_verdict(secret.key, guess.text)
            if expected is None and secret.deck != "letters":
                skipped += 1
                continue
            started = time.perf_counter()
            verdict = judge(secret.key, guess.key, player_names=NAMES)
            took = time.perf_counter() - started
            times.append(took)
            slowest = max(slowest, (took, secret.key, guess.key))
            if expected is None:
                letter_pairs += 1
                continue
            pairs += 1
            if verdict.same != expected:
                disagreements += 1
                print(f"DISAGREE {secret.key} ~ {guess.key}: judge {verdict.same}, round {expected}")
    total = sum(times)
    print(
        f"library rules: {len(entries)}; pairs checked against Express rounds: {pairs}; "
        f"letter-deck pairs timed only: {letter_pairs}; skipped (no right play): {skipped}"
    )
    print(f"disagreements with the rounds' own judging: {disagreements} (goal 0)")
    print(
        f"judge: {len(times) / total:.0f} pairs/s; median {statistics.median(times) * 1000:.2f} ms, "
        f"max {slowest[0] * 1000:.1f} ms ({slowest[1]} ~ {slowest[2]})"
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
