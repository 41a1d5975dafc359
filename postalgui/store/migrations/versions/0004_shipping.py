"""Shipping: the office's address book and every pre-posting it registered.

Revision ID: 0004_shipping
Revises: 0003_claims
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_shipping"
down_revision = "0003_claims"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "address",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("grp", sa.String(60), nullable=False, server_default=""),
        sa.Column("cep", sa.String(8), nullable=False),
        sa.Column("street", sa.String(120), nullable=False, server_default=""),
        sa.Column("number", sa.String(20), nullable=False, server_default=""),
        sa.Column("complement", sa.String(60), nullable=False, server_default=""),
        sa.Column("district", sa.String(80), nullable=False, server_default=""),
        sa.Column("city", sa.String(80), nullable=False, server_default=""),
        sa.Column("state", sa.String(2), nullable=False, server_default=""),
        sa.Column("email", sa.String(120), nullable=False, server_default=""),
        sa.Column("phone", sa.String(20), nullable=False, server_default=""),
        sa.Column("cpf_cnpj", sa.String(14), nullable=False, server_default=""),
        sa.Column("logo", sa.LargeBinary),
        sa.Column("is_default", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("updated_at", sa.String(40)),
    )
    op.create_index("address_kind_name", "address", ["kind", "name"])
    op.create_table(
        "shipment",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("prepost_id", sa.String(40), nullable=False),
        sa.Column("object_code", sa.String(13)),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("service_code", sa.String(10), nullable=False),
        sa.Column("recipient_name", sa.String(100), nullable=False, server_default=""),
        sa.Column("recipient_cep", sa.String(8), nullable=False, server_default=""),
        sa.Column("recipient_city", sa.String(80), nullable=False, server_default=""),
        sa.Column("recipient_state", sa.String(2), nullable=False, server_default=""),
        sa.Column("weight_g", sa.Integer, nullable=False, server_default="0"),
        sa.Column("declared_value", sa.String(40)),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("expires_at", sa.String(40)),
        sa.Column("labelled_at", sa.String(40)),
        sa.Column("cancelled_at", sa.String(40)),
        sa.Column("checked_at", sa.String(40)),
        sa.UniqueConstraint("environment", "prepost_id", name="shipment_prepost"),
    )
    op.create_index("shipment_status", "shipment", ["environment", "status"])
    op.create_index("shipment_object", "shipment", ["environment", "object_code"])


def downgrade() -> None:
    op.drop_index("shipment_object", "shipment")
    op.drop_index("shipment_status", "shipment")
    op.drop_table("shipment")
    op.drop_index("address_kind_name", "address")
    op.drop_table("address")
