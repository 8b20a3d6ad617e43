# Stand-in for node:24-bookworm-slim (CI only; scripts/ci/stand-in-images.sh): Node 24 and npm from
# the npm registry on a Debian rootfs, the user node (uid 1000) and the official docker-entrypoint.sh.
ARG BASE
FROM ${BASE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY node-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
# This machine reaches the npm registry through its own certificate authority: npm ci in a build
# container trusts the same bundle the machine does (the real image needs no such thing).
COPY machine-ca.crt /etc/ssl/certs/machine-ca.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/machine-ca.crt npm_config_cafile=/etc/ssl/certs/machine-ca.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd -g 1000 node && useradd -u 1000 -g node -s /bin/sh -m node
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
