"""The Telegram bot: aiogram 3 handlers over a plain-async game service and a game store."""
