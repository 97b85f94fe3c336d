"""Games between two people begun from a challenge: a group's challenge card, or an inline
card sent into any chat, joined by the first who may take it."""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.service.challenges import Challenges
from bot.service.errors import AlreadyStarted, NotInvited, OwnChallenge
from bot.service.flow import PlayOn, new_match, placeholder
from bot.service.keeper import CONFLICT_RETRIES, GameKeeper
from bot.service.table import (
    STANDARD_RULES,
    Challenge,
    InlineCard,
    Seat,
    Table,
    Terms,
    card_dice_name,
    player_slot,
)
from bot.storage import VersionConflict
from nardy.fair import commitment
from nardy.variant import AnyRules

log = logging.getLogger(__name__)


class Joiner:
    """Makes challenges (kept by `challenges`) and begins their games, kept by `keeper` and
    played on to the first human decision by `flow`."""

    def __init__(self, keeper: GameKeeper, flow: PlayOn, challenges: Challenges) -> None:
        self._keeper = keeper
        self._flow = flow
        self._challenges = challenges

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
                await self._keeper.check_free(player_slot(chat_id, user_id), user_id)
        return await self._challenges.make(
            chat_id, challenger, locale, terms, invited_id, invited_name, rules, self._flow.seed()
        )

    def seal_card(
        self, by: int, locale: str, at: int, terms: Terms, rules: AnyRules
    ) -> tuple[str, str | None]:
        """An inline card offered by the user `by` (`CardSeal.seal`): the seal its buttons
        carry, and the commitment of its game's dice that it shows (`card_dice_name`; None
        when the dice given at construction roll instead). Nothing is stored."""
        seal = self._challenges.seal.seal(by, locale, at, terms, rules)
        if not self._flow.fair:
            return seal, None
        return seal, commitment(self._challenges.seal.seed(seal), card_dice_name(seal))

    async def join(
        self,
        challenge_id: str,
        joiner: Seat,
        username: str | None,
        message_id: int | None,
        mix: str = "",
    ) -> Table:
        """`joiner` (@`username`) takes the group challenge: the game starts, played on the
        challenge's card as recorded (`message_id`, the tapped card's, until it is), and is
        saved in place of the challenge, so of two who join at once one gets it
        (`AlreadyStarted` for the other). `mix`, the id Telegram gave
        the joining tap, goes into the dice committed with the challenge. `OwnChallenge`,
        `NotInvited`, `GameInProgress` (naming whoever has a game in the group already)."""
        challenge = await self._challenges.load(challenge_id)
        if not challenge.invites(joiner.user_id or 0, username):
            raise NotInvited(challenge_id)
        game = placeholder(challenge.rules)
        card = challenge.message_id or message_id
        place = Table(challenge_id, game, (joiner, joiner), challenge.chat_id, card)
        return await self._join(challenge, joiner, place, mix)

    async def join_inline(self, card: InlineCard, joiner: Seat, mix: str = "") -> Table:
        """`joiner` takes the inline challenge `card`: the game starts in its inline message,
        saved under an id made from that message's, so of two who join at once one gets it
        (`AlreadyStarted`); `ChallengeGone` once withdrawn or expired, `OwnChallenge`,
        `GameInProgress` (naming whoever has a game in that chat already), `InvalidAction` for
        a card the bot did not seal so. The game has no chat id (an inline message's chat is
        unknown): its chat is its `instance`. `mix`, the joining tap's id, goes into the dice
        the card committed (`seal_card`), which roll for one message's game alone: a card sent
        twice (Telegram may show the same cards again for a few seconds) gets dice committed
        as its game begins in the second message."""
        challenge = await self._challenges.inline(card, self._flow.fair)
        place = Table(challenge.challenge_id, placeholder(card.rules), (joiner, joiner), 0)
        place = replace(place, inline_id=card.inline_id, instance=card.instance)
        return await self._join(challenge, joiner, place, mix)

    async def _join(self, challenge: Challenge, joiner: Seat, place: Table, mix: str) -> Table:
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
                game=placeholder(challenge.rules),
                seats=(challenger, joiner),
                locale=challenge.locale,
                match=new_match(challenge.terms.length, challenger, joiner),
                turn_limit=challenge.terms.turn_limit,
                version=challenge.version,
            )
            dice = None if challenge.dice is None else replace(challenge.dice, mix=mix)
            table = await self._flow.first_turns(start, dice=dice)
            shared = table.slot_of(challenger.user_id or 0)
            await self._keeper.claim(table, shared)
            try:
                saved = await self._keeper.save(table)
            except VersionConflict:
                await self._keeper.release(table, shared)
                challenge = await self._challenges.why_not_open(challenge.challenge_id)
                continue
            await self._keeper.note_running(saved, True)
            log.info("game %s started between two people", saved.game_id)
            return saved
        raise AlreadyStarted(challenge.challenge_id)
