"""GNU Backgammon's side of `tools.research.gnubg_arena`: gnubg's 0-ply evaluations over JSON
lines.

Run inside gnubg's own Python, never the venv's: `gnubg -t -q -p tools/research/gnubg_oracle.py`
(from the repository root; the arena passes the file's own path). It reads one JSON request a line
on stdin and answers each with one JSON line on stdout; everything gnubg prints itself (its banner
aside, which comes before the first answer) goes to stderr. Every answer has `ok` (with `error` when
false) and `cpu`, this process's CPU seconds so far.

- `{"op": "eval", "boards": [board, ...]}`: `probs`, gnubg's 0-ply cubeless evaluation of each
  board: [P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon)] for the
  side on roll, gammons including backgammons.
- `{"op": "best", "board": board, "dice": [d1, d2]}`: `move`, `gnubg.findbestmove`'s move at the
  same 0-ply: (from, to) pairs in the on-roll side's numbering, 25 the bar, 0 borne off.
- `{"op": "pips", "board": board}`: `pips`, [on roll, other] as gnubg's `show pipcount` gives them
  once the board is set with `set board`.
- `{"op": "quit"}`, or the end of stdin: exit.

A board is gnubg's: [other side, side on roll], each 25 counts of that side's checkers on its own
points 1..24 (indexes 0..23) and the bar (index 24). The first line, before any request, is
`{"ok": true, "ready": true, "evalcontext": ..., "cubeinfo": ...}`.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from typing import Any

import gnubg  # type: ignore[import-not-found]  # gnubg's embedded module, not in the venv

# 0-ply, cubeless, no noise; `prune` only matters above 0-ply.
EVAL_CONTEXT = {"cubeful": 0, "plies": 0, "deterministic": 1, "prune": 0, "noise": 0.0}
PIPS = re.compile(r"pip counts are: .* (\d+), .* (\d+)\.")


def money_cube() -> Any:
    """Cube 1 in the middle, money play, no Jacoby rule: gammons count (price 1, as for money)."""
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    cube["jacoby"] = 0
    return gnubg.calcgammonprice(cube)


def board_of(value: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A request's board, checked: two lists of 25 counts, at most 15 checkers a side."""
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("a board is two lists of 25 counts")
    sides = []
    for side in value:
        if (
            not isinstance(side, list)
            or len(side) != 25
            or not all(type(n) is int and 0 <= n <= 15 for n in side)
            or sum(side) > 15
        ):
            raise ValueError(f"a side is 25 counts of 0..15 adding up to at most 15: {side!r}")
        sides.append(tuple(side))
    return sides[0], sides[1]


def pips(board: tuple[tuple[int, ...], tuple[int, ...]], capture: Any) -> list[int]:
    """gnubg's pip counts of `board` (on roll, other) from its `show pipcount`."""
    gnubg.command("set board " + gnubg.positionid(board))
    if tuple(tuple(side) for side in gnubg.board()) != board:
        raise ValueError("gnubg refused the board (`set board`)")
    capture.seek(0)
    capture.truncate()
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(capture.fileno(), 1)
    try:
        gnubg.command("show pipcount")
        sys.stdout.flush()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    capture.seek(0)
    text = capture.read().decode(errors="replace")
    found = PIPS.search(text)
    if found is None:
        raise ValueError(f"no pip counts in gnubg's answer {text.strip()!r}")
    return [int(found.group(1)), int(found.group(2))]


def answer(request: Any, cube: Any, capture: Any) -> dict[str, Any]:
    """The answer to one request (without `cpu`)."""
    op = request.get("op") if isinstance(request, dict) else None
    if op == "eval":
        probs = []
        for value in request["boards"]:
            out = gnubg.evaluate(board_of(value), cube, EVAL_CONTEXT)
            probs.append([float(x) for x in out[:5]])
        return {"ok": True, "probs": probs}
    if op == "best":
        dice = request["dice"]
        if not (isinstance(dice, list) and len(dice) == 2 and all(1 <= d <= 6 for d in dice)):
            raise ValueError(f"dice are two numbers 1..6: {dice!r}")
        move = gnubg.findbestmove(board_of(request["board"]), cube, EVAL_CONTEXT, tuple(dice))
        return {"ok": True, "move": [int(x) for x in move]}
    if op == "pips":
        return {"ok": True, "pips": pips(board_of(request["board"]), capture)}
    raise ValueError(f"unknown request {request!r}")


def main() -> None:
    # The answers go to the stdout we were given; whatever gnubg prints goes to stderr.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    for command in ("set display off", "set threads 1", "set player 0 human"):
        gnubg.command(command)
    gnubg.command("set player 1 human")
    gnubg.command("new game")  # `set board` (for `pips`) needs a game going
    cube = money_cube()
    ready = {"ok": True, "ready": True, "evalcontext": EVAL_CONTEXT, "cubeinfo": cube}
    print(json.dumps({**ready, "cpu": time.process_time()}), file=out, flush=True)
    with tempfile.TemporaryFile() as capture:
        while True:
            line = sys.stdin.readline()
            if not line:
                break
            try:
                request = json.loads(line)
                if isinstance(request, dict) and request.get("op") == "quit":
                    break
                reply = answer(request, cube, capture)
            except Exception as error:  # any bad request gets its answer; the loop goes on
                reply = {"ok": False, "error": f"{type(error).__name__}: {error}"}
            reply["cpu"] = time.process_time()
            print(json.dumps(reply), file=out, flush=True)


if __name__ == "__main__":
    main()
