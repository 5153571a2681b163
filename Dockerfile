# syntax=docker/dockerfile:1
# The production image (docs/deploy.md, "Container image and stack"): build with every dependency,
# run from only the files the app loads (scripts/build/runtime-files.ts), as a non-root user. Node 22
# comes from the base image, so the Node binary the lockfile carries for bare machines is not copied.
#
#   docker build -t prize-contests .
#   docker compose up -d            # compose.yaml: PostgreSQL, a one-shot `migrate`, two app instances, nginx, Mailpit
#
# The image runs `npm start`'s server (src/server/edge/server.mjs); `node --import tsx scripts/db/manage.ts migrate`
# is its one-shot migration command (compose's `migrate` service runs it before the app starts).
# Debian 13 (trixie): its postgresql-client is 17, as new as compose.yaml's database (pg_dump refuses a
# newer server than itself).
ARG NODE_IMAGE=node:22-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The commit /api/health and the metrics name (.git is not copied in): `--build-arg BUILD_COMMIT=$(git rev-parse HEAD)`.
ARG BUILD_COMMIT=
# NEXT_PUBLIC_* values are written into the browser's code at build: build arguments, not run-time
# settings (compose.yaml passes them from .env; tests/unit/compose.test.ts checks every one is here).
ARG NEXT_PUBLIC_SUPPORT_LINKS=
ENV NEXT_TELEMETRY_DISABLED=1 \
    BUILD_COMMIT=${BUILD_COMMIT} \
    NEXT_PUBLIC_SUPPORT_LINKS=${NEXT_PUBLIC_SUPPORT_LINKS}
COPY package.json package-lock.json ./
# Exactly the lockfile (README: `npm ci` accepts it).
RUN npm ci --no-audit --no-fund
COPY . .
# The build, then exactly the files the app runs from (scripts/build/runtime-files.ts: Next's traces,
# a trace of npm start's server and the one-shot commands, .next without its cache and source maps):
# about 140 MB instead of 1.2 GB of packages and build output. e2e/image-layout.spec.ts serves the app
# from the same layout as a non-root user.
RUN npm run db:generate && npm run build && node --import tsx scripts/build/runtime-files.ts /runtime

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NEXT_MANUAL_SIG_HANDLE=1 \
    HOST=0.0.0.0 \
    PORT=3000
# pg_dump / pg_restore for `npm run db:backup` and `db:restore` inside the container (docs/deploy.md "Backups").
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 app && useradd --system --uid 10001 --gid app --home-dir /app --shell /usr/sbin/nologin app
COPY --from=build --chown=root:root /runtime/ ./
# The app's only writable places: the embedded database when DATABASE_URL is unset (one instance,
# demo), and backups (compose.yaml mounts a volume there). npm keeps its cache outside the read-only /app.
RUN mkdir -p /app/.data /app/backups && chown app:app /app/.data /app/backups
ENV NPM_CONFIG_CACHE=/tmp/.npm
USER app
EXPOSE 3000
# Liveness only (the process answers); readiness (/api/ready) is the load balancer's probe.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM starts the drain (src/server/platform/shutdown.ts): give it SHUTDOWN_GRACE_MS + SHUTDOWN_TIMEOUT_MS (`docker stop -t 30`).
STOPSIGNAL SIGTERM
CMD ["node", "src/server/edge/server.mjs"]
