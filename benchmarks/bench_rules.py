"""Speed of the rule language: rules parsed per second and plays judged per second.

Run: ``.venv/bin/python benchmarks/bench_rules.py`` (about a minute).  Rates use process CPU time, so
other jobs on a shared machine disturb them less.  Targets: judging >= 200k plays/s
for typical rules; parsing is done once per rule, so a few thousand rules/s is plenty.

Then the worst cases (issue 11, finding 2): rules built to be as slow as the parser allows, and a fuzz
of random accepted rules, each judged, checked (``check``) and compared (``same_rule``, the guess
judgement); target: every one under 1 s.  ``--fuzz N`` sets how many random rules (default 200);
``--hostile N`` how many random and mutated texts are parsed, counting anything but a RuleError.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from eleusis_lab.cards import letter_deck, standard_deck
from eleusis_lab.rules import MAX_LENGTH, PlayerInfo, Rule, RuleError, library
from eleusis_lab.rules import syntax as rule_parser
from eleusis_lab.rules.checks import check, same_rule

DESIGN_EXAMPLES = [
    "if prev is even then card is odd else card is even",
    "card.suit == prev.suit or card.rank == prev.rank",
    "if prev.color == prev2.color then card.rank in 1..7 else card.rank in 7..13",
    "if prev2 is red then card.rank >= prev2.rank else card.rank <= prev2.rank",
    "card.suit == [clubs, spades, hearts, diamonds][prev.rank % 4]",
    "card.suit == next(prev.suit, [spades, hearts, clubs, diamonds])",
    "if len(player.name) is odd then card.color != prev.color else card.color == prev.color",
    'card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])',
]
LONGER = [
    "if position == 1 then card.rank == ace else if prev is face then card is number and card.color != "
    "prev.color else card.rank in cyc(prev.rank + 1)..cyc(prev.rank + 3) or card.suit == prev2.suit",
    "(card is face) != (prev is face) and "
    "(card.suit in [hearts, diamonds] or abs(card.rank - prev.rank) <= 2)",
    "if prev.suit == prev2.suit and prev2.suit == prev3.suit then card.suit != prev.suit "
    "else card.rank % 3 == (prev.rank + prev2.rank) % 3  # three of a suit force a change",
    "card.ink == [red, blue, green][position] and card.shape != prev.shape or card.outline == black",
]


def rate(fn, seconds: float = 1.0) -> tuple[float, int]:
    n, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        fn()
        n += 1
    return n / elapsed, n


def bench_parse() -> None:
    texts = DESIGN_EXAMPLES + LONGER

    # Uncached: what a fresh rule costs (Lark LALR + type check + compile).
    def uncached() -> None:
        for t in texts:
            Rule(rule_parser.parse(t), _source=t)

    per_call, _ = rate(uncached, 2.0)
    print(f"parse+check+compile, uncached: {per_call * len(texts):10,.0f} rules/s  ({len(texts)} rules)")

    def lark_only() -> None:
        for t in texts:
            rule_parser.parse(t)

    per_call, _ = rate(lark_only, 1.0)
    print(f"parse only (Lark+AST):         {per_call * len(texts):10,.0f} rules/s")

    trees = [rule_parser.parse(t) for t in texts]

    def from_trees() -> None:
        for tree in trees:
            Rule(tree)

    per_call, _ = rate(from_trees, 1.0)
    print(f"Rule(tree) check+compile:      {per_call * len(texts):10,.0f} rules/s")

    def cached() -> None:
        for t in texts:
            Rule.parse(t)

    per_call, _ = rate(cached, 0.5)
    print(f"Rule.parse, cached:            {per_call * len(texts):10,.0f} rules/s")


def bench_judge() -> None:
    rng = random.Random(1)
    std, letters = standard_deck(), letter_deck()
    situations = {}
    for deck_name, deck in (("standard", std), ("letters", letters)):
        lines = [[rng.choice(deck) for _ in range(rng.randint(0, 6))] for _ in range(200)]
        cards = [rng.choice(deck) for _ in range(200)]
        situations[deck_name] = list(zip(cards, lines, strict=True))
    player = PlayerInfo("Ada", 1)
    print(f"{'plays judged/s':>14}  rule")
    worst = float("inf")
    for text in DESIGN_EXAMPLES + LONGER:
        rule = Rule.parse(text)
        cases = situations["letters" if rule.deck == "letters" else "standard"]
        accepts = rule.accepts
        start = time.process_time()
        reps = 0
        while time.process_time() - start < 0.6:
            for card, line in cases:
                accepts(card, line, player)
            reps += 1
        per_s = reps * len(cases) / (time.process_time() - start)
        worst = min(worst, per_s)
        print(f"{per_s:14,.0f}  {text[:90]}")
    print(f"slowest rule: {worst:,.0f} plays/s (target 200,000: {'met' if worst >= 200_000 else 'NOT met'})")


# -- worst cases ----------------------------------------------------------------------------------
def _balanced(leaves: list[str], op: str) -> str:
    """Leaves joined by ``op`` as a balanced tree (a chain would pass the nesting limit)."""
    while len(leaves) > 1:
        leaves = [f"({' '.join(pair)})" if len(pair) > 1 else pair[0] for pair in _pairs(leaves, op)]
    return leaves[0]


def _pairs(items: list[str], op: str) -> list[list[str]]:
    return [
        [items[i], op, items[i + 1]] if i + 1 < len(items) else [items[i]] for i in range(0, len(items), 2)
    ]


def _longest(leaf, op: str = "or") -> str:  # type: ignore[no-untyped-def]
    """As many leaves as fit in the longest rule the parser accepts."""
    leaves: list[str] = []
    while len(_balanced([*leaves, leaf(len(leaves))], op)) <= MAX_LENGTH:
        leaves.append(leaf(len(leaves)))
    return _balanced(leaves, op)


WORST = {
    "big product is prime": "999999937 * 999999929 is prime",
    "primes near 10^18, 4 cards": _longest(
        lambda k: f"(prev3.rank + 999999000) * (card.rank + {999999000 + k}) is prime"
    ),
    "longest or-chain, 4 cards": _longest(lambda k: f"prev3.rank * prev2.rank + prev.rank == {k + 200}"),
    "longest and-chain (accepts most)": _longest(
        lambda k: f"card.rank * prev.rank + prev2.rank != {k + 500}", "and"
    ),
    "deepest ifs": "card.rank == "
    + "".join(
        f"(if prev{'' if k % 3 == 0 else k % 3 + 1}.rank > {k % 13} then {k % 13} else " for k in range(28)
    )
    + "card.rank"
    + ")" * 28,
    "position squared, prime": "(position * position * 999 + card.rank) is prime",
    "lists and next": "card.suit == next(prev.suit, ["
    + ", ".join(["spades", "hearts", "clubs", "diamonds"] * 20)
    + "]) or card.rank in ["
    + ", ".join(str(k % 13 + 1) for k in range(60))
    + "]",
}


def _timed(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    """(result, seconds of this process's CPU time: a shared machine's other jobs disturb it less)."""
    start = time.process_time()
    out = fn(*args, **kwargs)
    return out, time.process_time() - start


def _measure(text: str, seed: int) -> tuple[float, float, float, float, str]:
    """(parse, slowest single judgement, check, guess judgement) seconds, and the check's method."""
    rng = random.Random(seed)
    rule, t_parse = _timed(Rule.parse, text)
    deck = letter_deck() if rule.deck == "letters" else standard_deck()
    player = PlayerInfo("Ada Lovelace", 1)
    judge = 0.0
    for _ in range(30):
        line = [rng.choice(deck) for _ in range(rng.randint(0, 5))]
        _, t = _timed(rule.accepts, rng.choice(deck), line, player)
        judge = max(judge, t)
    report, t_check = _timed(check, rule, player_names=["Ada Lovelace", "Bo"])
    # the guess judgement: the same rule in other words (the full search, no shortcut)
    same, t_same = _timed(same_rule, Rule.parse(f"({text}) and true"), rule, player_names=["Ada", "Bo"])
    assert same.same
    return t_parse, judge, t_check, t_same, f"{report.method}/{getattr(report, 'random_lines', 0) or '-'}"


