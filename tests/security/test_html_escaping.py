"""Text from users reaches HTML only escaped: hostile names, rule texts, hints, guesses and hypotheses are
swept through every widget and every HTML renderer of the package (issue 11, finding 4).

The sweep is generic so that new boards and renderers are held to it as well:

- every public widget class of ``eleusis_lab.widgets`` must be built at least once by the scenarios
  below (directly or as part of a board), and after every step *every live widget* is read: HTML
  values, HTML descriptions, and the HTML outputs of Output widgets;
- every public ``*_html``/``*_svg`` function and every ``_repr_html_``/``_repr_svg_`` of the package
  is discovered by walking its modules, and must either be fed hostile text here or be listed in
  ``NO_USER_TEXT`` with the reason why no user text can reach it.

A page is unsafe when the HTML parser finds an element or attribute that only the hostile text could
have brought: the ``<xss-probe>`` tag, ``<script>``, an ``on…`` event attribute or ``data-xss``.

Reproducer (finding 4): ``ScoreCalculator(players=["<img src=x onerror=alert(1)>"])`` put the name into
a ``w.HTML`` unescaped, so the image's ``onerror`` ran in the teacher's browser.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from html import escape
from html.parser import HTMLParser
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets import widget as widget_module

import eleusis_lab
from eleusis_lab.cards import parse_cards
from eleusis_lab.play import new_round
from eleusis_lab.play.driver import play_out, seat_computers

HOSTILE = (
    "<xss-probe>",
    "<img src=x onerror=alert(1) data-xss=1>",
    '"><xss-probe a=1>',
    "'><xss-probe>",
    "</textarea></style></title><xss-probe>",
    '" onmouseover="alert(1)" data-xss="1',
    "' onmouseover='alert(1)' data-xss='1",
    "<script>alert(1)</script>",
    "<svg onload=alert(1)>",
)
# Player names must differ and be non-empty; each one carries a payload.
NAMES = [
    "Ana <xss-probe>",
    "<img src=x onerror=alert(1) data-xss=1>",
    'Cy"><xss-probe a=1>',
    "Dee' onmouseover='x' data-xss='1",
]
# A rule text that parses and keeps a hostile string literal in its canonical text.
HOSTILE_RULE = "card.color != prev.color or player.name == '<img src=x onerror=alert(1) data-xss=1>'"
HOSTILE_WORDS = 'red then black "><xss-probe> <script>alert(1)</script>'
HOSTILE_HINT = "<svg onload=alert(1)> it concerns colours"
BAD_RULE = "card.colour == <xss-probe> <img src=x onerror=alert(1)>"


class _Probe(HTMLParser):
    """Collects what the hostile text could have smuggled in as markup."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("xss-probe", "script"):
            self.found.append(f"<{tag}>")
        for name, _value in attrs:
            if name.startswith("on") or name == "data-xss":
                self.found.append(f"<{tag} {name}=…>")

    handle_startendtag = handle_starttag


def unsafe(html: str) -> list[str]:
    """Markup in ``html`` that only hostile input could have put there (empty = safe)."""
    probe = _Probe()
    probe.feed(html)
    probe.close()
    return probe.found


def test_the_probe_catches_every_payload_unescaped_and_none_escaped() -> None:
    from html import escape

    for payload in HOSTILE:
        contexts = (
            f"<div>{payload}</div>",
            f'<div title="{payload}">x</div>',
            f"<div title='{payload}'>x</div>",
        )
        assert any(unsafe(page) for page in contexts), payload
        for page in contexts:
            assert not unsafe(page.replace(payload, escape(payload))), payload


# -- every widget -------------------------------------------------------------------------------------


def _package_modules(package: str) -> Iterator[Any]:
    root = importlib.import_module(package)
    yield root
    for info in pkgutil.walk_packages(root.__path__, package + ".", onerror=lambda _name: None):
        try:
            yield importlib.import_module(info.name)
        except ModuleNotFoundError as error:  # an optional extra not installed (envs needs gymnasium)
            if (error.name or "").startswith("eleusis_lab"):
                raise


