"""A fake Telegram: the Bot API behaviour the bot relies on, in memory, for tests.

It keeps the chats' messages, answers requests the way the Bot API does (a sent photo gets a
file id, an edit of a deleted message fails "message to edit not found"), records every call,
checks each against the official schema, and can be told to fail the next call of a method
(429 with `retry_after`, "message is not modified"), to fail calls at random (`Chaos`), and to
take its time over some methods (`latency`, seconds, awaited by the HTTP server and the
in-process session before a request takes effect). It also makes the updates a user causes.

Chats are private unless registered with `add_chat` (groups, supergroups, channels); Telegram's
flood limits hold in each (`FakeTelegram.group_limit`, `private_limit`, `overall_limit`).
Inline mode: inline queries, their answers, the messages a chosen result makes, and edits of those.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import random
import re
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from testkit.fakes.schema import problems

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are"
    " exactly the same as a current content and reply markup of the message"
)
# Telegram's answers: the Bot API server's wording of QUERY_ID_INVALID (its Client.cpp) and of
# TDLib's "Wrong file identifier/HTTP URL specified" (a file id Telegram does not know; one it
# cannot even decode gets "wrong remote file identifier specified: ..." instead), and the
# MESSAGE_ID_INVALID of Telegram's servers for an unknown inline message, passed on as it is.
QUERY_INVALID = "Bad Request: query is too old and response timeout expired or query ID is invalid"
WRONG_FILE = "Bad Request: wrong file identifier/HTTP URL specified"
INLINE_MESSAGE_INVALID = "Bad Request: MESSAGE_ID_INVALID"
# The Bot API's answer to getUpdates while a webhook is set.
WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete"
    " the webhook first"
)
# What Telegram answers a bot writing first to a user who never started it.
CANNOT_INITIATE = "Forbidden: bot can't initiate conversation with a user"
SENDING = frozenset({"sendMessage", "sendPhoto", "sendDocument", "sendAnimation", "sendMediaGroup"})
# An inline edit cannot upload a file: TDLib's edit_inline_message_media gets no InputMedia for
# a file not yet on Telegram's servers and fails "Invalid message content specified" (tdlib/td
# issue 3157 shows it for a local file); derived from the sources, not seen from the Bot API.
INLINE_UPLOAD = "Bad Request: invalid message content specified"
BOT_USER = {"id": 42, "is_bot": True, "first_name": "Nardy", "username": "nardy_test_bot"}
GROUPS = frozenset({"group", "supergroup"})
# The requests that send or edit a message: what Telegram's flood limits count.
MESSAGES = SENDING | {
    "editMessageMedia",
    "editMessageText",
    "editMessageCaption",
    "editMessageReplyMarkup",
}


# The ids of the private dialogs between people that inline messages are posted into by default
# (`FakeTelegram.choose_inline_result`): a user's own, after this.
DIALOGS = 10**12


def chat_instance(chat_id: int) -> str:
    """The `chat_instance` of a callback from a message in chat `chat_id`: Telegram's stable
    id of the chat, the same for every message in it and every user who taps."""
    return f"ci{chat_id}"


@dataclass(frozen=True)
class Limit:
    """At most `count` messages in any `window` seconds."""

    count: int
    window: float


# Telegram's limits (its Bots FAQ): about one message a second in a private chat, short bursts
# allowed (five in five seconds here), 20 a minute in a group or channel, some 30 a second in
# all; none is published exactly.
PRIVATE_LIMIT = Limit(5, 5.0)
GROUP_LIMIT = Limit(20, 60.0)
OVERALL_LIMIT = Limit(30, 1.0)


@dataclass
class Call:
    """One request as the bot sent it: decoded JSON fields, the names of uploaded parts, the
    HTTP status it was answered with, and whether it took effect though that says it failed
    (`Failure.taken`: a 504 page, a connection closed on the way back)."""

    method: str
    params: dict[str, Any]
    uploads: set[str]
    status: int = 0
    taken: bool = False


@dataclass
class Sent:
    """A message in a chat, as the user would see it now; an inline message (sent by a user
    via the bot, into a chat the bot need not be in) has an `inline_message_id`, chat 0, and
    the chat it stands in as `posted_in` (which the bot never learns)."""

    message_id: int
    chat_id: int
    text: str | None = None
    caption: str | None = None
    photo_id: str | None = None
    markup: dict[str, Any] | None = None
    inline_message_id: str | None = None
    document: tuple[str, bytes] | None = None  # a sent file: its name and contents
    # An animation: its file id and the upload it was made from (name and contents).
    animation: tuple[str, tuple[str, bytes]] | None = None
    posted_in: int | None = None

    def buttons(self) -> list[dict[str, Any]]:
        """The inline keyboard's buttons, row after row."""
        rows = (self.markup or {}).get("inline_keyboard", [])
        return [button for row in rows for button in row]


