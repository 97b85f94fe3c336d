"""What a game's players are told as it goes, as notes kept with the game (`Note`; the UI
phrases them, `bot.ui.screens.NOTES`): the opening roll, a turn played, forced or passed, a
double, a game of a match ended, with the score and the game's summary."""

from __future__ import annotations

from bot.service.results import signed
from bot.service.session import MatchPlay, Note, Seat, Session
from nardy import Color
from nardy.game import OpeningRoll
from nardy.scoring import EndReason
from nardy.steps import Step, format_dice
from nardy.summary import summarize
from nardy.variant import AnyGame
from nardy.variants import variant_of


def about_turn(session: Session, seat: Seat, mine: str, theirs: str, **values: str) -> Note:
    """A note about a human's turn: `mine` to the player against the bot ("your turn
    passes"), `theirs` to both in a game between two people, naming whose turn it was."""
    if session.shared:
        return Note.of(theirs, name=seat.name, **values)
    return Note.of(mine, **values)


def opening(start: Session, opening: OpeningRoll) -> list[Note]:
    """The notes of the opening roll of a game of `start`'s players, seated the one who asked
    first: to both by name in a game between two people, else to the person against the bot."""
    first, second = start.seats
    *ties, (a, b) = opening.rolls
    if start.shared:
        names = {"first": first.name, "second": second.name}
        notes = [Note.of("duel_opening_tie", **names, a=str(x), b=str(y)) for x, y in ties]
        notes.append(Note.of("duel_opening", **names, a=str(a), b=str(b)))
        white = first if opening.white_player == 0 else second
        return [*notes, Note.of("duel_starts", name=white.name)]
    notes = [Note.of("opening_tie", you=str(you), bot=str(them)) for you, them in ties]
    notes.append(Note.of("opening", you=str(a), bot=str(b)))
    return [*notes, Note.of("you_start" if opening.white_player == 0 else "bot_starts")]


def game_of_match(session: Session, played: MatchPlay) -> list[Note]:
    """How the game of a match between two people ended and the score, told to both."""
    result = session.game.result
    assert result is not None
    told = []
    if result.winner is not None and result.reason is not EndReason.BORNE_OFF:
        loser = session.seats[result.winner.opponent].name
        if result.reason is EndReason.TIMEOUT:
            told.append(Note.of("duel_timeout", name=loser))
        elif result.reason is EndReason.DROPPED:
            told.append(Note.of("duel_dropped", name=loser))
        else:
            told.append(Note.of("duel_resigned", name=loser))
    if result.winner is not None:
        winner = session.seats[result.winner].name
        kind = result.kind.value
        game = str(played.match.games)
        told.append(Note.of("match_game", game=game, name=winner, kind=kind))
    first, second = played.seats(session.seats)
    a, b = played.match.score
    score = Note.of("match_score", first=first.name, a=str(a), second=second.name, b=str(b))
    return [*told, score]


def game_vs_bot(session: Session, played: MatchPlay) -> list[Note]:
    """How the game of a match against the bot ended and the score, told to the person
    (player 0; the bot neither resigns nor runs out of time), after what ended it (the
    game's last notes: the person's double and the bot's drop, the bot's last turn)."""
    result = session.game.result
    assert result is not None
    game = str(played.match.games)
    told = list(session.notes)
    if result.reason is EndReason.RESIGNED:
        told.append(Note.of("match_resigned", game=game))
    bot_won = result.winner is not None and session.seats[result.winner].level is not None
    if result.reason is EndReason.DROPPED and bot_won:  # the bot's drop has its own note
        told.append(Note.of("match_dropped", game=game))
    if result.winner is not None:
        kind = result.kind.value
        if session.seats[result.winner].level is not None:
            told.append(Note.of("match_bot_won", game=game, kind=kind))
        else:
            told.append(Note.of("match_you_won", game=game, kind=kind))
    you, bot = played.match.score
    return [*told, Note.of("match_score_vs_bot", you=str(you), bot=str(bot))]


def summary(session: Session) -> list[Note]:
    """What the results screen of a game of a match would show, told as notes since the next
    game takes its board: the turns and checkers borne off and, between people, the ratings'
    changes (`session.ended`)."""
    summary = summarize(session.game)
    turns, off = str(sum(summary.turns)), summary.borne_off
    if not session.shared:
        human = Color.WHITE if session.seats[Color.WHITE].level is None else Color.BLACK
        you, bot = str(off[human]), str(off[human.opponent])
        return [Note.of("summary_vs_bot", turns=turns, you=you, bot=bot)]
    white, black = (seat.name for seat in session.seats)
    a, b = str(off[Color.WHITE]), str(off[Color.BLACK])
    told = [Note.of("duel_summary", turns=turns, first=white, a=a, second=black, b=b)]
    ended = session.ended
    if ended is not None and ended.ratings is not None:
        a, b = (signed(change.delta) for change in ended.ratings)
        told.append(Note.of("duel_rating", first=white, a=a, second=black, b=b))
    return told


def turn_played(session: Session, game: AnyGame) -> list[Note]:
    """In a game between two people, the turn the mover just completed in `game`, told to
    the other (who shares the board); against the bot, the player saw it."""
    if not session.shared or game.dice is None:
        return []
    name = session.seats[game.to_move].name
    turn, by = turn_text(game, game.played), game.to_move.label
    return [Note.of("duel_played", name=name, dice=format_dice(game.dice), turn=turn, by=by)]


def turn_text(game: AnyGame, steps: tuple[Step, ...]) -> str:
    """`steps`, played from the start of the turn of `game`, in the game's notation (§10)."""
    return variant_of(game).turn_text(game.position, steps)
