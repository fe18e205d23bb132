"""The class board driven by its buttons: every variant to the end, guesses, undo, reveal, scores, saves."""

from __future__ import annotations

import re
from html import escape

import pytest

from eleusis_lab.widgets import ClassBoard
from tests.widgets.conftest import button_for, fitting, play_to_the_end


def _board(variant: str = "express", rule: str = "express-1", **kw):
    kw.setdefault("autosave", False)
    kw.setdefault("hypotheses", False)
    players = kw.pop("players", ["Ana", "Ben", "Cy"])
    board = ClassBoard(variant, players, rule=rule, seed=kw.pop("seed", 5), **kw)
    board.deal()
    assert board.round is not None, board._setup_message.value
    return board


def _shown_cards(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def test_setup_hides_the_rule_and_deal_starts_the_round() -> None:
    board = ClassBoard(
        "express", ["Ana", "Ben", "Cy"], rule="card.color != prev.color", autosave=False, hypotheses=False
    )
    assert board._rule.value == "card.color != prev.color"
    assert type(board._rule).__name__ == "Password"  # hidden as it is typed
    assert board._setup.layout.display is None and board._play.layout.display == "none"
    board._deal_button.click()
    r = board.round
    assert r is not None and r.variant == "express"
    assert board._rule.value == ""  # the secret leaves the set-up once dealt
    assert board._setup.layout.display == "none" and board._play.layout.display is None
    assert r.seal.fingerprint in board.status_html
    assert _shown_cards(board.table_html) == [str(c) for c in r.mainline]
    assert len(board.hand_buttons) == 12
    assert {b.card for b in board.hand_buttons} == set(r.hand(r.current_player))
    assert all("eleusis-hand-card" in b._dom_classes for b in board.hand_buttons)
    assert all(b.layout.width for b in board.hand_buttons)  # fixed widths for Voilà


def test_bad_secret_rule_is_refused_without_showing_it() -> None:
    board = ClassBoard("express", ["Ana", "Ben"], rule="card.colour != prev.color", autosave=False)
    board.deal()
    assert board.round is None
    message = board._setup_message.value
    assert "line 1, column" in message and "colour" not in message.split("column")[0]
    assert "card.colour" not in message  # the class must not read the secret off the error
    board._rule.value = "no-such-library-key-xyz"
    board.deal()
    assert board.round is None and "eleusis-banner-error" in board._setup_message.value


def test_clicking_a_card_plays_it_and_shows_the_verdict_at_once() -> None:
    board = _board()
    r = board.round
    player = r.current_player
    card = fitting(r)[0]
    button_for(board, card).click()
    assert r.mainline[-1] == card
    assert "RIGHT" in board.verdict_html and player in board.verdict_html
    assert _shown_cards(board.table_html)[-1] == str(card)
    assert "eleusis-highlight-accepted" in board.table_html
    assert r.current_player != player
    wrong = next(c for c in r.hand(r.current_player) if c not in fitting(r))
    before = len(r.mainline)
    button_for(board, wrong).click()
    assert len(r.mainline) == before
    assert "WRONG" in board.verdict_html and "eleusis-banner-rejected" in board.verdict_html
    assert str(wrong) in _shown_cards(board.table_html)
    assert "eleusis-sideline" in board.table_html and "eleusis-highlight-rejected" in board.table_html


def test_refused_action_changes_nothing_and_undo_takes_back() -> None:
    board = _board()
    r = board.round
    events = r.to_json()
    board.guess("Cy", "card is red")  # nobody may guess before a right play
    assert r.to_json() == events
    assert "eleusis-banner-error" in board._guess_result.value
    button_for(board, fitting(r)[0]).click()
    assert len(r.mainline) == 2
    board._undo.click()
    assert r.to_json() == events and len(r.mainline) == 1
    assert "Undone" in board.verdict_html


@pytest.mark.parametrize(
    ("variant", "rule", "players"),
    [
        ("express", "express-4", ["Ana", "Ben", "Cy", "Dee", "Eve"]),
        ("gardner", "gardner-3", ["Ana", "Ben", "Cy", "Dee", "Eve"]),
        ("letters", "letters-cycle", ["Ana", "Ben", "Cy"]),
        ("new-eleusis", "new-eleusis", ["Ana", "Ben", "Cy", "Dee"]),
    ],
)
def test_every_variant_plays_to_the_end_and_reveals(variant: str, rule: str, players: list[str]) -> None:
    board = _board(variant, rule, players=players)
    r = board.round
    play_to_the_end(board)
    assert r.is_over and "The round is over" in board._turn.value
    assert board.hand.layout.display == "none"
    assert "eleusis-scores" in board._scores.value
    board._reveal_button.click()
    reveal = board._reveal_area.value
    assert escape(r.rule.text) in reveal
    assert "Seal checked" in reveal and r.seal.fingerprint in reveal
    record = board.record()
    html = record._repr_html_()
    assert "Record of the round" in html and html.count("<svg") >= len(r.mainline)
    assert board._next_button.layout.display is None
    board._next_button.click()
    assert board.round is None and board._setup.layout.display is None
    assert "Match totals after 1 round" in board._totals.value
    totals = board.totals()
    assert set(players) <= set(totals)


def test_guess_right_ends_the_round_wrong_shows_a_counterexample() -> None:
    board = _board("express", "card.color != prev.color")
    r = board.round
    button_for(board, fitting(r)[0]).click()
    guesser = r.players[(r.players.index(r.current_player) - 1) % len(r.players)]
    assert board._guesser.options and guesser in board._guesser.options
    board._guesser.value = guesser
    board._guess_text.value = "card is red"
    board._guess_button.click()
    assert "WRONG" in board._guess_result.value
    assert "eleusis-highlight-falsifier" in board._guess_result.value  # the counterexample drawn
    assert not r.is_over
    # the next right play opens a new chance to guess
    button_for(board, fitting(r)[0]).click()
    result = board.guess(board._guesser.value, "card.color != prev.color")
    assert result.correct and r.is_over
    assert "RIGHT" in board._guess_result.value
    assert "eleusis-scores" in board._scores.value


def test_unreadable_guess_shows_the_parser_message() -> None:
    board = _board()
    r = board.round
    button_for(board, fitting(r)[0]).click()
    events = r.to_json()
    board._guess_text.value = "card.colr == red"
    board._guess_button.click()
    assert r.to_json() == events
    assert "eleusis-banner-error" in board._guess_result.value


def test_new_eleusis_strings_and_the_prophet() -> None:
    board = _board("new-eleusis", "new-eleusis", players=["Ana", "Ben", "Cy", "Dee"])
    r = board.round
    player = r.current_player
    fit = fitting(r)
    first = fit[0]
    button_for(board, first).click()  # selects, does not play yet
    assert len(r.mainline) == 1 and board._selected == [first]
    assert board._play_string.description == "Play string (1)"
    board._play_string.click()
    assert r.mainline[-1] == first and board._selected == []
    assert board._prophet in board._actions.children
    assert player in board._prophet.description
    board._prophet.click()
    assert r.prophet == player
    # the prophet calls each play before the dealer judges it
    assert board._prophet_says in board._actions.children
    name = r.current_player
    card = r.hand(name)[0]
    button_for(board, card).click()
    events = len(r.events)
    board._play_string.click()
    assert len(r.events) == events and "for this play first" in board.verdict_html  # waits for the call
    board.prophet_call(not r.accepts(card, name))  # the prophet calls it wrong
    board._play_string.click()
    played = [e for e in r.events if getattr(e, "type", "") == "played"][-1]
    assert played.prophet_says is (not r.accepts(card, name))
    assert "overrules the prophet" in board.verdict_html and r.prophet is None
    assert board._prophet_says.value is None


def test_gardner_shows_whose_wrong_cards_and_the_phase() -> None:
    board = _board("gardner", "gardner-1", players=["Ana", "Ben", "Cy"])
    r = board.round
    assert "phase: first-half" in board.status_html
    wrong = next(c for c in r.hand(r.current_player) if c not in fitting(r))
    who = r.current_player
    button_for(board, wrong).click()
    assert f"played by {who}" in board.table_html


def test_computer_seats_play_between_human_turns() -> None:
    board = ClassBoard(
        "express",
        ["Ana"],
        rule="express-1",
        seed=2,
        computers={"Robo": "careful"},
        autosave=False,
        hypotheses=False,
    )
    board.deal()
    r = board.round
    assert r.players == ["Ana", "Robo"]
    assert r.current_player == "Ana" or r.is_over
    button_for(board, r.hand("Ana")[0]).click()
    assert r.current_player in ("Ana", None)
    assert any(getattr(e, "player", None) == "Robo" for e in r.events)
    assert "Robo played" in board.verdict_html


def test_autosave_and_resume_after_a_restart(tmp_path) -> None:
    path = tmp_path / "lesson2.json"
    board = ClassBoard("express", ["Ana", "Ben", "Cy"], rule="express-3", seed=9, autosave=path, plots=False)
    board.deal()
    r = board.round
    board.panel.add("Ben", "card is red")
    for _ in range(4):
        button_for(board, r.hand(r.current_player)[0]).click()
    assert path.exists() and str(path) in board.status_html
    saved = r.to_json()
    assert path.read_text() == saved
    again = ClassBoard.resume(path)
    assert again.round.to_json() == saved
    assert again.save_path == path
    assert [(h.student, h.text) for h in again.panel.hypotheses] == [("Ben", "card is red")]
    button_for(again, again.round.hand(again.round.current_player)[0]).click()
    assert path.read_text() == again.round.to_json() != saved
    with pytest.raises(ValueError, match="cannot read"):
        ClassBoard.resume(tmp_path / "missing.json")


def test_default_autosave_names_a_file(tmp_path) -> None:
    board = ClassBoard("letters", ["Ana", "Ben"], rule="letters-cycle", seed=1, hypotheses=False)
    board.deal()
    assert board.save_path is not None and board.save_path.parent == tmp_path / "saves"
    assert board.save_path.name.startswith("class-letters-")
    button_for(board, board.round.hand(board.round.current_player)[0]).click()
    assert board.save_path.read_text() == board.round.to_json()


def test_match_mode_passes_the_deal_and_keeps_totals() -> None:
    board = ClassBoard(
        "letters",
        ["Ana", "Ben", "Cy"],
        rule="letters-cycle",
        seed=3,
        dealer="match",
        autosave=False,
        hypotheses=False,
    )
    board.deal()
    r = board.round
    assert r.dealer == "Ana" and r.players == ["Ben", "Cy"]
    play_to_the_end(board)
    board.next_round()
    assert "Ben deals this round" in board._setup.children[0].value
    board._rule.value = "letters-cycle"
    board.deal()
    assert board.round.dealer == "Ben"
    assert set(board.totals()) == {"Ana", "Ben", "Cy"}


def test_random_library_rule_and_rule_check_with_progress() -> None:
    board = ClassBoard("express", ["Ana", "Ben"], autosave=False, hypotheses=False, seed=4)
    board._rule_source.value = "random"
    board._difficulty.value = "easy"
    board.check_rule()
    assert "fit to play" in board._setup_message.value or "guidelines" in board._setup_message.value
    assert board._progress.layout.display == "none" and board._progress.value == 100
    board.deal()
    from eleusis_lab.rules import library

    assert board.round is not None and board._rule_key in library.keys()  # noqa: SIM118
    assert library.get(board._rule_key).difficulty == "easy"


def test_reveal_from_a_cell_prints_the_record_as_ordinary_output(capsys) -> None:
    board = _board("letters", "letters-cycle")
    for _ in range(3):
        button_for(board, board.round.hand(board.round.current_player)[0]).click()
    capsys.readouterr()
    board.reveal()  # not over yet: asks first, prints nothing
    assert "Click 'Reveal the rule' again" in board.verdict_html.replace("&#x27;", "'")
    assert board._reveal_area.value == "" and "Record of the round" not in capsys.readouterr().out
    board.reveal()
    out = capsys.readouterr().out  # outside a kernel, display() prints the plain-text form
    assert "Record of the round" in out and board.round.rule.text in out
    assert "Seal checked" in board._reveal_area.value


def test_human_dealer_judges_a_guess_in_words_and_gives_hints() -> None:
    board = ClassBoard(
        "express",
        ["Ana", "Ben", "Cy"],
        rule="express-1",
        seed=6,
        dealer="match",
        autosave=False,
        hypotheses=False,
    )
    board.deal()
    r = board.round
    assert r.dealer == "Ana"
    button_for(board, fitting(r)[0]).click()
    assert board._guess_words in board._guess_box.children[0].children
    guesser = board._guesser.value
    result = board.guess(guesser, "", "the colours take turns")
    assert result is not None and result.correct is None
    assert "dealer judges" in board._guess_result.value
    rows = [c.children for c in board._guess_box.children if hasattr(c, "children")]
    assert any(board._overrule_right in row for row in rows)
    board._overrule_right.click()
    assert r.is_over and "RIGHT" in board._guess_result.value
    board.undo()
    board.undo()
    assert not r.is_over
    board._hint_text.value = "it is about colours"
    board._hint.click()
    assert r.hints[-1] == "it is about colours" and "it is about colours" in board.verdict_html


def test_express_options_from_the_setup_and_buying_a_hint() -> None:
    board = ClassBoard("express", ["Ana", "Ben"], rule="express-2", seed=1, autosave=False, hypotheses=False)
    board._buy_hints.value = True
    board._hand_size.value = 10
    board.deal()
    r = board.round
    assert r.options["buy_hints"] and r.options["hand_size"] == 10
    who = r.current_player
    size = len(r.hand(who))
    assert board._buy_hint in board._actions.children
    board._buy_hint.click()
    assert len(r.hand(who)) == size + 1 and "bought a hint" in board.verdict_html


def test_match_with_a_computer_dealer_draws_a_library_rule() -> None:
    board = ClassBoard(
        "letters",
        ["Robo", "Ana", "Ben"],
        seed=2,
        dealer="match",
        computers={"Robo": "random"},
        autosave=False,
        hypotheses=False,
    )
    board.deal()
    from eleusis_lab.rules import library

    assert board.round is not None and board.round.dealer == "Robo"
    assert board._rule_key in [e.key for e in library.playable("letters")]


def test_resume_a_match_keeps_the_earlier_rounds(tmp_path) -> None:
    path = tmp_path / "match.json"
    board = ClassBoard(
        "letters",
        ["Ana", "Ben", "Cy"],
        rule="letters-cycle",
        seed=3,
        dealer="match",
        autosave=path,
        hypotheses=False,
    )
    board.deal()
    play_to_the_end(board)
    first = board.totals()
    board.next_round()
    board._rule.value = "letters-cycle"
    board.deal()
    second_path = board.save_path
    assert second_path != path and board.round.dealer == "Ben"
    button_for(board, board.round.hand(board.round.current_player)[0]).click()
    again = ClassBoard.resume(second_path)
    assert again.match is not None and len(again.match.rounds) == 2
    assert again.match.rounds[-1] is again.round and again.round.dealer == "Ben"
    assert again.totals() == first
    play_to_the_end(again)
    assert again.totals() != first


def test_letter_card_buttons_fit_under_their_picture() -> None:
    board = ClassBoard(
        "letters", ["Ana", "Ben"], rule="letters-cycle", seed=1, hypotheses=False, autosave=False
    )
    board.deal()
    labels = {b.description for b in board.hand_buttons}
    assert labels and all(len(label) <= 7 for label in labels)  # "Play A", "blank": no "A gr…"
    assert all(b.tooltip == b.card.name for b in board.hand_buttons)  # the full name stays on hover


def test_gardner_dealer_score_shows_when_the_first_half_ends_and_undo_clears_stale_scores() -> None:
    board = _board("gardner", "gardner-1", players=["Ana", "Ben", "Cy"], seed=1)
    r = board.round
    assert "Dealer's score" not in board._scores.value
    while r.phase == "first-half":
        next(b for b in board.hand_buttons if not b.disabled).click()
    wrong = [len(r.hand(p)) for p in r.players]  # at the half each hand is exactly the wrong cards
    leader = min(wrong)
    expected = sum(wrong) - leader - (len(wrong) - 1) * leader
    shown = board._scores.value
    assert f"Dealer&#x27;s score after the first half: {expected}" in shown
    assert f"dealer's score: <b>{expected}</b>" in board.status_html  # at the top, seen at once
    assert (
        "wrong cards in the first half: "
        + ", ".join(f"{p} {n}" for p, n in zip(r.players, wrong, strict=True))
        in shown
    )
    board.undo()  # back into the first half: the dealer's score is not fixed yet
    assert r.phase == "first-half" and "Dealer" not in board._scores.value
    next(b for b in board.hand_buttons if not b.disabled).click()
    while not r.is_over:
        next(b for b in board.hand_buttons if not b.disabled).click()
    assert "Scores of this round" in board._scores.value
    board.undo()  # the final play taken back: the final scores must not stay on show
    assert not r.is_over
    assert "Scores of this round" not in board._scores.value
    assert f"Dealer&#x27;s score after the first half: {expected}" in board._scores.value


def test_setup_fields_a_browser_test_types_into_have_css_classes() -> None:
    board = ClassBoard("express", ["Ana", "Ben"], autosave=False, hypotheses=False)
    classes = {c for child in board._setup.children for c in _classes_within(child)}
    assert {"eleusis-variant", "eleusis-seed-input", "eleusis-rule-input", "eleusis-deal"} <= classes


def _classes_within(widget) -> set[str]:
    found = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        found |= _classes_within(child)
    return found


def test_match_totals_count_the_round_just_finished() -> None:
    board = _board("express", "express-1", seed=2)
    while not board.round.is_over:
        next(b for b in board.hand_buttons if not b.disabled).click()
    assert "Match totals after 1 round(s)" in board._totals.value
    board.next_round()
    assert "Match totals after 1 round(s)" in board._totals.value


def test_autosave_line_is_short_and_folds_the_resume_code_away(tmp_path) -> None:
    board = _board("express", "express-1", autosave=tmp_path / "r.json")
    status = board.status_html
    assert "<summary>Autosaved to <code>r.json</code></summary>" in status
    summary, folded = status.split("</summary>")
    assert "resume(" not in summary  # the projector shows no code until the teacher unfolds it
    assert f"ClassBoard.resume(r'{tmp_path / 'r.json'}')" in folded


def test_progress_label_is_not_cut_short() -> None:
    board = ClassBoard("express", ["Ana", "Ben"], autosave=False, hypotheses=False)
    assert board._progress.style.description_width == "initial"


def test_scores_and_totals_are_drawn_large_for_the_projector() -> None:
    board = _board("express", "express-1", seed=2)
    while not board.round.is_over:
        next(b for b in board.hand_buttons if not b.disabled).click()
    for html in (board._scores.value, board._totals.value):
        assert html.startswith('<div class="eleusis-projector" style="font-size:1.5em')
