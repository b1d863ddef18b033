/**
 * The API's HTTP front, in front of yoga (main.ts): health answers, then (outside local) only the
 * edge's calls (edge-only.ts), then the GraphQL body limit (body-limit.ts), then the API; one log
 * line per GraphQL request (operation-log.ts).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { checkBodySize } from './body-limit.ts';
import { fromEdge } from './edge-only.ts';
import { HEALTH_PATH, liveness, READY_PATH, readiness, type HealthDeps } from './health.ts';
import type { Logger } from './logger.ts';
import { noteOf, outcomeOf } from './operation-log.ts';

export interface FrontOptions {
  health: HealthDeps;
  logger: Logger;
  /** The edge's shared secret; null (local only) lets anyone call. */
  edgeSecret: string | null;
}

export interface Front {
  listener: RequestListener;
  /** /readyz answers 503 from now on (graceful shutdown: the load balancer stops sending). */
  markStopping(): void;
}

const GRAPHQL_PATH = '/graphql';

export function createFront(api: RequestListener, options: FrontOptions): Front {
  let stopping = false;

  const listener: RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendJson(res, 200, liveness(options.health));
    }
    if (path === READY_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      void readiness(options.health, stopping).then((answer) =>
        sendJson(res, answer.status === 'ready' ? 200 : 503, answer),
      );
      return;
    }
    const started = process.hrtime.bigint();
    if (path === GRAPHQL_PATH) res.once('finish', () => logOperation(options.logger, req, res.statusCode, started));
    if (options.edgeSecret && !fromEdge(req, options.edgeSecret)) {
      return sendError(res, 403, 'FORBIDDEN', 'This API answers only its edge worker.');
    }
    if (path === GRAPHQL_PATH) {
      const verdict = checkBodySize(req);
      if (!verdict.ok)
        return sendError(
          res,
          verdict.status,
          verdict.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'LENGTH_REQUIRED',
          verdict.message,
        );
    }
    api(req, res);
  };

  return {
    listener,
    markStopping() {
      stopping = true;
    },
  };
}

function logOperation(logger: Logger, req: IncomingMessage, status: number, started: bigint): void {
  const note = noteOf(req);
  const outcome = outcomeOf(status, note);
  const line = {
    requestId: headerOf(req, 'x-request-id'),
    operation: note?.operation ?? null,
    type: note?.type ?? null,
    durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    uid: note?.uid ?? null,
    organizationId: note?.organizationId ?? null,
    status,
    outcome,
    ...(note?.errorCodes ? { errorCodes: note.errorCodes } : {}),
    // yoga never saw it: refused in front of it, or answered from the kept website-list answers.
    ...(note ? {} : { answeredBy: status < 400 ? 'kept-answers' : 'front' }),
  };
  if (outcome === 'failed') logger.error(line, 'graphql');
  else logger.info(line, 'graphql');
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : null;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }] });
}
