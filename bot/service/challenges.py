"""Open challenges to games between two people, as the store keeps them: a group's challenge
under the id its game will take (so of two who join at once, one wins the game's first
compare-and-set), and an inline card's withdrawal under its game's id (an inline challenge is
not stored before someone joins: it lives in the card's buttons, sealed by the bot,
`bot.service.cards`). No games here: `GameService.join` turns a challenge into one.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from bot.service.cards import CardSeal
from bot.service.errors import (
    AlreadyStarted,
    ChallengeGone,
    ChallengeOpen,
    InvalidAction,
    OnlyChallenger,
)
from bot.service.table import (
    STANDARD_RULES,
    Challenge,
    Committed,
    InlineCard,
    Seat,
    Terms,
    card_dice_name,
    inline_game_id,
    is_challenge,
)
from bot.storage import GamesStore, TimersStore, VersionConflict
from nardy.variant import AnyRules

log = logging.getLogger(__name__)

# How long a challenge nobody joins stays open (its card then says it expired), and how much
# longer its record is kept, for the timer task to find its card.
CHALLENGE_TTL = 24 * 3600
CHALLENGE_KEPT = CHALLENGE_TTL + 3600

WITHDRAWN = '{"k":"w"}'
"""What an inline challenge's key holds once its challenger withdrew it."""


class ChallengeStore(GamesStore, TimersStore, Protocol):
    """What challenges are kept in: stored as games are, each with its timer (its expiry)."""


