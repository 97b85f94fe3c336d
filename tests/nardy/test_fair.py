"""`nardy.fair`: commit-reveal dice — a pinned vector, an independent reference, rejection
sampling, uniformity, the commitment's binding, and `FairDice` as a `DiceSource`."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from itertools import islice

import pytest

from nardy import Rules, new_game
from nardy.dice import DiceSource
from nardy.fair import ACCEPT_BELOW, SEED_BYTES, FairDice, commitment, die, die_bytes, new_seed

SEED = bytes(range(32))
GAME_ID = "g-test"
MIX = "tap-42"
FIRST_TEN = [4, 6, 4, 1, 4, 1, 2, 3, 2, 5]  # computed once with this module, pinned
COMMITMENT = "8f7109b0ca3c5147ba03252859dabc265701d541ae56fcc08f1a67d08d9f5b1f"
REJECTED = {164: (255, 1), 344: (252, 2)}  # index: (its first byte, rejected; the die)


def reference_die(seed: bytes, game_id: str, mix: str, index: int) -> int:
    """The documented derivation written out again, slowly, with hmac and hashlib only."""
    block = 0
    while True:
        message = f"{game_id}\x00{mix}\x00{index}\x00{block}".encode()
        for byte in hmac.new(seed, message, hashlib.sha256).digest():
            if byte < 252:
                return byte % 6 + 1
        block += 1


def test_known_vector() -> None:
    assert [die(SEED, GAME_ID, MIX, i) for i in range(10)] == FIRST_TEN
    dice = FairDice(SEED, GAME_ID, MIX)
    assert [dice.roll_one() for _ in range(10)] == FIRST_TEN
    assert commitment(SEED, GAME_ID) == COMMITMENT == dice.commitment


def test_the_dice_follow_the_reference_derivation() -> None:
    cases = [
        (SEED, GAME_ID, MIX),
        (SEED, GAME_ID, ""),  # a game against the bot: no mix
        (bytes(32), "игра-7", "AgADxyz"),  # a game id outside ASCII
        (hashlib.sha256(b"another").digest(), "42", "-1001234567890"),
    ]
    for seed, game_id, mix in cases:
        got = [die(seed, game_id, mix, i) for i in range(400)]
        assert got == [reference_die(seed, game_id, mix, i) for i in range(400)]
    assert [reference_die(SEED, GAME_ID, MIX, i) for i in range(10)] == FIRST_TEN


def test_the_byte_stream_runs_on_in_counter_mode_blocks() -> None:
    stream = list(islice(die_bytes(SEED, GAME_ID, MIX, 5), 96))
    blocks = [
        hmac.new(SEED, f"{GAME_ID}\x00{MIX}\x005\x00{k}".encode(), hashlib.sha256).digest()
        for k in range(3)
    ]
    assert bytes(stream) == b"".join(blocks)


def test_bytes_of_252_and_more_are_rejected_without_modulo_bias() -> None:
    assert ACCEPT_BELOW == 252 == 6 * 42
    for index, (first, value) in REJECTED.items():
        head = list(islice(die_bytes(SEED, GAME_ID, MIX, index), 2))
        assert head[0] == first >= ACCEPT_BELOW
        assert die(SEED, GAME_ID, MIX, index) == head[1] % 6 + 1 == value  # the next byte
        assert value != first % 6 + 1  # a plain modulo would have given another die
        assert value == reference_die(SEED, GAME_ID, MIX, index)


def test_every_face_comes_up_about_equally_often() -> None:
    faces = Counter(die(SEED, GAME_ID, MIX, i) for i in range(12_000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(1_800 < n < 2_200 for n in faces.values())  # 2000 ± 9 standard deviations
    doubles = sum(
        die(SEED, "pairs", "", 2 * i) == die(SEED, "pairs", "", 2 * i + 1) for i in range(3_600)
    )
    assert 480 < doubles < 720  # 1 in 6


def test_the_dice_depend_on_the_seed_the_game_id_and_the_mix() -> None:
    def first(seed: bytes, game_id: str, mix: str) -> list[int]:
        """The first 40 dice."""
        return [die(seed, game_id, mix, i) for i in range(40)]

    base = first(SEED, GAME_ID, MIX)
    assert base != first(bytes(32), GAME_ID, MIX)
    assert base != first(SEED, "g-tesu", MIX)
    assert base != first(SEED, GAME_ID, "tap-43")
    assert base != first(SEED, GAME_ID, "")
    # The separators keep the fields apart: moving a character across one changes the dice.
    assert first(SEED, "ab", "c") != first(SEED, "a", "bc")


def test_the_commitment_binds_the_seed_to_the_game_id() -> None:
    encoded = b"nardy-commit\x00" + GAME_ID.encode() + b"\x00" + SEED
    assert commitment(SEED, GAME_ID) == hashlib.sha256(encoded).hexdigest()
    assert commitment(SEED, "g-tesu") != commitment(SEED, GAME_ID)
    assert commitment(bytes(32), GAME_ID) != commitment(SEED, GAME_ID)
    assert (
        commitment(SEED, "игра")
        == hashlib.sha256(b"nardy-commit\x00" + "игра".encode() + b"\x00" + SEED).hexdigest()
    )


def test_new_seeds_are_fresh_32_bytes() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(len(s) == SEED_BYTES == 32 for s in seeds)


def test_fair_dice_roll_in_index_order_and_resume_from_a_count() -> None:
    dice: DiceSource = FairDice(SEED, GAME_ID, MIX)
    assert isinstance(dice, FairDice)
    assert dice.dice_rolled == 0
    assert dice.roll() == (FIRST_TEN[0], FIRST_TEN[1])
    assert dice.roll_one() == FIRST_TEN[2]
    assert dice.dice_rolled == 3
    resumed = FairDice(SEED, GAME_ID, MIX, dice_rolled=3)  # a game restored from storage
    assert [resumed.roll_one() for _ in range(7)] == [dice.roll_one() for _ in range(7)]
    assert resumed.dice_rolled == dice.dice_rolled == 10
    assert (dice.seed, dice.game_id, dice.mix) == (SEED, GAME_ID, MIX)
    assert FairDice(SEED, GAME_ID).mix == ""


def test_new_game_takes_the_opening_dice_first() -> None:
    dice = FairDice(SEED, GAME_ID, MIX)
    opening, game = new_game(Rules(), dice)
    assert opening.rolls == ((4, 6),)  # FIRST_TEN[0:2]: player 1 rolled higher
    assert opening.white_player == 1
    assert game.dice == (4, 1) and dice.dice_rolled == 4  # then White rolls afresh (§2)


@pytest.mark.parametrize(
    ("seed", "game_id", "mix"),
    [
        (bytes(31), GAME_ID, MIX),
        (bytes(33), GAME_ID, MIX),
        (SEED, "g\x00", MIX),
        (SEED, GAME_ID, "\x00"),
    ],
)
def test_refuses_seeds_of_another_size_and_ids_with_nul(
    seed: bytes, game_id: str, mix: str
) -> None:
    with pytest.raises(ValueError):
        die(seed, game_id, mix, 0)
    with pytest.raises(ValueError):
        FairDice(seed, game_id, mix)


def test_refuses_negative_counts_and_a_short_seed_to_commit() -> None:
    with pytest.raises(ValueError, match="index"):
        die(SEED, GAME_ID, MIX, -1)
    with pytest.raises(ValueError, match="dice_rolled"):
        FairDice(SEED, GAME_ID, MIX, dice_rolled=-1)
    with pytest.raises(ValueError, match="32 bytes"):
        commitment(bytes(31), GAME_ID)
