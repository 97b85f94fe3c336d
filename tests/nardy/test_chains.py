"""The move buttons reach exactly the legal turns: none missing, none extra (RULES.md §3–6)."""

from __future__ import annotations

import pytest

from nardy import BlockCheck, Rules, move
from nardy.chains import chains_from
from nardy.game import Game
from nardy.selfplay import play_random_game, seeded_sources


def results_by_buttons(game: Game) -> set[str]:
    """Every position a player can finish a turn in by tapping checker then destination."""
    found: set[str] = set()
    stack = [game]
    while stack:
        state = stack.pop()
        if state.turn_complete:
            found.add(state.board.canonical_key())
        for src in {step.src for step in state.next_steps()}:
            for chain in chains_from(state, src):
                after = state
                for step in chain:
                    after = after.play_step(step)
                stack.append(after)
    return found


@pytest.mark.parametrize("rules", [Rules(), Rules(block_check=BlockCheck.END_OF_TURN)])
@pytest.mark.parametrize("seed", range(4))
def test_every_legal_turn_and_only_those_can_be_tapped(seed: int, rules: Rules) -> None:
    for game in play_random_game(*seeded_sources(seed), rules):
        if game.dice is None or game.over:
            continue
        legal = {move(game.position, t.steps).canonical_key() for t in game.legal.turns}
        assert results_by_buttons(game) == legal, (game.position, game.dice)
