"""Short nardy's bot against GNU Backgammon at 0-ply: cubeless money games on paired dice.

Short nardy is backgammon (RULES.md §9), so gnubg can be the yardstick. Usage:

    .venv/bin/python -m tools.research.gnubg_arena hard --pairs 250 [--seed 1] [--start 0]
        [--jobs 1] [--every 25] [--check-every 50] [--by best|eval] [--gnubg /usr/games/gnubg]
        [--timeout 30]

Pair i (counted from 0 over the seed's sequence) plays two games on the dice seed
`seed * 1_000_003 + i` (as `tools.research.arena`), our level White in the first and Black in
the second: as in `tools.research.short_duel`, White moves on the first roll (no opening roll),
so both games see the same dice turn by turn. `--start K` begins at pair K, to extend an earlier
run. The cube is off (`ShortRules()`): single game 1 point, gammon 2, backgammon 3; `MAX_TURNS`
as the duel's.

Our side is `nardy.short.ai.choose_turn` at the level named (any `Level`: `easy`, `medium`, `hard`,
`expert`), with the duel's seed per turn. gnubg's side is gnubg at 0-ply, cubeless, deterministic,
no noise, money gammon prices, one child process a worker (`gnubg -t -q -p
tools/research/gnubg_oracle.py`, JSON lines; `--jobs` workers). Its turn is always one of our move
generator's: by default (`--by best`) the one leaving the same position as gnubg's own
`findbestmove` (the run stops if none does); with `--by eval`, the best of our legal turns by
cubeless money equity (win − loss, gammons and backgammons counted once more each) from gnubg's
0-ply `evaluate` of the position each leaves, a game-ending turn at its exact value. Both are 0-ply
move selection; `--by best` is the default because gnubg 1.07's Python calls each wait about 10 ms
for its worker thread, one call a turn instead of one a candidate turn.

It checks itself: before the games, gnubg's pip counts (`show pipcount` after `set board`) of the
start and of every position of a seeded game must equal ours, and a position's board must be its
colour-swapped mirror's; during them, every gnubg turn must be one of our legal turns, and every
`--check-every`-th gnubg decision with a choice (by pair seed and turn, so the same whatever
`--jobs`) is played both ways: the share where `findbestmove` and `evaluate` pick the same turn,
or turns of equal equity (a tie), is reported with a few of the others.

Prints, every `--every` pairs and at the end: games, our share of wins and our points per game
with 95% intervals (normal approximation over the pairs' means), gammons and backgammons each way,
the CPU seconds of our level's `choose_turn`, of the gnubg children (their own clocks) and of the
rest of the workers (game flow, gnubg's legal turns, the pipes), wall time and seconds per game.
Left out: the start-up of Python, of the workers and of the gnubg children, and the checks before
the games; the cube. A gnubg child that dies, stalls past `--timeout` or answers garbage stops the
run with one error line.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, NoReturn

from nardy.ai import init_worker
from nardy.ai.levels import Level
from nardy.color import Color
from nardy.dice import SeededDice
from nardy.position import CHECKERS
from nardy.scoring import GameResult, ResultKind
from nardy.short.ai import choose_turn
from nardy.short.game import Game
from nardy.short.movegen import Turn, legal_turns
from nardy.short.notation import Step
from nardy.short.position import Position
from nardy.short.rules import ShortRules
from nardy.short.scoring import loss_value
from tools.research.duel import MAX_TURNS

ORACLE = Path(__file__).with_name("gnubg_oracle.py")
RULES = ShortRules()  # cube off: cubeless money games
TIE = 1e-6  # equities closer than this are a tie (gnubg's probabilities are 32-bit floats)
EXAMPLES = 3  # findbestmove's disagreements with evaluate kept per pair for the report

Side = list[int]  # one side's checkers on its own points 1..24 (indexes 0..23) and the bar (24)
Board = tuple[Side, Side]  # gnubg's board: (the other side, the side on roll)


class OracleError(RuntimeError):
    """gnubg failed: it died, stalled, answered garbage, or disagreed with our board."""


# -- gnubg's board ---------------------------------------------------------------------------


def side(position: Position, color: Color) -> Side:
    """`color`'s checkers in gnubg's form: own points 1..24, then the bar."""
    return list(position.own_counts(color)[1:])


def board(position: Position) -> Board:
    """`position` as gnubg reads it, the side to move on roll."""
    mover = position.to_move
    return side(position, mover.opponent), side(position, mover)


def mirror(position: Position) -> Position:
    """The same position with the colours swapped (White's checkers become Black's)."""
    points = tuple(-n for n in reversed(position.points))
    bar, off = position.bar, position.off
    return Position(points, (bar[1], bar[0]), (off[1], off[0]), position.to_move.opponent)


def after_move(before: Board, move: list[int]) -> Board:
    """`before` after gnubg's `move`, (from, to) pairs in the on-roll side's numbering (25 the
    bar, 0 off), a blot hit going to its bar; the side that moved is still the second."""
    other, mine = list(before[0]), list(before[1])
    for src, dst in zip(move[::2], move[1::2], strict=True):
        if src == 0:
            continue
        mine[src - 1] -= 1
        if dst > 0:
            mine[dst - 1] += 1
            if other[24 - dst] == 1:  # the other side's own point 25 − dst
                other[24 - dst] = 0
                other[24] += 1
    return other, mine


def equity(probs: list[float]) -> float:
    """Cubeless money equity of the side whose chances `probs` are (gnubg's five outputs)."""
    win, win_g, win_bg, lose_g, lose_bg = probs
    return 2 * win - 1 + win_g + win_bg - lose_g - lose_bg


# -- the gnubg child -------------------------------------------------------------------------


class Oracle:
    """One gnubg child speaking `tools/research/gnubg_oracle.py`'s JSON lines."""

    def __init__(self, gnubg: str, timeout: float) -> None:
        self.timeout = timeout
        self.version = "GNU Backgammon"
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115  (closed by close())
        try:
            self._process = subprocess.Popen(
                [gnubg, "-t", "-q", "-p", str(ORACLE)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
            )
        except OSError as error:
            raise OracleError(f"cannot start gnubg ({gnubg}): {error}") from None
        self._buffer = bytearray()
        self.cpu = 0.0
        # gnubg prints its banner first (the version on the first line); then the ready line.
        for _ in range(50):
            line = self._line()
            if line.startswith(b"{"):
                self._reply(line)
                return
            if line.startswith(b"GNU Backgammon"):
                self.version = line.decode(errors="replace").strip()
        self._fail("gnubg never said it was ready (is it the gnubg_oracle.py script?)")

    def close(self) -> None:
        """Ask the child to quit; kill it if it does not."""
        if self._process.poll() is None:
            try:
                assert self._process.stdin is not None
                self._process.stdin.write(b'{"op": "quit"}\n')
                self._process.stdin.close()
                self._process.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()
        self._stderr.close()

    def evaluate(self, boards: list[Board]) -> list[list[float]]:
        """gnubg's 0-ply chances of the side on roll in each board."""
        probs = self._ask({"op": "eval", "boards": boards}, "probs")
        if not isinstance(probs, list) or len(probs) != len(boards):
            self._fail(f"gnubg sent {_short(probs)} for {len(boards)} evaluations")
        for chances in probs:
            if not (
                isinstance(chances, list)
                and len(chances) == 5
                and all(isinstance(p, float) and -1e-6 <= p <= 1 + 1e-6 for p in chances)
            ):
                self._fail(f"gnubg sent {_short(chances)} as an evaluation")
        return probs

    def best_move(self, before: Board, dice: tuple[int, int]) -> list[int]:
        """gnubg's own 0-ply `findbestmove` for the side on roll."""
        move = self._ask({"op": "best", "board": before, "dice": list(dice)}, "move")
        if not (
            isinstance(move, list)
            and len(move) % 2 == 0
            and len(move) <= 8
            and all(type(n) is int and 0 <= n <= 25 for n in move)
        ):
            self._fail(f"gnubg sent {_short(move)} as a move")
        return move

    def pips(self, position: Board) -> tuple[int, int]:
        """gnubg's pip counts: (side on roll, other side)."""
        pips = self._ask({"op": "pips", "board": position}, "pips")
        if not (isinstance(pips, list) and len(pips) == 2 and all(type(n) is int for n in pips)):
            self._fail(f"gnubg sent {_short(pips)} as pip counts")
        return pips[0], pips[1]

    def _ask(self, request: dict[str, Any], key: str) -> Any:
        """Send one request and return its answer's `key`."""
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps(request).encode() + b"\n")
            self._process.stdin.flush()
        except OSError:
            self._fail("gnubg stopped reading")
        reply = self._reply(self._line())
        if not reply.get("ok"):
            self._fail(f"gnubg refused {request['op']!r}: {_short(reply.get('error'))}")
        if key not in reply:
            self._fail(f"gnubg's answer has no {key!r}: {_short(reply)}")
        return reply[key]

    def _reply(self, line: bytes) -> dict[str, Any]:
        """A line parsed as an answer; its `cpu` kept."""
        try:
            reply = json.loads(line)
        except ValueError:
            self._fail(f"gnubg answered garbage: {_short(line.decode(errors='replace'))}")
        if not isinstance(reply, dict) or not isinstance(reply.get("cpu"), float):
            self._fail(f"gnubg answered garbage: {_short(reply)}")
        self.cpu = reply["cpu"]
        return reply

    def _line(self) -> bytes:
        """The child's next line of stdout, waiting at most `timeout` seconds."""
        assert self._process.stdout is not None
        fd = self._process.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while (end := self._buffer.find(b"\n")) < 0:
            left = deadline - time.monotonic()
            if left <= 0:
                self._fail(f"gnubg did not answer within {self.timeout:g} s")
            if select.select([fd], [], [], left)[0]:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    self._fail("gnubg exited")
                self._buffer += chunk
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        return line

    def _fail(self, what: str) -> NoReturn:
        """Stop the child and raise `OracleError` with `what`, its exit code and last word."""
        if self._process.poll() is None:
            self._process.kill()
        code = self._process.wait()
        self._stderr.seek(0)
        said = [s for s in self._stderr.read().decode(errors="replace").splitlines() if s.strip()]
        last = f"; its last words: {said[-1].strip()[:200]!r}" if said else ""
        raise OracleError(f"{what} (gnubg exit code {code}{last})")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


# -- the checks --------------------------------------------------------------------------------


def check_boards(oracle: Oracle) -> str:
    """gnubg's pip counts against ours on the start and every position of a seeded game (Easy
    against itself), and each position's board against its mirror's; what was checked."""
    positions = [Position.start(), Position.start().with_turn_passed()]
    dice = SeededDice(12345)
    game = Game(RULES).with_roll(dice.roll())
    for turn in range(MAX_TURNS):
        assert game.dice is not None
        positions.append(game.position)
        steps = choose_turn(game.position, game.dice, RULES, Level.EASY, seed=turn)
        game = game.play_turn(steps) if steps else game.pass_turn()
        if game.result is not None:
            break
        game = game.with_roll(dice.roll())
    barred = off = 0
    for position in positions:
        gnubg_board = board(position)
        if board(mirror(position)) != gnubg_board:
            raise OracleError(f"the mirror of {position.canonical_key()} has another board")
        mover = position.to_move
        ours = position.pip_count(mover), position.pip_count(mover.opponent)
        theirs = oracle.pips(gnubg_board)
        if theirs != ours:
            raise OracleError(
                f"board translation: gnubg counts {theirs} pips (on roll, other) where we count"
                f" {ours} in {position.canonical_key()}"
            )
        barred += any(position.bar)
        off += any(position.off)
    return (
        f"board check: gnubg's pip counts equal ours in {len(positions)} positions"
        f" ({barred} with a checker on the bar, {off} with checkers off), mirrors agree"
    )


# -- the games -----------------------------------------------------------------------------------


@dataclass
class Tally:
    """What some games came to, from our level's side; adds up over pairs."""

    games: int = 0
    wins: int = 0
    points: int = 0
    gammons_won: int = 0  # single gammons (2 points)
    backgammons_won: int = 0
    gammons_lost: int = 0
    backgammons_lost: int = 0
    turns: int = 0
    our_cpu: float = 0.0
    gnubg_cpu: float = 0.0
    rest_cpu: float = 0.0
    checked: int = 0  # gnubg decisions played both ways, findbestmove and evaluate
    same: int = 0  # ... where both picked the same turn
    ties: int = 0  # ... turns of equal equity
    examples: list[str] = field(default_factory=list)  # some of the others

    def add(self, other: Tally) -> None:
        for f in fields(self):
            if f.name == "examples":
                self.examples.extend(other.examples)
            else:
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def count(self, result: GameResult, ours: Color) -> None:
        """One game's result."""
        self.games += 1
        if result.winner is None:
            return
        won = result.winner == ours
        self.wins += won
        self.points += result.points if won else -result.points
        if result.kind is ResultKind.MARS:
            self.gammons_won += won
            self.gammons_lost += not won
        elif result.kind is ResultKind.KOKS:
            self.backgammons_won += won
            self.backgammons_lost += not won


@dataclass(frozen=True, slots=True)
class Job:
    """One pair: our level, its dice seed, and how gnubg is run and checked."""

    level: Level
    seed: int
    gnubg: str
    timeout: float
    check_every: int
    by: str  # "best": gnubg plays findbestmove's turn; "eval": the best by `equities`


def equities(oracle: Oracle, mover: Color, turns: tuple[Turn, ...]) -> list[float]:
    """The mover's cubeless money equity after each turn by gnubg's 0-ply evaluation; a turn
    that ends the game at its exact value."""
    values = [0.0] * len(turns)
    asked: list[int] = []
    for i, turn in enumerate(turns):
        if turn.result.off[mover] == CHECKERS:
            values[i] = float(loss_value(turn.result, mover.opponent)[1])
        else:
            asked.append(i)
    probs = oracle.evaluate([board(turns[i].result) for i in asked])
    for i, chances in zip(asked, probs, strict=True):
        values[i] = -equity(chances)  # the opponent is on roll after the turn
    return values


def best_move(
    oracle: Oracle, position: Position, dice: tuple[int, int], turns: tuple[Turn, ...]
) -> int:
    """The index in `turns` of gnubg's own 0-ply `findbestmove`: the turn that leaves the same
    position; there must be one, or our boards and gnubg's differ."""
    before = board(position)
    move = oracle.best_move(before, dice)
    theirs = after_move(before, move)
    mover = position.to_move
    for i, turn in enumerate(turns):
        if (side(turn.result, mover.opponent), side(turn.result, mover)) == theirs:
            return i
    raise OracleError(
        f"board translation: gnubg's findbestmove {move} with {dice} in"
        f" {position.canonical_key()} ({mover.label} to move) leaves a position that none of"
        " our legal turns does"
    )


def gnubg_turn(
    oracle: Oracle, position: Position, dice: tuple[int, int], job: Job, check: bool, tally: Tally
) -> tuple[Step, ...]:
    """gnubg's 0-ply turn, one of our legal turns: `findbestmove`'s, or with `job.by` "eval"
    the best by `equities`; with `check`, both, compared."""
    legal = legal_turns(position, dice, RULES)
    turns = legal.turns
    if legal.passes or len(turns) == 1:
        return turns[0].steps
    found = best_move(oracle, position, dice, turns) if job.by == "best" or check else -1
    if job.by == "best" and not check:
        return turns[found].steps
    values = equities(oracle, position.to_move, turns)
    picked = max(range(len(turns)), key=values.__getitem__)
    if check:
        tally.checked += 1
        if found == picked:
            tally.same += 1
        elif abs(values[found] - values[picked]) <= TIE:
            tally.ties += 1
        elif len(tally.examples) < EXAMPLES:
            steps = (" ".join(map(str, turns[i].steps)) for i in (found, picked))
            tally.examples.append(
                f"{position.canonical_key()} {position.to_move.label} to move, dice {dice}:"
                f" findbestmove {next(steps)} ({values[found]:+.4f}),"
                f" best by evaluate {next(steps)} ({values[picked]:+.4f})"
            )
    return turns[found if job.by == "best" else picked].steps


def play_game(oracle: Oracle, job: Job, ours: Color, tally: Tally) -> None:
    """One game on the job's dice, our level playing `ours`, into `tally`."""
    dice = SeededDice(job.seed)
    game = Game(RULES).with_roll(dice.roll())
    for turn in range(MAX_TURNS):
        assert game.dice is not None
        position = game.position
        if position.to_move == ours:
            start = time.process_time()
            steps = choose_turn(position, game.dice, RULES, job.level, seed=job.seed * 7919 + turn)
            tally.our_cpu += time.process_time() - start
        else:
            check = job.check_every > 0 and (job.seed + turn) % job.check_every == 0
            steps = gnubg_turn(oracle, position, game.dice, job, check, tally)
        game = game.play_turn(steps) if steps else game.pass_turn()
        if game.result is not None:
            tally.count(game.result, ours)
            tally.turns += turn + 1
            return
        game = game.with_roll(dice.roll())
    raise RuntimeError(f"no result after {MAX_TURNS} turns (dice seed {job.seed})")


_oracle: Oracle | None = None  # this worker's gnubg child, started on its first pair


def play_pair(job: Job) -> Tally:
    """Both games of one pair: our level White, then Black, on the same dice."""
    global _oracle
    if _oracle is None:
        _oracle = Oracle(job.gnubg, job.timeout)
    oracle = _oracle
    tally = Tally()
    cpu, gnubg_cpu = time.process_time(), oracle.cpu
    for ours in Color:
        play_game(oracle, job, ours, tally)
    tally.gnubg_cpu = oracle.cpu - gnubg_cpu
    tally.rest_cpu = time.process_time() - cpu - tally.our_cpu
    return tally


# -- the report ------------------------------------------------------------------------------------


def interval(samples: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    mean = statistics.fmean(samples)
    spread = statistics.stdev(samples) if len(samples) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(samples))


def report(label: str, pairs: list[Tally], total: Tally, wall: float) -> None:
    """One line over the pairs so far."""
    wins, wins_err = interval([p.wins / p.games for p in pairs])
    ppg, ppg_err = interval([p.points / p.games for p in pairs])
    t = total
    print(
        f"{label}: {t.games} games ({len(pairs)} pairs), our wins {100 * wins:.1f}%"
        f" ± {100 * wins_err:.1f}, points/game {ppg:+.3f} ± {ppg_err:.3f};"
        f" gammons won {t.gammons_won} + {t.backgammons_won} bg,"
        f" lost {t.gammons_lost} + {t.backgammons_lost} bg;"
        f" CPU ours {t.our_cpu:.1f} s, gnubg {t.gnubg_cpu:.1f} s, rest {t.rest_cpu:.1f} s;"
        f" {wall:.0f} s wall, {wall / t.games:.2f} s/game",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.research.gnubg_arena", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("level", type=Level, help="our level: easy, medium, hard, expert")
    parser.add_argument("--pairs", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="index of the first pair")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, one gnubg each")
    parser.add_argument("--every", type=int, default=25, help="print a line every N pairs")
    parser.add_argument(
        "--check-every",
        type=int,
        default=50,
        help="compare findbestmove with evaluate every N-th gnubg turn (0: off)",
    )
    parser.add_argument(
        "--by",
        choices=("best", "eval"),
        default="best",
        help="gnubg plays findbestmove's turn (best) or the best of ours by evaluate (eval)",
    )
    parser.add_argument("--gnubg", default="/usr/games/gnubg")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for gnubg")
    args = parser.parse_args()
    if args.pairs < 1 or args.jobs < 1 or args.every < 1 or args.check_every < 0:
        parser.error("--pairs, --jobs and --every are at least 1, --check-every at least 0")
    try:
        run(args)
    except OracleError as error:
        sys.exit(f"gnubg_arena: error: {error}")
    except BrokenProcessPool as error:
        sys.exit(f"gnubg_arena: error: a worker process died ({error})")
    except KeyboardInterrupt:
        sys.exit("gnubg_arena: interrupted")


def run(args: argparse.Namespace) -> None:
    """Check the board translation, then play the pairs and report."""
    init_worker()
    oracle = Oracle(args.gnubg, args.timeout)
    try:
        print(f"{oracle.version}, 0-ply cubeless money play; {check_boards(oracle)}", flush=True)
    finally:
        oracle.close()
    first = args.seed * 1_000_003 + args.start
    jobs = [
        Job(args.level, seed, args.gnubg, args.timeout, args.check_every, args.by)
        for seed in range(first, first + args.pairs)
    ]
    label = f"{args.level.value} vs gnubg 0-ply"
    pairs: list[Tally] = []
    total = Tally()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs, initializer=init_worker) as pool:
        try:
            for pair in pool.map(play_pair, jobs):
                pairs.append(pair)
                total.add(pair)
                if len(pairs) % args.every == 0 or len(pairs) == args.pairs:
                    report(label, pairs, total, time.perf_counter() - start)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    t = total
    print(
        f"pairs {args.start}..{args.start + args.pairs - 1} of seed {args.seed}"
        f" (dice seeds {first}..{first + args.pairs - 1}); go on with --start"
        f" {args.start + args.pairs}; {t.turns / t.games:.1f} turns/game",
        flush=True,
    )
    if t.checked:
        print(
            f"findbestmove against evaluate: {t.checked} gnubg turns, same turn {t.same}"
            f" ({100 * t.same / t.checked:.1f}%), equal-equity ties {t.ties},"
            f" other {t.checked - t.same - t.ties}",
            flush=True,
        )
        for example in t.examples[:EXAMPLES]:
            print(f"  differs: {example}", flush=True)


if __name__ == "__main__":
    main()
