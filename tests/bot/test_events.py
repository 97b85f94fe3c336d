"""The events a game keeps (`bot.service.events`): kept as JSON and read back alike, and phrased
for each audience in each language (`bot.ui.events`)."""

from __future__ import annotations

import gettext
import json

import pytest

from bot.i18n import Locale, Texts, Translator
from bot.service import Seat, Table
from bot.service.events import (
    BOT,
    KINDS,
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
    decode_event,
    encode_event,
)
from bot.ui import events as said_module
from bot.ui.events import phrase
from nardy import Color, Rules
from nardy.ai import Level
from nardy.long_variant import LONG
from nardy.scoring import EndReason, ResultKind
from nardy.short.variant import SHORT

ANN, BOB = Actor("Ann"), Actor("Bob")

ONE_OF_EACH: list[Event] = [
    DiceCommitted("ab12" * 16),
    OpeningRolled(ANN, 3, BOT, 3, tie=True),
    Started(ANN),
    TurnPlayed(BOT, "6-5", "24/18 24/19", "white"),
    TurnPlayed(ANN, "6-4", "24/18 18/14", "black", forced=True),
    TurnPassed(BOB, "6-6"),
    Doubled(ANN, 2),
    Took(BOT, 2),
    Dropped(BOT),
    MatchGameWon(2, BOB, ANN, EndReason.TIMEOUT, ResultKind.MARS),
    Summary(41, ANN, 15, BOB, 3),
    RatingsChanged(ANN, 12.4, BOB, -11.6),
    MatchScore(ANN, 1, BOT, 3),
    CameBack(BOB),
]


# With ONE_OF_EACH, every branch of `phrase`: the bot's and a person's each, every way a game
# of a match ends.
EVERY_WAY = [
    *ONE_OF_EACH,
    OpeningRolled(ANN, 5, BOT, 2, tie=False),
    Started(BOT),
    TurnPlayed(ANN, "6-5", "24/18 18/13", "white"),
    TurnPassed(BOT, "5-5"),
    Doubled(BOT, 4),
    Took(ANN, 4),
    Dropped(ANN),
    *(
        MatchGameWon(3, winner, loser, reason, ResultKind.OYN)
        for reason in EndReason
        for winner, loser in ((BOT, ANN), (ANN, BOT))
    ),
]


class Heard(Texts):
    """English texts that keep every message they are asked for."""

    def __init__(self) -> None:
        super().__init__(Locale.EN, gettext.NullTranslations())
        self.asked: set[str] = set()

    def gettext(self, message: str, /, **values: object) -> str:
        self.asked.add(message)
        return super().gettext(message, **values)


def test_every_message_of_an_event_is_said_to_someone() -> None:
    """Every audience's message for each kind (`bot.ui.events`) is reached, none left over."""
    heard = Heard()
    for event in EVERY_WAY:
        for shared in (False, True):
            phrase(heard, event, shared, Color.WHITE, LONG)
    messages = {
        value
        for name, value in vars(said_module).items()
        if name.isupper() and isinstance(value, str)
    }
    assert messages <= heard.asked


def test_an_event_kept_by_an_earlier_version_takes_its_new_fields_defaults() -> None:
    assert decode_event(["TurnPlayed", None, "6-5", "24/13", "white"]) == TurnPlayed(
        BOT, "6-5", "24/13", "white"
    )
    with pytest.raises(ValueError, match="unreadable"):
        decode_event(["TurnPlayed", None, "6-5"])


def test_the_samples_hold_every_kind_of_event() -> None:
    assert {type(event) for event in ONE_OF_EACH} == set(KINDS.values())


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda event: type(event).__name__)
def test_an_event_reads_back_from_its_json(event: Event) -> None:
    kept = json.loads(json.dumps(encode_event(event)))
    assert decode_event(kept) == event


def test_an_unknown_event_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event"):
        decode_event(["Teleported", None])


