"""A finished game's transcript: human-readable, parsed back exactly, replayed and verified.

A transcript is what a player keeps to check a game with provably fair dice (`nardy.fair`):
who played which colour, the rules, every roll and turn, the result, and the commitment, mix
and seed. `to_text` writes it and `parse` reads it back; `replay` plays it through the rules
core, and `verify` also checks the commitment and recomputes every die from the seed
(`python -m nardy verify RECORD`).

The text is UTF-8, one field a line, in this order and nothing else:

    nardy game record v1
    game: "g-2f9c"
    date: 2026-12-05
    white: "Alice"
    black: "Nardy bot"
    rules: {"opening": "reroll", "higher_die_rule": true, …, "match_length": 3}
    match: game 2, white 1, black 0
    opening: black 3 white 3, black 2 white 5
    1. white 6-5: 24/18 18/13
    2. black 4-2: 24/20 20/18
    3. white 2-1: pass
    cube: black doubles to 2, white takes
    4. black 6-6: 24/18 24/18 13/7 13/7
    …
    hints: white 2
    result: white wins, mars, 2 points, borne_off
    commitment: <64 hex digits>
    mix: ""
    seed: <64 hex digits>

  Whitespace after the seed (a final line break, blank lines) is no part of the record.
* `date`, when known, is the day (UTC) the game ended.
* `match`, in a game of a match (`match_length` above 1, RULES.md §7) and only there, says
  which game of the match it is and the score before it, by the colours of this game.
* Free text (game id, names, mix) is a JSON string; the rules are the RULES.md §11 options
  object on one line; short nardy's (§9) starts with `"variant": "short"`, and its turns are
  in its notation (`bar/22 13/7 6/off`, no hit marks).
* With short nardy's doubling cube, each double answered is a line before the turn whose roll
  it came before: `cube: <doubler> doubles to <n>, <opponent> takes` (or `drops`, which ends
  the game: `result: … dropped`); `n` is the cube's new value, twice the last one taken.
* `opening` lists the opening roll of §2, ties included: each pair is the two players' single
  dice in the order they were rolled, each named by the colour its player got.
* A turn is `<n>. <colour> <d1>-<d2>: <steps>`: the dice in the order rolled, the steps in the
  mover's own notation (§10) in the order played, or `pass` when nothing could be played (§3).
* `hints`, only when any were asked for (against the bot, by the person), says how many each
  colour asked for: `hints: white 2`.
* `result` is `<colour> wins, <kind>, <n> point(s), <reason>` or `draw, 0 points, borne_off`
  (§7; the names of `nardy.scoring`); a resigned or timed-out game ends with that reason.

§10 notation does not say which die bore a checker off from below its number (`1/off` with
6-5), so a transcript holds each turn as its notation reads (`nardy.steps.parse_turn` with the
roll); such a turn replays to the same position. A roll that was on the board when a game was
resigned or timed out was never played and is not recorded.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from nardy.color import Color
from nardy.cube import Double
from nardy.fair import SEED_BYTES, commitment, die
from nardy.game import OpeningRoll, TurnRecord
from nardy.long_variant import LONG
from nardy.rules import Opening
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.steps import NotationError, Step, format_turn
from nardy.variant import AnyGame, AnyRules
from nardy.variants import find_variant, variant_of

HEADER = "nardy game record v1"
PASS = "pass"
_TURN = re.compile(r"(\d+)\. (white|black) ([1-6])-([1-6]): (.+)")
_PAIR = re.compile(r"(white|black) ([1-6]) (white|black) ([1-6])")
_HINTS = re.compile(r"(white|black) ([1-9]\d*)")
_CUBE = re.compile(r"cube: (white|black) doubles to (\d+), (white|black) (takes|drops)")
_MATCH = re.compile(r"game ([1-9]\d*), white (\d+), black (\d+)")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_RESULT = re.compile(r"(?:(white|black) wins, ([a-z_]+)|draw), (\d+) points?, ([a-z_]+)")
_KINDS = {kind.value for kind in ResultKind}
_REASONS = {reason.value for reason in EndReason}
_HEX = re.compile(f"[0-9a-f]{{{2 * SEED_BYTES}}}")  # a seed and a SHA-256 are both 32 bytes


class TranscriptError(ValueError):
    """Text that is not a transcript in the format of this module; the message names the line."""


class VerificationError(ValueError):
    """A transcript that reads but does not check out: the message says what and where."""


@dataclass(frozen=True, slots=True)
class MatchPlace:
    """Where a game stands in its match (RULES.md §7): which game of it (from 1), and the
    score before it, indexed by the `Color` each player has in this game."""

    game: int
    score: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Transcript:
    """Everything needed to replay and verify one finished game.

    Each turn's steps are kept as their §10 notation reads them (see the module docstring), so
    `parse(to_text(t)) == t` for every transcript.
    """

    game_id: str
    players: tuple[str, str]  # display names, indexed by `Color`: White's first
    rules: AnyRules
    opening: tuple[tuple[int, int], ...]  # (player 0's die, player 1's die), ties included
    white_player: int  # the player (0: the one who rolled first) who got White (§2)
    turns: tuple[TurnRecord, ...]
    result: GameResult
    commitment: str  # hex SHA-256, `nardy.fair.commitment(seed, game_id)`
    mix: str
    seed: bytes
    hints: tuple[int, int] = (0, 0)  # hints asked for, indexed by `Color`
    doubles: tuple[Double, ...] = ()  # short nardy's doubles answered, in order (`Double`)
    date: str = ""  # the day the game ended, `YYYY-MM-DD` (UTC); "" when not known
    match: MatchPlace | None = None  # in a match (`rules.match_length` > 1) and only there

    def __post_init__(self) -> None:
        """Hold each turn's steps as `parse_turn` reads their notation with the roll; a game
        of a match, and only one, says where it stands in it."""
        if (self.match is not None) != (self.rules.match_length > 1):
            raise ValueError("a record says where its game stands in a match, and only then")
        read = _turn_parser(self.rules)
        turns = tuple(
            replace(turn, steps=read(format_turn(turn.steps), turn.dice)) for turn in self.turns
        )
        object.__setattr__(self, "turns", turns)


@dataclass(frozen=True, slots=True)
class Verified:
    """What `verify` checked: how many rolls matched the seed, and the replayed game."""

    rolls: int
    game: AnyGame


def _turn_parser(rules: AnyRules) -> Callable[[str, tuple[int, int]], tuple[Step, ...]]:
    """How the game of `rules` reads a turn's notation with its roll (§10; §9's `bar/22`)."""
    return variant_of(rules).parse_turn


def _rules_text(rules: AnyRules) -> str:
    """The §11 options object, with the game first (`"variant": "short"`) for any but long
    nardy, whose records came before there was another."""
    variant = variant_of(rules)
    named = {} if variant is LONG else {"variant": variant.key}
    return json.dumps({**named, **rules.to_dict()})


def from_game(
    game: AnyGame,
    opening: OpeningRoll,
    players: tuple[str, str],
    *,
    game_id: str,
    seed: bytes,
    mix: str,
    hints: tuple[int, int] = (0, 0),
    date: str = "",
    match: tuple[int, MatchPlace] | None = None,
) -> Transcript:
    """The transcript of a finished `game` that `nardy.game.new_game` began with `opening`,
    its dice from `nardy.fair.FairDice(seed, game_id, mix)`; `players` by colour, White's
    first, the `hints` each asked for, the `date` it ended and, in a match, the match's
    length and the game's place in it (the game's own rules say one game, RULES.md §7)."""
    if game.result is None:
        raise ValueError("the game is not over: only a finished game has a transcript")
    if not game.doubles_complete:
        raise ValueError("the game's doubles were not all kept: its cube cannot be replayed")
    rules = game.rules if match is None else replace(game.rules, match_length=match[0])
    return Transcript(
        game_id=game_id,
        players=players,
        rules=rules,
        opening=opening.rolls,
        white_player=opening.white_player,
        turns=game.history,
        result=game.result,
        commitment=commitment(seed, game_id),
        mix=mix,
        seed=seed,
        hints=hints,
        doubles=game.doubles,
        date=date,
        match=None if match is None else match[1],
    )


def format_result(result: GameResult) -> str:
    """A result as the transcript writes it: `white wins, mars, 2 points, borne_off`."""
    who = "draw" if result.winner is None else f"{result.winner.label} wins, {result.kind.value}"
    return f"{who}, {_points(result.points)}, {result.reason.value}"


def to_text(t: Transcript) -> str:
    """The transcript as text, in the format of the module docstring."""
    lines = [
        HEADER,
        f"game: {_quote(t.game_id)}",
        *([f"date: {t.date}"] if t.date else []),
        f"white: {_quote(t.players[Color.WHITE])}",
        f"black: {_quote(t.players[Color.BLACK])}",
        f"rules: {_rules_text(t.rules)}",
    ]
    if t.match is not None:
        white, black = t.match.score
        lines.append(f"match: game {t.match.game}, white {white}, black {black}")
    lines.append(f"opening: {', '.join(_show_pair(t, pair) for pair in t.opening)}")
    value = 1
    for n in range(len(t.turns) + 1):
        for double in t.doubles:
            if double.turn == n:
                value *= 2
                answer = "takes" if double.taken else "drops"
                lines.append(
                    f"cube: {double.by.label} doubles to {value},"
                    f" {double.by.opponent.label} {answer}"
                )
        if n < len(t.turns):
            turn = t.turns[n]
            steps = format_turn(turn.steps) or PASS
            lines.append(f"{n + 1}. {turn.color.label} {turn.dice[0]}-{turn.dice[1]}: {steps}")
    if any(t.hints):
        asked = ", ".join(f"{color.label} {t.hints[color]}" for color in Color if t.hints[color])
        lines.append(f"hints: {asked}")
    lines += [
        f"result: {format_result(t.result)}",
        f"commitment: {t.commitment}",
        f"mix: {_quote(t.mix)}",
        f"seed: {t.seed.hex()}",
    ]
    return "\n".join(lines) + "\n"


def parse(text: str) -> Transcript:
    """Read a transcript written by `to_text`; anything else raises `TranscriptError`."""
    # Blank lines and spaces after the seed are how a file is kept or pasted, not content.
    body = text.rstrip()
    lines = [line.removesuffix("\r") for line in body.split("\n")] if body else []
    reader = _Lines(lines)
    if reader.next() != HEADER:
        raise TranscriptError(f"line 1: a transcript starts with {HEADER!r}")
    game_id = reader.string("game")
    day = _date(reader)
    players = (reader.string("white"), reader.string("black"))
    rules = _rules(reader)
    match = _match(reader, rules.match_length)
    opening, white_player = _opening(reader)
    turns: list[TurnRecord] = []
    doubles: list[Double] = []
    while (line := reader.peek()) is not None and (_TURN.fullmatch(line) or _CUBE.fullmatch(line)):
        if _CUBE.fullmatch(line):
            doubles.append(_double(reader, len(turns), doubles))
        else:
            turns.append(_turn(reader, len(turns) + 1, _turn_parser(rules)))
    if doubles and not rules.cube:
        raise TranscriptError("a game without the doubling cube has no cube lines")
    hints = _hints(reader)
    result = _result(reader)
    commit = reader.hex_field("commitment")
    mix = reader.string("mix")
    seed = bytes.fromhex(reader.hex_field("seed"))
    if reader.peek() is not None:
        raise TranscriptError(f"line {reader.number + 1}: nothing may follow the seed")
    return Transcript(
        game_id,
        players,
        rules,
        opening,
        white_player,
        tuple(turns),
        result,
        commit,
        mix,
        seed,
        hints,
        tuple(doubles),
        day,
        match,
    )


def replay(t: Transcript) -> AnyGame:
    """Play the transcript through the rules core (long nardy's, or short nardy's, §9): the
    opening roll (§2), every turn, and the result (§7). The finished game, or
    `VerificationError` naming the first thing that is wrong."""
    *_, finished = unfold(t)
    return finished


def unfold(t: Transcript) -> Iterator[AnyGame]:
    """The game as each turn of the transcript leaves it (the turn last in its `history`), in
    order, then the finished game (the last turn's, or ended by a resignation, a timeout or a
    dropped double after it): what a replay shows. Checked as `replay` checks them: a wrong
    turn is a `VerificationError` when it comes."""
    first_dice = _check_opening(t)
    game = variant_of(t.rules).placeholder(t.rules)
    doubles = list(t.doubles)
    for n, turn in enumerate(t.turns, 1):
        game = _answer_doubles(game, doubles, n - 1)
        if turn.color is not game.to_move:
            raise VerificationError(
                f"turn {n} is {turn.color.label}'s, but {game.to_move.label} is to move"
            )
        if n == 1 and t.rules.opening is Opening.PLAY_OPENING_ROLL and turn.dice != first_dice:
            # §2 play_opening_roll: the opening dice, higher first, are White's first turn.
            raise VerificationError(
                f"turn 1 is {_show_dice(turn.dice)}, but under opening = play_opening_roll"
                f" the opening dice make it {_show_dice(first_dice)} (RULES.md §2)"
            )
        try:
            game = game.with_roll(turn.dice).play_turn(turn.steps)
        except ValueError as exc:  # IllegalMove naming the rule, or a game already over
            raise VerificationError(
                f"turn {n} ({_show_turn(turn)}) cannot be played: {exc}"
            ) from None
        yield game
    game = _answer_doubles(game, doubles, len(t.turns))
    if doubles:
        raise VerificationError(f"a double before turn {doubles[0].turn + 1} is out of order")
    yield _finish(t, game)


def _answer_doubles(game: AnyGame, doubles: list[Double], turn: int) -> AnyGame:
    """Play the doubles of `doubles` offered before turn `turn` (counted from 0), taking them
    off the list: each by the side to move, before its roll, as short nardy's cube allows (§9;
    never before turn 1, whose roll the opening made)."""
    while doubles and doubles[0].turn == turn:
        double = doubles.pop(0)
        where = f"the double before turn {turn + 1}"
        if not game.rules.cube or turn == 0:
            raise VerificationError(f"{where} is not allowed (RULES.md §9)")
        if double.by is not game.to_move:
            raise VerificationError(
                f"{where} is {double.by.label}'s, but {game.to_move.label} is to move"
            )
        try:
            offered = game.double()
            game = offered.take() if double.taken else offered.drop()
        except ValueError as exc:  # CubeError, or a game over
            raise VerificationError(f"{where} cannot be made: {exc}") from None
    return game


def verify(t: Transcript) -> Verified:
    """Check the commitment, recompute every die from the seed in the order `new_game` and the
    turns roll them, then `replay`; the first failure raises `VerificationError`."""
    expected = commitment(t.seed, t.game_id)
    if t.commitment != expected:
        raise VerificationError(
            f"the commitment {t.commitment} does not match the seed and game id"
            f" (they give {expected})"
        )
    rolls = [(f"roll {i} (opening)", pair, True) for i, pair in enumerate(t.opening, 1)]
    for n, turn in enumerate(t.turns, 1):
        if n == 1 and t.rules.opening is Opening.PLAY_OPENING_ROLL:
            continue  # the opening dice are this turn's (§2), checked by `replay`
        rolls.append((f"roll {len(rolls) + 1} (turn {n}, {turn.color.label})", turn.dice, False))
    for i, (where, recorded, opening) in enumerate(rolls):
        seeded = (die(t.seed, t.game_id, t.mix, 2 * i), die(t.seed, t.game_id, t.mix, 2 * i + 1))
        if recorded != seeded:
            was, given = (
                (_show_pair(t, recorded), _show_pair(t, seeded))
                if opening
                else (_show_dice(recorded), _show_dice(seeded))
            )
            raise VerificationError(f"{where} is {was}, the seed gives {given}")
    return Verified(len(rolls), replay(t))


def _check_opening(t: Transcript) -> tuple[int, int]:
    """Check the opening roll against §2; White's first dice under `play_opening_roll`."""
    if not t.opening:
        raise VerificationError("the opening roll is missing (RULES.md §2)")
    *ties, last = t.opening
    for i, pair in enumerate(ties, 1):
        if pair[0] != pair[1]:
            raise VerificationError(
                f"opening roll {i} ({_show_pair(t, pair)}) is not a tie, yet the opening roll"
                " goes on (RULES.md §2)"
            )
    if last[0] == last[1]:
        raise VerificationError(
            f"the opening roll ends on a tie ({_show_pair(t, last)}); equal dice roll again"
            " (RULES.md §2)"
        )
    if (0 if last[0] > last[1] else 1) != t.white_player:
        raise VerificationError(
            f"the opening roll {_show_pair(t, last)} gives White to the lower die; the higher"
            " die plays White (RULES.md §2)"
        )
    return max(last), min(last)


