"""Guesses in words: a student's sentence in, a handful of rules out, each shown as its English sentence.

The candidates are the library's rules (with their own sentences), the rules the builder's rows make
in the shapes people say (one row; two rows joined by *and* / *or*; *if* a row *then* a row *otherwise*
its opposite; "the first card is …, then …"; see :func:`_shapes`) and the hypothesis space's most
plausible rules, each read in English by :func:`eleusis_lab.rules.english.english`.  They are ranked
by the words they share with the sentence after both are put into one vocabulary ("colours alternate"
and "change colour" meet at *colour* and *differ*), words in brackets counting less, word order
counting a little ("hearts, spades, clubs" is not "spades, hearts, clubs"), then by plausibility.
Nonsense never reaches the list: a rule no card can ever follow (``card is red and card is black``) or
one every card always follows is dropped by the kit's checks, and of rules that play the same
(by the exact judge) only the best-ranked is shown.  No network, no language model: a word list.

>>> closest_rules("alternate colours")[0].text
'card.color != prev.color'
>>> closest_rules("purple elephants")
[]
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from eleusis_lab.rules import ast as A

__all__ = [
    "MAX_OFFERED",
    "RuleBoxReading",
    "RuleMatch",
    "closest_rules",
    "plain_english",
    "read_rule_box",
    "warm_up",
]

#: At most this many candidates are offered (one row each, read aloud at projector size).
MAX_OFFERED = 5

# Words of a sentence put into one vocabulary; words not listed are kept as they are.
_SAME_AS = {
    "colour": "color", "colours": "color", "colors": "color", "coloured": "color",
    "alternate": "differ", "alternating": "differ", "alternates": "differ", "alternately": "differ",
    "different": "differ", "differs": "differ", "change": "differ", "changes": "differ",
    "other": "differ", "opposite": "differ", "switch": "differ", "switches": "differ", "swap": "differ",
    "another": "differ", "turns": "differ", "not": "not", "same": "same", "equal": "same",
    "match": "same", "matches": "same", "matching": "same", "stay": "same", "stays": "same",
    "share": "same", "shares": "same", "repeat": "same", "repeats": "same",
    "higher": "higher", "greater": "higher", "bigger": "higher", "larger": "higher", "above": "higher",
    "up": "higher", "more": "higher", "increasing": "higher", "increase": "higher", "increases": "higher",
    "rising": "higher", "climb": "higher",
    "lower": "lower", "smaller": "lower", "less": "lower", "below": "lower", "down": "lower",
    "decreasing": "lower", "decrease": "lower", "decreases": "lower", "falling": "lower",
    "previous": "prev", "last": "prev", "top": "prev", "before": "prev", "after": "prev",
    "follows": "prev", "then": "prev", "on": "prev", "just": "prev",
    "reds": "red", "blacks": "black", "suits": "suit", "ranks": "rank", "numbers": "rank", "number": "rank",
    "value": "rank", "values": "rank", "evens": "even", "odds": "odd", "primes": "prime",
    "court": "face", "picture": "face", "faces": "face", "royal": "face",
    "spade": "spades", "heart": "hearts", "diamond": "diamonds", "club": "clubs",
    "big": "high", "small": "low", "place": "position", "places": "position", "positions": "position",
    "letters": "letter", "inks": "ink", "shapes": "shape", "outlines": "outline", "circles": "circle",
    "squares": "square", "sum": "add", "adds": "add", "total": "add", "plus": "add",
    "aces": "1", "jacks": "11", "queens": "12", "kings": "13",
    "start": "first", "starts": "first", "starting": "first", "starter": "first", "begin": "first",
    "begins": "first", "between": "from", "forbidden": "not", "never": "not", "no": "not",
    "cyclic": "round", "cycle": "round", "order": "round", "least": "most", "lowest": "most",
    "highest": "most", "away": "gap", "apart": "gap", "gap": "gap", "distance": "gap",
    "ace": "1", "jack": "11", "queen": "12", "king": "13",
}  # fmt: skip
#: Phrases read as one word before the words are split.
_PHRASES = {
    "<=": " lower ", ">=": " higher ", "≤": " lower ", "≥": " higher ", "<": " lower ", ">": " higher ",
    "number card": " numbercard ", "face card": " face ", "up or down": " gap ", "or more": " higher ",
    "or less": " lower ", "or fewer": " lower ", "or above": " higher ", "or below": " lower ",
}  # fmt: skip
#: "at least 5" is a bound; "at least one property" is not.
_BOUNDS = ((re.compile(r"\bat most (?=\d)"), " lower "), (re.compile(r"\bat least (?=\d)"), " higher "))
#: Words that stand for two ideas at once: "parity" is even-or-odd, "pairs" come in even places.
_EXPANDS = {
    "parity": ("even", "odd"),
    "pairs": ("even", "position"),
    "doubles": ("even", "position"),
    "twos": ("even", "position"),
}
_STOP_WORDS = (
    "s a an the card cards must be is are of to play played plays and or it its any one only "
    "in by as with than from can may you your if else when every each this that whose which was were "
    "has have had their them they allowed line next following inclusive etc so what who but at"
)
_STOP = frozenset(_STOP_WORDS.split()) - {"from"}
_WORD = re.compile(r"[a-z]+|\d+")
#: A word inside brackets counts this much (brackets hold examples and asides, not the rule).
_ASIDE = 0.3


#: Phrases that say nothing about the rule (every rule lets any card start where it reads no card).
_NO_CONSTRAINT = re.compile(
    r"any card (?:may|can) (?:start|begin)(?: the line)?|the first (?:two|three) cards may be anything",
    re.IGNORECASE,
)


def _tokens(text: str) -> list[tuple[str, float]]:
    """The sentence's words in order, in the one vocabulary, each with its weight."""
    lowered = _NO_CONSTRAINT.sub(" ", text.lower())
    for phrase, word in _PHRASES.items():
        lowered = lowered.replace(phrase, word)
    for bound, word in _BOUNDS:
        lowered = bound.sub(word, lowered)
    out: list[tuple[str, float]] = []
    depth = 0
    for piece in re.split(r"([()\[\]])", lowered):
        if piece in ("(", "["):
            depth += 1
            continue
        if piece in (")", "]"):
            depth = max(0, depth - 1)
            continue
        weight = _ASIDE if depth else 1.0
        for raw in _WORD.findall(piece):
            for word in _EXPANDS.get(raw, (_SAME_AS.get(raw, raw),)):
                if word not in _STOP:
                    out.append((sys.intern(word), weight))  # one copy of each word for 10,000 rules
    return out


