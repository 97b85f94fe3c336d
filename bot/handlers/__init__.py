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
    members,
    menu,
    play,
    records,
    resume,
    settings,
    stats,
)


def routers() -> list[Router]:
    return [
        errors.router(),
        elsewhere.router(),
        menu.router(),
        language.router(),
        settings.router(),
        play.router(),
        group.router(),
        members.router(),
        inline.router(),
        resume.router(),
        records.router(),
        stats.router(),
        game.router(),
        fallback.router(),
    ]