def _finish(t: Transcript, game: AnyGame) -> AnyGame:
    """Apply a recorded resignation or timeout and compare the result with the record (§7)."""
    recorded = t.result
    if game.result is None and recorded.reason is not EndReason.BORNE_OFF:
        if recorded.winner is None:
            raise VerificationError(f"a game is not drawn by {recorded.reason.value}")
        loser = recorded.winner.opponent
        try:
            game = game.resign(loser, recorded.reason)
        except ValueError as exc:
            raise VerificationError(f"{loser.label} cannot resign here: {exc}") from None
    if game.result is None:
        raise VerificationError(
            f"the game is not over after {len(t.turns)} turns, yet the record says"
            f" {format_result(recorded)}"
        )
    if game.result != recorded:
        raise VerificationError(
            f"the game replays to {format_result(game.result)}; the record says"
            f" {format_result(recorded)}"
        )
    return game


class _Lines:
    """The transcript's lines, read in order, each error naming its line number."""

    def __init__(self, lines: list[str]) -> None:
        """Start before the first of `lines`."""
        self._lines = lines
        self.number = 0  # lines read so far

    def peek(self) -> str | None:
        """The next line, not yet read; None at the end."""
        return self._lines[self.number] if self.number < len(self._lines) else None

    def next(self) -> str:
        """Read the next line."""
        line = self.peek()
        if line is None:
            raise TranscriptError(f"line {self.number + 1}: the transcript ends too early")
        self.number += 1
        return line

    def error(self, message: str) -> TranscriptError:
        """An error about the line just read."""
        return TranscriptError(f"line {self.number}: {message}")

    def field(self, key: str) -> str:
        """The value of the next line, which must be `key: value`."""
        line = self.next()
        if not line.startswith(f"{key}: "):
            raise self.error(f"expected '{key}: …', found {line[:40]!r}")
        return line[len(key) + 2 :]

    def string(self, key: str) -> str:
        """A field holding a JSON string."""
        text = self.field(key)
        try:
            value = json.loads(text)
        except ValueError:
            raise self.error(f"{key} must be a JSON string") from None
        if not isinstance(value, str) or "\x00" in value:
            raise self.error(f"{key} must be a JSON string without NUL characters")
        return value

    def hex_field(self, key: str) -> str:
        """A field holding 32 bytes as 64 lower-case hex digits."""
        value = self.field(key)
        if not _HEX.fullmatch(value):
            raise self.error(f"{key} must be {2 * SEED_BYTES} lower-case hex digits")
        return value


