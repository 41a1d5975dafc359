"""The office database's tables, as SQLAlchemy Core sees them (migrations create them).

Every row a person makes carries who made it (``created_by``: the identity-portal login,
empty for the sandbox's demo login is still its name) and a ``uid`` that is the same on
every database the row is copied to, so an upload or an offline queue sent twice skips
what is already there. Times are UTC ISO text: text order is time order on both engines.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = [
    "QUOTE_SEARCH_COVERED",
    "address",
    "claim",
    "delivery_proof",
    "delivery_proof_image",
    "invoice",
    "job",
    "metadata",
    "preset",
    "quote",
    "quote_deadline",
    "sending",
    "shipment",
    "statement",
    "statement_item",
    "statement_service",
    "store_meta",
    "tracked_object",
    "tracking_alert",
]

metadata = MetaData()

quote = Table(
    "quote",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("at", String(40), nullable=False),
    Column("environment", String(40), nullable=False),
    Column("source", String(20), nullable=False),
    Column("failure_code", String(40)),
    Column("co_produto", String(20), nullable=False),
    Column("cep_origem", String(8)),
    Column("cep_destino", String(8)),
    Column("sg_pais", String(2)),
    Column("nu_requisicao", String(40)),
    Column("pc_final", String(40)),
    Column("run", String(64)),
    Column("dt_evento", String(10), nullable=False, server_default=""),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("search_text", Text, nullable=False),
    Column("failure_text", Text),
    Column("error", Text),
    Column("query", Text, nullable=False),
    Column("response", Text),
    Index("quote_at", "environment", "at", "id"),  # + search_text on SQLite (see the migration)
    Index("quote_time", "at", "id"),
    Index("quote_run", "run"),
    Index("quote_created_by", "created_by"),
    Index("quote_route", "environment", "co_produto", "cep_destino", "at"),
    # + on PostgreSQL with pg_trgm: quote_search_trigrams, GIN over search_text (migration 0007)
    # + on PostgreSQL 11+: quote_search_scan, (environment, at, id) INCLUDE (created_by,
    #   search_text) for rows of QUOTE_SEARCH_COVERED bytes of search text at most, and
    #   quote_search_long, (environment, at, id) for the others (migration 0008)
)

"""The long texts come last: a search reads ``search_text`` of every row, and on SQLite a
column after the JSON would be read from the row's overflow pages (five times slower)."""

QUOTE_SEARCH_COVERED = 1_500
"""Bytes of ``search_text`` a row of ``quote_search_scan`` holds at most (0008 wrote this
number into both indexes' conditions: a query names it as written to use them)."""

quote_deadline = Table(
    "quote_deadline",
    metadata,
    Column("run", String(64), primary_key=True),
    Column("co_produto", String(20), primary_key=True),
    Column("cep_origem", String(8), primary_key=True),
    Column("cep_destino", String(8), primary_key=True),
    Column("dt_evento", String(10), primary_key=True),
    Column("outcome", Text, nullable=False),
)
"""The deadline of a route in one run (a form quote, a batch): its prices and it are
written by two tasks in either order, so they meet by key when read, never by row id."""

