# syntax=docker/dockerfile:1
# The back office as a container image. Both steps are scripts/container.sh,
# which `npm test` runs on a clean copy of the tree (no container engine
# needed to test them). README "Containers" shows how to run it.
#
#   docker build -t backoffice .
#   docker run -p 3000:3000 -v backoffice-data:/data backoffice

# Build stage: every dependency, the build, then the dev ones pruned.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm scripts/container.sh build

# Run stage: the built tree, owned by root and run by an unprivileged user
# who may write DATA_DIR only.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database, uploads and mail outbox (with PostgreSQL and S3
# configured, only the outbox when SMTP_URL is unset).
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers. Balancers should ask /api/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) ends it gracefully within 10 s (README "Start and stop").
STOPSIGNAL SIGTERM
CMD ["scripts/container.sh", "start"]
