#!/bin/sh
# make upgrade: the code checked out now, in production, rehearsed and reversible. A dump first (the
# way back), then PostgreSQL moved to the db image's major when the data is on an older one
# (pg-upgrade.sh), the new images built, the migrations run, the services restarted, and readiness
# awaited; the last good commit is kept in .deployed so the rollback below can name it.
set -eu
cd "$(dirname "$0")/../.."
dc="docker compose"
previous="$(cat .deployed 2>/dev/null || echo unknown)"
target="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "upgrade: from $previous to $target"

# The moment to come back to: restore-pitr takes the UTC time with its offset.
started="$(date -u '+%Y-%m-%d %H:%M:%S+00')"
echo "upgrade 1/6: a dump of the database as it is now ($started)"
# make backup takes it in the backups volume and prints "backup: /backups/manual/gym-….dump (… bytes, … tables)".
dump="$(make -s backup | sed -n 's|^backup: /backups/\([^ ]*\.dump\) .*|\1|p' | tail -n 1)"
[ -n "$dump" ] && $dc exec -T backup test -s "/backups/$dump" ||
  { echo "upgrade: the dump failed: nothing was changed" >&2; exit 1; }

rollback() {
  cat >&2 <<MSG
upgrade: FAILED at step $1. To go back to $previous with the data as it was when the upgrade began:
  git checkout $previous
  make restore-pitr TIME="$started"
  make up
(restore-pitr brings the database back from the point-in-time archive and takes a new full backup.
 Without the archive, the dump $dump in the backups volume restores into an empty database:
 make restore FILE=$dump  (docs/operations.md, Backups).)
MSG
  exit 1
}

echo "upgrade 2/6: the PostgreSQL major (pg-upgrade.sh: nothing to do when the data is on the image's)"
sh scripts/ops/pg-upgrade.sh || exit 1
echo "upgrade 3/6: building the new images"
$dc build || rollback "3 (build; the old images still run)"
echo "upgrade 4/6: migrations"
$dc run --rm migrate || rollback 4
echo "upgrade 5/6: starting the new version"
$dc up -d || rollback 5
echo "upgrade 6/6: waiting for the API to be ready (2 minutes at most)"
i=0
until $dc exec -T api node -e "fetch('http://127.0.0.1:8080/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))" 2>/dev/null; do
  i=$((i + 1))
  [ "$i" -lt 60 ] || rollback "6 (the API never became ready: make logs SERVICE=api)"
  sleep 2
done
echo "$target" >.deployed
echo "upgrade: $target is up and ready; the dump taken before it: $dump (backups volume; make restore FILE=$dump)"
