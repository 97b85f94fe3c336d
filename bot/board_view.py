"""What a game's board message shows one player: the picture's view state, caption, buttons.

Pure: no I/O; the points on buttons are the viewer's own numbers, as in the notation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.callbacks import BoardAction, PickLevel, Tap
from bot.i18n import Locale, Translator
from bot.service import Session
from bot.service.games import dice_text
from nardy import Color, Step
from nardy.game import Game
from nardy.scoring import EndReason
from renderer import Banner, BoardView, Highlight, Texts
from renderer.game_view import game_view

CHECKERS_PER_ROW = 6
TARGETS_PER_ROW = 2
CAPTION_LIMIT = 1024  # Telegram's, for a photo's caption


@dataclass(frozen=True, slots=True)
class Screen:
    """One rendering of the board message."""

    view: BoardView
    caption: str
    markup: InlineKeyboardMarkup | None


def moves_from(game: Game, src: int) -> list[tuple[Step, ...]]:
    """The legal ways to move the checker on `src` now: one die, or several dice in a row when
    each point on the way is open; one chain per destination, the shortest first."""
    chains: list[tuple[Step, ...]] = []
    frontier: list[tuple[Step, ...]] = [()]
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
    return chains


def caption(notes: list[str], lines: list[str]) -> str:
    """The notes, then the other lines; when that would pass Telegram's caption limit (a long
    run of passes and bot turns), the oldest notes give way to "…"."""
    kept = [*notes, *lines]
    while _utf16_length("\n".join(kept)) > CAPTION_LIMIT and notes:
        notes = notes[1:]
        kept = ["…", *notes, *lines]
    return "\n".join(kept)


def _utf16_length(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def chain_arg(chain: tuple[Step, ...]) -> str:
    """Callback form of a chain: its source, a dot, its dice in order (`24.65`)."""
    return f"{chain[0].src}." + "".join(str(step.die) for step in chain)


def parse_chain(arg: str) -> tuple[Step, ...]:
    """Inverse of `chain_arg`; anything malformed raises `ValueError`."""
    src_text, _, dice = arg.partition(".")
    src = int(src_text)
    if not 1 <= src <= 24 or not dice or any(d not in "123456" for d in dice):
        raise ValueError(f"bad move {arg!r}")
    steps = []
    for die in dice:
        if src <= 0:
            raise ValueError(f"bad move {arg!r}: a checker borne off moves no further")
        steps.append(Step(src, int(die)))
        src -= int(die)
    return tuple(steps)


class ScreenBuilder:
    """Builds `Screen`s in a viewer's language."""

    def __init__(self, texts: Translator) -> None:
        self._texts = texts

    def build(
        self, session: Session, viewer: Color, locale: Locale, selected: int | None = None
    ) -> Screen:
        game = session.game
        t = partial(self._texts.text, locale)
        my_turn = not game.over and game.to_move is viewer and game.dice is not None
        notes = [t(note.key, **dict(note.values)) for note in session.notes]
        lines = []
        if game.over:
            outcome, resigned = self._outcome(session, viewer, locale)
            lines.append(f"{resigned} {outcome}".strip())
        elif game.dice is not None:
            lines.append(t("turn_you" if my_turn else "turn_bot"))
            lines.append(t("dice", dice=dice_text(game.dice)))
        board = game.board
        lines.append(t("pips", you=board.pip_count(viewer), bot=board.pip_count(viewer.opponent)))
        markup = None
        if my_turn:
            lines.append(self._prompt(game, locale, selected))
            markup = self._move_keyboard(session, locale, selected)
        elif game.over:
            markup = self._again_keyboard(session, locale)
        view = self._view(session, viewer, locale, selected if my_turn else None)
        return Screen(view, caption(notes, lines), markup)

    def _outcome(self, session: Session, viewer: Color, locale: Locale) -> tuple[str, str]:
        """Who won, how and for how much; and "you resigned" when the viewer did (else "")."""
        result = session.game.result
        assert result is not None
        t = partial(self._texts.text, locale)
        if result.winner is None:
            return t("result_draw"), ""
        kind = t(f"kind_{result.kind.value}")
        won = result.winner is viewer
        outcome = t("result_win" if won else "result_loss", kind=kind, points=result.points)
        resigned = result.reason is EndReason.RESIGNED and not won
        return outcome, t("result_resigned") if resigned else ""

    def _prompt(self, game: Game, locale: Locale, selected: int | None) -> str:
        if selected is not None:
            return self._texts.text(locale, "pick_target", src=selected)
        if game.turn_complete:
            return self._texts.text(locale, "turn_ready")
        return self._texts.text(locale, "pick_checker")

    def _move_keyboard(
        self, session: Session, locale: Locale, selected: int | None
    ) -> InlineKeyboardMarkup:
        """Checkers to pick (or the picked one's destinations and Back), then Undo and Done."""
        game = session.game
        t = partial(self._texts.text, locale)

        def button(text: str, action: BoardAction, arg: str = "") -> InlineKeyboardButton:
            tap = Tap(game=session.game_id, version=session.version, action=action, arg=arg)
            return InlineKeyboardButton(text=text, callback_data=tap.pack())

        builder = InlineKeyboardBuilder()
        if selected is None:
            sources = sorted({step.src for step in game.next_steps()}, reverse=True)
            checkers = [button(str(src), BoardAction.SELECT, str(src)) for src in sources]
            builder.row(*checkers, width=CHECKERS_PER_ROW)
        else:
            targets = [
                button(
                    f"{selected} → {chain[-1].dst or t('btn_off')}",
                    BoardAction.MOVE,
                    chain_arg(chain),
                )
                for chain in moves_from(game, selected)
            ]
            builder.row(*targets, width=TARGETS_PER_ROW)
            builder.row(button(t("btn_back"), BoardAction.BACK))
        footer = []
        if game.played:
            footer.append(button(t("btn_undo"), BoardAction.UNDO))
        if game.turn_complete:
            footer.append(button(t("btn_done"), BoardAction.DONE))
        builder.row(*footer)
        return builder.as_markup()

    def _again_keyboard(self, session: Session, locale: Locale) -> InlineKeyboardMarkup | None:
        level = next((seat.level for seat in session.seats if seat.level is not None), None)
        if level is None:
            return None
        builder = InlineKeyboardBuilder()
        builder.button(
            text=self._texts.text(locale, "btn_play_again"), callback_data=PickLevel(level=level)
        )
        return builder.as_markup()

    def _view(
        self, session: Session, viewer: Color, locale: Locale, selected: int | None
    ) -> BoardView:
        game = session.game
        t = partial(self._texts.text, locale)
        names = ["", ""]
        for color in Color:
            level = session.seats[color].level  # the one human seat is the viewer's
            names[color] = (
                t("name_you") if level is None else t("name_bot", level=t(f"level_{level.value}"))
            )
        banner = None
        if game.result is not None:
            outcome, resigned = self._outcome(session, viewer, locale)
            banner = Banner(game.result.winner, t("game_over"), outcome, resigned)
        base = BoardView(
            bottom=viewer,
            numbering=viewer,
            names=(names[0], names[1]),
            texts=Texts(pips=t("pips_label"), status=t("status_to_move")),
            banner=banner,
        )
        _, view = game_view(game, base, selected)
        if game.to_move is not viewer:  # rings prompt only the player whose turn it is
            view = replace(view, highlight=Highlight())
        return view