def bench_worst() -> None:
    Rule.parse("card is red")  # build the Lark parser once, outside the timings
    print(
        f"\n{'worst case':<34} {'chars':>5} {'parse':>8} {'judge':>8} {'check':>8} {'guess':>8}  method/lines"
    )
    worst = 0.0
    for name, text in WORST.items():
        t_parse, judge, t_check, t_same, method = _measure(text, 1)
        worst = max(worst, judge, t_check, t_same)
        print(
            f"{name:<34} {len(text):>5} {t_parse * 1000:>6.1f}ms {judge * 1000:>6.2f}ms "
            f"{t_check * 1000:>6.0f}ms {t_same * 1000:>6.0f}ms  {method}"
        )
    print(f"slowest worst case: {worst:.3f} s (target < 1 s: {'met' if worst < 1 else 'NOT met'})")


# -- random accepted rules ----------------------------------------------------------------------------
_CARDS = ("card", "prev", "prev2", "prev3")


def _number(rng: random.Random, depth: int) -> str:
    pick = rng.random()
    if depth <= 0 or pick < 0.35:
        return rng.choice(
            [f"{rng.choice(_CARDS)}.rank", str(rng.randint(0, 13)), "position", "player.seat",
             "len(player.surname)", str(rng.randint(10**8, 10**9 - 1))]
        )  # fmt: skip
    if pick < 0.75:
        op = rng.choice(["+", "-", "*", "%"])
        return f"({_number(rng, depth - 1)} {op} {_number(rng, depth - 1)})"
    if pick < 0.85:
        return f"{rng.choice(['cyc', 'abs'])}({_number(rng, depth - 1)})"
    if pick < 0.92:
        return f"min({_number(rng, depth - 1)}, {_number(rng, depth - 1)})"
    return f"(if {_condition(rng, depth - 1)} then {_number(rng, depth - 1)} else {_number(rng, depth - 1)})"


