"""The game service: the one place that decides what a player's action does to a game.

It starts games against the bot, checks each action (the player's seat and turn, the state the
tap was made on, the rules), plays the bot's turns, and saves every change with one
compare-and-set on the stored version: of two simultaneous taps exactly one counts. A human's
Done is saved together with the bot's answer and the human's next roll, so a crash while the
bot thinks loses nothing; the player just taps Done again.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.service import telling
from bot.service.actions import (
    Action,
    ClaimWin,
    CubeAction,
    Deselect,
    Done,
    Double,
    Drop,
    Hint,
    Move,
    Resign,
    Roll,
    Select,
    Take,
    Undo,
)
from bot.service.bot_player import BotPlayer
from bot.service.challenges import CHALLENGE_KEPT, Challenges
from bot.service.errors import (
    AlreadyDone,
    AlreadyStarted,
    Busy,
    GameInProgress,
    GameOver,
    InvalidAction,
    NobodyLeft,
    NoGame,
    NoHints,
    NotInvited,
    NotYourGame,
    NotYourTurn,
    OpponentsTurn,
    OwnChallenge,
    RematchAsked,
    RematchStarted,
    Stale,
    Watching,
)
from bot.service.parsed import ParsedGames
from bot.service.records import Records, record_text
from bot.service.results import Results
from bot.service.session import (
    MATCH_LENGTHS,
    STANDARD_RULES,
    Challenge,
    Committed,
    InlineCard,
    MatchPlay,
    Note,
    Seat,
    Session,
    Terms,
    card_dice_name,
    is_challenge,
    match_player,
    player_slot,
)
from bot.storage import (
    FINISHED_TTL,
    UNFINISHED_TTL,
    GameStore,
    Slot,
    StoreUnavailable,
    VersionConflict,
)
from nardy import Color, IllegalMove
from nardy.ai import Level
from nardy.chains import chain_to
from nardy.cube import CubeError
from nardy.dice import DiceSource, SystemDice
from nardy.fair import commitment, new_seed
from nardy.match import Match
from nardy.record import RecordError
from nardy.scoring import EndReason
from nardy.steps import format_dice
from nardy.variant import AnyGame, AnyRules
from nardy.variants import variant_of

log = logging.getLogger(__name__)

# How often an action is tried again when another change to the game (say, its board message
# being replaced) was saved between reading the game and writing it.
CONFLICT_RETRIES = 3
# Random bytes naming an inline card's seed: 8 characters in its buttons' 64 bytes of data.
CARD_NONCE_BYTES = 6

OnAccepted = Callable[[bool], Awaitable[None]]
"""Called once, when an action is sure to be carried out: once saved, or, before the bot
thinks (the argument says so: the tap is answered before a long wait), once the change is
claimed (`GameStore.claim_change`), so that a second tap meanwhile is refused, not answered too."""

# How long a change that makes the bot think is claimed (`GameStore.claim_change`): far beyond a
# move's time, short enough that a process stopped while thinking holds the game up little.
CLAIM_TTL = 30.0


async def _nothing(bot_thinks: bool) -> None:
    """The default `OnAccepted`: nothing to do."""


def _what(action: Action, color: Color) -> str:
    """What the player of `color` tapped, as the session lists the moves and Done of a turn
    (`w:m24-18`, `b:d`) to tell a doubled tap from another player's same tap."""
    match action:
        case Move(src, dst):
            tapped = f"m{src}-{dst}"
        case Done():
            tapped = "d"
        case _:
            tapped = type(action).__name__.lower()
    return f"{color.label[0]}:{tapped}"


def _claimed_tap(claimant: str) -> str:
    """The tap a claimant (`process.token tap`, `GameService.apply`) names."""
    return claimant.split(" ", 1)[1]


