#!/bin/sh
# The restore drill: drill.sh [DUMP] restores the newest dump under $BACKUP_DIR (or DUMP) into a
# scratch database (<PGDATABASE>_drill), compares every table's row count with the counts backup.sh
# took in the dump's own snapshot, records the outcome in backup_runs (the owner's panel shows it,
# a failure is e-mailed) and drops the scratch database. Exits 1 when the copy is not whole.
# With no dump at all yet (a fresh deploy), it takes one first (backup.sh manual) and drills that.
set -eu
. "$(dirname "$0")/record.sh"
started="$(now_utc)"
live="${PGDATABASE:-postgres}"
scratch="${live}_drill"
root="${BACKUP_DIR:-/backups}"
newest() { ls -1t "$root"/*/gym-*.dump 2>/dev/null | head -n 1; }
dump="${1:-$(newest)}"
errors="$(mktemp)"
restored="$(mktemp)"
cleanup() {
  rm -f "$errors" "$restored"
  psql -XAtq -d "$live" -c "DROP DATABASE IF EXISTS \"$scratch\" WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

fail() {
  echo "drill: FAILED: $1" >&2
  record drill false "$started" "{\"dump\": \"${dump#"$root"/}\"}" "$1"
  exit 1
}

if [ -z "$dump" ]; then
  echo "drill: no dump in $root yet: taking one first (backup.sh manual)"
  "$(dirname "$0")/backup.sh" manual || fail "no había ninguna copia en $root y la que se intentó tomar falló"
  dump="$(newest)"
fi
[ -n "$dump" ] && [ -f "$dump" ] || fail "no hay ninguna copia para restaurar en $root"
counts="${dump%.dump}.counts"
[ -s "$counts" ] || fail "la copia ${dump#"$root"/} no tiene el conteo de filas de cuando se tomó (.counts)"

psql -XAtq -d "$live" -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS \"$scratch\" WITH (FORCE)" -c "CREATE DATABASE \"$scratch\"" \
  >/dev/null 2>"$errors" || fail "no se pudo crear la base de prueba: $(tail_of "$errors")"
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$scratch" "$dump" 2>"$errors" ||
  fail "la copia no se pudo restaurar: $(tail_of "$errors")"
psql -XAtq -d "$scratch" -v ON_ERROR_STOP=1 >"$restored" 2>"$errors" <<'SQL' || fail "no se pudieron contar las filas restauradas: $(tail_of "$errors")"
SELECT format('SELECT %L, count(*) FROM public.%I', tablename, tablename) FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename \gexec
SQL

# Every table of the backup, with its rows: "clients: 120 filas en la copia, 121 al respaldar".
mismatches="$(awk -F'|' '
  NR == FNR { want[$1] = $2; next }
  { got[$1] = $2 }
  END {
    for (t in want) {
      if (!(t in got)) print t ": falta en la copia";
      else if (got[t] != want[t]) print t ": " got[t] (got[t] == 1 ? " fila" : " filas") " en la copia, " want[t] " al respaldar";
    }
    for (t in got) if (!(t in want)) print t ": está en la copia pero no al respaldar";
  }' "$counts" "$restored" | sort | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
tables="$(wc -l <"$counts")"
[ -z "$mismatches" ] || fail "$mismatches"
rows="$(awk -F'|' '{ n += $2 } END { print n + 0 }' "$restored")"
echo "drill: ${dump#"$root"/} restored whole: $tables tables, $rows rows, each as when it was taken"
record drill true "$started" "{\"dump\": \"${dump#"$root"/}\", \"tables\": $tables, \"rows\": $rows}"
