"""The starter pack: PDF structure, puzzle numbering, and every printed answer re-checked by the engine.

The answer keys are read back from the PDFs (pdftotext) and each claim is judged again with
``Rule.parse(...).accepts`` on the situation of the table, rebuilt from the mainline and sidelines;
the ``-answers.json`` file only supplies the table and the rule texts, and the HTML's drawn cards
are compared with that table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import pdf_text
from pypdf import PdfReader

from eleusis_lab.cards import Card
from eleusis_lab.rules import Rule
from eleusis_lab.worksheets.html import KIND_TITLES

pytestmark = pytest.mark.xdist_group("worksheets")

PAPER_PT = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}
HEADER = re.compile(
    r"(?<![\d])(\d+) (Find the rule|What may come next\?|Which hypotheses survive\?|Design a rule|"
    r"Record and score sheet|Score sheet)"
)
RULED_OUT = re.compile(
    r"([A-H]) is ruled out by (.+?) \((mainline card \d+|sideline under mainline card \d+)\): "
    r"it was (accepted|rejected) on (.+?), but \1 would (accept|reject) it\."
)


LETTER_WORDS = re.compile(r"([A-E]) \((red|blue|green) ink, (circle|square), (red|black) outline\)")


def named(text: str) -> Card:
    """A card as the sheets write it: ``Q♥``, ``E (red ink, square, red outline)``, ``the blank card``."""
    m = LETTER_WORDS.fullmatch(text.strip())
    if m:
        return Card.parse(" ".join(m.groups()))
    return Card.parse("blank" if text.strip() == "the blank card" else text)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def sections(text: str) -> dict[int, str]:
    """Puzzle number -> its text (from its header to the next one)."""
    t = flat(text)
    heads = list(HEADER.finditer(t))
    out: dict[int, str] = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(t)
        out.setdefault(int(m.group(1)), "")
        out[int(m.group(1))] += t[m.start() : end]
    return out


def evidence(layout: dict) -> list[tuple[list[Card], Card, bool]]:
    """Every judged play, rebuilt from the drawn table: mainline cards accepted, sideline cards rejected."""
    main = [Card.parse(c) for c in layout["mainline"]]
    out = [(main[:j], main[j], True) for j in range(1, len(main))]
    for i, column in enumerate(layout["sidelines"]):
        out += [(main[: i + 1], Card.parse(c), False) for c in column]
    return out


def situation(layout: dict, where: str, card: Card) -> tuple[list[Card], bool]:
    """The mainline a card named in the key was judged against, and whether it was accepted."""
    main = [Card.parse(c) for c in layout["mainline"]]
    k = int(where.rsplit(" ", 1)[1])
    if where.startswith("mainline"):
        assert main[k - 1].design == card.design, f"{card} is not mainline card {k}"
        return main[: k - 1], True
    column = [Card.parse(c).design for c in layout["sidelines"][k - 1]]
    assert card.design in column, f"{card} is not under mainline card {k}"
    return main[:k], False


def test_pack_builds_every_file(pack: dict) -> None:
    assert len(pack) >= 8
    for name, item in pack.items():
        files = item["files"]
        assert {"sheet-pdf", "sheet-html", "answers"} <= set(files), name
        if name != "record-sheets":
            assert {"key-pdf", "key-html"} <= set(files), name
        for path in files.values():
            assert Path(path).stat().st_size > 500, path


def test_pdf_pages_and_paper_size(pack: dict) -> None:
    for name, item in pack.items():
        paper = item["answers"]["paper"]
        for which in ("sheet-pdf", "key-pdf"):
            path = item["files"].get(which)
            if path is None:
                continue
            reader = PdfReader(str(path))
            assert len(reader.pages) >= 1
            w, h = PAPER_PT[paper]
            for page in reader.pages:
                box = page.mediabox
                assert abs(float(box.width) - w) < 1 and abs(float(box.height) - h) < 1, (name, which)
    # two pages (record, score) per variant
    assert len(PdfReader(str(pack["record-sheets"]["files"]["sheet-pdf"])).pages) == 8


def test_puzzles_are_numbered_in_order_with_their_kind(pack: dict) -> None:
    for name, item in pack.items():
        puzzles = item["answers"]["puzzles"]
        text = flat(pdf_text(item["files"]["sheet-pdf"]))
        found = [(int(m.group(1)), m.group(2)) for m in HEADER.finditer(text)]
        numbers = [n for n, _ in found]
        assert sorted(set(numbers)) == list(range(1, len(puzzles) + 1)), name
        assert numbers == sorted(numbers), name
        for p in puzzles:
            kinds = {k for n, k in found if n == p["number"]}
            title = KIND_TITLES[p["kind"]]
            assert title in kinds or (p["kind"] == "record-sheet" and "Score sheet" in kinds), (name, p)
        pages = len(PdfReader(str(item["files"]["sheet-pdf"])).pages)
        assert f"Page 1 of {pages}" in text


def test_no_puzzle_is_split_across_pages(pack: dict) -> None:
    """Each puzzle's header and its last line of text are on the same page."""
    for name, item in pack.items():
        pages = pdf_text(item["files"]["sheet-pdf"]).split("\f")
        for p in item["answers"]["puzzles"]:
            if p["kind"] == "find-the-rule":
                last = flat(p["options"][-1]["english"])[:40]
            elif p["kind"] == "survivors":
                last = flat(p["hypotheses"][-1]["english"])[:40]
            elif p["kind"] == "what-next":
                last = "My idea of the rule"
            else:
                continue
            head = re.compile(rf"(?<!\d){p['number']} {re.escape(KIND_TITLES[p['kind']])}")
            on = [i for i, page in enumerate(pages) if head.search(flat(page))]
            assert len(on) == 1, (name, p["number"])
            assert last in flat(pages[on[0]]), (name, p["number"], last)


