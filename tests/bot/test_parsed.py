"""`ParsedGames`: a stored game's text parsed once, and never a stale parse for another text."""

from __future__ import annotations

from dataclasses import replace

from bot.service import Seat, Session
from bot.service.parsed import ParsedGames
from nardy.game import Game


def _session(game_id: str = "g", version: int = 3) -> Session:
    game = Game().with_roll((6, 5))
    seats = (Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bob"))
    return Session(game_id, game, seats, -100, 5, version=version)


def test_the_same_text_is_parsed_once() -> None:
    parsed = ParsedGames()
    text = _session().to_text()
    first = parsed.parse("g", 3, text)
    assert first == Session.from_text("g", 3, text)
    assert parsed.parse("g", 3, text) is first


def test_a_saved_session_is_found_without_parsing() -> None:
    parsed = ParsedGames()
    saved = _session()
    text = saved.to_text()
    parsed.note(saved, text)
    assert parsed.parse("g", 3, text) is saved


def test_another_text_under_the_same_version_is_parsed_anew() -> None:
    """Another writer (a restored backup, another Redis) may hold other data at a version."""
    parsed = ParsedGames()
    before = _session()
    parsed.note(before, before.to_text())
    moved = replace(before, game=before.game.play_turn(before.game.legal.turns[0].steps))
    found = parsed.parse("g", 3, moved.to_text())
    assert found == moved
    assert found.game != before.game


def test_the_least_recently_used_game_goes_first() -> None:
    parsed = ParsedGames(kept=2)
    sessions = {name: _session(name) for name in "abc"}
    texts = {name: session.to_text() for name, session in sessions.items()}
    parsed.note(sessions["a"], texts["a"])
    parsed.note(sessions["b"], texts["b"])
    assert parsed.parse("a", 3, texts["a"]) is sessions["a"]  # a is used again, b is oldest
    parsed.note(sessions["c"], texts["c"])
    assert parsed.parse("a", 3, texts["a"]) is sessions["a"]
    assert parsed.parse("b", 3, texts["b"]) is not sessions["b"]  # parsed anew