@pytest.mark.parametrize("shared", [False, True])
@pytest.mark.parametrize("event", EVERY_WAY, ids=lambda event: type(event).__name__)
def test_every_event_is_said_in_every_language(event: Event, shared: bool) -> None:
    """Each kind, to either audience, gives whole lines (no placeholder left), translated."""
    said = {
        locale: phrase(Translator()[locale], event, shared, Color.WHITE, SHORT) for locale in Locale
    }
    for lines in said.values():
        assert lines and all(line and "{" not in line for line in lines)
    assert said[Locale.RU] != said[Locale.EN] and said[Locale.UK] != said[Locale.EN]


def test_the_person_against_the_bot_reads_the_game_of_a_match_they_resigned() -> None:
    english = Translator()[Locale.EN]
    resigned = MatchGameWon(1, BOT, Actor(), EndReason.RESIGNED, ResultKind.MARS)
    assert phrase(english, resigned, False, Color.WHITE, LONG) == [
        "You resigned game 1.",
        "The bot won game 1: mars.",
    ]
    dropped = MatchGameWon(3, BOT, Actor(), EndReason.DROPPED, ResultKind.OYN)
    assert phrase(english, dropped, False, Color.WHITE, SHORT) == [
        "You dropped the double in game 3.",
        "The bot won game 3: single game.",
    ]


def test_two_people_read_who_lost_on_time_and_who_won_by_name() -> None:
    russian = Translator()[Locale.RU]
    timed_out = MatchGameWon(2, BOB, ANN, EndReason.TIMEOUT, ResultKind.OYN)
    english = Translator()[Locale.EN]
    assert phrase(english, timed_out, True, Color.WHITE, LONG) == [
        "Ann ran out of time.",
        "Game 2 goes to Bob: oyn.",
    ]
    assert phrase(russian, timed_out, True, Color.WHITE, LONG)[0] == "Ann: время на ход вышло."


def test_the_bot_and_the_person_are_each_read_in_their_place() -> None:
    """The person's throw is "you" whichever seat the event names first."""
    english = Translator()[Locale.EN]
    assert phrase(
        english, OpeningRolled(BOT, 2, Actor(), 5, tie=False), False, Color.WHITE, LONG
    ) == ["Opening roll: you 5, bot 2."]
    assert phrase(english, MatchScore(BOT, 3, ANN, 1), False, Color.WHITE, LONG) == [
        "Match score: you 1, bot 3. The next game begins."
    ]


def test_a_game_with_an_event_of_a_later_version_reads_without_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    seats = (Seat(1, name="Ann"), Seat(2, name="Bob"))
    kept = Table("g1", LONG.placeholder(Rules()), seats, 5, events=(CameBack(BOB),))
    data = json.loads(kept.to_text())
    data["v"].insert(0, ["Teleported", "Ann"])
    read = Table.from_text("g1", 3, json.dumps(data))
    assert read.events == (CameBack(BOB),) and read.game == kept.game
    assert "Teleported" in caplog.text


def test_a_game_kept_before_events_were_typed_reads_without_them() -> None:
    """Its old message keys ("n") are not told again; the game itself reads as it was."""
    seats = (Seat(1, name="Ann"), Seat(level=Level.EASY))
    kept = Table("g1", LONG.placeholder(Rules()), seats, 5)
    data = json.loads(kept.to_text())
    data["n"] = [["bot_played", {"dice": "6-5", "turn": "24/13", "by": "white"}]]
    read = Table.from_text("g1", 3, json.dumps(data))
    assert read.events == () and read.game == kept.game and read.seats == kept.seats


def test_a_game_keeps_its_events() -> None:
    seats = (Seat(1, name="Ann"), Seat(2, name="Bob"))
    kept = Table("g1", LONG.placeholder(Rules()), seats, 5, events=tuple(ONE_OF_EACH))
    assert Table.from_text("g1", 3, kept.to_text()).events == kept.events
