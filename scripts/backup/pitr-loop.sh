#!/bin/sh
# compose's `pitr` service: the base backups of the point-in-time archive (PostgreSQL pushes each WAL
# segment to the same pgBackRest repository through archive_command, at least once a minute).
# Creates the stanza once, takes a full backup when there is none, then every day at PITR_HOUR_UTC
# (default 7, 4 a.m. in Tucumán) a differential one, full on Sundays; pgBackRest expires what the
# retention (PGBACKREST_REPO1_RETENTION_FULL) no longer needs. Each run is recorded in backup_runs.
set -eu
. "$(dirname "$0")/record.sh"
stanza="${PGBACKREST_STANZA:-gym}"

base() {
  started="$(now_utc)"
  errors="$(mktemp)"
  if pgbackrest --stanza="$stanza" --type="$1" backup 2>"$errors"; then
    record base true "$started" "{\"type\": \"$1\"}"
    echo "pitr: $1 backup done"
  else
    why="$(tail_of "$errors")"
    record base false "$started" "{\"type\": \"$1\"}" "pgBackRest ($1): ${why:-falló sin detalle}"
    echo "pitr: the $1 backup FAILED: $why" >&2
  fi
  rm -f "$errors"
}

until pg_isready -q; do sleep 2; done
pgbackrest --stanza="$stanza" stanza-create
pgbackrest --stanza="$stanza" check || echo "pitr: pgbackrest check FAILED: WAL is not reaching the repository" >&2
pgbackrest --stanza="$stanza" info --output=json | grep -q '"label"' || base full

hour="${PITR_HOUR_UTC:-7}"
while :; do
  now="$(date -u +%s)"
  next=$((now / 86400 * 86400 + hour * 3600))
  [ "$next" -le "$now" ] && next=$((next + 86400))
  sleep $((next - now))
  if [ "$(date -u +%u)" = 7 ]; then base full; else base diff; fi
done
