"""How the bot speaks of each game it plays (`nardy.variants`): the words that name it, its
results' names, and whole sentences that mention it, in English marked for translation (whole
sentences, as languages inflect a game's name: «в короткие нарды»). Screens ask here for the
words of a game's variant instead of asking which game it is; a new game brings its words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.i18n import N_, Texts
from nardy.long_variant import LONG
from nardy.scoring import ResultKind
from nardy.short.variant import SHORT
from nardy.variant import Variant


@dataclass(frozen=True, slots=True)
class GameWords:
    """One game's words (each a message id; `a_match` says a match's title in the reader's
    plural form). `title` and `about` are None for long nardy, the game the bot plays unless
    told otherwise, which its screens do not name."""

    button: str  # on the level choice: "Long"
    title: str | None  # the line naming the game on its board and in /games: "Short nardy"
    about: str | None  # before a match's length or a kind of opponent: "Short nardy: {what}"
    one_game: str  # an inline card's title in the result list
    a_match: Callable[[Texts, int], str]
    results: Mapping[ResultKind, str]  # RULES.md §7; §9's are backgammon's
    big_wins: tuple[str, str]  # the results worth two and three points, given and taken
    offer: str  # a group's challenge to anyone
    challenge: str  # a group's challenge to one person
    invite: str  # an inline card
    rating: tuple[str, str] | None  # settled and provisional; None: the levels' own ladder
    best: tuple[str, str]  # /top's title: everyone's, a group's
    no_games: tuple[str, str]  # an empty /top: everyone's, a group's
    no_rating: str  # /top to a reader without a rating in this game


_WORDS = {
    LONG.key: GameWords(
        button=N_("Long"),
        title=None,
        about=None,
        one_game=N_("Long nardy: one game"),
        a_match=lambda texts, n: texts.ngettext(
            "Long nardy: a match to {n} point", "Long nardy: a match to {n} points", n
        ),
        results={
            ResultKind.OYN: N_("oyn"),
            ResultKind.MARS: N_("mars"),
            ResultKind.KOKS: N_("koks"),
            ResultKind.HOME_MARS: N_("home mars"),
            ResultKind.DRAW: N_("draw"),
        },
        big_wins=(N_("mars given {given}, taken {taken}"), N_("koks given {given}, taken {taken}")),
        offer=N_("{name} offers a game of long nardy to anyone here."),
        challenge=N_("{name} challenges {invited} to a game of long nardy."),
        invite=N_("{name} invites you to a game of long nardy."),
        rating=None,
        best=(N_("<b>Best players</b>"), N_("<b>Best players in this group</b>")),
        no_games=(
            N_("No rated games yet."),
            N_("No rated games here yet: /play challenges someone."),
        ),
        no_rating=N_("You have no rating yet: play a person (type @{bot} in any chat)."),
    ),
    SHORT.key: GameWords(
        button=N_("Short"),
        title=N_("Short nardy"),
        about=N_("Short nardy: {what}"),
        one_game=N_("Short nardy: one game"),
        a_match=lambda texts, n: texts.ngettext(
            "Short nardy: a match to {n} point", "Short nardy: a match to {n} points", n
        ),
        results={
            ResultKind.OYN: N_("single game"),
            ResultKind.MARS: N_("gammon"),
            ResultKind.KOKS: N_("backgammon"),
        },
        big_wins=(
            N_("gammons given {given}, taken {taken}"),
            N_("backgammons given {given}, taken {taken}"),
        ),
        offer=N_("{name} offers a game of short nardy to anyone here."),
        challenge=N_("{name} challenges {invited} to a game of short nardy."),
        invite=N_("{name} invites you to a game of short nardy."),
        rating=(
            N_("Short nardy rating {rating} ± {deviation}."),
            N_("Short nardy rating {rating} ± {deviation}, provisional."),
        ),
        best=(
            N_("<b>Best players of short nardy</b>"),
            N_("<b>Best players of short nardy in this group</b>"),
        ),
        no_games=(
            N_("No rated games of short nardy yet."),
            N_("No rated games of short nardy here yet: /play short challenges someone."),
        ),
        no_rating=N_(
            "You have no rating in short nardy yet: play a person (type @{bot} short in any chat)."
        ),
    ),
}


def learn_words(variant: Variant, said: GameWords) -> None:
    """Speak of the game `variant`, added to those there are (`nardy.variants.register`),
    with `said`."""
    _WORDS[variant.key] = said


def forget_words(variant: Variant) -> None:
    """Take back the words `learn_words` gave."""
    del _WORDS[variant.key]


def words(variant: Variant) -> GameWords:
    """The words of the game `variant`; for a game the bot has none for yet, plain sentences
    around its English name (`plain_words`)."""
    said = _WORDS.get(variant.key)
    return plain_words(variant) if said is None else said


def plain_words(variant: Variant) -> GameWords:
    """Words for a game added without its own: its English name (`Variant.name`) in plain
    English sentences and the results by their §7 names, so that it plays before its words and
    their translations come."""
    name = variant.name

    def a_match(texts: Texts, n: int) -> str:
        return f"{name}: " + texts.ngettext("A match to {n} point", "A match to {n} points", n)

    return GameWords(
        button=name,
        title=name,
        about=f"{name}: {{what}}",
        one_game=f"{name}: one game",
        a_match=a_match,
        results={kind: kind.value.replace("_", " ") for kind in ResultKind},
        big_wins=(
            "big wins given {given}, taken {taken}",
            "bigger wins given {given}, taken {taken}",
        ),
        offer=f"{{name}} offers a game of {name} to anyone here.",
        challenge=f"{{name}} challenges {{invited}} to a game of {name}.",
        invite=f"{{name}} invites you to a game of {name}.",
        rating=(
            f"{name} rating {{rating}} ± {{deviation}}.",
            f"{name} rating {{rating}} ± {{deviation}}, provisional.",
        ),
        best=(f"<b>Best players of {name}</b>", f"<b>Best players of {name} in this group</b>"),
        no_games=(f"No rated games of {name} yet.", f"No rated games of {name} here yet."),
        no_rating=f"You have no rating in {name} yet.",
    )


def match_title(texts: Texts, variant: Variant, length: int) -> str:
    """One game, or a match to `length` points, of `variant`, as a title."""
    game = words(variant)
    return texts.gettext(game.one_game) if length == 1 else game.a_match(texts, length)


def result_name(texts: Texts, kind: ResultKind, variant: Variant) -> str:
    """What a result is called in the game `variant` (RULES.md §7, §9)."""
    return texts.gettext(words(variant).results[kind])
