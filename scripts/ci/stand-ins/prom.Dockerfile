# Stand-ins for prom/prometheus, prom/alertmanager and prom/node-exporter (CI only;
# scripts/ci/stand-in-images.sh): Debian trixie's builds of each (Prometheus 2.53, Alertmanager
# 0.28.1, node exporter 1.9) under the official images' paths, user (nobody) and working directory.
ARG BASE
FROM ${BASE} AS common
COPY prometheus-stand-in.sh /usr/local/bin/prometheus-stand-in
RUN ln -sf prometheus-alertmanager /usr/bin/alertmanager && ln -sf prometheus-node-exporter /usr/bin/node_exporter \
  && mkdir -p /etc/prometheus /etc/alertmanager /prometheus /alertmanager \
  && chown nobody:nogroup /prometheus /alertmanager
USER nobody

FROM common AS prometheus
WORKDIR /prometheus
EXPOSE 9090
ENTRYPOINT ["/usr/local/bin/prometheus-stand-in"]
CMD ["--config.file=/etc/prometheus/prometheus.yml"]

FROM common AS alertmanager
WORKDIR /alertmanager
EXPOSE 9093
ENTRYPOINT ["/bin/alertmanager"]
CMD ["--config.file=/etc/alertmanager/alertmanager.yml", "--storage.path=/alertmanager"]

FROM common AS node-exporter
EXPOSE 9100
ENTRYPOINT ["/bin/node_exporter"]
