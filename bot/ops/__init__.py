"""Running the bot: settings, logs, metrics, database, audit trail, start-up checks, clock."""
