# Sourced by the backup scripts: record KIND OK STARTED DETAIL_JSON [ERROR] writes one row of
# backup_runs (the owner's panel and the backup-alerts job read it). A database that cannot take
# the row (down, or older than the table) is said on stderr and never fails the backup itself.
record() {
  psql -XAtq -v ON_ERROR_STOP=1 -v kind="$1" -v ok="$2" -v started="$3" -v detail="$4" -v error="${5:-}" \
    >/dev/null 2>&1 <<'SQL' || echo "backup: could not record the $1 run in backup_runs" >&2
INSERT INTO backup_runs (kind, ok, started_at, detail, error)
VALUES (:'kind', :'ok', :'started', :'detail', NULLIF(left(:'error', 2000), ''));
SQL
}

# The last lines a failing tool wrote, on one line, for the record and the owner's mail.
tail_of() { tail -n 5 "$1" 2>/dev/null | tr '\n' ' ' | sed 's/ *$//'; }

now_utc() { date -u +%Y-%m-%dT%H:%M:%SZ; }
