"""The play between human decisions: a game's opening roll, the bot's turns and cube decisions,
a human's forced turn or pass, each told as an event, until a human has a real choice or the game
ends; and the dice that roll for it, committed before the game begins (`nardy.fair`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.service import telling
from bot.service.bot_player import BotPlayer
from bot.service.events import (
    BOT,
    DiceCommitted,
    Doubled,
    Dropped,
    Event,
    Took,
    TurnPassed,
    TurnPlayed,
)
from bot.service.table import Committed, MatchPlay, Seat, Table, match_player
from nardy.dice import DiceSource, SystemDice
from nardy.match import Match
from nardy.steps import format_dice
from nardy.variant import AnyGame, AnyRules
from nardy.variants import variant_of


def placeholder(rules: AnyRules) -> AnyGame:
    """A game not begun under `rules`, which a table holds until its opening roll."""
    return variant_of(rules).placeholder(rules)


def new_match(length: int, first: Seat, second: Seat) -> MatchPlay | None:
    """A match to `length` between `first` (player 0) and `second`; None for one game."""
    if length == 1:
        return None
    return MatchPlay(Match(length), (match_player(first), match_player(second)))


class PlayOn:
    """Plays a game on to its next human decision, the bot's turns chosen by `bot`."""

    def __init__(
        self,
        bot: BotPlayer,
        dice: DiceSource | None,
        seeds: Callable[[], bytes],
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Each game's dice are its own provably fair dice (a fresh seed from `seeds` each);
        `dice`, when given, roll instead for every game, which then has no commitment and no
        record (tests choose the dice)."""
        self.bot = bot
        self._dice = dice
        self._seeds = seeds
        self._clock = clock

    @property
    def fair(self) -> bool:
        """Whether each game's dice are its own committed dice (not those given at
        construction)."""
        return self._dice is None

    def seed(self) -> bytes | None:
        """A new game's secret seed; None when the dice given at construction roll instead."""
        return self._seeds() if self.fair else None

    def commit(self, name: str) -> Committed | None:
        """The committed dice of a new game, the seed bound to `name` (`seed`)."""
        seed = self.seed()
        return None if seed is None else Committed(seed, name)

    def _rolling(self, fair: Committed | None) -> tuple[DiceSource, Callable[[], Committed | None]]:
        """What rolls a game's next dice, and what gives its committed dice once they rolled:
        its committed dice `fair`, else those given at construction, else (a game begun before
        dice were committed) the system's."""
        if fair is None:
            return self._dice or SystemDice(), lambda: None
        dice = fair.dice()
        return dice, lambda: fair.after(dice)

    async def first_turns(
        self, start: Table, told: Sequence[Event] = (), dice: Committed | None = None
    ) -> Table:
        """The game between the players of `start` (whose game is a placeholder with the
        rules to play), seated the one who asked first (against the bot: the person): the
        opening roll decides who plays white (RULES.md §2), then play goes on to a real
        choice. `told` comes before the opening's events. The game's `dice` were committed
        before it began (a challenge's, a rematch's), else they are committed now."""
        number = 1 if start.match is None else start.match.match.games + 1
        roller, rolled = self._rolling(dice or self.commit(f"{start.game_id}.{number}"))
        crawford = start.match is not None and start.match.crawford_next
        rules = start.game.rules
        opening, game = variant_of(rules).new_game(rules, roller, crawford)
        first, second = start.seats
        events = [*told, *telling.opening(start, opening)]
        fair = rolled()
        if fair is not None:  # told before the first turn's dice
            fair = replace(fair, opening=opening)
            events.insert(len(told), DiceCommitted(fair.commitment))
        seats = (first, second) if opening.white_player == 0 else (second, first)
        return await self.advance(replace(start, seats=seats, fair=fair), game, events)

    async def advance(
        self,
        table: Table,
        game: AnyGame,
        events: list[Event],
        ended_by: tuple[int, str] | None = None,
        rolling: bool = False,
    ) -> Table:
        """Roll and play on until a human has a real choice or the game ends: the bot's turns
        and cube decisions, and a human's forced turn or pass, each told as an event. With short
        nardy's cube, a human who may double decides before the roll (unless `rolling`: they
        chose to roll), and one offered a double answers it."""
        roller, rolled = self._rolling(table.fair)
        while not game.over:
            if game.dice is None and not rolling:
                decided = await self._cube_turn(table, game, events)
                if decided is None:
                    break
                if decided is not game:
                    game = decided
                    continue
            rolling = False
            if game.dice is None:
                game = game.with_roll(roller.roll())
            assert game.dice is not None
            seat = table.seats[game.to_move]
            player, dice, mover = telling.actor(seat), format_dice(game.dice), game.to_move.label
            if seat.level is not None:
                away = table.away(seat)
                steps = await self.bot.choose(
                    game.position, game.dice, game.rules, seat.level, away
                )
                if steps:
                    turn = telling.turn_text(game, steps)
                    events.append(TurnPlayed(player, dice, turn, mover))
                    game = game.play_turn(steps)
                else:
                    events.append(TurnPassed(player, dice))
                    game = game.pass_turn()
            elif game.legal.passes:
                events.append(TurnPassed(player, dice))
                game = game.pass_turn()
            elif len(game.legal.turns) == 1:
                steps = game.legal.turns[0].steps
                turn = telling.turn_text(game, steps)
                events.append(TurnPlayed(player, dice, turn, mover, forced=True))
                game = game.play_turn(steps)
            else:
                break
        table = replace(table, fair=rolled())
        after = table.next_turn(game, tuple(events), ended_by)
        # The time runs anew when another side must act or a new turn began; not on a
        # player's own Roll after they could double (the same turn, one limit).
        waited = (table.game.to_act, len(table.game.history))
        new_wait = after.deadline is None or waited != (game.to_act, len(game.history))
        if after.turn_limit and not game.over and new_wait:
            after = replace(after, deadline=self._clock() + after.turn_limit, reminded=False)
        return after

    async def _cube_turn(self, table: Table, game: AnyGame, events: list[Event]) -> AnyGame | None:
        """Before a roll, in a game with the cube (RULES.md §9): a double offered is answered
        (by the bot) and one may be offered (the bot's choice), the game so changed; None when
        a human decides (to double or roll, or to take or drop); `game` itself when nobody may
        double now (always, in a game without the cube)."""
        offered = game.cube.offered_by
        if offered is not None:
            level = table.seats[offered.opponent].level
            if level is None:
                return None
            if await self.bot.takes(game, level):
                taken = game.take()
                events.append(Took(BOT, taken.cube.value))
                return taken
            events.append(Dropped(BOT))
            return game.drop()
        if not game.may_double():
            return game
        level = table.seats[game.to_move].level
        if level is None:
            return None
        if await self.bot.wants_double(game, level):
            events.append(Doubled(BOT, game.cube.value * 2))
            return game.double()
        return game