@dataclass
class Failure:
    """A request that fails: a JSON error (`description`), or an HTML error `page` of the front
    end with `status` (nginx's 502 and 504), or no answer at all (`closed`: the connection drops,
    status 0). `taken`: the request took effect before it failed (a 504's upstream finished it,
    a connection lost on the way back), so trying it again may do it twice."""

    status: int
    description: str = ""
    retry_after: int | None = None
    page: str | None = None
    closed: bool = False
    taken: bool = False


# The pages nginx answers with when Telegram's Bot API behind it fails or is slow (its own
# default error pages: `ngx_http_special_response.c`).
NGINX_PAGE = (
    "<html>\r\n<head><title>{status} {reason}</title></head>\r\n<body>\r\n"
    "<center><h1>{status} {reason}</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n"
    "</body>\r\n</html>\r\n"
)


def html_failure(status: int, taken: bool = False) -> Failure:
    """The front end's HTML error page for `status` (502 or 504), not JSON."""
    reason = {502: "Bad Gateway", 504: "Gateway Time-out"}[status]
    return Failure(status, page=NGINX_PAGE.format(status=status, reason=reason), taken=taken)


def closed_failure(taken: bool = False) -> Failure:
    """The connection closed with no answer, before the request took effect or after."""
    return Failure(0, closed=True, taken=taken)


# What `Chaos` draws from: each kind of Telegram's bad days, by name.
FAULTS: dict[str, Callable[[], Failure]] = {
    "429": lambda: Failure(429, "Too Many Requests: retry after 1", 1),
    "5xx": lambda: Failure(502, "Bad Gateway"),
    "500": lambda: Failure(500, "Internal Server Error"),
    "html": lambda: html_failure(502),
    "html-taken": lambda: html_failure(504, taken=True),
    "closed": closed_failure,
    "closed-taken": lambda: closed_failure(taken=True),
}


@dataclass
class Chaos:
    """Telegram failing now and then: each call of `methods` fails with probability `rate`
    before it takes effect (or, for the kinds named "-taken", after), in one of `kinds` (names
    in `FAULTS`) drawn evenly; by default half of them with a JSON 502, half with a 429 (retry
    after 1 s). With `in_a_row`, the same request (method, chat, message, tap) fails at most
    that many times in a row: passing faults only, which a client's retries always get
    through."""

    rate: float
    rng: random.Random
    in_a_row: int | None = None
    kinds: tuple[str, ...] = ("5xx", "429")
    _streaks: dict[tuple[Any, ...], int] = field(default_factory=dict)
    methods: frozenset[str] = frozenset(
        {
            "sendMessage",
            "sendPhoto",
            "editMessageMedia",
            "editMessageText",
            "editMessageReplyMarkup",
            "answerCallbackQuery",
            "deleteMessage",
        }
    )

    def failure(self, method: str, params: dict[str, Any]) -> Failure | None:
        if method not in self.methods:
            return None
        request = (method, *(params.get(k) for k in ("chat_id", "message_id", "callback_query_id")))
        streak = self._streaks.get(request, 0)
        if self.rng.random() >= self.rate or streak == self.in_a_row:
            self._streaks.pop(request, None)
            return None
        self._streaks[request] = streak + 1
        return FAULTS[self.rng.choice(self.kinds)]()


