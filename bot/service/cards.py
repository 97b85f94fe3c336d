"""Inline challenge cards sealed by the bot. A card lives in its buttons until someone joins
(nothing is stored per card), so what it promises (the challenger, the language, when it was
offered, the terms, the house rules) travels in the button data: a seal, an HMAC of those
under a key only the bot knows, makes that data the bot's own, so a modified client can
neither seat someone else as the challenger nor change the terms. The seed the card's dice
are committed to is derived from the same key and seal, so it too needs no storage."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from bot.service.table import InlineCard, Terms
from nardy.fair import SEED_BYTES
from nardy.variant import AnyRules
from nardy.variants import variant_of

SEAL_BYTES = 9  # 72 bits: 12 characters of a button's 64 bytes of data
KEY_CONTEXT = b"nardy inline cards"
_PROCESS_KEY = secrets.token_bytes(32)


def card_key(token: str) -> bytes:
    """The key every worker derives from the bot's token (a new token voids the open cards)."""
    return hmac.new(token.encode(), KEY_CONTEXT, hashlib.sha256).digest()


@dataclass(frozen=True)
class CardSeal:
    """Seals and opens inline cards with `key` (the same in every worker: `card_key`)."""

    key: bytes

    @classmethod
    def of_this_process(cls) -> CardSeal:
        """A key of this process alone: its cards are joined in it only."""
        return cls(_PROCESS_KEY)

    def seal(self, by: int, locale: str, at: int, terms: Terms, rules: AnyRules) -> str:
        """The seal of a card offered by the user `by` in `locale` at `at` (Unix seconds), on
        `terms` and house `rules`."""
        rules_text = variant_of(rules).rules_to_text(rules)
        promised = f"{by}|{locale}|{at}|{terms.length}|{terms.turn_limit}|{rules_text}"
        mac = hmac.new(self.key, promised.encode(), hashlib.sha256).digest()[:SEAL_BYTES]
        return base64.urlsafe_b64encode(mac).decode()

    def opens(self, card: InlineCard) -> bool:
        """Whether `card` carries the seal of what it promises: the bot offered it so."""
        by = card.challenger.user_id or 0
        sealed = self.seal(by, card.locale, int(card.made_at), card.terms, card.rules)
        return hmac.compare_digest(sealed.encode(), card.seal.encode())

    def seed(self, seal: str) -> bytes:
        """The secret seed the dice of the card sealed `seal` are committed to."""
        derived = hmac.new(self.key, b"dice " + seal.encode(), hashlib.sha256).digest()
        return derived[:SEED_BYTES]