class Challenges:
    """Making, reading, withdrawing and expiring challenges, each change a compare-and-set."""

    def __init__(self, store: ChallengeStore, clock: Callable[[], float], seal: CardSeal) -> None:
        self._store = store
        self._clock = clock
        self.seal = seal
        """What seals inline cards (and derives their dice)."""

    async def make(
        self,
        chat_id: int,
        challenger: Seat,
        locale: str,
        terms: Terms,
        invited_id: int | None = None,
        invited_name: str | None = None,
        rules: AnyRules = STANDARD_RULES,
        seed: bytes | None = None,
    ) -> Challenge:
        """A challenge on `terms` and house `rules` in the group `chat_id`, its game's dice
        committed to `seed` (none: not committed), saved, open for `CHALLENGE_TTL` (its expiry
        on the timer index); `InvalidAction` for terms not offered, `ChallengeOpen` while the
        challenger has another open there. Its card is recorded by `post_card`."""
        if not terms.offered:
            raise InvalidAction(f"no such terms: {terms}")
        challenge_id = secrets.token_urlsafe(6)
        await self._one_open(chat_id, challenger.user_id or 0, challenge_id)
        challenge = Challenge(
            challenge_id,
            chat_id,
            challenger,
            locale,
            invited_id,
            invited_name,
            terms,
            made_at=self._clock(),
            rules=rules,
            dice=None if seed is None else Committed(seed, f"{challenge_id}.1"),
        )
        await self._store.set_timer(challenge.challenge_id, challenge.made_at + CHALLENGE_TTL)
        data = challenge.to_text()
        version = await self._store.save_game(challenge.challenge_id, 0, data, CHALLENGE_KEPT)
        return replace(challenge, version=version)

    async def _one_open(self, chat_id: int, user_id: int, challenge_id: str) -> None:
        """Claim the one open challenge `user_id` may have in `chat_id` for `challenge_id`
        (over one no longer open: joined, withdrawn, expired); else `ChallengeOpen`."""
        name = f"challenger:{chat_id}:{user_id}"
        held = await self._store.claim_change(name, challenge_id, CHALLENGE_TTL)
        if held is None:
            return
        try:
            await self.load(held)
        except (ChallengeGone, AlreadyStarted):
            if await self._store.claim_change(name, challenge_id, CHALLENGE_TTL, held) is None:
                return
        raise ChallengeOpen(held)

    async def post_card(self, challenge: Challenge, message_id: int) -> None:
        """Record the card `message_id` showing `challenge`, for its expiry to edit; nothing
        when the challenge was taken or withdrawn meanwhile (its card changed already)."""
        posted = replace(challenge, message_id=message_id)
        try:
            await self._store.save_game(
                challenge.challenge_id, challenge.version, posted.to_text(), CHALLENGE_KEPT
            )
        except VersionConflict:
            log.info("challenge %s changed before its card was recorded", challenge.challenge_id)

    async def load(self, challenge_id: str) -> Challenge:
        """The open challenge; `ChallengeGone` (withdrawn, expired) or `AlreadyStarted`
        (someone joined) when it is not open."""
        stored = await self._store.load_game(challenge_id)
        if stored is None or stored.data == WITHDRAWN:
            raise ChallengeGone(challenge_id)
        if not is_challenge(stored.data):
            raise AlreadyStarted(challenge_id)
        try:
            challenge = Challenge.from_text(challenge_id, stored.version, stored.data)
        except (ValueError, KeyError, TypeError) as exc:
            raise ChallengeGone(challenge_id) from exc
        if self._expired(challenge.made_at):
            raise ChallengeGone(challenge_id)
        return challenge

    async def inline(self, card: InlineCard, fair: bool) -> Challenge:
        """The challenge an inline card's tap carries (not stored: version 0), if it is open:
        `InvalidAction` for a card the bot did not seal so (forged) and for terms or rules not
        offered (a match's length is in its terms), `ChallengeGone` once expired. With `fair`
        dice, its dice are those the card committed (`CardSeal.seed`), claimed for good by
        its inline message: a card sent twice rolls them in one game only (none: the game
        commits its own as it begins)."""
        game_id = await self._genuine(card)
        if not card.terms.offered or card.rules.match_length != 1:
            raise InvalidAction(f"no such terms: {card.terms}, {card.rules}")
        if self._expired(card.made_at):
            raise ChallengeGone(game_id)
        name = card_dice_name(card.seal)
        claim = self._store.claim_change
        held = fair and await claim(name, card.inline_id, CHALLENGE_KEPT) is None
        dice = Committed(self.seal.seed(card.seal), name) if held else None
        return Challenge(
            game_id,
            0,
            card.challenger,
            card.locale,
            terms=card.terms,
            rules=card.rules,
            dice=dice,
        )

    async def why_not_open(self, challenge_id: str) -> Challenge:
        """After a compare-and-set on a challenge failed: the challenge as stored now, if it is
        still open (e.g. its card was recorded meanwhile); else `ChallengeGone` or
        `AlreadyStarted`."""
        stored = await self._store.load_game(challenge_id)
        if stored is None or stored.data == WITHDRAWN:
            raise ChallengeGone(challenge_id)
        if not is_challenge(stored.data):
            raise AlreadyStarted(challenge_id)
        return Challenge.from_text(challenge_id, stored.version, stored.data)

    async def cancel(self, challenge_id: str, user_id: int) -> Challenge:
        """The challenger withdraws a group's challenge, if nobody joined yet
        (`AlreadyStarted`); `OnlyChallenger` for anyone else."""
        challenge = await self.load(challenge_id)
        if user_id != challenge.challenger.user_id:
            raise OnlyChallenger(challenge_id)
        if not await self._store.delete_game(challenge_id, challenge.version):
            await self.why_not_open(challenge_id)
            raise AlreadyStarted(challenge_id)
        await self._store.set_timer(challenge_id, None)
        return challenge

    async def withdraw_inline(self, card: InlineCard, user_id: int) -> None:
        """The challenger withdraws the inline challenge `card`, if nobody joined yet
        (`AlreadyStarted`); `OnlyChallenger` for anyone else. What is kept says so until the
        challenge would have expired, so a Join tapped meanwhile fails; `InvalidAction` for a
        card the bot did not seal so."""
        game_id = await self._genuine(card)
        if user_id != card.challenger.user_id:
            raise OnlyChallenger(game_id)
        try:
            await self._store.save_game(game_id, 0, WITHDRAWN, CHALLENGE_TTL)
        except VersionConflict:
            await self.why_not_open(game_id)  # raises: withdrawn already, or joined
            raise AlreadyStarted(game_id) from None

    async def expire(self, challenge_id: str, version: int, data: str) -> Challenge | None:
        """Close a group's challenge (stored as `data` at `version`) whose time is up, for its
        card to say so; None if its time is not up, or if it changed first (joined, withdrawn
        a moment ago)."""
        challenge = Challenge.from_text(challenge_id, version, data)
        expires = challenge.made_at + CHALLENGE_TTL
        if not self._expired(challenge.made_at):
            await self._store.set_timer(challenge_id, expires)
            return None
        await self._store.set_timer(challenge_id, None)
        if not await self._store.delete_game(challenge_id, version):
            return None
        log.info("challenge %s expired", challenge_id)
        return challenge

    async def bind_card(self, inline_id: str, seal: str) -> None:
        """The inline message `inline_id` was sent as the card sealed `seal`, as Telegram tells
        (its chosen inline result): only that card's Join and Cancel act there."""
        name = _card_message(inline_id)
        held = await self._store.claim_change(name, seal, CHALLENGE_KEPT)
        if held is not None:  # a tap bound it first (`_genuine`): Telegram's word wins
            await self._store.claim_change(name, seal, CHALLENGE_KEPT, held)

    async def _genuine(self, card: InlineCard) -> str:
        """The id of `card`'s game, if the bot sealed what it promises and the card is the one
        its inline message was sent as (`bind_card`; a message Telegram told nothing of is
        bound to the first sealed card tapped on it); else `InvalidAction`: data copied from
        another card, or made up."""
        game_id = inline_game_id(card.inline_id)
        if not self.seal.opens(card):
            log.info("inline card of game %s: not sealed by this bot", game_id)
            raise InvalidAction("an inline card the bot did not seal")
        held = await self._store.claim_change(
            _card_message(card.inline_id), card.seal, CHALLENGE_KEPT
        )
        if held is not None:
            log.info("inline card of game %s: another card's data", game_id)
            raise InvalidAction("another inline card's data")
        return game_id

    def _expired(self, made_at: float) -> bool:
        return self._clock() >= made_at + CHALLENGE_TTL


def _card_message(inline_id: str) -> str:
    """The claim naming the card an inline message was sent as."""
    return f"card:{inline_game_id(inline_id)}"