def _rules(reader: _Lines) -> AnyRules:
    """The §11 options object on the `rules` line; any game but long nardy names itself."""
    text = reader.field("rules")
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("options must be a JSON object")
        key = data.pop("variant", LONG.key)
        if not isinstance(key, str):
            raise ValueError(f"no game is named {key!r}")
        return find_variant(key).rules_from_dict(data)
    except KeyError as exc:  # an unknown game
        raise reader.error(f"rules: {exc.args[0]}") from None
    except ValueError as exc:  # bad JSON or a RulesError
        raise reader.error(f"rules: {exc}") from None


def _date(reader: _Lines) -> str:
    """The optional `date` line: a day as `YYYY-MM-DD`; "" when there is none."""
    if not (reader.peek() or "").startswith("date: "):
        return ""
    value = reader.field("date")
    try:
        if not _DATE.fullmatch(value):
            raise ValueError(value)
        datetime.date.fromisoformat(value)
    except ValueError:
        raise reader.error(f"{value!r} is not a day like 2026-12-05") from None
    return value


def _match(reader: _Lines, length: int) -> MatchPlace | None:
    """The `match` line a game of a match to `length` points has (and only one): the game's
    number and the score before it, each below `length` (the match was not yet won)."""
    if length == 1:
        return None
    text = reader.field("match")
    found = _MATCH.fullmatch(text)
    if found is None:
        raise reader.error(f"{text!r} is not like 'game 2, white 1, black 0'")
    score = (int(found[2]), int(found[3]))
    if max(score) >= length:
        raise reader.error(f"a score of {max(score)} had already won the match to {length}")
    return MatchPlace(int(found[1]), score)


