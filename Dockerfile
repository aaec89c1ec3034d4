# Timeline photo layout service (DESIGN.md §9): a release build with the Swift standard
# library linked statically, shipped on slim Debian as a non-root user.
#
#   docker build -t timeline-layout .
#   docker run --rm -p 8080:8080 timeline-layout
#
# Both base images are arguments so that a machine with no registry can build this file
# unchanged against images it made itself (scripts/container-test does, with buildah).

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

# --- build -----------------------------------------------------------------------------
FROM ${SWIFT_IMAGE} AS build

# The C libraries the package's system-library targets link (CZlib, CNghttp2). Versions are
# not pinned: they follow the base image's Debian release and its security updates.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends pkg-config libnghttp2-dev zlib1g-dev \
    && apt-get clean && rm -rf /var/lib/apt/lists/*

WORKDIR /src
# The package has no dependencies to resolve, so there is no manifest-only layer to cache.
COPY . .

# The executable and its resource bundle (Bundle.module looks for it beside the binary) go
# to /out/bin; /out/runtime-packages lists the Debian packages that own the shared
# libraries ldd resolves for the binary (the script fails if any is missing or unowned).
RUN swift build -c release --static-swift-stdlib --product timeline-layout \
    && bin="$(swift build -c release --static-swift-stdlib --show-bin-path)" \
    && mkdir -p /out/bin \
    && cp "$bin/timeline-layout" /out/bin/ \
    && find "$bin" -maxdepth 1 -name '*.resources' -exec cp -R {} /out/bin/ \; \
    && strip /out/bin/timeline-layout \
    && scripts/runtime-packages /out/bin/timeline-layout > /out/runtime-packages

# --- runtime ---------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE} AS runtime

# Install only the packages of that list the slim image lacks (libc, libstdc++ and zlib are
# already there), then check that the loader resolves every library of the binary.
# ($missing is split into words on purpose: one package name per word.)
COPY --from=build /out/runtime-packages /tmp/runtime-packages
# hadolint ignore=DL3008,SC2086
RUN missing="$(while read -r p; do \
            case "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)" in ii*) ;; *) echo "$p" ;; esac; \
        done < /tmp/runtime-packages)" \
    && if [ -n "$missing" ]; then \
        apt-get update \
        && apt-get install -y --no-install-recommends $missing \
        && apt-get clean && rm -rf /var/lib/apt/lists/*; \
    fi \
    && rm /tmp/runtime-packages \
    && groupadd --gid 10001 timeline \
    && useradd --uid 10001 --gid timeline --no-log-init --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin timeline

COPY --from=build /out/bin/ /usr/local/bin/
RUN libraries="$(ldd /usr/local/bin/timeline-layout)" \
    && echo "$libraries" \
    && case "$libraries" in *"not found"*) exit 1 ;; esac

# Numeric, so that Kubernetes' runAsNonRoot can check it without reading /etc/passwd.
USER 10001:10001
EXPOSE 8080
# The server drains on SIGTERM: stops accepting, reports not ready, finishes in-flight
# requests within its grace period (--shutdown-grace, 10 s by default), then exits 0.
STOPSIGNAL SIGTERM
# The probe (default URL http://127.0.0.1:8080/healthz) needs no curl in the image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["timeline-layout", "probe"]
ENTRYPOINT ["timeline-layout"]
CMD ["serve", "--host", "0.0.0.0"]
