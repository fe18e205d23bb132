"""One way to read a rule argument: ``as_rule`` takes a Rule, rule text, a library key or entry.

Every layer that takes "a rule" (rule checks, the seal, rounds, solo rounds, hypotheses, the CLI)
goes through it, so they all accept the same things and refuse the same things the same way.
"""

from __future__ import annotations

import pytest

from eleusis_lab.rules import Rule, RuleError, as_rule, library
from eleusis_lab.rules.checks import check, same_rule
from eleusis_lab.rules.seal import Seal

TEXT = "card.suit == prev.suit or card.rank == prev.rank"  # gardner-2


def test_every_form_gives_the_same_rule() -> None:
    rule = Rule.parse(TEXT)
    entry = library.get("gardner-2")
    for form in (rule, TEXT, "gardner-2", "  gardner-2\n", entry):
        assert as_rule(form) == rule
    assert as_rule(rule) is rule


def test_an_unknown_key_names_the_nearest_keys() -> None:
    with pytest.raises(RuleError, match="no library rule 'gardner-11'") as info:
        as_rule("gardner-11")
    assert "gardner-1" in info.value.hint


def test_key_shaped_rule_text_keeps_its_own_error() -> None:
    # `card-rank` looks like a key but starts with a rule name: the parse error is the helpful one
    with pytest.raises(RuleError) as info:
        as_rule("card-rank")
    assert "library" not in str(info.value)


def test_bad_text_and_bad_types() -> None:
    with pytest.raises(RuleError, match="unknown attribute"):
        as_rule("card.suite == prev.suit")
    with pytest.raises(TypeError, match="not int"):
        as_rule(42)  # type: ignore[arg-type]


def test_checks_take_library_keys() -> None:
    """Reproducer (old main): ``check("gardner-2")`` raised RuleError "unknown name `gardner`"."""
    assert check("gardner-2").rule_text == TEXT
    assert same_rule("gardner-2", TEXT).method == "identical"


def test_the_seal_takes_library_keys() -> None:
    salt = "00" * 16
    assert Seal.commit("express-1", salt=salt) == Seal.commit("card.color != prev.color", salt=salt)
    assert Seal.commit(TEXT, salt=salt).verify("gardner-2")


def test_rounds_hypotheses_and_solo_read_rules_alike() -> None:
    from eleusis_lab.play import new_round
    from eleusis_lab.science.hypotheses import check as check_evidence
    from eleusis_lab.science.solo_runs import solo_round

    entry = library.get("express-1")
    for form in ("express-1", entry, entry.text, entry.rule):
        assert new_round("express", ["Ana", "Ben"], form, seed=1).rule == entry.rule
        assert check_evidence(form, []).consistent
    assert solo_round(entry, "random", seed=3) == solo_round("express-1", "random", seed=3)
