#!/bin/sh
# compose's `backup` service: a daily dump at BACKUP_HOUR_UTC (default 6, 3 a.m. in Tucumán), kept 7
# days, and on Sundays a weekly one, kept 4 weeks, in the backups volume. Copy that volume off the machine.
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
done
