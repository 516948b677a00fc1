#!/usr/bin/env bash
# The production install, the one script both the Dockerfile and CI (.ci/run) run, so the two cannot drift
# (docs/decisions.md OPS2): every dependency from the lock file, the build (the SPA with its prerendered pages into
# dist/, the server bundle into dist-server/), then the dev dependencies removed, last. What is left runs with
# `NODE_ENV=production npm start` and `npm run admin:create` and nothing else: no compiler, no build at start.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build-production: npm ci (dev dependencies included: the build needs them)"
# --include=dev: an inherited NODE_ENV=production would otherwise leave the build tools out
npm ci --include=dev --no-audit --no-fund

echo "== build-production: npm ci took $SECONDS s"
start=$SECONDS
echo "== build-production: npm run build"
# the build always makes a production bundle, whatever NODE_ENV the caller has (e.g. 'test')
NODE_ENV=production npm run build

echo "== build-production: npm run build took $((SECONDS - start)) s"
start=$SECONDS
echo "== build-production: npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund

echo "== build-production: npm prune took $((SECONDS - start)) s"