def _main_words(tokens: list[tuple[str, float]]) -> frozenset[str]:
    """The words outside brackets (a candidate's asides, "(J, Q, K)", are not what it says)."""
    return frozenset(word for word, weight in tokens if weight == 1.0)


def _words(text: str) -> frozenset[str]:
    return frozenset(word for word, _ in _tokens(text))


def _pairs(tokens: list[tuple[str, float]]) -> frozenset[str]:
    """Two words in a row ("hearts spades"), for word order: one shared string per pair."""
    return frozenset(sys.intern(f"{a} {b}") for (a, _), (b, _) in itertools.pairwise(tokens))


def plain_english(rule_text: str) -> str:
    """A rule's text read aloud in plain English (the library's sentence for a library rule).

    >>> plain_english("card.color != prev2.color")
    'Play a card of the other colour than the second-to-last card. The first two cards may be anything.'
    """
    from eleusis_lab.rules.english import english

    return english(rule_text)


@dataclass(frozen=True)
class RuleMatch:
    """A rule offered for a sentence: its text, how it reads, where it comes from, and its score."""

    text: str
    english: str
    source: str  # a library key, "builder" (a shape of the builder's rows) or "hypothesis space"
    score: float


@dataclass(frozen=True)
class _Candidate:
    text: str
    english: str
    source: str
    plausible: float
    #: The words of each reading of the rule (the library's sentence and the generated one).
    readings: tuple[tuple[str, ...], ...]
    pairs: tuple[str, ...]
    #: For two rows joined by and/or, each row's words: both must be said for the pair to be offered.
    halves: tuple[tuple[str, ...], ...] = ()


