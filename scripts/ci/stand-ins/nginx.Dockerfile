# Stand-in for nginxinc/nginx-unprivileged:1.28-alpine (CI only; scripts/ci/stand-in-images.sh):
# Debian forky's nginx (1.27.3 or later, for `server … resolve`), run as the user nginx (uid 101),
# logs to the container's output, the page root /usr/share/nginx/html, wget for the health check.
ARG BASE
FROM ${BASE}
RUN (getent passwd 101 >/dev/null && userdel -f "$(getent passwd 101 | cut -d: -f1)" || true) \
  && groupadd -o -g 101 nginx && useradd -o -u 101 -g 101 -d /nonexistent -s /usr/sbin/nologin nginx \
  && rm -rf /etc/nginx/sites-enabled/* /var/www/html && mkdir -p /usr/share/nginx/html /var/cache/nginx \
  && chown -R nginx:nginx /var/cache/nginx /var/lib/nginx /var/log/nginx /usr/share/nginx/html \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
STOPSIGNAL SIGQUIT
EXPOSE 8080
USER 101
CMD ["nginx", "-g", "daemon off;"]
