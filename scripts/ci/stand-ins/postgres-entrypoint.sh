#!/bin/bash
# The official postgres image's docker-entrypoint.sh, as far as this project uses it: a first argument
# that is a flag runs postgres; as root it owns PGDATA and the socket directory, then drops to postgres;
# an empty PGDATA is initialised (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, POSTGRES_INITDB_ARGS,
# /docker-entrypoint-initdb.d) on a temporary server that gets the same -c options, then stopped.
set -Eeuo pipefail
if [ "${1:0:1}" = - ]; then set -- postgres "$@"; fi
if [ "$1" != postgres ]; then exec "$@"; fi
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  chmod 3777 /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "Error: Database is uninitialized and superuser password is not specified (POSTGRES_PASSWORD)." >&2
    exit 1
  fi
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  # shellcheck disable=SC2086
  initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") ${POSTGRES_INITDB_ARGS:-}
  # The official image's settings: every address, and the socket in /var/run/postgresql (the npm
  # package's PostgreSQL 16 was built with /tmp).
  printf "\nlisten_addresses = '*'\nunix_socket_directories = '/var/run/postgresql'\n" >>"$PGDATA/postgresql.conf"
  printf '\nhost all all all %s\n' "${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" >>"$PGDATA/pg_hba.conf"
  options=("${@:2}")
  PGUSER="$user" pg_ctl -D "$PGDATA" -w -o "$(printf '%q ' "${options[@]}") -c listen_addresses='' -p 5432" start
  export PGUSER="$user" PGPASSWORD="$POSTGRES_PASSWORD"
  if [ "$db" != postgres ]; then psql -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE \"$db\""; fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) . "$f" ;;
      *.sql) psql -v ON_ERROR_STOP=1 -d "$db" -f "$f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  unset PGPASSWORD
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
