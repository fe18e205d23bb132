"""The seal commits to a rule's meaning (canonical text), hides it, and catches any change."""

from __future__ import annotations

import hashlib
import json

import pytest

from eleusis_lab.rules import Rule
from eleusis_lab.rules.seal import Seal

ALTERNATE = "card.color != prev.color"


def test_commit_then_verify_the_same_rule() -> None:
    seal = Seal.commit(ALTERNATE)
    assert seal.verify(ALTERNATE)
    assert seal.verify(Rule.parse(ALTERNATE))


def test_verify_accepts_the_same_rule_written_differently() -> None:
    seal = Seal.commit(ALTERNATE)
    assert seal.verify("card.color!=prev.color")
    assert seal.verify("  card.color   !=  prev.color  # alternate red and black\n")


def test_verify_rejects_another_rule_and_non_rules() -> None:
    seal = Seal.commit(ALTERNATE)
    assert not seal.verify("card.color == prev.color")
    assert not seal.verify("prev.color != card.color x")  # not a rule at all
    assert not seal.verify("")


def test_the_digest_is_sha256_of_salt_and_canonical_text() -> None:
    salt = "ab" * 16
    seal = Seal.commit("card.suit==prev.suit", salt=salt)
    canonical = Rule.parse("card.suit==prev.suit").text
    expected = hashlib.sha256(f"eleusis-lab-seal-v1\n{salt}\n{canonical}".encode()).hexdigest()
    assert seal.digest == expected
    assert seal.fingerprint == f"{expected[:4]}-{expected[4:8]}-{expected[8:12]}"


def test_fresh_salt_each_time_so_equal_rules_look_different() -> None:
    a, b = Seal.commit(ALTERNATE), Seal.commit(ALTERNATE)
    assert a.salt != b.salt and a.digest != b.digest and a.fingerprint != b.fingerprint
    assert len(a.salt or "") == 32


def test_the_fingerprint_does_not_contain_the_rule() -> None:
    seal = Seal.commit(ALTERNATE)
    public = json.dumps(seal.to_dict(public=True))
    assert "color" not in public and "salt" not in public
    assert "salt" in seal.to_dict()


def test_round_trip_through_json() -> None:
    seal = Seal.commit(ALTERNATE)
    again = Seal.from_dict(json.loads(json.dumps(seal.to_dict())))
    assert again == seal and again.verify(ALTERNATE)


def test_a_public_seal_needs_the_revealed_salt() -> None:
    seal = Seal.commit(ALTERNATE)
    public = Seal.from_dict(seal.to_dict(public=True))
    assert public.salt is None and public.fingerprint == seal.fingerprint
    with pytest.raises(ValueError, match="salt"):
        public.verify(ALTERNATE)
    assert public.verify(ALTERNATE, salt=seal.salt)
    assert not public.verify(ALTERNATE, salt="00" * 16)


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"digest": "xyz"},
        {"digest": "0" * 63},
        {"digest": "0" * 64, "salt": "not hex"},
        {"digest": "0" * 64, "version": 99},
        {"digest": "0" * 64, "fingerprint": "ffff-ffff-ffff"},
    ],
)
def test_malformed_or_tampered_seals_are_refused(data: object) -> None:
    with pytest.raises(ValueError):
        Seal.from_dict(data)


def test_commit_refuses_bad_rule_text() -> None:
    from eleusis_lab.rules import RuleError

    with pytest.raises(RuleError):
        Seal.commit("card.colour = prev.colour")


def test_a_rounds_salt_is_random_not_from_its_seed() -> None:
    """Reproducer (old main): the salt was ``sha256(f"eleusis-lab-seal/{seed}")[:32]``, so knowing the
    seed of a round let anyone hash every library rule and find the one matching the fingerprint::

        r = new_round("express", ["Ana", "Ben"], "express-2", seed=7)
        salt = hashlib.sha256(b"eleusis-lab-seal/7").hexdigest()[:32]
        [e.key for e in library.ENTRIES if Seal.commit(e.rule, salt=salt).digest == r.seal.digest]
        # -> ['express-2']
    """
    from eleusis_lab.play import load_round, new_round
    from eleusis_lab.rules import library

    a = new_round("express", ["Ana", "Ben"], "express-2", seed=7)
    b = new_round("express", ["Ana", "Ben"], "express-2", seed=7)
    assert a.seal.salt and b.seal.salt and a.seal.salt != b.seal.salt  # secrets, not the seed
    assert a.hand("Ana") == b.hand("Ana")  # the deal still follows the seed
    derived = hashlib.sha256(b"eleusis-lab-seal/7").hexdigest()[:32]
    assert a.seal.salt != derived
    found = [e.key for e in library.ENTRIES if Seal.commit(e.rule, salt=derived).digest == a.seal.digest]
    assert found == []
    # the salt lives in the sealed round's save, so a loaded round keeps its seal and verifies the rule
    again = load_round(a.to_json())
    assert again.seal == a.seal and again.seal.verify("express-2")
    assert json.loads(a.to_json())["seal"]["salt"] == a.seal.salt
