#!/bin/sh
# Installed in the database image as /usr/local/bin/pgbackrest, ahead of the real /usr/bin/pgbackrest
# on the PATH (archive_command, pitr-loop.sh and restore-pitr.sh all call it): each PITR_* variable
# compose passes becomes its pgBackRest option when it is set. An empty one is left out, because
# pgBackRest refuses an option given empty, and without PITR_REPO_TYPE the repository stays a
# local directory (the pgbackrest volume) rather than an off-site bucket.
set -eu
opt() { if [ -n "$2" ]; then export "$1=$2"; fi; }
opt PGBACKREST_REPO1_TYPE "${PITR_REPO_TYPE:-}"
opt PGBACKREST_REPO1_PATH "${PITR_REPO_PATH:-}"
opt PGBACKREST_REPO1_S3_BUCKET "${PITR_S3_BUCKET:-}"
opt PGBACKREST_REPO1_S3_ENDPOINT "${PITR_S3_ENDPOINT:-}"
opt PGBACKREST_REPO1_S3_REGION "${PITR_S3_REGION:-}"
opt PGBACKREST_REPO1_S3_KEY "${PITR_S3_KEY:-}"
opt PGBACKREST_REPO1_S3_KEY_SECRET "${PITR_S3_KEY_SECRET:-}"
opt PGBACKREST_REPO1_S3_URI_STYLE "${PITR_S3_URI_STYLE:-}"
exec /usr/bin/pgbackrest "$@"
