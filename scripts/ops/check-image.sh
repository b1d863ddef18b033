#!/usr/bin/env bash
# Starts the API's container image (Dockerfile) against a scratch PostgreSQL database with a
# production configuration and checks what test/production-start.test.ts checks of the bundle:
# migrations by `node migrate.mjs`, /healthz and /readyz, no demo data, only the edge served,
# introspection off, unsigned tokens refused, emulator settings refused at start, `docker stop`
# graceful (exit 0). The container shares the host's network (PostgreSQL on 127.0.0.1).
#   scripts/ops/check-image.sh <image> [postgres admin url]
# DOCKER_HOST names the engine when it is not the default one.
set -euo pipefail
IMAGE=${1:?usage: check-image.sh <image> [postgres admin url]}
ADMIN=${2:-postgres://postgres@127.0.0.1:5432/postgres}
PORT=${CHECK_PORT:-4770}
SECRET=edge-secret-for-the-image-check-0123456789abcdef
DB=console_image_$$_$(date +%s)
DATABASE_URL=${ADMIN%/*}/$DB
WORK=$(mktemp -d)
NAME=console-image-check-$$
fail() { echo "FAIL: $*"; exit 1; }
cleanup() {
  docker rm -f "$NAME" >/dev/null 2>&1 || true
  psql "$ADMIN" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
psql "$ADMIN" -qc "CREATE DATABASE $DB"
# A service-account key of the right shape (never used to call Google here).
node -e "const {generateKeyPairSync}=require('crypto');const {privateKey}=generateKeyPairSync('rsa',{modulusLength:2048});require('fs').writeFileSync(process.argv[1],JSON.stringify({client_email:'api@price-console-production.iam.gserviceaccount.com',private_key:privateKey.export({type:'pkcs8',format:'pem'})}))" "$WORK/key.json"
chmod 644 "$WORK/key.json"
ENV=(-e APP_ENV=production -e FIREBASE_PROJECT_ID=price-console-production -e DATABASE_URL="$DATABASE_URL" -e EDGE_SHARED_SECRET=$SECRET
  -e GOOGLE_APPLICATION_CREDENTIALS=/run/key.json -e PORT=$PORT -e HOST=127.0.0.1 -v "$WORK/key.json:/run/key.json:ro")

echo "== migrations (node migrate.mjs)"
docker run --rm --network host "${ENV[@]}" "$IMAGE" node migrate.mjs --database-url "$DATABASE_URL"

echo "== emulator settings refused at start"
if docker run --rm --network host "${ENV[@]}" -e FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 "$IMAGE" >"$WORK/emulator.log" 2>&1; then fail "started with emulator settings"; fi
cat "$WORK/emulator.log"

echo "== start (CMD node main.mjs)"
docker run -d --name "$NAME" --network host "${ENV[@]}" "$IMAGE" >/dev/null
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 1; done
echo "healthz: $(curl -s "http://127.0.0.1:$PORT/healthz")"
READY=$(curl -s "http://127.0.0.1:$PORT/readyz"); echo "readyz: $READY"
grep -q '"status":"ready"' <<<"$READY" || fail "not ready"
USERS=$(psql "$DATABASE_URL" -tAc "SELECT count(*) FROM app_users"); echo "app_users: $USERS"; [ "$USERS" = 0 ] || fail "demo data"
post() { curl -s -o "$WORK/body" -w '%{http_code}' -H 'content-type: application/json' "$@" --data "$BODY" "http://127.0.0.1:$PORT/graphql"; }
BODY='{"query":"query Me { __typename }"}'
CODE=$(post); echo "without the edge secret: $CODE"; [ "$CODE" = 403 ] || fail "not only the edge"
UNSIGNED="$(printf '{"alg":"none"}' | base64 | tr -d '=\n' | tr '/+' '_-').$(printf '{"sub":"x","aud":"price-console-production"}' | base64 | tr -d '=\n' | tr '/+' '_-')."
CODE=$(post -H "x-edge-secret: $SECRET" -H "authorization: Bearer $UNSIGNED"); echo "unsigned token: $CODE"; [ "$CODE" = 401 ] || fail "unsigned token accepted"
BODY='{"query":"query Schema { __schema { types { name } } }"}'
CODE=$(post -H "x-edge-secret: $SECRET"); echo "introspection: $CODE $(head -c 200 "$WORK/body")"; grep -q 'introspection has been disabled' "$WORK/body" || fail "introspection answered"

echo "== docker stop (SIGTERM)"
docker stop -t 20 "$NAME" >/dev/null
EXIT=$(docker inspect -f '{{.State.ExitCode}}' "$NAME"); echo "exit code: $EXIT"
docker logs "$NAME" 2>&1 | grep -o '"msg":"[^"]*"' | tail -4
[ "$EXIT" = 0 ] || fail "not a graceful stop"
echo "image check passed"
