"""What a game's players are told as it goes, as events kept with the game (`events`; the UI
phrases them per audience, `bot.ui.events`): the opening roll, a turn played, forced or passed,
a double, a game of a match ended, with the score and the game's summary."""

from __future__ import annotations

from bot.service.events import (
    BOT,
    Actor,
    Event,
    MatchGameWon,
    MatchScore,
    OpeningRolled,
    RatingsChanged,
    Started,
    Summary,
    TurnPlayed,
)
from bot.service.table import MatchPlay, Seat, Table
from nardy import Color
from nardy.game import OpeningRoll
from nardy.steps import Step, format_dice
from nardy.summary import summarize
from nardy.variant import AnyGame
from nardy.variants import variant_of


def actor(seat: Seat) -> Actor:
    """The player of `seat` as events name them."""
    return BOT if seat.level is not None else Actor(seat.name)


def opening(start: Table, opening: OpeningRoll) -> list[Event]:
    """The opening roll of a game of `start`'s players, seated the one who asked first (against
    the bot: the person), throw by throw, and who starts."""
    first, second = (actor(seat) for seat in start.seats)
    *ties, (a, b) = opening.rolls
    told: list[Event] = [OpeningRolled(first, x, second, y, tie=True) for x, y in ties]
    told.append(OpeningRolled(first, a, second, b, tie=False))
    return [*told, Started(first if opening.white_player == 0 else second)]


def game_of_match(table: Table, played: MatchPlay) -> list[Event]:
    """How the game of a match ended and the score; against the bot after what ended it (the
    game's last events: the person's double and the bot's drop, the bot's last turn)."""
    result = table.game.result
    assert result is not None
    told = [] if table.shared else list(table.events)
    if result.winner is not None:
        winner, loser = table.seats[result.winner], table.seats[result.winner.opponent]
        number = played.match.games
        told.append(MatchGameWon(number, actor(winner), actor(loser), result.reason, result.kind))
    first, second = (actor(seat) for seat in played.seats(table.seats))
    a, b = played.match.score
    return [*told, MatchScore(first, a, second, b)]


def summary(table: Table) -> list[Event]:
    """What the results screen of a game of a match would show, told as events since the next
    game takes its board: the turns and checkers borne off and, between people, the ratings'
    changes (`table.ended`)."""
    summary = summarize(table.game)
    white, black = (actor(seat) for seat in table.seats)
    off = summary.borne_off
    told: list[Event] = [
        Summary(sum(summary.turns), white, off[Color.WHITE], black, off[Color.BLACK])
    ]
    ended = table.ended
    if ended is not None and ended.ratings is not None:
        a, b = (change.delta for change in ended.ratings)
        told.append(RatingsChanged(white, a, black, b))
    return told


def turn_played(table: Table, game: AnyGame) -> list[Event]:
    """In a game between two people, the turn the mover just completed in `game`, told to
    the other (who shares the board); against the bot, the player saw it."""
    if not table.shared or game.dice is None:
        return []
    mover = actor(table.seats[game.to_move])
    turn = turn_text(game, game.played)
    return [TurnPlayed(mover, format_dice(game.dice), turn, game.to_move.label)]


def turn_text(game: AnyGame, steps: tuple[Step, ...]) -> str:
    """`steps`, played from the start of the turn of `game`, in the game's notation (§10)."""
    return variant_of(game).turn_text(game.position, steps)
