"""The ledger's tables (SQLAlchemy 2 declarative). Migrations in `migrations/` build them.

Times are stored in UTC; SQLite gives them back without a zone, so `utc` puts it back.
Amounts are integer cents: the wire's digits, never a float.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import BigInteger, Boolean, Date, DateTime, Integer, SmallInteger, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Attendance", "Base", "Call", "FormClaim", "IssuedToken", "Reconciliation", "utc"]


class Base(DeclarativeBase):
    pass


def utc(moment: datetime) -> datetime:
    """`moment` as an aware UTC datetime (SQLite stores it naive)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class Attendance(Base):
    """One attendance, by protocol: what came, what we answered, where it stands."""

    __tablename__ = "attendances"

    protocol: Mapped[str] = mapped_column(String(14), primary_key=True)
    model: Mapped[int] = mapped_column(SmallInteger)
    state: Mapped[str] = mapped_column(String(16), index=True)
    day: Mapped[date] = mapped_column(Date, index=True)
    amount_cents: Mapped[int | None] = mapped_column(BigInteger)
    quantity: Mapped[int | None] = mapped_column(Integer)
    client_tax_id: Mapped[str | None] = mapped_column(String(14))
    client_key: Mapped[str | None] = mapped_column(String(30))
    attendant: Mapped[str | None] = mapped_column(String(120))
    unit: Mapped[str | None] = mapped_column(String(20))
    terminal: Mapped[str | None] = mapped_column(String(20))
    form: Mapped[str | None] = mapped_column(Text)
    """The model-1 form fields as JSON."""
    answer_status: Mapped[int | None] = mapped_column(SmallInteger)
    answer: Mapped[str | None] = mapped_column(Text)
    """The JSON we answered the form with, given again to a repeated form."""
    confirmation: Mapped[str | None] = mapped_column(String(2))
    partner_code: Mapped[str | None] = mapped_column(String(20))
    operator_status: Mapped[str | None] = mapped_column(String(1))
    operator_amount_cents: Mapped[int | None] = mapped_column(BigInteger)
    flag: Mapped[str | None] = mapped_column(String(255))
    """Why reconciliation must look at it (a contradicting callback, ...)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FormClaim(Base):
    """A model-1 form's protocol, claimed before its handler runs: the handler runs once per protocol.

    Inserted and committed on its own before the handler is called; the primary key lets
    one insert win across threads, workers and processes. `digest` is the SHA-256 of the
    form's canonical fields, so a form with the same protocol and other fields is told apart.
    """

    __tablename__ = "form_claims"

    protocol: Mapped[str] = mapped_column(String(14), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64))
    owner: Mapped[str] = mapped_column(String(32))
    """A random token of the call that claimed it: only that call (or a takeover) settles it."""
    state: Mapped[str] = mapped_column(String(16))
    """``processing`` while the handler runs, ``answered`` once an answer is stored."""
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    flag: Mapped[str | None] = mapped_column(String(255))
    """Why reconciliation must look at it (other fields under this protocol), copied to the attendance."""


class Call(Base):
    """Every incoming call, as it came and as it was answered (never the Authorization header)."""

    __tablename__ = "calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    endpoint: Mapped[str] = mapped_column(String(40))
    protocol: Mapped[str | None] = mapped_column(String(14), index=True)
    body: Mapped[str] = mapped_column(Text)
    status: Mapped[int] = mapped_column(SmallInteger)
    answer: Mapped[str] = mapped_column(Text)


class IssuedToken(Base):
    """An access token of the OAuth endpoint, by the SHA-256 of its text, and the client
    it belongs to: valid only while that client's id and credentials' version are current."""

    __tablename__ = "tokens"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    client_id: Mapped[str] = mapped_column(String(250))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    client_version: Mapped[str] = mapped_column(String(64), server_default="")


class Reconciliation(Base):
    """The last reconciliation report of a day (JSON)."""

    __tablename__ = "reconciliations"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    ran_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    report: Mapped[str] = mapped_column(Text)
    closed: Mapped[bool] = mapped_column(Boolean)
    """Run after the day's 22:00 (Brasília) and not reopened since by a late reversal: the day is done."""
