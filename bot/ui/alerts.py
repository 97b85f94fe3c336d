"""How a refused tap is answered: one line per reason the service gives (nothing changed). A
refusal that passes by itself gets a toast (a board behind its game is brought up to date at
once, showing the result of a game that is over; the bot's answer is coming); anything else
a modal alert."""

from __future__ import annotations

from aiogram.types import CallbackQuery

from bot.i18n import N_, Texts
from bot.metrics import refused
from bot.service import (
    AlreadyDone,
    AlreadyStarted,
    Busy,
    ChallengeGone,
    GameError,
    GameInProgress,
    GameOver,
    InvalidAction,
    NobodyLeft,
    NoGame,
    NoHints,
    NotAsked,
    NotInvited,
    NotYourGame,
    NotYourTurn,
    OnlyChallenger,
    OpponentsTurn,
    OwnChallenge,
    RematchAsked,
    RematchStarted,
    Stale,
    Watching,
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
    NotAsked: N_("This question was asked of another player."),
    NotYourTurn: N_("Wait: it is the bot's turn."),
    Busy: N_("Wait: it is the bot's turn."),
    # Games between two people in a group.
    NoHints: N_("Hints are only for games against the bot."),
    Watching: N_("You are watching this game: only its two players can move."),
    OpponentsTurn: N_("Wait: it is your opponent's turn."),
    ChallengeGone: N_("This challenge has expired or was withdrawn."),
    AlreadyStarted: N_("Someone has already joined this game."),
    OwnChallenge: N_("This is your own challenge: wait for someone to join."),
    NotInvited: N_("This challenge is for someone else."),
    OnlyChallenger: N_("Only the one who made the challenge can withdraw it."),
    RematchAsked: N_("Waiting for your opponent to agree."),
    RematchStarted: N_("The rematch has already begun."),
    NobodyLeft: N_("Your opponent is in the group: the game goes on."),
}


# The tapped board is behind its game (moved on, or over): it is brought up to date.
BEHIND = (Stale, AlreadyDone, GameOver)
PASSING = (*BEHIND, Busy, RematchAsked)


async def refuse(query: CallbackQuery, texts: Texts, error: GameError) -> None:
    """Answer the tap with the line for `error`."""
    alert = not isinstance(error, PASSING)
    refused()
    await query.answer(texts.gettext(ALERTS[type(error)]), show_alert=alert)


async def refuse_challenge(query: CallbackQuery, texts: Texts, error: GameError) -> None:
    """Answer a refused Join or Cancel under a challenge: whose running game is in the way
    (the tapper's or the challenger's), or the line for `error`."""
    if not isinstance(error, GameInProgress):
        await refuse(query, texts, error)
        return
    if error.user_id == query.from_user.id:
        text = texts.gettext("You already have a game in this chat: finish it first.")
    else:
        text = texts.gettext("The challenger has started another game here meanwhile.")
    await query.answer(text, show_alert=True)
