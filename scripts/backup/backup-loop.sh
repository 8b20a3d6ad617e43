#!/bin/sh
# compose's `backup` service: a daily dump at BACKUP_HOUR_UTC (default 6, 3 a.m. in Tucumán), kept 7
# days, and on Sundays a weekly one, kept 4 weeks, in the backups volume; then on BACKUP_DRILL_DAY
# (1-7, Monday to Sunday; default 7) the restore drill proves the newest dump whole. Each run is
# recorded in backup_runs: the API e-mails the owner a failure. The point-in-time archive (pgBackRest)
# is the off-site copy; this one is the simple local one.
set -eu
hour="${BACKUP_HOUR_UTC:-6}"
while :; do
  now="$(date -u +%s)"
  next=$((now / 86400 * 86400 + hour * 3600))
  [ "$next" -le "$now" ] && next=$((next + 86400))
  echo "backup: next dump at $(date -u -d "@$next" '+%Y-%m-%d %H:%M UTC' 2>/dev/null || echo "$next")"
  sleep $((next - now))
  backup.sh daily || echo "backup: the daily dump FAILED" >&2
  if [ "$(date -u +%u)" = 7 ]; then backup.sh weekly || echo "backup: the weekly dump FAILED" >&2; fi
  if [ "$(date -u +%u)" = "${BACKUP_DRILL_DAY:-7}" ]; then drill.sh || echo "backup: the restore drill FAILED" >&2; fi
done
