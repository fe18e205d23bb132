"""Write lessons 5-8 in ``lessons/`` from the cells below, outputs stripped (same pattern as lessons 1-4).

The helpers (``header``, ``md``, ``code``, ``check``, ``teacher_notes``, ``SETUP``, ``notebook``) come
from ``scripts/make_lessons.py``, so every lesson is built the same way; see its docstring for the
pattern.

    .venv/bin/python scripts/make_lessons_5_8.py           # (re)write lessons 5-8
    .venv/bin/python scripts/make_lessons_5_8.py 06        # only lesson 06
    .venv/bin/python scripts/make_lessons_5_8.py --check   # exit 1 if a notebook differs from this script
"""

# ruff: noqa: E501 - the cells' code is written at the notebooks' line length (110), indented 12 here

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_lessons
from make_lessons import (  # the sibling script, found through sys.path
    SETUP,
    Cell,
    check,
    code,
    header,
    md,
    teacher_notes,
)

# ------------------------------------------------------------------------------------------- lesson 5


def lesson_05() -> list[Cell]:
    return [
        header(
            "Lesson 5 — Designing a good rule",
            """
            The dealer's secret rule makes or breaks a round. Too strict, and nobody can play; too loose,
            and every card is accepted, so the cards tell nothing. In this lesson the class learns what the
            sources say a good rule looks like, mends a famously bad one, measures how hard rules are to
            find with simulated players, and then designs and checks rules of its own.
            """,
            do=[
                "Read the sources' guidelines for a fair rule, and see the kit check them.",
                "Take Martin Gardner's own bad example apart, and mend it in two steps.",
                "Measure how hard a rule is to find by letting a computer *scientist* play it.",
                "Write a rule of your own, check it, and let a classmate try to find it.",
            ],
            learn=[
                "What makes a rule fair: enough cards playable, every card playable sometime, no dead end.",
                "That designing is itself an experiment: a guess (*this rule is fair*), a test, a revision.",
                "Why a rule that accepts almost everything is as poor as one that accepts almost nothing.",
            ],
            need=[
                "A computer per pair of students, or the projector.",
                "Paper for drafting rules in plain words before typing them.",
            ],
            time="About 45 minutes: 10 for the guidelines and the bad rule, 10 for the simulations, "
            "25 to design, check and swap rules.",
        ),
        md(
            """
            ## Setting up

            Run the cell below first (click it, then **Shift+Enter**).
            """
        ),
        SETUP,
        code(
            """
            import ipywidgets as widgets
            import matplotlib.pyplot as plt
            from IPython.display import display

            from eleusis_lab import check, library
            from eleusis_lab.cards import standard_deck
            from eleusis_lab.plots import acceptance_map
            from eleusis_lab.science import solo_round
            from eleusis_lab.widgets import SoloBoard
            """
        ),
        md(
            """
            ## What the sources ask of a rule

            Every book on Eleusis gives the dealer the same advice, in slightly different words:

            1. **Enough cards must be playable.** Martin Gardner (1959): the rule should not restrict the
               choice to fewer than *a quarter of the deck*. John Golden's *Eleusis Express* (2006):
               *ideally 12 to 15 of the 52 cards* are playable at any moment.
            2. **Every card must be playable at some point**, or some cards get stuck in players' hands.
            3. **The line must never dead-end**: there must always be some card that may be played next.
            4. The rule depends only on the cards (and, if the dealer says so in advance, on the players).

            Why does this matter for the science? Finding the rule is an investigation: every card played
            is an experiment that tests the class's hypotheses. If almost every card is *wrong*, players
            cannot run the experiments they want: they have no card that fits. If almost every card is *right*, the experiments all come back "yes"
            and tell almost nothing. A good rule sits in between, and the dealer's score in every version
            of the game rewards exactly that: a rule some players find and others do not.

            The kit's `check` explores every situation a rule can lead to and measures these things.
            """
        ),
        md(
            """
            ## A bad rule: Gardner's rule 7

            Gardner listed one rule as an example of what *not* to choose: *play the card one rank above
            the top card*.
            """
        ),
        code(
            """
            bad = library.get("gardner-7")
            print(bad.english)
            print(bad.text)
            report = check(bad.rule)
            print()
            print(report)
            """
        ),
        md(
            """
            The report says it all: at any moment only the four cards of the next rank can be played (4 of
            52, far below a quarter); the aces can never be played after the starter; and once a king is on
            top, nothing can follow it, so the round is stuck. The map below shows which cards may be played
            on a 7♥: only the four eights.
            """
        ),
        code(
            """
            seven = Card.parse("7H")
            playable_on_seven = {c: float(bad.rule.accepts(c, [seven])) for c in standard_deck()}
            title = "Gardner 7: cards playable on 7♥ (1 = yes)"
            acceptance_map(playable_on_seven, deck="standard", title=title, show_values=False)
            """
        ),
        check(
            """
            assert not report.acceptable, "Gardner's rule 7 is his example of an unacceptable rule"
            assert report.cards(report.playable_median) == 4 and report.faces == 52  # 4 of 52 playable
            assert report.playable_median < 1 / 4, "below Gardner's quarter of the deck"
            assert sorted(c.rank for c in report.never_playable) == [1, 1, 1, 1], "the aces are stuck"
            assert report.can_dead_end and report.dead_end_example[-1].rank == 13, "nothing follows a king"
            assert sum(playable_on_seven.values()) == 4
            assert all(c.rank == 8 for c, ok in playable_on_seven.items() if ok)
            """
        ),
        md(
            """
            ## Mending it: the designer's loop

            Designing a rule is a small experiment of its own. You make a guess (*this rule is fair*), you
            test it (`check`), and you revise it when the test says no. Here are two repairs of rule 7.

            - **Version 2** lets the ranks go round, so that an ace may follow a king. `cyc(...)` counts
              round the ranks the way a clock counts round the hours: from a king, one step up is an ace.
            - **Version 3** also allows two or three steps up: *play a card one, two or three ranks above
              the top card, going round from king to ace.*
            """
        ),
        code(
            """
            versions = {
                "1. one rank up": "card.rank == prev.rank + 1",
                "2. one rank up, king → ace": "cyc(card.rank - prev.rank) == 1",
                "3. one to three ranks up, round": "cyc(card.rank - prev.rank) in 1..3",
            }
            reports = {name: check(text) for name, text in versions.items()}
            for name, r in reports.items():
                verdict = "fair" if r.acceptable else "NOT fair: " + "; ".join(r.problems)
                print(f"{name:33} typically {r.cards(r.playable_median):2} of 52 playable   {verdict}")
            """
        ),
        check(
            """
            one, two, three = reports.values()
            assert one.can_dead_end and one.never_playable
            assert not two.can_dead_end and not two.never_playable, "going round removes the dead end"
            assert not two.acceptable, "but it is still too strict"
            assert two.cards(two.playable_median) == 4
            assert three.acceptable and three.cards(three.playable_median) == 12, "12 of 52: Golden's ideal"
            """
        ),
        md(
            """
            ## Too loose is bad too

            The opposite mistake is a rule that accepts nearly everything, or one that shuts out half the
            deck for good. The chart compares a few rules with the guidelines: the shaded band is Golden's
            ideal of 12 to 15 cards, the dashed line Gardner's quarter of the deck (13 cards).
            """
        ),
        code(
            """
            examples = {
                "Gardner 7 (one rank up)": library.get("gardner-7").text,
                "mended rule 7 (version 3)": "cyc(card.rank - prev.rank) in 1..3",
                "Express 2 (suit cycle)": library.get("express-2").text,
                "Express 4 (suit or rank)": library.get("express-4").text,
                "Express 1 (alternate colours)": library.get("express-1").text,
                "only red cards": "card is red",
                "go up, unless a face card": "card.rank >= prev.rank or prev is face",
            }
            checked = {name: check(text) for name, text in examples.items()}
            names = list(checked)
            typical = [r.cards(r.playable_median) for r in checked.values()]
            colours = ["#2a9d8f" if r.acceptable else "#e76f51" for r in checked.values()]

            fig, ax = plt.subplots(figsize=(10, 4.5))
            ax.axvspan(12, 15, color="#f4d35e", alpha=0.5, label="Golden: ideally 12-15")
            ax.axvline(13, color="black", linestyle="--", label="Gardner: a quarter of the deck")
            ax.barh(names, typical, color=colours)
            ax.invert_yaxis()
            ax.set_xlim(0, 52)
            ax.set_xlabel("cards playable in a typical situation (of 52); green = fair, red = not")
            ax.legend(loc="upper right")
            plt.show()
            for name, r in checked.items():
                print(f"{name:30} {'fair' if r.acceptable else 'not fair: ' + '; '.join(r.problems)}")
            """
        ),
        check(
            """
            assert checked["only red cards"].never_playable, "the black cards can never be played"
            assert not checked["go up, unless a face card"].acceptable, "40 of 52: too loose"
            assert checked["Express 1 (alternate colours)"].acceptable
            assert not checked["Gardner 7 (one rank up)"].acceptable
            """
        ),
        md(
            """
            ## How hard is a rule to find? Ask a simulated scientist

            `check` says whether a rule is *fair*; it does not say whether it is *hard*. For that we let
            computer players try. Each plays alone against the computer dealer for at most 20 turns, with a
            hand of 12 cards, and may state the rule after any play:

            - the **scientist** keeps a list of over a million candidate rules, crosses out every one a
              verdict contradicts, and plays the card whose verdict it is least sure of (lesson 4);
            - the **random** player plays any card and almost never guesses: it shows what luck alone does.

            The number of turns the scientist needs is a rough measure of difficulty. Two deals per rule;
            this takes a few seconds, so watch the progress bar.
            """
        ),
        code(
            """
            mended = "cyc(card.rank - prev.rank) in 1..3"
            race_rules = ["express-4", mended, "gardner-5"]
            deals = [0, 1]
            MAX_TURNS = 20
            bar = widgets.IntProgress(value=0, max=2 * len(race_rules) * len(deals), description="Playing")
            display(bar)
            race = {}
            for rule in race_rules:
                for who in ("scientist", "random"):
                    for seed in deals:
                        race[rule, who, seed] = solo_round(rule, who, seed=seed, max_turns=MAX_TURNS)
                        bar.value += 1
            bar.description = "Done"
            """
        ),
        code(
            """
            def turns_needed(result):
                # an unsolved round counts as one turn more than allowed
                return result.turns if result.solved else MAX_TURNS + 1


            print(f"{'rule':36} {'scientist: turns to find it':28} {'random: cards accepted':22}")
            for rule in race_rules:
                turns = [turns_needed(race[rule, "scientist", s]) for s in deals]
                lucky = [sum(ok for _card, ok in race[rule, "random", s].plays) for s in deals]
                shown = ["not found" if t > MAX_TURNS else str(t) for t in turns]
                print(f"{rule:36} {', '.join(shown):28} {', '.join(map(str, lucky))} of {MAX_TURNS}")
            """
        ),
        check(
            """
            n = len(deals)
            mean = {r: sum(turns_needed(race[r, "scientist", s]) for s in deals) / n for r in race_rules}
            assert all(race[mended, "scientist", s].solved for s in deals), "the mended rule 7 is found"
            assert mean["gardner-5"] >= mean[mended] + 5, "Gardner's rule 5 takes far longer to find"
            scientist_points = sum(race[r, "scientist", s].score for r in race_rules for s in deals)
            random_points = sum(race[r, "random", s].score for r in race_rules for s in deals)
            assert scientist_points > random_points, "careful experiments beat luck"
            """
        ),
        md(
            """
            Two surprises worth discussing:

            - The mended rule 7 is found quickly by the scientist, although people often find rules about
              rank *differences* hard. A computer tries rules people would not think of; people notice
              patterns (colours, pictures) a computer weighs no higher than any other. Use the scientist
              as a *first* measure, then play the rule with people.
            - Gardner's rule 5 (*the top card's rank decides the suit*) takes the scientist far longer, if it
              finds it at all in 20 turns: the evidence for each of its four cases comes slowly. A good
              classroom rule is often one with a single idea in it.
            """
        ),
        md(
            """
            ## Your turn: design a rule

            1. Write your rule **in words** first, on paper.
            2. Translate it into the rule language (the cheat sheet is printed below) and type it between
               the quotes in the next cell; run the cell. The report tells you whether it is fair.
            3. Not fair? Change it and run the cell again. Keep a note of each version and what was wrong:
               that is your lab notebook.

            The example already in the cell is fair, but looser than Golden's ideal (36 of 52 cards are
            playable). Can you change it so that only 12 to 15 are?
            """
        ),
        code(
            """
            from eleusis_lab.rules import CHEAT_SHEET

            print(CHEAT_SHEET)
            """
        ),
        code(
            """
            my_rule = "card.suit != prev.suit and card.rank != prev.rank"  # ← write your rule here

            my_report = check(my_rule)
            print(my_report)
            """
        ),
        check(
            """
            assert my_report.acceptable or my_report.problems, "an unfair rule always says why"
            example = check("card.suit != prev.suit and card.rank != prev.rank")
            assert example.acceptable and example.cards(example.playable_median) == 36, "the example: 36 of 52"
            """
        ),
        md(
            """
            The same check with a box and a button, for students who prefer not to edit code. A typing
            mistake gets a message that points at it.
            """
        ),
        code(
            """
            rule_box = widgets.Text(value=my_rule, description="Rule", layout=widgets.Layout(width="44em"))
            check_button = widgets.Button(description="Check", button_style="primary")
            check_output = widgets.Output()


            def on_check(_button):
                check_output.clear_output()
                with check_output:
                    try:
                        print(check(rule_box.value))
                    except ValueError as error:  # a rule that does not parse, with a hint
                        print(error)


            check_button.on_click(on_check)
            widgets.VBox([widgets.HBox([rule_box, check_button]), check_output])
            """
        ),
        md(
            """
            ## Swap rules

            When your rule is fair, let a classmate play against it on the solo board below (you type the
            rule, they look away). Before each play they predict the verdict; the journal shows how their
            predictions improve. Did they find it? How many turns did it take, compared with the scientist?
            """
        ),
        code(
            """
            swap_board = SoloBoard("express", rule=my_rule, seed=5, autosave=False)
            swap_board.deal()
            swap_board
            """
        ),
        check(
            """
            assert swap_board.round is not None and swap_board.round.rule == Rule.parse(my_rule)
            """
        ),
        md(
            """
            ## Talk about it

            - Which guideline did your first draft break? How did you find out?
            - Is a rule that is *hard for the computer* also hard for people? Find an example either way.
            - A dealer scores best when *some* players find the rule and others do not. What kind of rule is
              that?
            """
        ),
        teacher_notes(
            """
            - The guidelines come from the sources: Gardner (1959) asks for at least a quarter of the deck;
              Golden's *Eleusis Express* (2006) asks for ideally 12-15 of 52 playable cards, every card
              playable at some point and no dead end. The kit calls a rule *fair* ("acceptable") when every
              card can be played, the line never dead-ends and a typical situation leaves between a fifth
              and three quarters of the deck playable; the two numbers from the books are shown as advice.
            - `check` is exact for almost every rule: it visits every situation the rule can lead to. Rules
              that read the position in unusual ways are checked on simulated lines instead; the report
              says which.
            - The scientist races take a few seconds each (about 2 s of computer time per round). The deals
              are fixed (`seed=`) so the lesson gives the same numbers every time; change `deals` for others.
              From a terminal, `eleusis-lab solo --rule gardner-5 --player scientist --rounds 2 --max-turns 20`
              plays the same rounds; with `--rounds 10` you get a steadier average while you prepare.
            - On the class board the *Check the rule* button runs the same check on the hidden secret rule
              without showing it: use it before every class round.
            - Pairs work well for the design part: one writes, one checks, then swap. Collect the fair rules
              on the whiteboard (in words only!) and use them as secret rules in later lessons.
            - Extension: ask students to design a rule that the scientist finds *slowly* but people find
              *quickly* (hint: pictures, colours, stories).
            """
        ),
    ]


