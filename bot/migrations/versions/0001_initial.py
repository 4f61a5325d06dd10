"""Initial schema: reminders (subscriptions, occurrences, actions), delivery dedupe, audit.

Revision ID: 0001_initial
Revises:
Create Date: 2026-01-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)
BIGID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("channel_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("calendar_id", sa.String(64)),
        sa.Column("rule_ids", sa.JSON()),
        sa.Column("offsets_days", sa.JSON(), nullable=False),
        sa.Column("post_time", sa.String(5), nullable=False),
        sa.Column("once_at", TS),
        sa.Column("once_invocation", sa.Text()),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("paused_reason", sa.Text()),
        sa.Column("created_by", sa.String(64), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("deleted_by", sa.String(64)),
        sa.Column("deleted_at", TS),
    )
    op.create_index("ix_subscriptions_channel_id", "subscriptions", ["channel_id"])
    op.create_index("ix_subscriptions_state", "subscriptions", ["state"])

    op.create_table(
        "occurrences",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "subscription_id", sa.Integer(), sa.ForeignKey("subscriptions.id"), nullable=False
        ),
        sa.Column("deadline_key", sa.String(255), nullable=False),
        sa.Column("offset_days", sa.Integer(), nullable=False),
        sa.Column("due_at", TS, nullable=False),
        sa.Column("planned_deadline", TS),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("claim_token", sa.String(64)),
        sa.Column("claimed_at", TS),
        sa.Column("first_attempt_at", TS),
        sa.Column("next_attempt_at", TS),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("needs_check", sa.Boolean(), nullable=False),
        sa.Column("late", sa.Boolean(), nullable=False),
        sa.Column("slack_ts", sa.String(32)),
        sa.Column("posted_at", TS),
        sa.Column("last_error", sa.Text()),
        sa.UniqueConstraint("subscription_id", "deadline_key", "offset_days", name="uq_occurrence"),
    )
    op.create_index("ix_occurrences_state_due", "occurrences", ["state", "due_at"])
    op.create_index("ix_occurrences_subscription_id", "occurrences", ["subscription_id"])
    op.create_index("ix_occurrences_claim_token", "occurrences", ["claim_token"])

    op.create_table(
        "reminder_actions",
        sa.Column("id", BIGID, primary_key=True),
        sa.Column("at", TS, nullable=False),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("subscription_id", sa.Integer()),
        sa.Column("occurrence_id", sa.Integer()),
        sa.Column("detail", sa.JSON(), nullable=False),
    )
    op.create_index("ix_reminder_actions_action", "reminder_actions", ["action"])
    op.create_index("ix_reminder_actions_subscription_id", "reminder_actions", ["subscription_id"])

    op.create_table(
        "processed_events",
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("claimed_at", TS, nullable=False),
    )

    op.create_table(
        "audit",
        sa.Column("id", BIGID, primary_key=True),
        sa.Column("at", TS, nullable=False),
        sa.Column("user", sa.String(64)),
        sa.Column("channel", sa.String(64)),
        sa.Column("surface", sa.String(32), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("status", sa.String(32)),
        sa.Column("rule", sa.String(128)),
        sa.Column("params", sa.JSON()),
        sa.Column("today", sa.Date()),
        sa.Column("inputs", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON()),
        sa.Column("citations", sa.JSON(), nullable=False),
        sa.Column("corpus_version", sa.String(128)),
        sa.Column("calendar_version", sa.String(128)),
    )
    op.create_index("ix_audit_at", "audit", ["at"])
    op.create_index("ix_audit_user", "audit", ["user"])


def downgrade() -> None:
    op.drop_table("audit")
    op.drop_table("processed_events")
    op.drop_table("reminder_actions")
    op.drop_table("occurrences")
    op.drop_table("subscriptions")
