"""The seal: commit to the secret rule before a round, so anyone can check it at the reveal.

Before play the dealer's rule is hashed (SHA-256 of a random salt and the rule's *canonical* text) and
the short ``fingerprint`` is shown to the class.  At the reveal the rule text is read out; ``verify``
parses it, prints it canonically again and recomputes the hash, so a rule revealed with different
spacing, a comment or ``♥`` instead of ``hearts`` still matches, but any change of meaning does not.

The salt stays with the dealer until the reveal: without it nobody can hash candidate rules and
compare them with the fingerprint.  ``to_dict(public=True)`` leaves it out.

>>> seal = Seal.commit("card.color != prev.color", salt="00" * 16)
>>> seal.fingerprint
'6dc8-d28b-e597'
>>> seal.verify("card.color  !=  prev.color   # alternate colours")
True
>>> seal.verify("card.color == prev.color")
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from eleusis_lab.rules.errors import RuleError
from eleusis_lab.rules.library import RuleLike, as_rule

#: Bumped if the hashed message ever changes, so old seals are still checked the old way.
SEAL_VERSION = 1
_SALT_BYTES = 16


def _canonical(rule: RuleLike) -> str:
    return as_rule(rule).text


def _digest(salt: str, canonical_text: str, version: int = SEAL_VERSION) -> str:
    message = f"eleusis-lab-seal-v{version}\n{salt}\n{canonical_text}".encode()
    return hashlib.sha256(message).hexdigest()


def _check_hex(value: Any, what: str, length: int | None = None) -> str:
    if not isinstance(value, str) or not value or any(c not in "0123456789abcdef" for c in value):
        raise ValueError(f"a seal's {what} must be lower-case hexadecimal text, not {value!r}")
    if length is not None and len(value) != length:
        raise ValueError(f"a seal's {what} must have {length} hex digits, not {len(value)}")
    return value


@dataclass(frozen=True, slots=True)
class Seal:
    """A commitment to one rule: ``digest`` (public), ``salt`` (secret until the reveal)."""

    digest: str
    salt: str | None = None
    version: int = SEAL_VERSION

    def __post_init__(self) -> None:
        _check_hex(self.digest, "digest", 64)
        if self.salt is not None:
            _check_hex(self.salt, "salt")
        if self.version != SEAL_VERSION:
            raise ValueError(f"unknown seal version {self.version!r}; this kit reads version {SEAL_VERSION}")

    @classmethod
    def commit(cls, rule: RuleLike, *, salt: str | None = None) -> Seal:
        """Seal a rule (anything :func:`~eleusis_lab.rules.as_rule` reads) with a fresh random salt."""
        salt = _check_hex(salt, "salt") if salt is not None else secrets.token_hex(_SALT_BYTES)
        return cls(digest=_digest(salt, _canonical(rule)), salt=salt)

    @property
    def fingerprint(self) -> str:
        """The first 12 hex digits of the digest in groups of four, short enough to write on a board."""
        d = self.digest[:12]
        return f"{d[0:4]}-{d[4:8]}-{d[8:12]}"

    def verify(self, rule: RuleLike, salt: str | None = None) -> bool:
        """True when ``rule`` (text or ``Rule``) means exactly the sealed rule.

        Text that is not a rule at all gives False. A seal read without its salt needs ``salt``.
        """
        salt = salt if salt is not None else self.salt
        if salt is None:
            raise ValueError("this seal was stored without its salt: pass the salt the dealer reveals")
        try:
            canonical = _canonical(rule)
        except RuleError:
            return False
        return hmac.compare_digest(_digest(salt, canonical, self.version), self.digest)

    def public(self) -> Seal:
        """The same seal without the salt: safe to show before the reveal."""
        return Seal(digest=self.digest, salt=None, version=self.version)

    def to_dict(self, *, public: bool = False) -> dict[str, Any]:
        """JSON-ready; ``public=True`` leaves out the salt."""
        out: dict[str, Any] = {
            "version": self.version,
            "digest": self.digest,
            "fingerprint": self.fingerprint,
        }
        if self.salt is not None and not public:
            out["salt"] = self.salt
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Seal:
        """Inverse of :meth:`to_dict`; raises ``ValueError`` on anything malformed or tampered with."""
        if not isinstance(data, dict) or "digest" not in data:
            raise ValueError(f"a seal is a mapping with a 'digest', not {data!r}")
        seal = cls(digest=data["digest"], salt=data.get("salt"), version=data.get("version", SEAL_VERSION))
        if "fingerprint" in data and data["fingerprint"] != seal.fingerprint:
            raise ValueError("the seal's fingerprint does not match its digest")
        return seal

    def __str__(self) -> str:
        return f"sealed rule {self.fingerprint}"
