"""The catalogue of syntax mistakes (``diagnostics.MISTAKES``) is its own test: every example it
holds is diagnosed as that very entry, with the entry's message and hint."""

from __future__ import annotations

import pytest

from eleusis_lab.rules import Rule, RuleError
from eleusis_lab.rules.diagnostics import MISTAKES, mistake_for
from eleusis_lab.rules.syntax import lark_error

EXAMPLES = [pytest.param(i, text, id=text) for i, m in enumerate(MISTAKES) for text in m.examples]


@pytest.mark.parametrize(("index", "text"), EXAMPLES)
def test_every_example_is_diagnosed_as_its_own_entry(index: int, text: str) -> None:
    mistake = MISTAKES[index]
    assert mistake_for(text, lark_error) is mistake
    with pytest.raises(RuleError) as info:
        Rule.parse(text)
    err = info.value
    fixed = mistake.reason.split("{")[0]
    assert err.reason.startswith(fixed), (err.reason, mistake.reason)
    if "{" not in mistake.hint:
        assert err.hint == mistake.hint
    assert err.hint, "every catalogued mistake comes with a hint"


def test_every_entry_has_an_example_and_no_example_is_a_valid_rule() -> None:
    for mistake in MISTAKES:
        assert mistake.examples
        for text in mistake.examples:
            assert lark_error(text) is not None, text


def test_a_mistake_names_the_unexpected_token() -> None:
    with pytest.raises(RuleError) as info:
        Rule.parse("card.suit in [hearts diamonds]")
    assert info.value.reason.startswith("unexpected `diamonds`")