# ------------------------------------------------------------------------------------------- lesson 6


def lesson_06() -> list[Cell]:
    return [
        header(
            "Lesson 6 — New Eleusis",
            """
            Robert Abbott, who invented Eleusis in 1956, reworked it in 1977 as *New Eleusis*. Players may
            play several cards at once, a player who thinks they know the rule may become the *prophet* and
            judge plays in the dealer's place, and after a while a wrong play puts a player out of the round.
            (In Abbott's rules the dealer is called *God*.)
            """,
            do=[
                "Play strings of cards and see a wrong string rejected as a whole.",
                "Crown a prophet, and see a prophet overthrown; see what a wrong *no play* costs.",
                "Follow the markers to *sudden death* in a whole round played by computer players.",
                "Run New Eleusis on the class board, and score a round.",
            ],
            learn=[
                "Why a rejected string is weaker evidence than a rejected card.",
                "How the prophet turns a hypothesis into public predictions that can be checked.",
                "How New Eleusis is scored, for players, the prophet and God.",
            ],
            need=[
                "The projector; four or more players or teams (a prophet needs two others still playing).",
                "Optional: two decks of cards and some tokens as markers, for a round away from the screen.",
            ],
            time="About 45 minutes: 10 for the rules, 25 to play, 10 for scoring and discussion.",
        ),
        md(
            """
            ## The rules in short

            - Two decks shuffled together; 14 cards to each player; God turns up a starter.
            - **Strings.** On your turn play one card, or a *string* of up to 4 cards. If they all fit, they
              all join the mainline. If *any* of them is wrong, the whole string goes to the sideline, God
              does not say which card was wrong, and you draw **2 penalty cards per card** in the string.
            - **No play.** Say you have no card that fits and show your hand. Right: you get a new hand of 4
              cards fewer (with 4 or fewer, the round ends). Wrong: God plays a card of yours that fits, and
              you draw 5.
            - **The prophet.** At the end of your own turn, if there is no prophet, you may become the
              prophet: a black marker goes on the card you just played. The prophet stops playing and
              announces *right* or *wrong* for each play before God does. If God disagrees, the prophet is
              overthrown: draws 5 cards and plays again; the player who made that play draws no penalty.
            - **Markers and sudden death.** A white marker goes on every 10th card played (mainline and
              sideline alike). Once 40 cards have been played, or 30 after the prophet's marker, a wrong play
              *expels* the player from the round.
            - **The round ends** when a player empties their hand, or when every player except the prophet
              has been expelled.
            """
        ),
        SETUP,
        code(
            """
            import itertools

            from eleusis_lab import scoring
            from eleusis_lab.play.driver import advance
            from eleusis_lab.play.events import Expelled, ProphetDeclared
            from eleusis_lab.play.players import lookup
            from eleusis_lab.widgets import ClassBoard, ScoreCalculator
            """
        ),
        md(
            """
            ## A string is judged as a whole

            Four players and Abbott's own example rule. To show the rules we need a right string and a wrong
            one, so in this section we let the computer, which knows the secret rule, pick the examples.
            """
        ),
        code(
            """
            players = ["Ana", "Ben", "Cy", "Dee"]
            game = new_round("new-eleusis", players, "new-eleusis", seed=1)


            def fits(cards):
                # Do these cards, played in this order on the mainline, all follow the secret rule?
                line = list(game.mainline)
                for card in cards:
                    if not game.rule.accepts(card, line):
                        return False
                    line.append(card)
                return True


            print("starter:", game.mainline[0], "- first to play:", game.current_player)
            """
        ),
        code(
            """
            ana = game.current_player
            right_string = next(s for s in itertools.permutations(game.hand(ana), 3) if fits(s))
            print(game.play(ana, list(right_string)).message)

            ben = game.current_player
            ben_before = len(game.hand(ben))
            mainline_before = list(game.mainline)
            # a string whose first card fits on its own, but not the whole string
            wrong_string = next(s for s in itertools.permutations(game.hand(ben), 2) if fits(s[:1]) and not fits(s))
            verdict = game.play(ben, list(wrong_string))
            print(verdict.message)
            game
            """
        ),
        check(
            """
            assert len(game.mainline) == len(mainline_before), "no card of a wrong string joins the mainline"
            assert fits(wrong_string[:1]), "even the card that fitted on its own went to the sideline"
            assert list(game.sidelines[-1][-1].cards) == list(wrong_string), "the whole string is in the sideline"
            assert verdict.penalty == 2 * len(wrong_string) == 4, "2 penalty cards per card of the string"
            assert len(game.hand(ben)) == ben_before - 2 + 4
            assert game.evidence()[-1].cards == tuple(wrong_string) and not game.evidence()[-1].accepted
            """
        ),
        md(
            """
            ### What did that wrong string tell the class?

            Only that *not all* of Ben's cards fit. Take three hypotheses the class might hold. A hypothesis
            is **falsified** when it predicted a different verdict from God's. Below, two hypotheses survive
            although they blame *different* cards of the string: the verdict cannot tell them apart. That is
            why strings are a gamble. An accepted string is strong evidence (every card fits, in that
            order); a rejected one is weak.
            """
        ),
        code(
            """
            hypotheses = {
                "go up": "card.rank > prev.rank",
                "same colour": "card.color == prev.color",
                "anything goes": "card is red or card is black",
            }
            line = list(mainline_before)
            first, second = wrong_string
            blames = {}
            for name, text in hypotheses.items():
                rule = Rule.parse(text)
                fits_first = rule.accepts(first, line)
                fits_second = rule.accepts(second, [*line, first])
                if fits_first and fits_second:
                    print(f"{name:14} predicts right: FALSIFIED by the verdict")
                else:
                    blames[name] = first if not fits_first else second
                    print(f"{name:14} predicts wrong (it blames {blames[name]}): survives")
            """
        ),
        check(
            """
            assert "anything goes" not in blames, "a hypothesis accepting the whole string is falsified"
            assert blames["go up"] != blames["same colour"], "both survive, blaming different cards"
            """
        ),
        md(
            """
            ## The prophet

            Cy plays a card that fits and, sure of the rule, declares himself **prophet**. From now on Cy
            calls every play *right* or *wrong* before God does. A prophet is a scientist who publishes
            predictions: each call is a test of Cy's hypothesis, in front of everybody. Dee plays next; Cy
            calls it *right* (`prophet_says=True`), and God agrees.
            """
        ),
        code(
            """
            cy = game.current_player
            game.play(cy, next(c for c in game.hand(cy) if fits([c])))
            game.declare_prophet(cy)
            print("prophet:", game.prophet, "- marker on", game.markers[-1].card, f"({game.markers[-1].kind})")

            dee = game.current_player
            print(game.play(dee, next(c for c in game.hand(dee) if fits([c])), prophet_says=True).message)
            """
        ),
        md(
            """
            Now Ana plays a card that does not fit, and the prophet wrongly calls it *right*. God overrules
            the prophet: Cy is overthrown, draws 5 cards and plays again; the black marker comes off; Ana
            draws nothing for her wrong card.
            """
        ),
        code(
            """
            prophet_before = len(game.hand(cy))
            ana_before = len(game.hand(ana))
            overthrow = game.play(ana, next(c for c in game.hand(ana) if not fits([c])), prophet_says=True)
            print(overthrow.message)
            print("prophet now:", game.prophet, "- former prophets:", game.former_prophets)
            """
        ),
        check(
            """
            assert overthrow.prophet_overthrown and game.prophet is None
            assert len(game.hand(cy)) == prophet_before + 5, "an overthrown prophet draws 5"
            assert len(game.hand(ana)) == ana_before - 1 and overthrow.penalty == 0, "no penalty for Ana"
            assert not any(m.is_black for m in game.markers), "the black markers come off"
            assert not game.can_become_prophet(cy), "a player can be prophet only once a round"
            """
        ),
        md(
            """
            ### A wrong "no play"

            Play goes on. The next player declares *no play* although a card of their hand fits: God plays
            that card for them and they draw 5.
            """
        ),
        code(
            """
            claimant = game.current_player
            claimant_before = len(game.hand(claimant))
            claim = game.no_play(claimant)
            print(claim.message)
            """
        ),
        check(
            """
            assert not claim.accepted and claim.penalty == 5
            assert game.mainline[-1] == claim.dealer_card, "God played a card of the hand that fits"
            assert len(game.hand(claimant)) == claimant_before - 1 + 5
            """
        ),
        md(
            """
            ## Markers and sudden death: a whole round

            Four computer players play a whole round. They play carefully, string cards together when they
            are confident, and one of them becomes prophet when only one rule of the kit's library still
            fits the evidence. Look for the markers on the table: a white one every 10 cards, the prophet's
            black one, then a black one every 10 cards after it. When the fourth marker is down (here: 30
            cards after the prophet's), sudden death begins. Not every round lasts that long, so the cell
            below deals again until it finds a round with a prophet and an expulsion.
            """
        ),
        code(
            """
            def with_prophet_and_expulsion(round_):
                kinds = {type(event) for event in round_.events}
                return ProphetDeclared in kinds and Expelled in kinds


            for deal in range(10):
                whole = new_round("new-eleusis", players, "new-eleusis", seed=deal)
                advance(whole, {name: lookup("careful", seed=i) for i, name in enumerate(players)})
                if with_prophet_and_expulsion(whole):
                    break
            print("deal number", deal)
            for marker in whole.markers:
                print(f"{marker.kind:8} marker on card number {marker.count:3} played ({marker.card})")
            declared = next(e for e in whole.events if isinstance(e, ProphetDeclared))
            expelled = [e.player for e in whole.events if isinstance(e, Expelled)]
            print("prophet:", declared.player, "- expelled in sudden death:", expelled)
            print("the round ended:", whole.end.reason, whole.end.player)
            whole
            """
        ),
        check(
            """
            kinds = [(m.kind, m.count) for m in whole.markers]
            assert kinds[0] == ("white", 10), "a white marker on the 10th card"
            prophet_count = next(count for kind, count in kinds if kind == "prophet")
            blacks = [count for kind, count in kinds if kind == "black"]
            assert blacks == [prophet_count + 10, prophet_count + 20, prophet_count + 30]
            assert whole.sudden_death and expelled, "after the 4th marker a wrong play expels"
            assert whole.is_over
            """
        ),
        md(
            """
            ## Scores

            The *high count* is the most cards any player holds at the end. Each player scores the high
            count minus their own cards, +4 for an empty hand. A prophet still in office also scores 1 for
            each mainline card and 2 for each sideline card played after their marker. God scores as much
            as the best player, but with a prophet at most twice the number of cards played up to the
            prophet's marker: a rule found quickly scores God little.
            """
        ),
        code(
            """
            final = whole.scores()
            print(final)
            """
        ),
        check(
            """
            left = [len(whole.hand(name)) for name in players]
            high = max(left)
            for name, own, points in zip(players, left, final.players, strict=True):
                if name != whole.prophet:
                    assert points == high - own + (4 if own == 0 else 0), name
            assert final.dealer == min(max(final.players), 2 * prophet_count), "God's score"
            """
        ),
        md(
            """
            ## On the class board

            Choose *New Eleusis* on the class board. To play a string, click the cards **in order**, then
            **Play string**. When there is a prophet, enter the prophet's call (*right* or *wrong*) before
            you play the card for the player; **Become prophet** appears right after a player's own turn.
            Markers are drawn on the table. Below, the first player plays a string of two cards.
            """
        ),
        code(
            """
            board = ClassBoard("new-eleusis", players, rule="new-eleusis", seed=1, hypotheses=False, autosave=False)
            board.deal()
            first = board.round.current_player
            line = list(board.round.mainline)
            pair = next(
                s
                for s in itertools.permutations(board.round.hand(first), 2)
                if board.round.rule.accepts(s[0], line) and board.round.rule.accepts(s[1], [*line, s[0]])
            )
            board.play(list(pair))
            board
            """
        ),
        check(
            """
            assert board.round.mainline[-2:] == list(pair), "the string joined the mainline in order"
            assert board.round.current_player != first
            """
        ),
        md(
            """
            For a round played with real cards, the score calculator does the arithmetic, prophet included.
            """
        ),
        code(
            """
            ScoreCalculator(variant="new-eleusis", players=players)
            """
        ),
        md(
            """
            ## Talk about it

            - When is it worth playing a string of four cards? When is it foolish?
            - Why does the prophet earn points for *sideline* cards played after the marker?
            - The prophet publishes predictions. Which real scientists do the same, and what happens to them
              when a prediction fails?
            """
        ),
        teacher_notes(
            """
            - The engine follows Abbott's published rules where the short summary is silent (see `RULES.md`):
              cards played counts mainline and sideline cards alike; a player may be prophet only once a
              round, and only if at least two other players are still playing; an overthrown prophet's black
              markers come off and the white count applies again.
            - Sudden death needs a long round: with a class, 40 cards go by in about 20 minutes. Use
              `hand_size` in the board's `options` (e.g. `options={"hand_size": 10}`) for a shorter round.
            - The computer players know the kit's library, so with a library rule they crown a prophet
              early; with a rule you typed yourself they take longer, like the class.
            - Strings are a good moment to talk about the strength of evidence: an accepted string of four is
              four results; a rejected string is one vague result that cost eight cards.
            - A class with no computer can play with two decks and coins as markers; the record sheets in
              `worksheets/record-sheets.toml` (lesson 8) include a New Eleusis score page.
            """
        ),
    ]


