"""The counter partner's own server for the registration system (spec 002).

A FastAPI app (`app.create_app`) with the model-1 form receiver, ``confirmarAtendimento``
and an OAuth 2.0 client-credentials token endpoint; its attendance ledger (SQLAlchemy:
SQLite by default, PostgreSQL by URL, Alembic migrations); and the daily reconciliation
with the registration system. Never Qt, the GUI, the services or the sandbox.
"""