def widget_classes() -> set[type]:
    """Public ipywidgets classes defined in ``eleusis_lab.widgets`` (new views are found here too)."""
    found = set()
    for module in _package_modules("eleusis_lab.widgets"):
        for name, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, w.Widget)
                and obj.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found.add(obj)
    return found


def _live_widgets() -> list[w.Widget]:
    return list(widget_module._instances.values())


def _widget_html(widget: w.Widget) -> Iterator[tuple[str, str]]:
    """The HTML a browser would render for one widget: (where, html)."""
    label = type(widget).__name__
    if isinstance(widget, w.HTML | w.HTMLMath) and isinstance(widget.value, str):
        yield f"{label}.value", widget.value
    if getattr(widget, "description_allow_html", False) and isinstance(widget.description, str):
        yield f"{label}.description", widget.description
    if isinstance(widget, w.Output):
        for output in widget.outputs:
            data = output.get("data", {}) if isinstance(output, dict) else {}
            for mime in ("text/html", "image/svg+xml"):
                if isinstance(data.get(mime), str):
                    yield f"{label}.outputs[{mime}]", data[mime]


@functools.cache
def _html_properties(cls: type) -> tuple[str, ...]:
    return tuple(
        name
        for name in dir(cls)
        if not name.startswith("_") and name.endswith("_html") and isinstance(getattr(cls, name), property)
    )


def _html_attributes(obj: Any) -> Iterator[tuple[str, str]]:
    """Every public ``*_html`` property of an object (a board's read-outs for tests and lessons)."""
    for name in _html_properties(type(obj)):
        value = getattr(obj, name)
        if isinstance(value, str):
            yield f"{type(obj).__name__}.{name}", value


class WidgetSweep:
    """Remembers which widget classes were built, and fails on the first unsafe HTML it reads."""

    def __init__(self) -> None:
        self.built: set[type] = set()
        self.pages = 0
        self._safe: set[str] = set()  # pages already read (most widgets do not change between steps)

    def check(self, step: str) -> None:
        for widget in _live_widgets():
            self.built.add(type(widget))
            for where, html in [*_widget_html(widget), *_html_attributes(widget)]:
                if html in self._safe:
                    continue
                bad = unsafe(html)
                assert not bad, f"after {step}: {where} shows hostile markup {bad}: {html[:300]!r}"
                self._safe.add(html)
                self.pages += 1


@pytest.fixture
def sweep() -> Iterator[WidgetSweep]:
    before = set(widget_module._instances)
    yield WidgetSweep()
    for key in set(widget_module._instances) - before:  # leave no widgets behind for other tests
        left = widget_module._instances.get(key)  # None: closed with the box it belonged to
        if left is not None:
            left.close()


def _board_scenario(sweep: WidgetSweep, cls: type, variant: str, rule: str, **kw: Any) -> Any:
    board = cls(variant, NAMES[:3], rule=rule, seed=7, autosave=False, **kw)
    sweep.check(f"{cls.__name__}({variant}) set up")
    board.deal()
    assert board.round is not None, board.form.message.value
    sweep.check(f"{cls.__name__}({variant}) dealt")
    return board


