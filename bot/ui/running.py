"""What /games shows: a person's running games, each with the opponent, whose turn it is and
the match score, and a button that brings its board back."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.i18n import Texts
from bot.service import Table
from bot.ui.callbacks import ShowGame
from bot.ui.games import words
from bot.ui.names import level_name
from nardy.variants import variant_of


def _line(texts: Texts, number: int, table: Table, user_id: int) -> str:
    _ = texts.gettext
    color = table.seat_of(user_id)
    assert color is not None
    opponent = table.seats[color.opponent]
    mine = table.game.to_act is color
    if opponent.level is not None:
        line = _("{n}. Bot · {level}", n=number, level=level_name(texts, opponent.level))
    elif table.inline_id is not None:
        line = _("{n}. {name}, in an inline message", n=number, name=opponent.name)
    else:
        line = _("{n}. {name}, in a group", n=number, name=opponent.name)
    turn = _("your turn") if mine else _("{name}'s turn", name=opponent.name)
    parts = [line, turn]
    title = words(variant_of(table.game)).title
    if title is not None:
        parts.insert(1, _(title))
    if table.match is not None:
        match = table.match
        me = match.players.index(user_id)
        a, b = match.match.score[me], match.match.score[1 - me]
        parts.append(_("match to {length}: {a}–{b}", length=match.match.length, a=a, b=b))
    return " · ".join(parts)


def _order(table: Table, user_id: int) -> tuple[bool, bool, str]:
    """Games against the bot first, then in groups, then inline; by the opponent's name."""
    opponent = next(seat for seat in table.seats if seat.user_id != user_id)
    return table.shared, table.inline_id is not None, opponent.name.casefold()


def running_list(
    texts: Texts, tables: list[Table], user_id: int
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The list and its buttons (one per game); a line saying how to start one when empty."""
    if not tables:
        return texts.gettext("You have no games going. /play starts one."), None
    lines = [texts.gettext("Your games going (tap one to bring its board back):")]
    builder = InlineKeyboardBuilder()
    for number, table in enumerate(sorted(tables, key=lambda s: _order(s, user_id)), start=1):
        lines.append(_line(texts, number, table, user_id))
        builder.button(text=str(number), callback_data=ShowGame(game=table.game_id))
    builder.adjust(5)
    return "\n".join(lines), builder.as_markup()
