"""The games this process read or saved last, kept parsed.

A tap reads its game two or three times (the tap itself, the board's check after its edit,
the player's next tap), and parsing the stored text is the larger part of a read's CPU. An
entry is found by (game id, version) and used only while the stored text is the same, so a
text written by anyone else is parsed anew."""

from __future__ import annotations

from collections import OrderedDict

from bot.service.table import Table

KEPT = 2048
"""Games kept parsed (a few kilobytes each): the games played at once on a busy worker."""


class ParsedGames:
    """A least-recently-used map from a stored game's text to its `Table`."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._games: OrderedDict[tuple[str, int], tuple[str, Table]] = OrderedDict()

    def parse(self, game_id: str, version: int, text: str) -> Table:
        """`Table.from_text`, or the table noted for this very text."""
        key = (game_id, version)
        found = self._games.get(key)
        if found is not None and found[0] == text:
            self._games.move_to_end(key)
            return found[1]
        table = Table.from_text(game_id, version, text)
        self.note(table, text)
        return table

    def note(self, table: Table, text: str) -> None:
        """`table`, just saved as `text` (its version the stored one)."""
        self._games[(table.game_id, table.version)] = (text, table)
        self._games.move_to_end((table.game_id, table.version))
        if len(self._games) > self._kept:
            self._games.popitem(last=False)
