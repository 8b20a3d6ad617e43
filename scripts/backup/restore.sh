#!/bin/sh
# restore.sh FILE|- : restores a backup.sh dump into the EMPTY database named by the PG* variables
# (refuses one that has tables), in one transaction. Afterwards run migrate.js latest, then start the API.
set -eu
file="${1:?usage: restore.sh FILE (a .dump from backup.sh, or - for standard input)}"
if [ "$file" != - ] && [ ! -f "$file" ]; then
  echo "restore: there is no $file; the dumps in ${BACKUP_DIR:-/backups}:" >&2
  ls -1t "${BACKUP_DIR:-/backups}"/*/gym-*.dump 2>/dev/null | sed 's/^/  /' >&2
  exit 2
fi
tables="$(psql -XAtq -c "select count(*) from pg_tables where schemaname = 'public'")"
if [ "$tables" != 0 ]; then
  echo "restore: the database ${PGDATABASE:-} already has $tables tables; restore only into an empty one (see docs/operations.md, Backups)" >&2
  exit 2
fi
if [ "$file" = - ]; then
  tmp="$(mktemp)"
  trap 'rm -f "$tmp"' EXIT
  cat >"$tmp"
  file="$tmp"
fi
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="${PGDATABASE:-postgres}" "$file"
echo "restore: done ($(psql -XAtq -c 'select count(*) from accounts') staff accounts, $(psql -XAtq -c 'select count(*) from clients') clients)"
