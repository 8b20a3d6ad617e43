#!/bin/sh
# One pg_dump in custom format: backup.sh [KIND] writes $BACKUP_DIR/KIND/gym-<UTC timestamp>.dump,
# and beside it .counts, every table's row count taken in the dump's own snapshot (the restore
# drill, drill.sh, compares a restored copy against it). Keeps the newest $BACKUP_KEEP (KIND daily:
# BACKUP_KEEP_DAILY, 7; weekly: BACKUP_KEEP_WEEKLY, 4; manual: all) and records the run in
# backup_runs. The connection comes from the PG* variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE).
set -eu
. "$(dirname "$0")/record.sh"
# A dump holds the staff's password hashes and every member's data: its files are the owner's alone
# (0600), in folders only the owner can enter (0700).
umask 077
kind="${1:-manual}"
root="${BACKUP_DIR:-/backups}"
dir="$root/$kind"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
started="$(now_utc)"
mkdir -p "$dir"
chmod 700 "$dir"
chmod 700 "$root" 2>/dev/null || true
partial="$dir/.gym-$stamp.dump.partial"
counts="$dir/.gym-$stamp.counts.partial"
errors="$(mktemp)"
trap 'rm -f "$partial" "$counts" "$errors"' EXIT

# One read-only transaction exports its snapshot; pg_dump dumps exactly that snapshot while the same
# transaction counts every table's rows, so the counts are the dump's, whatever is written meanwhile.
if ! psql -XAtq -v ON_ERROR_STOP=1 2>"$errors" <<SQL
BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
SELECT pg_export_snapshot() AS snapshot \gset
\setenv BACKUP_SNAPSHOT :snapshot
\! pg_dump --snapshot="\$BACKUP_SNAPSHOT" --format=custom --compress=6 --no-owner --no-privileges --file="$partial" 2>>"$errors" || rm -f "$partial"
\o $counts
SELECT format('SELECT %L, count(*) FROM public.%I', tablename, tablename) FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename \gexec
\o
COMMIT;
SQL
then
  rm -f "$partial"
fi
if [ ! -s "$partial" ] || [ ! -s "$counts" ]; then
  why="$(tail_of "$errors")"
  echo "backup: the $kind dump FAILED: ${why:-no dump written}" >&2
  record dump false "$started" "{\"kind\": \"$kind\"}" "${why:-pg_dump no escribió la copia}"
  exit 1
fi
# Only a finished dump gets its name: a crash mid-dump never leaves a file that looks like a backup.
mv "$counts" "$dir/gym-$stamp.counts"
mv "$partial" "$dir/gym-$stamp.dump"
bytes="$(wc -c <"$dir/gym-$stamp.dump")"
tables="$(wc -l <"$dir/gym-$stamp.counts")"
echo "backup: $dir/gym-$stamp.dump ($bytes bytes, $tables tables)"
record dump true "$started" "{\"file\": \"$kind/gym-$stamp.dump\", \"bytes\": $bytes, \"tables\": $tables}"
case "$kind" in
  daily) keep="${BACKUP_KEEP_DAILY:-7}" ;;
  weekly) keep="${BACKUP_KEEP_WEEKLY:-4}" ;;
  *) keep=0 ;;
esac
if [ "$keep" -gt 0 ]; then
  ls -1t "$dir"/gym-*.dump | tail -n +"$((keep + 1))" | while read -r old; do
    rm -f "$old" "${old%.dump}.counts" && echo "backup: removed $old (keeping $keep)"
  done
fi