#: One tuple object for each distinct set of words: the 10,000 candidates share their rows' words (a
#: row is half of a hundred pairs), which keeps the chooser's memory in a student's kernel small.
_ONE_COPY: dict[tuple[str, ...], tuple[str, ...]] = {}


def _kept(words: frozenset[str]) -> tuple[str, ...]:
    key = tuple(sorted(words))
    return _ONE_COPY.setdefault(key, key)


def _candidate(node: A.Node, source: str, plausible: float, shown: str | None = None) -> _Candidate:
    """A candidate read by the generated sentence and, for a library rule, by its own (``shown``)."""
    from eleusis_lab.rules.english import sentence
    from eleusis_lab.rules.printer import to_text

    generated = sentence(node)
    tokens = _tokens(shown or generated)
    topics = _topics(node)
    readings = [_kept(_main_words(tokens) | topics)]
    if shown is not None:
        readings.append(_kept(_main_words(_tokens(generated)) | topics))
    halves: tuple[tuple[str, ...], ...] = ()
    if isinstance(node, A.BoolOp):
        halves = tuple(
            _kept(_main_words(_tokens(sentence(half))) | _topics(half)) for half in (node.left, node.right)
        )
    pairs = _kept(_pairs(tokens))
    return _Candidate(to_text(node), shown or generated, source, plausible, tuple(readings), pairs, halves)


# -- the candidates -----------------------------------------------------------------------------------
def _rows(deck: str) -> dict[str, list[tuple[str, A.Node]]]:
    """Single rows of the builder (with their property), by role: conditions on the card alone
    (``card``), on the card and the last card (``relation``), on earlier cards or the position
    (``condition``)."""
    from eleusis_lab.rules.builder import PROPERTIES, Part, part_tree

    predicates = [p for p in PROPERTIES.values() if p.kind == "predicate" and p.deck == deck]
    attributes = [p for p in PROPERTIES.values() if p.kind == "attribute" and p.deck == deck]
    own: list[Part] = []
    relation: list[Part] = []
    condition: list[Part] = []
    for p in predicates:
        for value in p.values:
            own.append(Part("card", p.key, "is", (value,)))
            condition += [Part("prev", p.key, "is", (value,)), Part("card", p.key, "is", (value,))]
        if p.key == "prime" or p.key == "blank":
            own.append(Part("card", p.key, "is not", (p.values[0],)))
        for other in ("prev", "prev2"):
            relation += [Part("card", p.key, how, (other,)) for how in ("same as", "different from")]
    for p in attributes:
        for value in p.values:
            own += [Part("card", p.key, "is", (value,)), Part("card", p.key, "is not", (value,))]
            condition.append(Part("prev", p.key, "is", (value,)))
        for size in (2, 3):
            if size < len(p.values):  # "a circle or a square" is every lettered card: no rule
                own += [Part("card", p.key, "one of", c) for c in itertools.combinations(p.values, size)]
        for other in ("prev", "prev2"):
            relation += [Part("card", p.key, how, (other,)) for how in ("same as", "different from")]
        if p.key in ("suit", "letter", "ink"):
            first, *rest = p.values
            relation += [
                Part("card", p.key, "comes after", ("prev", first, *o)) for o in itertools.permutations(rest)
            ]
    if deck == "standard":
        ranks = PROPERTIES["rank"].values
        own += [Part("card", "rank", "is", (value,)) for value in ranks]
        for value in ranks[1:-1]:  # "at most king" and "at least ace" hold for every card
            own += [Part("card", "rank", how, (value,)) for how in ("at most", "at least")]
        own += [Part("card", "rank", "between", (a, b)) for a, b in itertools.combinations(ranks, 2)]
        for how in ("same as", "different from", "higher than", "lower than", "at least", "at most"):
            relation.append(Part("card", "rank", how, ("prev",)))
        relation += [
            Part("card", "rank", "one above", ("prev",)),
            Part("card", "rank", "one below", ("prev",)),
        ]
        relation += [Part("card", "rank", "within", ("prev", str(n))) for n in range(1, 5)]
        relation += [Part("card", "rank", "at least … away from", ("prev", str(n))) for n in range(3, 8)]
    condition += [Part("position", "place", "is", (v,)) for v in ("first", "odd", "even")]
    return {
        "card": [(p.prop, part_tree(p)) for p in own],
        "relation": [(p.prop, part_tree(p)) for p in relation],
        "condition": [(p.prop, part_tree(p)) for p in condition],
    }


