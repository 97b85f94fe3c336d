"""How a refused tap is answered: one line per reason the service gives (nothing changed). A
refusal that passes by itself gets a toast (a board behind its game is brought up to date at
once, showing the result of a game that is over; the bot's answer is coming); anything else
a modal alert."""

from __future__ import annotations

from aiogram.types import CallbackQuery

from bot.i18n import N_, Texts
from bot.service import (
    AlreadyDone,
    Busy,
    GameError,
    GameOver,
    InvalidAction,
    NoGame,
    NotYourGame,
    NotYourTurn,
    Stale,
)

NOT_VALID = N_("This button is not valid any more.")
ALERTS: dict[type[GameError], str] = {
    # Expired (bot.storage.UNFINISHED_TTL, FINISHED_TTL), or never was.
    NoGame: N_("This game is no longer kept. /play starts a new one."),
    InvalidAction: NOT_VALID,
    Stale: N_("This board is out of date: the game has moved on."),
    AlreadyDone: N_("Already done."),
    GameOver: N_("This game is over."),
    NotYourGame: N_("This is not your game."),
    NotYourTurn: N_("Wait: it is the bot's turn."),
    Busy: N_("Wait: it is the bot's turn."),
}


# The tapped board is behind its game (moved on, or over): it is brought up to date.
BEHIND = (Stale, AlreadyDone, GameOver)
PASSING = (*BEHIND, Busy)


async def refuse(query: CallbackQuery, texts: Texts, error: GameError) -> None:
    """Answer the tap with the line for `error`."""
    alert = not isinstance(error, PASSING)
    await query.answer(texts.gettext(ALERTS[type(error)]), show_alert=alert)
