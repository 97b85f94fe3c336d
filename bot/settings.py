"""What a player's or a group's settings (/settings) mean: the house rules of RULES.md §8 and
the default match length and time per turn, all for new games (a game keeps what it began
with); the board theme and (a player's alone) whether a complete turn is confirmed without
Done, which change no rule and so apply at once.

Pure: settings are read from the strings the store keeps (`GameStore.user_prefs`,
`group_settings`), one field per option, and a value that is missing or unknown means the
option's default, so a stored value from another version never stops a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from bot.service import MATCH_LENGTHS, TURN_LIMITS, Terms
from nardy import Rules
from nardy.short.variant import SHORT
from nardy.variant import AnyRules, Variant
from nardy.variants import variant_of
from renderer import THEMES, BoardView, Theme

OFF, ON = "0", "1"  # how a yes-or-no option is stored


@dataclass(frozen=True, slots=True)
class Option:
    """One setting: its stored name, the values it may take (as stored, and as buttons carry
    them), its default (None: the operator's, `TURN_TIME_LIMIT`), and whether a player alone
    has it (a group has no auto-confirm: every player confirms their own turns)."""

    key: str
    values: tuple[str, ...]
    default: str | None
    personal: bool = False


def _rule(key: str) -> Option:
    """An option of `nardy.Rules`, by its field name, with the values that field takes."""
    default = getattr(Rules(), key)
    if isinstance(default, bool):
        return Option(key, (ON, OFF), ON if default else OFF)
    return Option(key, tuple(str(value) for value in type(default)), str(default))


RULE_KEYS = (
    "opening",
    "higher_die_rule",
    "head_exception",
    "block_check",
    "scoring",
    "last_roll",
)


def _own_rule(game: Variant, key: str) -> Option:
    """A rule `game` has apart from long nardy's house rules, stored as `<game>.<rule>` with
    the game's own default (short nardy plays the opening roll, RULES.md §9)."""
    default = getattr(game.rules_type(), key)
    return Option(f"{game.key}.{key}", tuple(str(value) for value in type(default)), str(default))


CUBE = Option("cube", (ON, OFF), OFF)  # short nardy's doubling cube (RULES.md §9)
SHORT_OPENING = _own_rule(SHORT, "opening")
OWN_RULES = (SHORT_OPENING,)  # rules a game sets apart from the house rules it keeps
LENGTH = Option("length", tuple(str(n) for n in MATCH_LENGTHS), "1")
TIMER = Option("timer", tuple(TURN_LIMITS), None)
AUTO_CONFIRM = Option("auto", (ON, OFF), OFF, personal=True)  # the key saved before /settings
THEME = Option("theme", tuple(THEMES), BoardView().theme.name)
OPTIONS: tuple[Option, ...] = (
    *(_rule(key) for key in RULE_KEYS),
    CUBE,
    *OWN_RULES,
    LENGTH,
    TIMER,
    THEME,
    AUTO_CONFIRM,
)
BY_KEY = {option.key: option for option in OPTIONS}


def _own_rules(game: Variant) -> dict[str, Option]:
    """`game`'s rules set apart from the house rules (`OWN_RULES`), by the rule's name."""
    prefix = f"{game.key}."
    return {
        option.key.removeprefix(prefix): option
        for option in OWN_RULES
        if option.key.startswith(prefix)
    }


def options(personal: bool) -> tuple[Option, ...]:
    """The options of a player's settings (`personal`), or of a group's."""
    return tuple(option for option in OPTIONS if personal or not option.personal)


@dataclass(frozen=True, slots=True)
class GameSettings:
    """The values chosen, only valid ones (`parse`); an option not chosen has its default."""

    chosen: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, stored: Mapping[str, str]) -> GameSettings:
        """The settings among stored fields (others, such as the language, are not settings);
        an unknown value is dropped, so its option has its default."""
        return cls(
            {
                key: value
                for key, value in stored.items()
                if key in BY_KEY and value in BY_KEY[key].values
            }
        )

    @classmethod
    def of_rules(cls, rules: AnyRules) -> GameSettings:
        """The settings of the house rules `rules` (the other options, and those short nardy
        has not, not chosen); a rule its game sets apart (`OWN_RULES`) under its own key."""
        own = _own_rules(variant_of(rules))
        chosen = {}
        for key in RULE_KEYS:
            if not hasattr(rules, key):
                continue
            value = getattr(rules, key)
            shown = (ON if value else OFF) if isinstance(value, bool) else str(value)
            chosen[own[key].key if key in own else key] = shown
        chosen[CUBE.key] = ON if rules.cube else OFF  # always off in a game without the cube
        return cls(chosen)

    def value(self, option: Option) -> str | None:
        """The value of `option`: chosen, else its default (None: the operator's)."""
        return self.chosen.get(option.key, option.default)

    def current(self, option: Option, default: Terms) -> str:
        """The value of `option` in effect: as `value`, the time per turn of `default` (the
        operator's) when none is chosen."""
        value = self.value(option)
        if value is not None:
            return value
        return next(name for name, limit in TURN_LIMITS.items() if limit == default.turn_limit)

    @property
    def rules(self) -> Rules:
        """The house rules of new games."""
        values: dict[str, object] = {}
        for key in RULE_KEYS:
            value = self.value(BY_KEY[key])
            values[key] = value == ON if isinstance(getattr(Rules(), key), bool) else value
        return Rules.from_dict(values)

    def rules_for(self, game: Variant) -> AnyRules:
        """The rules of a new game of `game`: its options made of the house rules it keeps
        (all of them, long nardy's), the cube where it has one, and the rules it sets apart."""
        rules = game.rules_from(self.rules, self.value(CUBE) == ON)
        own = {
            key: type(getattr(rules, key))(self.value(option))
            for key, option in _own_rules(game).items()
        }
        return replace(rules, **own)

    def terms(self, default: Terms) -> Terms:
        """The terms of a new challenge that names none: the match length chosen, and the
        time per turn chosen, else `default`'s (the operator's)."""
        timer = self.value(TIMER)
        limit = default.turn_limit if timer is None else TURN_LIMITS[timer]
        return replace(default, length=self.length, turn_limit=limit)

    @property
    def length(self) -> int:
        """The match length new games start with (1: a single game)."""
        return int(self.value(LENGTH) or 1)

    @property
    def theme(self) -> Theme:
        return THEMES[self.value(THEME) or BoardView().theme.name]

    @property
    def auto_confirm(self) -> bool:
        """Whether a complete turn is played without a tap on Done."""
        return self.value(AUTO_CONFIRM) == ON
