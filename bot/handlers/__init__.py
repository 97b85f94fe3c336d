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
        game.router(),  # board taps, most updates by far: found before the others' filters
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
        fallback.router(),
    ]
