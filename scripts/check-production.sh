#!/usr/bin/env bash
# CI's production check (.ci/run; docs/decisions.md OPS2, OPS5): the committed HEAD cloned afresh, built by the same
# scripts/build-production.sh the Dockerfile runs (npm ci, npm run build, npm prune --omit=dev: pruning last), outside a
# container, then run as README "Run in production" says: the first administrator by `npm run admin:create`, then
# `NODE_ENV=production npm start` on a free port with a new database, tried over HTTP (scripts/check-production.js),
# stopped. Runs with whatever `node` is first on PATH (.ci/run: the machine's, then Node 22 from the npm registry).
# Prints what it measures: build time, size of the install, start time to the first answer, memory at idle.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/portal-production-XXXXXX")"
pid=""
node_pid=""
cleanup() {
  if [ -n "$node_pid" ]; then kill "$node_pid" 2>/dev/null || true; fi
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
seconds() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(seconds)" 'BEGIN { printf "%.1f", b - a }'; }

echo "== production check on node $(node -v) ($(command -v node)), npm $(npm -v)"
git clone --quiet --no-hardlinks "$repo" "$work/clone"
cd "$work/clone"
echo "   clean clone of $(git rev-parse --short HEAD) in $work/clone"

t0=$(seconds)
scripts/build-production.sh > "$work/build.log" 2>&1 || { tail -n 60 "$work/build.log"; echo "build-production.sh failed"; exit 1; }
echo "   scripts/build-production.sh: $(since "$t0") s"
grep '^== build-production: .* took' "$work/build.log" | sed 's/^== build-production: /     /' 

# the pruned install holds no build tool, and the build's output is there (typescript stays: i18next names it an
# optional peer, and npm keeps a present optional peer of a production dependency; nothing runs it)
for dev in tsx esbuild @rsbuild/core @rspack/core vitest @biomejs/biome; do
  if [ -e "node_modules/$dev" ]; then echo "node_modules/$dev is still there after npm prune --omit=dev"; exit 1; fi
done
test -f dist/index.html && test -f dist-server/start.js && test -f dist-server/admin-create.js
test -f dist-server/backup.js && test -f dist-server/retention.js
echo "   size: $(du -sh --exclude=.git . | cut -f1) in all (node_modules $(du -sh node_modules | cut -f1), dist $(du -sh dist | cut -f1), dist-server $(du -sh dist-server | cut -f1))"

export NODE_ENV=production HOST=127.0.0.1
export PORTAL_DB="$work/data/portal.db" EIMZO_DATA_DIR="$work/data/eimzo"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
export PORT

# production never builds: a source newer than the build changes nothing, and no build means no start
touch src/main.tsx
mv dist dist.off
if out="$(npm start --silent 2>&1)"; then echo "npm start ran without dist/"; exit 1; fi
echo "   without dist/, npm start refuses: $(printf '%s' "$out" | tail -n 1)"
mv dist.off dist

# the first administrator; its password only ever on standard input
export CHECK_LOGIN="ci.admin"
CHECK_PASSWORD="Ci-$(node -e "console.log(require('crypto').randomBytes(12).toString('base64url'))")-7"
export CHECK_PASSWORD
created="$(printf '%s\n' "$CHECK_PASSWORD" | npm run --silent admin:create -- --login "$CHECK_LOGIN" --name 'CI Admin' 2>"$work/admin.log")" \
  || { cat "$work/admin.log"; exit 1; }
echo "   $created"
if grep -qF -- "$CHECK_PASSWORD" "$work/admin.log"; then echo "admin:create printed the password"; exit 1; fi

t0=$(seconds)
npm start > "$work/portal.log" 2>&1 &
pid=$!
up=""
for _ in $(seq 1 600); do
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  if node -e "fetch('http://127.0.0.1:$PORT/ru/login').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2>/dev/null; then up=1; break; fi
  sleep 0.1
done
if [ -z "$up" ]; then tail -n 40 "$work/portal.log"; echo "NODE_ENV=production npm start did not answer"; exit 1; fi
echo "   NODE_ENV=production npm start: first answer after $(since "$t0") s"
# the portal's own process under npm (npm → sh → node), to measure and to stop
for child in $(ps -o pid= --ppid "$pid") ; do
  for grandchild in "$child" $(ps -o pid= --ppid "$child"); do
    if ps -o args= -p "$grandchild" | grep -q 'scripts/launch.js start'; then node_pid=$grandchild; fi
  done
done

node scripts/check-production.js "http://127.0.0.1:$PORT"
if grep -qF -- "$CHECK_PASSWORD" "$work/portal.log"; then echo "the portal logged the password"; exit 1; fi
if grep -q '"event":"spa.build"\|Demo logins\|eimzo.started' "$work/portal.log"; then
  echo "a production start built, printed demo logins or started the E-IMZO simulator:"; cat "$work/portal.log"; exit 1
fi

# SIG1: without EIMZO_TRUST_DIR a production start says that no signature is accepted (the test CA is demo-only)
if ! grep -qF 'Signatures (E-IMZO): refused, no trust store (EIMZO_TRUST_DIR unset)' "$work/portal.log"; then
  echo "a production start without EIMZO_TRUST_DIR did not say that signatures are refused:"; cat "$work/portal.log"; exit 1
fi
echo "   signatures: $(grep -oF 'Signatures (E-IMZO): refused, no trust store (EIMZO_TRUST_DIR unset)' "$work/portal.log")"

# memory at idle: the node process under npm (npm → sh → node)
sleep 2
if [ -n "$node_pid" ]; then echo "   memory at idle: $(awk '/VmRSS/ { printf "%.0f MB", $2 / 1024 }' "/proc/$node_pid/status") RSS"; fi

# the data commands of README "Data of the reference backend", while the portal runs
backup="$(npm run --silent db:backup -- --to "$work/portal-backup.db")" || { echo "npm run db:backup failed"; exit 1; }
echo "   npm run db:backup while serving: $backup"
test -s "$work/portal-backup.db"
retention="$(npm run --silent db:retention 2>/dev/null)" || { echo "npm run db:retention failed"; exit 1; }
echo "   npm run db:retention: $retention"

echo "   npm run sbom in the pruned install:"
npm run --silent sbom | sed 's/^/   /'
test -s reports/sbom.cdx.json && test -s reports/licences.md

# SIGTERM to the portal itself (and npm, which started it): it closes and exits
if [ -n "$node_pid" ]; then kill "$node_pid"; fi
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
pid=""
node_pid=""
echo "== production check on node $(node -v): passed"
