"""A compact, versioned text record of a game, for storage (a long game stays well under 2 KB).

`g1|<rules>|<position>|<dice>|<played>|<history>|<result>`: the rules as one letter an option
and the match length, the position in the 30-character form of `nardy.interchange`, a step as
a point letter (a = own point 1 … x = 24) and its die, a turn as its dice then its steps.
Turns alternate colours, so the history names only the first turn's (`w` or `b`).
"""

from __future__ import annotations

from nardy.color import Color
from nardy.game import Game, TurnRecord
from nardy.interchange import position_from_text, position_to_text
from nardy.rules import BlockCheck, HeadException, Opening, Rules, Scoring
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.steps import Step

VERSION = "g1"
_POINT_LETTERS = "abcdefghijklmnopqrstuvwxy"  # own points 1..24; y: short nardy's bar (25)
LONG_POINTS = 24


class RecordError(ValueError):
    """A stored record that cannot be read back."""


def _code(options: tuple[object, ...], value: object, letters: str) -> str:
    return letters[options.index(value)]


def _decode(options: tuple[object, ...], letter: str, letters: str) -> object:
    if letter not in letters:
        raise RecordError(f"bad rules letter {letter!r}")
    return options[letters.index(letter)]


_RULES_CODES: tuple[tuple[str, tuple[object, ...], str], ...] = (
    ("opening", tuple(Opening), "rp"),
    ("higher_die_rule", (True, False), "hf"),
    ("head_exception", tuple(HeadException), "3an"),
    ("block_check", tuple(BlockCheck), "et"),
    ("scoring", tuple(Scoring), "cx"),
    ("last_roll", (False, True), "nl"),
)


def rules_to_text(rules: Rules) -> str:
    letters = "".join(
        _code(opts, getattr(rules, name), codes) for name, opts, codes in _RULES_CODES
    )
    return f"{letters}{rules.match_length}"


def is_long_rules(text: str) -> bool:
    """Whether a rules code is long nardy's (`rules_to_text`): it starts with the opening's
    letter, which no other game's code does."""
    return text != "" and text[0] in _RULES_CODES[0][2]


def rules_from_text(text: str) -> Rules:
    n = len(_RULES_CODES)
    length = text[n:]
    if len(text) <= n or not (length.isascii() and length.isdigit()):
        raise RecordError(f"bad rules code {text!r}")
    values = {
        name: _decode(opts, text[i], codes) for i, (name, opts, codes) in enumerate(_RULES_CODES)
    }
    try:
        return Rules(**values, match_length=int(length))  # type: ignore[arg-type]
    except ValueError as exc:  # RulesError: a match to 0 points
        raise RecordError(str(exc)) from None


def steps_to_text(steps: tuple[Step, ...]) -> str:
    return "".join(f"{_POINT_LETTERS[s.src - 1]}{s.die}" for s in steps)


def steps_from_text(
    text: str, step: type[Step] = Step, points: int = LONG_POINTS
) -> tuple[Step, ...]:
    """Steps of `step`'s type from own points 1..`points` (short nardy's bar is 25)."""
    if len(text) % 2:
        raise RecordError(f"bad steps {text!r}")
    letters = _POINT_LETTERS[:points]
    steps = []
    for i in range(0, len(text), 2):
        letter, die = text[i], text[i + 1]
        if letter not in letters or die not in "123456":
            raise RecordError(f"bad step {text[i : i + 2]!r}")
        steps.append(step(letters.index(letter) + 1, int(die)))
    return tuple(steps)


def history_to_text(history: tuple[TurnRecord, ...]) -> str:
    """The turns played, each its dice then its steps, the first turn's colour first."""
    text = ",".join(dice_to_text(t.dice) + steps_to_text(t.steps) for t in history)
    return history[0].color.label[0] + text if history else ""


def history_from_text(
    text: str, step: type[Step] = Step, points: int = LONG_POINTS
) -> tuple[TurnRecord, ...]:
    """The turns `history_to_text` wrote."""
    turns: list[TurnRecord] = []
    if not text:
        return ()
    colors = {"w": Color.WHITE, "b": Color.BLACK}
    if text[0] not in colors:
        raise RecordError(f"bad history {text[:10]!r}")
    color = colors[text[0]]
    for turn in text[1:].split(","):
        steps = steps_from_text(turn[2:], step, points)
        turns.append(TurnRecord(color, dice_from_text(turn[:2]), steps))
        color = color.opponent
    return tuple(turns)


def dice_to_text(dice: tuple[int, int] | None) -> str:
    return f"{dice[0]}{dice[1]}" if dice else ""


def dice_from_text(text: str) -> tuple[int, int]:
    if len(text) != 2 or any(ch not in "123456" for ch in text):
        raise RecordError(f"bad dice {text!r}")
    return int(text[0]), int(text[1])


def result_to_text(result: GameResult | None) -> str:
    if result is None:
        return ""
    winner = result.winner.label[0] if result.winner is not None else "d"
    return f"{winner}:{result.kind.value}:{result.points}:{result.reason.value}"


def result_from_text(text: str) -> GameResult | None:
    if not text:
        return None
    try:
        winner, kind, points, reason = text.split(":")
        color = {"w": Color.WHITE, "b": Color.BLACK, "d": None}[winner]
        return GameResult(color, ResultKind(kind), int(points), EndReason(reason))
    except (ValueError, KeyError):
        raise RecordError(f"bad result {text!r}") from None


def game_to_text(game: Game) -> str:
    """The record of `game`; `game_from_text` reads it back to an equal `Game`."""
    return "|".join(
        (
            VERSION,
            rules_to_text(game.rules),
            position_to_text(game.position),
            dice_to_text(game.dice),
            steps_to_text(game.played),
            history_to_text(game.history),
            result_to_text(game.result),
        )
    )


def game_from_text(text: str) -> Game:
    """Read a record written by `game_to_text`; anything else raises `RecordError`."""
    parts = text.split("|")
    if len(parts) != 7 or parts[0] != VERSION:
        raise RecordError(f"not a {VERSION} game record")
    _, rules, position, dice, played, history, result = parts
    turns = history_from_text(history)
    try:
        pos = position_from_text(position)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return Game(
        rules_from_text(rules),
        pos,
        dice_from_text(dice) if dice else None,
        steps_from_text(played),
        turns,
        result_from_text(result),
    )
