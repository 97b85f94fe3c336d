"""What the compiled searches' differential tests share (tests/nardy/test_compiled.py for long
nardy, tests/nardy/short/test_compiled.py for short): the skip when nothing is compiled on
purpose, the played orders they ask about, the answers they compare and the verdict."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

from nardy.compiled import PURE_PYTHON
from nardy.errors import IllegalMove

S = TypeVar("S")
Played = TypeVar("Played")

# The install builds the extensions, so they must be in use unless NARDY_PURE_PYTHON=1.
skip_if_pure = pytest.mark.skipif(PURE_PYTHON, reason="NARDY_PURE_PYTHON=1: nothing compiled")


def played_orders(turn_steps: tuple[S, ...]) -> list[tuple[S, ...]]:
    """The turn's steps in every order (most legal too, some break a rule on the way), and
    the turn cut one step short (never a whole turn unless the game ended early)."""
    orders = list(dict.fromkeys(itertools.permutations(turn_steps)))
    return [*orders, turn_steps[:-1]] if turn_steps else orders


def answers_to(played: Played, *questions: Callable[[Played], object]) -> list[object]:
    """What each question (`play`, `is_complete`, ...) says to `played`: its answer, or the
    rule and text of its refusal."""
    said: list[object] = []
    for ask in questions:
        try:
            said.append(ask(played))
        except IllegalMove as refused:
            said.append((refused.violation, str(refused)))
    return said


def assert_none_differ(mismatches: Sequence[str]) -> None:
    """The verdict over a corpus: how many cases differ, with the first few."""
    assert not mismatches, f"{len(mismatches)} cases differ, e.g. {list(mismatches[:3])}"