def _opening(reader: _Lines) -> tuple[tuple[tuple[int, int], ...], int]:
    """The opening roll's pairs in rolling order, and which player got White."""
    pairs = []
    first_colour = None
    for part in reader.field("opening").split(", "):
        match = _PAIR.fullmatch(part)
        if not match or match[1] == match[3] or first_colour not in (None, match[1]):
            raise reader.error(
                f"{part!r} is not a pair of dice like 'black 3 white 5', named in one order"
            )
        first_colour = match[1]
        pairs.append((int(match[2]), int(match[4])))
    return tuple(pairs), 0 if first_colour == "white" else 1


def _turn(
    reader: _Lines, n: int, read: Callable[[str, tuple[int, int]], tuple[Step, ...]]
) -> TurnRecord:
    """One turn line, which must be turn `n`, its steps as `read` reads them."""
    match = _TURN.fullmatch(reader.next())
    assert match is not None  # the caller has peeked at it
    if int(match[1]) != n:
        raise reader.error(f"turn {match[1]} where turn {n} was due")
    dice = (int(match[3]), int(match[4]))
    text = match[5]
    try:
        steps = () if text == PASS else read(text, dice)
    except NotationError as exc:
        raise reader.error(str(exc)) from None
    if not steps and text != PASS:
        raise reader.error(f"turn {n} names no steps; write {PASS!r} for no moves")
    return TurnRecord(Color.parse(match[2]), dice, steps)