def test_drawn_tables_are_the_tables_of_the_answers(pack: dict) -> None:
    for name, item in pack.items():
        html = Path(item["files"]["sheet-html"]).read_text(encoding="utf-8")
        for p in item["answers"]["puzzles"]:
            if "layout" not in p:
                continue
            chunk = html.split(f'<section class="puzzle" data-number="{p["number"]}">')[1]
            drawn = re.findall(r'data-card="([^"]+)"', chunk.split('<p class="caption">')[0])
            want: list[str] = []
            for i, card in enumerate(p["layout"]["mainline"]):
                want += [card, *p["layout"]["sidelines"][i]]
            assert drawn == want, (name, p["number"])


def test_find_the_rule_keys_are_true(pack: dict) -> None:
    checked = 0
    for name, item in pack.items():
        sheet = sections(pdf_text(item["files"]["sheet-pdf"]))
        if "key-pdf" not in item["files"]:
            continue
        key = sections(pdf_text(item["files"]["key-pdf"]))
        for p in item["answers"]["puzzles"]:
            if p["kind"] != "find-the-rule":
                continue
            n, layout = p["number"], p["layout"]
            options = {o["letter"]: o for o in p["options"]}
            for letter, o in options.items():  # the sheet shows these four rules, lettered
                assert f"{letter}. {flat(o['english'])}" in sheet[n], (name, n, letter)
            answer = re.search(r"Answer: ([A-D])\b", key[n]).group(1)
            secret = Rule.parse(options[answer]["rule"])
            for before, card, accepted in evidence(layout):
                assert secret.accepts(card, before) == accepted, (name, n, str(card))
            claims = {m.group(1): m for m in RULED_OUT.finditer(key[n])}
            assert set(claims) == set(options) - {answer}, (name, n, sorted(claims))
            for letter, m in claims.items():
                rule = Rule.parse(options[letter]["rule"])
                card = named(m.group(2))
                before, accepted = situation(layout, m.group(3), card)
                assert (m.group(4) == "accepted") == accepted
                assert named(m.group(5)).design == before[-1].design
                assert rule.accepts(card, before) != accepted, (name, n, letter, str(card))
                assert rule.accepts(card, before) == (m.group(6) == "accept")
                # a distractor agrees with part of the evidence
                assert any(rule.accepts(c, b) == a for b, c, a in evidence(layout)), (name, n, letter)
                checked += 1
    assert checked >= 7 * 3


