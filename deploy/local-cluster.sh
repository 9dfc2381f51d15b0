#!/usr/bin/env bash
# The reference topology on one machine (issue 51, decision 096): PostgreSQL 15 primary and a streaming replica
# (pg_basebackup), PgBouncer in transaction mode, three portal servers behind HAProxy, all on loopback ports
# 5620–5640 (CLUSTER_DB_PORT and CLUSTER_HTTP_PORT move them) with their own folders under CLUSTER_DIR (default
# /tmp/portal-cluster). Needs the built server
# (`npm run build -w @portal/contracts -w @portal/server`) and Debian's haproxy and pgbouncer.
#   deploy/local-cluster.sh up      build the cluster and start it
#   deploy/local-cluster.sh check   load through HAProxy with a kill -9, a graceful restart, the replica stopped and
#                                   PgBouncer restarted; prints each figure with met/MISSED (exit 1 when one is missed)
#   deploy/local-cluster.sh down    stop everything and remove the folders
# CLUSTER_ROOT=<checkout> runs that checkout's built server and seed under this script (two builds compared by one
# check); a missing acknowledged click is named with the server that answered it (HAProxy's X-Portal-Server) and when.
set -euo pipefail
exec node "$(dirname "$0")/local-cluster.mjs" "$@"
