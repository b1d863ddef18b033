# The API (and its migrations) in production: the bundle of `npm run build`, nothing else.
# Its build context is a build's api folder, where `npm run build` also puts this file:
#   docker build -t price-console-api:<build id> .builds/<build id>/api
# Run (README "For operators"): the container needs APP_ENV, FIREBASE_PROJECT_ID, DATABASE_URL,
# EDGE_SHARED_SECRET and GOOGLE_APPLICATION_CREDENTIALS (a mounted service-account key); it listens
# on PORT (4000). Migrations: `docker run … price-console-api:<id> node migrate.mjs` before the new
# version takes traffic (or MIGRATE_AT_START=on on a single instance). Job workers run from the
# same image: `docker run … price-console-api:<id> node worker.mjs` (DATABASE_URL, APP_ENV, JOB_CONCURRENCY).
# Node 20: the oldest line the project supports (DESIGN.md).
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
COPY --chown=node:node . .
USER node
EXPOSE 4000
# /healthz: alive; /readyz: database reachable and migrations current.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The production start command: the same `node main.mjs` the production start test runs.
# SIGTERM (docker stop) stops it gracefully: /readyz turns 503, in-flight requests finish.
CMD ["node", "main.mjs"]