def _condition(rng: random.Random, depth: int) -> str:
    pick = rng.random()
    if depth <= 0 or pick < 0.3:
        kind = rng.random()
        if kind < 0.4:
            op = rng.choice(["==", "!=", "<", "<=", ">", ">="])
            return f"{_number(rng, depth)} {op} {_number(rng, depth)}"
        if kind < 0.7:
            return f"{_number(rng, depth)} is {rng.choice(['prime', 'even', 'odd', 'face', 'high'])}"
        if kind < 0.85:
            a, b = rng.choice(_CARDS), rng.choice(_CARDS)
            return f"{a}.suit == next({b}.suit, [spades, hearts, clubs, diamonds])"
        return f"{rng.choice(_CARDS)}.color != {rng.choice(_CARDS)}.color"
    if pick < 0.75:
        op = rng.choice(["and", "or"])
        return f"({_condition(rng, depth - 1)} {op} {_condition(rng, depth - 1)})"
    if pick < 0.85:
        return f"not ({_condition(rng, depth - 1)})"
    parts = [_condition(rng, depth - 1) for _ in range(3)]
    return f"(if {parts[0]} then {parts[1]} else {parts[2]})"


def bench_fuzz(count: int) -> None:
    rng = random.Random(2026)
    tried = refused = 0
    slowest: dict[str, tuple[float, str]] = {"judge": (0.0, ""), "check": (0.0, ""), "guess": (0.0, "")}
    accepted = 0
    while accepted < count:
        text = _condition(rng, rng.randint(1, 6))
        if len(text) > MAX_LENGTH - 20:  # leave room for the guess's `(…) and true`
            continue
        tried += 1
        try:
            Rule.parse(text)
        except RuleError:
            refused += 1
            continue
        accepted += 1
        _, judge, t_check, t_same, _method = _measure(text, accepted)
        for key, t in (("judge", judge), ("check", t_check), ("guess", t_same)):
            if t > slowest[key][0]:
                slowest[key] = (t, text)
    print(
        f"\nrandom rules: {tried} generated, {refused} refused (numbers past 10^18, 0 divisors …), "
        f"{accepted} timed"
    )
    for key, (t, text) in slowest.items():
        print(f"  slowest {key:<5} {t * 1000:8.1f}ms  {text[:100]}")
    worst = max(t for t, _ in slowest.values())
    print(f"slowest random rule: {worst:.3f} s (target < 1 s: {'met' if worst < 1 else 'NOT met'})")