def test_what_next_ticks_equal_accepts(pack: dict) -> None:
    checked = explained = 0
    for name, item in pack.items():
        if "key-pdf" not in item["files"]:
            continue
        key = sections(pdf_text(item["files"]["key-pdf"]))
        for p in item["answers"]["puzzles"]:
            if p["kind"] != "what-next":
                continue
            n = p["number"]
            rule = Rule.parse(p["rule"])
            main = [Card.parse(c) for c in p["layout"]["mainline"]]
            for before, card, accepted in evidence(p["layout"]):
                assert rule.accepts(card, before) == accepted
            ticks = re.search(r"Tick: ([a-f](?:, [a-f])*)\.", key[n]).group(1).split(", ")
            cards = [Card.parse(c["card"]) for c in p["choices"]]
            assert len(cards) == 6
            want = [chr(ord("a") + i) for i, c in enumerate(cards) if rule.accepts(c, main)]
            assert ticks == want, (name, n)
            assert 0 < len(ticks) < 6
            for i, c in enumerate(cards):  # the key's line for each card names it and its verdict
                verdict = "✓ yes" if rule.accepts(c, main) else "✗ no"
                assert re.search(rf"{chr(97 + i)}\. {verdict} — {re.escape(_text(c))}", key[n]), (name, n, i)
            if p["branch"] is not None:  # the key's "why": the branch of the if that this table selects
                branch = Rule.parse(p["branch"]["applies"])
                assert f"so the card must satisfy {branch.text}." in key[n], (name, n)
                for c in cards:
                    assert branch.accepts(c, main) == rule.accepts(c, main), (name, n, str(c))
                for cond, truth in p["branch"]["conditions"]:
                    assert f"{cond} is {'true' if truth else 'false'}" in key[n]
                    assert Rule.parse(cond).accepts(main[-1], main) == truth
                explained += 1
            for expr, value in p["values"]:  # what the table makes of the rule's expressions
                assert Rule.parse(f"{expr} == {value}").accepts(main[-1], main), (name, n, expr)
                assert f"{expr}is{value}".replace(" ", "") in re.sub(r"\s", "", key[n]), (name, n, expr)
                explained += 1
            checked += 1
    assert checked >= 7 * 2
    assert explained >= 3


def _text(card: Card) -> str:
    from eleusis_lab.worksheets.html import card_words

    return card_words(card)


def test_surviving_hypotheses_are_those_the_engine_keeps(pack: dict) -> None:
    checked = 0
    for name, item in pack.items():
        if "key-pdf" not in item["files"]:
            continue
        key = sections(pdf_text(item["files"]["key-pdf"]))
        for p in item["answers"]["puzzles"]:
            if p["kind"] != "survivors":
                continue
            n, layout = p["number"], p["layout"]
            hyps = {h["letter"]: h for h in p["hypotheses"]}
            alive = re.search(r"Survivors: ([A-F](?:, [A-F])*)", key[n]).group(1).split(", ")
            really = [
                letter
                for letter, h in hyps.items()
                if all(Rule.parse(h["rule"]).accepts(c, b) == a for b, c, a in evidence(layout))
            ]
            assert alive == really, (name, n)
            assert Rule.parse(p["rule"]).text in {Rule.parse(hyps[x]["rule"]).text for x in alive}
            claims = {m.group(1): m for m in RULED_OUT.finditer(key[n])}
            assert set(claims) == set(hyps) - set(alive), (name, n)
            for letter, m in claims.items():
                rule = Rule.parse(hyps[letter]["rule"])
                card = named(m.group(2))
                before, accepted = situation(layout, m.group(3), card)
                assert rule.accepts(card, before) != accepted, (name, n, letter)
            checked += 1
    assert checked >= 7 * 2


def test_record_sheets_work_the_formula_with_scoring(pack: dict) -> None:
    from eleusis_lab import scoring

    item = pack["record-sheets"]
    text = flat(pdf_text(item["files"]["sheet-pdf"]))
    for title in ("Gardner's Eleusis", "Eleusis Express", "New Eleusis", "letter deck"):
        assert title in text
    assert "Secret rule" in text and "How to score" in text and "Worked example" in text
    examples = {p["variant"]: p["example"] for p in item["answers"]["puzzles"]}
    assert set(examples) == {"gardner", "express", "new-eleusis", "letters"}
    # the sheet's numbers are the engine's
    # Cy's right guess ends the round, so nobody has emptied a hand too (either ends it: RULES.md 2)
    ex = scoring.express([3, 2, 5, 7], guessed_by=2)
    assert "Cy: 12 − 5 + 6 (guessed the rule) = 13" in text and ex.players[2] == 13
    assert "Dealer: the best player’s score = 13" in text and ex.dealer == 13
    assert "(emptied the hand)" not in text
    g = scoring.gardner_players([2, 3, 10, 0])
    assert f"Dee: 15 − 3 × 0 + 6 (went out) = {int(g[3])}" in text and int(g[3]) == 21
    assert "Ana: 13 − 3 × 2 = 7." in text or "Ana: 13 − 3 × 2 = 7 " in text
    assert not re.search(r"= −?\d+ = ", text), "no chain of equals signs"
    assert "Cy: 5 − 3 × 10 = −25, never below 0, so 0" in text
    assert f"= {scoring.gardner_dealer([10, 5, 3, 7])}" in text
    le = scoring.letters([5, 2, 0])
    assert f"Leader: 7 − (−13) = {le.dealer}" in text
    ne = scoring.new_eleusis(
        [0, 5, 9, 3], prophet=3, prophet_right=6, prophet_wrong=4, played_through_marker=7
    )
    assert f"2 × 7 = {ne.dealer}" in text
    for variant, ex_ in examples.items():
        who = "researchers" if variant == "letters" else "players"
        assert f"{who} {', '.join(ex_['players'])}" in text, variant
    letters = text.split("letter deck")[-1]
    assert "Leader" in letters and "Researcher" in letters and "Dealer" not in letters
    assert "(r/k)" not in text and "outline: red · black" in text


