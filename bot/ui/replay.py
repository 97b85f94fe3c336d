"""A finished game's replay as its players watch it (`renderer.animation`): each turn's board
with its roll and its move marked, then the end with the result, in the reader's language and
board theme."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Texts
from bot.service.records import bot_level, person_against_bot
from bot.ui.names import level_name
from bot.ui.records import player_label
from bot.ui.screens import base_view, outcome_lines
from nardy import Color
from nardy.transcript import Transcript, unfold
from nardy.variants import variant_of
from renderer import Banner, Dice, Theme
from renderer.animation import Clip, Frame, animate
from renderer.game_view import game_view

TURN_SECONDS = 0.6
END_SECONDS = 3.0


def replay_caption(texts: Texts, record: Transcript) -> str:
    """What the replay's message says under it. A game against the bot has a message of its
    own, naming the bot by a word that declines after "vs" (ru «против бота»), where a
    record's label for it («Бот · Лёгкий») would not."""
    turns = len(record.turns)
    person = person_against_bot(record.players)
    level = None if person is None else bot_level(record.players[person.opponent])
    if person is not None and level is not None:
        return texts.ngettext(
            "📽 {name} vs the bot ({level}): the game's {n} turn.",
            "📽 {name} vs the bot ({level}): the game's {n} turns.",
            turns,
            name=record.players[person],
            level=level_name(texts, level),
        )
    white, black = record.players
    return texts.ngettext(
        "📽 {white} vs {black}: the game's {n} turn.",
        "📽 {white} vs {black}: the game's {n} turns.",
        turns,
        white=white,
        black=black,
    )


def replay_clip(texts: Texts, record: Transcript, theme: Theme) -> Clip:
    """The replay made: about a second of CPU for a long game, holding the GIL for a few
    milliseconds at a time (run it in a thread); `VerificationError` for a record that does
    not replay."""
    return animate(replay_frames(texts, record, theme))


def replay_frames(texts: Texts, record: Transcript, theme: Theme) -> list[Frame]:
    """One frame a turn, the board it left with its roll (all played) and its move marked and
    written beside the mover's name, then the end's banner. A person playing the bot is at
    the bottom, else White, and every move is written in that side's numbers, which label
    the picture's points."""
    names = (player_label(texts, record.players[0]), player_label(texts, record.players[1]))
    person = person_against_bot(record.players)
    bottom = Color.WHITE if person is None else person
    base = replace(base_view(texts, bottom, names), theme=theme)
    *turns, finished = unfold(record)
    frames = []
    for number, game in enumerate(turns, 1):
        turn = game.history[-1]
        status = texts.gettext("turn {n} of {total}", n=number, total=len(turns))
        board, view = game_view(game, replace(base, texts=replace(base.texts, status=status)))
        played = tuple(step.die for step in turn.steps)
        view = replace(view, dice=Dice(turn.dice, played, turn.color), acting=turn.color)
        frames.append(Frame(board, view, TURN_SECONDS))
    result = finished.result
    assert result is not None  # `unfold` ends with the finished game
    reason, won = outcome_lines(texts, result, names, variant_of(record.rules))
    end = Banner(result.winner, texts.gettext("Game over"), won, reason)
    board, view = game_view(finished, replace(base, banner=end))
    frames.append(Frame(board, view, END_SECONDS))
    return frames
