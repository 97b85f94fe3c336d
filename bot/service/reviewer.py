"""A finished game reviewed by the Expert for one of its players (`nardy.ai.analysis`): in the
AI workers, one review at a time per player in each bot process, the latest reviews kept by
record in each process."""

from __future__ import annotations

from collections import OrderedDict

from bot.runtime.one_at_a_time import OneAtATime
from bot.service.bot_player import BotPlayer
from bot.service.records import Records
from nardy.ai.analysis import Review
from nardy.transcript import Transcript, TranscriptError, parse
from nardy.variants import variant_of

KEPT = 256
"""Reviews kept (a few kilobytes each), by record: a record's second ask costs nothing."""


def reviewable(text: str) -> Transcript | None:
    """The record `text`, if it reads and its game is one the Expert reviews."""
    try:
        record = parse(text)
    except TranscriptError:
        return None
    return record if variant_of(record.rules).reviews else None


class Reviewer:
    """Reviews the records kept by `records`, each once, with `bot`'s Expert."""

    def __init__(self, records: Records, bot: BotPlayer, kept: int = KEPT) -> None:
        self._records = records
        self._bot = bot
        self._kept = kept
        self._reviews: OrderedDict[str, Review] = OrderedDict()
        self.running = OneAtATime()  # one review at a time per reader

    async def record(self, name: str, reader: int) -> Transcript | None:
        """The record `name` for `reader`, one of its players, if its game can be reviewed;
        None when it is gone, another's, unreadable, or of a game the Expert does not review."""
        text = await self._records.text(name, reader)
        return None if text is None else reviewable(text)

    async def review(self, name: str, record: Transcript) -> Review:
        """The review of the record `name`, made in the AI workers or kept from before."""
        review = self._reviews.get(name)
        if review is None:
            review = await self._bot.review(record)
            self._reviews[name] = review
            if len(self._reviews) > self._kept:
                self._reviews.popitem(last=False)
        self._reviews.move_to_end(name)
        return review