def test_every_widget_escapes_hostile_text(sweep: WidgetSweep) -> None:
    from eleusis_lab.widgets import ClassBoard, HypothesisPanel, PhysicalBoard, ScoreCalculator, SoloBoard

    # The class board, every variant, a hostile rule literal, hint, guesses, hypotheses and the reveal.
    for variant, rule in (
        ("express", HOSTILE_RULE),
        ("gardner", HOSTILE_RULE),
        ("new-eleusis", HOSTILE_RULE),
        ("letters", "letters-cycle"),
    ):
        board = _board_scenario(
            sweep, ClassBoard, variant, rule, hypotheses=variant == "express", plots=False
        )
        r = board.round
        board.give_hint(HOSTILE_HINT)
        sweep.check(f"{variant}: hint")
        if board.panel is not None:
            for student, payload in zip(NAMES, HOSTILE, strict=False):
                board.panel.add(student, "card is red", payload)
            with pytest.raises(ValueError):  # a hypothesis that does not parse adds nothing
                board.panel.add(NAMES[0], BAD_RULE, HOSTILE_WORDS)
            board.panel.add(NAMES[1], HOSTILE_RULE, HOSTILE_WORDS)
            sweep.check(f"{variant}: hypotheses")
        for _ in range(6):
            if r.is_over:
                break
            hand = r.hand(r.current_player)
            fits = [c for c in hand if r.accepts(c, r.current_player)]
            board.play([fits[0] if fits else hand[0]])
            board.guess(r.players[0], BAD_RULE)
            board.guess(r.players[0], None, HOSTILE_WORDS)
            sweep.check(f"{variant}: a play and guesses")
        board.guess(r.players[1], "card is red")
        board.undo()
        sweep.check(f"{variant}: undo")
        board.reveal(force=True, record="none")  # the record is a renderer: swept below, without its plot
        sweep.check(f"{variant}: reveal")
        assert not unsafe(board.reveal_html()), variant

    # The class board's guess box: a student's (hostile) words matched to rules, and a resumable save.
    board = ClassBoard("express", NAMES[:3], rule="express-1", seed=3, plots=False)
    board.deal()
    r = board.round
    while not board.session.guessers():
        board.play(
            [
                next(
                    iter(
                        [c for c in r.hand(r.current_player) if r.accepts(c, r.current_player)]
                        or r.hand(r.current_player)
                    )
                )
            ]
        )
    board.guess_box.statement.text.value = HOSTILE_WORDS
    board.guess_box.find_rules()
    sweep.check("class board: a guess in words")
    board.guess_box.statement.text.value = HOSTILE[0]
    board.guess_box.find_rules()
    board.give_hint(HOSTILE_HINT, players_agree=True)
    board.abandon()
    sweep.check("class board: the set-up form lists the saved session")

    _board_scenario(sweep, PhysicalBoard, "express", HOSTILE_RULE, hypotheses=False)
    from eleusis_lab.widgets.round_board import RoundBoard  # the solo and real-cards boards' base

    _board_scenario(sweep, RoundBoard, "express", HOSTILE_RULE, hypotheses=False)
    solo = SoloBoard(rule="express-1", name=NAMES[1], seed=2, autosave=False)
    solo.deal()
    solo.predict(True)
    solo.play([solo.round.hand(solo.round.current_player)[0]])
    sweep.check("solo board")

    # The benchmark board's own views over its session: a hostile name, words and a hostile rule stated.
    from eleusis_lab.widgets.benchmark import BenchmarkBoard

    bench = BenchmarkBoard(rule="red", name=NAMES[0])
    bench.play(bench.round.hand(NAMES[0])[0])
    bench.rule_text.value = HOSTILE_WORDS
    bench.guess(HOSTILE_RULE)
    sweep.check("benchmark board")

    panel = HypothesisPanel(plots=False)
    panel.attach(new_round("express", NAMES[:2], "express-1", seed=1))
    for student, payload in zip(NAMES, HOSTILE, strict=False):
        panel.add(student, "card is red", payload)
    sweep.check("hypothesis panel")

    for variant in ("express", "gardner", "new-eleusis", "letters"):
        calc = ScoreCalculator(variant=variant, players=NAMES, dealer=HOSTILE[1])
        calc.go.click()
        sweep.check(f"score calculator ({variant})")
        assert not unsafe(calc.result_html)

    # Lessons 9 and 10: hostile text typed into the 2-4-6 boxes and the confidence panel's rule box.
    from eleusis_lab.widgets.confidence import ConfidencePanel
    from eleusis_lab.widgets.wason import WasonWidget

    puzzle = WasonWidget()
    for box, payload in zip(puzzle.numbers, HOSTILE, strict=False):
        box.value = payload
    puzzle.test_button.click()
    puzzle.try_triple((1, 2, 3), "increasing")
    sweep.check("2-4-6 widget")
    statements = new_round("express", NAMES[:2], "express-1", seed=1)
    sureness = ConfidencePanel(lambda: statements, NAMES[0])
    for payload in (*HOSTILE, HOSTILE_RULE):
        sureness.statement.text.value = payload
        sureness.state_button.click()
        sweep.check("confidence panel")

    # Rules in words (issue 28): hostile words and rule text typed into the rule box, its chooser and builder.
    from eleusis_lab.science.words import RuleMatch
    from eleusis_lab.widgets.rule_box import RuleBox
    from eleusis_lab.widgets.rule_builder import RuleBuilder
    from eleusis_lab.widgets.rule_chooser import RuleChooser

    box = RuleBox()
    for payload in (HOSTILE_WORDS, *HOSTILE, HOSTILE_RULE):
        box.text.value = payload
        sweep.check("rule box")
    box.text.value = "red then black"
    box.chooser.rows[0].click()
    box.build()
    sweep.check("rule box's builder")
    chooser = RuleChooser()
    chooser.show([RuleMatch(HOSTILE_RULE, p, "words", 1.0) for p in HOSTILE], HOSTILE[0])
    chooser.rows[0].click()
    chooser.open_builder()
    sweep.check("rule chooser")
    builder = RuleBuilder("letters")
    builder.check()
    builder.apply(lambda: builder.draft.set_part("main", 0, values=(HOSTILE[0],)), None)  # refused, said
    sweep.check("rule builder")

    # The bare hand part (the boards use views built on it): a hostile title reaches it only escaped.
    from eleusis_lab.widgets.parts import HandArea

    HandArea(lambda _card: None).show(f"<b>{escape(HOSTILE[0])}</b>", parse_cards("5H 6S"))
    sweep.check("hand part")

    # A base class (the set-up forms' SetupView) is built whenever a form built on it is.
    missing = {cls.__name__ for cls in widget_classes()} - {
        c.__name__ for cls in sweep.built for c in cls.__mro__
    }
    assert not missing, f"widget classes no scenario built (add one to this test): {sorted(missing)}"
    assert sweep.pages > 100


