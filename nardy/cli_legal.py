"""`python -m nardy legal`: the JSON Lines contract of RULES.md §11, one answer a line, for the
long game and, with `"variant": "short"`, short nardy (§9)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, TextIO

from nardy import short
from nardy.interchange import position_from_json
from nardy.movegen import legal_turns
from nardy.rules import Rules


def answer(case: Any) -> dict[str, Any]:
    """The §11 answer for one decoded case: max_steps, sorted result keys, one turn each.

    `"variant": "short"` makes it a short-nardy case (RULES.md §9; position with the bar,
    turns in `bar/22 13/7*` notation); a missing variant is the long game.
    """
    if not isinstance(case, dict):
        raise ValueError("a case is a JSON object with 'position', 'dice' and 'options'")
    dice = case.get("dice")
    if not isinstance(dice, list) or len(dice) != 2:
        raise ValueError("'dice' must be a list of two integers 1..6")
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise ValueError("'dice' must be a list of two integers 1..6")
    options = case.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("'options' must be a JSON object")
    variant = case.get("variant", "long")
    if variant == "short":
        return _short_answer(case.get("position"), (dice[0], dice[1]), options)
    if variant != "long":
        raise ValueError('\'variant\' must be "long" or "short"')
    position = position_from_json(case.get("position"))
    legal = legal_turns(position, (dice[0], dice[1]), Rules.from_dict(options))
    turns = legal.turns
    return {
        "max_steps": legal.max_steps,
        "results": [t.result.canonical_key() for t in turns],
        "turns": [[str(step) for step in t.steps] for t in turns],
    }


def _short_answer(data: Any, dice: tuple[int, int], options: dict[str, Any]) -> dict[str, Any]:
    position = short.position_from_json(data)
    legal = short.legal_turns(position, dice, short.ShortRules.from_dict(options))
    turns = sorted(legal.turns, key=lambda turn: turn.result.canonical_key())
    return {
        "max_steps": legal.max_steps,
        "results": [t.result.canonical_key() for t in turns],
        "turns": [short.format_turn(position, t.steps).split() for t in turns],
    }


def answer_lines(lines: Iterable[str]) -> Iterator[str]:
    """Answer each input line, blank ones too, so answer N is always line N's; a malformed
    line gets {"error": ...} and the stream goes on."""
    for line in lines:
        try:
            out = answer(json.loads(line))
        except (ValueError, TypeError) as exc:  # JSONDecodeError, InvalidPosition, RulesError...
            out = {"error": str(exc)}
        except RecursionError:  # JSON nested deeper than the decoder can follow
            out = {"error": "the line is nested too deeply to be a case"}
        yield json.dumps(out, separators=(",", ":"))


def run(stdin: BinaryIO, stdout: TextIO) -> int:
    """Serve the contract on byte streams; bytes that are not UTF-8 make that line an error."""
    lines = (raw.decode("utf-8", errors="replace") for raw in stdin)
    for out in answer_lines(lines):
        stdout.write(out + "\n")
        stdout.flush()
    return 0
