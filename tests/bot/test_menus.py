"""Commands and menus: resigning, a new game during a game, the language, the command list."""

from __future__ import annotations

from bot.commands import COMMANDS, GROUP_COMMANDS, register_commands
from bot.i18n import Locale, Translator
from bot.service import GameService
from bot.storage import RedisStore
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Chat, is_checker, make_chat


async def test_resign_asks_first_then_scores_the_position(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    await chat.start_game()
    await chat.send("/resign")
    assert chat.last.text is not None and chat.last.text.startswith("Resign?")
    assert "mars: 2 points to the bot" in chat.last.text
    await chat.press(chat.last, "🏳 Yes, resign")
    assert await service.active_game(chat.user["id"]) is None
    caption = chat.board.caption or ""
    assert "You resigned. The bot won: mars, 2 points." in caption
    assert [b["text"] for b in chat.board.buttons()] == ["🎲 Play again"]
    assert telegram.schema_problems == []


async def test_keep_playing_removes_the_question(chat: Chat, service: GameService) -> None:
    await chat.start_game()
    await chat.send("/resign")
    question = chat.last
    await chat.press(question, "Keep playing")
    assert question not in chat.messages
    assert await service.active_game(chat.user["id"]) is not None


async def test_play_during_a_game_offers_to_resign_it(chat: Chat, service: GameService) -> None:
    await chat.start_game()
    first = await service.active_game(chat.user["id"])
    await chat.send("/play")
    assert chat.last.text == "You already have a game in this chat. Resign it and start a new one?"
    await chat.press(chat.last, "🏳 Resign and start anew")
    assert chat.last.text == "Choose the bot's level:"
    await chat.press(chat.last, "Medium")
    second = await service.active_game(chat.user["id"])
    assert first is not None and second is not None and second.game_id != first.game_id


async def test_play_during_a_game_brings_its_board_back(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """However far up (or gone) the board is, /play can always send it anew."""
    await chat.start_game()
    old = chat.board
    await chat.send("/play")
    question = chat.last
    await chat.press(question, "🎲 Back to my game")
    boards = [m for m in chat.messages if m.photo_id is not None]
    assert boards == [chat.last] and chat.last is not old
    assert question not in chat.messages
    table = await service.active_game(chat.user["id"])
    assert table is not None and table.message_id == chat.last.message_id
    await chat.press(chat.board, is_checker)
    assert chat.alerts() == []


async def test_an_old_menu_during_a_game_brings_the_board_back(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """A level choice or a Play button from an older message starts no resign dialog: it says
    a game is going and sends its board anew."""
    await chat.send("/start")
    menu = chat.last
    await chat.send("/play")
    levels = chat.last
    await chat.press(levels, "Easy")
    table = await service.active_game(chat.user["id"])
    for message, label in ((levels, "Medium"), (menu, "🎲 Play vs bot")):
        await chat.press(message, label)
        assert chat.last.photo_id is not None
        answer = telegram.calls_of("answerCallbackQuery")[-1].params
        assert answer["text"] == "You have a game going: here is its board."
    assert [m for m in chat.messages if m.photo_id is not None] == [chat.last]
    again = await service.active_game(chat.user["id"])
    assert table is not None and again is not None and again.game_id == table.game_id


async def test_text_and_unknown_commands_get_a_hint(chat: Chat) -> None:
    hint = "To play, send /play. /help lists what I can do."
    for text in ("hello", "/castle"):
        await chat.send(text)
        assert chat.last.text == hint


async def test_text_during_a_game_points_back_to_it(chat: Chat) -> None:
    await chat.start_game()
    board = chat.board
    await chat.send("hello")
    assert chat.last.text == "Your game is on: play it with the buttons under its board."
    await chat.press(chat.last, "🎲 Back to my game")
    assert chat.last.photo_id is not None and chat.last is not board  # the board anew
    assert "Your turn" in (chat.last.caption or "")


async def test_a_new_language_redraws_the_board_and_closes_the_picker(chat: Chat) -> None:
    await chat.start_game()
    await chat.send("/lang")
    picker = chat.last
    await chat.press(picker, "Русский")
    assert "Ваш ход" in (chat.board.caption or "")
    assert picker.text == "Язык переключён на русский." and picker.buttons() == []


async def test_play_again_starts_a_new_game(chat: Chat, service: GameService) -> None:
    await chat.start_game()
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    await chat.press(chat.board, "🎲 Play again")
    table = await service.active_game(chat.user["id"])
    assert table is not None and table.message_id == chat.board.message_id


async def test_the_language_choice_is_kept(chat: Chat) -> None:
    await chat.send("/lang")
    await chat.press(chat.last, "Українська")
    await chat.send("/help")
    assert chat.last.text is not None and chat.last.text.startswith("/play — нова партія")
    await chat.send("/rules")
    first_section = chat.messages[-6]
    assert first_section.caption is not None and "Довгі нарди коротко" in first_section.caption
    assert "Короткі нарди (бекгемон) коротко" in (chat.last.caption or "")


async def test_commands_are_registered_in_every_language(
    chat: Chat, telegram: FakeTelegram
) -> None:
    await register_commands(chat.bot, Translator(), Locale.RU)
    calls = telegram.calls_of("setMyCommands")
    languages = [None, None, "ru", "ru", "uk", "uk", "en", "en"]
    assert [call.params.get("language_code") for call in calls] == languages
    for private, group in zip(calls[::2], calls[1::2], strict=True):
        assert "scope" not in private.params
        assert [c["command"] for c in private.params["commands"]] == list(COMMANDS)
        assert group.params["scope"] == {"type": "all_group_chats"}
        assert [c["command"] for c in group.params["commands"]] == list(GROUP_COMMANDS)
    assert calls[1].params["commands"][0]["description"] == "Вызвать кого-нибудь здесь на игру"
    assert telegram.schema_problems == []


async def test_menu_buttons_show_the_rules_and_the_languages(chat: Chat) -> None:
    await chat.send("/start")
    menu = chat.last
    assert (menu.text or "").startswith("Long nardy and short nardy (backgammon) right here")
    await chat.press(menu, "📖 Rules")
    first_section = chat.messages[-6]
    assert first_section.caption is not None and "Long nardy in brief" in first_section.caption
    assert "Short nardy (backgammon) in brief" in (chat.last.caption or "")
    await chat.press(menu, "🌐 Language")
    assert [b["text"] for b in chat.last.buttons()] == ["Русский", "Українська", "English"]


async def test_in_a_group_the_bot_points_to_the_private_chat(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    """/start in a group shows no private menu: one line (the group's own game is /play) and a
    button that opens the private chat at the level choice (a deep link), which works there."""
    group = {"id": -100123, "type": "supergroup", "title": "Nardy club"}
    await chat.send("/start", group)
    replies = telegram.calls_of("sendMessage")
    in_group = "You can play against me only in a private chat. Here, /play challenges the others."
    assert [call.params["text"] for call in replies] == [in_group]
    assert [call.params["chat_id"] for call in replies] == [-100123]
    (button,) = chat.telegram.chat(-100123)[-1].buttons()
    assert button["url"] == "https://t.me/nardy_test_bot?start=play"
    assert await service.active_game(-100123) is None
    await chat.send("/start play")
    assert chat.last.text == "Choose the bot's level:"


async def test_one_members_tap_never_changes_another_members_menu(
    chat: Chat, telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    await chat.send("/start")
    menu = chat.last
    before = menu.markup
    stranger = make_chat(telegram, store, service, user_id=2002)
    await stranger.press(menu, "⚙️ Settings")
    assert stranger.alerts() == ["You can play against me only in a private chat."]
    assert menu.markup == before


async def test_a_resignation_question_goes_out_of_date_when_the_game_moves_on(
    chat: Chat, service: GameService
) -> None:
    """Its Yes resigns only the position it scored; after a step it alerts, changing nothing."""
    await chat.start_game()
    await chat.send("/resign")
    question = chat.last
    await chat.press(chat.board, is_checker)
    await chat.press(chat.board, lambda text: "→" in text)
    before = await service.active_game(chat.user["id"])
    await chat.press(question, "🏳 Yes, resign")
    assert chat.toasts() == ["This board is out of date: the game has moved on."]
    assert question not in chat.messages
    after = await service.active_game(chat.user["id"])
    assert before is not None and after is not None and after.seq == before.seq


async def test_a_resignation_question_of_a_finished_game_says_so(
    chat: Chat, service: GameService
) -> None:
    await chat.start_game()
    await chat.send("/resign")
    first = chat.last
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    await chat.press(first, "🏳 Yes, resign")
    assert chat.toasts() == ["This game is over."]
    assert first not in chat.messages


async def test_a_doubled_resign_and_start_anew_is_harmless(
    chat: Chat, service: GameService, telegram: FakeTelegram
) -> None:
    """The second tap's button is gone (the question became the level choice): it is refused in
    passing, and nothing is edited twice."""
    await chat.start_game()
    await chat.send("/play")
    question = chat.last
    anew = next(b["callback_data"] for b in question.buttons() if "start anew" in b["text"])
    await chat.tap(question, anew)
    await chat.tap(question, anew)
    assert question.text == "Choose the bot's level:"
    assert await service.active_game(chat.user["id"]) is None
    assert len(telegram.calls_of("editMessageText")) == 1
    assert chat.alerts() == []
    assert chat.toasts() == ["This button is not valid any more."]


async def test_play_buttons_work_only_in_the_tappers_own_chat_with_the_bot(
    chat: Chat, service: GameService, telegram: FakeTelegram, store: RedisStore
) -> None:
    """A menu or a finished board forwarded elsewhere, or shown in a group, starts no game
    there: a game in someone's chat would be one they could neither play nor resign."""
    await chat.send("/start")
    menu = chat.last
    await chat.start_game()
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    finished = chat.board
    stranger = make_chat(telegram, store, service, user_id=2002)
    await stranger.press(finished, "🎲 Play again")
    await stranger.press(menu, "🎲 Play vs bot")
    assert stranger.alerts() == ["You can play against me only in a private chat."] * 2
    assert await service.active_game(chat.user["id"]) is None
    assert await service.active_game(2002) is None
    assert chat.last is finished


async def test_play_again_works_on_a_board_too_old_for_telegram_to_show(
    chat: Chat, service: GameService
) -> None:
    await chat.start_game()
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    again = chat.board.buttons()[0]["callback_data"]
    await chat.tap(chat.board, again, inaccessible=True)
    table = await service.active_game(chat.user["id"])
    assert table is not None and table.message_id == chat.board.message_id
    assert chat.alerts() == []
