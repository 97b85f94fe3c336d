"""What /stats and /top say (HTML): a player's record per kind of opponent with their rating,
and a leaderboard. Pure: the handlers read the records."""

from __future__ import annotations

import html

from bot.i18n import N_, Texts
from bot.ratings import Rating
from bot.service.results import PEOPLE, KindRecord, Leader, PlayerRecord, kinds, plays_like
from bot.ui.games import words
from bot.ui.names import level_name
from nardy.ai import Level
from nardy.long_variant import LONG
from nardy.variant import Variant
from nardy.variants import VARIANTS

TOP_COUNT = 10  # players a leaderboard lists


def _rating(rating: Rating) -> str:
    """A rating rounded, marked "?" while provisional (`Rating.provisional`)."""
    return f"{round(rating.rating)}{'?' if rating.provisional else ''}"


def _kind(texts: Texts, kind: str, record: KindRecord) -> str:
    """One kind of opponent's lines, a game other than long nardy named so."""
    _ = texts.gettext
    game, opponent = kinds()[kind]
    who = (
        _("Against people")
        if opponent == PEOPLE
        else _("Bot · {level}", level=level_name(texts, Level(opponent)))
    )
    about = words(game).about
    if about is not None:
        who = _(about, what=who)
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
    mars, koks = words(game).big_wins
    parts = [
        points,
        _(
            mars,
            given=record.mars_given - record.koks_given,
            taken=record.mars_taken - record.koks_taken,
        ),
    ]
    # Long nardy's koks were counted apart only later: their line shows once there are some.
    if game is not LONG or record.koks_given or record.koks_taken:
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
    for game, other in record.ratings:
        said = words(game).rating
        if said is None:  # long nardy's, told above: the levels' ratings are its own
            continue
        values = {"rating": round(other.rating), "deviation": round(other.deviation)}
        lines.append(_(said[other.provisional], **values))
    lines += [_kind(texts, kind, kind_record) for kind, kind_record in record.kinds]
    return "\n\n".join(lines)


def top_text(
    texts: Texts,
    leaders: list[Leader],
    group: bool,
    mine: tuple[int, int] | None,
    bot: str,
    game: Variant = LONG,
) -> str:
    """A leaderboard of `game`: a group's (those who played there), or everyone's with the
    reader's place (`mine`: place, how many; the bot's username `bot` says how to get one)."""
    _ = texts.gettext
    said = words(game)
    lines = [_(said.best[group])]
    if not leaders:
        lines.append(_(said.no_games[group]))
    for leader in leaders:
        name = html.escape(leader.name, quote=False)
        lines.append(f"{leader.place}. {name} — {_rating(leader.rating)}")
    if leaders and not group:
        if mine is None:
            lines.append(_(said.no_rating, bot=bot))
        else:
            place, of = mine
            lines.append(_("Your place: {place} of {count}.", place=place, count=of))
    if leaders:
        lines.append(_("? — provisional: fewer games than a settled rating needs."))
    for other in VARIANTS:  # how to see the other games' boards
        about = words(other).about
        if other is not game and about is not None:
            lines.append(_(about, what=f"/top {other.key}"))
    return "\n".join(lines)