def _opposite(node: A.Node) -> A.Node | None:
    """The row that holds exactly when ``node`` does not, in the same words' shape ("odd" for "even")."""
    from eleusis_lab.rules.english import OPPOSITE

    if isinstance(node, A.Is):
        if node.predicate in OPPOSITE and not node.negated:
            return A.Is(node.operand, OPPOSITE[node.predicate])
        return A.Is(node.operand, node.predicate, not node.negated)
    if isinstance(node, A.Compare) and not isinstance(node.left, A.Is):
        flip = {"==": "!=", "!=": "==", "<": ">", ">": "<", "<=": ">=", ">=": "<="}[node.op]
        return A.Compare(flip, node.left, node.right)
    if isinstance(node, A.Compare):
        return A.Compare("!=" if node.op == "==" else "==", node.left, node.right)
    return None


def _shapes(deck: str) -> Iterator[tuple[A.Node, float]]:
    """Rules in the shapes people say, with how plausible each shape is."""
    rows = _rows(deck)
    simple = rows["card"] + rows["relation"]
    for _prop, node in simple:
        yield node, 0.8
    # Two rows about two different properties ("black face cards"); ranges and orders stay single.
    combinable = [
        (prop, n)
        for prop, n in simple
        if not (isinstance(n, A.In) and isinstance(n.container, A.Range))
        and not (isinstance(n, A.Compare) and isinstance(n.right, A.Call))
    ]
    for (first, left), (second, right) in itertools.combinations(combinable, 2):
        if first != second:
            yield A.BoolOp("and", left, right), 0.5
            yield A.BoolOp("or", left, right), 0.5
    for _prop, cond in rows["condition"]:
        for _then_prop, then in simple:
            other = _opposite(then)
            if other is not None and not (isinstance(then, A.Compare) and isinstance(then.right, A.Call)):
                yield A.If(cond, then, other), 0.5


_RANK_PREDICATES = frozenset({"even", "odd", "prime", "high", "low", "face", "number"})


def _topics(node: A.Node) -> frozenset[str]:
    """What a rule is about, in the sentence vocabulary: ``card is even`` is about ranks although its
    sentence says only "an even card"."""
    found = set()
    for n in node.walk():
        if isinstance(n, A.Is) and n.predicate in _RANK_PREDICATES:
            found.add("rank")
        elif isinstance(n, A.Is) and n.predicate in ("red", "black"):
            found.add("color")
        elif isinstance(n, A.Attr):
            found.add(_SAME_AS.get(n.name, n.name))
        elif isinstance(n, A.Compare) and n.op in ("==", "!=") and _two_cards(n):
            found.add("same" if n.op == "==" else "differ")  # "(card is face) != (prev is face)" alternates
    return frozenset(found)


def _two_cards(node: A.Compare) -> bool:
    """Whether a comparison sets the card against an earlier card."""
    if type(node.left) is not type(node.right) or isinstance(node.left, A.Arith | A.Call):
        return False  # "card.rank == prev.rank + 1" is no sameness
    names = [{r.name for r in side.walk() if isinstance(r, A.Ref)} for side in (node.left, node.right)]
    return "card" in names[0] | names[1] and bool((names[0] | names[1]) & {"prev", "prev2", "prev3"})


#: One reading of the candidates at a time: a lookup made while :func:`warm_up` reads them waits for that
#: reading instead of starting its own.
_READING = threading.Lock()
#: The decks :func:`warm_up` has started reading (a second class board starts no second reading).
_WARMED: set[str] = set()


def _candidates(deck: str) -> tuple[_Candidate, ...]:
    """Every candidate rule of ``deck``, read in English once per process."""
    with _READING:
        return _read_candidates(deck)


def warm_up(deck: str = "standard") -> None:
    """Read ``deck``'s candidates in the background, so the class's first words are answered at once.

    Reading them takes about 2 s on a quiet machine (5 s on a busy one); the projector's class board
    calls this when it is built, long before anyone has typed a sentence.  Where there are no threads
    (Pyodide) or they are already read, it does nothing, and the first lookup reads them as before.
    """
    if sys.platform == "emscripten" or deck in _WARMED:
        return
    _WARMED.add(deck)
    threading.Thread(target=_candidates, args=(deck,), name=f"eleusis-words-{deck}", daemon=True).start()


