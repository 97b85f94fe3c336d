"""`ParsedGames`: a stored game's text parsed once, and never a stale parse for another text."""

from __future__ import annotations

from dataclasses import replace

from bot.service import Seat, Table
from bot.service.parsed import ParsedGames
from nardy.game import Game


def _table(game_id: str = "g", version: int = 3) -> Table:
    game = Game().with_roll((6, 5))
    seats = (Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bob"))
    return Table(game_id, game, seats, -100, 5, version=version)


def test_the_same_text_is_parsed_once() -> None:
    parsed = ParsedGames()
    text = _table().to_text()
    first = parsed.parse("g", 3, text)
    assert first == Table.from_text("g", 3, text)
    assert parsed.parse("g", 3, text) is first


def test_a_saved_table_is_found_without_parsing() -> None:
    parsed = ParsedGames()
    saved = _table()
    text = saved.to_text()
    parsed.note(saved, text)
    assert parsed.parse("g", 3, text) is saved


def test_another_text_under_the_same_version_is_parsed_anew() -> None:
    """Another writer (a restored backup, another Redis) may hold other data at a version."""
    parsed = ParsedGames()
    before = _table()
    parsed.note(before, before.to_text())
    moved = replace(before, game=before.game.play_turn(before.game.legal.turns[0].steps))
    found = parsed.parse("g", 3, moved.to_text())
    assert found == moved
    assert found.game != before.game


def test_the_least_recently_used_game_goes_first() -> None:
    parsed = ParsedGames(kept=2)
    tables = {name: _table(name) for name in "abc"}
    texts = {name: table.to_text() for name, table in tables.items()}
    parsed.note(tables["a"], texts["a"])
    parsed.note(tables["b"], texts["b"])
    assert parsed.parse("a", 3, texts["a"]) is tables["a"]  # a is used again, b is oldest
    parsed.note(tables["c"], texts["c"])
    assert parsed.parse("a", 3, texts["a"]) is tables["a"]
    assert parsed.parse("b", 3, texts["b"]) is not tables["b"]  # parsed anew
