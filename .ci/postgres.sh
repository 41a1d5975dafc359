#!/usr/bin/env bash
# A PostgreSQL server for the ledger tests: Debian's package, its default cluster started,
# a role and a database for the tests. Prints the URL the tests read
# (POSTALGUI_TEST_POSTGRES_URL). Safe to run twice.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  $SUDO apt-get update -qq >&2
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2
fi
read -r version cluster port status _ < <(pg_lsclusters -h | head -n 1)
if [ "$status" != "online" ]; then
  $SUDO pg_ctlcluster "$version" "$cluster" start >&2
fi
as_postgres() { $SUDO runuser -u postgres -- "$@"; }
for _ in $(seq 1 30); do
  as_postgres psql -p "$port" -Atqc "SELECT 1" >/dev/null 2>&1 && break
  sleep 1
done
as_postgres psql -p "$port" -Atqc "SELECT 1 FROM pg_roles WHERE rolname = 'postalgui'" | grep -q 1 \
  || as_postgres psql -p "$port" -qc "CREATE ROLE postalgui LOGIN PASSWORD 'postalgui' CREATEDB" >&2
as_postgres psql -p "$port" -Atqc "SELECT 1 FROM pg_database WHERE datname = 'postalgui_test'" | grep -q 1 \
  || as_postgres createdb -p "$port" -O postalgui postalgui_test >&2
echo "postgresql+psycopg://postalgui:postalgui@127.0.0.1:${port}/postalgui_test"
