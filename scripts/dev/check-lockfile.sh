#!/usr/bin/env bash
# Proves `npm ci` accepts the committed lockfile, in a scratch folder (the work tree's
# node_modules is left alone). Run after every `npm install <pkg>`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp "$root/package.json" "$root/package-lock.json" "$root/.npmrc" "$scratch/"
for ws in contracts db backend frontend; do
  mkdir -p "$scratch/$ws" && cp "$root/$ws/package.json" "$scratch/$ws/"
done
cd "$scratch" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null
echo "lockfile OK: npm ci installs it"
