"""The office database: quote history and deadlines, invoice jobs, presets, import marks.

Revision ID: 0001_office
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_office"
down_revision = None
branch_labels = None
depends_on = None


def _who() -> sa.Column[str]:
    return sa.Column("created_by", sa.String(120), nullable=False, server_default="")


def upgrade() -> None:
    _quotes()
    _jobs()
    _presets()


def _quotes() -> None:
    op.create_table(
        "quote",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("source", sa.String(20), nullable=False),
        sa.Column("failure_code", sa.String(40)),
        sa.Column("co_produto", sa.String(20), nullable=False),
        sa.Column("cep_origem", sa.String(8)),
        sa.Column("cep_destino", sa.String(8)),
        sa.Column("sg_pais", sa.String(2)),
        sa.Column("nu_requisicao", sa.String(40)),
        sa.Column("pc_final", sa.String(40)),
        sa.Column("run", sa.String(64)),
        sa.Column("dt_evento", sa.String(10), nullable=False, server_default=""),
        _who(),
        sa.Column("search_text", sa.Text, nullable=False),
        sa.Column("failure_text", sa.Text),
        sa.Column("error", sa.Text),
        sa.Column("query", sa.Text, nullable=False),
        sa.Column("response", sa.Text),
    )
    # On SQLite the newest-first index also holds the search text, so a search scans the
    # index alone (4x faster at 100,000 quotes); PostgreSQL keeps long texts out of its
    # b-trees (a row of an index has a size limit) and scans its heap fast enough.
    searched = ["search_text"] if op.get_bind().dialect.name == "sqlite" else []
    op.create_index("quote_at", "quote", ["environment", "at", "id", *searched])
    op.create_index("quote_time", "quote", ["at", "id"])
    op.create_index("quote_run", "quote", ["run"])
    op.create_index("quote_created_by", "quote", ["created_by"])
    op.create_table(
        "quote_deadline",
        sa.Column("run", sa.String(64), primary_key=True),
        sa.Column("co_produto", sa.String(20), primary_key=True),
        sa.Column("cep_origem", sa.String(8), primary_key=True),
        sa.Column("cep_destino", sa.String(8), primary_key=True),
        sa.Column("dt_evento", sa.String(10), primary_key=True),
        sa.Column("outcome", sa.Text, nullable=False),
    )


def _jobs() -> None:
    op.create_table(
        "job",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("processing_id", sa.String(80), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("requested_at", sa.String(40), nullable=False),
        sa.Column("updated_at", sa.String(40), nullable=False),
        sa.Column("finished_at", sa.String(40)),
        sa.Column("file_path", sa.Text),
        sa.Column("error", sa.Text),
        sa.Column("operator_status", sa.String(80)),
        _who(),
    )
    op.create_index("job_environment", "job", ["environment", "requested_at", "id"])
    op.create_index("job_state", "job", ["environment", "state"])
    op.create_table(
        "sending",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("sent_at", sa.String(40), nullable=False),
        _who(),
    )


def _presets() -> None:
    op.create_table(
        "preset",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        _who(),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("updated_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("updated_at", sa.String(40), nullable=False),
        sa.UniqueConstraint("kind", "name", name="preset_kind_name"),
    )
    op.create_table(
        "store_meta",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("store_meta", "preset", "sending", "job", "quote_deadline", "quote"):
        op.drop_table(table)
