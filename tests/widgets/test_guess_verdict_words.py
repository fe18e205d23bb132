"""Issue 28: a judged guess's verdict says the guessed rule in English, the rule text small beside it.

On the class board (the guess box's verdict), the solo board and the real-cards board.  The English is
the student's rule (the library's own sentence for a library rule), never the secret's; the student's
words and the rule text stay, small and escaped; the counterexample option keeps its own sentence.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from eleusis_lab.rules import library
from eleusis_lab.rules.english import english
from eleusis_lab.widgets import ClassBoard, PhysicalBoard, SoloBoard
from eleusis_lab.widgets.settle import SETTLE_SECONDS
from eleusis_lab.widgets.views import guess_banner
from tests.widgets.conftest import button_for, fitting
from tests.widgets.test_no_accidental_click import Clock

SECRET = "card.color != prev.color"
WRONG_GUESS = "card.rank > prev.rank"


def _part(html: str, css_class: str) -> str:
    """The text inside the first element of ``css_class`` (the verdict's parts are flat divs)."""
    found = re.search(rf'class="{css_class}"[^>]*>(.*?)</(div|code)>', html, re.S)
    assert found is not None, (css_class, html)
    return found.group(1)


def _class_board(*, counterexample: bool = False) -> tuple[ClassBoard, str]:
    """A class board after one right play: the player who made it may guess."""
    clock = Clock()
    board = ClassBoard("express", ["Ana", "Ben", "Cy"], seed=3, autosave=False, plots=False, clock=clock)
    board.form.rule.hidden.value = SECRET
    if counterexample:
        [box] = [
            f for f in board.form.option_fields.shown("express") if "counterexample" in str(f.description)
        ]
        box.value = True
    board.form.deal.click()
    r = board.round
    assert r is not None
    player = r.current_player
    assert player is not None
    clock.wait(SETTLE_SECONDS)
    button_for(board, fitting(r)[0]).click()
    board.guess_box.guesser.value = player
    return board, player


def test_a_wrong_guess_typed_on_the_class_board_is_said_in_english_with_its_rule_text_small() -> None:
    board, player = _class_board()
    board.guess_box.statement.text.value = WRONG_GUESS
    board.guess_box.judge.click()
    verdict = board.verdict_html
    assert f"{player}&#x27;s guess is WRONG" in verdict, verdict
    assert _part(verdict, "eleusis-guess-english") == f"“{english(WRONG_GUESS)}”"
    assert _part(verdict, "eleusis-guess-rule-text") == "card.rank &gt; prev.rank"  # small, escaped
    # Large English first, the rule text after it, smaller.
    assert verdict.index("eleusis-guess-english") < verdict.index("eleusis-guess-rule-text")
    assert "font-size:0.75em" in verdict.split("eleusis-guess-small", 1)[1][:80]
    # Nothing of the secret: neither its text nor its English (the counterexample option is off).
    assert SECRET not in verdict and english(SECRET) not in verdict
    assert "accepted by" not in verdict


def test_a_right_guess_picked_from_the_students_words_says_the_librarys_own_sentence() -> None:
    board, player = _class_board()
    said = "red then <b>black</b>, turn & turn"
    board.guess_box._guess(None, SECRET, said)  # the chooser's row clicked: what "Judge the guess" calls
    verdict = board.verdict_html
    assert f"{player}&#x27;s guess is RIGHT" in verdict, verdict
    assert _part(verdict, "eleusis-guess-english") == f"“{library.get('express-1').english}”"
    assert _part(verdict, "eleusis-guess-rule-text") == "card.color != prev.color"
    assert "<b>black" not in verdict


def test_a_guess_with_words_and_rule_text_says_both_small_and_escaped() -> None:
    text = "card.suit == prev.suit"
    result = SimpleNamespace(
        player="Dee", text=text, words="<b>same</b> suit & all", correct=False, counterexample=None
    )
    html = guess_banner(result)
    assert "Dee&#x27;s guess is WRONG." in html
    assert _part(html, "eleusis-guess-english") == f"“{english(text)}”"
    small = html.split('class="eleusis-guess-small"', 1)[1]
    assert "Dee said: “&lt;b&gt;same&lt;/b&gt; suit &amp; all”" in small and "<b>same" not in html
    assert "card.suit == prev.suit" in small


def test_the_counterexample_option_keeps_its_sentence_and_cards_under_the_english() -> None:
    board, _player = _class_board(counterexample=True)
    board.guess_box.statement.text.value = WRONG_GUESS
    board.guess_box.judge.click()
    verdict = board.verdict_html
    assert _part(verdict, "eleusis-guess-english") == f"“{english(WRONG_GUESS)}”"
    why = _part(verdict, "eleusis-guess-why")
    assert "accepted by the guess but rejected by the secret rule" in why or (
        "accepted by the secret rule but rejected by the guess" in why
    ), why
    assert "eleusis-highlight-falsifier" in verdict


def test_the_dealer_overruling_a_wrong_guess_with_a_counterexample_keeps_the_verdict() -> None:
    # After an overrule the round hands back the counterexample as its logged sentence (text, not an
    # object): the verdict shows it and the English as before the overrule.
    board, player = _class_board(counterexample=True)
    board.guess_box.statement.text.value = WRONG_GUESS
    board.guess_box.judge.click()
    board.guess_box.overrule_wrong.click()
    verdict = board.verdict_html
    assert f"{player}&#x27;s guess is WRONG" in verdict and "accepted by" in _part(
        verdict, "eleusis-guess-why"
    )
    assert _part(verdict, "eleusis-guess-english") == f"“{english(WRONG_GUESS)}”"


def test_words_the_dealer_judges_are_said_large_and_escaped() -> None:
    result = SimpleNamespace(
        player="Dee", text=None, words="<i>it alternates</i>", correct=None, counterexample=None
    )
    html = guess_banner(result)
    assert "The dealer judges Dee&#x27;s guess." in html
    assert _part(html, "eleusis-guess-english") == "“&lt;i&gt;it alternates&lt;/i&gt;”"
    assert "eleusis-guess-small" not in html and "<i>" not in html


def test_the_solo_board_says_a_wrong_guess_in_english() -> None:
    board = SoloBoard(rule="express-2", seed=3, autosave=False)
    board.deal()
    r = board.round
    board.predict(True)
    button_for(board, fitting(r)[0]).click()
    assert board.guess("You", SECRET) is not None
    verdict = board.verdict_html
    assert "Your guess is WRONG." in verdict and "You&#x27;s" not in verdict, verdict
    assert _part(verdict, "eleusis-guess-english") == f"“{library.get('express-1').english}”"
    assert _part(verdict, "eleusis-guess-rule-text") == "card.color != prev.color"
    assert (
        library.get("express-2").english not in verdict and library.get("express-2").rule.text not in verdict
    )


def test_the_real_cards_board_says_a_right_guess_in_english() -> None:
    board = PhysicalBoard("express", ["Ana", "Ben"], rule=SECRET, autosave=False, hypotheses=False)
    board.deal()
    board.pick("5H")
    board.pick("QS")  # black after red: right, so Ben may state the rule
    [who] = board.session.guessers()
    assert board.guess(who, "card is red and prev is black or card is black and prev is red") is not None
    verdict = board.verdict_html
    assert "guess is RIGHT" in verdict
    assert _part(verdict, "eleusis-guess-english") == (
        f"“{english('card is red and prev is black or card is black and prev is red')}”"
    )
