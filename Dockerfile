# syntax=docker/dockerfile:1
# The product as one container (docs/operations.md, 'The container'). Two targets from one build:
#   web (the default)  the web application, with the platform service in-process
#                      (embedded PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL)
#   upstream           the platform service alone (`npm run upstream`), reached through UPSTREAM_URL
# The build stage runs `npm run build:standalone`; the runtime stages copy only that folder
# (tests/standalone/standalone.test.ts starts exactly this folder, away from the repository).
# Node 24 LTS, pinned to the exact release of .nvmrc (tests/unit/deploy-files.test.ts holds them together).
ARG NODE_IMAGE=node:24.22.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:standalone -- --out /standalone

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    DATA_DIR=/data
WORKDIR /app
# The code belongs to root and is read-only for the process; only DATA_DIR and Next's cache are writable.
COPY --from=build /standalone /app
RUN mkdir -p /data /app/.next/cache && chown node:node /data /app/.next/cache
USER node
VOLUME /data
STOPSIGNAL SIGTERM

FROM runtime AS upstream
ENV UPSTREAM_HOST=0.0.0.0 \
    UPSTREAM_PORT=4000
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.UPSTREAM_PORT+'/api/health').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "upstream/server.mjs"]

FROM runtime AS web
ENV PORT=3000 \
    HOSTNAME=0.0.0.0
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/server.mjs"]
