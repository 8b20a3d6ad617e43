#!/bin/sh
# make pg-upgrade (and step 2 of make upgrade): the database moved from the PostgreSQL major its data
# directory was made by (16, releases before December 2026) to the db image's (17), by dump and
# restore. The old cluster is dumped by its own major's image, its files are kept whole in the volume
# <project>_pgdata<old major> (the way back), the new server initialises the emptied pgdata volume from
# .env, the dump is restored, every table's row count is compared with the old server's, and the
# point-in-time archive's stanza is upgraded and given a new full backup. Nothing to do on the same major.
set -eu
cd "$(dirname "$0")/../.."
dc="docker compose"
project="$($dc config 2>/dev/null | sed -n 's/^name: *//p' | head -n 1)"
volume="${project:?pg-upgrade: docker compose config names no project}_pgdata"
if ! docker volume inspect "$volume" >/dev/null 2>&1; then
  echo "pg-upgrade: no database yet ($volume): nothing to upgrade"
  exit 0
fi
$dc build postgres >/dev/null
image="$($dc config --images postgres 2>/dev/null | head -n 1)"
new="$(docker run --rm --entrypoint sh "$image" -c 'echo "$PG_MAJOR"')"
old="$(docker run --rm --entrypoint cat -v "$volume:/data:ro" "$image" /data/PG_VERSION)"
if [ "$old" = "$new" ]; then
  echo "pg-upgrade: the database is on PostgreSQL $new already"
  exit 0
fi
keep="${volume}$old"
if docker volume inspect "$keep" >/dev/null 2>&1; then
  echo "pg-upgrade: $keep exists (an earlier attempt): look at it, remove it (docker volume rm $keep), then run this again" >&2
  exit 1
fi
echo "pg-upgrade: PostgreSQL $old -> $new (the old files stay in the volume $keep)"

# Every table's rows, to compare the restored copy with.
count_rows="SELECT format('%s=%s', table_name, (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I', table_name), false, true, '')))[1]::text)
  FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name"

echo "pg-upgrade 1/5: stopping the services, starting PostgreSQL $old alone (no archiving) and dumping it"
$dc stop api worker pitr backup postgres >/dev/null
scratch="${project}-pg-upgrade-$old"
docker rm -f "$scratch" >/dev/null 2>&1 || true
docker run -d --name "$scratch" --user postgres -v "$volume:/var/lib/postgresql/data" "postgres:$old-alpine" \
  postgres -c listen_addresses='' >/dev/null
trap 'docker rm -f "$scratch" >/dev/null 2>&1 || true' EXIT
i=0
until docker exec "$scratch" pg_isready -q -U gym -d gym 2>/dev/null; do
  i=$((i + 1))
  [ "$i" -lt 60 ] || { docker logs --tail 20 "$scratch" >&2; echo "pg-upgrade: PostgreSQL $old did not start: nothing was changed; make up brings the old release back" >&2; exit 1; }
  sleep 2
done
umask 077
mkdir -p backups
dump="backups/pg-upgrade-$old-$(date -u +%Y%m%dT%H%M%SZ).dump"
docker exec "$scratch" pg_dump -U gym -d gym --format=custom >"$dump"
docker exec "$scratch" psql -U gym -d gym -XAtq -c "$count_rows" >"$dump.counts"
docker rm -f "$scratch" >/dev/null
echo "pg-upgrade: $dump ($(wc -c <"$dump") bytes, $(wc -l <"$dump.counts") tables)"

echo "pg-upgrade 2/5: the old files kept in $keep, pgdata emptied"
docker volume create "$keep" >/dev/null
docker run --rm --entrypoint sh -v "$volume:/from" -v "$keep:/to" "$image" -c 'cp -a /from/. /to/ && find /from -mindepth 1 -delete'

back() {
  cat >&2 <<MSG
pg-upgrade: FAILED at step $1. The old database is whole in the volume $keep. To go back:
  git checkout <the previous release>   (cat .deployed)
  docker compose down
  docker run --rm -v $keep:/from -v $volume:/to --entrypoint sh postgres:$old-alpine -c 'find /to -mindepth 1 -delete && cp -a /from/. /to/'
  make up
The dump $dump also restores into an empty database of either major (make restore).
MSG
  exit 1
}

echo "pg-upgrade 3/5: PostgreSQL $new initialises the new cluster"
$dc up -d --no-deps postgres >/dev/null || back 3
i=0
until $dc exec -T postgres pg_isready -q -U gym -d gym 2>/dev/null && [ "$($dc exec -T postgres psql -U gym -d gym -XAtq -c 'SELECT 1' 2>/dev/null)" = 1 ]; do
  i=$((i + 1))
  [ "$i" -lt 90 ] || back "3 (PostgreSQL $new did not start: make logs SERVICE=postgres)"
  sleep 2
done
# The archive's stanza belongs to the old cluster: recorded as upgraded, WAL of the new one is accepted.
if $dc exec -T postgres pgbackrest --stanza="${PGBACKREST_STANZA:-gym}" info 2>/dev/null | grep -q 'status: ok'; then
  $dc exec -T postgres pgbackrest --stanza="${PGBACKREST_STANZA:-gym}" stanza-upgrade >/dev/null || back "3 (pgbackrest stanza-upgrade)"
fi

echo "pg-upgrade 4/5: restoring the dump and comparing every table's rows"
$dc exec -T postgres pg_restore -U gym -d gym --exit-on-error --single-transaction <"$dump" || back 4
$dc exec -T postgres psql -U gym -d gym -XAtq -c "$count_rows" >"$dump.restored"
if ! cmp -s "$dump.counts" "$dump.restored"; then
  diff "$dump.counts" "$dump.restored" >&2 || true
  back "4 (the restored rows differ from the old server's)"
fi
rm -f "$dump.restored"

echo "pg-upgrade 5/5: the services back and a full base backup of the new cluster"
$dc up -d >/dev/null || back 5
$dc exec -T pitr sh -c 'until pg_isready -q; do sleep 1; done; pgbackrest --stanza="${PGBACKREST_STANZA:-gym}" stanza-create >/dev/null 2>&1; pgbackrest --type=full backup' >/dev/null ||
  echo "pg-upgrade: the full base backup failed: run it again with docker compose exec pitr pgbackrest --type=full backup" >&2
echo "pg-upgrade: done: PostgreSQL $new with every row ($(wc -l <"$dump.counts") tables). When you are sure, docker volume rm $keep"