# ------------------------------------------------------------------------------------------- lesson 7


def lesson_07() -> list[Cell]:
    return [
        header(
            "Lesson 7 — Guess the rule! The letter deck",
            """
            "Guess the rule!" («Отгадай правило!») comes from a Russian puzzle book: Eleusis played with a
            deck of its own, 61 cards showing letters in colours and shapes. With no suits and ranks to lean
            on, students have to notice features they would normally ignore. The dealer is called the
            *leader*, the players are *researchers*, and a wrong card costs nothing but a turn.
            """,
            do=[
                "Meet the 61-card letter deck.",
                "Play a round on the class board, and watch computer researchers play one to the end.",
                "Score a round: researchers and leader, by hand and with the calculator.",
                "Design a rule for the letter deck and check it.",
            ],
            learn=[
                "That which *features* you pay attention to decides which hypotheses you can even think of.",
                "How one card can falsify a hypothesis, from either side: accepted-but-forbidden, or refused-but-allowed.",
                "How the letter game's scoring rewards being ahead of the others, not just doing well.",
            ],
            need=[
                "The projector; three or more researchers (or teams).",
                "Optional: a hand-made letter deck for each group (see the teacher notes).",
            ],
            time="About 40 minutes: 5 for the deck, 20 to play, 5 for the hypotheses, 10 for scoring.",
        ),
        SETUP,
        code(
            """
            from collections import Counter

            from IPython.display import HTML

            from eleusis_lab import check, library, scoring
            from eleusis_lab.cards import letter_deck
            from eleusis_lab.play.driver import advance
            from eleusis_lab.play.players import lookup
            from eleusis_lab.render import cards_html
            from eleusis_lab.widgets import ClassBoard, ScoreCalculator
            """
        ),
        md(
            """
            ## The deck

            Each card shows one of five letters (A to E; the original deck uses the Cyrillic А Б В Г Д), in
            red, blue or green ink, inside a circle or a square whose outline is red or black:
            5 × 3 × 2 × 2 = 60 cards, plus one **blank** card.
            """
        ),
        code(
            """
            deck = letter_deck()
            print(len(deck), "cards;", sum(c.is_blank for c in deck), "blank")
            print("cards of each ink:", dict(Counter(str(c.ink) for c in deck if c.is_letter)))
            HTML(cards_html([c for c in deck if c.letter == "A"] + [c for c in deck if c.is_blank], card_width=64))
            """
        ),
        check(
            """
            assert len(deck) == 61 and sum(c.is_blank for c in deck) == 1
            assert len({(c.letter, c.ink, c.shape, c.outline) for c in deck if c.is_letter}) == 5 * 3 * 2 * 2
            assert Card.parse("Б red circle black") == Card.parse("B red circle black"), "Cyrillic or Latin"
            """
        ),
        md(
            """
            ## The rules

            - The leader makes up a secret rule. The last card of the shuffled deck is the starter; all the
              others are dealt equally to the researchers.
            - In turn, a researcher tries one card on the top card. **Allowed**: it becomes the top card.
              **Not allowed**: the researcher takes it back, no penalty. The turn passes either way.
            - The round ends when a researcher has no cards left, or when the leader sees that nobody can
              place any card.

            The sample rule of the original game: *the letters go round A → B → C → D → E → A; colour and
            shape do not matter; the blank may follow any card and any card may follow the blank.*
            """
        ),
        code(
            """
            cycle = library.get("letters-cycle")
            print(cycle.english)
            print(cycle.text)
            for entry in library.ENTRIES:
                if entry.deck == "letters":
                    print(f"  {entry.key:20} {entry.difficulty:6} {entry.english}")
            """
        ),
        md(
            """
            ## A round on the class board

            Three researchers, and the leader is the computer. Click a card for the researcher whose turn it
            is. Below, each researcher tries the first card of their hand once. Watch the hands: a card that
            is not allowed goes back to its researcher (the board still shows the attempt, as evidence).
            """
        ),
        code(
            """
            researchers = ["Ana", "Ben", "Cy"]
            board = ClassBoard("letters", researchers, rule="letters-cycle", seed=0, hypotheses=False, autosave=False)
            board.deal()
            game = board.round
            tries = []
            for _ in range(3):
                who = game.current_player
                before = len(game.hand(who))
                board.play([game.hand(who)[0]])
                tries.append((who, game.evidence()[-1].accepted, before - len(game.hand(who))))
            for who, allowed, gone in tries:
                print(f"{who}: {'allowed' if allowed else 'not allowed'}, cards in hand went down by {gone}")
            board
            """
        ),
        check(
            """
            assert len(game.hand("Ana")) + len(game.hand("Ben")) + len(game.hand("Cy")) <= 60
            assert all(gone == (1 if allowed else 0) for _who, allowed, gone in tries), "no penalty cards"
            assert {allowed for _who, allowed, _gone in tries} == {True, False}, "both verdicts were shown"
            """
        ),
        md(
            """
            ## A whole round by computer researchers

            Three computer researchers play the same rule to the end. Before the first try, four students
            watching the starter write down what they think the rule is. With 20 cards each and no penalty
            for a wrong try, a round is short once someone has the idea.
            """
        ),
        code(
            """
            from eleusis_lab.plots import narrowing_plot
            from eleusis_lab.science import ClassHypotheses, Narrowing

            whole = new_round("letters", researchers, "letters-cycle", seed=0)
            print("the starter:", whole.mainline[0])

            cycle_text = 'card is blank or prev is blank or card.letter == next(prev.letter, ["A", "B", "C", "D", "E"])'
            hypotheses = ClassHypotheses.for_round(whole)
            hypotheses.add("Dee", "card.ink == prev.ink", "the same ink")
            hypotheses.add("Eve", "card.shape != prev.shape", "circles and squares alternate")
            hypotheses.add("Fay", cycle_text, "the letters go round")
            hypotheses.add("Gus", "card is blank or prev is blank or card.letter != prev.letter", "never the same letter")
            print(len(hypotheses.items), "hypotheses written down before the first try")
            """
        ),
        code(
            """
            advance(whole, {name: lookup("careful", seed=i) for i, name in enumerate(researchers)})
            left = [len(whole.hand(name)) for name in researchers]
            print("the round ended:", whole.end.reason, "- cards left:", dict(zip(researchers, left, strict=True)))
            whole
            """
        ),
        md(
            """
            ## Which hypotheses survive?

            The kit checks each student's hypothesis against every verdict of the round, and names the
            first card that **falsifies** it: a card the leader allowed that the hypothesis forbids, or a
            card the leader refused that the hypothesis allows. A hypothesis that survives is not proved,
            only not yet refuted.
            """
        ),
        code(
            """
            hypotheses.update(whole)
            for item in hypotheses.items:
                print(f"{item.student}: {item.words} - {item.status}")
                if item.falsified_by is not None:
                    print(f"     {item.falsified_by}")
            """
        ),
        check(
            """
            fate = {item.student: item.status for item in hypotheses.items}
            assert fate == {"Dee": "falsified", "Eve": "falsified", "Fay": "consistent", "Gus": "falsified"}
            """
        ),
        md(
            """
            The narrowing plot of lesson 4 for this round: the candidate rules still possible after each
            verdict, and under it each student's hypothesis, ending with ✕ at the card that falsified it.
            Notice the long flat tail. Once the researchers had the idea, they played cards they *knew*
            would be allowed: good for getting rid of cards, useless as experiments.
            """
        ),
        code(
            """
            narrowing = Narrowing.from_round(whole, hypotheses)
            print(f"{narrowing.remaining[-1]} candidate rules still fit all the evidence, for example:")
            print(*narrowing.top[:3], sep="\\n")
            narrowing_plot(narrowing)
            """
        ),
        check(
            """
            remaining = narrowing.remaining
            assert remaining == sorted(remaining, reverse=True), "evidence only ever removes rules"
            assert remaining[-1] < remaining[0] / 1000
            half = len(remaining) // 2
            assert remaining[half] < 10 * remaining[-1], "the second half of the round told little"
            """
        ),
        md(
            """
            Some rules still standing at the end mean exactly the same as the secret rule, only written
            differently. Others do not: they differ from it in a situation that never came up in this round,
            so no experiment tested them. The kit's `same_rule` (the judge of guesses on the boards) finds
            such a situation.
            """
        ),
        code(
            """
            from eleusis_lab.rules.checks import same_rule

            rivals = [text for text in narrowing.top[:10] if not same_rule(text, whole.rule)]
            rival = rivals[0]
            print("still standing, yet not the secret rule:", rival)
            print(same_rule(rival, whole.rule).counterexample.explain())
            """
        ),
        check(
            """
            plays = [o for o in whole.evidence() if o.kind == "play"]
            rival_rule = Rule.parse(rival)
            assert all(rival_rule.accepts(o.cards[0], list(o.mainline)) == o.accepted for o in plays), "it fits all"
            assert not same_rule(rival, whole.rule).same
            """
        ),
        md(
            """
            ## Scores

            With *n* researchers, each researcher scores **(the others' cards left) − n × (own cards left)**;
            scores can be negative. The leader scores **the winner's score − the lowest researcher's score**:
            a leader does best with a rule some researchers find and others do not.

            The worked example of the original rules: three researchers end with 5, 2 and 0 cards.

            - The first: (2 + 0) − 3 × 5 = **−13**
            - The second: (5 + 0) − 3 × 2 = **−1**
            - The third: (5 + 2) − 3 × 0 = **7**
            - The leader: 7 − (−13) = **20**
            """
        ),
        code(
            """
            example = scoring.letters([5, 2, 0])
            print(example.named(researchers, "leader"))
            print()
            print(whole.scores())
            """
        ),
        check(
            """
            assert list(example.players) == [-13, -1, 7] and example.dealer == 20
            round_scores = whole.scores()
            assert list(round_scores.players) == list(scoring.letters(left).players)
            assert round_scores.dealer == max(round_scores.players) - min(round_scores.players)
            """
        ),
        md(
            """
            For a round played with paper cards, type the cards left into the calculator (the example is
            already filled in; press **Calculate**).
            """
        ),
        code(
            """
            calculator = ScoreCalculator(variant="letters", players=researchers)
            calculator.set_counts(left=[5, 2, 0])
            calculator
            """
        ),
        check(
            """
            assert list(calculator.calculate().players) == [-13, -1, 7]
            """
        ),
        md(
            """
            ## What the book says about a good rule

            The original text gives the leader four pieces of advice. The leader scores the gap between the
            best and the worst researcher, so the rule should be:

            1. found by *someone* (if nobody finds it, everyone scores about the same): not too hard;
            2. not found by *everyone*: not too easy;
            3. easy to play for whoever has found it: not too restrictive;
            4. hard to play for whoever has not.

            And the leader must be able to say at once, and without doubt, whether a card may follow.
            "Inventing good rules is no simple matter," the book adds.
            """
        ),
        md(
            """
            ## Design a letter rule

            The rule language reads letter cards too: `card.letter`, `card.ink`, `card.shape`,
            `card.outline`, and `card is blank`. The same checks as in lesson 5 apply; the deck has 61 cards.
            The example: *play the same ink but a different letter; the blank is free.*
            """
        ),
        code(
            """
            my_letter_rule = "card is blank or prev is blank or (card.letter != prev.letter and card.ink == prev.ink)"
            letter_report = check(my_letter_rule, deck="letters")
            print(letter_report)
            """
        ),
        check(
            """
            assert letter_report.faces == 61 and letter_report.acceptable
            assert letter_report.cards(letter_report.playable_median) == 17, "same ink, another letter: 17"
            assert check(cycle.rule, deck="letters").acceptable, "the sample rule is fair"
            """
        ),
        md(
            """
            ## Talk about it

            - Which feature of the cards did you notice first? Which one last? Why?
            - A wrong card costs nothing in this game. Does that change how boldly you experiment?
            - Why does the leader's score use the *difference* between the best and the worst researcher?
            - The book ends: *"Such games are fascinating and useful, and what happens in them resembles the
              work of researchers discovering the laws of nature. In the game, the leader sets the laws. In
              life, they exist objectively."* Where does the comparison hold, and where does it break down?
            """
        ),
        teacher_notes(
            """
            - The game comes from a Russian puzzle book («Отгадай правило!», *Guess the rule!*), which also
              points to Gardner's Eleusis as the same game with ordinary cards. The kit accepts both
              alphabets: `Б` and `B` are the same card, in rules too.
            - The cards dealt must split evenly: with 2, 3, 4, 5, 6, 10 or 12 researchers all 60 cards are
              dealt; otherwise the few left over are set aside face down.
            - The blank card is a joker in the sample rule. Students like designing rules where the blank
              means something ("after the blank, the letter must go back one").
            - Ending "nobody can place any card": the engine checks every hand and ends the round itself.
            - Making a paper deck: 60 index cards, three felt pens (red, blue, green) for the letters and a
              red and a black pen for the outlines. Half the cards get a circle, half a square.
            """
        ),
    ]


