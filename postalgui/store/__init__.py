"""The office database (a leaf): one SQLAlchemy engine per environment, a SQLite file by
default and a PostgreSQL URL when the office shares, Alembic migrations run on open under
a lock, changes told across desks, a damaged file set aside. Also the small file helpers
every store needs (``atomic``, ``aside``)."""