@dataclass
class FakeTelegram:
    """The state and rules of the fake; both the aiohttp server and the in-process test
    session call `handle`.

    Telegram's flood limits hold for messages (sends and edits) as its Bots FAQ gives them:
    `group_limit` in a group, supergroup or channel (20 a minute), `private_limit` in a private
    chat (about one a second, short bursts allowed), `overall_limit` across all chats and
    inline messages (30 a second); an inline message's edits count in the chat it was posted
    into (`Sent.posted_in`), as Telegram counts them. A message past one is refused with 429
    and a `retry_after` (when the oldest in the window leaves it) and takes no effect; those
    that took effect count, the refused do not. Time is `clock`'s; with `group_pace` set, a
    group's or channel's window runs on virtual time instead: each of its requests comes
    `group_pace` seconds after the one before, and a refusal's `retry_after` passes before the
    next (the bot waits it out), so a run meets the limit as often on a slow machine as on a
    fast one. Telegram refuses to write first to the `strangers`, users who never started the
    bot (403).
    """

    calls: list[Call] = field(default_factory=list)
    schema_problems: list[str] = field(default_factory=list)
    messages: dict[tuple[int, int], Sent] = field(default_factory=dict)
    answered: set[str] = field(default_factory=set)
    failures: dict[str, list[Failure]] = field(default_factory=dict)
    chaos: Chaos | None = None
    latency: dict[str, float] = field(default_factory=dict)
    strangers: set[int] = field(default_factory=set)  # users who never started the bot
    # The next call of a method waits for its gate to open before it takes effect (in-process
    # session only): `hold_next` makes one.
    gates: dict[str, asyncio.Event] = field(default_factory=dict)
    updates: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    chats: dict[int, dict[str, Any]] = field(default_factory=dict)
    admins: dict[tuple[int, int], str] = field(default_factory=dict)
    group_limit: Limit = GROUP_LIMIT
    private_limit: Limit | None = PRIVATE_LIMIT  # None: none (players at machine speed)
    overall_limit: Limit = OVERALL_LIMIT
    clock: Callable[[], float] = field(default=time.monotonic)
    group_pace: float | None = None
    limited: bool = True  # False: no flood limits (benchmarks of the bot's own cost)
    file_ids: set[str] = field(default_factory=set)
    animations: dict[str, tuple[str, bytes]] = field(default_factory=dict)  # by file id: upload
    inline_queries: dict[str, dict[str, Any]] = field(default_factory=dict)
    inline_answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    inline_messages: dict[str, Sent] = field(default_factory=dict)
    # setWebhook's parameters while a webhook is set (getUpdates is refused then, 409).
    webhook: dict[str, Any] | None = None
    deliveries: list[int] = field(default_factory=list)  # HTTP status of each update posted
    # A webhook update not answered 2xx is posted again after the first pause, doubling up to
    # the longest (seconds).
    redelivery: tuple[float, float] = (0.1, 2.0)
    uploaded: list[bytes] = field(default_factory=list)  # files' contents sent, newest last
    # Pictures given by URL that the HTTP server fetched, as Telegram does (`testkit.fakes.fetch`):
    # each URL with the JPEG it got, None when the fetch failed (and the request was refused).
    fetched: list[tuple[str, bytes | None]] = field(default_factory=list)
    # The refusals for a flood limit, by the limit ("overall", "private", "group"), and the
    # edits refused as "message is not modified": what a run of the bot should not cause.
    floods: Counter[str] = field(default_factory=Counter)
    not_modified: int = 0
    _windows: dict[int | None, deque[float]] = field(default_factory=dict)  # None: overall
    _paced: float = 0.0  # the virtual time of the latest group request, when paced
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    # -- test controls ----------------------------------------------------------------------

    def fail_next(self, method: str, failure: Failure) -> None:
        self.failures.setdefault(method, []).append(failure)

    def not_modified_next(self, method: str = "editMessageMedia") -> None:
        """The next edit by `method` is answered "message is not modified", which Telegram says
        only of a message that shows what the edit asks for: the message shows it after."""
        self.fail_next(method, Failure(400, NOT_MODIFIED, taken=True))

    def flood_next(self, method: str, retry_after: int = 1) -> None:
        description = f"Too Many Requests: retry after {retry_after}"
        self.fail_next(method, Failure(429, description, retry_after))

    def add_chat(self, chat: dict[str, Any]) -> None:
        """Make `chat` (a Chat object: `id`, `type`, `title`) a group, supergroup or channel:
        its messages then carry it, and a group's edits are limited."""
        self.chats[chat["id"]] = chat

    def add_admin(self, chat_id: int, user_id: int, owner: bool = False) -> None:
        """Make `user_id` an administrator (or the `owner`) of the registered `chat_id`, as
        getChatMember then says; everyone else there is a plain member."""
        self.admins[chat_id, user_id] = "creator" if owner else "administrator"

    def delete(self, chat_id: int, message_id: int) -> None:
        """The user deletes a message."""
        del self.messages[(chat_id, message_id)]

    def calls_of(self, method: str) -> list[Call]:
        return [call for call in self.calls if call.method == method]

    def chat(self, chat_id: int) -> list[Sent]:
        return [m for (chat, _), m in sorted(self.messages.items()) if chat == chat_id]

    # -- updates a user causes --------------------------------------------------------------

    def text_update(
        self,
        user: dict[str, Any],
        text: str,
        chat: dict[str, Any] | None = None,
        reply_to: Sent | dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """`user` writes `text` in `chat` (by default the private chat with the bot), maybe in
        reply to `reply_to` (a message of the bot's, or a user's message dict), with the
        entities Telegram finds: a leading bot command, @username mentions."""
        private = {"id": user["id"], "type": "private", "first_name": user["first_name"]}
        if "username" in user:
            private["username"] = user["username"]
        message: dict[str, Any] = {
            "message_id": next(self._ids),
            "date": 1_700_000_000,
            "chat": chat or private,
            "from": user,
            "text": text,
        }
        entities = _entities(text)
        if entities:
            message["entities"] = entities
        if reply_to is not None:
            replied = self._message_json(reply_to) if isinstance(reply_to, Sent) else reply_to
            # Telegram nests no reply in a reply.
            message["reply_to_message"] = {
                k: v for k, v in replied.items() if k != "reply_to_message"
            }
        return {"update_id": next(self._ids), "message": message}

    def membership_updates(
        self,
        user: dict[str, Any],
        chat: dict[str, Any],
        present: bool,
        by: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        """`user` left `chat` (or joined it, `present`), or was removed (banned) or added by
        `by`: what Telegram sends a bot that is an administrator there, the chat's service
        message ("X left the group") and the member update."""
        member = {k: v for k, v in user.items() if k != "language_code"}
        change = {"new_chat_members": [member]} if present else {"left_chat_member": member}
        message = {"message_id": next(self._ids), "date": 1_700_000_000, "chat": chat}
        message |= {"from": by or user, **change}
        joined: dict[str, Any] = {"status": "member", "user": member}
        left: dict[str, Any] = {"status": "left", "user": member}
        if by is not None:
            left = {"status": "kicked", "user": member, "until_date": 0}
        update = {
            "chat": chat,
            "from": by or user,
            "date": 1_700_000_000,
            "old_chat_member": left if present else joined,
            "new_chat_member": joined if present else left,
        }
        return [
            {"update_id": next(self._ids), "message": message},
            {"update_id": next(self._ids), "chat_member": update},
        ]

    def tap_update(
        self, user: dict[str, Any], sent: Sent, data: str, inaccessible: bool = False
    ) -> dict[str, Any]:
        """`user` taps a button of `sent`; Telegram may send an `inaccessible` (old) message
        as its chat and id alone, and sends an inline message's `inline_message_id` instead."""
        if sent.inline_message_id is not None:
            inline = {
                "id": str(next(self._ids)),
                "from": user,
                "inline_message_id": sent.inline_message_id,
                "chat_instance": chat_instance(sent.posted_in or 0),
                "data": data,
            }
            return {"update_id": next(self._ids), "callback_query": inline}
        message = self._message_json(sent)
        if inaccessible:
            message = {"chat": message["chat"], "message_id": sent.message_id, "date": 0}
        query = {
            "id": str(next(self._ids)),
            "from": user,
            "chat_instance": chat_instance(sent.chat_id),
            "message": message,
            "data": data,
        }
        return {"update_id": next(self._ids), "callback_query": query}

    def inline_query_update(self, user: dict[str, Any], query: str = "") -> dict[str, Any]:
        """`user` types "@bot `query`" in some chat; the bot is to answer with
        answerInlineQuery."""
        inline_query: dict[str, Any] = {
            "id": str(next(self._ids)),
            "from": user,
            "query": query,
            "offset": "",
        }
        self.inline_queries[inline_query["id"]] = inline_query
        return {"update_id": next(self._ids), "inline_query": inline_query}

    def choose_inline_result(
        self,
        user: dict[str, Any],
        query_id: str,
        result_id: str,
        chat: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """`user` sends result `result_id` of the answered inline query `query_id` into `chat`
        (by default a private dialog of theirs with someone): the inline message it makes (in
        `inline_messages`), whose edits count in that chat's limit as Telegram counts them, and
        the `chosen_inline_result` update, which has the message's id only when the result
        had an inline keyboard."""
        result = {r["id"]: r for r in self.inline_answers[query_id]["results"]}[result_id]
        inline_message_id = f"inline-{next(self._ids)}"
        self.inline_messages[inline_message_id] = Sent(
            0,
            0,
            markup=result.get("reply_markup"),
            inline_message_id=inline_message_id,
            posted_in=DIALOGS + user["id"] if chat is None else chat["id"],
            **self._inline_content(result),
        )
        chosen = {
            "result_id": result_id,
            "from": user,
            "query": self.inline_queries[query_id]["query"],
        }
        if "reply_markup" in result:
            chosen["inline_message_id"] = inline_message_id
        return {"update_id": next(self._ids), "chosen_inline_result": chosen}

    def _inline_content(self, result: dict[str, Any]) -> dict[str, Any]:
        """What a chosen inline result shows: its `input_message_content` text, or its photo
        (a cached one's file id, a new file id for one given by URL) and caption."""
        content = result.get("input_message_content")
        if content is not None and "message_text" in content:
            return {"text": content["message_text"]}
        if content is None and result["type"] == "photo":
            photo = result.get("photo_file_id") or self._photo(result["photo_url"])
            return {"photo_id": photo, "caption": result.get("caption")}
        raise NotImplementedError(f"the fake shows no inline result like {result}")

    # -- the Bot API ------------------------------------------------------------------------

    async def called(self, method: str, within: float = 10.0) -> None:
        """Wait until a request of `method` has come (`TimeoutError` after `within` seconds):
        one the bot sends on a timer, such as the chat action of a bot that thinks long."""
        async with asyncio.timeout(within):
            while not self.calls_of(method):
                await asyncio.sleep(0.01)

    def hold_next(self, method: str) -> asyncio.Event:
        """The gate the next call of `method` waits at: set it to let that call through."""
        gate = self.gates[method] = asyncio.Event()
        return gate

    def handle(
        self,
        method: str,
        fields: dict[str, str],
        uploads: set[str],
        files: dict[str, tuple[str, bytes]] | None = None,
    ) -> tuple[int, str]:
        """Answer one request: (HTTP status, body: JSON, or an error page in HTML; status 0 and
        no body: close the connection unanswered). `files` has the uploaded parts' file names
        and contents, by part name, where the caller has them."""
        params = {name: _decode(value) for name, value in fields.items()}
        found = problems(method, fields, uploads) + _over_limits(method, params)
        self.schema_problems += found
        call = Call(method, params, uploads)
        self.calls.append(call)
        self.uploaded += [data for _, data in (files or {}).values()]
        call.status, body = self._answer(call, found, files or {})
        return call.status, body

    def _answer(
        self, call: Call, found: list[str], files: dict[str, tuple[str, bytes]]
    ) -> tuple[int, str]:
        method, params = call.method, call.params
        pending = self.failures.get(method)
        failure = pending.pop(0) if pending else None
        if failure is None and self.chaos is not None:
            failure = self.chaos.failure(method, params)
        if failure is not None:
            if failure.taken:
                call.taken = self._take(method, params, found, files)[0] == 200
            return failure.status, _failure_body(failure)
        return self._take(method, params, found, files)

    def _take(
        self,
        method: str,
        params: dict[str, Any],
        found: list[str],
        files: dict[str, tuple[str, bytes]],
    ) -> tuple[int, str]:
        """Carry out a request that did not fail in passing."""
        if found:
            return 400, _error("Bad Request: " + "; ".join(found))
        if method in SENDING and params["chat_id"] in self.strangers:
            return 403, _error(CANNOT_INITIATE)
        if method == "getUpdates" and self.webhook is not None:
            return 409, _error(WEBHOOK_ACTIVE)
        if method not in MESSAGES or not self.limited:
            return self._carry_out(method, params, files)
        messages = len(params["media"]) if method == "sendMediaGroup" else 1
        flood, counted = self._flood(params, messages)
        if flood is not None:
            return flood.status, _failure_json(flood)
        status, body = self._carry_out(method, params, files)
        if status == 200:  # each photo of an album is a message
            for key, now in counted:
                self._windows[key].extend([now] * messages)
        return status, body

    def _carry_out(
        self, method: str, params: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> tuple[int, str]:
        if method == "sendDocument":
            return self._send_document(params, files)
        if method == "sendAnimation":
            return self._send_animation(params, files)
        if method == "sendMediaGroup":
            return self._send_media_group(params, files)
        handler = self._handlers().get(method)
        return _ok(True) if handler is None else handler(params)  # sendChatAction, ...

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], tuple[int, str]]]:
        """The methods whose answer depends on the chat's state."""
        return {
            "getMe": self._get_me,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "editMessageMedia": self._edit_message_media,
            "editMessageText": self._edit_message_text,
            "editMessageCaption": self._edit_message_caption,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback_query,
            "answerInlineQuery": self._answer_inline_query,
            "getChatMember": self._get_chat_member,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
        }

    def _set_webhook(self, params: dict[str, Any]) -> tuple[int, str]:
        """An empty URL removes the webhook, as Telegram takes it."""
        self.webhook = params if params["url"] else None
        return _ok(True)

    def _delete_webhook(self, params: dict[str, Any]) -> tuple[int, str]:
        self.webhook = None
        return _ok(True)

    def _get_me(self, params: dict[str, Any]) -> tuple[int, str]:
        return _ok(BOT_USER)

    def _get_chat_member(self, params: dict[str, Any]) -> tuple[int, str]:
        """In a registered chat: the bot is an administrator allowed to post (as in the media
        channel an operator sets up), the people `add_admin` named are administrators or the
        owner, anyone else a plain member. Any other chat is unknown to the bot, as Telegram
        says."""
        chat_id, user_id = params["chat_id"], params["user_id"]
        if chat_id not in self.chats:
            return 400, _error("Bad Request: chat not found")
        if user_id != BOT_USER["id"]:
            person = {"id": user_id, "is_bot": False, "first_name": f"U{user_id}"}
            status = self.admins.get((chat_id, user_id), "member")
            if status == "administrator":
                return _ok(_administrator(person, can_post_messages=False))
            if status == "creator":
                return _ok({"status": status, "user": person, "is_anonymous": False})
            return _ok({"status": status, "user": person})
        return _ok(_administrator(BOT_USER, can_post_messages=True))

    def _send_message(self, params: dict[str, Any]) -> tuple[int, str]:
        sent = self._store(
            params["chat_id"], text=params["text"], markup=params.get("reply_markup")
        )
        return _ok(self._message_json(sent))

    def _send_photo(self, params: dict[str, Any]) -> tuple[int, str]:
        photo = self._photo(str(params["photo"]))
        if photo is None:
            return 400, _error(WRONG_FILE)
        sent = self._store(
            params["chat_id"],
            caption=params.get("caption"),
            photo_id=photo,
            markup=params.get("reply_markup"),
        )
        return _ok(self._message_json(sent))

    def _send_document(
        self, params: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> tuple[int, str]:
        """The uploaded file (`attach://<part>`, among `files`) is kept with the message; the
        fake issues no document file ids, so it knows none."""
        source = str(params["document"])
        upload = files.get(source.removeprefix("attach://"))
        if upload is None:
            return 400, _error(WRONG_FILE)
        sent = self._store(
            params["chat_id"],
            caption=params.get("caption"),
            markup=params.get("reply_markup"),
            document=upload,
        )
        return _ok(self._message_json(sent))

    def _send_animation(
        self, params: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> tuple[int, str]:
        """An uploaded animation (`attach://<part>`) gets a new file id, which sends it again
        later; any other file id is refused as Telegram refuses one it does not know."""
        source = str(params["animation"])
        if source.startswith("attach://"):
            upload = files.get(source.removeprefix("attach://"))
            if upload is None:
                return 400, _error(WRONG_FILE)
            file_id = f"animation-{next(self._ids)}"
            self.animations[file_id] = upload
        elif source in self.animations:
            file_id, upload = source, self.animations[source]
        else:
            return 400, _error(WRONG_FILE)
        sent = self._store(
            params["chat_id"],
            caption=params.get("caption"),
            markup=params.get("reply_markup"),
            animation=(file_id, upload),
        )
        return _ok(self._message_json(sent))

    def _send_media_group(
        self, params: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> tuple[int, str]:
        """An album of photos, a message each, all or none: 2 to 10 items, as the Bot API
        says (a single photo goes by sendPhoto); an upload must be among `files`."""
        media = params["media"]
        if not 2 <= len(media) <= 10:
            return 400, _error(f"Bad Request: an album takes 2 to 10 media, got {len(media)}")
        photos = []
        for item in media:
            source = str(item["media"])
            missing = source.startswith("attach://") and source[len("attach://") :] not in files
            photo = None if missing else self._photo(source)
            if item["type"] != "photo" or photo is None:
                return 400, _error(WRONG_FILE)
            photos.append((photo, item.get("caption")))
        sent = [
            self._store(params["chat_id"], caption=caption, photo_id=photo)
            for photo, caption in photos
        ]
        return _ok([self._message_json(message) for message in sent])

    def _photo(self, source: str) -> str | None:
        """The file id of a photo given as `source`: a new one for an upload (attach://) or a
        URL, the same for a file id the fake issued, None for any other file id."""
        if source.startswith(("attach://", "http://", "https://")):
            photo = f"photo-{next(self._ids)}"
            self.file_ids.add(photo)
            return photo
        return source if source in self.file_ids else None

    def _edit_message_media(self, params: dict[str, Any]) -> tuple[int, str]:
        media = params["media"]
        if "inline_message_id" in params and media["media"].startswith("attach://"):
            return 400, _error(INLINE_UPLOAD)
        photo = self._photo(media["media"])
        if photo is None:
            return 400, _error(WRONG_FILE)
        return self._edit(params, photo_id=photo, caption=media.get("caption"))

    def _edit_message_text(self, params: dict[str, Any]) -> tuple[int, str]:
        return self._edit(params, text=params["text"])

    def _edit_message_caption(self, params: dict[str, Any]) -> tuple[int, str]:
        return self._edit(params, caption=params.get("caption"))

    def _edit_message_reply_markup(self, params: dict[str, Any]) -> tuple[int, str]:
        return self._edit(params)

    def _edit(self, params: dict[str, Any], **content: Any) -> tuple[int, str]:
        """Replace the message's `content` and keyboard, as every edit method does, answering
        the edited Message, or `true` for an inline message (by `inline_message_id`). An edit
        that changes nothing is refused, as Telegram does (a new upload is always a change)."""
        if "inline_message_id" in params:
            sent = self.inline_messages.get(str(params["inline_message_id"]))
            if sent is None:
                return 400, _error(INLINE_MESSAGE_INVALID)
        else:
            sent = self.messages.get((params["chat_id"], params["message_id"]))
            if sent is None:
                return 400, _error("Bad Request: message to edit not found")
        unchanged = all(getattr(sent, name) == value for name, value in content.items())
        if unchanged and sent.markup == params.get("reply_markup"):
            self.not_modified += 1
            return 400, _error(NOT_MODIFIED)
        for name, value in content.items():
            setattr(sent, name, value)
        sent.markup = params.get("reply_markup")
        if sent.inline_message_id is not None:
            return _ok(True)
        return _ok(self._message_json(sent))

    def _flood(
        self, params: dict[str, Any], messages: int = 1
    ) -> tuple[Failure | None, list[tuple[int | None, float]]]:
        """Whether `messages` messages (a send or an edit, an album's photos) with `params`
        are over a limit now: the refusal, or None and the windows (with this request's time
        in each) to count them in once they have taken effect."""
        chat_id = params.get("chat_id")
        if "inline_message_id" in params:  # counted in the chat it stands in
            inline = self.inline_messages.get(str(params["inline_message_id"]))
            chat_id = None if inline is None else inline.posted_in
        windows: list[tuple[int | None, Limit, float]] = [(None, self.overall_limit, self.clock())]
        if isinstance(chat_id, int):
            if self._chat_json(chat_id)["type"] == "private":
                if self.private_limit is not None:
                    windows.append((chat_id, self.private_limit, self.clock()))
            elif self.group_pace is None:
                windows.append((chat_id, self.group_limit, self.clock()))
            else:
                self._paced += self.group_pace
                windows.append((chat_id, self.group_limit, self._paced))
        for key, limit, now in windows:
            stamps = self._windows.setdefault(key, deque())
            while stamps and stamps[0] <= now - limit.window:
                stamps.popleft()
            if stamps and len(stamps) + messages > limit.count:  # an empty window takes any
                retry_after = max(1, math.ceil(stamps[0] + limit.window - now))
                if key is not None and key == chat_id and self.group_pace is not None:
                    self._paced += retry_after  # the bot waits it out before its next try
                description = f"Too Many Requests: retry after {retry_after}"
                self.floods[self._limit_name(key)] += 1
                return Failure(429, description, retry_after), []
        return None, [(key, now) for key, _, now in windows]

    def _delete_message(self, params: dict[str, Any]) -> tuple[int, str]:
        self.messages.pop((params["chat_id"], params["message_id"]), None)
        return _ok(True)

    def _answer_callback_query(self, params: dict[str, Any]) -> tuple[int, str]:
        query_id = str(params["callback_query_id"])
        if query_id in self.answered:
            return 400, _error(QUERY_INVALID)
        self.answered.add(query_id)
        return _ok(True)

    def _answer_inline_query(self, params: dict[str, Any]) -> tuple[int, str]:
        """Keep the answer to an inline query made by `inline_query_update`; a query answered
        already, or never made, is refused."""
        query_id = str(params["inline_query_id"])
        if query_id not in self.inline_queries or query_id in self.inline_answers:
            return 400, _error(QUERY_INVALID)
        self.inline_answers[query_id] = {
            "results": params["results"],
            "cache_time": params.get("cache_time", 300),  # Telegram's default
            "is_personal": params.get("is_personal", False),
        }
        return _ok(True)

    def _store(self, chat_id: int, **content: Any) -> Sent:
        sent = Sent(next(self._ids), chat_id, **content)
        self.messages[(chat_id, sent.message_id)] = sent
        return sent

    def _limit_name(self, key: int | None) -> str:
        """Which limit a flood window keeps (`key`: a chat's id, None: overall): "overall",
        "private" or "group" (a group's, supergroup's or channel's)."""
        if key is None:
            return "overall"
        return "private" if self._chat_json(key)["type"] == "private" else "group"

    def _chat_json(self, chat_id: int) -> dict[str, Any]:
        """The Chat object of `chat_id`: as registered by `add_chat`, else a private chat."""
        return self.chats.get(chat_id, {"id": chat_id, "type": "private", "first_name": "Player"})

    def _message_json(self, sent: Sent) -> dict[str, Any]:
        """The Message object of the bot's message `sent`; a channel post is sent on behalf
        of the channel (`sender_chat`), with no `from`."""
        chat = self._chat_json(sent.chat_id)
        message: dict[str, Any] = {
            "message_id": sent.message_id,
            "date": 1_700_000_000,
            "chat": chat,
        }
        if chat["type"] == "channel":
            message["sender_chat"] = chat
        else:
            message["from"] = BOT_USER
        if sent.text is not None:
            message["text"] = sent.text
        if sent.photo_id is not None:
            size = {
                "file_id": sent.photo_id,
                "file_unique_id": sent.photo_id,
                "width": 1000,
                "height": 720,
            }
            message["photo"] = [size]
        if sent.document is not None:
            name, data = sent.document
            message["document"] = {
                "file_id": f"document-{sent.message_id}",
                "file_unique_id": f"document-{sent.message_id}",
                "file_name": name,
                "file_size": len(data),
            }
        if sent.animation is not None:
            # Telegram sets the document too, for clients that know no animations.
            file_id, (name, data) = sent.animation
            file = {"file_id": file_id, "file_unique_id": file_id, "file_name": name}
            size = {"width": 960, "height": 666, "duration": 60, "file_size": len(data)}
            message["animation"] = {**file, **size}
            message["document"] = {**file, "file_size": len(data)}
        if sent.caption is not None:
            message["caption"] = sent.caption
        if sent.markup is not None:
            message["reply_markup"] = sent.markup
        return message


# Limits the Bot API states in its prose (so not in the schema): text, caption, button data.
TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
CALLBACK_DATA_LIMIT = 64


def _over_limits(method: str, params: dict[str, Any]) -> list[str]:
    """What in a request breaks a documented length limit (Telegram rejects such requests)."""
    found = []
    media = params.get("media")
    items = media if isinstance(media, list) else [media]  # an album's, or one medium's
    captions = [item.get("caption") for item in items if isinstance(item, dict)]
    for caption in [*captions, params.get("caption")]:
        if isinstance(caption, str) and len(caption) > CAPTION_LIMIT:
            found.append(f"{method}: caption of {len(caption)} characters")
    text = params.get("text")
    if isinstance(text, str) and len(text) > TEXT_LIMIT:
        found.append(f"{method}: text of {len(text)} characters")
    markup = params.get("reply_markup")
    rows = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
    for button in (button for row in rows for button in row):
        data = button.get("callback_data")
        if data is not None and not 1 <= len(str(data).encode()) <= CALLBACK_DATA_LIMIT:
            found.append(f"{method}: callback_data {data!r} is not 1-64 bytes")
    return found


# A mention: "@" and a username, not inside a word; TDLib's find_mentions takes those of 4 to
# 32 characters (and @gif, @vid, @pic).
MENTION = re.compile(r"(?<!\w)@([A-Za-z0-9_]+)(?!\w)")
SHORT_MENTIONS = frozenset({"gif", "vid", "pic"})


def _entities(text: str) -> list[dict[str, Any]]:
    """The entities Telegram finds in a user's `text`: a bot command it starts with, and the
    mentions; offsets and lengths in UTF-16 code units, as the Bot API counts them."""
    found = []
    if text.startswith("/"):
        found.append({"type": "bot_command", "offset": 0, "length": _utf16(text.split()[0])})
    for match in MENTION.finditer(text):
        name = match.group(1)
        if 4 <= len(name) <= 32 or name.lower() in SHORT_MENTIONS:
            offset, length = _utf16(text[: match.start()]), _utf16(match.group())
            found.append({"type": "mention", "offset": offset, "length": length})
    return found


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _decode(value: str) -> Any:
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


def _administrator(user: dict[str, Any], can_post_messages: bool) -> dict[str, Any]:
    """A ChatMemberAdministrator: `user` with every right but being edited (and posting,
    unless `can_post_messages`)."""
    rights = [
        "can_manage_chat",
        "can_delete_messages",
        "can_manage_video_chats",
        "can_restrict_members",
        "can_promote_members",
        "can_change_info",
        "can_invite_users",
        "can_post_stories",
        "can_edit_stories",
        "can_delete_stories",
        "can_send_welcome_messages",
    ]
    member = {"status": "administrator", "user": user, "is_anonymous": False}
    granted = {right: True for right in rights}
    return member | granted | {"can_be_edited": False, "can_post_messages": can_post_messages}


def _ok(result: Any) -> tuple[int, str]:
    return 200, json.dumps({"ok": True, "result": result})


def _error(description: str) -> str:
    return json.dumps({"ok": False, "error_code": 400, "description": description})


def _failure_body(failure: Failure) -> str:
    """The body of a failure: its HTML page, nothing for a closed connection, else JSON."""
    if failure.page is not None:
        return failure.page
    return "" if failure.closed else _failure_json(failure)


def _failure_json(failure: Failure) -> str:
    """The body Telegram answers a failed request with; a 429 says when to retry."""
    body: dict[str, Any] = {
        "ok": False,
        "error_code": failure.status,
        "description": failure.description,
    }
    if failure.retry_after is not None:
        body["parameters"] = {"retry_after": failure.retry_after}
    return json.dumps(body)
