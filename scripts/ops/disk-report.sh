#!/bin/sh
# The second half of `make ps`: what fills the disk, each part by name, then the disk itself. Uploaded
# images and transfer receipts live in the database (product_images, transfer_uploads); the dumps in
# the backups volume; the WAL and the local point-in-time archive beside the data. A part whose service
# is not running is said so. The DiscoCasiLleno alert (monitoring profile) watches the same disk.
set -u
dc="docker compose"
row() { printf '  %-42s %s\n' "$1" "$2"; }
size() { $dc exec -T "$1" du -sh "$2" 2>/dev/null | cut -f1; }
echo
echo "Disk use:"
if $dc exec -T postgres true 2>/dev/null; then
  row "database (data directory)" "$(size postgres /var/lib/postgresql/data)"
  row "  of it, WAL not yet archived or recycled" "$(size postgres /var/lib/postgresql/data/pg_wal)"
  # label|size: the label may have any number of words, the size ("8192 bytes", "16 kB") two.
  $dc exec -T postgres psql -U gym -d gym -XAtq -F '|' -c "
    SELECT 'uploaded product images', pg_size_pretty(pg_total_relation_size('product_images'))
    UNION ALL SELECT 'transfer receipts', pg_size_pretty(pg_total_relation_size('transfer_uploads'))" 2>/dev/null |
    while IFS='|' read -r what bytes; do row "  of it, $what" "$bytes"; done
  row "point-in-time archive (local repository)" "$(size postgres /var/lib/pgbackrest)"
  $dc exec -T postgres df -h /var/lib/postgresql/data | awk 'NR == 2 { printf "  %-42s %s of %s used (%s), %s free\n", "the disk the volumes are on", $3, $2, $5, $4 }'
else
  row "database" "(postgres is not running)"
fi
if $dc exec -T backup true 2>/dev/null; then
  # "<size>, <n> dumps", or "ninguno" when the folder has none (or is not there yet).
  for kind in daily weekly manual; do
    dumps="$($dc exec -T backup sh -c 'set -- "$1"/gym-*.dump; [ -f "$1" ] || exit 0
      echo "$(du -sh "${1%/*}" | cut -f1), $# dump$([ $# = 1 ] || echo s)"' sh "/backups/$kind" 2>/dev/null || true)"
    row "dumps, $kind" "${dumps:-ninguno}"
  done
else
  row "dumps" "(backup is not running)"
fi
