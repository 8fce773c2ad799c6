# Hearth's image: `docker build -t hearth .` at the repository root (docs/deploy/README.md).
# tests/reliability/docker-steps.test.ts replays these steps outside Docker and refuses any
# instruction it does not know, so a change here is tested, not left to rot.

# Debian (glibc) rather than Alpine: sharp and @node-rs/argon2 install prebuilt glibc binaries
# from npm and better-sqlite3 downloads its prebuilt binary, so no compiler is needed.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
# Started as `node dist/server/main.js`, not `npm start`: the build tools are not in this stage.
COPY --from=build /app/dist ./dist
# `npm run backup` and `npm run restore` run the commands built into dist through these two.
COPY scripts/built.mjs scripts/build-inputs.mjs ./scripts/
# The code stays root's; only the data folder is the app user's (a new volume takes its owner).
RUN mkdir data && chown node:node data
ENV PORT=5000 DATA_DIR=/app/data
VOLUME /app/data
EXPOSE 5000
USER node
# The image has no curl; Node 20 has fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Compose's stop_grace_period (docker stop's default is 10 s) must exceed DRAIN_SECONDS.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
