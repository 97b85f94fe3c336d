"""A finished game reviewed by the Expert for one of its players (`nardy.ai.analysis`): in the
AI workers, one review at a time per player in each bot process; each review made once, kept
with its record in the store for every worker, and the latest in each process."""

from __future__ import annotations

import logging
from collections import OrderedDict

from bot.one_at_a_time import OneAtATime
from bot.service.bot_player import BotPlayer, Progress
from bot.service.records import Records, readable
from bot.storage import StoreUnavailable
from nardy.ai.analysis import AnalysisError, Review, review_from_json, review_to_json
from nardy.transcript import Transcript
from nardy.variants import variant_of

log = logging.getLogger(__name__)

KEPT = 256
"""Reviews kept in each process (a few kilobytes each), by record."""


def reviewable(text: str) -> Transcript | None:
    """The record `text`, if it reads and its game is one the Expert reviews."""
    record = readable(text)
    return record if record is not None and variant_of(record.rules).reviews else None


class Reviewer:
    """Reviews the records kept by `records`, each once, with `bot`'s Expert."""

    def __init__(self, records: Records, bot: BotPlayer, kept: int = KEPT) -> None:
        self._records = records
        self._bot = bot
        self._kept_here = kept
        self._reviews: OrderedDict[str, Review] = OrderedDict()
        self.running = OneAtATime()  # one review at a time per reader

    async def record(self, name: str, reader: int) -> Transcript | None:
        """The record `name` for `reader`, one of its players, if its game can be reviewed;
        None when it is gone, another's, unreadable, or of a game the Expert does not review."""
        text = await self._records.text(name, reader)
        return None if text is None else reviewable(text)

    async def review(
        self, name: str, record: Transcript, progress: Progress | None = None
    ) -> Review:
        """The review of the record `name`: kept from before (in this process, else with the
        record), or made in the AI workers and kept, `progress` told as it goes."""
        review = self._reviews.get(name) or await self._kept(name)
        if review is None:
            review = await self._bot.review(record, progress)
            await self._keep(name, review)
        self._reviews[name] = review
        self._reviews.move_to_end(name)
        if len(self._reviews) > self._kept_here:
            self._reviews.popitem(last=False)
        return review

    async def _kept(self, name: str) -> Review | None:
        """The review kept with the record, if the store has one that reads."""
        try:
            text = await self._records.kept_review(name)
            return None if text is None else review_from_json(text)
        except (StoreUnavailable, AnalysisError) as exc:
            log.warning("review of %s not read from the store: %s", name, exc)
            return None

    async def _keep(self, name: str, review: Review) -> None:
        """Keep `review` with its record for the other workers; a store down costs them a
        review of their own, never this one."""
        try:
            await self._records.keep_review(name, review_to_json(review))
        except StoreUnavailable as exc:
            log.warning("review of %s not kept in the store: %s", name, exc)