# -- every renderer ---------------------------------------------------------------------------------


def renderers() -> dict[str, Callable[..., Any]]:
    """Public ``*_html``/``*_svg`` functions and ``_repr_html_``/``_repr_svg_`` methods of the package."""
    found: dict[str, Callable[..., Any]] = {}
    for module in _package_modules("eleusis_lab"):
        for name, obj in vars(module).items():
            if getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj) and not name.startswith("_") and name.endswith(("_html", "_svg")):
                found[f"{module.__name__}.{name}"] = obj
            elif inspect.isclass(obj) and not issubclass(obj, w.Widget):
                for method in ("_repr_html_", "_repr_svg_"):
                    if method in vars(obj):
                        found[f"{module.__name__}.{name}.{method}"] = vars(obj)[method]
    return found


# Renderers no user text can reach, and why (a new renderer must be fed below or listed here).
NO_USER_TEXT = {
    "eleusis_lab.worksheets.html.worked_html": "the worked example is the kit's own table for a checked deck "
    "name, its hypotheses the kit's own sentences (escaped all the same)",
    "eleusis_lab.render.svg.card_svg": "draws one card from its parsed fields (rank, suit, letter, ink …)",
    "eleusis_lab.render.svg.card_back_svg": "draws the back of a card: no text at all",
    "eleusis_lab.cards.Card._repr_svg_": "a Card is parsed from card text; only its fields are drawn",
    "eleusis_lab.plots.to_svg": "matplotlib escapes the text of a figure's labels itself",
    "eleusis_lab.widgets.solo.accuracy_svg": "a line of numbers (the running share of right predictions)",
    "eleusis_lab.widgets.figures.acceptance_map_html": "acceptance_map_svg of a space: cards and numbers",
    "eleusis_lab.widgets.light_figures.acceptance_map_svg": "card names and numbers, the board's title",
}


def _played_round(variant: str, rule: str, **kw: Any) -> Any:
    r = new_round(variant, NAMES[:3], rule, seed=11, **kw)
    r.give_hint(HOSTILE_HINT)
    play_out(r, seat_computers(r.players, "random", seed=2))
    return r


