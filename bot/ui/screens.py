"""What a game's board message shows one player: the picture's view state, caption, buttons.

Pure: no I/O; the points on buttons are the viewer's own numbers, as in the notation.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from aiogram.types import InlineKeyboardMarkup

from bot.i18n import Texts
from bot.service import Challenge, Table, Terms
from bot.service.results import RATED_TURNS, Standing, signed
from bot.ui.callbacks import Answer
from bot.ui.events import DICE_COMMITTED, phrase
from bot.ui.games import result_name, words
from bot.ui.keyboards import (
    Choice,
    again_menu,
    challenge_menu,
    choice,
    cube_menu,
    move_menu,
    point_label,
    question_menu,
    rematch_menu,
)
from bot.ui.names import level_name, limit_name, match_name
from bot.ui.settings import house_rules
from nardy import Color, Step, format_dice
from nardy.scoring import EndReason, GameResult
from nardy.summary import summarize
from nardy.variant import AnyGame, AnyPosition, AnyRules, Variant
from nardy.variants import variant_of
from renderer import Banner, BoardView, Highlight
from renderer import Texts as BoardTexts
from renderer.game_view import game_view

CAPTION_LIMIT = 1024  # Telegram's, for a photo's caption
# The hex digits of a game's dice commitment shown: 64 bits, too many to find a second seed for.
COMMITMENT_SHOWN = 16

NOBODY_YET = "?"  # the name of a card's player to come


@dataclass(frozen=True, slots=True)
class Screen:
    """One rendering of a board message: the position drawn, how, the caption, the buttons."""

    position: AnyPosition
    view: BoardView
    caption: str
    markup: InlineKeyboardMarkup | None


def caption(
    events: list[str], lines: list[str], details: Sequence[str] = (), head: Sequence[str] = ()
) -> str:
    """The `head` lines (a shared board's: whose turn, the dice, what to do), the `events`'
    lines, the other lines, then a results screen's `details`; when that would pass Telegram's
    caption limit (a long run of passes and bot turns, long names), the oldest events' lines
    give way to "…", then the last details."""
    details = list(details)

    def joined() -> str:
        return "\n".join([*head, *(["…"] if dropped else []), *events, *lines, *details])

    dropped = False
    while utf16_length(joined()) > CAPTION_LIMIT and (events or details):
        if events:
            events, dropped = events[1:], True
        else:
            details.pop()
    return joined()


def utf16_length(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def told(texts: Texts, table: Table, reader: Color) -> list[str]:
    """The caption's lines of what happened since the board was last shown (`bot.ui.events`),
    each turn in `reader`'s point numbers: those of the picture beside them."""
    variant = variant_of(table.game)
    return [
        line
        for event in table.events
        for line in phrase(texts, event, table.shared, reader, variant)
    ]


def build_screen(
    table: Table,
    viewer: Color,
    texts: Texts,
    selected: int | None = None,
    resigning: Color | None = None,
    standing: Standing | None = None,
) -> Screen:
    """The board message for `viewer`, in `texts`' language, with `selected` picked up. A game
    between two people has one board for both and its spectators (`shared_screen`), which
    may ask the player of `resigning` to confirm. A finished game's board is its results
    screen, with the players' record (`standing`, `Results.standing`) when given."""
    if table.shared:
        return shared_screen(table, texts, selected, resigning, standing)
    game = table.game
    _ = texts.gettext
    my_turn = not game.over and game.to_move is viewer and game.dice is not None
    events = told(texts, table, viewer)
    lines = []
    outcome = _outcome(table, viewer, texts) if game.over else None
    if outcome is not None:
        lines.append(" ".join(outcome).strip())
    elif game.dice is not None:
        lines.append(_("Your turn") if my_turn else _("The bot is thinking…"))
        lines.append(_("Dice: {dice}", dice=format_dice(game.dice)))
    decider = game.cube_decider()
    if decider is viewer:
        lines.append(_cube_prompt(texts, game))
    if table.match is not None:
        lines.append(_match_line(table, texts))
    lines.extend(_house_lines(game, texts))
    names = ["", ""]
    names[viewer], names[viewer.opponent] = _("you"), _("bot")
    lines.extend(_cube_lines(game, texts, names))
    lines.extend(_fair_lines(table, texts))
    board = game.board
    you, bot = board.pip_count(viewer), board.pip_count(viewer.opponent)
    lines.append(_("Pips: you {you}, bot {bot}", you=you, bot=bot))
    details = []
    if game.over:
        details = _results(table, texts, names, viewer)
        level = table.seats[viewer.opponent].level
        if standing is not None and level is not None:
            won, lost = standing[viewer], standing[viewer.opponent]
            level_text = level_name(texts, level)
            details.append(
                _(
                    "Your record against the bot ({level}): {a} won, {b} lost.",
                    level=level_text,
                    a=won,
                    b=lost,
                )
            )
    markup = None
    if my_turn:
        lines.extend(_hint_lines(table, viewer, texts))
        lines.append(_prompt(table, texts, selected))
        markup = move_menu(texts, table, selected)
    elif decider is viewer:
        markup = cube_menu(texts, table, game.cube.value * 2)
    elif game.over:
        level = next((seat.level for seat in table.seats if seat.level is not None), None)
        length = 1 if table.match is None else table.match.match.length
        if level is not None:
            markup = again_menu(texts, level, length, record_of(table), variant_of(game))
    names = ["", ""]
    for color in Color:
        level = table.seats[color].level  # the one human seat is the viewer's
        names[color] = (
            _("You") if level is None else _("Bot · {level}", level=level_name(texts, level))
        )
    status = _status(texts, game, game.to_act is viewer)
    view = _view(table, viewer, texts, selected if my_turn else None, names, status, outcome)
    if my_turn and table.hint and not game.played and selected is None:
        view = replace(view, highlight=_hint_marks(table.hint[0].steps))
    return Screen(game.board, view, caption(events, lines, details), markup)


def dice_line(texts: Texts, commitment: str) -> str:
    """The commitment of a game's dice, shown before its first roll (`nardy.fair`)."""
    return texts.gettext(DICE_COMMITTED, commitment=commitment)


def record_of(table: Table) -> str | None:
    """The name of the record of `table`'s finished game (`Ended.mark`); None when its dice
    were not committed, or its record could not replay its cube (`doubles_complete`)."""
    if table.fair is None or table.ended is None or not table.game.doubles_complete:
        return None
    return table.ended.mark(table.game_id)


def _fair_lines(table: Table, texts: Texts) -> list[str]:
    """The start of the commitment of the game's dice, on every board of the game, to compare
    with the record's when it ends (the whole commitment is told before the first roll)."""
    if table.fair is None:
        return []
    start = table.fair.commitment[:COMMITMENT_SHOWN]
    return [texts.gettext("🔒 Dice commitment: {start}…", start=start)]


def _house_lines(game: AnyGame, texts: Texts) -> list[str]:
    """Which game it is (unless long nardy's, the game unless told), and the game's house
    rules where they differ from the defaults (`house_rules`), if any."""
    title = words(variant_of(game)).title
    lines = [] if title is None else [texts.gettext(title)]
    house = house_rules(texts, game.rules)
    return lines if house is None else [*lines, house]


def _hint_marks(steps: Sequence[Step]) -> Highlight:
    """The hinted turn on the board as it stands: rings on the checkers it moves, discs where
    they land, counted net (24/18 18/13 marks 24 and 13), in place of the usual rings."""
    change: Counter[int] = Counter()
    for step in steps:
        change[step.src] -= 1
        change[step.dst] += 1
    leaving = frozenset(point for point, n in change.items() if n < 0)
    return Highlight(leaving, None, frozenset(point for point, n in change.items() if n > 0))


def _hint_lines(table: Table, viewer: Color, texts: Texts) -> list[str]:
    """The hint asked this turn: the best turn and the next ones with their win chances, in
    `viewer`'s own point numbers (a hint is only offered before the turn's first step)."""
    if not table.hint:
        return []
    _ = texts.gettext

    variant = variant_of(table.game)

    def turn(steps: Sequence[Step]) -> str:
        hits = variant.hits(table.game.position, steps)
        return variant.turn_text_for(steps, viewer, viewer, _("off"), _("bar"), hits)

    best, *others = table.hint
    lines = [_("💡 Hint: {turn} — win {win}%", turn=turn(best.steps), win=round(best.win * 100))]
    for other in others:
        lines.append(
            _("or: {turn} — win {win}%", turn=turn(other.steps), win=round(other.win * 100))
        )
    return lines


def shared_screen(
    table: Table,
    texts: Texts,
    selected: int | None = None,
    resigning: Color | None = None,
    standing: Standing | None = None,
) -> Screen:
    """The one board of a game between two people: seen from the side to move, its points in
    that player's numbering like the buttons, the players named; a finished game's board
    keeps the result and offers a rematch. While the player of `resigning` considers
    resigning, the board asks them (its Resign button: inline games have no /resign)."""
    game = table.game
    _ = texts.gettext
    mover = game.to_move
    names = (table.seats[Color.WHITE].name, table.seats[Color.BLACK].name)
    events = told(texts, table, mover)  # the picture's numbering: the side to move's
    lines = []
    outcome = _shared_outcome(table, texts) if game.over else None
    if outcome is not None:
        lines.append(" ".join(outcome).strip())
    head = []  # who moves, the dice and what to do: the first lines a group sees
    if outcome is None and game.dice is not None:
        head.append(_("Turn: {name}", name=names[mover]))
        head.append(_("Dice: {dice}", dice=format_dice(game.dice)))
        head.append(_prompt(table, texts, selected))
    decider = game.cube_decider()
    if decider is not None:
        lines.append(
            _("{name}: {question}", name=names[decider], question=_cube_prompt(texts, game))
        )
    if table.match is not None:
        lines.append(_match_line(table, texts))
    lines.extend(_house_lines(game, texts))
    lines.extend(_cube_lines(game, texts, names))  # the commitment: Fair dice, not a line
    if table.turn_limit and outcome is None:
        limit = limit_name(texts, table.turn_limit)
        lines.append(_("Time per turn: {limit}.", limit=limit))
        if table.reminded:
            lines.append(_("⏰ Half the time for this turn is gone."))
    gone = table.seat_of(table.gone) if table.gone is not None else None
    if gone is not None and outcome is None:
        lines.append(
            _(
                "{name} left the group: {other} may take the win or play on until they are back.",
                name=names[gone],
                other=names[gone.opponent],
            )
        )
    board = game.board
    pips = {color: board.pip_count(color) for color in Color}
    lines.append(
        _(
            "Pips: {first} {a}, {second} {b}",
            first=names[mover],
            a=pips[mover],
            second=names[mover.opponent],
            b=pips[mover.opponent],
        )
    )
    markup = None
    details = []
    if outcome is not None:
        details = _results(table, texts, names, mover)
        if standing is not None:
            first, second = names[mover], names[mover.opponent]
            a, b = standing[mover], standing[mover.opponent]
            details.append(
                _("Head to head: {first} {a}, {second} {b}.", first=first, a=a, second=second, b=b)
            )
        asker = next((seat for seat in table.seats if seat.user_id == table.rematch), None)
        if asker is not None:
            lines.append(_("{name} wants a rematch.", name=asker.name))
        if table.rematch_dice is not None:
            lines.append(dice_line(texts, table.rematch_dice.commitment))
        markup = rematch_menu(texts, table, record_of(table))
    elif game.dice is not None:
        if resigning is not None:
            lines.append(_("🏳 {name}:", name=names[resigning]))
            lines.append(resign_text(texts, table, resigning))
        markup = move_menu(texts, table, selected, resigning)
    elif decider is not None:
        if resigning is not None:
            lines.append(_("🏳 {name}:", name=names[resigning]))
            lines.append(resign_text(texts, table, resigning))
        markup = cube_menu(texts, table, game.cube.value * 2, resigning)
    status = _status(texts, game, own=False)
    view = _view(table, mover, texts, selected, [*names], status, outcome)
    return Screen(game.board, view, caption(events, lines, details, head), markup)


def reminder(texts: Texts, user_id: int, name: str) -> str:
    """The group message at half a turn's time (HTML): it mentions the player to move, so that
    Telegram notifies them."""
    mention = f'<a href="tg://user?id={user_id}">{html.escape(name, quote=False)}</a>'
    return texts.gettext(
        "⏰ {name}, it is your move: half the time for this turn is gone.", name=mention
    )


def terms_help(texts: Texts) -> str:
    """What may follow /play: the lengths and time limits offered."""
    return texts.gettext(
        "After /play: short for short nardy, 3, 5 or 7 for a match to that many points, and a"
        " time per turn: off, 1m, 5m, 1h or 24h. For example: /play short 3 5m"
    )


def rules_line(texts: Texts, terms: Terms, rules: AnyRules) -> str:
    """The terms of a challenge: one game or a match, the rules, the time; house rules that
    differ from the defaults named on a second line."""
    _ = texts.gettext
    what = match_name(texts, terms.length)
    about = words(variant_of(rules)).about
    if about is not None:
        what = _(about, what=what)
    if terms.turn_limit:
        time = _("{limit} per turn", limit=limit_name(texts, terms.turn_limit))
    else:
        time = _("no time limit per turn")
    house = house_rules(texts, rules)
    if house is None:
        return _("{what} · standard rules · {time}.", what=what, time=time)
    return "\n".join([_("{what} · house rules · {time}.", what=what, time=time), house])


def challenge_screen(challenge: Challenge, texts: Texts) -> Screen:
    """The card of a challenge in a group: the start position with the challenger's name, who
    may join, the rules in one line, Join and Cancel."""
    name = challenge.challenger.name
    game, invited = words(variant_of(challenge.rules)), challenge.invited_name
    if invited is None:
        offer = texts.gettext(game.offer, name=name)
    else:
        offer = texts.gettext(game.challenge, name=name, invited=invited)
    markup = challenge_menu(texts, challenge.challenge_id)
    lines = [offer, rules_line(texts, challenge.terms, challenge.rules)]
    if challenge.dice is not None:
        lines.append(dice_line(texts, challenge.dice.commitment))
    return _card(texts, (name, NOBODY_YET), lines, markup, challenge.rules)


def inline_card_screen(
    texts: Texts,
    name: str,
    terms: Terms,
    rules: AnyRules,
    markup: InlineKeyboardMarkup,
    pictures: bool,
    commitment: str | None = None,
) -> Screen:
    """The card of a challenge sent through inline mode: as in a group (the `commitment` of
    its game's dice, if committed), and, when the game will be played on a text board, why.
    Its picture names nobody (the caption names the challenger), so that every challenger's
    card has the same picture: posted to the media chat once per game and language, not once
    per challenger (a channel takes some 20 posts a minute)."""
    offer = texts.gettext(words(variant_of(rules)).invite, name=name)
    lines = [offer, rules_line(texts, terms, rules)]
    if commitment is not None:
        lines.append(dice_line(texts, commitment))
    if not pictures:
        lines.append(
            texts.gettext(
                "Played on a text board: pictures need the bot's operator to set a media chat."
            )
        )
    return _card(texts, (NOBODY_YET, NOBODY_YET), lines, markup, rules)


def _card(
    texts: Texts,
    names: tuple[str, str],
    lines: list[str],
    markup: InlineKeyboardMarkup,
    rules: AnyRules,
) -> Screen:
    """A challenge card: the start position of its game with the players' `names` (by colour,
    `NOBODY_YET` for one to come), `lines`, the buttons."""
    view = base_view(texts, Color.WHITE, names)
    caption = "\n".join([*lines, texts.gettext("Tap Join to play.")])
    start = variant_of(rules).start()
    return Screen(start, view, caption, markup)


def _outcome(table: Table, viewer: Color, texts: Texts) -> tuple[str, str]:
    """ "You resigned" when the viewer did (else ""), and who won, how and for how much."""
    result = table.game.result
    assert result is not None
    if result.winner is None:
        return "", texts.gettext("A draw.")
    kind = result_name(texts, result.kind, variant_of(table.game))
    n = result.points
    if result.winner is viewer:
        won = texts.ngettext(
            "You won: {kind}, {n} point.", "You won: {kind}, {n} points.", n, kind=kind
        )
        dropped = result.reason is EndReason.DROPPED
        return (texts.gettext("The bot dropped the double.") if dropped else ""), won
    lost = texts.ngettext(
        "The bot won: {kind}, {n} point.", "The bot won: {kind}, {n} points.", n, kind=kind
    )
    if result.reason is EndReason.DROPPED:
        return texts.gettext("You dropped the double."), lost
    resigned = result.reason is EndReason.RESIGNED
    return (texts.gettext("You resigned.") if resigned else ""), lost


def _match_line(table: Table, texts: Texts) -> str:
    """The match's score, or who won it once it is over."""
    assert table.match is not None
    if not table.shared:
        return _match_line_vs_bot(table, texts)
    match = table.match.match
    first, second = table.match.seats(table.seats)
    a, b = match.score
    if match.winner is not None:
        winner = (first, second)[match.winner].name
        return texts.gettext(
            "{name} wins the match to {length}: {a}–{b}.",
            name=winner,
            length=match.length,
            a=max(a, b),
            b=min(a, b),
        )
    score = {"length": match.length, "first": first.name, "a": a, "second": second.name, "b": b}
    if table.match.given_up:  # a player left the group (`ClaimWin`)
        return texts.gettext("The match to {length} ends here: {first} {a}, {second} {b}.", **score)
    return texts.gettext("Match to {length}: {first} {a}, {second} {b}.", **score)


def _match_line_vs_bot(table: Table, texts: Texts) -> str:
    """The score of a match against the bot (the person is its player 0), who won it once it
    is over, or that the person gave it up."""
    assert table.match is not None
    match = table.match.match
    you, bot = match.score
    if match.winner == 0:
        return texts.gettext(
            "You won the match to {length}: {a}–{b}.", length=match.length, a=you, b=bot
        )
    if match.winner == 1:
        return texts.gettext(
            "The bot won the match to {length}: {a}–{b}.", length=match.length, a=bot, b=you
        )
    if table.match.given_up:
        return texts.gettext(
            "You gave up the match to {length} at {you}–{bot}.",
            length=match.length,
            you=you,
            bot=bot,
        )
    return texts.gettext(
        "Match to {length}: you {you}, bot {bot}.", length=match.length, you=you, bot=bot
    )


def _shared_outcome(table: Table, texts: Texts) -> tuple[str, str]:
    """ "X resigned." when the loser did (else ""), and who won, how and for how much."""
    result = table.game.result
    assert result is not None
    names = (table.seats[Color.WHITE].name, table.seats[Color.BLACK].name)
    return outcome_lines(texts, result, names, variant_of(table.game))


def outcome_lines(
    texts: Texts, result: GameResult, names: tuple[str, str], game: Variant
) -> tuple[str, str]:
    """How a game of `game` between `names` (by colour) ended, as a board's end banner says
    it: "X resigned." or the like when the loser did not play it out (else ""), and who won,
    how and for how much."""
    if result.winner is None:
        return "", texts.gettext("A draw.")
    loser = names[result.winner.opponent]
    n = result.points
    won = texts.ngettext(
        "{name} won: {kind}, {n} point.",
        "{name} won: {kind}, {n} points.",
        n,
        name=names[result.winner],
        kind=result_name(texts, result.kind, game),
    )
    if result.reason is EndReason.RESIGNED:
        return texts.gettext("{name} resigned.", name=loser), won
    if result.reason is EndReason.TIMEOUT:
        return texts.gettext("{name} ran out of time.", name=loser), won
    if result.reason is EndReason.ABANDONED:
        return texts.gettext("{name} left the group.", name=loser), won
    if result.reason is EndReason.DROPPED:
        return texts.gettext("{name} dropped the double.", name=loser), won
    return "", won


def _results(table: Table, texts: Texts, names: Sequence[str], first: Color) -> list[str]:
    """What a finished game's results screen adds: checkers borne off, turns, doubles and,
    between two people, the rating changes; each pair with the player of `first` first,
    `names` by colour."""
    _ = texts.gettext
    summary = summarize(table.game)
    second = first.opponent
    pair = {"first": names[first], "second": names[second]}
    off, doubles = summary.borne_off, summary.doubles
    turns = sum(summary.turns)
    lines = [
        _("Borne off: {first} {a}, {second} {b}.", a=off[first], b=off[second], **pair),
        texts.ngettext("{n} turn played.", "{n} turns played.", turns),
        _(
            "Doubles rolled: {first} {a}, {second} {b}.",
            a=doubles[first],
            b=doubles[second],
            **pair,
        ),
    ]
    if table.hints:
        lines.append(_("Hints used: {n}.", n=table.hints))
    ended = table.ended
    if ended is not None and ended.ratings is not None and table.game.over:
        a, b = (signed(ended.ratings[color].delta) for color in (first, second))
        lines.append(_("Rating: {first} {a}, {second} {b}.", a=a, b=b, **pair))
    elif table.shared and ended is not None:  # ended too soon to rate (`RATED_TURNS`)
        lines.append(
            texts.ngettext(
                "Not rated: it ended before each player had played {n} turn.",
                "Not rated: it ended before each player had played {n} turns.",
                RATED_TURNS,
            )
        )
    return lines


def _cube_prompt(texts: Texts, game: AnyGame) -> str:
    """What the player deciding before the roll is asked (`cube_decider`)."""
    if game.cube.offered_by is not None:
        return texts.gettext(
            "Take the double (the game is then played for {n}), or drop it?",
            n=game.cube.value * 2,
        )
    return texts.gettext("Roll, or double first?")


def _cube_lines(game: AnyGame, texts: Texts, names: Sequence[str]) -> list[str]:
    """The doubling cube of a game played with it: its value and owner, or that a match's
    Crawford game has none (RULES.md §9)."""
    if not game.rules.cube:
        return []
    if game.crawford:
        return [texts.gettext("Crawford game: no doubling.")]
    cube = game.cube
    if cube.owner is None:
        return [texts.gettext("Cube: {n}, in the middle.", n=cube.value)]
    return [texts.gettext("Cube: {n}, owned by {name}.", n=cube.value, name=names[cube.owner])]


def _status(texts: Texts, game: AnyGame, own: bool) -> str:
    """The word beside the name of the side the game waits for (`to_act`): to answer a double
    offered (RULES.md §9), else to move; `own`: beside "You" (Russian: ходите / ходит)."""
    answering = game.cube.offered_by is not None
    if own and answering:
        return texts.pgettext("beside the player's own name", "to answer the double")
    if own:
        return texts.pgettext("beside the player's own name", "to move")
    if answering:
        return texts.pgettext("beside the opponent's name", "to answer the double")
    return texts.pgettext("beside the opponent's name", "to move")


def _prompt(table: Table, texts: Texts, selected: int | None) -> str:
    """What the player to move does now: the keyboard's `choice`."""
    _ = texts.gettext
    match choice(table, selected):
        case Choice.DONE:
            return _("The turn is complete: tap Done, or Undo to change it.")
        case Choice.DESTINATIONS:
            return _("Checker on {src}: where to?", src=point_label(texts, selected or 0))
        case Choice.TURNS:
            return _(
                "Choose your whole turn with a button below (points are numbered from your side)."
            )
        case Choice.MOVES:
            return _(
                "Choose a move with a button below, from → to (points are numbered from your side)."
            )
        case Choice.CHECKERS:
            return _(
                "Choose the checker to move with a button below"
                " (points are numbered from your side)."
            )


def _view(
    table: Table,
    viewer: Color,
    texts: Texts,
    selected: int | None,
    names: list[str],
    status: str,
    outcome: tuple[str, str] | None,
) -> BoardView:
    """The picture from `viewer`'s side, in `viewer`'s numbering; `names` by colour, `status`
    beside the name of the side the game waits for, the `outcome` on a banner when the game is
    over, with the match's result after its last game (the picture people share)."""
    game = table.game
    _ = texts.gettext
    banner = None
    if game.result is not None and outcome is not None:
        resigned, result = outcome
        winner = game.result.winner
        banner = Banner(winner, _("Game over"), result, resigned)
        if table.match is not None and table.match.over:
            banner = Banner(winner, _("Match over"), result, _match_line(table, texts))
    base = base_view(texts, viewer, (names[0], names[1]), status, banner)
    _position, view = game_view(game, base, selected)
    view = replace(view, acting=game.to_act)  # the status beside it (a double's answer)
    if game.to_move is not viewer:  # rings prompt only the player whose turn it is
        view = replace(view, highlight=Highlight())
    return view


def base_view(
    texts: Texts,
    viewer: Color,
    names: tuple[str, str],
    status: str = "",
    banner: Banner | None = None,
) -> BoardView:
    """A board picture's frame as every board message draws it: from `viewer`'s side in
    `viewer`'s numbering, `names` by colour, `status` beside the name of the side to move,
    the strips' words in `texts`' language; the game's marks go on it (`game_view`)."""
    _ = texts.gettext
    strip = BoardTexts(pips=_("pips"), status=status, off=_("off"), bar=_("bar"))
    return BoardView(bottom=viewer, numbering=viewer, names=names, texts=strip, banner=banner)


def resign_question(
    texts: Texts, table: Table, color: Color, user_id: int
) -> tuple[str, InlineKeyboardMarkup]:
    """The /resign question: what resigning now would cost (RULES.md §7), Yes and Keep playing."""
    answers = [
        (Answer.RESIGN, texts.gettext("🏳 Yes, resign")),
        (Answer.KEEP, texts.gettext("Keep playing")),
    ]
    return resign_text(texts, table, color), question_menu(table, user_id, answers)


def resign_text(texts: Texts, table: Table, color: Color) -> str:
    """What resigning now would cost the player of `color` (RULES.md §7), as a question."""
    kind, n = variant_of(table.game).loss_value(table.game, color)
    n *= table.game.cube.value
    if table.shared:
        return texts.ngettext(
            "Resign? At the current position that is {kind}: {n} point to {name}.",
            "Resign? At the current position that is {kind}: {n} points to {name}.",
            n,
            kind=result_name(texts, kind, variant_of(table.game)),
            name=table.seats[color.opponent].name,
        )
    return texts.ngettext(
        "Resign? At the current position that is {kind}: {n} point to the bot.",
        "Resign? At the current position that is {kind}: {n} points to the bot.",
        n,
        kind=result_name(texts, kind, variant_of(table.game)),
    )


def game_going(texts: Texts, table: Table, user_id: int) -> tuple[str, InlineKeyboardMarkup]:
    """Text that is no command, sent during a game: the game is played with its board's
    buttons, and one brings the board back."""
    text = texts.gettext("Your game is on: play it with the buttons under its board.")
    answers = [(Answer.SHOW, texts.gettext("🎲 Back to my game"))]
    return text, question_menu(table, user_id, answers)


def new_game_question(texts: Texts, table: Table, user_id: int) -> tuple[str, InlineKeyboardMarkup]:
    """/play during a game: back to it (its board sent anew), or resign it (a match: the whole
    match) and start anew."""
    if table.match is None:
        text = texts.gettext("You already have a game in this chat. Resign it and start a new one?")
    else:
        text = texts.gettext(
            "You have a match to {length} going in this chat. Give it up and start anew?",
            length=table.match.match.length,
        )
    answers = [
        (Answer.SHOW, texts.gettext("🎲 Back to my game")),
        (Answer.NEW_GAME, texts.gettext("🏳 Resign and start anew")),
    ]
    return text, question_menu(table, user_id, answers)
