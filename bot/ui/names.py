"""Names shown to players: levels and time limits (marked for translation), and people's
names as a game between two people shows them."""

from __future__ import annotations

import re

from aiogram.types import User

from bot.i18n import N_, Texts
from bot.service import Seat
from nardy.ai import Level

_LEVELS = {
    Level.EASY: N_("Easy"),
    Level.MEDIUM: N_("Medium"),
    Level.HARD: N_("Hard"),
    Level.EXPERT: N_("Expert"),
}


def level_name(texts: Texts, level: Level) -> str:
    return texts.gettext(_LEVELS[level])


def limit_name(texts: Texts, seconds: int) -> str:
    """A time limit per turn in words: "5 minutes", "24 hours" (`TURN_LIMITS` are whole
    minutes or hours)."""
    if seconds % 3600 == 0:
        n = seconds // 3600
        return texts.ngettext("{n} hour", "{n} hours", n)
    n = seconds // 60
    return texts.ngettext("{n} minute", "{n} minutes", n)


def match_name(texts: Texts, length: int) -> str:
    """One game, or a match to `length` points."""
    if length == 1:
        return texts.gettext("One game")
    return texts.ngettext("A match to {n} point", "A match to {n} points", length)


NAME_LIMIT = 32  # characters of a person's name kept for the board and captions

# Characters a name must not carry into a caption or a picture: control characters (a newline
# would forge a line) and the bidirectional controls, which reorder the text around them
# ("Bob\u202eevil" reads "Boblive").
_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def person_name(user: User, texts: Texts) -> str:
    """`user`'s name as every screen shows it: without hidden characters, cut to
    `NAME_LIMIT`; "Player" when nothing is left."""
    name = " ".join(_HIDDEN.sub("", user.full_name).split())[:NAME_LIMIT].strip()
    return name or texts.gettext("Player")


def seat_for(user: User, texts: Texts) -> Seat:
    """A person's seat, with the name a shared board and a game's record show and the language
    they are addressed in (`texts`, theirs)."""
    return Seat(user_id=user.id, name=person_name(user, texts), locale=texts.locale.value)