@functools.lru_cache(maxsize=2)
def _read_candidates(deck: str) -> tuple[_Candidate, ...]:
    from eleusis_lab.rules import library
    from eleusis_lab.rules.english import english
    from eleusis_lab.rules.printer import to_text
    from eleusis_lab.science.space import HypothesisSpace

    out: list[_Candidate] = []
    seen: set[str] = set()

    def add(node: A.Node, source: str, plausible: float, shown: str | None = None) -> None:
        text = to_text(node)
        if text not in seen:
            seen.add(text)
            out.append(_candidate(node, source, plausible, shown))

    for entry in library.playable(deck):
        add(entry.rule.ast, entry.key, 1.0, entry.english)
    for node, plausible in _shapes(deck):
        add(node, "builder", plausible)
    classes = HypothesisSpace(deck).classes(200, pool=2000)
    cheapest = min((c.cost for c in classes), default=0.0)
    for c in classes:
        rule = c.rule
        add(rule.ast, "hypothesis space", math.exp(cheapest - c.cost), english(rule))
    return tuple(out)


# -- ranking ------------------------------------------------------------------------------------------
#: Words that speak of an earlier card without naming it ("alternate", "the same suit").
_RELATIONAL = frozenset({"prev", "differ", "same", "higher", "lower", "round", "gap"})
#: Words too general to show that a row was said.
_GENERIC = frozenset({"not", "prev", "rank"})


def _ranked(sentence: str, candidates: tuple[_Candidate, ...]) -> list[tuple[float, _Candidate]]:
    tokens = _tokens(_NO_CONSTRAINT.sub(" ", sentence))
    if not tokens:
        return []
    weight: dict[str, float] = {}
    for word, w in tokens:
        # Numbers count half: "cards 1 and 2" are places, "(2,4,6)" examples, as often as ranks.
        w = w / 2 if word.isdigit() else w
        weight[word] = max(weight.get(word, 0.0), w)
    total = sum(weight.values())
    said_pairs = _pairs(tokens)
    speaks_of_earlier = bool(_RELATIONAL & weight.keys())
    ranked = []
    for c in candidates:
        if any(not any(w in weight and w not in _GENERIC for w in half) for half in c.halves):
            continue  # one of the two rows is not said at all ("… or the card is not prime")
        best = None
        for words in c.readings:
            shared = [w for w in words if w in weight]
            if not shared:
                continue
            covered = sum(weight[w] for w in shared) / total
            in_order = sum(p in said_pairs for p in c.pairs)
            # Most of the sentence covered first, then few words left over, word order, the plainer rule.
            score = covered + 0.5 * len(shared) / len(words) + 0.1 * in_order + 0.2 * c.plausible
            if "prev" in words and not speaks_of_earlier:
                score -= 0.3  # the sentence never speaks of an earlier card
            best = score if best is None else max(best, score)
        if best is not None:
            ranked.append((best, c))
    ranked.sort(key=lambda t: (-t[0], len(t[1].text), t[1].text))
    return ranked


@functools.lru_cache(maxsize=2)
def _starters(deck: str) -> tuple[_Candidate, ...]:
    """Rows about the card alone, for "the first card must be …"."""

    return tuple(_candidate(node, "builder", 0.8) for _prop, node in _rows(deck)["card"])


def _with_a_start(sentence: str, deck: str) -> tuple[_Candidate, ...]:
    """Rules for a sentence that says how the line starts ("The starting card must be between 5 and 9"):
    ``if position == 1 then <start> else <the rest>``, the start and the rest each matched on their own
    part of the sentence."""
    from eleusis_lab.rules import Rule

    clauses = [c for c in re.split(r"[.;:!?]\s+|[.;:!?]$", _NO_CONSTRAINT.sub(" ", sentence)) if c.strip()]
    starts = [c for c in clauses if "first" in _words(c)]
    rest = [c for c in clauses if c not in starts]
    if not starts or not rest:
        return ()
    first = _ranked(" ".join(starts), _starters(deck))[:1]
    others = [c for _s, c in _ranked(" ".join(rest), _candidates(deck))[:3]]
    out = []
    for _score, start in first:
        for other in others:
            first_card = A.Compare("==", A.Ref("position"), A.Int(1))
            out.append(
                _candidate(
                    A.If(first_card, Rule.parse(start.text).ast, Rule.parse(other.text).ast), "builder", 0.5
                )
            )
    return tuple(out)


