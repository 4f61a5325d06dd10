"""Deadline reminders: subscriptions, planning, the dispatcher, commands, iCalendar export."""
