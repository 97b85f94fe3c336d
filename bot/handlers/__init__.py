"""One router per feature; `routers()` makes them, in the order the dispatcher tries them."""

from aiogram import Router

from bot.handlers import (
    elsewhere,
    errors,
    fallback,
    game,
    group,
    inline,
    language,
    menu,
    play,
    records,
    resume,
    stats,
)


def routers() -> list[Router]:
    return [
        errors.router(),
        elsewhere.router(),
        menu.router(),
        language.router(),
        play.router(),
        group.router(),
        inline.router(),
        resume.router(),
        records.router(),
        stats.router(),
        game.router(),
        fallback.router(),
    ]