def test_design_page_uses_the_rule_checks(pack: dict) -> None:
    from eleusis_lab.rules import library
    from eleusis_lab.rules.checks import check

    item = pack["gardner-easy"]
    text = flat(pdf_text(item["files"]["sheet-pdf"]))
    assert "Design a rule" in text and "a quarter" in text and "Dead ends?" in text
    report = check(library.get("gardner-7").rule)
    assert f"typically {round(report.playable_median * 52)})" in text
    assert "not acceptable" in text and "a good rule: ideal" in text
    (good,) = [e for e in item["answers"]["puzzles"][-1]["examples"] if e["ideal"]]
    checked = check(library.get(good["key"]).rule)
    # ideal as the check says it: at least Gardner's quarter (13 of 52) and within Express's 12-15
    assert checked.acceptable and 13 <= round(checked.playable_median * 52) <= 15
    assert "Rule language:" in text and "lesson 5" in text and "If you have a computer" in text
    assert "Alternate red and black" not in text.split("Design a rule")[-1]


def test_key_frames_exactly_the_falsifying_cards(pack: dict) -> None:
    """In the answer key's table, the framed cards are the cards named as ruling candidates out."""
    import base64

    framed_total = 0
    for name, item in pack.items():
        if "key-html" not in item["files"]:
            continue
        html = Path(item["files"]["key-html"]).read_text(encoding="utf-8")
        for p in item["answers"]["puzzles"]:
            if p["kind"] not in ("find-the-rule", "survivors"):
                continue
            chunk = html.split(f'<section class="puzzle" data-number="{p["number"]}">')[1].split(
                "</section>"
            )[0]
            framed = []
            for card, data in re.findall(
                r'data-card="([^"]+)" src="data:image/svg\+xml;base64,([^"]+)"', chunk
            ):
                if "eleusis-highlight-falsifier" in base64.b64decode(data).decode("utf-8"):
                    framed.append(card)
            entries = p["options"] if p["kind"] == "find-the-rule" else p["hypotheses"]
            named = {card for e in entries if e["falsified_by"] for card in e["ruled_out_by"]}
            assert set(framed) == named, (name, p["number"])
            framed_total += len(framed)
    assert framed_total > 50


def _refuting(rule: Rule, layout: dict) -> list[tuple[Card, list[Card]]]:
    """Every card of the table whose verdict ``rule`` contradicts, with the mainline it was judged on."""
    return [(c, before) for before, c, ok in evidence(layout) if rule.accepts(c, before) != ok]