# ------------------------------------------------------------------------------------------- lesson 8


def lesson_08() -> list[Cell]:
    return [
        header(
            "Lesson 8 — Worksheets: printing a puzzle set",
            """
            Not every lesson happens at a screen. The kit prints worksheets of card-sequence puzzles, each
            made by simulated play under a rule from the library, with an answer key that the engine has
            checked. This lesson is for the teacher: choose what goes on the sheet, build it, look at it,
            print it for the next lesson.
            """,
            do=[
                "Look through the ready-made worksheets (the *starter pack*).",
                "Write a short recipe for the next lesson's puzzle set and build it as a PDF.",
                "Preview the pages, and check the answer key against the engine.",
            ],
            learn=[
                "The five kinds of puzzle and what each trains: finding a rule, predicting, falsifying, designing.",
                "How a recipe (a small text file) decides the rules, the puzzles, the paper and the seed.",
            ],
            need=[
                "A computer with the kit; a printer (colour or black and white).",
                "A few seconds per worksheet to build it.",
            ],
            time="About 20 minutes the first time; a few minutes once you know your way.",
        ),
        md(
            """
            ## The kinds of puzzle

            - **Find the rule**: a table played under a secret rule and four candidate rules. Tick the one
              that fits; for each of the others, find the card that rules it out.
            - **What next?**: a table and six cards; tick those the rule would accept next.
            - **Which hypotheses survive?**: a table and six hypotheses; cross out each one the table proves
              wrong, naming the card that does it. This is falsification on paper.
            - **Design a rule**: a page that walks a student through the checks of lesson 5 for a rule of
              their own.
            - **Record sheet**: for rounds played with real cards: a record page and a score page for each
              game, with the scoring formula and a worked example.
            """
        ),
        SETUP,
        code(
            """
            import shutil
            import subprocess
            from pathlib import Path

            import ipywidgets as widgets
            from IPython.display import Image, display
            from pypdf import PdfReader

            from eleusis_lab.worksheets import build, load_recipe, parse_recipe, recipes
            """
        ),
        md(
            """
            ## The starter pack

            The folder `worksheets/` of the kit holds ready-made recipes, from easy to hard, for each game.
            """
        ),
        code(
            """
            for path in recipes():
                recipe = load_recipe(path)
                puzzles = ", ".join(f"{spec.count} × {spec.kind}" for spec in recipe.puzzles)
                print(f"{path.name:22} {recipe.title}")
                print(f"{'':22} {puzzles}")
            """
        ),
        md(
            """
            ## A recipe for next lesson

            A recipe is a few lines of text (TOML). This one makes a short set on rules the class has met:
            two *find the rule* puzzles, one *what next?*, one *which hypotheses survive?* and the *design a
            rule* page. Change the rules (any keys of the library), the counts or the `seed` (a new seed
            gives new tables from the same recipe); set `greyscale = true` for a black-and-white printer.
            """
        ),
        code(
            '''
            RECIPE = """
            title = "Eleusis — puzzles for next lesson"
            intro = "Accepted cards extend the mainline; rejected cards hang below the card they tried to follow."
            seed = 2027
            paper = "A4"
            deck = "standard"
            difficulty = "easy"
            rules = ["gardner-1", "express-2", "express-4"]

            [[puzzles]]
            kind = "find-the-rule"
            count = 2

            [[puzzles]]
            kind = "what-next"
            count = 1

            [[puzzles]]
            kind = "survivors"
            count = 1

            [[puzzles]]
            kind = "design-a-rule"
            count = 1
            """
            recipe = parse_recipe(RECIPE, name="next-lesson")
            print(recipe.title, "-", sum(spec.count for spec in recipe.puzzles), "puzzles")
            '''
        ),
        md(
            """
            ## Build it

            The worksheet, its answer key (separate, so you can print them apart) and a file of answers go
            into the folder `OUT`. Building takes a few seconds.
            """
        ),
        code(
            """
            OUT = Path("../out/worksheets")  # any folder you like
            bar = widgets.IntProgress(value=0, max=1, description="Building")
            display(bar)
            result = build(recipe, OUT)
            bar.value, bar.description = 1, "Done"
            for what, path in result.files.items():
                print(f"{what:11} {path}")
            """
        ),
        code(
            """
            sheet = PdfReader(result.files["sheet-pdf"])
            key = PdfReader(result.files["key-pdf"])
            footer = sheet.pages[0].extract_text().split("Page 1 of ")[1].split()[0]
            print(f"worksheet: {len(sheet.pages)} pages (the footer of page 1 says 'Page 1 of {footer}')")
            print(f"answer key: {len(key.pages)} pages")
            """
        ),
        check(
            """
            assert len(sheet.pages) == int(footer), "the worksheet has the pages its footer says"
            for number, page in enumerate(sheet.pages, start=1):
                assert f"Page {number} of {len(sheet.pages)}" in page.extract_text()
            assert len(result.puzzles) == 5 and len(key.pages) >= 1
            assert "Find the rule" in sheet.pages[0].extract_text()
            """
        ),
        md(
            """
            ## Preview

            The first page of the worksheet and of the answer key, as they will print. (To open the PDFs
            themselves, look in the folder printed above.)
            """
        ),
        code(
            """
            def preview(pdf, page=1, dpi=60):
                # One page as a PNG image, drawn by poppler's pdftoppm.
                stem = pdf.with_name(f"{pdf.stem}-page{page}")
                pages = ["-f", str(page), "-l", str(page), "-singlefile"]
                subprocess.run(["pdftoppm", "-png", "-r", str(dpi), *pages, str(pdf), str(stem)], check=True)
                return Image(filename=f"{stem}.png")


            if shutil.which("pdftoppm"):
                display(preview(result.files["sheet-pdf"]), preview(result.files["key-pdf"]))
            else:
                print("pdftoppm is not installed: open", result.files["sheet-html"], "in a browser instead.")
            """
        ),
        md(
            """
            ## Can you trust the key?

            Every answer in the key was computed by the engine from the exact table printed. We check the
            *what next?* puzzle once more here: for each of its six cards, the secret rule is asked again.
            """
        ),
        code(
            """
            what_next = next(p for p in result.puzzles if p.kind == "what-next")
            secret = Rule.parse(what_next.secret.text)
            table = list(what_next.layout.mainline)
            print("secret rule:", what_next.secret.english)
            print("top card:", table[-1])
            for card, ticked in zip(what_next.choices, what_next.accepted, strict=True):
                print(f"  {card!s:4} {'✔ may come next' if ticked else '✘ may not'}")
            """
        ),
        check(
            """
            pairs = list(zip(what_next.choices, what_next.accepted, strict=True))
            assert all(secret.accepts(card, table) == ticked for card, ticked in pairs), "the key agrees"
            assert any(what_next.accepted) and not all(what_next.accepted), "a puzzle with something to find"
            """
        ),
        md(
            """
            The key of a *find the rule* puzzle names, for each wrong candidate, the card on the table that
            falsifies it, and where it lies. Here is puzzle 1 as the key gives it, every falsifier judged
            again by the engine: the candidate and the secret rule give different verdicts on that card.
            """
        ),
        code(
            """
            import json

            answers = json.loads(result.files["answers"].read_text(encoding="utf-8"))
            puzzle = answers["puzzles"][0]
            print("puzzle 1, the answer is", puzzle["answer"])
            for option in puzzle["options"]:
                card = option["falsified_by"]
                why = "the secret rule" if card is None else f"ruled out by {card['card']} ({card['where']})"
                print(f"  {option['letter']}. {option['english']}")
                print(f"     {why}")
            """
        ),
        check(
            """
            for option in puzzle["options"]:
                card = option["falsified_by"]
                if card is None:
                    assert option["letter"] == puzzle["answer"], "only the answer survives"
                    continue
                candidate = Rule.parse(option["rule"])
                judged = candidate.accepts(Card.parse(card["card"]), [Card.parse(c) for c in card["mainline_before"]])
                assert judged != card["accepted"], f"{card['card']} falsifies option {option['letter']}"
            """
        ),
        md(
            """
            ## From the command line

            The same from a terminal, without a notebook (the recipe files are in `worksheets/`):

            ```
            eleusis-lab worksheets list
            eleusis-lab worksheets build worksheets/express-easy.toml -o out/worksheets
            eleusis-lab worksheets build worksheets/express-easy.toml --seed 7 --greyscale --paper Letter
            eleusis-lab worksheets build-all -o out/worksheets
            ```

            `worksheets/record-sheets.toml` prints the record and score sheets for rounds with real cards
            (Gardner, Express, New Eleusis and the letter deck).
            """
        ),
        md(
            """
            ## Using the worksheet in class

            - Do one *find the rule* puzzle together first: for each wrong candidate, ask for the card that
              rules it out. That card is a **falsifier**.
            - Pairs then do the rest. Insist on naming the card, not just the letter of the answer.
            - *Which hypotheses survive?* is the heart of the method: a hypothesis that survives is not
              proved, only not yet refuted.
            - Collect the *design a rule* pages and run the best rules through `check` (lesson 5) before
              using them as secret rules in a class round.
            """
        ),
        teacher_notes(
            """
            - The same recipe and seed always build the same PDF, byte for byte: colleagues can share a
              recipe instead of a file. Change `seed` for a fresh sheet (e.g. for a parallel class).
            - Rules that depend on the player (Gardner's rule 6) cannot be shown on paper; a recipe that
              names one gets a clear message.
            - `difficulty` sets the length of the tables and how subtle the wrong candidates are.
            - The cards are drawn by the same renderer as the boards; with `greyscale = true` suits and inks
              stay distinguishable by shape and pattern on a black-and-white printer.
            - The answers are also saved as a JSON file next to the PDFs, for teachers who mark with a tool.
            """
        ),
    ]


LESSONS: dict[str, tuple[str, Callable[[], list[Cell]]]] = {
    "05": ("05_designing_a_good_rule.ipynb", lesson_05),
    "06": ("06_new_eleusis.ipynb", lesson_06),
    "07": ("07_guess_the_rule_letter_deck.ipynb", lesson_07),
    "08": ("08_worksheets.ipynb", lesson_08),
}


def main(argv: list[str] | None = None) -> int:
    return make_lessons.main(argv, lessons=LESSONS, script="scripts/make_lessons_5_8.py")


if __name__ == "__main__":
    sys.exit(main())
