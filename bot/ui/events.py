"""What a board's caption says of the events since its reader last looked (`bot.service.events`),
phrased for its audience: to the person against the bot in the second person ("You double",
"The bot rolled…"), on a board two people share by name ("Ann doubles")."""

from __future__ import annotations

from typing import assert_never

from bot.i18n import N_, Texts
from bot.service.events import (
    Actor,
    CameBack,
    DiceCommitted,
    Doubled,
    Dropped,
    Event,
    MatchGameWon,
    MatchScore,
    OpeningRolled,
    RatingsChanged,
    Started,
    Summary,
    Took,
    TurnPassed,
    TurnPlayed,
)
from bot.service.results import signed
from bot.ui.games import result_name
from nardy import Color
from nardy.scoring import EndReason
from nardy.steps import marked
from nardy.variant import Variant

# Every game with provably fair dice (`nardy.fair`), before its first roll is shown.
DICE_COMMITTED = N_("Fair dice: commitment {commitment} (its seed comes in the game record).")

# To the person playing the bot.
OPENING = N_("Opening roll: you {you}, bot {bot}.")
OPENING_TIE = N_("Opening roll: you {you}, bot {bot} — a tie, rolling again.")
YOU_START = N_("You start and play white.")
BOT_STARTS = N_("The bot starts and plays white.")
FORCED = N_("Only one way to play {dice}, played for you: {turn}")
NO_MOVES = N_("No moves with {dice}: your turn passes.")
BOT_PLAYED = N_("The bot rolled {dice} and played {turn}.")
BOT_NO_MOVES = N_("The bot rolled {dice} and has no moves.")
YOU_DOUBLED = N_("You double: the cube goes to {value} if the bot takes.")
YOU_TOOK = N_("You take: the cube is at {value} and yours.")
BOT_DOUBLED = N_("The bot doubles to {value}.")
BOT_TOOK = N_("The bot takes: the cube is at {value}.")
BOT_DROPPED = N_("The bot drops the double.")
MATCH_RESIGNED = N_("You resigned game {game}.")
MATCH_DROPPED = N_("You dropped the double in game {game}.")
MATCH_YOU_WON = N_("You won game {game}: {kind}.")
MATCH_BOT_WON = N_("The bot won game {game}: {kind}.")
MATCH_SCORE_VS_BOT = N_("Match score: you {you}, bot {bot}. The next game begins.")
SUMMARY_VS_BOT = N_("Turns played: {turns}; borne off: you {you}, bot {bot}.")

# On a board two people share: both read it, so each is named.
DUEL_OPENING = N_("Opening roll: {first} {a}, {second} {b}.")
DUEL_OPENING_TIE = N_("Opening roll: {first} {a}, {second} {b} — a tie, rolling again.")
DUEL_STARTS = N_("{name} starts and plays white.")
DUEL_PLAYED = N_("{name} rolled {dice} and played {turn}.")
DUEL_FORCED = N_("{name} rolled {dice}: only one way to play it, played: {turn}")
DUEL_NO_MOVES = N_("{name} rolled {dice} and has no moves: the turn passes.")
DUEL_RESIGNED = N_("{name} resigned.")
DUEL_TIMEOUT = N_("{name} ran out of time.")
DUEL_BACK = N_("{name} is back in the group: the game goes on.")
DUEL_DOUBLED = N_("{name} doubles to {value}.")
DUEL_TOOK = N_("{name} takes: the cube is at {value}.")
DUEL_DROPPED = N_("{name} dropped the double.")
MATCH_GAME = N_("Game {game} goes to {name}: {kind}.")
MATCH_SCORE = N_("Match score: {first} {a}, {second} {b}. The next game begins.")
DUEL_SUMMARY = N_("Turns played: {turns}; borne off: {first} {a}, {second} {b}.")
DUEL_RATING = N_("Rating: {first} {a}, {second} {b}.")


