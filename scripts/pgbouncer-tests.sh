#!/usr/bin/env bash
# A focused part of the integration suite on PostgreSQL through PgBouncer in transaction mode (issue 51, decision 096):
# a private PostgreSQL cluster and a PgBouncer of its own on loopback ports, never the machine's shared service; the
# servers under test connect through PgBouncer, the test databases are created and migrated directly
# (TEST_DIRECT_DATABASE_URL, as MIGRATION_DATABASE_URL does for a server). Everything is stopped and removed at the end.
#
#   scripts/pgbouncer-tests.sh                 # the default files below
#   scripts/pgbouncer-tests.sh caps.test.ts    # files of your choice (under apps/server/test)
#   VITEST_EXTRA_ARGS='--reporter=json …'      # added to vitest's command line (`npm test` reads its report)
#
# Ports: PG_PORT (5610) and PGBOUNCER_PORT (5611). Runs as root (initdb, postgres and pgbouncer as `postgres` through
# runuser) or as an ordinary user.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_PORT=${PG_PORT:-5610}
PGBOUNCER_PORT=${PGBOUNCER_PORT:-5611}
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
command -v pgbouncer >/dev/null || { echo "pgbouncer is not installed (apt-get install pgbouncer)" >&2; exit 1; }

# Every path the issue names: clicks and postbacks across two servers, the outbox, the billing run's lock, caps,
# sessions and sign-in limits, the click journal, metrics.
DEFAULT_FILES=(two-servers postbacks-delivery billing-run caps sessions auth-login click-journal tracking-postback metrics reports-replica)
FILES=()
if [ $# -gt 0 ]; then for f in "$@"; do FILES+=("apps/server/test/${f}"); done
else for f in "${DEFAULT_FILES[@]}"; do FILES+=("apps/server/test/${f}.test.ts"); done; fi

DIR=$(mktemp -d /tmp/portal-pgbouncer-XXXXXX)
chmod 777 "$DIR"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

cleanup() {
  if [ -f "$DIR/pgbouncer.pid" ]; then kill "$(cat "$DIR/pgbouncer.pid")" 2>/dev/null || true; fi
  as_pg "$BIN/pg_ctl" -D "$DIR/data" stop -m immediate >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_pg "$BIN/initdb" -D "$DIR/data" -A trust -U postgres --no-sync >/dev/null
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w start \
  -o "-p $PG_PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" >/dev/null

cat > "$DIR/userlist.txt" <<USERS
"postgres" ""
USERS
cat > "$DIR/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$PG_PORT

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGBOUNCER_PORT
unix_socket_dir = $DIR
auth_type = trust
auth_file = $DIR/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
server_reset_query =
ignore_startup_parameters = extra_float_digits
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
INI
chmod 644 "$DIR"/*.ini "$DIR"/userlist.txt
as_pg pgbouncer -d "$DIR/pgbouncer.ini"
for _ in $(seq 50); do [ -f "$DIR/pgbouncer.pid" ] && break; sleep 0.1; done

started=$(date +%s)
status=0
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGBOUNCER_PORT/postgres" \
TEST_DIRECT_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres" \
  npx vitest run --project server "${FILES[@]}" ${VITEST_EXTRA_ARGS:-} || status=$?
echo "PgBouncer (transaction mode) run: $(( $(date +%s) - started )) s, exit $status"
grep -iE "error|warning" "$DIR/pgbouncer.log" | grep -viE "client unexpected eof|closing because: client close|server conn crashed|database .* does not exist|terminating connection due to administrator command|server closed the connection unexpectedly|when not linked" | tail -20 || true
exit $status
