"""The load test's exactly-once check: the moves the simulated players saw take effect, against
the games stored in Redis at the end."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from bot.service.table import Table
from bot.storage import RedisStore
from nardy import Color, Position
from nardy.game import Game
from nardy.movegen import legal_turns
from nardy.steps import Step
from tools.load.players import Person, Tap


@dataclass
class Verdict:
    games: int = 0
    over: int = 0
    moves: int = 0  # move taps that took effect, by the players' logs
    problems: list[str] = field(default_factory=list)


def applied(taps: list[Tap]) -> list[Tap]:
    """The move, whole-turn and Done taps that took effect, once each, in order: a tap is made
    at a `seq`, and the one (or the same tap again) that moved the board past that seq took
    effect; a tap whose answer Telegram took was a refusal (an answer with a text) did not."""
    by_seq: dict[int, Tap] = {}
    for tap in taps:
        moved = tap.seen_seq is not None and tap.seen_seq > tap.seq
        if tap.action in "mad" and moved and not tap.refused:
            by_seq.setdefault(tap.seq, tap)
    return [by_seq[seq] for seq in sorted(by_seq)]


def tapped_turns(taps: list[Tap]) -> tuple[list[list[tuple[int, int]]], list[tuple[int, int]]]:
    """The moves of each turn the player confirmed by Done, and those of the turn in progress."""
    turns: list[list[tuple[int, int]]] = []
    moves: list[tuple[int, int]] = []
    for tap in applied(taps):
        if tap.action == "d":
            turns.append(moves)
            moves = []
        else:
            moves.extend(tap.moves)
    return turns, moves


def segments(steps: tuple[Step, ...], moves: list[tuple[int, int]]) -> bool:
    """Whether `steps` are exactly `moves` in order, each move (src → dst) one checker's chain of
    consecutive steps (a move button may take a checker by both dice)."""
    i = 0
    for src, dst in moves:
        if i >= len(steps) or steps[i].src != src:
            return False
        while steps[i].dst != dst:
            i += 1
            if i >= len(steps) or steps[i].src != steps[i - 1].dst:
                return False
        i += 1
    return i == len(steps)


def chosen_turns(game: Game, color: Color) -> list[tuple[Step, ...]]:
    """The turns of `color` in the game's history that its player chose: not a pass, nor a
    forced turn (one legal result), which the bot plays for them."""
    position = Position.start()
    chosen = []
    for turn in game.history:
        legal = legal_turns(position, turn.dice, game.rules)
        if turn.color is color and turn.steps and len(legal.turns) > 1:
            chosen.append(turn.steps)
        position = legal.play(turn.steps)
    return chosen


def around(taps: list[Tap], moves: list[tuple[int, int]]) -> str:
    """The taps (data → seq seen after) near those of `moves`, to tell what happened."""
    seqs = [tap.seq for tap in applied(taps) if set(tap.moves) & set(moves)]
    if not seqs:
        return ""
    near = [t for t in taps if min(seqs) - 3 <= t.seq <= max(seqs) + 3]
    return "taps: " + ", ".join(f"{t.data.split(':', 2)[2]}→{t.seen_seq}" for t in near)


def check_game(table: Table, color: Color, taps: list[Tap]) -> str | None:
    """What is wrong between one player's logged taps in one game and the stored game: a move
    lost or applied twice, a turn confirmed other times than tapped; None when all agree. On a
    shared board a turn ends by itself with its last move, so there the moves are checked in
    order across the turns."""
    game = table.game
    if not isinstance(game, Game):
        return "a game of short nardy: the simulated players start long nardy only"
    stored = chosen_turns(game, color)
    playing = game.played if game.to_move is color and not game.over else ()
    if table.shared:
        moves = [move for tap in applied(taps) for move in tap.moves]
        every = tuple(step for steps in stored for step in steps) + tuple(playing)
        if not segments(every, moves):
            shown = " ".join(f"{step.src}/{step.dst}" for step in every)
            return f"moves tapped {moves}, stored {shown}"
        return None
    confirmed, in_progress = tapped_turns(taps)
    if len(stored) != len(confirmed):
        return f"{len(confirmed)} turns confirmed by taps, {len(stored)} stored"
    for number, (steps, moves) in enumerate(zip(stored, confirmed, strict=True), 1):
        if not segments(steps, moves):
            shown = " ".join(f"{step.src}/{step.dst}" for step in steps)
            return f"turn {number}: moves tapped {moves}, stored {shown}; {around(taps, moves)}"
    if not segments(playing, in_progress):
        return f"turn in progress: moves tapped {in_progress}, stored {playing}"
    return None


async def check(store: RedisStore, people: list[Person], refused: set[str]) -> Verdict:
    """Every player's taps against the stored games; `refused`: the ids of the taps whose
    answer, as Telegram took it, had a text (a game tap that takes effect is answered blank)."""
    verdict = Verdict()
    taps: dict[tuple[str, int], list[Tap]] = defaultdict(list)
    for person in people:
        for tap in person.taps:
            tap.refused = tap.query in refused
            taps[tap.game, person.user_id].append(tap)
    games = {game for game, _ in taps}
    verdict.games = len(games)
    for game_id in sorted(games):
        stored = await store.load_game(game_id)
        if stored is None:
            verdict.problems.append(f"game {game_id}: not stored")
            continue
        table = Table.from_text(game_id, stored.version, stored.data)
        verdict.over += table.game.over
        for (game, user_id), logged in taps.items():
            if game != game_id:
                continue
            color = table.seat_of(user_id)
            if color is None:
                verdict.problems.append(f"game {game_id}: user {user_id} has no seat")
                continue
            verdict.moves += sum(len(tap.moves) for tap in applied(logged))
            problem = check_game(table, color, logged)
            if problem is not None:
                verdict.problems.append(f"game {game_id}, user {user_id}: {problem}")
    return verdict
