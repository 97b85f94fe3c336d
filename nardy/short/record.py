"""A compact text record of a short-nardy game, for storage beside the long game's
(`nardy.record`), which it shares steps, dice, turns and results with.

`s1|<rules>|<position>|<dice>|<played>|<history>|<result>|<cube>[|<doubles>]`: the rules as
`S` then one letter an option and the match length (`Srhn1`, told from the long game's by the
`S`), the position as its 24 point counts, the bar, the checkers off and the side to move
(`2,0,…,-2/0,1/0,0/w`), a step as its point letter (`y`: the bar, point 25) and its die, and
the cube as its value, owner, offer (`-`: none) and `c` in a Crawford game (`2b-`), and the
doubles answered, when there were any, each as the turns before it, the doubler and `t` (taken)
or `d` (dropped), comma-separated (`4wt,9bd`); a record without them is a game without any.
When the last turn hit, a tenth part says which of its steps did, `1` or `0` a step (`01`),
after the doubles (empty when there were none); a record without it is a last turn that hit
nothing (records written before 2026-12-07 did not keep it).
"""

from __future__ import annotations

from typing import cast

from nardy.color import Color
from nardy.cube import Cube, Double
from nardy.record import (
    RecordError,
    dice_from_text,
    dice_to_text,
    history_from_text,
    history_to_text,
    result_from_text,
    result_to_text,
    steps_from_text,
    steps_to_text,
)
from nardy.rules import Opening
from nardy.short.game import Game
from nardy.short.notation import Step
from nardy.short.position import BAR, Position
from nardy.short.rules import ShortRules

VERSION = "s1"
RULES_MARK = "S"
_COLORS = {"w": Color.WHITE, "b": Color.BLACK}


def rules_to_text(rules: ShortRules) -> str:
    """`S`, the opening (`r`/`p`), the higher-die rule (`h`/`f`), the cube (`c`/`n`), then the
    match length."""
    opening = "r" if rules.opening is Opening.REROLL else "p"
    higher = "h" if rules.higher_die_rule else "f"
    cube = "c" if rules.cube else "n"
    return f"{RULES_MARK}{opening}{higher}{cube}{rules.match_length}"


def is_short_rules(text: str) -> bool:
    """Whether a rules code is short nardy's (`rules_to_text`)."""
    return text.startswith(RULES_MARK)


def rules_from_text(text: str) -> ShortRules:
    length = text[4:]
    if (
        len(text) < 5
        or not is_short_rules(text)
        or text[1] not in "rp"
        or text[2] not in "hf"
        or text[3] not in "cn"
        or not (length.isascii() and length.isdigit())
    ):
        raise RecordError(f"bad short rules code {text!r}")
    opening = Opening.REROLL if text[1] == "r" else Opening.PLAY_OPENING_ROLL
    try:
        return ShortRules(opening, text[2] == "h", text[3] == "c", int(length))
    except ValueError as exc:  # RulesError: a match to 0 points
        raise RecordError(str(exc)) from None


def _color_text(color: Color | None) -> str:
    return "-" if color is None else color.label[0]


def _color_from(text: str) -> Color | None:
    if text == "-":
        return None
    if text not in _COLORS:
        raise RecordError(f"bad colour {text!r}")
    return _COLORS[text]


def position_to_text(position: Position) -> str:
    """A position in one line: the 24 points, the bar, the borne off, the side to move."""
    points = ",".join(map(str, position.points))
    bar, off = position.bar, position.off
    return f"{points}/{bar[0]},{bar[1]}/{off[0]},{off[1]}/{position.to_move.label[0]}"


def position_from_text(text: str) -> Position:
    """Read `position_to_text`'s line back; anything else raises `RecordError`."""
    try:
        points, bar, off, to_move = text.split("/")
        white_bar, black_bar = map(int, bar.split(","))
        white_off, black_off = map(int, off.split(","))
        mover = _color_from(to_move)
        if mover is None:
            raise RecordError("no side to move")
        return Position(
            tuple(map(int, points.split(","))),
            (white_bar, black_bar),
            (white_off, black_off),
            mover,
        )
    except ValueError as exc:  # a malformed number or an impossible position
        raise RecordError(f"bad short position: {exc}") from None


def _cube_to_text(game: Game) -> str:
    cube = game.cube
    crawford = "c" if game.crawford else ""
    return f"{cube.value}{_color_text(cube.owner)}{_color_text(cube.offered_by)}{crawford}"


def _cube_from_text(text: str) -> tuple[Cube, bool]:
    value, owner, offered, crawford = text[:-2], text[-2:-1], text[-1:], False
    if text.endswith("c"):
        value, owner, offered, crawford = text[:-3], text[-3:-2], text[-2:-1], True
    if not (value.isascii() and value.isdigit()):
        raise RecordError(f"bad cube {text!r}")
    return Cube(int(value), _color_from(owner), _color_from(offered)), crawford


_ANSWERS = {"t": True, "d": False}


def _doubles_to_text(doubles: tuple[Double, ...]) -> str:
    return ",".join(f"{d.turn}{_color_text(d.by)}{'t' if d.taken else 'd'}" for d in doubles)


def _doubles_from_text(text: str) -> tuple[Double, ...]:
    doubles = []
    for part in text.split(","):
        turn, by, answer = part[:-2], _color_from(part[-2:-1]), part[-1:]
        if not (turn.isascii() and turn.isdigit()) or by is None or answer not in _ANSWERS:
            raise RecordError(f"bad double {part!r}")
        doubles.append(Double(int(turn), by, _ANSWERS[answer]))
    return tuple(doubles)


def game_to_text(game: Game) -> str:
    """The record of `game`; `game_from_text` reads it back to an equal `Game`."""
    doubles = (_doubles_to_text(game.doubles),) if game.doubles or game.last_hits else ()
    hit = ("".join("1" if flag else "0" for flag in game.last_hits),) if game.last_hits else ()
    return "|".join(
        (
            VERSION,
            rules_to_text(game.rules),
            position_to_text(game.position),
            dice_to_text(game.dice),
            steps_to_text(game.played),
            history_to_text(game.history),
            result_to_text(game.result),
            _cube_to_text(game),
            *doubles,
            *hit,
        )
    )


def is_short_game(text: str) -> bool:
    """Whether a stored game record is short nardy's."""
    return text.startswith(f"{VERSION}|")


def game_from_text(text: str) -> Game:
    """Read a record written by `game_to_text`; anything else raises `RecordError`."""
    parts = text.split("|")
    if len(parts) not in (8, 9, 10) or parts[0] != VERSION:
        raise RecordError(f"not a {VERSION} game record")
    _, rules, position, dice, played, history, result, cube, *tail = parts
    doubles, hit = (*tail, "", "")[:2]
    if len(parts) == 9 and not doubles:
        raise RecordError("an empty doubles part")
    if hit.strip("01") or (len(parts) == 10 and "1" not in hit):
        raise RecordError(f"bad hits {hit!r}")
    steps = cast(tuple[Step, ...], steps_from_text(played, Step, BAR))
    turns = history_from_text(history, Step, BAR)
    the_cube, crawford = _cube_from_text(cube)
    return Game(
        rules_from_text(rules),
        position_from_text(position),
        dice_from_text(dice) if dice else None,
        steps,
        turns,
        result_from_text(result),
        the_cube,
        crawford,
        _doubles_from_text(doubles) if doubles else (),
        tuple(flag == "1" for flag in hit),
    )
