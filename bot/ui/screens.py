"""What a game's board message shows one player: the picture's view state, caption, buttons.

Pure: no I/O; the points on buttons are the viewer's own numbers, as in the notation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from aiogram.types import InlineKeyboardMarkup

from bot.i18n import Locale, Translator
from bot.service import Session
from bot.ui.callbacks import Answer
from bot.ui.keyboards import again_menu, move_menu, question_menu
from nardy import Color
from nardy.game import Game
from nardy.scoring import EndReason, loss_value
from nardy.steps import format_dice
from renderer import Banner, BoardView, Highlight, Texts
from renderer.game_view import game_view

CAPTION_LIMIT = 1024  # Telegram's, for a photo's caption


@dataclass(frozen=True, slots=True)
class Screen:
    """One rendering of the board message."""

    view: BoardView
    caption: str
    markup: InlineKeyboardMarkup | None


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
            lines.append(t("dice", dice=format_dice(game.dice)))
        board = game.board
        lines.append(t("pips", you=board.pip_count(viewer), bot=board.pip_count(viewer.opponent)))
        markup = None
        if my_turn:
            lines.append(self._prompt(game, locale, selected))
            markup = move_menu(self._texts, locale, session, selected)
        elif game.over:
            level = next((seat.level for seat in session.seats if seat.level is not None), None)
            markup = None if level is None else again_menu(self._texts, locale, level)
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


def resign_question(
    texts: Translator, locale: Locale, session: Session, color: Color
) -> tuple[str, InlineKeyboardMarkup]:
    """The /resign question: what resigning now would cost (RULES.md §7), Yes and Keep playing."""
    kind, points = loss_value(session.game.position, color, session.game.rules)
    text = texts.text(
        locale, "resign_confirm", kind=texts.text(locale, f"kind_{kind.value}"), points=points
    )
    return text, question_menu(texts, locale, session, Answer.RESIGN, "btn_resign_yes")