job = Table(
    "job",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("environment", String(40), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("processing_id", String(80), nullable=False),
    Column("params", Text, nullable=False),
    Column("state", String(20), nullable=False),
    Column("requested_at", String(40), nullable=False),
    Column("updated_at", String(40), nullable=False),
    Column("finished_at", String(40)),
    Column("file_path", Text),
    Column("error", Text),
    Column("operator_status", String(80)),
    Column("created_by", String(120), nullable=False, server_default=""),
    Index("job_environment", "environment", "requested_at", "id"),
    Index("job_state", "environment", "state"),
)

sending = Table(
    "sending",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("environment", String(40), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("params", Text, nullable=False),
    Column("sent_at", String(40), nullable=False),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("http_status", Integer),
    Column("answer", Text),
)
"""A request written down before it is sent (see `services.invoices.jobs`); ``answer`` the
raw body of a 2xx answer that could not be read (``http_status``): sent, never sent again."""

preset = Table(
    "preset",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("kind", String(20), nullable=False),
    Column("name", String(120), nullable=False),
    Column("body", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("created_at", String(40), nullable=False),
    Column("updated_by", String(120), nullable=False, server_default=""),
    Column("updated_at", String(40), nullable=False),
    UniqueConstraint("kind", "name", name="preset_kind_name"),
)
"""Records people edit (presets, addresses, shipments) carry a ``version``: a save names
the version it read, and a newer one in the table is a `VersionConflictError`."""

store_meta = Table(
    "store_meta",
    metadata,
    Column("key", String(120), primary_key=True),
    Column("value", Text, nullable=False),
)
"""What happened once to this database: imports of older files, with their counts."""

tracked_object = Table(
    "tracked_object",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("environment", String(40), nullable=False),
    Column("code", String(13), nullable=False),
    Column("tag", String(120), nullable=False, server_default=""),
    Column("source", String(20), nullable=False),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("added_at", String(40), nullable=False),
    Column("archived_at", String(40)),
    Column("co_produto", String(20)),
    Column("cep_origem", String(8)),
    Column("cep_destino", String(8)),
    Column("posted_on", String(10)),
    Column("invoice", String(40)),
    Column("invoice_amount", String(40)),
    Column("status", String(20), nullable=False, server_default=""),
    Column("problem", String(20)),
    Column("final", Integer, nullable=False, server_default="0"),
    Column("event_code", String(10)),
    Column("last_event", String(200)),
    Column("last_place", String(120)),
    Column("last_at", String(40)),
    Column("arrived_on", String(10)),
    Column("expected_on", String(10)),
    Column("expected_source", String(20)),
    Column("pickup_until", String(40)),
    Column("product", String(120)),
    Column("message", String(200)),
    Column("checked_at", String(40)),
    Column("answer", Text),
    Column("origin_uf", String(2)),
    Column("destination_uf", String(2)),
    UniqueConstraint("environment", "code", name="tracked_object_code"),
    Index("tracked_object_due", "environment", "final", "checked_at"),
    Index(
        "tracked_object_period",
        "environment",
        "posted_on",
        "co_produto",
        "status",
        "origin_uf",
        "destination_uf",
        "arrived_on",
        "expected_on",
        "problem",
        "archived_at",
    ),
)
"""Every object the office follows, one row per environment and code, with what its last
answer said (``status`` "" until first asked); ``answer`` is the operator's JSON of it,
for the timeline. ``invoice`` (``"RE 1234567"``) and ``invoice_amount`` are the
statement line it was billed on, when it came from one. ``origin_uf`` and
``destination_uf`` are the states of its CEPs (else of its posting and delivery units),
for the Overview; ``tracked_object_period`` holds every column its sections read (the
archive mark too: leaving archived ones out, as Tracking's counters do), so they never
read a row's ``answer``."""

tracking_alert = Table(
    "tracking_alert",
    metadata,
    Column("environment", String(40), nullable=False),
    Column("code", String(13), nullable=False),
    Column("status", String(20), nullable=False),
    Column("login", String(120), nullable=False),
    Column("at", String(40), nullable=False),
    PrimaryKeyConstraint("environment", "code", "status", "login", name="tracking_alert_key"),
)
"""Who was told about which object reaching which status (``late`` counts as one): each
person is told once per object and status, on any desk, across restarts."""

claim = Table(
    "claim",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("environment", String(40), nullable=False),
    Column("code", String(13), nullable=False),
    Column("state", String(20), nullable=False),
    Column("outcome", String(20), nullable=False, server_default=""),
    Column("protocol", String(40)),
    Column("lot", String(40)),
    Column("reason", Integer, nullable=False),
    Column("manifestation", String(1), nullable=False),
    Column("package", String(1), nullable=False),
    Column("email", String(120), nullable=False, server_default=""),
    Column("phone", String(20), nullable=False, server_default=""),
    Column("recipient", String(100), nullable=False, server_default=""),
    Column("return_code", Integer),
    Column("return_message", String(300)),
    Column("filed_at", String(40), nullable=False),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("kind", String(20)),
    Column("days_late", Integer),
    Column("postage", String(40)),
    Column("estimate", String(40)),
    Column("invoice", String(40)),
    Column("situation", String(80)),
    Column("merit", String(80)),
    Column("max_delivery", String(10)),
    Column("last_event", String(200)),
    Column("reply", Text),
    Column("followed_at", String(40)),
    Column("follow_code", Integer),
    Column("reopened_at", String(40)),
    Column("closed_at", String(40)),
    Column("paid_at", String(40)),
    Column("answer", Text),
    UniqueConstraint("environment", "code", name="claim_code"),
    Index("claim_open", "environment", "outcome", "followed_at"),
    Index("claim_filed", "environment", "filed_at"),
)
"""One claim per environment and object: the last attempt to file it (``state``: sending,
filed, refused, unconfirmed), and, once filed, where the operator says it stands
(``outcome``: open, reopened, accepted, refused, paid). A refused attempt (544, still within
the deadline) may be filed again later; a filed one never is. ``postage`` and ``estimate``
are what the candidate said when it was filed (Decimal text)."""

address = Table(
    "address",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("kind", String(10), nullable=False),
    Column("name", String(100), nullable=False),
    Column("grp", String(60), nullable=False, server_default=""),
    Column("cep", String(8), nullable=False),
    Column("street", String(120), nullable=False, server_default=""),
    Column("number", String(20), nullable=False, server_default=""),
    Column("complement", String(60), nullable=False, server_default=""),
    Column("district", String(80), nullable=False, server_default=""),
    Column("city", String(80), nullable=False, server_default=""),
    Column("state", String(2), nullable=False, server_default=""),
    Column("email", String(120), nullable=False, server_default=""),
    Column("phone", String(20), nullable=False, server_default=""),
    Column("cpf_cnpj", String(14), nullable=False, server_default=""),
    Column("logo", LargeBinary),
    Column("is_default", Integer, nullable=False, server_default="0"),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("created_at", String(40), nullable=False),
    Column("updated_at", String(40)),
    Column("version", Integer, nullable=False, server_default="1"),
    Column("updated_by", String(120), nullable=False, server_default=""),
    Column("deleted_by", String(120)),
    Column("deleted_at", String(40)),
    Index("address_kind_name", "kind", "name"),
)
"""The office's address book: senders (``kind`` "sender"; one is the default, with the
company's logo for labels) and recipients ("recipient"), in groups (``grp``). The same
book serves every environment: an address is the office's, not the operator's. People edit
it, so a row carries a ``version`` (as ``preset``) and who last changed it; a deleted
address stays as a mark (``deleted_at``, ``deleted_by``, its person's fields emptied), so a
stale save, or an upload of an older copy, is told it was deleted instead of reviving it."""

shipment = Table(
    "shipment",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("environment", String(40), nullable=False),
    Column("prepost_id", String(40), nullable=False),
    Column("object_code", String(13)),
    Column("status", String(20), nullable=False),
    Column("service_code", String(10), nullable=False),
    Column("recipient_name", String(100), nullable=False, server_default=""),
    Column("recipient_cep", String(8), nullable=False, server_default=""),
    Column("recipient_city", String(80), nullable=False, server_default=""),
    Column("recipient_state", String(2), nullable=False, server_default=""),
    Column("weight_g", Integer, nullable=False, server_default="0"),
    Column("declared_value", String(40)),
    Column("body", Text, nullable=False),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("created_at", String(40), nullable=False),
    Column("expires_at", String(40)),
    Column("labelled_at", String(40)),
    Column("cancelled_at", String(40)),
    Column("checked_at", String(40)),
    Column("status_word", String(60), nullable=False, server_default=""),
    Column("version", Integer, nullable=False, server_default="1"),
    Column("updated_by", String(120), nullable=False, server_default=""),
    Column("updated_at", String(40)),
    UniqueConstraint("environment", "prepost_id", name="shipment_prepost"),
    Index("shipment_status", "environment", "status"),
    Index("shipment_object", "environment", "object_code"),
    Index("shipment_route", "environment", "service_code", "recipient_cep", "created_at"),
)
"""Every pre-posting the office registered, one row per environment and operator id:
``body`` is the order as sent (JSON), what labels, declarations and posting lists are
drawn from; ``status`` the operator's last ``statusAtual`` (a number as text: 1
Preatendido, 2 Prepostado, 3 Postado, 4 Expirado, 5 Cancelado, 6 Estornado, or one it
has not published) with its ``descStatusAtual`` in ``status_word``; ``labelled_at`` is our
own mark that a label was issued (the operator has no such status); ``object_code`` once
the operator assigned it. ``version`` grows with each write (a cancel, a label, the
operator's word read by a refresh), so a refresh asked before another desk's cancel does
not write its older word over it."""

outgoing = Table(
    "outgoing",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("environment", String(40), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("key", String(200), nullable=False),
    Column("open_key", String(280), unique=True),
    Column("state", String(20), nullable=False),
    Column("summary", String(200), nullable=False, server_default=""),
    Column("request", Text, nullable=False),
    Column("http_status", Integer),
    Column("answer", Text),
    Column("result", String(80)),
    Column("problem", Text),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("sent_at", String(40), nullable=False),
    Column("answered_at", String(40)),
    Column("resolution", String(20)),
    Column("resolved_by", String(120)),
    Column("resolved_at", String(40)),
    Index("outgoing_kind", "environment", "kind", "state"),
)
"""Every call that changes something at the operator, written down before it is sent
(`services.office.outgoing`): ``key`` says which calls are the same request (an order's
digest, a protocol); ``open_key`` is ``environment|kind|key`` while the call is unsettled
(being sent, answer lost or unreadable) and NULL once settled, so its unique index lets
one desk, and only one, send a request at a time. ``answer`` keeps the raw body of a 2xx
the client could not read."""

delivery_proof = Table(
    "delivery_proof",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("environment", String(40), nullable=False),
    Column("code", String(13), nullable=False),
    Column("state", String(20), nullable=False),
    Column("receiver", String(120), nullable=False, server_default=""),
    Column("document", String(60), nullable=False, server_default=""),
    Column("delivered_at", String(40)),
    Column("place", String(200), nullable=False, server_default=""),
    Column("note", Text, nullable=False, server_default=""),
    Column("ar_type", String(60)),
    Column("ar_data", LargeBinary),
    Column("receipt", String(40)),
    Column("receipt_until", String(40)),
    Column("created_by", String(120), nullable=False, server_default=""),
    Column("created_at", String(40), nullable=False),
    Column("completed_at", String(40)),
    UniqueConstraint("environment", "code", name="delivery_proof_code"),
    Index("delivery_proof_receipt", "environment", "receipt"),
)
"""One delivered object's proof of delivery per environment and code, fetched once: the
receiver, time and place of its delivered event, the AR digital image (``ar_type``,
``ar_data``) when it had one. ``state`` "waiting" while its delivery images are being made
by the operator (``receipt``: the number to ask them with, valid until ``receipt_until``),
"complete" once they are kept (``delivery_proof_image``): a complete proof is never asked
again. ``created_by``/``created_at``: who fetched it and when."""

delivery_proof_image = Table(
    "delivery_proof_image",
    metadata,
    Column("environment", String(40), nullable=False),
    Column("code", String(13), nullable=False),
    Column("position", Integer, nullable=False),
    Column("content_type", String(60), nullable=False),
    Column("comment", String(300), nullable=False, server_default=""),
    Column("data", LargeBinary, nullable=False),
    PrimaryKeyConstraint("environment", "code", "position", name="delivery_proof_image_key"),
)
"""The delivery images of a proof (a facade photo, the receiver's signature), in the
operator's order, each with its comment: apart from ``delivery_proof`` so that reading the
proofs' list reads no image."""

invoice = Table(
    "invoice",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(32), nullable=False, unique=True),
    Column("environment", String(40), nullable=False),
    Column("contrato", String(40), nullable=False, server_default=""),
    Column("fatura", String(40), nullable=False),
    Column("item_fatura", String(40), nullable=False, server_default=""),
    Column("tipo_documento", String(10), nullable=False, server_default=""),
    Column("status", String(40), nullable=False, server_default=""),
    Column("vencimento", String(10)),
    Column("data_fechamento", String(10)),
    Column("month", String(7), nullable=False),
    Column("valor_cents", BigInteger, nullable=False, server_default="0"),
    Column("valor_em_aberto_cents", BigInteger),
    Column("nome_contrato", String(120)),
    Column("centro_custo", String(80)),
    Column("dr_fatura", String(40)),
    Column("seen_at", String(40), nullable=False),
    Column("seen_by", String(120), nullable=False, server_default=""),
    UniqueConstraint(
        "environment", "contrato", "fatura", "item_fatura", "tipo_documento", name="invoice_key"
    ),
    Index("invoice_month", "environment", "month"),
)
"""Every invoice a desk listed, as the operator said it last (``status``: its word, "Paga",
"Em aberto"...), kept so the Overview sums what the office spends without asking the
operator. ``month`` (``"2026-10"``) is the month it closed, else the month it falls due,
else the month it was first seen. Money is integer cents: an exact SUM on both engines."""

statement = Table(
    "statement",
    metadata,
    Column("environment", String(40), nullable=False),
    Column("fatura", String(40), nullable=False),
    Column("tipo_documento", String(10), nullable=False),
    Column("loaded_at", String(40), nullable=False),
    Column("loaded_by", String(120), nullable=False, server_default=""),
    Column("item_count", Integer, nullable=False),
    Column("services_cents", BigInteger, nullable=False),
    Column("total_cents", BigInteger),
    PrimaryKeyConstraint("environment", "fatura", "tipo_documento", name="statement_key"),
)
"""An invoice's analytic statement some desk loaded: ``services_cents`` the sum of its
services (block 4), ``total_cents`` the invoice's total (block 5's last row). Loading it
again replaces it with its services and items, in one transaction."""

statement_service = Table(
    "statement_service",
    metadata,
    Column("environment", String(40), nullable=False),
    Column("fatura", String(40), nullable=False),
    Column("tipo_documento", String(10), nullable=False),
    Column("codigo_servico", String(20), nullable=False),
    Column("descricao", String(200), nullable=False, server_default=""),
    Column("quantidade", Integer, nullable=False),
    Column("valor_servico_cents", BigInteger),
    Column("desconto_cents", BigInteger),
    Column("valor_liquido_cents", BigInteger, nullable=False),
    PrimaryKeyConstraint(
        "environment", "fatura", "tipo_documento", "codigo_servico", name="statement_service_key"
    ),
)
"""A statement's totals per service (block 4): what the Overview stacks a month's spending by."""

statement_item = Table(
    "statement_item",
    metadata,
    Column("environment", String(40), nullable=False),
    Column("fatura", String(40), nullable=False),
    Column("tipo_documento", String(10), nullable=False),
    Column("position", Integer, nullable=False),
    Column("etiqueta", String(13), nullable=False, server_default=""),
    Column("codigo_servico", String(20), nullable=False),
    Column("data_postagem", String(10)),
    Column("destination_uf", String(2)),
    Column("quantidade", Integer, nullable=False),
    Column("valor_liquido_cents", BigInteger, nullable=False),
    PrimaryKeyConstraint("environment", "fatura", "tipo_documento", "position", name="statement_item_key"),
)
"""A statement's lines (block 3), lean: ``position`` is the line's place in the file (from
0), ``destination_uf`` the state of its recipient's CEP (spending by state)."""
