"""`python -m nardy legal` (RULES.md §11) as one process fed thousands of JSON lines.

Valid cases (from playouts, random positions and first turns, under every option combination
that affects move generation, with the options written in several ways) are mixed with
malformed lines (bad JSON, wrong dice, bad points, unknown options) and blank lines. Every
answer is checked against the reference generator of `reference_movegen`: a malformed line
gets `{"error": ...}` and the process goes on; there is one output line per input line, blank
lines included (they are malformed cases too), so answer N always belongs to line N.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from nardy import Color, Position, Rules
from tests.nardy.playouts import random_position, sample_cases
from tests.nardy.reference_movegen import (
    Reference,
    illegal_block,
    options_json,
    parse_own_steps,
    position_json,
    reference_legal,
    replay,
)
from tests.nardy.test_differential import ADVERSARIAL, COMBOS, first_turn_positions, mirror

REPO = Path(__file__).resolve().parents[2]
SHOW = 15
STEP_TEXT = re.compile(r"^([1-9]|1[0-9]|2[0-4])/([1-9]|1[0-9]|2[0-3]|off)$")


@dataclass
class Line:
    text: str  # the input line as sent
    reference: Reference | None  # None: a malformed line that must get {"error": ...}
    why: str = ""  # what is wrong with a malformed line


def options_variant(rules: Rules, rng: random.Random) -> dict[str, Any] | None:
    """The §11 options for `rules`, written one of several equivalent ways (None: omitted)."""
    full = options_json(rules)
    defaults = options_json(Rules())
    changed = {k: v for k, v in full.items() if v != defaults[k]}
    style = rng.randrange(4)
    if style == 0:
        return full
    if style == 1:
        return changed if changed or rng.random() < 0.5 else None  # a missing key: its default
    if style == 2:  # options that do not touch move generation must not change the answer
        return {
            **changed,
            "scoring": rng.choice(["classic", "extended"]),
            "last_roll": rng.choice([True, False]),
            "opening": rng.choice(["reroll", "play_opening_roll"]),
            "match_length": rng.randint(1, 5),
        }
    return dict(reversed(list(full.items())))


def valid_line(position: Position, dice: tuple[int, int], rules: Rules, rng: random.Random) -> Line:
    case: dict[str, Any] = {"position": position_json(position)}
    case["dice"] = list(dice) if rng.random() < 0.5 else [dice[1], dice[0]]
    options = options_variant(rules, rng)
    if options is not None:
        case["options"] = options
    text = json.dumps(case, separators=(",", ":") if rng.random() < 0.5 else (", ", ": "))
    return Line(text, reference_legal(position, dice, rules))


def malformed_lines(rng: random.Random) -> list[Line]:
    """Lines that are not cases: each must get {"error": ...}."""
    good_position = position_json(Position.start())

    def case(**changes: Any) -> str:
        data: dict[str, Any] = {"position": good_position, "dice": [3, 1], "options": {}}
        data.update(changes)
        return json.dumps({k: v for k, v in data.items() if v is not ...})

    def position(**changes: Any) -> dict[str, Any]:
        return {**good_position, **changes}

    points = list(good_position["points"])
    bad: list[tuple[str, str]] = [
        # not JSON at all, or not a JSON object
        ("not json", "bad JSON"),
        ('{"position": ', "truncated JSON"),
        ("{'position': 1}", "single quotes"),
        ('{"dice": [1, 2],}', "trailing comma"),
        (case() + " extra", "text after the object"),
        ("[]", "an array"),
        ("42", "a number"),
        ('"text"', "a string"),
        ("null", "null"),
        ("true", "true"),
        # dice
        (case(dice=[0, 3]), "die 0"),
        (case(dice=[7, 1]), "die 7"),
        (case(dice=[-1, 3]), "negative die"),
        (case(dice=[1]), "one die"),
        (case(dice=[1, 2, 3]), "three dice"),
        (case(dice=[]), "no dice"),
        (case(dice="12"), "dice as a string"),
        (case(dice=["1", "2"]), "dice as strings"),
        (case(dice=[1.5, 2]), "a fractional die"),
        (case(dice=[2.0, 2]), "a float die"),
        (case(dice=[True, 2]), "a boolean die"),
        (case(dice=None), "null dice"),
        (case(dice={"a": 1}), "dice as an object"),
        (case(dice=...), "dice missing"),
        # position
        (case(position=...), "position missing"),
        (case(position=None), "null position"),
        (case(position=[0] * 24), "position as a list"),
        (case(position=position(points=points[:23])), "23 points"),
        (case(position=position(points=[*points, 0])), "25 points"),
        (case(position=position(points=None)), "null points"),
        (case(position=position(points=["0"] * 24)), "points as strings"),
        (case(position=position(points=[*points[:23], 15.0])), "a float count"),
        (case(position=position(points=[*points[:23], True])), "a boolean count"),
        (case(position=position(points=[*points[:23], 16])), "16 White checkers"),
        (case(position=position(points=[*points[:23], 14])), "14 White checkers"),
        (case(position=position(points=[*points[:11], -14, *points[12:]])), "14 Black checkers"),
        (case(position=position(points=[1, *points[1:]])), "an extra White checker"),
        (case(position=position(off={"white": -1, "black": 0})), "negative off"),
        (case(position=position(off={"white": "0", "black": 0})), "off as a string"),
        (case(position=position(off=[0, 0])), "off as a list"),
        (case(position=position(to_move="red")), "an unknown colour"),
        (case(position=position(to_move=0)), "to_move as a number"),
        (case(position=position(first_turn={"white": "yes", "black": True})), "first_turn"),
        # options
        (case(options={"foo": 1}), "an unknown option"),
        (case(options={"higher_die_rule": True, "colour": "white"}), "an unknown option"),
        (case(options={"head_exception": "5-5"}), "an unknown head_exception"),
        (case(options={"head_exception": "3-4-6 "}), "head_exception with a space"),
        (case(options={"block_check": "sometimes"}), "an unknown block_check"),
        (case(options={"higher_die_rule": "yes"}), "higher_die_rule as a string"),
        (case(options={"higher_die_rule": 1}), "higher_die_rule as a number"),
        (case(options={"scoring": "double"}), "an unknown scoring"),
        (case(options={"match_length": 0}), "match_length 0"),
        (case(options=[]), "options as a list"),
        (case(options="default"), "options as a string"),
    ]
    lines = [Line(text, None, why) for text, why in bad]
    rng.shuffle(lines)
    return lines


def hand_picked() -> list[tuple[Position, tuple[int, int], Rules]]:
    """A few adversarial cases, both colours (including a game-ending one)."""
    cases = []
    for name in ("bear-last-checker", "bear-overpay", "block-behind", "seam-black", "higher-die"):
        for position in (ADVERSARIAL[name], mirror(ADVERSARIAL[name])):
            for dice in ((3, 5), (6, 5), (1, 1), (2, 4)):
                cases.append((position, dice, Rules()))
    return cases


@cache
def session() -> tuple[list[Line], list[str], subprocess.CompletedProcess[str]]:
    """Build the input, run one `python -m nardy legal` on it, return the lines and answers."""
    rng = random.Random(424242)
    valid: list[Line] = []
    for i, rules in enumerate(COMBOS):
        for c in sample_cases(200, 31337 + i, [rules], every=3):
            valid.append(valid_line(c.position, c.dice, c.rules, rng))
    count = 0
    while count < 600:
        position = random_position(rng)
        if position.winner() is not None or any(
            illegal_block(position.points, position.off, side) for side in Color
        ):
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        valid.append(valid_line(position, dice, COMBOS[count % len(COMBOS)], rng))
        count += 1
    for position in first_turn_positions()[:12]:
        for dice in ((6, 6), (4, 4), (3, 3), (5, 5), (2, 1), (6, 5)):
            valid.append(valid_line(position, dice, rng.choice(COMBOS), rng))
    for position, dice, rules in hand_picked():
        valid.append(valid_line(position, dice, rules, rng))
    blanks = [Line(rng.choice(["", "   ", "\t"]), None, "blank line") for _ in range(60)]
    lines = valid + malformed_lines(rng) + blanks
    rng.shuffle(lines)
    stdin = "\n".join(line.text for line in lines) + "\n"
    done = run_legal(stdin, timeout=300)
    return lines, done.stdout.splitlines(), done


def run_legal(stdin: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """One `python -m nardy legal` process fed `stdin`."""
    return subprocess.run(
        [sys.executable, "-m", "nardy", "legal"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=timeout,
        check=False,
    )


def pairs() -> list[tuple[Line, Any]]:
    lines, answers, _ = session()
    assert len(answers) == len(lines)
    return [(line, json.loads(answer)) for line, answer in zip(lines, answers, strict=True)]


def report(problems: list[tuple[str, str]], total: int) -> None:
    if problems:
        print(f"\n{len(problems)} of {total} lines answered wrongly; the first {SHOW}:")
        for text, problem in problems[:SHOW]:
            print(text)
            print("   ", problem)
    assert not problems, f"{len(problems)} of {total} lines answered wrongly"


def test_one_process_answers_every_line() -> None:
    lines, answers, done = session()
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == ""
    assert len(lines) >= 3000
    assert sum(line.reference is None for line in lines) >= 50
    assert len(answers) == len(lines)  # one answer a line, blank lines included
    for answer in answers:
        assert isinstance(json.loads(answer), dict)


def test_malformed_lines_get_an_error_and_the_process_goes_on() -> None:
    problems = []
    for line, answer in pairs():
        if line.reference is not None:
            continue
        if set(answer) != {"error"} or not isinstance(answer["error"], str) or not answer["error"]:
            problems.append((line.text, f'{line.why}: expected {{"error": ...}}, got {answer}'))
    report(problems, len(pairs()))


def test_valid_lines_give_the_reference_results() -> None:
    problems = []
    for line, answer in pairs():
        ref = line.reference
        if ref is None:
            continue
        if set(answer) != {"max_steps", "results", "turns"}:
            problems.append((line.text, f"answer keys {sorted(answer)}: {answer}"))
            continue
        results = answer["results"]
        if results != sorted(results) or len(set(results)) != len(results):
            problems.append((line.text, "results are not sorted and distinct"))
        if set(results) != ref.keys:
            extra = sorted(set(results) - ref.keys)[:3]
            missing = sorted(ref.keys - set(results))[:3]
            problems.append((line.text, f"extra results {extra}; missing {missing}"))
    report(problems, len(pairs()))


def test_valid_lines_give_the_reference_max_steps() -> None:
    problems = []
    for line, answer in pairs():
        ref = line.reference
        if ref is None or "max_steps" not in answer:
            continue
        if answer["max_steps"] != ref.max_steps:
            longest = max(ref.example.values(), key=len)
            problems.append(
                (
                    line.text,
                    f"max_steps {answer['max_steps']}, reference {ref.max_steps}"
                    f" (e.g. {' '.join(str(s) for s in longest)})",
                )
            )
    report(problems, len(pairs()))


def test_each_turn_is_legal_and_reaches_its_result() -> None:
    """turns[i], in the mover's own notation (§10), replayed by the reference rules, is a legal
    turn that reaches results[i]."""
    problems = []
    for line, answer in pairs():
        ref = line.reference
        if ref is None or "turns" not in answer:
            continue
        turns, results = answer["turns"], answer["results"]
        if len(turns) != len(results):
            problems.append((line.text, f"{len(turns)} turns for {len(results)} results"))
            continue
        for turn, result in zip(turns, results, strict=True):
            if not all(isinstance(t, str) and STEP_TEXT.match(t) for t in turn):
                problems.append((line.text, f"turn {turn} is not in §10 notation"))
                continue
            readings = parse_own_steps(turn, ref.dice)
            reached = {replay(ref, steps)[0] for steps in readings}
            if result not in reached:
                whys = [replay(ref, steps)[1] for steps in readings] or ["no die fits"]
                problems.append((line.text, f"turn {turn} does not reach {result}: {whys}"))
    report(problems, len(pairs()))


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_deeply_nested_json_gets_an_error_and_the_process_goes_on(depth: int) -> None:
    """A line nested too deep for the JSON decoder is malformed like any other (§11)."""
    good = json.dumps({"position": position_json(Position.start()), "dice": [3, 1]})
    stdin = "\n".join([good, "[" * depth + "]" * depth, good]) + "\n"
    done = run_legal(stdin, timeout=60)
    answers = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr[-500:]
    assert len(answers) == 3, answers
    assert set(json.loads(answers[1])) == {"error"}
    assert json.loads(answers[0]) == json.loads(answers[2])
