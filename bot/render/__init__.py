"""Rendering one `Reply`: Block Kit (plain dicts, no Slack import), terminal text and JSON."""
