"""`python -m nardy legal`: the JSON Lines contract of RULES.md §11, one answer a line."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, TextIO

from nardy.interchange import position_from_json
from nardy.movegen import legal_turns
from nardy.rules import Rules


def answer(case: Any) -> dict[str, Any]:
    """The §11 answer for one decoded case: max_steps, sorted result keys, one turn each."""
    if not isinstance(case, dict):
        raise ValueError("a case is a JSON object with 'position', 'dice' and 'options'")
    position = position_from_json(case.get("position"))
    dice = case.get("dice")
    if not isinstance(dice, list) or len(dice) != 2:
        raise ValueError("'dice' must be a list of two integers 1..6")
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise ValueError("'dice' must be a list of two integers 1..6")
    options = case.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("'options' must be a JSON object")
    legal = legal_turns(position, (dice[0], dice[1]), Rules.from_dict(options))
    turns = legal.turns
    return {
        "max_steps": legal.max_steps,
        "results": [t.result.canonical_key() for t in turns],
        "turns": [[str(step) for step in t.steps] for t in turns],
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
