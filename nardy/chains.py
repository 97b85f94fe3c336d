"""One checker's moves within a turn: one die, or several dice in a row (RULES.md §3).

A chain is the steps one checker takes; each point it passes must be open, as every step of it
is a legal step of the turn. This is what a tap-a-checker, tap-a-destination interface offers,
for either game (short nardy's bar is source point 25).
"""

from __future__ import annotations

from nardy.steps import Step
from nardy.turnflow import TurnFlow

Chain = tuple[Step, ...]


def chains_from(game: TurnFlow, src: int) -> tuple[Chain, ...]:
    """The legal ways to move the checker on own point `src` now, one chain per destination
    (0 for borne off), the shortest first; none once a chain bears the checker off."""
    chains: list[Chain] = []
    frontier: list[Chain] = [()]
    seen: set[int] = set()
    while frontier:
        chain = frontier.pop(0)
        at = chain[-1].dst if chain else src
        if chain and chain[-1].bears_off:
            continue
        for step in game.legal.next_steps((*game.played, *chain)):
            if step.src != at:
                continue
            longer = (*chain, step)
            frontier.append(longer)
            if step.dst not in seen:
                seen.add(step.dst)
                chains.append(longer)
    return tuple(chains)


def chain_to(game: TurnFlow, src: int, dst: int) -> Chain | None:
    """The chain `chains_from` offers from `src` to `dst`, or None when there is none."""
    return next((chain for chain in chains_from(game, src) if chain[-1].dst == dst), None)