def phrase(texts: Texts, event: Event, shared: bool, reader: Color, variant: Variant) -> list[str]:
    """The lines `event` gives in `texts`' language: on a `shared` board by name, else to the
    person against the bot. A turn is written in `reader`'s own point numbers (`variant`'s,
    RULES.md §1), those of the picture the lines stand beside, its hits marked as it was
    written (§10)."""
    _ = texts.gettext
    match event:
        case DiceCommitted(commitment):
            return [_(DICE_COMMITTED, commitment=commitment)]
        case OpeningRolled(first, a, second, b, tie):
            if shared:
                message = DUEL_OPENING_TIE if tie else DUEL_OPENING
            else:
                message = OPENING_TIE if tie else OPENING
            return [_(message, **_sides(first, a, second, b))]
        case Started(player):
            message = _said(player, shared, YOU_START, BOT_STARTS, DUEL_STARTS)
            return [_(message, name=player.name)]
        case TurnPlayed(player, dice, turn, by, forced):
            named = DUEL_FORCED if forced else DUEL_PLAYED
            message = _said(player, shared, FORCED, BOT_PLAYED, named)
            steps, hits = variant.parse_turn(turn), marked(turn)
            shown = variant.turn_text_for(steps, Color.parse(by), reader, _("off"), _("bar"), hits)
            return [_(message, name=player.name, dice=dice, turn=shown)]
        case TurnPassed(player, dice):
            message = _said(player, shared, NO_MOVES, BOT_NO_MOVES, DUEL_NO_MOVES)
            return [_(message, name=player.name, dice=dice)]
        case Doubled(player, value):
            message = _said(player, shared, YOU_DOUBLED, BOT_DOUBLED, DUEL_DOUBLED)
            return [_(message, name=player.name, value=str(value))]
        case Took(player, value):
            message = _said(player, shared, YOU_TOOK, BOT_TOOK, DUEL_TOOK)
            return [_(message, name=player.name, value=str(value))]
        case Dropped(player):
            return [_(BOT_DROPPED if player.bot else DUEL_DROPPED, name=player.name)]
        case MatchGameWon():
            return _match_game(texts, event, shared, variant)
        case Summary(turns, first, a, second, b):
            message = DUEL_SUMMARY if shared else SUMMARY_VS_BOT
            return [_(message, turns=str(turns), **_sides(first, a, second, b))]
        case RatingsChanged(first, a, second, b):
            return [_(DUEL_RATING, **_sides(first, signed(a), second, signed(b)))]
        case MatchScore(first, a, second, b):
            message = MATCH_SCORE if shared else MATCH_SCORE_VS_BOT
            return [_(message, **_sides(first, a, second, b))]
        case CameBack(player):
            return [_(DUEL_BACK, name=player.name)]
        case _:
            assert_never(event)


def _sides(first: Actor, a: object, second: Actor, b: object) -> dict[str, str]:
    """The placeholders of a line about both sides: `first` and `second` by name with their
    `a` and `b`, and the same figures as the person's (`you`) and the bot's."""
    you, bot = (b, a) if first.bot else (a, b)
    figures = {"a": str(a), "b": str(b), "you": str(you), "bot": str(bot)}
    return {"first": first.name, "second": second.name, **figures}


def _said(player: Actor, shared: bool, yours: str, bots: str, named: str) -> str:
    """The message for what `player` did: the bot's, else a person's by name on a shared board,
    else the person's own (`yours`)."""
    if player.bot:
        return bots
    return named if shared else yours


def _match_game(texts: Texts, event: MatchGameWon, shared: bool, variant: Variant) -> list[str]:
    """How a game of a match ended: on a shared board what ended it (other than bearing off)
    and its winner by name; to the person against the bot, their resignation or dropped
    double, and who won."""
    _ = texts.gettext
    game, kind = str(event.number), result_name(texts, event.kind, variant)
    if shared:
        lost = {
            EndReason.BORNE_OFF: None,
            EndReason.TIMEOUT: DUEL_TIMEOUT,
            EndReason.DROPPED: DUEL_DROPPED,
        }.get(event.reason, DUEL_RESIGNED)
        how = [] if lost is None else [_(lost, name=event.loser.name)]
        return [*how, _(MATCH_GAME, game=game, name=event.winner.name, kind=kind)]
    told = []
    if event.reason is EndReason.RESIGNED:
        told.append(_(MATCH_RESIGNED, game=game))
    if event.reason is EndReason.DROPPED and event.winner.bot:  # the bot's drop is told apart
        told.append(_(MATCH_DROPPED, game=game))
    won = MATCH_BOT_WON if event.winner.bot else MATCH_YOU_WON
    return [*told, _(won, game=game, kind=kind)]
