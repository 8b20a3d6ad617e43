#!/bin/sh
# restore-pitr.sh "2026-12-01 10:30": the database as it was at that moment, from the point-in-time
# archive (pgBackRest: the newest base backup before it, then the archived WAL up to it). The time is
# Tucumán's (-03) unless it carries its own offset ("… 13:30+00"). PostgreSQL must be stopped:
# `make restore-pitr` stops it, runs this in the database's image, starts it and takes a new full
# backup. The stanza and repository come from the PGBACKREST_* variables (or PGBACKREST_CONFIG).
set -eu
target="${1:?usage: restore-pitr.sh \"AAAA-MM-DD HH:MM[:SS][+-HH]\"}"
case "$target" in
  [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]\ [0-9][0-9]:[0-9][0-9]*) ;;
  *)
    echo "restore-pitr: \"$target\" is not a moment: write it as \"2026-12-01 10:30\" (Tucumán time)" >&2
    exit 2
    ;;
esac
case "${target#* }" in
  *[+-]* | *Z) ;;
  *) target="$target-03" ;;
esac
echo "restore-pitr: restoring to $target"
pgbackrest --stanza="${PGBACKREST_STANZA:-gym}" --delta --type=time --target="$target" --target-action=promote restore
echo "restore-pitr: done; start PostgreSQL: it replays the archive up to $target, then opens for writing"