def test_keys_list_every_card_that_rules_an_option_out_and_flag_the_readings(pack: dict) -> None:
    """A teacher marks "ruled out by …" by looking the student's card up in one list: the key names
    every card that rules the option out (the engine finds no other), marks with † those that do so only
    because a rule reading past the table accepts any card, and with ⚑ options the start card breaks."""
    from eleusis_lab.rules.ast import REF_DEPTH, Ref

    listed = flagged = 0
    for name, item in pack.items():
        if "key-pdf" not in item["files"]:
            continue
        key = sections(pdf_text(item["files"]["key-pdf"]))
        for p in item["answers"]["puzzles"]:
            if p["kind"] not in ("find-the-rule", "survivors"):
                continue
            n, layout = p["number"], p["layout"]
            entries = p["options"] if p["kind"] == "find-the-rule" else p["hypotheses"]
            for e in entries:
                if e["falsified_by"] is None:
                    continue
                rule = Rule.parse(e["rule"])
                refuting = _refuting(rule, layout)
                assert sorted(e["ruled_out_by"]) == sorted(str(c) for c, _ in refuting), (name, n)
                line = key[n].split(f"{e['letter']} is ruled out by ", 1)[1]
                line = re.split(r"(?<=\.) (?=[A-H]\. |⚑ the start|† rules it out)", line, maxsplit=1)[0]
                others = len(refuting) - 1
                if others:
                    many = "this card" if others == 1 else f"any of these {others} cards"
                    assert f"Also accept {many}:" in line, (name, n, e["letter"])
                else:
                    assert "No other card rules it out." in line
                for card, before in refuting:
                    first = str(card) == e["falsified_by"]["card"]  # explained in full words
                    if first:
                        words = _text(card)
                    else:  # the rest briefly: where it lies, a letter card by its letter
                        accepted = next(ok for b, c, ok in evidence(layout) if c == card and b == before)
                        spot = f"card {len(before) + 1}" if accepted else f"under {len(before)}"
                        words = f"{card.letter if card.is_letter else card} ({spot})"
                    assert words in line, (name, n, e["letter"], words)
                    depth = max(
                        (REF_DEPTH.get(x.name, 0) for x in rule.ast.walk() if isinstance(x, Ref)), default=0
                    )
                    past = depth > len(before)
                    assert (str(card) in e["past_the_table"]) == past
                    flagged += past
                    listed += 1
                starter = Card.parse(layout["mainline"][0])
                breaks = not rule.accepts(starter, [])
                assert e["start_card_breaks"] == breaks
                assert ("⚑ The start card" in line) == breaks, (name, n, e["letter"])
                flagged += breaks
    assert listed > 100 and flagged > 0


def test_no_key_puzzle_is_split_across_pages_on_a4_or_letter(pack: dict, tmp_path: Path) -> None:
    """Each key puzzle's header and its last line are on one page, printed on A4 and on Letter."""
    from eleusis_lab.worksheets.builder import html_to_pdf

    for name, item in pack.items():
        if "key-html" not in item["files"]:
            continue
        html = item["files"]["key-html"].read_text(encoding="utf-8")
        printed = item["answers"]["paper"]
        other = "letter" if printed == "A4" else "A4"  # the pack's own key is on the recipe's paper
        pdf = tmp_path / f"{name}-{other}.pdf"
        pdf.write_bytes(html_to_pdf(re.sub(r"size: (A4|letter);", f"size: {other};", html, count=1)))
        for paper, path in ((printed, item["files"]["key-pdf"]), (other, pdf)):
            pages = [flat(page) for page in pdf_text(path).split("\f")]
            for p in item["answers"]["puzzles"]:
                if p["kind"] == "find-the-rule":
                    last = flat(p["options"][-1]["rule"])[:30]
                elif p["kind"] == "survivors":
                    last = flat(p["hypotheses"][-1]["rule"])[:30]
                elif p["kind"] == "what-next":
                    ok = p["choices"][-1]["accepted"]
                    last = f"f. {'✓ yes' if ok else '✗ no'} —"
                else:
                    continue
                head = re.compile(rf"(?<!\d){p['number']} {re.escape(KIND_TITLES[p['kind']])}")
                on = [i for i, page in enumerate(pages) if head.search(page)]
                assert len(on) == 1, (name, paper, p["number"])
                after = pages[on[0]][head.search(pages[on[0]]).end() :]  # type: ignore[union-attr]
                assert last in after, (name, paper, p["number"], last)


def test_every_sheet_says_what_the_cards_are_worth(pack: dict) -> None:
    """The how-to box gives the value convention the rules use (A = 1 … K = 13), or, for the letter deck,
    the letter order, the inks, the outlines and the blank card."""
    checked = 0
    for name, item in pack.items():
        answers = item["answers"]["puzzles"]
        if not any("layout" in p for p in answers):
            continue
        text = flat(pdf_text(item["files"]["sheet-pdf"]))
        if any(p.get("deck") == "letters" for p in answers):
            for words in ("A first, E last", "red, blue or green ink", "dashed", "the blank"):
                assert words in text, (name, words)
        else:
            assert "A = 1, 2 to 10 as printed, J = 11, Q = 12, K = 13" in text, name
            assert "High cards are 8 to K, low cards A to 7" in text, name
        checked += 1
    assert checked >= 7