def _library_keys() -> list[str]:
    from eleusis_lab.rules import library

    return library.keys()


def _sensible(text: str) -> bool:
    """False for a rule no card can ever follow or one every card always follows (the kit's checks)."""
    from eleusis_lab.rules.checks import check

    report = check(text)
    return report.playable_max > 0 and report.playable_min < 1


_LIBRARY_KEYS = frozenset(_library_keys())


def closest_rules(sentence: str, *, deck: str = "standard", k: int = MAX_OFFERED) -> list[RuleMatch]:
    """At most ``k`` (and at most :data:`MAX_OFFERED`) rules closest to ``sentence``, best first, each with
    its English; empty when no word of it matches any rule."""
    from eleusis_lab.rules import Rule
    from eleusis_lab.rules.checks import same_rule

    wanted = max(0, min(k, MAX_OFFERED))
    chosen: list[tuple[float, _Candidate, Rule]] = []
    ranked = _ranked(sentence, _candidates(deck) + _with_a_start(sentence, deck))
    for score, c in ranked[: 8 * MAX_OFFERED]:
        if len(chosen) >= wanted:
            break
        rule = Rule.parse(c.text)
        if not _sensible(c.text):
            continue
        twin = next((k for k, (_s, _c, other) in enumerate(chosen) if same_rule(rule, other).same), None)
        if twin is not None:
            # Plays as a rule already offered: one row is enough, the library's own if it is one.
            if c.source in _LIBRARY_KEYS and chosen[twin][1].source not in _LIBRARY_KEYS:
                chosen[twin] = (chosen[twin][0], c, rule)
            continue
        chosen.append((score, c, rule))
    return [RuleMatch(c.text, c.english, c.source, round(score, 3)) for score, c, _rule in chosen]


# -- a rule box that takes rule text or words --------------------------------------------------------
#: Characters that only rule text uses: text with one of them was meant as rule text.
_RULE_SIGNS = re.compile(r"[.=<>\[\]()%]")


@dataclass(frozen=True)
class RuleBoxReading:
    """What a rule box makes of what was typed: a ``rule``, or ``matches`` for words, and a ``message``.

    ``message`` is one line for the person who typed it (the teacher's side): the parser's reason and
    hint for a rule-text typo ("unknown attribute `colour`; did you mean `color`?"), never the text
    typed; it is "" when the text is a rule.  Show it where the class cannot read it.
    """

    rule: object | None
    matches: tuple[RuleMatch, ...]
    message: str


def read_rule_box(text: str, *, deck: str = "standard") -> RuleBoxReading:
    """Rule text gives its rule; words give the closest rules to pick from; a typo gives the hint.

    >>> read_rule_box("card.colour == red").message
    'Not a rule yet (column 6): unknown attribute `colour`; did you mean `color`?'
    >>> [m.text for m in read_rule_box("alternate colours").matches][:1]
    ['card.color != prev.color']
    """
    from eleusis_lab.rules import Rule, RuleError

    if not text.strip():
        return RuleBoxReading(None, (), "Type a rule, or say it in words.")
    try:
        return RuleBoxReading(Rule.parse(text), (), "")
    except RuleError as err:
        error = err
    if not _RULE_SIGNS.search(text):
        matches = tuple(closest_rules(text, deck=deck))
        if matches:
            return RuleBoxReading(None, matches, "That reads as words: pick the rule you mean.")
        return RuleBoxReading(None, (), "No rule matches those words: try other words, or the rule builder.")
    where = f" (column {error.column})" if error.offset is not None else ""
    hint = f"; {error.hint}" if error.hint else ""
    return RuleBoxReading(None, (), f"Not a rule yet{where}: {error.reason}{hint}")
