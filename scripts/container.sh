#!/bin/sh
# The container's build and start steps, kept in one script so that what the
# Dockerfile runs is what `npm test` runs on a clean copy of the tree
# (scripts/check-production.mjs); no container engine is needed to test it.
#
#   scripts/container.sh build   npm ci, npm run build (front end and server
#                                into dist/), then npm prune --omit=dev: the
#                                tree a server runs, without build tools
#   scripts/container.sh start   runs the built server in this process (exec:
#                                signals reach it directly; no npm in between)
set -eu
cd "$(dirname "$0")/.."

case "${1:-}" in
  build)
    npm ci --no-fund --no-audit
    npm run build
    npm prune --omit=dev --no-fund --no-audit
    ;;
  start)
    # scripts/start.mjs runs dist/server/main.js in this same process; with the
    # build tools pruned it never rebuilds, and says so if dist/ is missing.
    exec node --max-semi-space-size=4 --heap-growing-percent=30 scripts/start.mjs
    ;;
  *)
    echo "usage: scripts/container.sh build|start" >&2
    exit 2
    ;;
esac
