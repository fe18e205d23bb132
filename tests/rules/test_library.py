"""The rule library: the source rules are all there, entries are well formed, own rules are good."""

from __future__ import annotations

import pytest

import eleusis_lab
from eleusis_lab.rules import Rule, library

SOURCE_KEYS = [
    *(f"gardner-{i}" for i in range(1, 8)),
    *(f"express-{i}" for i in range(1, 10)),
    "new-eleusis",
    "letters-cycle",
]


def test_every_source_rule_is_in_the_library() -> None:
    assert library.keys()[: len(SOURCE_KEYS)] == SOURCE_KEYS
    for key in SOURCE_KEYS:
        assert library.get(key).is_source_rule


def test_at_least_thirty_own_rules_across_difficulties() -> None:
    own = [e for e in library.ENTRIES if not e.is_source_rule]
    assert len(own) >= 30
    assert {e.difficulty for e in own} == {"easy", "medium", "hard"}
    assert sum(e.deck == "letters" for e in own) >= 3
    assert all(e.source == "Eleusis Lab" for e in own)


def test_library_is_reachable_by_all_documented_names() -> None:
    from eleusis_lab.rules import library as via_rules

    assert eleusis_lab.library is via_rules is library


@pytest.mark.parametrize("entry", library.ENTRIES, ids=lambda e: e.key)
def test_entry_is_well_formed(entry: library.LibraryEntry) -> None:
    assert entry.title and entry.english.endswith(".")
    assert entry.difficulty in ("easy", "medium", "hard")
    rule = entry.rule
    assert isinstance(rule, Rule)
    # the rule text prints back canonically and round-trips
    assert Rule.parse(rule.text) == rule
    assert rule.deck in (entry.deck, "any")
    assert entry.to_dict()["text"] == entry.text


def test_source_metadata() -> None:
    assert library.get("gardner-1").source.startswith("Gardner 1959")
    assert "[004]" in library.get("express-8").source and "FAQ" in library.get("express-8").source
    assert library.get("letters-cycle").deck == "letters"
    g6 = library.get("gardner-6").rule
    assert g6.uses_player
    assert not library.get("gardner-1").rule.uses_player
    assert library.get("gardner-3").rule.lookback == 2
    assert library.get("suit-by-position").rule.uses_position


def test_gardner_7_is_the_only_unacceptable_entry() -> None:
    assert [e.key for e in library.ENTRIES if not e.acceptable] == ["gardner-7"]
    keys = [e.key for e in library.playable()]
    assert "gardner-7" not in keys and len(keys) == len(library.ENTRIES) - 1
    assert all(e.deck == "letters" for e in library.playable("letters"))


def test_unknown_key_names_the_nearest() -> None:
    with pytest.raises(KeyError, match="gardner-1"):
        library.get("gardner-11")


def test_by_difficulty() -> None:
    assert library.get("gardner-1") in library.by_difficulty("easy")
    with pytest.raises(ValueError, match="easy, medium or hard"):
        library.by_difficulty("impossible")


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("gardner-2", "It concerns the top card; it is about suits and ranks."),
        ("gardner-3", "It concerns the two top cards; it is about colours and ranks."),
        ("gardner-6", "It concerns the top card and who plays; it is about colours."),
        ("suit-by-position", "It depends only on the card's place in the line; it is about suits."),
        ("ink-cycle", "It concerns the top card; it is about inks."),
    ],
)
def test_hints_say_which_cards_and_what_about_them(key: str, expected: str) -> None:
    assert library.get(key).hint == expected


def test_every_entry_has_a_hint() -> None:
    assert all(e.hint.startswith("It ") and e.hint.endswith(".") for e in library.ENTRIES)
