"""Whom a command written as a reply is about."""

from __future__ import annotations

from aiogram.types import Message, User


def replied_author(message: Message) -> User | None:
    """The author of the message `message` replies to; None without one, or when it "replies"
    to a forum topic's first message, as every message in the topic does."""
    replied = message.reply_to_message
    if replied is None or replied.forum_topic_created is not None:
        return None
    if replied.message_id == message.message_thread_id:
        return None
    return replied.from_user