def _worksheet_pages() -> list[str]:
    """A teacher's recipe with a hostile title and introduction, every kind of puzzle, sheet and key."""
    import dataclasses
    from pathlib import Path

    from eleusis_lab.worksheets.builder import generate
    from eleusis_lab.worksheets.html import Style, document, key_html, puzzle_html
    from eleusis_lab.worksheets.recipe import load_recipe

    pages = []
    folder = Path(eleusis_lab.__file__).resolve().parent.parent / "worksheets"
    for name in ("express-easy.toml", "gardner-easy.toml", "letters.toml", "record-sheets.toml"):
        recipe = dataclasses.replace(load_recipe(folder / name), title=HOSTILE[1], intro=" ".join(HOSTILE))
        puzzles = generate(recipe)
        pages += [document(recipe, puzzles, key=False), document(recipe, puzzles, key=True)]
        pages += [puzzle_html(p, Style(False)) for p in puzzles] + [
            key_html(p, Style(False)) for p in puzzles
        ]
    return pages


def lab_papers() -> list[str]:
    """A lesson's lab sheet and exit tickets with hostile text in every field a teacher could edit."""
    import dataclasses

    from eleusis_lab.worksheets.labsheets import (
        NO_LAPTOP_SHEETS,
        PAPERS,
        Table,
        exit_ticket_html,
        lab_sheet_html,
        record_sheet_html,
    )

    sheet = dataclasses.replace(
        NO_LAPTOP_SHEETS["team-record"],
        title=HOSTILE[0],
        how=" ".join(HOSTILE),
        tables=(Table(tuple(HOSTILE), 2, caption=HOSTILE[1]),),
        conclusion=tuple(HOSTILE),
    )
    paper = dataclasses.replace(
        PAPERS["09_trying_to_be_wrong"],
        title=HOSTILE[0],
        question=" ".join(HOSTILE),
        columns=tuple(HOSTILE),
        conclusion=tuple(HOSTILE),
        exit_ticket=tuple((p, p) for p in HOSTILE[:3]),
    )
    tickets = [exit_ticket_html(paper, "A4", answers=a) for a in (True, False)]
    return [lab_sheet_html(paper, "A4"), record_sheet_html(sheet, "A4"), *tickets]


def _revealed_session() -> Any:
    """A class session of hostile names whose rule is revealed (its scores table shows every name)."""
    from eleusis_lab.session import TableSession

    session = TableSession()
    session.begin("express", NAMES[:4], "express-1", seed=2)
    session.reveal()
    return session


def check_reports() -> list[str]:
    """The set-up form's full check report of a rule that reads the player, checked for hostile names
    (its verdicts name the players) and for a hostile rule's text."""
    from eleusis_lab.rules.checks import check
    from eleusis_lab.widgets.class_setup import report_html

    return [report_html(check(HOSTILE_RULE, player_names=NAMES[:3]))]


