"""The Slack surfaces: the Bolt app, its listeners by surface, delivery, the server, posting."""
