"""The end-of-game summary: turns, doubles and checkers borne off per side."""

from __future__ import annotations

from nardy import Color, Rules
from nardy.dice import ScriptedDice
from nardy.game import new_game
from nardy.summary import GameSummary, summarize


def test_a_summary_counts_each_sides_turns_doubles_and_checkers_off() -> None:
    # Opening 6 against 1, then White plays 6-1, then Black 3-3, White 5-5, Black 2-1.
    _, game = new_game(Rules(), ScriptedDice([6, 1, 6, 1]))
    assert summarize(game) == GameSummary((0, 0), (0, 0), (0, 0))
    for dice in ((3, 3), (5, 5), (2, 1)):
        game = game.play_turn(game.legal.turns[0].steps).with_roll(dice)
    game = game.play_turn(game.legal.turns[0].steps)
    summary = summarize(game)
    assert summary.turns == (2, 2)
    assert summary.doubles[Color.WHITE] == 1 and summary.doubles[Color.BLACK] == 1
    assert summary.borne_off == (0, 0)
