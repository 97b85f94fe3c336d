"""What runs the bot as a process, apart from what it does for players: settings, start-up,
the webhook server, health, logs, retries and the background lease (the metrics and the tasks
tied to a block, which every layer uses, live in `bot.metrics` and `bot.tasks`)."""
