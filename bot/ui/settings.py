"""The settings message (/settings): the list of options with their values, one option's page
with its one-line explanation and its values (the one in effect marked), and the short line
that names a game's house rules where they differ from the defaults."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.i18n import N_, Texts
from bot.service import TURN_LIMITS, Terms
from bot.settings import (
    BY_KEY,
    CUBE,
    LENGTH,
    OFF,
    ON,
    OWN_RULES,
    RULE_KEYS,
    TIMER,
    GameSettings,
    Option,
    options,
)
from bot.ui.callbacks import ResetSettings, SetSetting, SettingsPage
from bot.ui.names import limit_name, match_name
from nardy.variant import AnyRules

TITLES = {
    "opening": N_("Opening roll"),
    "higher_die_rule": N_("Higher die"),
    "head_exception": N_("Two from the head"),
    "block_check": N_("Six-point block"),
    "scoring": N_("Scoring"),
    "last_roll": N_("Last roll"),
    "cube": N_("Doubling cube (short nardy)"),
    "short.opening": N_("Opening roll (short nardy)"),
    "length": N_("Match length"),
    "timer": N_("Time per turn"),
    "theme": N_("Board colours"),
    "auto": N_("Confirm turns automatically"),
}
# One line each: what the option decides (RULES.md §8 for the rules).
ABOUT = {
    "opening": N_(
        "Whether the one who wins the opening roll plays those two dice, or rolls again for"
        " the first turn."
    ),
    "higher_die_rule": N_(
        "When either die could be played but not both, the higher one must be played."
    ),
    "head_exception": N_(
        "Which doubles let two checkers leave the head on a player's first turn (otherwise"
        " one a turn)."
    ),
    "block_check": N_(
        "A block of six points in a row needs an opponent's checker ahead of it: checked"
        " after every step, or only when the turn is complete."
    ),
    "scoring": N_("Classic: oyn 1 point, mars 2. Extended adds koks (3) and home mars (4)."),
    "last_roll": N_(
        "When White bears off first, Black plays one more turn; bearing off all in it is a draw."
    ),
    "cube": N_(
        "In short nardy, a player may double the stakes before rolling; the opponent takes"
        " the doubled cube or drops and loses."
    ),
    "short.opening": N_(
        "In short nardy, whether the one who wins the opening roll plays those two dice (the"
        " international standard), or rolls again for the first turn."
    ),
    "length": N_(
        "New games are a single game or a match to this many points, unless you say otherwise."
    ),
    "timer": N_(
        "How long each player has for a turn in games between people, unless the challenge"
        " names another time."
    ),
    "theme": N_("How the board picture is coloured."),
    "auto": N_("A complete turn is played at once, without a tap on Done."),
}
LABELS = {
    ("opening", "reroll"): N_("Roll again"),
    ("opening", "play_opening_roll"): N_("Play the opening roll"),
    ("short.opening", "reroll"): N_("Roll again"),
    ("short.opening", "play_opening_roll"): N_("Play the opening roll"),
    ("head_exception", "3-4-6"): N_("6-6, 4-4 or 3-3"),
    ("head_exception", "any_double"): N_("Any double"),
    ("head_exception", "none"): N_("Never"),
    ("block_check", "every_step"): N_("After every step"),
    ("block_check", "end_of_turn"): N_("At the end of the turn"),
    ("scoring", "classic"): N_("Classic: 1–2 points"),
    ("scoring", "extended"): N_("Extended: 1–4 points"),
    ("theme", "classic"): N_("Classic"),
    ("theme", "contrast"): N_("High contrast"),
    ("theme", "colorblind"): N_("Colour-blind safe"),
}
# What a game's caption says of each rule that differs from the default.
HOUSE = {
    ("opening", "play_opening_roll"): N_("the opening roll is played"),
    ("short.opening", "reroll"): N_("the opening roll is rolled again"),
    ("higher_die_rule", OFF): N_("no higher-die rule"),
    ("head_exception", "any_double"): N_("any double leaves the head"),
    ("head_exception", "none"): N_("never two from the head"),
    ("block_check", "end_of_turn"): N_("six-point block checked at the end of the turn"),
    ("scoring", "extended"): N_("extended scoring"),
    ("last_roll", ON): N_("last roll for a draw"),
    ("cube", ON): N_("doubling cube"),
}


def house_rules(texts: Texts, rules: AnyRules) -> str | None:
    """ "Rules: …" naming the rules of a game that differ from the defaults (short nardy has
    only some of the options); None when none do."""
    chosen = GameSettings.of_rules(rules).chosen
    differ = [
        texts.gettext(HOUSE[key, chosen[key]])
        for key in (*RULE_KEYS, CUBE.key, *(option.key for option in OWN_RULES))
        if key in chosen and chosen[key] != BY_KEY[key].default
    ]
    if not differ:
        return None
    return texts.gettext("Rules: {rules}.", rules="; ".join(differ))


def value_label(texts: Texts, option: Option, value: str) -> str:
    """How a value of `option` reads on its button."""
    if option is LENGTH:
        return match_name(texts, int(value))
    if option is TIMER:
        seconds = TURN_LIMITS[value]
        return limit_name(texts, seconds) if seconds else texts.gettext("No limit")
    if (option.key, value) in LABELS:
        return texts.gettext(LABELS[option.key, value])
    return texts.gettext("On") if value == ON else texts.gettext("Off")


def settings_list(
    texts: Texts, settings: GameSettings, personal: bool, default: Terms, bot: str
) -> tuple[str, InlineKeyboardMarkup]:
    """The settings message: whose settings these are (a player's, `personal`, or a group's)
    and what they apply to, a button per option showing its value (a tap opens its page), and
    Reset to defaults; `bot` is the bot's username, `default` the operator's terms."""
    _ = texts.gettext
    if personal:
        header = _(
            "⚙️ Your settings: for your games against the bot and the games you offer in any"
            " chat through @{bot}. A game keeps the rules it started with.",
            bot=bot,
        )
    else:
        header = _(
            "⚙️ This group's settings: for games challenged here with /play. Only the group's"
            " administrators can change them. A game keeps the rules it started with."
        )
    builder = InlineKeyboardBuilder()
    for option in options(personal):
        value = value_label(texts, option, settings.current(option, default))
        builder.button(
            text=f"{_(TITLES[option.key])}: {value}",
            callback_data=SettingsPage(option=option.key, locale=texts.locale),
        )
    builder.button(text=_("↩️ Reset to defaults"), callback_data=ResetSettings(locale=texts.locale))
    builder.adjust(1)
    return "\n".join([header, _("Tap an option to change it.")]), builder.as_markup()


def settings_page(
    texts: Texts, settings: GameSettings, option: Option, default: Terms
) -> tuple[str, InlineKeyboardMarkup]:
    """One option: its name and explanation, a button per value (the one in effect marked),
    Back to the list."""
    _ = texts.gettext
    current = settings.current(option, default)
    builder = InlineKeyboardBuilder()
    for value in option.values:
        mark = "✅" if value == current else "▫️"
        builder.button(
            text=f"{mark} {value_label(texts, option, value)}",
            callback_data=SetSetting(option=option.key, value=value, locale=texts.locale),
        )
    builder.button(text=_("⬅️ Back"), callback_data=SettingsPage(option="", locale=texts.locale))
    builder.adjust(1)
    return f"⚙️ {_(TITLES[option.key])}\n{_(ABOUT[option.key])}", builder.as_markup()