def _new_match(length: int, first: Seat, second: Seat) -> MatchPlay | None:
    """A match to `length` between `first` (player 0) and `second`; None for one game."""
    if length == 1:
        return None
    return MatchPlay(Match(length), (match_player(first), match_player(second)))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an action left: the game now, and the checker to show picked up, if any."""

    session: Session
    selected: int | None = None


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
    ) -> None:
        """Games kept in `store`, the bot's turns chosen by `bot`. Each game's dice are its own
        provably fair dice (`nardy.fair`, a fresh seed from `seeds` each); `dice`, when given,
        roll instead for every game, which then has no commitment and no record (tests choose
        the dice)."""
        self._store = store
        self._bot = bot
        self._dice = dice
        self._seeds = seeds
        self._clock = clock
        self._changing: dict[str, str] = {}  # game: what the tap whose change is under way did
        self._process = secrets.token_hex(4)  # names this process's claims (`_claim_change`)
        self.challenges = Challenges(store, clock)
        """The open challenges; their bookkeeping alone (withdrawing, a card's message) is
        asked of them directly."""
        self._parsed = ParsedGames()
        self.results = Results(store)
        """What finished games add up to (statistics, ratings), read directly."""
        self.records = Records(store)
        """The records of finished games (`nardy.transcript`), read directly."""

    # -- reading ----------------------------------------------------------------------------

    async def load(self, game_id: str) -> Session:
        """The stored game; `NoGame` when there is none (never was, expired, unreadable)."""
        stored = await self._store.load_game(game_id)
        if stored is None:
            raise NoGame(game_id)
        try:
            return self._parsed.parse(game_id, stored.version, stored.data)
        except (RecordError, ValueError, KeyError, TypeError) as exc:
            raise NoGame(game_id) from exc

    async def seat(self, game_id: str, user_id: int) -> tuple[Session, Color]:
        """The game and the colour `user_id` plays in it; `NoGame` or `NotYourGame` otherwise."""
        session = await self.load(game_id)
        color = session.seat_of(user_id)
        if color is None:
            raise (Watching if session.shared else NotYourGame)(game_id)
        return session, color

    async def active_game(self, slot: Slot) -> Session | None:
        """The unfinished game of `slot` (a private chat, or a player in a group: `player_slot`),
        if it has one."""
        game_id = await self._store.chat_game(slot)
        return None if game_id is None else await self._unfinished(game_id)

    async def running(self, user_id: int) -> list[Session]:
        """The games `user_id` plays that are still running (/games), the index cleared of
        those that ended or expired meanwhile."""
        games = []
        for game_id in await self._store.running_games(user_id):
            session = await self._unfinished(game_id)
            if session is None or session.seat_of(user_id) is None:
                await self._store.note_running(user_id, game_id, False)
            else:
                games.append(session)
        return games

    async def _note_running(self, session: Session, running: bool) -> None:
        """Note the game among its players' running games (`running`), or take it off."""
        for seat in session.seats:
            if seat.user_id is not None:
                await self._store.note_running(seat.user_id, session.game_id, running)

    async def _unfinished(self, game_id: str) -> Session | None:
        try:
            session = await self.load(game_id)
        except NoGame:
            return None
        return None if session.game.over else session

    # -- starting ---------------------------------------------------------------------------

    async def new_vs_bot(
        self,
        chat_id: int,
        user_id: int,
        level: Level,
        length: int = 1,
        rules: AnyRules = STANDARD_RULES,
        name: str = "",
    ) -> Session:
        """A new game in the chat, or the first of a match to `length` points, under `rules`,
        opening roll done and the bot's first turn played if it starts; not saved yet (`open`).
        `name` is the person's, for the game's record. Raises `InvalidAction` for a level the
        bot does not offer or a length not offered,
        `GameInProgress`."""
        if level not in variant_of(rules).levels():
            raise InvalidAction(f"no level {level.value}")
        if length not in MATCH_LENGTHS:
            raise InvalidAction(f"no match to {length}")
        await self._check_free(chat_id)
        human, bot = Seat(user_id=user_id, name=name), Seat(level=level)
        match = _new_match(length, human, bot)
        game_id = secrets.token_urlsafe(6)
        start = Session(game_id, _placeholder(rules), (human, bot), chat_id, match=match)
        return await self._first_turns(start)

    async def open(self, session: Session) -> Session:
        """Save a new game and make it its players' game (`Session.slots`), before its first
        board is sent (so a tap on that board finds it); `GameInProgress` when another game
        took a slot meanwhile. A write the store client sent again after a lost answer (the
        slot already ours, the game already saved: its id is random) counts as done."""
        await self._claim(session)
        try:
            saved = await self._save(session)
        except VersionConflict:
            saved = await self.load(session.game_id)
        await self._note_running(saved, True)
        log.info("game %s started", saved.game_id)
        return saved

    async def abandon(self, session: Session) -> None:
        """Forget a new game whose first board could not be sent: it never reached the player,
        so it must not hold the chat. Not if a board was recorded for it meanwhile (another tap
        brought it back): that one did reach the player."""
        if not await self._store.delete_game(session.game_id, session.version):
            log.info("game %s kept: a board reached its player meanwhile", session.game_id)
            return
        await self._release(session)
        await self._note_running(session, False)
        log.info("game %s abandoned: its board could not be sent", session.game_id)

    async def _check_free(self, slot: Slot, user_id: int | None = None) -> str | None:
        """The slot's last game id, which may be replaced; `GameInProgress` while it runs."""
        previous = await self._store.chat_game(slot)
        if previous is not None and await self._unfinished(previous) is not None:
            raise GameInProgress(previous, user_id)
        return previous

    async def _claim(self, session: Session, shared: Slot | None = None) -> None:
        """Point every slot of `session` at it; `GameInProgress` (naming the player in a group)
        when another game runs in one, and then those it pointed are given back, but for
        `shared`: the challenger's slot, which another joiner of the same challenge (so of the
        same game id) may be counting on."""
        claimed: list[Slot] = []
        try:
            for slot, seat in zip(session.slots(), session.seats, strict=False):
                user = seat.user_id if session.shared else None
                if await self._store.chat_game(slot) != session.game_id:
                    previous = await self._check_free(slot, user)
                    if not await self._store.swap_chat_game(slot, previous, session.game_id):
                        taken = await self._store.chat_game(slot)
                        if taken != session.game_id:
                            raise GameInProgress(taken or "", user)
                claimed.append(slot)
        except GameInProgress:
            await self._release(session, shared, claimed)
            raise

    async def _release(
        self, session: Session, kept: Slot | None = None, slots: Sequence[Slot] | None = None
    ) -> None:
        """The slots (of `session`, or those given) that point at it point at nothing, but for
        `kept`. A slot left pointing at a game id that is not a running game is free anyway."""
        for slot in session.slots() if slots is None else slots:
            if slot != kept:
                await self._store.swap_chat_game(slot, session.game_id, None)

    # -- games between two people ----------------------------------------------------------

    async def challenge(
        self,
        chat_id: int,
        challenger: Seat,
        locale: str,
        terms: Terms,
        invited_id: int | None = None,
        invited_name: str | None = None,
        rules: AnyRules = STANDARD_RULES,
    ) -> Challenge:
        """A challenge on `terms` and `rules` in the group `chat_id` (`Challenges.make`), its
        game's dice committed now (the card shows it), unless the challenger, or the person
        invited, has a game running there (`GameInProgress` naming them): they could not join."""
        assert challenger.user_id is not None
        for user_id in (challenger.user_id, invited_id):
            if user_id is not None:
                await self._check_free(player_slot(chat_id, user_id), user_id)
        return await self.challenges.make(
            chat_id, challenger, locale, terms, invited_id, invited_name, rules, self._seed()
        )

    async def card_dice(self) -> tuple[str, str] | None:
        """Dice committed for one inline card, kept while it may be joined: the nonce its
        buttons carry and the commitment it shows (`card_dice_name`); None when the dice given
        at construction roll instead."""
        seed = self._seed()
        if seed is None:
            return None
        nonce = secrets.token_urlsafe(CARD_NONCE_BYTES)
        await self._store.save_card_seed(nonce, seed, CHALLENGE_KEPT)
        return nonce, commitment(seed, card_dice_name(nonce))

    async def join(
        self,
        challenge_id: str,
        joiner: Seat,
        username: str | None,
        message_id: int | None,
        mix: str = "",
    ) -> Session:
        """`joiner` (@`username`) takes the group challenge: the game starts, played on the
        challenge's message `message_id`, and is saved in place of the challenge, so of two who
        join at once one gets it (`AlreadyStarted` for the other). `mix`, the id Telegram gave
        the joining tap, goes into the dice committed with the challenge. `OwnChallenge`,
        `NotInvited`, `GameInProgress` (naming whoever has a game in the group already)."""
        challenge = await self.challenges.load(challenge_id)
        if not challenge.invites(joiner.user_id or 0, username):
            raise NotInvited(challenge_id)
        game = _placeholder(challenge.rules)
        place = Session(challenge_id, game, (joiner, joiner), challenge.chat_id, message_id)
        return await self._join(challenge, joiner, place, mix)

    async def join_inline(self, card: InlineCard, joiner: Seat, mix: str = "") -> Session:
        """`joiner` takes the inline challenge `card`: the game starts in its inline message,
        saved under an id made from that message's, so of two who join at once one gets it
        (`AlreadyStarted`); `ChallengeGone` once withdrawn or expired, `OwnChallenge`,
        `GameInProgress` (naming whoever has a game in that chat already). The game has no
        chat id (an inline message's chat is unknown): its chat is its `instance`. `mix`, the
        joining tap's id, goes into the dice the card committed (`card_dice`), which roll for
        that one message's game: a card sent twice (Telegram may show the same cards again
        for a few seconds), a nonce forged into another message's button, or a seed gone (kept
        no longer than a card is open) gets dice committed as its game begins."""
        claim = self._store.claim_card_seed
        seed = await claim(card.dice, card.inline_id) if card.dice else None
        challenge = self.challenges.inline(card, seed)
        place = Session(challenge.challenge_id, _placeholder(card.rules), (joiner, joiner), 0)
        place = replace(place, inline_id=card.inline_id, instance=card.instance)
        return await self._join(challenge, joiner, place, mix)

    async def _join(self, challenge: Challenge, joiner: Seat, place: Session, mix: str) -> Session:
        """The game of `challenge` begun with `joiner`, on the board message of `place`, saved
        with a compare-and-set on the challenge's version (0: none stored), its committed dice
        with `mix`. A challenge that changed but is still open (its card recorded meanwhile) is
        joined as it is now."""
        challenger = challenge.challenger
        if joiner.user_id == challenger.user_id:
            raise OwnChallenge(challenge.challenge_id)
        for _ in range(CONFLICT_RETRIES):
            start = replace(
                place,
                game=_placeholder(challenge.rules),
                seats=(challenger, joiner),
                locale=challenge.locale,
                match=_new_match(challenge.terms.length, challenger, joiner),
                turn_limit=challenge.terms.turn_limit,
                version=challenge.version,
            )
            dice = None if challenge.dice is None else replace(challenge.dice, mix=mix)
            session = await self._first_turns(start, dice=dice)
            shared = session.slot_of(challenger.user_id or 0)
            await self._claim(session, shared)
            try:
                saved = await self._save(session)
            except VersionConflict:
                await self._release(session, shared)
                challenge = await self.challenges.why_not_open(challenge.challenge_id)
                continue
            await self._note_running(saved, True)
            log.info("game %s started between two people", saved.game_id)
            return saved
        raise AlreadyStarted(challenge.challenge_id)

    async def rematch(
        self, session: Session, color: Color, mix: str = ""
    ) -> tuple[Session, Session | None]:
        """The player of `color` asks for a rematch of the finished `session`: the first ask is
        saved, with the rematch's dice committed (the board shows it); the other player's
        agreement, whose tap's id is `mix`, clears it and gives the new game too, not saved
        yet (`open`), its colours drawn anew by the opening roll. Returns the finished game as
        saved and the new one, if agreed. Of two agreements at once one counts (`Stale`)."""
        user = session.seats[color].user_id
        if not session.game.over or not session.shared:
            raise InvalidAction("no rematch here")
        if session.next_game is not None:
            raise RematchStarted(session.game_id)
        if session.rematch == user:
            raise RematchAsked(session.game_id)
        agreed = session.rematch is not None
        new_id = secrets.token_urlsafe(6)
        if agreed:
            after = replace(session, rematch=None, rematch_dice=None, next_game=new_id)
        else:
            dice = self._commit(f"{session.game_id}.rematch")
            after = replace(session, rematch=user, rematch_dice=dice)
        try:
            finished = await self._save(after)
        except VersionConflict:
            raise Stale(session.game_id) from None
        if not agreed:
            return finished, None
        first, second = session.seats[color.opponent], session.seats[color]
        length = 1 if session.match is None else session.match.match.length
        start = Session(new_id, _placeholder(session.game.rules), (first, second), session.chat_id)
        start = replace(
            start,
            locale=session.locale,
            match=_new_match(length, first, second),
            inline_id=session.inline_id,  # an inline game's next one takes its message
            instance=session.instance,
            turn_limit=session.turn_limit,
        )
        dice = session.rematch_dice
        mixed = None if dice is None else replace(dice, mix=mix)
        return finished, await self._first_turns(start, dice=mixed)

    async def _next_of_match(self, session: Session) -> Session:
        """After a game of a match: the score counted and, unless the match is over, the next
        game begun on the same board (its first notes tell how the last one ended)."""
        if not session.game.over or session.match is None:
            return session
        played = session.match.after(session)
        counted = replace(session, match=played)
        if played.over:
            return counted
        told = (
            telling.game_of_match(session, played)
            if session.shared
            else telling.game_vs_bot(session, played)
        )
        told[-1:-1] = telling.summary(session)  # before the score
        seats = played.seats(session.seats)
        return await self._first_turns(replace(counted, seats=seats, hints=0), told)

    async def _first_turns(
        self, start: Session, told: Sequence[Note] = (), dice: Committed | None = None
    ) -> Session:
        """The game between the players of `start` (whose game is a placeholder with the
        rules to play), seated the one who asked first (against the bot: the person): the
        opening roll decides who plays white (RULES.md §2), then play goes on to a real
        choice. `told` comes before the opening's notes. The game's `dice` were committed
        before it began (a challenge's, a rematch's), else they are committed now."""
        number = 1 if start.match is None else start.match.match.games + 1
        roller, rolled = self._rolling(dice or self._commit(f"{start.game_id}.{number}"))
        crawford = start.match is not None and start.match.crawford_next
        rules = start.game.rules
        opening, game = variant_of(rules).new_game(rules, roller, crawford)
        first, second = start.seats
        notes = [*told, *telling.opening(start, opening)]
        fair = rolled()
        if fair is not None:  # told before the first turn's dice
            fair = replace(fair, opening=opening)
            notes.insert(len(told), Note.of("dice_committed", commitment=fair.commitment))
        seats = (first, second) if opening.white_player == 0 else (second, first)
        return await self._advance(replace(start, seats=seats, fair=fair), game, notes)

    def _rolling(self, fair: Committed | None) -> tuple[DiceSource, Callable[[], Committed | None]]:
        """What rolls a game's next dice, and what gives its committed dice once they rolled:
        its committed dice `fair`, else those given at construction, else (a game begun before
        dice were committed) the system's."""
        if fair is None:
            return self._dice or SystemDice(), lambda: None
        dice = fair.dice()
        return dice, lambda: fair.after(dice)

    def _seed(self) -> bytes | None:
        """A new game's secret seed; None when the dice given at construction roll instead."""
        return self._seeds() if self._dice is None else None

    def _commit(self, name: str) -> Committed | None:
        """The committed dice of a new game, the seed bound to `name` (`_seed`)."""
        seed = self._seed()
        return None if seed is None else Committed(seed, name)

    # -- a player's action ------------------------------------------------------------------

    async def apply(
        self,
        session: Session,
        color: Color,
        action: Action,
        seq: int | None,
        on_accepted: OnAccepted = _nothing,
    ) -> Outcome:
        """Carry out `action` of the player of `color`, made on the game as it was at `seq`
        (None: as it is now, e.g. resigning to start anew).

        Raises a `GameError` and changes nothing when the action is not allowed now. A tap
        made on an earlier state of the same turn that picks or moves a checker still means
        what it meant (a quick player tapping a board not yet redrawn), so it is applied when
        the rules allow it now; the very same move from the very same state again is a doubled
        tap (`AlreadyDone`). Anything else made on another state is `Stale`. When another
        change was saved after `session` was read, the game is read again and the action
        checked again, so only a change to the game itself makes the tap stale.
        """
        accepted = False
        claimant = f"{self._process}.{secrets.token_hex(6)} {_what(action, color)}"  # each try

        async def accept_once(bot_thinks: bool) -> None:
            nonlocal accepted
            if not accepted:
                accepted = True
                await on_accepted(bot_thinks)

        for _ in range(CONFLICT_RETRIES):
            if session.out_of_time(self._clock()):  # the timer task is behind: lost on time
                try:
                    session = await self._time_out(session)
                except VersionConflict:
                    session = await self.load(session.game_id)
                    continue
            self._check(session, color, action, seq)
            if session.gone is not None and session.gone == session.seats[color].user_id:
                session = replace(session, gone=None)  # they play: they are here after all
            try:
                return await self._carry_out(session, color, action, seq, accept_once, claimant)
            except VersionConflict:
                session = await self.load(session.game_id)
        raise Stale(session.game_id)

    def _check(self, session: Session, color: Color, action: Action, seq: int | None) -> None:
        """Refuse what the player may not do now; the rules themselves are checked on play."""
        game = session.game
        if game.over:  # before the seq: every board of a finished game is older
            raise GameOver(session.game_id)
        if isinstance(action, Hint) and session.shared:  # no button offers it: forged
            raise NoHints(session.game_id)
        what = _what(action, color)
        if seq is not None and seq != session.seq:
            if (seq, what) in session.taps:
                raise AlreadyDone(session.game_id)
            if not (isinstance(action, Select | Deselect | Move) and session.turn_seq <= seq):
                raise Stale(session.game_id)
        if isinstance(action, ClaimWin):  # on either side's turn, from the one who stayed
            if session.gone is None or session.gone != session.seats[color.opponent].user_id:
                raise NobodyLeft(session.game_id)
            return
        if isinstance(action, Resign):
            return  # on either side's turn
        changing = self._changing.get(session.game_id)
        if changing is not None:  # a tap's change is under way: its board offers Undo, Done
            if changing == what:
                raise AlreadyDone(session.game_id)
            raise (Stale if session.shared else Busy)(session.game_id)
        not_yours = OpponentsTurn if session.shared else NotYourTurn
        if isinstance(action, Take | Drop):  # the doubler's opponent answers (RULES.md §9)
            if game.cube.offered_by is not color.opponent:
                raise not_yours(session.game_id)
            return
        before_roll = isinstance(action, Roll | Double)  # `_cube` checks the cube allows it
        if game.to_move is not color or (game.dice is None) is not before_roll:
            raise not_yours(session.game_id)

    async def _carry_out(
        self,
        session: Session,
        color: Color,
        action: Action,
        seq: int | None,
        on_accepted: OnAccepted,
        claimant: str,
    ) -> Outcome:
        """The change `action` made at `seq` makes, saved; `VersionConflict` when another got
        there first. What the rules forbid now is `InvalidAction`, or `Stale` for a tap made
        on an earlier state (it meant something then). A change the bot thinks over is
        claimed as `claimant` (`_claim_change`)."""
        game = session.game
        refused = InvalidAction if seq in (None, session.seq) else Stale
        match action:
            case Select(src):
                if src not in {step.src for step in game.next_steps()}:
                    raise refused(f"no move from {src}")
                await on_accepted(False)
                return Outcome(session, selected=src)
            case Deselect():
                await on_accepted(False)
                return Outcome(session)
            case Move(src, dst, confirm):
                chain = chain_to(game, src, dst)
                if chain is None:
                    raise refused(f"no move from {src} to {dst}")
                for step in chain:
                    game = game.play_step(step)
                tap = (session.seq if seq is None else seq, _what(action, color))
                if confirm and game.turn_complete:
                    return await self._end_turn(session, game, tap, on_accepted, claimant)
                return await self._saved(session.after_tap(game, tap), on_accepted)
            case Undo():
                if not game.played:
                    raise InvalidAction("nothing to undo")
                undone = session.with_game(game.undo_step(), session.notes)
                return await self._saved(undone, on_accepted)
            case Done():
                if not game.turn_complete:
                    raise InvalidAction("the turn is not complete")
                tap = (session.seq, _what(action, color))
                return await self._end_turn(session, game, tap, on_accepted, claimant)
            case Hint():
                return await self._hint(session, seq, on_accepted, claimant)
            case Roll() | Double() | Take() | Drop():
                return await self._cube(session, action, on_accepted, claimant)
            case Resign(whole_match):
                return await self._resign(session, color, whole_match, on_accepted)
            case ClaimWin():  # the one who left resigns the game and the match (RULES.md §7)
                left = replace(session, gone=None)
                return await self._resign(
                    left, color.opponent, True, on_accepted, EndReason.ABANDONED
                )

    async def _resign(
        self,
        session: Session,
        color: Color,
        whole_match: bool,
        on_accepted: OnAccepted,
        reason: EndReason = EndReason.RESIGNED,
    ) -> Outcome:
        """The player of `color` gives the game up for `reason`, and the match with it when
        `whole_match` (no next game follows)."""
        if whole_match and session.match is not None:
            session = replace(session, match=replace(session.match, given_up=True))
        try:
            game = session.game.resign(color, reason)
        except IllegalMove as exc:  # a side that has borne off waits for the last roll
            raise InvalidAction(str(exc)) from exc
        concluded = await self._conclude(session.with_game(game, ()))
        await on_accepted(False)
        return Outcome(concluded)

    async def _saved(self, session: Session, on_accepted: OnAccepted) -> Outcome:
        """`session` saved, then its tap accepted: a second tap that lost the save to it is
        refused for what it is (`AlreadyDone`, `Stale`), not answered as if it were played."""
        saved = await self._save(session)
        await on_accepted(False)
        return Outcome(saved)

    async def _claim_change(self, session: Session, claimant: str, what: str = "turn") -> None:
        """Claim the change `what` of the game as it is for `claimant` (`process.token tap`),
        across processes, before the tap is answered and the bot thinks: a second tap
        meanwhile, on any worker, is refused, as `AlreadyDone` when it is the same tap, else
        as `Busy`. A claim of this process's is stale (its change failed: `_check` refuses
        taps while one is under way here), and is claimed over."""
        name = f"{session.game_id}:{session.seq}:{what}"
        holder = await self._store.claim_change(name, claimant, CLAIM_TTL)
        if holder is not None and holder.startswith(f"{self._process}."):
            holder = await self._store.claim_change(name, claimant, CLAIM_TTL, stale=holder)
        if holder is not None:
            doubled = _claimed_tap(holder) == _claimed_tap(claimant)
            raise (AlreadyDone if doubled else Busy)(session.game_id)

    async def _hint(
        self, session: Session, seq: int | None, on_accepted: OnAccepted, claimant: str
    ) -> Outcome:
        """The strongest level's best turn and the next two for the roll, counted and kept with
        the turn (`Session.hint`). Only before the turn's first step, so the hint is always for
        the position on the board; a second ask in the same turn is a doubled tap."""
        game = session.game
        if not variant_of(game).hints:  # a forged tap: no hint button in this game
            raise NoHints(session.game_id)
        if session.hint:
            raise AlreadyDone(session.game_id)
        if game.played or game.dice is None:
            raise (InvalidAction if seq in (None, session.seq) else Stale)("steps already played")
        await self._claim_change(session, claimant, "hint")
        await on_accepted(False)
        away = session.away(session.seats[game.to_move])
        hint = await self._bot.hint(game.position, game.dice, game.rules, away)
        if not hint.candidates:  # a real choice always has some (`_advance` plays the rest)
            raise InvalidAction("nothing to hint")
        hinted = replace(session, hints=session.hints + 1, hint=hint.candidates)
        return Outcome(await self._save(hinted))

    async def _cube(
        self, session: Session, action: CubeAction, on_accepted: OnAccepted, claimant: str
    ) -> Outcome:
        """A decision before the roll in a game with the cube (RULES.md §9): roll, double,
        or answer a double; play goes on to the next real choice in the same save (the bot
        answers a double, or rolls and plays, at once)."""
        game = session.game
        if not game.rules.cube:
            raise InvalidAction("no cube in this game")
        notes: list[Note] = []
        try:
            match action:
                case Roll():
                    if not game.may_double():  # else the roll was made at once
                        raise InvalidAction("no roll to decide on")
                    return await self._play_on(
                        session, game, notes, on_accepted, claimant, rolling=True
                    )
                case Double():
                    doubled = game.double()
                    seat = session.seats[game.to_move]
                    value = str(doubled.cube.value * 2)
                    notes.append(
                        telling.about_turn(
                            session, seat, "you_doubled", "duel_doubled", value=value
                        )
                    )
                case Take():
                    doubled = game.take()
                    seat = session.seats[game.to_move.opponent]
                    value = str(doubled.cube.value)
                    notes.append(
                        telling.about_turn(session, seat, "you_took", "duel_took", value=value)
                    )
                case Drop():
                    doubled = game.drop()
        except CubeError as exc:
            raise InvalidAction(str(exc)) from exc
        return await self._play_on(session, doubled, notes, on_accepted, claimant)

    async def _end_turn(
        self,
        session: Session,
        game: AnyGame,
        tap: tuple[int, str],
        on_accepted: OnAccepted,
        claimant: str,
    ) -> Outcome:
        """End the human's complete turn (`tap` ended it); the bot answers and the human's next
        roll is made, all in one save."""
        played = telling.turn_played(session, game)
        after = game.end_turn()
        return await self._play_on(session, after, played, on_accepted, claimant, tap)

    async def _play_on(
        self,
        session: Session,
        game: AnyGame,
        notes: list[Note],
        on_accepted: OnAccepted,
        claimant: str,
        tap: tuple[int, str] | None = None,
        rolling: bool = False,
    ) -> Outcome:
        """Play on from the human's decision that made `game` (`tap`, when it was a tap on the
        board; `rolling`: not to double, the roll to be made): the bot's turns and answers and
        the human's next roll, saved once. Against the bot the change is claimed as `claimant`
        and the tap answered before the bot thinks; between two people it is answered once
        saved. Meanwhile other taps in this process are refused (`_check`: nothing is awaited
        between it and this)."""
        self._changing[session.game_id] = _claimed_tap(claimant)
        try:
            if not session.shared:
                await self._claim_change(session, claimant)
                await on_accepted(True)
            ended = await self._advance(session, game, notes, tap, rolling)
            concluded = await self._conclude(ended)
            await on_accepted(False)  # between two people: answered once saved
            return Outcome(concluded)
        finally:
            self._changing.pop(session.game_id, None)

    # -- a player leaving the group -----------------------------------------------------------

    async def presence(
        self, chat_id: int, user_id: int, present: bool, by: int | None = None
    ) -> Session | None:
        """Telegram said `user_id` left the group `chat_id` (or came back, `present`), by the
        hand of `by` (themselves, or whoever removed them): their running game there offers the
        win to the other player (`ClaimWin`), or takes the offer back. Not offered to a player
        who removed their opponent, nor from a side that cannot lose now (it has borne off
        every checker, awaiting the last roll). The game so changed, to be shown; None when
        there was nothing to change (no game, or told already: Telegram may tell it twice, as
        a service message and a member update). An inline game has no group to leave."""
        for _ in range(CONFLICT_RETRIES):
            session = await self.active_game(player_slot(chat_id, user_id))
            if session is None or not session.shared or session.inline_id is not None:
                return None
            color = session.seat_of(user_id)
            assert color is not None  # the slot is theirs
            if present:
                if session.gone != user_id:
                    return None
                back = Note.of("duel_back", name=session.seats[color].name)
                changed = replace(
                    session.with_game(session.game, (*session.notes, back)), gone=None
                )
            else:
                if session.gone is not None or by == session.seats[color.opponent].user_id:
                    return None
                try:
                    session.game.resign(color, EndReason.ABANDONED)
                except IllegalMove:
                    return None
                # While they are gone the board says so (`ui.screens`).
                changed = replace(session.with_game(session.game, session.notes), gone=user_id)
            try:  # a new state of the board (`seq`): its buttons change
                return await self._save(changed)
            except VersionConflict:
                continue
        return None

    # -- turn timers ------------------------------------------------------------------------

    async def on_timer(self, game_id: str) -> Session | Challenge | None:
        """Serve the timer of a game or challenge, due now (`GameStore.due_timers`): at half
        time the player to move is to be reminded, at the deadline the game is lost on time,
        scored from the position (RULES.md §7); a challenge nobody joined expires; a game that
        ended and was not counted (a crash cut the count short, `_save`) is counted. Returns
        the game so changed, or the challenge so closed, to be shown; None when nothing was due
        after all (a stale index entry, rescheduled), nothing is to be shown (a count) or
        another process served it first: each change is a compare-and-set, so it happens once
        however many serve."""
        stored = await self._store.load_game(game_id)
        if stored is not None and is_challenge(stored.data):
            return await self.challenges.expire(game_id, stored.version, stored.data)
        try:
            session = await self.load(game_id)
        except NoGame:
            await self._store.set_timer(game_id, None)
            return None
        if session.ended is not None and not session.ended.counted:
            await self._count(session)  # its save puts the timer's next due on the index
            return None
        due = session.timer_due()
        now = self._clock()
        if due is None or due > now:
            await self._store.set_timer(game_id, due)
            latest = await self._store.load_game(game_id)
            if latest is None or latest.version != session.version:
                # Changed while this looked: a game-ending save may have put its count on
                # the index just before this took it off; look again soon.
                await self._store.set_timer(game_id, now, earlier_only=True)
            return None
        try:
            if not session.out_of_time(now):
                return await self._save(replace(session, reminded=True))
            timed_out = await self._time_out(session)
        except VersionConflict:
            return None  # a move or another process got there first: its save set the timer
        if timed_out is session:  # it cannot lose on time now: nothing more to serve
            await self._store.set_timer(game_id, None)
            return None
        return timed_out

    async def _time_out(self, session: Session) -> Session:
        """The game (out of time) lost on time by the side it waits for (`to_act`), scored from
        the position (RULES.md §7), saved; the next game of a match begun. `session` as it was
        when that side cannot lose (it has borne off everything, awaiting the last roll)."""
        try:
            game = session.game.resign(session.game.to_act, EndReason.TIMEOUT)
        except IllegalMove:
            return session
        return await self._conclude(session.with_game(game, ()))

    # -- the board message ------------------------------------------------------------------

    async def set_board(self, game_id: str, expected: int | None, message_id: int) -> bool:
        """Record `message_id` as the game's board message if the board is still `expected`;
        False when another board was recorded meanwhile (or the game is gone). Recording the
        board already recorded succeeds: a tap on a new board can record it first. A save that
        lost to another change is read again until the answer is known."""
        while True:
            try:
                session = await self.load(game_id)
            except NoGame:
                return False
            if session.message_id == message_id:
                return True
            if session.message_id != expected:
                return False
            try:
                await self._save(replace(session, message_id=message_id))
            except VersionConflict:
                continue
            return True

    # -- the flow between human decisions ---------------------------------------------------

    async def _advance(
        self,
        session: Session,
        game: AnyGame,
        notes: list[Note],
        ended_by: tuple[int, str] | None = None,
        rolling: bool = False,
    ) -> Session:
        """Roll and play on until a human has a real choice or the game ends: the bot's turns
        and cube decisions, and a human's forced turn or pass, each leaving a note. With short
        nardy's cube, a human who may double decides before the roll (unless `rolling`: they
        chose to roll), and one offered a double answers it."""
        roller, rolled = self._rolling(session.fair)
        while not game.over:
            if game.dice is None and not rolling:
                decided = await self._cube_turn(session, game, notes)
                if decided is None:
                    break
                if decided is not game:
                    game = decided
                    continue
            rolling = False
            if game.dice is None:
                game = game.with_roll(roller.roll())
            assert game.dice is not None
            seat = session.seats[game.to_move]
            dice, mover = format_dice(game.dice), game.to_move.label
            if seat.level is not None:
                away = session.away(seat)
                steps = await self._bot.choose(
                    game.position, game.dice, game.rules, seat.level, away
                )
                if steps:
                    turn = telling.turn_text(game, steps)
                    notes.append(Note.of("bot_played", dice=dice, turn=turn, by=mover))
                    game = game.play_turn(steps)
                else:
                    notes.append(Note.of("bot_no_moves", dice=dice))
                    game = game.pass_turn()
            elif game.legal.passes:
                notes.append(
                    telling.about_turn(session, seat, "no_moves", "duel_no_moves", dice=dice)
                )
                game = game.pass_turn()
            elif len(game.legal.turns) == 1:
                steps = game.legal.turns[0].steps
                turn = telling.turn_text(game, steps)
                told = telling.about_turn(
                    session, seat, "forced", "duel_forced", dice=dice, turn=turn, by=mover
                )
                notes.append(told)
                game = game.play_turn(steps)
            else:
                break
        session = replace(session, fair=rolled())
        after = session.next_turn(game, tuple(notes), ended_by)
        # The time runs anew when another side must act or a new turn began; not on a
        # player's own Roll after they could double (the same turn, one limit).
        waited = (session.game.to_act, len(session.game.history))
        new_wait = after.deadline is None or waited != (game.to_act, len(game.history))
        if after.turn_limit and not game.over and new_wait:
            after = replace(after, deadline=self._clock() + after.turn_limit, reminded=False)
        return after

    async def _cube_turn(
        self, session: Session, game: AnyGame, notes: list[Note]
    ) -> AnyGame | None:
        """Before a roll, in a game with the cube (RULES.md §9): a double offered is answered
        (by the bot) and one may be offered (the bot's choice), the game so changed; None when
        a human decides (to double or roll, or to take or drop); `game` itself when nobody may
        double now (always, in a game without the cube)."""
        offered = game.cube.offered_by
        if offered is not None:
            level = session.seats[offered.opponent].level
            if level is None:
                return None
            if await self._bot.takes(game, level):
                taken = game.take()
                notes.append(Note.of("bot_took", value=str(taken.cube.value)))
                return taken
            notes.append(Note.of("bot_dropped"))
            return game.drop()
        if not game.may_double():
            return game
        level = session.seats[game.to_move].level
        if level is None:
            return None
        if await self._bot.wants_double(game, level):
            notes.append(Note.of("bot_doubled", value=str(game.cube.value * 2)))
            return game.double()
        return game

    async def _conclude(self, session: Session) -> Session:
        """Save a change that may end the game (a turn, a resignation, a timeout). A game that
        ended is kept to be counted (`Results.ended`) with its record (`records.record_text`,
        stored as it is counted), its match scored and the match's next game begun, and
        counted once saved. A game of the match that ended before and is not counted yet (its
        count cut short) is counted first: the new one takes its place."""
        if not session.game.over:
            return await self._save(session)
        if session.ended is not None and not session.ended.counted:
            await self._tally(session)
        ended = await self.results.ended(session)
        assert ended.ended is not None
        record = record_text(session, self._clock())
        ended = replace(ended, ended=replace(ended.ended, record=record))
        return await self._save(await self._next_of_match(ended), ending=True)

    async def _save(self, session: Session, ending: bool = False) -> Session:
        """Compare-and-set on the version (`VersionConflict` when it moved on). Every save
        renews the game's time to live (storage.UNFINISHED_TTL, FINISHED_TTL). A save that
        ends a game (`ending`, `_conclude`'s) frees the players' slots when nothing more is to
        be played, and counts the game (`_count`): until it is counted the timer index has it
        due at once, so that the timer task counts it when this process cannot."""
        ttl = FINISHED_TTL if session.game.over else UNFINISHED_TTL
        due = session.timer_due()
        timed = bool(session.turn_limit) or session.ended is not None
        if timed:  # sooner before the save (a crash then leaves an entry too early, which the
            # timer task corrects), exact after it; a lost save changes neither
            await self._store.set_timer(session.game_id, due, earlier_only=True)
        text = session.to_text()
        version = await self._store.save_game(session.game_id, session.version, text, ttl)
        saved = replace(session, version=version)
        self._parsed.note(saved, text)
        if timed:
            await self._store.set_timer(session.game_id, due)
        if ending and session.game.over:
            await self._release(session)
            await self._note_running(session, False)
            log.info("game %s over: %s", session.game_id, session.game.result)
        if ending:
            try:
                saved = await self._count(saved)
            except StoreUnavailable as exc:  # the index still has it due: counted later
                log.warning("game %s is counted later: %s", session.game_id, exc)
        return saved

    async def settle(self, session: Session) -> Session:
        """`session` with the game that ended last counted, for a screen that shows the
        players' record: a process that shows a finished game another is still counting counts
        it itself (once, however many do) rather than show the record without it."""
        return await self._count(session)

    async def _tally(self, session: Session) -> None:
        """Keep the record of the game that ended last in `session` and count it into its
        players' statistics: both once, however often done."""
        assert session.ended is not None
        if session.ended.record:  # kept before the count: it is saved counted without it
            await self.records.keep(session.game_id, session.ended)
        await self.results.count(session)

    async def _count(self, session: Session) -> Session:
        """Count the game that ended last in `session` (`Results.count`, once however often
        asked), then save it counted; a change saved meanwhile is read again, and whatever
        game it holds uncounted is counted. The session as saved."""
        while session.ended is not None and not session.ended.counted:
            await self._tally(session)
            counted = replace(session, ended=replace(session.ended, counted=True, record=""))
            try:
                return await self._save(counted)
            except VersionConflict:
                session = await self.load(session.game_id)
        return session


def _placeholder(rules: AnyRules) -> AnyGame:
    """A game not begun under `rules`, which a session holds until its opening roll."""
    return variant_of(rules).placeholder(rules)
