"""The terms a player writes after /play in a group or @bot inline: the game (long, short), a
match length (3, 5, 7) and a time limit per turn (off, 1m, 5m, 1h, 24h), in any order; what is
not written is the default."""

from __future__ import annotations

from dataclasses import replace

from bot.service import MATCH_LENGTHS, TURN_LIMITS, Terms
from nardy.long_variant import LONG
from nardy.variant import Variant
from nardy.variants import VARIANTS


def read_terms(text: str, default: Terms) -> Terms | None:
    """The terms `text` asks for; None when a word names a length or limit not offered
    (other words, such as an @mention, are not terms)."""
    terms = default
    for word in text.lower().split():
        if word.isdigit():
            if int(word) not in MATCH_LENGTHS:
                return None
            terms = replace(terms, length=int(word))
        elif word in TURN_LIMITS:
            terms = replace(terms, turn_limit=TURN_LIMITS[word])
        elif word[:1].isdigit():  # "2m", "10h": a limit not offered
            return None
    return terms


def read_game(text: str) -> Variant:
    """The game `text` names by its key ("short", "long"), long nardy when it names none."""
    words = text.lower().split()
    return next((variant for variant in VARIANTS if variant.key in words), LONG)
