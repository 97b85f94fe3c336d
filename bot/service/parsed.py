"""The games this process read or saved last, kept parsed.

A tap reads its game two or three times (the tap itself, the board's check after its edit,
the player's next tap), and parsing the stored text is the larger part of a read's CPU. An
entry is found by (game id, version) and used only while the stored text is the same, so a
text written by anyone else is parsed anew."""

from __future__ import annotations

from collections import OrderedDict

from bot.service.session import Session

KEPT = 2048
"""Games kept parsed (a few kilobytes each): the games played at once on a busy worker."""


class ParsedGames:
    """A least-recently-used map from a stored game's text to its `Session`."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._games: OrderedDict[tuple[str, int], tuple[str, Session]] = OrderedDict()

    def parse(self, game_id: str, version: int, text: str) -> Session:
        """`Session.from_text`, or the session noted for this very text."""
        key = (game_id, version)
        found = self._games.get(key)
        if found is not None and found[0] == text:
            self._games.move_to_end(key)
            return found[1]
        session = Session.from_text(game_id, version, text)
        self.note(session, text)
        return session

    def note(self, session: Session, text: str) -> None:
        """`session`, just saved as `text` (its version the stored one)."""
        self._games[(session.game_id, session.version)] = (text, session)
        self._games.move_to_end((session.game_id, session.version))
        if len(self._games) > self._kept:
            self._games.popitem(last=False)
