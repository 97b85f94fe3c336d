"""Provably fair dice by commit and reveal: every die follows from a seed fixed before play.

Before a game the server draws a secret seed (`new_seed`) and publishes its `commitment`, a
SHA-256 hash binding the seed to the game id. Every die of the game is then `die(seed, game_id,
mix, index)`, for index 0, 1, 2 … in the order the dice are rolled (the opening roll's single
dice too, RULES.md §2). After the game the seed is revealed in the game's transcript
(`nardy.transcript`), and anyone can check the commitment and recompute every die.

What this proves:

* the server committed to the seed before play (the commitment was published first, and
  SHA-256 does not let it find a second seed with the same commitment);
* every roll follows from the seed, the game id and the mix, in order: no die was changed,
  skipped or rolled again during the game;
* with a mix from the other side that did not exist when the server committed, the server
  could not have chosen the dice by trying seeds before committing — provided the mix in the
  record is the true one. The bot mixes in the id Telegram gives the tap that begins a game
  between people; players' apps do not show that id, so they must trust the bot to report it
  truthfully (and not to refuse taps until one gives dice it likes).

What it does not prove:

* the server knows the seed during play, so it knows every future roll. In a game against the
  bot it could play the bot's moves knowing the rolls to come; nothing here rules that out.
* Against the bot the mix is empty, so the server could also have tried many seeds before
  committing and kept one whose dice it liked. The commitment shows only that the dice were
  fixed before the first roll and never changed in reaction to the player's moves.
* The proof holds only while the seed stays secret until the game ends: a seed revealed
  earlier lets a player know the rolls to come.
* The mix's source must be trusted to be unknown to the server when it committed; a mix the
  server can predict or pick gives the same guarantees as no mix.
* The record ties to the game a player saw only through its rolls and turns: a player should
  check that the record's rolls are the ones shown during play, and that its commitment is the
  one shown before the first roll. The players' names and the hints noted are not verified.

Derivation of die `index` (a decimal number 0, 1, 2 …): the byte stream of HMAC-SHA256
blocks keyed by the seed, block `k` (0, 1, 2 …) over the UTF-8 bytes of
`game_id \\x00 mix \\x00 index \\x00 k` (numbers in ASCII decimal). Bytes of 252 or more are
rejected (252 = 6·42, so no face is favoured) and the first byte `b` below 252 gives the die
`b % 6 + 1`. Game ids and mixes hold no NUL character, so the message is unambiguous.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator
from itertools import count

SEED_BYTES = 32
ACCEPT_BELOW = 252  # the largest multiple of 6 that a byte can reach: 6 · 42
_COMMIT_TAG = b"nardy-commit\x00"


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's CSPRNG, one per game."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes, game_id: str) -> str:
    """The hex SHA-256 of `b"nardy-commit\\x00" + game_id (UTF-8) + b"\\x00" + seed`.

    Published before play; it binds the seed to this game, so the same seed cannot be shown
    for another game's commitment.
    """
    _check(seed, game_id, "")
    return hashlib.sha256(_COMMIT_TAG + game_id.encode() + b"\x00" + seed).hexdigest()


def die_bytes(seed: bytes, game_id: str, mix: str, index: int) -> Iterator[int]:
    """The endless byte stream behind die `index`: HMAC-SHA256 blocks 0, 1, 2 … in turn."""
    _check(seed, game_id, mix)
    if index < 0:
        raise ValueError(f"a die index is 0 or more, not {index}")
    prefix = b"\x00".join((game_id.encode(), mix.encode(), str(index).encode()))
    for block in count():
        yield from hmac.digest(seed, prefix + b"\x00" + str(block).encode(), "sha256")


def die(seed: bytes, game_id: str, mix: str, index: int) -> int:
    """Die `index` of the game: the first byte below 252 of its stream, as 1 to 6."""
    return next(b % 6 + 1 for b in die_bytes(seed, game_id, mix, index) if b < ACCEPT_BELOW)


def _check(seed: bytes, game_id: str, mix: str) -> None:
    """Refuse a seed of the wrong size, and ids that would make the encodings ambiguous."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
    if "\x00" in game_id or "\x00" in mix:
        raise ValueError("a game id or mix may not contain a NUL character")


class FairDice:
    """A `nardy.dice.DiceSource` whose dice are `die(seed, game_id, mix, 0)`, `… 1)`, … in order.

    `dice_rolled` counts the dice so far; a game restored from storage goes on with
    `FairDice(seed, game_id, mix, dice_rolled=n)`.
    """

    __slots__ = ("_dice_rolled", "_game_id", "_mix", "_seed")

    def __init__(self, seed: bytes, game_id: str, mix: str = "", dice_rolled: int = 0) -> None:
        """Dice for game `game_id` from `seed`, the first die being number `dice_rolled`."""
        _check(seed, game_id, mix)
        if dice_rolled < 0:
            raise ValueError(f"dice_rolled is 0 or more, not {dice_rolled}")
        self._seed = seed
        self._game_id = game_id
        self._mix = mix
        self._dice_rolled = dice_rolled

    @property
    def seed(self) -> bytes:
        """The secret seed: reveal it only after the game is over."""
        return self._seed

    @property
    def game_id(self) -> str:
        """The game id the seed is committed to."""
        return self._game_id

    @property
    def mix(self) -> str:
        """The value from the other side (empty in games against the bot)."""
        return self._mix

    @property
    def dice_rolled(self) -> int:
        """How many dice have been rolled so far: the index of the next die."""
        return self._dice_rolled

    @property
    def commitment(self) -> str:
        """The commitment to publish before the first roll."""
        return commitment(self._seed, self._game_id)

    def roll_one(self) -> int:
        """The next die."""
        value = die(self._seed, self._game_id, self._mix, self._dice_rolled)
        self._dice_rolled += 1
        return value

    def roll(self) -> tuple[int, int]:
        """The next two dice, in order."""
        return self.roll_one(), self.roll_one()
