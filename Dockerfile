# One build, three runtime images, each running as a non-root user:
#   api    Node 24 LTS: server.js (the API), worker.js (its background jobs), migrate.js (compose's one-shot `migrate`), cli.js, seed.js
#   web    nginx (stable, unprivileged) with the bundle; TLS certificate mounted at /etc/nginx/tls
#   backup PostgreSQL's client tools and scripts/backup (scheduled pg_dump, the restore drill, restore)
#   db     PostgreSQL with pgBackRest: the WAL archive (archive_command), the `pitr` service's base
#          backups and `make restore-pitr`; Alpine like the image it replaces, so the data directory's
#          collation (musl) never changes under an existing database
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS api
# The heap's ceiling: V8 lets garbage grow the heap to 200+ MB under load while live data is about
# 45 MB at 100k products; 160 MB keeps the process near 200 MB (bench/results.md). scripts/e2e/stack.js
# reads this line, so the browser tests and the bench run the API with the same options.
ENV NODE_ENV=production PORT=8080 NODE_OPTIONS=--max-old-space-size=160
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
# sharp (the upload decoder) is native and stays outside the bundle: npm ci installs it here with the
# lockfile's prebuilt libvips for this image's platform (@img/sharp-linux-x64 or -arm64, glibc on bookworm).
RUN npm ci --omit=dev --workspace @gym/backend --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["node", "backend/dist/server.js"]

# nginx's own unprivileged image (user nginx, uid 101): listens on 8080 and 8443, never as root.
FROM nginxinc/nginx-unprivileged:1.28-alpine AS web
COPY nginx/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 8080 8443
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD ["wget", "-q", "--spider", "--no-check-certificate", "https://127.0.0.1:8443/index.html"]

# The same PostgreSQL major as the database service, so pg_dump can read it.
FROM postgres:17-alpine AS backup
COPY scripts/backup/backup.sh scripts/backup/backup-loop.sh scripts/backup/restore.sh scripts/backup/drill.sh \
  scripts/backup/record.sh /usr/local/bin/
RUN mkdir -p /backups && chown postgres:postgres /backups
USER postgres
VOLUME /backups
CMD ["backup-loop.sh"]

# PostgreSQL 17 with pgBackRest (Alpine's community package): archive_command pushes each WAL segment to
# the repository (docs/operations.md, Backups), and the same image runs the `pitr` service and
# restore-pitr.sh. Its settings: the PGBACKREST_* and PITR_* variables compose passes (pgbackrest-env.sh).
FROM postgres:17-alpine AS db
RUN apk add --no-cache pgbackrest \
  && mkdir -p /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest /tmp/pgbackrest \
  && chown postgres:postgres /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest /tmp/pgbackrest
COPY scripts/backup/pitr-loop.sh scripts/backup/restore-pitr.sh scripts/backup/record.sh /usr/local/bin/
COPY scripts/backup/pgbackrest-env.sh /usr/local/bin/pgbackrest
