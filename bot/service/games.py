"""The game service: the one place that decides what a player's action does to a game, a facade
over one module per game verb (lichess's round module is the model):

- `keeper`: games read and saved (one compare-and-set each), the slots pointing at them;
- `flow`: the play between human decisions (the opening roll, the bot's turns, forced turns);
- `starter`: a game against the bot begun, and any new game opened or abandoned;
- `joiner`: games between two people begun from a challenge;
- `mover`: a player's action checked, carried out and saved;
- `finisher`: a game's end saved, kept, counted, a match's next game begun;
- `rematcher`, `presence`, `deadlines`: rematches, players leaving a group, turn timers;
- `reviewer`: a finished game reviewed by the Expert.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.service.bot_player import BotPlayer
from bot.service.cards import CardSeal
from bot.service.challenges import Challenges
from bot.service.deadlines import Deadlines
from bot.service.finisher import Finisher
from bot.service.flow import PlayOn
from bot.service.joiner import Joiner
from bot.service.keeper import GameKeeper
from bot.service.mover import MovePlayer
from bot.service.presence import Presence
from bot.service.records import Records
from bot.service.rematcher import Rematcher
from bot.service.results import Results
from bot.service.reviewer import Reviewer
from bot.service.starter import Starter
from bot.storage import GameStore
from nardy.dice import DiceSource
from nardy.fair import new_seed


class GameService:
    """Games between a user and the bot in a private chat, one game per chat; and games between
    two people in a group, started by a challenge, at most one running per player there."""

    def __init__(
        self,
        store: GameStore,
        bot: BotPlayer,
        dice: DiceSource | None = None,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], bytes] = new_seed,
        seal: CardSeal | None = None,
    ) -> None:
        """Games kept in `store`, the bot's turns chosen by `bot`. Each game's dice are its own
        provably fair dice (`nardy.fair`, a fresh seed from `seeds` each); `dice`, when given,
        roll instead for every game, which then has no commitment and no record (tests choose
        the dice). Inline cards are sealed by `seal`, the same in every worker (none: a key of
        this process alone)."""
        seal = seal or CardSeal.of_this_process()
        keeper = GameKeeper(store)
        flow = PlayOn(bot, dice, seeds, clock)
        self.challenges = Challenges(store, clock, seal)
        """The open challenges; their bookkeeping alone (withdrawing, a card's message) is
        asked of them directly."""
        self.results = Results(store)
        """What finished games add up to (statistics, ratings), read directly."""
        self.records = Records(store)
        """The records of finished games (`nardy.transcript`), read directly."""
        self.reviews = Reviewer(self.records, bot)
        """The Expert's reviews of finished games, asked of it directly."""
        finisher = Finisher(keeper, flow, self.results, self.records, clock)
        starter = Starter(keeper, flow)
        joiner = Joiner(keeper, flow, self.challenges)
        mover = MovePlayer(keeper, flow, finisher, clock)
        # reading
        self.load = keeper.load
        self.seat = keeper.seat
        self.active_game = keeper.active_game
        self.running = keeper.running
        # starting
        self.new_vs_bot = starter.new_vs_bot
        self.open = starter.open
        self.abandon = starter.abandon
        # games between two people
        self.challenge = joiner.challenge
        self.seal_card = joiner.seal_card
        self.join = joiner.join
        self.join_inline = joiner.join_inline
        self.rematch = Rematcher(keeper, flow).rematch
        # playing, and what follows
        self.apply = mover.apply
        self.presence = Presence(keeper).change
        self.on_timer = Deadlines(keeper, finisher, self.challenges, clock).serve
        self.set_board = keeper.set_board
        self.settle = finisher.count
        """A finished game counted, for a screen that shows the players' record
        (`Finisher.count`)."""
