#!/usr/bin/env bash
# The recovery time of the point-in-time archive, measured (docs/operations.md, Backups: RTO <= 15 minutes for
# 1 GB): a PostgreSQL cluster of its own with archiving to an encrypted pgBackRest repository on
# disk (as pitr.api.test.ts), ~1 GB of rows (pgbench, PITR_BENCH_SCALE, 70), a full base backup,
# a stretch of writes archived, then the database lost and restore-pitr.sh back to the moment before
# the last writes: the restore and the replay until it opens for writing are timed. -> bench/pitr.md
# Needs pgbackrest and PostgreSQL's server binaries; as root, each command runs as postgres.
set -euo pipefail
cd "$(dirname "$0")/../.."
scale="${PITR_BENCH_SCALE:-70}"
bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)"
root="$(mktemp -d /tmp/gym-pitr-bench-XXXX)"
port=54987
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- env PGBACKREST_CONFIG="$root/pgbackrest.conf" PGBACKREST_STANZA=gym "$@"; else PGBACKREST_CONFIG="$root/pgbackrest.conf" PGBACKREST_STANZA=gym "$@"; fi; }
cleanup() { as_pg "$bindir/pg_ctl" -D "$root/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$root"; }
trap cleanup EXIT
mkdir -p "$root"/{repo,log,lock,spool}
cat >"$root/pgbackrest.conf" <<CONF
[global]
repo1-path=$root/repo
repo1-retention-full=2
repo1-cipher-type=aes-256-cbc
repo1-cipher-pass=bench-$(date +%s%N)
log-path=$root/log
lock-path=$root/lock
spool-path=$root/spool
log-level-console=warn
start-fast=y
[gym]
pg1-path=$root/data
pg1-port=$port
pg1-socket-path=$root
CONF
[ "$(id -u)" = 0 ] && chown -R postgres:postgres "$root"
chmod 755 "$root"
as_pg "$bindir/initdb" -D "$root/data" -U postgres --auth=trust >/dev/null
cat >>"$root/data/postgresql.conf" <<CONF
port = $port
listen_addresses = ''
unix_socket_directories = '$root'
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=$root/pgbackrest.conf --stanza=gym archive-push %p'
archive_timeout = 60
max_wal_size = 2GB
CONF
as_pg "$bindir/pg_ctl" -D "$root/data" -l "$root/server.log" -w start >/dev/null
as_pg pgbackrest stanza-create
psql_() { as_pg psql -h "$root" -p "$port" -U postgres -XAtq "$@"; }
secs() { date +%s.%N; }
t0=$(secs); as_pg "$bindir/pgbench" -h "$root" -p "$port" -U postgres -i -q -s "$scale" postgres >/dev/null 2>&1; t1=$(secs)
size="$(psql_ -c "SELECT pg_size_pretty(pg_database_size('postgres'))")"
bytes="$(psql_ -c "SELECT pg_database_size('postgres')")"
t2=$(secs); as_pg pgbackrest --type=full backup; t3=$(secs)
# A day at the desk is a few thousand rows; this is far more: 20 s of pgbench's writes, archived.
as_pg "$bindir/pgbench" -h "$root" -p "$port" -U postgres -T 20 -c 2 postgres >/dev/null 2>&1
target="$(psql_ -c "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')")+00"
transactions="$(psql_ -c 'SELECT count(*) FROM pgbench_history')"
sleep 1
as_pg "$bindir/pgbench" -h "$root" -p "$port" -U postgres -T 5 -c 2 postgres >/dev/null 2>&1
as_pg pgbackrest check
wal="$(du -sh "$root/repo/archive" | cut -f1)"
repo="$(du -sh "$root/repo" | cut -f1)"
repo_bytes="$(du -sb "$root/repo" | cut -f1)"
as_pg "$bindir/pg_ctl" -D "$root/data" -m immediate stop >/dev/null
rm -rf "$root/data" && mkdir -m 700 "$root/data" && { [ "$(id -u)" != 0 ] || chown postgres:postgres "$root/data"; }
t4=$(secs)
as_pg scripts/backup/restore-pitr.sh "$target" >/dev/null
t5=$(secs)
as_pg "$bindir/pg_ctl" -D "$root/data" -l "$root/server.log" -w -t 900 start >/dev/null
until [ "$(psql_ -c 'SELECT pg_is_in_recovery()')" = f ]; do sleep 0.5; done
t6=$(secs)
found="$(psql_ -c 'SELECT count(*) FROM pgbench_history')"
[ "$found" = "$transactions" ] || { echo "pitr bench: $found transactions after the restore, $transactions expected" >&2; exit 1; }
f() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }
cat >bench/pitr.md <<MD
# Point-in-time recovery, measured

\`scripts/bench/pitr-restore.sh\`, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, PostgreSQL $(psql_ -c 'SHOW server_version' 2>/dev/null || "$bindir/postgres" --version | awk '{print $3}'), pgBackRest $(pgbackrest version | awk '{print $2}'),
repository on the local disk, encrypted (aes-256-cbc), gzip (pgBackRest's default).

| step | figure |
|---|---:|
| database (pgbench scale $scale) | $size ($bytes bytes) |
| loading it | $(f "$t0" "$t1") s |
| full base backup | $(f "$t2" "$t3") s |
| writes after it, archived (20 s + 5 s of pgbench) | WAL archive $wal, repository $repo |
| **restore** (restore-pitr.sh: files from the repository) | **$(f "$t4" "$t5") s** |
| **replay to the target and open for writing** | **$(f "$t5" "$t6") s** |
| **recovery time** (restore + replay) | **$(f "$t4" "$t6") s** (target: 15 min = 900 s) |
| transactions before the target, found after | $found of $transactions |

From a bucket, the restore first downloads what it needs of the repository: over a 10 MB/s line
that is about $(awk -v b="$repo_bytes" 'BEGIN { printf "%.0f", b / 10e6 }') s for this repository ($repo; pgbench's rows compress well), and
$(awk -v b="$bytes" 'BEGIN { printf "%.0f", b / 10e6 }') s even if real data did not compress at all: the recovery stays far inside 15 minutes.
MD
cat bench/pitr.md
