"""Write the lesson notebooks in ``lessons/`` from the cells below, outputs stripped.

The ``.ipynb`` files are what teachers open and what ``make test`` runs (nbval); this script is how they
are written, so that prose and code stay reviewable as plain Python and every lesson follows one pattern.

    .venv/bin/python scripts/make_lessons.py           # (re)write every lesson
    .venv/bin/python scripts/make_lessons.py 03        # only lesson 03
    .venv/bin/python scripts/make_lessons.py --check   # exit 1 if a notebook differs from this script

The pattern of a lesson (lessons 5-8 follow it too):

1. ``header(...)``: the title, a short paragraph, then *What you'll do*, *What you'll learn*, *What you'll
   need* and *Time* (20-45 minutes of class time).
2. ``SETUP``: one code cell with ``%matplotlib inline`` and the imports.
3. Sections: ``md(...)`` to explain, ``code(...)`` to show. Boards come from ``eleusis_lab.widgets`` with
   a fixed ``seed``; plots from ``eleusis_lab.plots``. Boards that the lesson drives from code (to show
   and check what the buttons do) take ``autosave=False``; the board a class or a student plays on live
   keeps autosave on, so the round survives a kernel restart (saves go to ``~/.eleusis-lab/saves`` or
   ``$ELEUSIS_LAB_SAVES``; ``make lessons`` and the browser test point that at a scratch folder).
   In Voilà a lesson shows its boards in order, with no code: put the board to play on first, or last
   under a heading that says so.
4. ``check(...)`` cells: ``assert`` statements for what the lesson claims (a simulated round ends, the
   hypothesis count shrinks, the scientist beats the random player ...). They run under
   ``pytest --nbval-lax`` in ``make test``; each lesson must run top to bottom in under 60 seconds.
   Cells whose printed output varies (boards printing into an Output widget) start with
   ``# NBVAL_IGNORE_OUTPUT``; cells whose output must match exactly start with ``# NBVAL_CHECK_OUTPUT``.
5. ``teacher_notes(...)``: the last cell.

Then run this script and ``make lessons``; commit the script and the notebooks together.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import nbformat

LESSONS_DIR = Path(__file__).resolve().parents[1] / "lessons"
Cell = nbformat.NotebookNode


def md(text: str) -> Cell:
    return nbformat.v4.new_markdown_cell(textwrap.dedent(text).strip())


def code(text: str) -> Cell:
    return nbformat.v4.new_code_cell(textwrap.dedent(text).strip())


def check(text: str) -> Cell:
    """A cell of ``assert`` statements: what the lesson claims, checked every time the lesson runs."""
    return code(
        "# Checks: this cell fails loudly if the lesson's claims stop being true.\n"
        + textwrap.dedent(text).strip()
    )


def header(title: str, intro: str, do: list[str], learn: list[str], need: list[str], time: str) -> Cell:
    def bullets(items: list[str]) -> str:
        return "\n".join(f"- {item}" for item in items)

    return md(
        f"# {title}\n\n{textwrap.dedent(intro).strip()}\n\n"
        f"## What you'll do\n{bullets(do)}\n\n"
        f"## What you'll learn\n{bullets(learn)}\n\n"
        f"## What you'll need\n{bullets(need)}\n\n"
        f"## Time\n{time}"
    )


def teacher_notes(text: str) -> Cell:
    return md("## Teacher notes\n\n" + textwrap.dedent(text).strip())


SETUP = code(
    """
    %matplotlib inline
    from eleusis_lab import Card, Rule, new_round
    """
)


# ------------------------------------------------------------------------------------------- lesson 1


def lesson_01() -> list[Cell]:
    return [
        header(
            "Lesson 1 — Meet Eleusis",
            """
            Eleusis is a card game in which one player, the *dealer*, makes up a secret rule about which
            cards may be played, and everyone else finds it out by playing cards and watching what is
            accepted. It is a game about doing science: every card you play is an experiment.
            In this first lesson the computer is the dealer.
            """,
            do=[
                "Look at how the kit writes cards and rules.",
                "Play a round of *Eleusis Express* against the computer dealer by clicking cards.",
                "Watch computer players play a whole round, and read the evidence on the table.",
            ],
            learn=[
                "The words of the game: dealer, mainline, sideline, starter, top card.",
                "That a *wrong* card is as useful as a right one: it is evidence too.",
                "How to state a rule precisely enough that a computer can judge it.",
            ],
            need=[
                "A computer with the kit (`make lab`), or the projector for the whole class.",
                "Optional: a deck of cards per group, to play a round away from the screen afterwards.",
            ],
            time="About 30 minutes: 5 to read, 15 to play, 10 to talk about what the class found.",
        ),
        md(
            """
            ## Setting up

            Run the cell below first (click it, then press **Shift+Enter**). It loads the kit.
            """
        ),
        SETUP,
        code(
            """
            import random

            from eleusis_lab import library
            from eleusis_lab.widgets import SoloBoard
            """
        ),
        md(
            """
            ## Play first

            The computer has chosen a secret rule from the kit's library. The first card on the table,
            the *starter*, follows it. Your hand is below the table.

            - First **predict**: do you think your next card will be accepted or rejected? The board keeps
              a journal of your predictions; watch them get better before you can say the rule.
            - Then **click a card** to play it on the top card of the *mainline* (the row of accepted cards).
            - If the rule accepts it, it joins the mainline: **right**.
            - If not, it goes below the top card, in a *sideline*, and you draw a penalty card: **wrong**.
            - When you think you know the rule, type it in and ask the dealer to judge it.

            Try to empty your hand, or to guess the rule. The board saves your round after every play; the
            status line names the file, and how to carry on after a restart.
            """
        ),
        code(
            """
            # The computer picks an easy rule from the library. Don't print `secret`: that would be cheating!
            easy = [e.key for e in library.playable() if e.difficulty == "easy" and not e.rule.uses_player]
            secret = random.Random(2026).choice(easy)
            your_name = "Sam"  # put your own name here
            board = SoloBoard("express", rule=secret, name=your_name, seed=11)
            board.deal()
            board
            """
        ),
        md(
            """
            ## How cards and rules are written

            The kit reads cards the way people write them: `QH`, `Q♥`, `queen of hearts` are the same
            card. Ranks run from ace = 1 to king = 13. Hearts and diamonds are red, spades and clubs black.
            """
        ),
        code(
            """
            queen = Card.parse("queen of hearts")
            queen
            """
        ),
        code(
            """
            print(queen, queen.code, queen.rank, queen.color, queen.is_face)
            """
        ),
        md(
            """
            A rule is one line in the kit's rule language. `card` is the card being played, `prev` the top
            card it is played on. Here is a rule out in the open: *alternate colours*.
            """
        ),
        code(
            """
            alternate = Rule.parse("card.color != prev.color")
            print(alternate.text)
            for played in ["7S", "7H"]:
                verdict = alternate.accepts(Card.parse(played), [Card.parse("QH")])
                print(played, "on Q♥:", "right" if verdict else "wrong")
            """
        ),
        check(
            """
            assert alternate.accepts(Card.parse("7S"), [Card.parse("QH")])
            assert not alternate.accepts(Card.parse("7H"), [Card.parse("QH")])
            """
        ),
        md(
            """
            ## A whole round, played by the computer

            Three computer players (they play carefully but know nothing at the start) play a round of
            Eleusis Express with another easy rule from the library. The table shows the mainline left to
            right, and the wrong cards hanging under the card they tried to follow.
            """
        ),
        code(
            """
            from eleusis_lab.play.driver import advance
            from eleusis_lab.play.players import lookup

            names = ["Ana", "Ben", "Cy"]
            demo = new_round("express", names, "express-3", seed=5)
            computers = {name: lookup("careful", seed=i) for i, name in enumerate(names)}
            while not demo.is_over:
                advance(demo, computers)
            demo
            """
        ),
        check(
            """
            assert demo.is_over, "a round between computer players must come to an end"
            evidence = demo.evidence()
            assert len(evidence) >= len(demo.mainline) - 1
            # Every judgement on the table agrees with the secret rule.
            plays = [o for o in evidence if o.kind == "play"]
            assert all(demo.rule.accepts(o.cards[0], list(o.mainline)) == o.accepted for o in plays)
            """
        ),
        code(
            """
            right = sum(o.accepted for o in evidence)
            wrong = len(evidence) - right
            print(f"{len(evidence)} judgements: {right} right, {wrong} wrong")
            print("The secret rule was:", demo.rule.text)
            """
        ),
        md(
            """
            ## Talk about it

            - Look at the sidelines in the round above. What does each wrong card tell you?
            - Which is more useful: a card you were sure would be accepted, or one you were unsure about?
            - Write the rule of your own round in plain words before you type it as a rule.
            """
        ),
        teacher_notes(
            """
            - Project the notebook and let the class call out which card to play next; one student
              clicks. Ask before every click: *right or wrong?* and *why?*
            - The board draws an *easy* rule from the library, so the class gets a first success; the
              seed `random.Random(2026)` fixes which one, and `seed=11` fixes the deal. Change either
              number for another round, or give `rule=` any library key or rule text. **Reveal the rule**
              on the board shows it, with its plain-English reading, when the class is done.
            - In Voilà (`make voila LESSON=lessons/01_meet_eleusis.ipynb`) the same board runs with no code
              visible.
            - Common confusion: a wrong card stays on the table as evidence; it is not a lost card.
            - Extension: play one round with real cards, a student as dealer writing the rule on paper.
            """
        ),
    ]


# ------------------------------------------------------------------------------------------- lesson 2


def lesson_02() -> list[Cell]:
    return [
        header(
            "Lesson 2 — Running a class round",
            """
            A walkthrough for the teacher: the class board at the projector, from the secret rule to the
            scores. The class plays; you click. Read it once before the lesson, then run the board live.
            """,
            do=[
                "Set up a round of Eleusis Express for five students with a secret rule.",
                "Show the seal's fingerprint before the first card, and check it at the reveal.",
                "Enter plays, judge a guess (with a counterexample when it is wrong), reveal, score.",
                "See the physical-cards mode and the score calculator for games away from the computer.",
            ],
            learn=[
                "How the class board is laid out and what each control does.",
                "Why the rule is sealed before play, and how anyone can check it afterwards.",
                "How Express is scored.",
            ],
            need=[
                "A projector; the class in five teams or five named players.",
                "A secret rule: from the library, or your own (the board checks it before the deal).",
            ],
            time="About 40 minutes: 5 to set up, 25 to play, 10 for the reveal and scores.",
        ),
        SETUP,
        code(
            """
            from eleusis_lab import check, library, scoring
            from eleusis_lab.widgets import ClassBoard, PhysicalBoard, ScoreCalculator
            """
        ),
        md(
            """
            ## 1. Choose the secret rule

            Pick a rule the class can find in one lesson. The library has rules from the sources and
            classroom rules, each with a difficulty; `check` says whether a rule is fair to play
            (enough cards playable at every moment, no card that can never be played, no dead end).
            """
        ),
        code(
            """
            for entry in library.ENTRIES[:12]:
                print(f"{entry.key:22} {entry.difficulty:7} {entry.english}")
            """
        ),
        code(
            """
            report = check(library.get("express-6").rule)
            print(report)
            """
        ),
        check(
            """
            assert report.acceptable, "a library rule used in class must pass the checks"
            assert not check(library.get("gardner-7").rule).acceptable, "Gardner's rule 7 is the bad example"
            """
        ),
        md(
            """
            ## 2. The board

            The cell below builds the board with five players and the secret rule, and deals. On the board:

            - the **fingerprint** of the sealed rule in the status line: read it out, or write it on the
              whiteboard, before the first card;
            - the **table**: the mainline left to right, wrong cards hanging under the card they followed;
            - the **verdict**, big and coloured, right after each play;
            - the current player's **hand**: click the card the student chooses;
            - **No play**, **Undo** (for a misclick), the **guess** box, and **Reveal the rule**;
            - beside the table, the class's **hypotheses** panel: type in what a student thinks the rule
              is; after every play it marks the hypotheses a card has falsified. Tick *Narrowing plot* to
              see the candidate rules shrink after each play (lesson 4 is about that plot; it takes a
              second or two per play to draw, so it starts switched off here with `plots=False`).
              Ben's hypothesis, *alternate colours*, is already typed in.

            With `seed=` the deal is the same every time you run the cell; leave it out for a new deal.
            """
        ),
        code(
            """
            names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
            board = ClassBoard("express", names, rule="express-6", seed=2, plots=False, autosave=False)
            board.deal()
            board.panel.add("Ben", "card.color != prev.color", "alternate colours")
            board
            """
        ),
        md(
            """
            ## 3. Playing

            Normally you click cards on the board. Here the same actions are called from code so the lesson
            can check them: each student plays the first card of their hand.
            """
        ),
        code(
            """
            game = board.round
            fingerprint = game.seal.fingerprint
            for _ in range(5):
                player = game.current_player
                board.play([game.hand(player)[0]])
            print("mainline:", " ".join(str(c) for c in game.mainline))
            print("judgements so far:", len(game.evidence()))
            """
        ),
        check(
            """
            assert len(game.evidence()) >= 5
            before = len(game.events)
            board.undo()
            assert len(game.events) < before, "undo takes back the last action"
            """
        ),
        md(
            """
            ## 4. Judging a guess

            In Express a player may state the rule right after one of their cards was accepted. You type
            the guess into the guess box. The board compares it with the secret rule on every situation
            that can arise. A wrong guess gets a *counterexample*: a table and a card on which the two
            rules disagree, to show the class. The dealer has the last word and may overrule.

            Below, students play until a card is accepted; that student guesses *alternate colours*.
            """
        ),
        code(
            """
            for _ in range(30):
                player = game.current_player
                board.play([game.hand(player)[0]])
                if game.evidence()[-1].accepted:
                    break
            wrong_guess = board.guess(player, "card.color != prev.color")
            print(player, "guessed; correct?", wrong_guess.correct)
            print(wrong_guess.counterexample.explain())
            """
        ),
        check(
            """
            assert not wrong_guess.correct, "'alternate colours' is not 'low after high, high after low'"
            assert wrong_guess.counterexample is not None
            fate = {hypothesis.student: falsifier for hypothesis, falsifier in board.panel.status()}
            assert fate["Ben"] is not None, "a card on the table falsifies 'alternate colours'"
            """
        ),
        md(
            """
            ## 5. Reveal and scores

            **Reveal the rule** shows the rule text, its plain-English reading and the seal check: the
            fingerprint shown before play belongs to exactly this rule. Then the scores: in Express each
            player scores 12 minus the cards left in hand, +6 for a correct guess, +3 for emptying the
            hand; the dealer scores like the best player.
            """
        ),
        code(
            """
            # NBVAL_IGNORE_OUTPUT
            board.reveal(force=True)
            scores = game.scores()
            for name, points in zip(game.players, scores.players, strict=True):
                print(f"{name:5} {points}")
            print("dealer", scores.dealer)
            """
        ),
        check(
            """
            assert game.seal.verify(game.rule.text), "the revealed rule is the sealed one"
            assert game.seal.fingerprint == fingerprint
            assert not game.seal.verify("card.color != prev.color")
            expected = scoring.express([len(game.hand(n)) for n in game.players])
            assert list(scores.players) == list(expected.players)
            """
        ),
        md(
            """
            ## 6. Real cards on the table

            On the `PhysicalBoard` the class plays with a real deck: nobody's hand is on the screen, and you
            enter each card a student lays down with the card picker (the starter first). The computer
            still judges, keeps the table and the evidence. Here: starter 5♥, then 9♣ and 3♦.

            For a game played entirely away from the computer, the score calculator does the arithmetic.
            """
        ),
        code(
            """
            real = PhysicalBoard("express", names, rule="express-6", hypotheses=False, autosave=False)
            real.deal()
            for card in ["5H", "9C", "3D"]:  # the starter, then two plays, as entered with the picker
                real.pick(card)
            real
            """
        ),
        check(
            """
            # Low 5♥ wants a high card (9♣), high 9♣ wants a low one (3♦): both join the mainline.
            assert [str(c) for c in real.round.mainline] == ["5♥", "9♣", "3♦"]
            """
        ),
        code(
            """
            ScoreCalculator()
            """
        ),
        md(
            """
            ## 7. Your class's round

            A fresh board with its set-up form, for the real lesson: type the players' names, choose the
            game, type the secret rule into the hidden field (or draw one at random from the library),
            click **Check the rule**, then **Deal**. The board saves the round after every action; the
            status line names the file and says how to resume after a restart.

            In Voilà (`make voila LESSON=lessons/02_running_a_class_round.ipynb`) the whole lesson runs with
            no code on screen: this board is the last one on the page.
            """
        ),
        code(
            """
            class_board = ClassBoard("express", names)
            class_board
            """
        ),
        check(
            """
            assert class_board.round is None, "nothing is dealt until the teacher clicks Deal"
            """
        ),
        teacher_notes(
            """
            - Before the lesson, pick the rule and run `check` on it; in class type it into the hidden
              *Secret rule* field (or use a library key) so the class never sees it.
            - Read the fingerprint aloud before the first card and write it on the board; at the reveal
              the board shows that the rule matches it. This settles "you changed the rule!" arguments.
            - Let the student who plays say *why* they chose the card before you click.
            - A misclick? **Undo** takes back the last action, including the dealer's verdict.
            - The board saves the round after every action (autosave is on unless a board is built with
              `autosave=False`, as the walkthrough boards above are); the file is named on the board, and
              after a kernel restart `ClassBoard.resume(path)` continues the round.
            - For a code-free projector view use Voilà:
              `make voila LESSON=lessons/02_running_a_class_round.ipynb` and scroll to the last board.
            """
        ),
    ]


# ------------------------------------------------------------------------------------------- lesson 3


def lesson_03() -> list[Cell]:
    return [
        header(
            "Lesson 3 — Gardner's original game",
            """
            The first published version of Eleusis, as Martin Gardner described it in 1959: no penalty
            cards, no guessing aloud, and a scoring that rewards a dealer whose rule is neither too easy
            nor too hard.
            """,
            do=[
                "Read where the game comes from.",
                "Play (or watch) a round of Gardner's Eleusis in its two halves.",
                "Score the dealer after the first half and the players at the end, by hand and by computer.",
            ],
            learn=[
                "How a scoring rule can push the dealer towards a *good* secret rule.",
                "Why the second half of the game rewards the players who understood the rule.",
            ],
            need=[
                "The class board on the projector, or decks of cards for groups of 3-5.",
                "Paper for working out scores by hand.",
            ],
            time="About 45 minutes: 10 for the history and rules, 25 to play, 10 for scoring.",
        ),
        md(
            """
            ## Where the game comes from

            Robert Abbott invented Eleusis in 1956 as a game of *induction*: finding a general rule from
            examples, the way a scientist does. Martin Gardner first published it in his "Mathematical
            Games" column in *Scientific American* in June 1959, and it spread from there. Abbott later
            reworked it as *New Eleusis*, which appeared in Gardner's column in July 1977 (lesson 6), and
            John Golden made a shorter *Eleusis Express* in 2006, the game of lessons 1 and 2. Games like
            *Mao* and *Zendo* share the idea of a secret rule found by experiment.

            Gardner's version, in short:

            - The dealer writes the secret rule, turns up a *starter* and deals the other cards equally
              among the players (the few left over are set aside).
            - **First half.** In turn, each player lays one card on the top card. Right: it joins the
              mainline. Wrong: it is laid face up in front of the player. The half ends when everyone has
              played every card they were dealt once.
            - **The dealer scores** after the first half: the *leader* is the player with the fewest wrong
              cards; the dealer gets the sum of the other players' wrong cards minus (players − 1) × the
              leader's wrong cards. A rule nobody finds scores nothing; a rule everybody finds scores little.
            - **Second half.** Players play from their wrong cards; a wrong card goes back and the player
              tries another, in the same turn. The half ends when a player has no cards left, or nobody can
              play.
            - **Players score** (sum of the other players' remaining cards) − (players − 1) × own remaining
              cards, never below 0, and 6 bonus points to a player with no cards left (if nobody went
              out, the players with the fewest cards share the 6).
            """
        ),
        SETUP,
        code(
            """
            from eleusis_lab import scoring
            from eleusis_lab.play.driver import advance
            from eleusis_lab.play.players import lookup
            from eleusis_lab.widgets import ClassBoard
            """
        ),
        md(
            """
            ## Scoring by hand first

            Gardner's own examples. Work them out on paper, then check with the kit.

            1. Three players have 10, 5 and 3 wrong cards after the first half. The leader has 3. The dealer
               scores (10 + 5) − 2 × 3 = **9**.
            2. Four players end the game with 2, 3, 10 and 0 cards. The first scores (3 + 10 + 0) − 3 × 2 = 7;
               the one who went out scores 15 + 6 = **21**.
            """
        ),
        code(
            """
            print(scoring.gardner_dealer([10, 5, 3]))
            print(scoring.gardner_players([2, 3, 10, 0]))
            """
        ),
        check(
            """
            assert scoring.gardner_dealer([10, 5, 3]) == 9
            assert list(scoring.gardner_players([2, 3, 10, 0])) == [7, 3, 0, 21]
            """
        ),
        md(
            """
            ## The class board, Gardner's way

            Five players and a rule from Gardner's column (rule 3 of his list: *if the two top cards have
            the same colour, play a card from A to 7; otherwise from 7 to K*): 51 cards make five hands of
            10, and one card is set aside. Click cards for the students as in lesson 2. The status line says
            which half is being played.
            """
        ),
        code(
            """
            names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
            board = ClassBoard("gardner", names, rule="gardner-3", seed=3, plots=False, autosave=False)
            board.deal()
            board
            """
        ),
        check(
            """
            assert [len(board.round.hand(name)) for name in names] == [10] * 5
            assert board.round.phase == "first-half"
            """
        ),
        md(
            """
            ## A whole round by computer players

            To see both halves from start to end without a class, four careful computer players play
            the same rule.
            """
        ),
        code(
            """
            players = ["Ana", "Ben", "Cy", "Dee"]
            gardner = new_round("gardner", players, "gardner-3", seed=2)
            computers = {name: lookup("careful", seed=i) for i, name in enumerate(players)}
            advance(gardner, computers)  # every seat is a computer: they play the round to its end
            gardner
            """
        ),
        md(
            """
            The round's event log says what happened: the end of the first half (with each player's wrong
            cards, which give the dealer's score), the plays of the second half, and why the round ended.
            """
        ),
        code(
            """
            from eleusis_lab.play.events import HalfEnded, Played

            half = next(i for i, e in enumerate(gardner.events) if isinstance(e, HalfEnded))
            wrong_cards = gardner.events[half].wrong_cards
            second_half = [e for e in gardner.events[half:] if isinstance(e, Played)]
            print("wrong cards after the first half:", dict(zip(players, wrong_cards, strict=True)))
            print("dealer's score:", scoring.gardner_dealer(wrong_cards))
            print("plays in the second half:", len(second_half), "- the round ended:", gardner.end.reason)
            """
        ),
        code(
            """
            final = gardner.scores()
            for name, points in zip(players, final.players, strict=True):
                print(f"{name:4} {len(gardner.hand(name)):2} cards left  {points} points")
            print("dealer", final.dealer)
            """
        ),
        check(
            """
            assert gardner.is_over
            assert len(second_half) > 0, "the round went on into its second half"
            assert final.dealer == scoring.gardner_dealer(wrong_cards)
            left = [len(gardner.hand(n)) for n in players]
            assert list(final.players) == list(scoring.gardner_players(left))
            assert all(p >= 0 for p in final.players)
            """
        ),
        md(
            """
            ## Talk about it

            - Why does the dealer's score subtract the leader's wrong cards (times the number of other
              players)? What kind of rule does that reward?
            - Gardner's rule 7, *play the card one rank above the top card*, is in his list as a bad rule.
              Why? (Lesson 5 checks rules like this one.)
            """
        ),
        teacher_notes(
            """
            - Gardner's column is "Mathematical Games", *Scientific American*, June 1959; the game's author
              is Robert Abbott (1956); New Eleusis appeared in the same column in July 1977. Students enjoy
              hearing that a puzzle column spread it.
            - With real cards, groups of 4 (a dealer and 3 players) work best; a whole deck takes about
              20 minutes. The board handles the dealing and the two halves for you.
            - Points to draw out: the dealer wants a rule that *some* players find quickly and others do
              not; a player scores by having few cards left *relative to the others*.
            - The engine's reading of the rules is in `RULES.md` (e.g. wrong cards are not replayed in the
              first half; in the second half a player keeps trying cards in the same turn).
            """
        ),
    ]


# ------------------------------------------------------------------------------------------- lesson 4


def lesson_04() -> list[Cell]:
    return [
        header(
            "Lesson 4 — How fast did we find it?",
            """
            Behind every round is a question a scientist would ask: how much did each experiment tell us?
            The kit keeps a *hypothesis space*, a large set of candidate rules, and crosses out every rule
            that disagrees with a verdict. Watching it shrink shows how good each play was.
            """,
            do=[
                "Count the candidate rules before any card is played.",
                "Falsify hypotheses one verdict at a time, and plot how the space narrows in a real round.",
                "Race the class's way of playing against the *scientist* computer player.",
            ],
            learn=[
                "A hypothesis is *falsified* by one observation that disagrees; agreeing never proves it.",
                "An informative experiment is one whose result you cannot predict.",
                "The ideal: a right/wrong answer is one bit, so each play can at best halve the candidates.",
            ],
            need=["The projector, or a computer per pair of students."],
            time="About 40 minutes: 10 for the space, 15 for the narrowing plot, 15 for the race.",
        ),
        SETUP,
        code(
            """
            import math

            from eleusis_lab.plots import narrowing_plot
            from eleusis_lab.science import ClassHypotheses, HypothesisSpace, Narrowing, solo_rounds
            """
        ),
        md(
            """
            ## The space of possible rules

            The kit's hypothesis space holds over a million candidate rules, each one written in the same
            rule language as the dealer's: one simple condition ("the card is red", "same suit as the top
            card"), two of them joined by *and* / *or*, an *if ... then ... else* on the top cards, or a
            condition for each suit of the top card. Before any card is played, all of them are possible.
            The simplest come first.
            """
        ),
        code(
            """
            space = HypothesisSpace()
            start = space.remaining()
            print(f"{start:,} candidate rules")
            print("for example:", *space.top_texts(5), sep="\\n  ")
            """
        ),
        md(
            """
            ## Falsification, one verdict at a time

            The starter is 4♦. Someone plays 7♠ and the dealer says **right**. Every rule that would have
            refused 7♠ on 4♦ is crossed out. Then 9♠ is played on 7♠: **wrong**.
            """
        ),
        code(
            """
            four, seven, nine = Card.parse("4D"), Card.parse("7S"), Card.parse("9S")
            counts = [space.remaining()]
            space.observe([four], seven, True)
            counts.append(space.remaining())
            space.observe([four, seven], nine, False)
            counts.append(space.remaining())
            for label, n in zip(["start", "after 7♠ right", "after 9♠ wrong"], counts, strict=True):
                print(f"{label:16} {n:>12,}")
            """
        ),
        check(
            """
            assert counts[0] > counts[1] > counts[2] > 0, counts
            # A rule that agrees with both verdicts survives; one that disagrees is gone.
            survivor = Rule.parse("card.color != prev.color")
            assert survivor.accepts(seven, [four]) and not survivor.accepts(nine, [four, seven])
            """
        ),
        md(
            """
            ## The narrowing plot of a real round

            Three careful computer players play a whole round of Eleusis Express with the secret rule
            *even after odd, odd after even*. Before the first card, three students wrote down what they
            thought the rule would be. After each verdict the kit counts the rules left.

            The plot uses a logarithmic scale: one grid line down is ten times fewer rules. Green dots are
            right plays, red crosses wrong ones. The dashed line is the ideal of one bit per play: halving
            the candidates every time. Under it, each student's hypothesis lives until a card falsifies it.
            """
        ),
        code(
            """
            from eleusis_lab.play.driver import advance
            from eleusis_lab.play.players import lookup

            players = ["Ana", "Ben", "Cy"]
            game = new_round("express", players, "express-3", seed=3)
            advance(game, {name: lookup("careful", seed=i) for i, name in enumerate(players)})

            hypotheses = ClassHypotheses()
            hypotheses.add("Dee", "card.color != prev.color", "alternate colours")
            hypotheses.add("Eve", "card.rank >= prev.rank or prev is face", "go up, unless a face card")
            hypotheses.add("Fay", "if prev is even then card is odd else card is even", "even, odd, even ...")
            narrowing = Narrowing.from_round(game, hypotheses)
            narrowing_plot(narrowing)
            """
        ),
        code(
            """
            for item in hypotheses.items:
                print(f"{item.student}: {item.words:28} {item.status}")
            print("the most plausible rules left:", *narrowing.top[:3], sep="\\n  ")
            """
        ),
        check(
            """
            remaining = narrowing.remaining
            assert remaining == sorted(remaining, reverse=True), "evidence only ever removes rules"
            assert remaining[-1] < remaining[0] / 100, "a whole round removes most candidate rules"
            fate = {item.student: item.status for item in hypotheses.items}
            assert fate["Fay"] == "consistent", "the secret rule is never falsified"
            assert fate["Dee"] == "falsified"
            """
        ),
        md(
            """
            ## The ideal: one bit per play

            A verdict is *right* or *wrong*. On average such an answer can tell you at most one *bit*: the
            best you can hope for, play after play, is to halve the candidates. From N candidates that takes
            about log₂(N) plays. A surprising verdict sometimes removes more than half, but nobody can plan
            on surprises; and a play whose verdict everybody could predict tells almost nothing.
            """
        ),
        code(
            """
            ideal = math.ceil(math.log2(start))
            bits = narrowing.bits()
            print(f"{start:,} candidates: at least {ideal} plays at one bit each")
            total = sum(bits)
            print(f"this round: {len(bits)} verdicts gave {total:.1f} bits, {total / len(bits):.2f} each")
            print(f"the best verdict gave {max(bits):.1f} bits; {bits.count(0.0)} verdicts told nothing")
            """
        ),
        md(
            """
            ## The class's own hypotheses, on the board

            In class you do not write this code: the class board has a *hypotheses panel* beside the table
            (lesson 2). Type in each student's hypothesis; after every play the panel marks the ones a card
            has falsified, shows that card, and redraws the narrowing plot. Here is the panel following the
            round above, with the same three hypotheses typed in.
            """
        ),
        code(
            """
            from eleusis_lab.widgets import HypothesisPanel

            panel = HypothesisPanel(plots=False)
            panel.attach(game)
            for item in hypotheses.items:
                panel.add(item.student, item.text, item.words)
            panel
            """
        ),
        check(
            """
            fate = {hypothesis.student: falsifier for hypothesis, falsifier in panel.status()}
            assert fate["Fay"] is None, "the secret rule itself is never falsified"
            assert fate["Dee"] is not None
            """
        ),
        md(
            """
            ## The race: scientist against random

            Now a student alone against the computer dealer, the *solo* game: a hand of 12 cards, refilled
            after every play, at most 30 turns; after each play the player may state the rule (a wrong
            guess costs 2 points). Solving the rule at turn t scores 30 − t − 2 × wrong guesses.

            The *random* player plays any card; the *scientist* plays the card whose verdict it is least
            sure of, so that either answer crosses out many rules, and guesses once one rule stands out.
            Two rounds each, same secret rule (*even top card: play red; odd: play black*), same deals.
            """
        ),
        code(
            """
            race = {who: solo_rounds("express-5", who, seed=10, rounds=2) for who in ["scientist", "random"]}
            for who, results in race.items():
                for r in results:
                    guesses = f"{r.wrong_guesses} wrong guesses"
                    print(f"{who:9}  solved: {r.solved!s:5}  turns: {r.turns:2}  {guesses}  score: {r.score}")
            """
        ),
        check(
            """
            score = {who: sum(r.score for r in results) for who, results in race.items()}
            assert score["scientist"] > score["random"], score
            assert all(r.solved for r in race["scientist"])
            """
        ),
        md(
            """
            ## Talk about it

            - Which of your class's plays in lesson 1 or 2 told you the most? Was it a right or a wrong card?
            - Why is a card you are *sure* will be accepted a poor experiment?
            - Real scientists cannot count their hypotheses. What do they do instead?
            """
        ),
        teacher_notes(
            """
            - The count of candidate rules depends on the kit's hypothesis space (simple conditions on
              colour, suit, rank, parity and the top one or two cards, combined in a few ways); the exact
              number matters less than the shape of the curve. Many candidates say the same thing in
              different words, which is why the curve flattens before it reaches one.
            - The plot's log scale may need a word: each grid line down is ten times fewer rules.
            - The one-bit ideal bounds what a play can be *expected* to tell, not what one lucky verdict
              tells: a surprising verdict can remove more than half. Real plays usually tell less, because
              most verdicts are easy to predict once the class has a good idea.
            - The class board's hypotheses panel (lesson 2) lets students add their own hypotheses and see
              which card falsified each one: run a class round with it open and come back to this lesson.
            - The race uses fixed seeds so the result is the same every time the lesson runs.
            """
        ),
    ]


LESSONS: dict[str, tuple[str, Callable[[], list[Cell]]]] = {
    "01": ("01_meet_eleusis.ipynb", lesson_01),
    "02": ("02_running_a_class_round.ipynb", lesson_02),
    "03": ("03_gardners_original_game.ipynb", lesson_03),
    "04": ("04_how_fast_did_we_find_it.ipynb", lesson_04),
}


def notebook(cells: list[Cell]) -> nbformat.NotebookNode:
    """A notebook as ``nbstripout`` leaves it: no outputs, no counts, cell ids numbered from 0."""
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    for i, cell in enumerate(nb.cells):
        cell["id"] = str(i)
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    nbformat.validate(nb)
    return nb


def render(key: str, lessons: dict[str, tuple[str, Callable[[], list[Cell]]]] | None = None) -> str:
    _name, build = (lessons or LESSONS)[key]
    return nbformat.writes(notebook(build())) + "\n"


def main(
    argv: list[str] | None = None,
    *,
    lessons: dict[str, tuple[str, Callable[[], list[Cell]]]] | None = None,
    script: str = "scripts/make_lessons.py",
) -> int:
    """Write (or with ``--check`` compare) the lessons; ``make_lessons_5_8.py`` calls this with its own."""
    lessons = lessons or LESSONS
    parser = argparse.ArgumentParser(description=f"Write the lessons {', '.join(lessons)} from {script}.")
    parser.add_argument("lessons", nargs="*", help=f"lesson numbers (default: all of {', '.join(lessons)})")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    keys = args.lessons or list(lessons)
    stale = []
    for key in keys:
        name, _build = lessons[key]
        path = LESSONS_DIR / name
        text = render(key, lessons)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(LESSONS_DIR.parent)}")
    if stale:
        print(f"lessons differ from {script} (run it):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
