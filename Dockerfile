# Pixel Wall: the production image. Builds with the same commands as a machine does
# (npm ci, npm run build) and runs the compiled server (npm run serve's command line).
# Embedded mode keeps its data in the DATA_DIR volume; see compose.yaml and compose.cluster.yaml.

# 1. Build: every dependency, then the web app and the compiled server.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY tools/package.json tools/
RUN npm ci
COPY . .
RUN npm run build

# 2. The server's runtime dependencies only (the compiled server loads its npm packages from
#    node_modules; the web app is served as built files, the tools never run here). Every
#    workspace's package.json is still copied: npm ci checks the lockfile against all of them.
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY tools/package.json tools/
RUN npm ci --omit=dev -w apps/server

# 3. The image: runtime dependencies and the build output, nothing else.
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm run serve's command line, word for word (a test checks): GLIBC_TUNABLES gives glibc's malloc a
# fixed 32 KiB mmap threshold, so the memory PGlite's start-up and V8's compiler free goes back to
# the system (BENCHMARKS.md, "Start-up time and memory" and "glibc's arenas after the start").
CMD ["env", "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=32768", "node", "--max-semi-space-size=64", "apps/server/dist/main.js"]