def test_letter_cards_carry_their_ink_in_words(pack: dict) -> None:
    """A colour sheet photocopied in grey still tells the inks apart: the ink is written under each card."""
    html = Path(pack["letters"]["files"]["sheet-html"]).read_text(encoding="utf-8")
    drawn = re.findall(r'data-card="([^"]+)" src="[^"]+">(<div class="ink">(\w+)</div>)?', html)
    letters = [(Card.parse(card), ink) for card, _, ink in drawn if not card.startswith("blank")]
    assert len(letters) > 60
    for card, ink in letters:
        assert ink == str(card.ink), card


def test_a_recipe_prints_the_difficulty_it_names_or_says_mixed(pack: dict) -> None:
    """The simulated players' labels printed on a sheet all equal the recipe's difficulty, or the title
    says the sheet is mixed; the key gives who solved each puzzle and the rule's description length."""
    from eleusis_lab.worksheets.difficulty import description_length

    uniform = 0
    for name, item in pack.items():
        measured = [p for p in item["answers"]["puzzles"] if "difficulty" in p]
        if not measured:
            continue
        labels = {p["difficulty"]["measured"] for p in measured}
        named = {p["difficulty"]["recipe"] for p in measured}
        title = item["answers"]["title"]
        assert labels == named or "mixed" in title, (name, title, sorted(labels))
        uniform += labels == named
        sheet = sections(pdf_text(item["files"]["sheet-pdf"]))
        key = sections(pdf_text(item["files"]["key-pdf"]))
        for p in measured:
            d = p["difficulty"]
            heading = f"{p['number']} {KIND_TITLES[p['kind']]} {d['measured']} "
            assert sheet[p["number"]].startswith(heading), (name, heading)
            assert f"{len(d['solved_by'])} of {d['players']} simulated players solve it" in key[p["number"]]
            rule = (
                p["rule"]
                if "rule" in p
                else next(o["rule"] for o in p["options"] if o["letter"] == p["answer"])
            )
            assert d["rule_bits"] == round(description_length(rule, p["deck"]), 1)
            length = (
                "outside the grammar" if d["rule_bits"] == float("inf") else f"of {d['rule_bits']:.0f} bits"
            )
            assert f"a rule {length}" in key[p["number"]], (name, p["number"])
    assert uniform >= 3


def test_each_sheet_works_an_example_and_asks_for_a_second_rule(pack: dict) -> None:
    """Before the first puzzle, a table solved step by step with the words hypothesis, evidence and
    falsify; one "second rule that also fits" prompt per sheet, answered in the key."""
    from eleusis_lab.worksheets.worked import worked_example

    for name, item in pack.items():
        answers = item["answers"]["puzzles"]
        if not any("layout" in p for p in answers):
            continue
        text = flat(pdf_text(item["files"]["sheet-pdf"]))
        first = min(p["number"] for p in answers if "layout" in p)
        worked = text.split("Worked example: finding a rule step by step", 1)
        assert len(worked) == 2 and re.search(rf"(?<!\d){first} ", worked[1]), name
        assert text.index("Worked example") < text.index(f"{first} {KIND_TITLES[answers[first - 1]['kind']]}")
        for word in ("Hypothesis", "Evidence", "falsifies", "evidence can only falsify"):
            assert word in worked[1].split(f"{first} {KIND_TITLES[answers[first - 1]['kind']]}")[0], (
                name,
                word,
            )
        deck = "letters" if any(p.get("deck") == "letters" for p in answers) else "standard"
        example = worked_example(deck)
        assert example.second_rule in worked[1]
        prompts = [p for p in answers if p.get("second_rule_prompt")]
        assert len(prompts) == 1, name
        assert text.count("A second rule that also fits every card of the table") == 1
        key = flat(pdf_text(item["files"]["key-pdf"]))
        assert key.count("A second rule that also fits: accept any rule, other than") == 1
        examples = prompts[0]["rivals"]["examples"] if "rivals" in prompts[0] else prompts[0]["also_fit"]
        assert examples, name
        for rule_text in examples:  # each example really fits every card of the table
            rule = Rule.parse(rule_text)
            assert all(rule.accepts(c, b) == ok for b, c, ok in evidence(prompts[0]["layout"])), rule_text