def _double(reader: _Lines, turn: int, before: list[Double]) -> Double:
    """One cube line, read before turn `turn` + 1, after the doubles `before`: the value it
    names must be twice the cube's after those taken, its answerer the doubler's opponent."""
    match = _CUBE.fullmatch(reader.next())
    assert match is not None  # the caller has peeked at it
    by, value = Color.parse(match[1]), 2 ** (sum(d.taken for d in before) + 1)
    if match[3] == match[1] or match[2] != str(value):
        raise reader.error(
            f"a double goes to {value} (twice the cube) and is answered by the doubler's opponent"
        )
    return Double(turn, by, match[4] == "takes")


def _hints(reader: _Lines) -> tuple[int, int]:
    """The `hints` line, if there is one: how many each colour asked for."""
    line = reader.peek()
    if line is None or not line.startswith("hints: "):
        return (0, 0)
    hints = [0, 0]
    for part in reader.field("hints").split(", "):
        match = _HINTS.fullmatch(part)
        if match is None or hints[Color.parse(match[1])]:
            raise reader.error(f"{part!r} is not hints like 'white 2', each colour once")
        hints[Color.parse(match[1])] = int(match[2])
    return hints[0], hints[1]


def _result(reader: _Lines) -> GameResult:
    """The `result` line (§7)."""
    text = reader.field("result")
    bad = reader.error(f"{text!r} is not a result like 'white wins, mars, 2 points, borne_off'")
    match = _RESULT.fullmatch(text)
    kind = (match[2] or ResultKind.DRAW.value) if match else ""
    if match is None or kind not in _KINDS or match[4] not in _REASONS:
        raise bad
    winner = Color.parse(match[1]) if match[1] else None
    result = GameResult(winner, ResultKind(kind), int(match[3]), EndReason(match[4]))
    if format_result(result) != text:  # one spelling only: `1 point`, a draw of no kind
        raise bad
    return result


def _quote(text: str) -> str:
    """Free text as a JSON string, keeping letters of any script readable."""
    return json.dumps(text, ensure_ascii=False)


def _points(points: int) -> str:
    """`1 point`, `2 points`."""
    return f"{points} point" if points == 1 else f"{points} points"


def _show_dice(dice: tuple[int, int]) -> str:
    """A roll in the order rolled: `3-5`."""
    return f"{dice[0]}-{dice[1]}"


def _show_turn(turn: TurnRecord) -> str:
    """A turn as its line writes it, without the number: `white 6-5: 24/18 18/13`."""
    return f"{turn.color.label} {_show_dice(turn.dice)}: {format_turn(turn.steps) or PASS}"


def _show_pair(t: Transcript, pair: tuple[int, int]) -> str:
    """An opening pair in rolling order, each die named by its player's colour."""
    colours = (Color.WHITE, Color.BLACK) if t.white_player == 0 else (Color.BLACK, Color.WHITE)
    return f"{colours[0].label} {pair[0]} {colours[1].label} {pair[1]}"
