"""How a refused tap is answered: one alert per reason the service gives (nothing changed)."""

from __future__ import annotations

from aiogram.types import CallbackQuery

from bot.i18n import Locale, Translator
from bot.service import (
    Busy,
    GameError,
    GameInProgress,
    GameOver,
    InvalidAction,
    NoGame,
    NotYourGame,
    NotYourTurn,
    Stale,
)

ALERTS: dict[type[GameError], str] = {
    NoGame: "alert_bad",
    InvalidAction: "alert_bad",
    GameInProgress: "alert_bad",
    Stale: "alert_stale",
    GameOver: "alert_over",
    NotYourGame: "alert_not_yours",
    NotYourTurn: "alert_wait",
    Busy: "alert_wait",
}


async def refuse(query: CallbackQuery, texts: Translator, locale: Locale, error: GameError) -> None:
    """Answer the tap with the alert for `error`."""
    await query.answer(texts.text(locale, ALERTS[type(error)]), show_alert=True)
