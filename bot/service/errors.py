"""Why the service refused a request; each maps to one alert the user sees, and nothing changed."""

from __future__ import annotations


class GameError(Exception):
    """A request the service refused without changing anything."""


class NoGame(GameError):
    """There is no such game (never was, or it expired)."""


class Stale(GameError):
    """The request was made from an older version of the game's board."""


class GameOver(GameError):
    """The game has ended."""


class AlreadyDone(GameError):
    """The same tap on the same state of the game again (a doubled tap): it was applied once."""


class NotYourGame(GameError):
    """The user is not a player of this game."""


class Watching(NotYourGame):
    """The user is not a player of this game between two people: a spectator in the group."""


class NotYourTurn(GameError):
    """The user plays in this game, but the other side is to move."""


class OpponentsTurn(NotYourTurn):
    """The user plays in this game between two people, and the other player is to move."""


class NobodyLeft(GameError):
    """A win claimed from an opponent who has not left the group (or came back)."""


class InvalidAction(GameError):
    """A malformed or forged action, or one the rules do not allow now."""


class NoHints(GameError):
    """A hint asked in a game between two people: hints are for games against the bot."""


class Busy(GameError):
    """The bot is still choosing its move in this game."""


class GameInProgress(GameError):
    """The chat (or, in a group, the player `user_id`) already has a game going; `game_id`
    names it."""

    def __init__(self, game_id: str, user_id: int | None = None) -> None:
        super().__init__(game_id)
        self.game_id = game_id
        self.user_id = user_id


class ChallengeGone(NoGame):
    """The challenge was cancelled, or nobody joined it in time."""


class ChallengeOpen(GameError):
    """The challenger has a challenge open in this group already; `game_id` names it."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class AlreadyStarted(GameError):
    """Someone joined the challenge first: it is a game now."""


class OwnChallenge(GameError):
    """The challenger tapped Join on their own challenge."""


class NotInvited(GameError):
    """The challenge is for another person."""


class OnlyChallenger(GameError):
    """Someone other than the challenger tapped Cancel."""


class RematchAsked(GameError):
    """The player already asked for a rematch; the other has not agreed yet."""


class RematchStarted(GameError):
    """Both players agreed to a rematch of this game already: it has begun."""


class NotAsked(GameError):
    """An answer to a question about the game asked of the other player."""