# -- hostile text: anything but a Rule or a RuleError is a failure -------------------------------------------
_PIECES = [
    "card", "prev", "prev3", ".", "rank", "suit", "surname", "is", "not", "in", "and", "or", "if", "then",
    "else", "==", "=", "<", "+", "-", "*", "%", "(", ")", "[", "]", ",", "..", "...", "0", "7", "999999999",
    "ace", "hearts", "♠", "red", "prime", "next", "cyc", "abs", "len", "min", "#", "\n", '"A"', "'", "“",
    "\x00", "\u202e", "é", "ǅ", "١", "𝟙", " ", "\t", "{", "&&", "**", "⁄",
]  # fmt: skip


def _mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(chars) + 1)
        action = rng.random()
        if action < 0.4 and chars:
            del chars[min(at, len(chars) - 1)]
        elif action < 0.8:
            chars[at:at] = list(rng.choice(_PIECES))
        else:
            chars[at:at] = chars[rng.randrange(len(chars)) :][: rng.randint(1, 30)] if chars else []
    return "".join(chars)


def bench_hostile(count: int) -> None:
    rng = random.Random(11)
    sources = [e.text for e in library.ENTRIES]
    kinds = {"mutated library rule": 0, "random pieces": 0, "random characters": 0}
    failures: list[tuple[str, str]] = []
    accepted = 0
    slowest = 0.0
    for i in range(count):
        pick = i % 3
        if pick == 0:
            text, kind = _mutate(rng, rng.choice(sources)), "mutated library rule"
        elif pick == 1:
            text, kind = " ".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 40))), "random pieces"
        else:
            text = "".join(
                chr(rng.choice([rng.randint(32, 126), rng.randint(0, 0x2FFF)]))
                for _ in range(rng.randint(0, 60))
            )
            kind = "random characters"
        kinds[kind] += 1
        start = time.perf_counter()
        try:
            rule = Rule.parse(text)
            rule.accepts(standard_deck()[i % 52], standard_deck()[:3], PlayerInfo("Ada", 0))
            accepted += 1
        except RuleError:
            pass
        except Exception as error:
            failures.append((text, f"{type(error).__name__}: {error}"))
        slowest = max(slowest, time.perf_counter() - start)
    print(
        f"\nhostile texts: {count} ({', '.join(f'{n} {k}' for k, n in kinds.items())}); "
        f"{accepted} parsed as rules"
    )
    print(
        f"  failures other than RuleError: {len(failures)} (goal 0); "
        f"slowest parse+judge {slowest * 1000:.1f}ms"
    )
    for text, error in failures[:10]:
        print(f"  {text!r}: {error}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--fuzz", type=int, default=200, help="random accepted rules to time")
    parser.add_argument("--hostile", type=int, default=10_000, help="random and mutated texts to parse")
    parser.add_argument("--only-worst", action="store_true", help="skip the speed rates")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    if not args.only_worst:
        bench_parse()
        bench_judge()
    bench_worst()
    bench_fuzz(args.fuzz)
    bench_hostile(args.hostile)
