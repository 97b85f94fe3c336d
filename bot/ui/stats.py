"""What /stats and /top say (HTML): a player's record per kind of opponent with their rating,
and a leaderboard. Pure: the handlers read the records."""

from __future__ import annotations

import html

from bot.i18n import N_, Texts
from bot.ratings import Rating
from bot.service.results import PEOPLE, KindRecord, Leader, PlayerRecord, ladder, plays_like
from bot.service.variant import Kind
from bot.ui.names import level_name
from nardy.ai import Level

TOP_COUNT = 10  # players a leaderboard lists
SHORT = ladder(Kind.SHORT.variant)  # before the kind of opponent in short nardy's statistics

# The wins worth a mars and a koks, by whether the game is short nardy (backgammon's names).
_BIG_WINS = {
    False: (N_("mars given {given}, taken {taken}"), N_("koks given {given}, taken {taken}")),
    True: (
        N_("gammons given {given}, taken {taken}"),
        N_("backgammons given {given}, taken {taken}"),
    ),
}


def _rating(rating: Rating) -> str:
    """A rating rounded, marked "?" while provisional (`Rating.provisional`)."""
    return f"{round(rating.rating)}{'?' if rating.provisional else ''}"


def _kind(texts: Texts, kind: str, record: KindRecord) -> str:
    """One kind of opponent's lines, short nardy's (`SHORT`) named so."""
    _ = texts.gettext
    short = kind.startswith(SHORT)
    opponent = kind.removeprefix(SHORT)
    who = (
        _("Against people")
        if opponent == PEOPLE
        else _("Bot · {level}", level=level_name(texts, Level(opponent)))
    )
    if short:
        who = _("Short nardy: {what}", what=who)
    games = texts.ngettext("{n} game", "{n} games", record.games)
    counts = {"who": who, "games": games, "won": record.wins, "lost": record.losses}
    if record.draws:
        head = _(
            "<b>{who}</b>: {games}, {won} won, {lost} lost, {drawn} drawn ({percent}%)",
            drawn=record.draws,
            percent=record.win_percent,
            **counts,
        )
    else:
        head = _(
            "<b>{who}</b>: {games}, {won} won, {lost} lost ({percent}%)",
            percent=record.win_percent,
            **counts,
        )
    points = _(
        "points {won}–{lost} · win streak {streak}, best {best}",
        won=record.points_won,
        lost=record.points_lost,
        streak=record.streak,
        best=record.best,
    )
    # RULES.md §7 and §9: a mars is short nardy's gammon, a koks its backgammon; a mars counts
    # those worth a koks too (all of them, in games counted before koks were counted apart).
    mars, koks = _BIG_WINS[short]
    parts = [
        points,
        _(
            mars,
            given=record.mars_given - record.koks_given,
            taken=record.mars_taken - record.koks_taken,
        ),
    ]
    if short or record.koks_given or record.koks_taken:
        parts.append(_(koks, given=record.koks_given, taken=record.koks_taken))
    return f"{head}\n{' · '.join(parts)}"


def stats_text(texts: Texts, name: str, record: PlayerRecord, own: bool) -> str:
    """`name`'s statistics (`own`: the reader's own, who is told how to start)."""
    _ = texts.gettext
    title = _("<b>Statistics: {name}</b>", name=html.escape(name, quote=False))
    if not record.kinds:
        empty = (
            N_("No finished games yet. /play starts one.") if own else N_("No finished games yet.")
        )
        return f"{title}\n{_(empty)}"
    lines = [title]
    rating = record.rating()
    if rating is not None:
        level = level_name(texts, plays_like(rating.rating))
        values = {
            "rating": round(rating.rating),
            "deviation": round(rating.deviation),
            "level": level,
        }
        if rating.provisional:
            lines.append(
                _(
                    "Rating {rating} ± {deviation}, provisional: plays like the bot at {level}.",
                    **values,
                )
            )
        else:
            lines.append(
                _("Rating {rating} ± {deviation}: plays like the bot at {level}.", **values)
            )
    short = record.rating(Kind.SHORT.variant)
    if short is not None:  # the levels' ratings are long nardy's: no "plays like" here
        values = {"rating": round(short.rating), "deviation": round(short.deviation)}
        if short.provisional:
            lines.append(_("Short nardy rating {rating} ± {deviation}, provisional.", **values))
        else:
            lines.append(_("Short nardy rating {rating} ± {deviation}.", **values))
    lines += [_kind(texts, kind, kind_record) for kind, kind_record in record.kinds]
    return "\n\n".join(lines)


def top_text(
    texts: Texts,
    leaders: list[Leader],
    group: bool,
    mine: tuple[int, int] | None,
    bot: str,
    game: Kind = Kind.LONG,
) -> str:
    """A leaderboard of `game`: a group's (those who played there), or everyone's with the
    reader's place (`mine`: place, how many; the bot's username `bot` says how to get one)."""
    _ = texts.gettext
    short = game is Kind.SHORT
    if short:
        title = (
            _("<b>Best players of short nardy in this group</b>")
            if group
            else _("<b>Best players of short nardy</b>")
        )
    else:
        title = _("<b>Best players in this group</b>") if group else _("<b>Best players</b>")
    lines = [title]
    if not leaders:
        if short:
            empty = (
                N_("No rated games of short nardy here yet: /play short challenges someone.")
                if group
                else N_("No rated games of short nardy yet.")
            )
        else:
            empty = (
                N_("No rated games here yet: /play challenges someone.")
                if group
                else N_("No rated games yet.")
            )
        lines.append(_(empty))
    for leader in leaders:
        name = html.escape(leader.name, quote=False)
        lines.append(f"{leader.place}. {name} — {_rating(leader.rating)}")
    if leaders and not group:
        if mine is None and short:
            lines.append(
                _(
                    "You have no rating in short nardy yet: play a person"
                    " (type @{bot} short in any chat).",
                    bot=bot,
                )
            )
        elif mine is None:
            lines.append(
                _("You have no rating yet: play a person (type @{bot} in any chat).", bot=bot)
            )
        else:
            place, of = mine
            lines.append(_("Your place: {place} of {count}.", place=place, count=of))
    if leaders:
        lines.append(_("? — provisional: fewer games than a settled rating needs."))
    if not short:
        lines.append(_("Short nardy: /top short"))
    return "\n".join(lines)
