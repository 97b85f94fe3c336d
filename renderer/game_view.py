"""The view state of a game, long (`nardy.game.Game`) or short (`nardy.short.Game`), as its
players see it between two taps."""

from __future__ import annotations

from dataclasses import replace
from typing import overload

from nardy import Position
from nardy.chains import chains_from
from nardy.game import Game
from nardy.short import Game as ShortGame
from nardy.short import Position as ShortPosition
from nardy.variant import AnyPosition
from nardy.variants import variant_of
from renderer.view import BoardView, CubeView, Dice, Highlight, TurnMarks


@overload
def game_view(
    game: Game, base: BoardView, selected: int | None = None
) -> tuple[Position, BoardView]: ...


@overload
def game_view(
    game: ShortGame, base: BoardView, selected: int | None = None
) -> tuple[ShortPosition, BoardView]: ...


@overload
def game_view(
    game: Game | ShortGame, base: BoardView, selected: int | None = None
) -> tuple[AnyPosition, BoardView]: ...


def game_view(
    game: Game | ShortGame, base: BoardView, selected: int | None = None
) -> tuple[AnyPosition, BoardView]:
    """The board with this turn's steps so far, and `base` with the roll (played dice faded),
    the checkers that can move ringed (the `selected` own point, 25 for short nardy's bar,
    with every point it can reach this turn), this turn's steps marked, or the last turn's
    before the first step, and short nardy's cube in a game played with it, at the end too
    (its value and owner, the stake the caption tells)."""
    if game.over or game.dice is None:
        dice, highlight = None, Highlight()
    else:
        dice = Dice(game.dice, game.used_dice())
        movable = frozenset(step.src for step in game.next_steps())
        # Every destination a button offers: one die, or several dice in a row (RULES.md §3).
        targets = frozenset(
            chain[-1].dst for chain in (chains_from(game, selected) if selected else ())
        )
        highlight = Highlight(movable, selected, targets)
    last = game.history[-1] if game.history else None
    variant = variant_of(game)
    if game.played:
        hits = variant.hits(game.position, game.played)
        marks: TurnMarks | None = TurnMarks(game.to_move, game.played, hits)
    elif last and last.steps:
        marks = TurnMarks(last.color, last.steps, variant.last_hits(game))
    else:
        marks = None
    view = replace(base, dice=dice, highlight=highlight, last_turn=marks)
    if game.rules.cube:  # a game without it shows none (RULES.md §1)
        cube = game.cube
        offered = cube.offered_by is not None and not game.over  # resigned instead of answering
        view = replace(view, cube=CubeView(cube.value, cube.owner, offered))
    return game.board, view
