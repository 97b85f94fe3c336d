"""One router per feature; `routers()` lists them in the order the dispatcher tries them."""

from aiogram import Router

from bot.handlers import errors, language, menu


def routers() -> list[Router]:
    return [errors.router, menu.router, language.router]
