#!/bin/sh
# One pg_dump in custom format: backup.sh [KIND] writes $BACKUP_DIR/KIND/gym-<UTC timestamp>.dump
# and keeps the newest $BACKUP_KEEP (KIND daily: BACKUP_KEEP_DAILY, 7; weekly: BACKUP_KEEP_WEEKLY, 4;
# manual: all). The connection comes from the PG* variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE).
set -eu
kind="${1:-manual}"
dir="${BACKUP_DIR:-/backups}/$kind"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$dir"
partial="$dir/.gym-$stamp.dump.partial"
trap 'rm -f "$partial"' EXIT
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$partial"
# Only a finished dump gets its name: a crash mid-dump never leaves a file that looks like a backup.
mv "$partial" "$dir/gym-$stamp.dump"
echo "backup: $dir/gym-$stamp.dump ($(wc -c <"$dir/gym-$stamp.dump") bytes)"
case "$kind" in
  daily) keep="${BACKUP_KEEP_DAILY:-7}" ;;
  weekly) keep="${BACKUP_KEEP_WEEKLY:-4}" ;;
  *) keep=0 ;;
esac
if [ "$keep" -gt 0 ]; then
  ls -1t "$dir"/gym-*.dump | tail -n +"$((keep + 1))" | while read -r old; do
    rm -f "$old" && echo "backup: removed $old (keeping $keep)"
  done
fi
