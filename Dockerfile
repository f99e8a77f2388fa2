# syntax=docker/dockerfile:1
#
# Koober for the web as a container image. docs/deploy.md is the operator's guide:
#     docker build -t koober .
#     docker run -d --name koober -p 8080:8080 -v koober-data:/data koober
#
# No Docker engine runs on CI, so scripts/container-smoke (run by .ci/run) proves this file another way: it builds
# the binary with this file's `swift build` command, lays the files out as the run stage does, starts koober with
# this file's ENTRYPOINT, CMD, ENV, WORKDIR and USER, and uses HEALTHCHECK's command. Keep the two in step.

# ---- Build stage: the Swift toolchain (Package.swift needs tools 6.2 or later; we build and test with 6.3). ----
FROM swift:6.3-noble AS build

# Headers of the C libraries: libsqlite3 and libargon2 for koober, libxml2 for the test-support target.
# DL3008 (pin apt versions) is ignored on purpose, here and below: pinned versions vanish from the Ubuntu archive as
# security updates land, which would break the build; the noble tag already fixes the release.
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libargon2-dev libsqlite3-dev libxml2-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build

# Dependencies in a layer of their own, rebuilt only when the manifest (or Package.resolved, if present) changes.
COPY Package.* ./
RUN if [ -f Package.resolved ]; then swift package resolve --force-resolved-versions; else swift package resolve; fi

# Then the sources (.dockerignore keeps .build, .git and databases out) and the release build. The Swift runtime
# and Foundation are linked in, so the run stage needs no Swift: only the C libraries that `ldd` lists.
COPY . .
RUN swift build -c release --static-swift-stdlib --product koober

# ---- Run stage: plain Ubuntu with the runtime libraries koober links to. ----
FROM ubuntu:noble

# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        ca-certificates libargon2-1 libsqlite3-0 tzdata \
    && rm -rf /var/lib/apt/lists/*

# Koober runs as an unprivileged user with a fixed id (10001), which owns the data folder and nothing else.
RUN groupadd --system --gid 10001 koober \
    && useradd --system --uid 10001 --gid koober --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin koober \
    && mkdir /data \
    && chown koober:koober /data

# The binary, the backtracer for readable crash logs, the templates and the public files: all owned by root, so
# read-only to koober.
WORKDIR /app
COPY --from=build /build/.build/release/koober /app/koober
COPY --from=build /usr/libexec/swift/linux/swift-backtrace-static /app/swift-backtrace-static
COPY Templates /app/Templates
COPY Public /app/Public

ENV KOOBER_DATABASE=/data/koober.sqlite \
    SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/app/swift-backtrace-static

# The database (and its -wal and -shm files) lives on a volume: it outlives the container.
VOLUME ["/data"]

USER 10001:10001
EXPOSE 8080

# `koober healthcheck` GETs http://127.0.0.1:8080/healthz (KOOBER_PORT, if set, changes the port) and exits 0 on
# 200 ok, 1 otherwise: no curl needed in the image.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/app/koober", "healthcheck"]

# On SIGTERM (docker stop) koober stops accepting, finishes the requests in flight (10 s at most, under Docker's
# 10 s grace period), closes the database and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/koober"]
CMD ["--hostname", "0.0.0.0", "--port", "8080", "--templates", "/app/Templates", "--public", "/app/Public"]
