# The portal's production image (README "Run in production"; docs/decisions.md OPS5). Both stages are Debian
# (bookworm) with Node 22 LTS. The build stage runs scripts/build-production.sh, the same script CI runs on a clean
# clone (.ci/run), so the image and CI cannot drift: npm ci, npm run build, npm prune --omit=dev (pruning last).
# The run stage takes the pruned tree and runs it as the unprivileged `node` user, with the database on a volume.
#
#   docker build -t b2b-portal .
#   docker run --rm -v portal-data:/data -p 8080:8080 b2b-portal
#   docker run --rm -i -v portal-data:/data b2b-portal npm run admin:create -- --login <login>   (password on stdin)

FROM node:22-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary can be fetched: node-gyp needs these
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN scripts/build-production.sh

FROM node:22-bookworm-slim AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    PORTAL_DB=/data/portal.db \
    EIMZO_DATA_DIR=/data/eimzo
WORKDIR /app
# the application stays root's and read-only to the process; only /data is the node user's
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# liveness: GET /healthz (README "Run in production"); node's own fetch, the slim image has no curl
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# what `npm start` runs, without npm in between (signals reach the portal directly)
CMD ["node", "scripts/launch.js", "start"]