def _hostile_pages() -> dict[str, Callable[[], list[str]]]:
    """For each renderer that can show user text: the pages it draws when fed hostile text."""
    from eleusis_lab.render import CardRow, TableView, cards_html, round_table_html, table_html
    from eleusis_lab.widgets._common import banner, scores_html
    from eleusis_lab.widgets.figures import narrowing_html
    from eleusis_lab.widgets.light_figures import narrowing_svg
    from eleusis_lab.widgets.record import RoundRecord
    from eleusis_lab.widgets.reveal import scores_table_html

    played: list[Any] = []

    def rounds() -> list[Any]:
        if not played:
            played.extend(_played_round(v, HOSTILE_RULE) for v in ("express", "gardner", "new-eleusis"))
            played.append(_played_round("letters", "letters-cycle"))
            played.append(_played_round("express", HOSTILE_RULE, physical=False, dealer=NAMES[3]))
        return played

    def narrowing() -> list[Any]:
        """The class's hypotheses by hostile names, in hostile words, on the narrowing plot."""
        from eleusis_lab.session import TableSession

        session = TableSession()
        session.begin("express", NAMES[:4], "express-1", seed=2)
        for name in NAMES[:4]:
            session.add_hypothesis(name, "card is red", HOSTILE_WORDS)
        r = session.round
        for _ in range(3):
            session.play(r.hand(r.current_player)[0])
        return [session.narrowing()]

    def benchmark() -> list[str]:
        """A benchmark round with a hostile rule stated, beside the published table under hostile labels."""
        from eleusis_lab.widgets.benchmark import BenchmarkBoard, published_html

        board = BenchmarkBoard(rule="red", name=NAMES[0])
        board.play(board.round.hand(NAMES[0])[0])
        board.guess(HOSTILE_RULE)
        pages = [board.journal.value, board.status.value, board.verdict.value]
        beside = [(label, board.result()) for label in HOSTILE]
        return pages + [published_html(board.result(), label=label, beside=beside) for label in HOSTILE]

    worksheets = _worksheet_pages
    return {
        "eleusis_lab.widgets.benchmark.published_html": benchmark,
        "eleusis_lab.render.html.cards_html": lambda: [cards_html(r.mainline[:5]) for r in rounds()],
        "eleusis_lab.render.html.table_html": lambda: [
            table_html(r.mainline, r.sidelines, r.markers, show_players=True, empty_text=HOSTILE[0])
            for r in rounds()
        ],
        "eleusis_lab.render.html.round_table_html": lambda: [round_table_html(r) for r in rounds()],
        "eleusis_lab.render.html.CardRow._repr_html_": lambda: [
            CardRow(r.mainline)._repr_html_() for r in rounds()
        ],
        "eleusis_lab.render.html.TableView._repr_html_": lambda: [
            TableView.of(r)._repr_html_() for r in rounds()
        ],
        "eleusis_lab.play.round.Round._repr_html_": lambda: [r._repr_html_() for r in rounds()],
        "eleusis_lab.play.table.Table._repr_html_": lambda: [r.table._repr_html_() for r in rounds()],
        "eleusis_lab.widgets._common.scores_html": lambda: [
            scores_html(NAMES, [1, 2, 3.5, 0], title=HOSTILE[0], notes=HOSTILE)
        ],
        "eleusis_lab.widgets._common.banner": lambda: [banner(p) for p in HOSTILE],
        "eleusis_lab.widgets.reveal.scores_table_html": lambda: [scores_table_html(_revealed_session())],
        "eleusis_lab.widgets.class_setup.report_html": check_reports,
        "eleusis_lab.widgets.record.RoundRecord._repr_html_": lambda: [
            RoundRecord.of(r, english=HOSTILE_WORDS, plot=False)._repr_html_() for r in rounds()
        ],
        "eleusis_lab.widgets.figures.narrowing_html": lambda: [
            narrowing_html(n, scale) for n in narrowing() for scale in ("log", "linear")
        ],
        "eleusis_lab.widgets.light_figures.narrowing_svg": lambda: [narrowing_svg(n) for n in narrowing()],
        # The worksheet page (document) draws every puzzle with these.
        "eleusis_lab.worksheets.labsheets.lab_sheet_html": lab_papers,
        "eleusis_lab.worksheets.labsheets.exit_ticket_html": lab_papers,
        "eleusis_lab.worksheets.labsheets.record_sheet_html": lab_papers,
        "eleusis_lab.worksheets.html.document": worksheets,
        "eleusis_lab.worksheets.html.puzzle_html": worksheets,
        "eleusis_lab.worksheets.html.key_html": worksheets,
        "eleusis_lab.worksheets.html.layout_html": worksheets,
        "eleusis_lab.worksheets.html.design_html": worksheets,
        "eleusis_lab.worksheets.html.record_html": worksheets,
    }


def test_every_renderer_is_fed_hostile_text_or_takes_none() -> None:
    pages = _hostile_pages()
    unknown = sorted(set(renderers()) - set(pages) - set(NO_USER_TEXT))
    assert not unknown, (
        f"renderers this sweep does not feed (feed them or say why in NO_USER_TEXT): {unknown}"
    )
    done: set[Callable[[], list[str]]] = set()
    for name, make in pages.items():
        if make in done:
            continue
        done.add(make)
        for html in make():
            assert not unsafe(html), f"{name} shows hostile markup {unsafe(html)}: {html[:300]!r}"
