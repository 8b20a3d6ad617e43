#!/usr/bin/env bash
# release-fixture.sh COMMIT: the database a release made, kept for the upgrade test
# (backend/src/upgrade.api.test.ts): COMMIT checked out in a scratch worktree, its dependencies
# installed, its migrations and demo seed run on a fresh PostgreSQL database (DATABASE_URL's server)
# with one staff account, then pg_dump'ed as plain SQL into backend/src/test/fixtures/release-COMMIT.sql.gz.
set -euo pipefail
commit="${1:?usage: scripts/ops/release-fixture.sh COMMIT}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
server="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
short="$(git -C "$root" rev-parse --short=7 "$commit")"
work="$(mktemp -d)"
db="gym_release_$short"
cleanup() {
  git -C "$root" worktree remove --force "$work/tree" 2>/dev/null || true
  psql "$server" -XAtq -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
git -C "$root" worktree add --detach "$work/tree" "$commit" >/dev/null
(cd "$work/tree" && npm ci --no-audit --no-fund >/dev/null)
psql "$server" -XAtq -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
url="${server%/*}/$db"
(cd "$work/tree" && DATABASE_URL="$url" ADMIN_EMAIL=duenia@gym.test ADMIN_PASSWORD=Release2026 \
  STAFF_CODE=rel2026ab npx tsx backend/src/seed.ts)
mkdir -p "$root/backend/src/test/fixtures"
pg_dump "$url" --format=plain --no-owner --no-privileges | gzip -9 >"$root/backend/src/test/fixtures/release-$short.sql.gz"
echo "release-fixture: backend/src/test/fixtures/release-$short.sql.gz ($(wc -c <"$root/backend/src/test/fixtures/release-$short.sql.gz") bytes)"
