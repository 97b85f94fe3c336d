"""What runs the bot as a process, apart from what it does for players: settings, start-up,
the webhook server, health, metrics and logs, retries, the background lease and tasks."""
