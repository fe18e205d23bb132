"""Paper beside the screen: a one-page lab sheet and a three-question exit ticket for each lesson.

A lab sheet is the lesson's experiment on paper: the question, then one row per test (the idea held,
what is tried, what the idea predicts, what happened), then a conclusion.  An exit ticket is three short
questions for the last five minutes; its answer version is for the teacher.  The sheets of the class
without laptops (:data:`NO_LAPTOP_SHEETS`, teacher guide C) are built the same way: a team's record of
play at the projector, and the 2-4-6 puzzle run aloud with each student's sureness on paper.  All are one
page, built as PDF by the worksheets engine (WeasyPrint, tagged PDF,
:func:`~eleusis_lab.worksheets.builder.html_to_pdf`) on A4 or US Letter, in black and grey only, so they
photocopy and read in greyscale.

>>> paper = PAPERS["09_trying_to_be_wrong"]
>>> paper.number, len(paper.exit_ticket)
(9, 3)
>>> "My idea predicts" in lab_sheet_html(paper, "A4")
True
>>> "Answer:" in exit_ticket_html(paper, "Letter", answers=True)
True
>>> "Answer:" in exit_ticket_html(paper, "Letter", answers=False)
False
>>> "Published rules" in record_sheet_html(NO_LAPTOP_SHEETS["team-record"], "A4")
True
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from eleusis_lab.files import SHARED, write_atomically

__all__ = [
    "NO_LAPTOP_SHEETS",
    "PAPERS",
    "PAPER_SIZES",
    "LessonPaper",
    "RecordSheet",
    "Table",
    "build_lesson_papers",
    "build_no_laptop_sheets",
    "exit_ticket_html",
    "lab_sheet_html",
    "record_sheet_html",
]

#: The paper sizes the sheets are built for (CSS ``@page size`` names).
PAPER_SIZES = ("A4", "Letter")


@dataclass(frozen=True)
class Table:
    """A table of empty rows to fill in by hand, under its column heads."""

    columns: tuple[str, ...]
    rows: int
    row_mm: float = 9.0  # the height of a row: taller where a row holds a rule written out
    caption: str = ""  # a heading above the table, when a sheet has more than one


@dataclass(frozen=True)
class LessonPaper:
    """One lesson's paper: the lab sheet's question, columns and rows, and the exit ticket."""

    stem: str  # the lesson's file name, e.g. "09_trying_to_be_wrong"
    number: int
    title: str
    question: str
    columns: tuple[str, ...]
    rows: int
    conclusion: tuple[str, ...]
    exit_ticket: tuple[tuple[str, str], ...]  # (question, answer)
    row_mm: float = 9.0  # the height of a row: taller where a row holds a rule written out

    def __post_init__(self) -> None:
        if len(self.exit_ticket) != 3:
            raise ValueError(
                f"lesson {self.number}'s exit ticket needs 3 questions, not {len(self.exit_ticket)}"
            )

    @property
    def table(self) -> Table:
        return Table(self.columns, self.rows, self.row_mm)


@dataclass(frozen=True)
class RecordSheet:
    """A sheet for a class without laptops: how to use it, its tables, lines to finish on."""

    key: str  # its file name: no-laptops-<key>-<paper>.pdf
    title: str
    lessons: str  # which lessons it serves, for the footer ("lessons 1, 4, 5")
    how: str  # a short paragraph: who fills it in, when
    tables: tuple[Table, ...]
    conclusion: tuple[str, ...]


_CSS = """
@page {{ size: {paper}; margin: 14mm 14mm 13mm 14mm;
  @bottom-right {{ content: "Eleusis Lab · {footer}"; font: 7.5pt 'DejaVu Sans', sans-serif;
    color: #555; }} }}
html {{ font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10pt; color: #111; }}
h1 {{ font-size: 15pt; margin: 0 0 1mm; }}
p.who {{ margin: 0 0 3mm; }}
p.question {{ margin: 0 0 3mm; padding: 2mm 3mm; border: 0.4mm solid #444; }}
table.tests {{ border-collapse: collapse; width: 100%; }}
table.tests th {{ background: #e5e5e5; font-size: 8.5pt; text-align: left; padding: 1mm 1.5mm;
  border: 0.3mm solid #444; }}
table.tests {{ margin: 0 0 1mm; }}
table.tests td {{ border: 0.3mm solid #444; }}
table.tests td.n {{ width: 6mm; text-align: center; color: #555; font-size: 8pt; }}
div.line {{ border-bottom: 0.3mm solid #444; height: 8mm; margin: 0 0 1mm; }}
h2 {{ font-size: 11pt; margin: 4mm 0 1mm; }}
ol.ticket li {{ margin: 0 0 2mm; }}
div.space {{ border: 0.3mm solid #888; height: 38mm; margin: 1mm 0 4mm; }}
p.answer {{ margin: 1mm 0 5mm; padding: 1.5mm 2.5mm; background: #eeeeee; }}
"""


def _page(paper: str, footer: str, title: str, body: str) -> str:
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper {paper!r} is not one of {', '.join(PAPER_SIZES)}")
    # The footer is the kit's own text (a lesson, a list of lessons), never a user's: CSS gets it as is.
    css = _CSS.format(paper=paper, footer=footer)
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{css}</style></head><body>{body}</body></html>"
    )


def _table_html(table: Table) -> str:
    caption = f"<h2>{escape(table.caption)}</h2>" if table.caption else ""
    head = "".join(f"<th>{escape(c)}</th>" for c in ("#", *table.columns))
    empty = "".join(f'<td style="height:{table.row_mm}mm"></td>' for _ in table.columns)
    rows = "".join(f'<tr><td class="n">{i}</td>{empty}</tr>' for i in range(1, table.rows + 1))
    return f"{caption}<table class='tests'><tr>{head}</tr>{rows}</table>"


def _lines_html(lines: Sequence[str]) -> str:
    return "".join(f"<h2>{escape(line)}</h2><div class='line'></div>" for line in lines)


def lab_sheet_html(paper: LessonPaper, size: str) -> str:
    """The lab sheet as one page of HTML: question, a row per test, the conclusion."""
    body = (
        f"<h1>Lab sheet — lesson {paper.number}: {escape(paper.title)}</h1>"
        "<p class='who'>Name: ______________________ &nbsp; Date: ____________</p>"
        f"<p class='question'>{escape(paper.question)}</p>"
        f"{_table_html(paper.table)}{_lines_html(paper.conclusion)}"
    )
    return _page(size, f"lesson {paper.number}", f"Lab sheet {paper.number}", body)


def record_sheet_html(sheet: RecordSheet, size: str) -> str:
    """A sheet for a class without laptops as one page of HTML: how to use it, its tables, the lines."""
    body = (
        f"<h1>{escape(sheet.title)}</h1>"
        "<p class='who'>Name or team: ______________________ &nbsp; Date: ____________</p>"
        f"<p class='question'>{escape(sheet.how)}</p>"
        + "".join(_table_html(table) for table in sheet.tables)
        + _lines_html(sheet.conclusion)
    )
    return _page(size, f"no laptops · {sheet.lessons}", sheet.title, body)


def exit_ticket_html(paper: LessonPaper, size: str, *, answers: bool) -> str:
    """The exit ticket as one page of HTML; with ``answers`` the teacher's version."""
    items = []
    for question, answer in paper.exit_ticket:
        below = (
            f"<p class='answer'><b>Answer:</b> {escape(answer)}</p>"
            if answers
            else "<div class='space'></div>"
        )
        items.append(f"<li>{escape(question)}{below}</li>")
    kind = "Exit ticket — answers" if answers else "Exit ticket"
    body = (
        f"<h1>{kind} — lesson {paper.number}: {escape(paper.title)}</h1>"
        + ("" if answers else "<p class='who'>Name: ______________________</p>")
        + f"<ol class='ticket'>{''.join(items)}</ol>"
    )
    return _page(size, f"lesson {paper.number}", f"Exit ticket {paper.number}", body)


def build_lesson_papers(
    out: Path, stems: Sequence[str] | None = None, sizes: Sequence[str] = PAPER_SIZES
) -> list[Path]:
    """Write each lesson's lab sheet, exit ticket and its answers as PDF into ``out``; the paths written."""
    from eleusis_lab.worksheets.builder import html_to_pdf

    chosen = list(PAPERS) if stems is None else list(stems)
    unknown = [s for s in chosen if s not in PAPERS]
    if unknown:
        raise ValueError(
            f"no lab sheet for {', '.join(unknown)}; the lessons with paper: {', '.join(PAPERS)}"
        )
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for stem in chosen:
        paper = PAPERS[stem]
        for size in sizes:
            for name, html_text in (
                ("lab-sheet", lab_sheet_html(paper, size)),
                ("exit-ticket", exit_ticket_html(paper, size, answers=False)),
                ("exit-ticket-answers", exit_ticket_html(paper, size, answers=True)),
            ):
                path = out / f"lesson-{paper.number:02d}-{name}-{size}.pdf"
                write_atomically(path, html_to_pdf(html_text), mode=SHARED)
                written.append(path)
    return written


def build_no_laptop_sheets(out: Path, sizes: Sequence[str] = PAPER_SIZES) -> list[Path]:
    """Write the sheets of the class without laptops as PDF into ``out``; the paths written."""
    from eleusis_lab.worksheets.builder import html_to_pdf

    for size in sizes:  # a bad paper size is refused before anything is written
        _page(size, "", "", "")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet in NO_LAPTOP_SHEETS.values():
        for size in sizes:
            path = out / f"no-laptops-{sheet.key}-{size}.pdf"
            write_atomically(path, html_to_pdf(record_sheet_html(sheet, size)), mode=SHARED)
            written.append(path)
    return written


_CARD_COLUMNS = ("My idea of the rule (in words)", "Top card", "Card I play", "My idea predicts", "Verdict")

PAPERS: dict[str, LessonPaper] = {
    p.stem: p
    for p in (
        LessonPaper(
            "01_meet_eleusis",
            1,
            "Meet Eleusis",
            "Question: what is my secret rule? Before every card, write your idea and what it predicts "
            "(right or wrong). Then play, and write the verdict.",
            _CARD_COLUMNS,
            14,
            ("My rule, in words:", "The card that taught me the most, and why:"),
            (
                (
                    "A card you played was wrong. What does that tell you?",
                    "That the secret rule refuses that card after that top card: every rule that would have "
                    "allowed it is ruled out. A wrong card is evidence, not a waste.",
                ),
                (
                    "Which is the better experiment: a card you are sure will be right, or one you are "
                    "unsure "
                    "about? Why?",
                    "The unsure one: its verdict tells you something you did not know. A sure card's verdict "
                    "was known before you played it.",
                ),
                (
                    "The mainline is 3♥ 8♦ 5♥ J♦. Write, in words, two different rules that allow all of it.",
                    "Any two rules that accept every card after the one before it, e.g. 'only red cards', "
                    "'the "
                    "same colour as the top card', 'hearts and diamonds take turns'.",
                ),
            ),
        ),
        LessonPaper(
            "03_gardners_original_game",
            3,
            "Gardner's original game",
            "Question: what is the dealer's rule, and what makes a rule score well for the dealer? Before "
            "every card, write your idea and what it predicts. After the first half, work out the "
            "dealer's score by hand.",
            _CARD_COLUMNS,
            13,
            (
                "Wrong cards after the first half (each player), and the dealer's score worked out:",
                "My rule, in words:",
            ),
            (
                (
                    "After the first half four players have 8, 6, 2 and 4 wrong cards. What does the "
                    "dealer score?",
                    "The leader has 2 wrong cards. (8 + 6 + 4) − 3 × 2 = 12.",
                ),
                (
                    "Why does a rule that nobody finds score the dealer little?",
                    "Everyone has many wrong cards, the leader too, and the leader's wrong cards are "
                    "subtracted once for each other player: what is added and what is taken away nearly "
                    "cancel.",
                ),
                (
                    "Three players end the game with 4, 1 and 0 cards. What does the player who went out "
                    "score?",
                    "(4 + 1) − 2 × 0 = 5, plus 6 for going out: 11.",
                ),
            ),
        ),
        LessonPaper(
            "06_new_eleusis",
            6,
            "New Eleusis",
            "Question: what is God's rule? Before every play (one card or a string of up to four), write "
            "your idea and what it predicts. When a prophet is crowned, write the prophet's call too.",
            (
                "My idea of the rule (in words)",
                "Top card",
                "Card(s) played",
                "My idea predicts",
                "Prophet's call",
                "God's verdict",
            ),
            14,
            ("My rule, in words:", "Would I have become prophet? When, and why?"),
            (
                (
                    "Your string of three cards is rejected. How many penalty cards do you draw, and what "
                    "have you learnt?",
                    "6 (2 for each card played). Only that at least one of the three cards was wrong, not "
                    "which: a rejected string is weaker evidence than a rejected card.",
                ),
                (
                    "What does the prophet do, and what happens when God disagrees with the prophet?",
                    "The prophet stops playing and calls 'right' or 'wrong' on every play before God. When "
                    "God disagrees the prophet is overthrown: draws 5 cards and plays again.",
                ),
                (
                    "Why is a risky, public prediction worth more to science than a safe one?",
                    "It can fail for everyone to see, so passing it tells us something; a prediction that "
                    "cannot fail tells nothing (Karl Popper's point).",
                ),
            ),
        ),
        LessonPaper(
            "07_guess_the_rule_letter_deck",
            7,
            "Guess the rule! The letter deck",
            "Question: what is the leader's rule? Describe a card by its letter, ink, shape and outline "
            "(e.g. 'B, blue, square, black'). Before every card, write your idea and what it predicts.",
            _CARD_COLUMNS,
            14,
            ("My rule, in words:", "Which feature did I notice first? Which one did the rule use?"),
            (
                (
                    "How many cards are in the letter deck, and which four features can a letter card have?",
                    "61: 60 letter cards and one blank. Letter (A to E), ink (red, blue, green), shape "
                    "(circle, square), outline (red, black).",
                ),
                (
                    "Your idea is 'the same shape as the top card'. A square card is allowed on a circle. "
                    "What does that tell you?",
                    "Your idea forbade that card and the rule allowed it, so the idea is wrong (too "
                    "narrow). A card can refute an idea from either side: allowed but forbidden by the "
                    "idea, or refused but allowed by it.",
                ),
                (
                    "You are torn between two ideas. Which card should you try next?",
                    "One the two ideas disagree about: whatever the verdict, one idea falls. A wrong card "
                    "costs nothing in this game.",
                ),
            ),
        ),
        LessonPaper(
            "09_trying_to_be_wrong",
            9,
            "The 2-4-6 puzzle",
            "Question: 2, 4, 6 fits the computer's rule. What is the rule? Before every test, write your "
            "idea "
            "and what it predicts for your numbers (fits / does not fit). How sure are you when you check "
            "your rule (0-100 %)?",
            (
                "My idea of the rule (in words)",
                "Numbers",
                "My idea predicts",
                "Computer says",
                "Positive or negative?",
            ),
            14,
            ("My rule, in words, and how sure I am (%):", "The test that taught me the most:"),
            (
                (
                    "Your idea is 'three even numbers'. Write three numbers that are a negative test of it.",
                    "Any three numbers the idea says do NOT fit, e.g. 1, 2, 3 or 3, 5, 7: a negative test is "
                    "about what the idea predicts, not about the answer.",
                ),
                (
                    "Why can four 'yes' answers never prove your idea?",
                    "Other, wider rules say 'yes' to the same numbers. Only a test your idea says fails can "
                    "show it is too narrow; one 'no' can refute an idea, no number of 'yes' can prove it "
                    "(Popper).",
                ),
                (
                    "What is confirmation bias? Give an example from outside the classroom.",
                    "Looking only for evidence that agrees with what you already think; e.g. reading only "
                    "news that agrees with you, testing a cure only on people who would get better anyway.",
                ),
            ),
        ),
        LessonPaper(
            "04_how_fast_did_we_find_it",
            4,
            "How fast did we find it?",
            "Question: how much does each verdict tell us? Before the first card, write four hypotheses, "
            "A to D, on the last lines; after each play, cross out the ones it falsifies.",
            ("Top card", "Card played", "Verdict", "Hypotheses crossed out", "Hypotheses left"),
            12,
            (
                "The verdict that crossed out the most, and why:",
                "Hypotheses A, B, C, D (before the first card):",
            ),
            (
                (
                    "1,000 rules are possible. One verdict leaves 400. Did it tell more or less than one "
                    "bit?",
                    "More: one bit at best halves the candidates on average (to 500); this verdict removed "
                    "more than half.",
                ),
                (
                    "Why is a card whose verdict everyone can predict a poor experiment?",
                    "It crosses out almost no rules (nearly zero bits): the rules that predicted otherwise "
                    "were already gone.",
                ),
                (
                    "At one bit per verdict, about how many verdicts take 1,024 rules down to 1?",
                    "10, because 2 × 2 × … (ten times) = 1,024: each verdict halves the candidates.",
                ),
            ),
        ),
        LessonPaper(
            "05_designing_a_good_rule",
            5,
            "Designing a good rule",
            "Question: can I design a rule that is fair and that some players find and others do not? "
            "Write each version, what the check said, and what you change.",
            (
                "My rule in words",
                "In the rule language",
                "Cards playable (of 52)",
                "Fair? Why not?",
                "What I change",
            ),
            6,
            ("My final rule, in words:", "Did my classmate find it? In how many turns?"),
            (
                (
                    "Name the three checks of a fair rule.",
                    "Enough cards playable at every moment (ideally 12-15 of 52); every card playable at "
                    "some point; the line never dead-ends.",
                ),
                (
                    "Why is 'any card is right' a poor rule for the game?",
                    "Every play is accepted, so no play tells anything: nobody can learn the rule from the "
                    "verdicts (and everyone 'finds' it, so the dealer scores nothing).",
                ),
                (
                    "'Play a card one rank above the top card.' What goes wrong?",
                    "Only the 4 cards of the next rank can be played (4 of 52); aces never fit after the "
                    "start; nothing can follow a king (a dead end).",
                ),
            ),
            row_mm=22.0,
        ),
        LessonPaper(
            "10_how_sure_are_you",
            10,
            "How sure are you?",
            "Question: am I calibrated? Before every play, write your rule and how sure you are (%). At "
            "the end, tick each statement that was the secret rule.",
            ("My rule now", "How sure (%)", "Card I play", "Verdict", "Was my rule right? (tick at the end)"),
            14,
            ("When I said 70 % or more, I was right ___ times out of ___.", "Was I over- or underconfident?"),
            (
                (
                    "A forecaster says '70 % rain' on 10 days; it rains on 4 of them. Calibrated, "
                    "overconfident or underconfident?",
                    "Overconfident: right 40 % of the time when saying 70 %.",
                ),
                (
                    "In the solo game, when does it pay to guess the rule?",
                    "When you are more than two chances in three (2/3) sure: a wrong guess costs 2 points "
                    "and a turn, waiting costs 1.",
                ),
                (
                    "A forecaster always says 50 %. Why is that not a good forecaster?",
                    "Never badly wrong, but never useful: the forecast is the same whatever happens, so it "
                    "helps nobody decide. A good forecaster is calibrated and says 90 % or 10 % when it can.",
                ),
            ),
        ),
        LessonPaper(
            "11_better_than_a_machine",
            11,
            "Better than a machine?",
            "Question: how does our class compare with language models and the kit's scientist at the "
            "same game? My code: ________ Round: ____",
            ("Turn", "Card I play", "Verdict", "Rule I state (or 'play on')", "How sure (%)"),
            15,
            ("My score (31 − turn − 2 × wrong statements):", "Solved? What would I do differently?"),
            (
                (
                    "What makes the benchmark's comparison fair?",
                    "Every player gets the same rules, the same cards for each rule and round, the same "
                    "score "
                    "and the same judge of a stated rule.",
                ),
                (
                    "You state the right rule on turn 12 after one wrong statement. What is your score?",
                    "31 − 12 − 2 × 1 = 17.",
                ),
                (
                    "Name one thing the benchmark does not measure.",
                    "Explaining a rule in words, designing a rule, working in a team, or rules outside its "
                    "26; it measures speed and reliability at one game.",
                ),
            ),
        ),
    )
}


#: The sheets of a class without laptops (teacher guide C, ``12_no_laptops``).
NO_LAPTOP_SHEETS: dict[str, RecordSheet] = {
    s.key: s
    for s in (
        RecordSheet(
            "team-record",
            "Team record — Eleusis at the projector",
            "lessons 1, 4, 5",
            "One sheet per team. On your team's turn: agree your idea and write what it predicts, then "
            "name the card for the teacher to play and write the verdict. To publish a rule, write it on "
            "the board with your team's name. On a later turn any team may test a published rule: if "
            "the verdict disagrees with the rule, its team retracts it (cross it out).",
            (
                Table(
                    (
                        "Our idea of the rule (in words)",
                        "Top card",
                        "Card we play",
                        "Our idea predicts",
                        "Verdict",
                    ),
                    10,
                ),
                Table(
                    ("Team", "Published rule (in words)", "Tested with (card)", "Held or retracted?"),
                    5,
                    row_mm=11.0,
                    caption="Published rules (ours and the other teams')",
                ),
            ),
            ("The rule we would bet on now, and how sure we are (%):",),
        ),
        RecordSheet(
            "2-4-6-sure",
            "The 2-4-6 puzzle on paper — how sure are you?",
            "lesson 9",
            "2, 4, 6 fits the teacher's rule. Before every test, write your idea, your three numbers and "
            "what your idea predicts (fits / does not fit). Write the teacher's answer, then how sure you "
            "are now that your idea is the rule (0-100 %). Announce your rule only when you are sure.",
            (
                Table(
                    (
                        "My idea of the rule (in words)",
                        "Numbers",
                        "My idea predicts",
                        "Teacher says",
                        "How sure now (%)",
                    ),
                    14,
                ),
            ),
            (
                "My rule, in words, and how sure I am (%):",
                "How many of my tests were ones my idea said would NOT fit?",
            ),
        ),
    )
}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m eleusis_lab.worksheets.labsheets OUT [LESSON ...]``: build the PDFs into OUT.

    With no lesson named, every lesson's paper and the sheets of the class without laptops."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m eleusis_lab.worksheets.labsheets OUT [LESSON ...]", file=sys.stderr)
        return 2
    try:
        paths = build_lesson_papers(Path(args[0]), args[1:] or None)
        if not args[1:]:
            paths += build_no_laptop_sheets(Path(args[0]))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{len(paths)} PDFs in {args[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
