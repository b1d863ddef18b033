/**
 * A fake error-reporting collector for tests (README "For operators", error reports): a real HTTP
 * server on loopback that answers Sentry's envelope endpoint and keeps what it received. Shared by
 * the API's, the job worker's, the edge worker's and the console's error-report tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface ReceivedEnvelope {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  items: unknown[];
}

/** The error event of an envelope (the item after an `{ type: 'event' }` header). */
export interface ReportedEvent {
  environment?: string;
  release?: string;
  tags?: Record<string, string>;
  user?: Record<string, unknown>;
  request?: Record<string, unknown>;
  exception?: { values: { type: string; value: string }[] };
  [key: string]: unknown;
}

export interface FakeCollector {
  /** A DSN for this collector (`http://publickey@127.0.0.1:<port>/<project>`). */
  dsn(project?: string): string;
  received: ReceivedEnvelope[];
  /** The error events received so far. */
  events(): ReportedEvent[];
  /** Resolves once `count` error events were received (rejects after `timeoutMs`). */
  waitForEvents(count?: number, timeoutMs?: number): Promise<ReportedEvent[]>;
  close(): Promise<void>;
}

export async function startFakeCollector(): Promise<FakeCollector> {
  const received: ReceivedEnvelope[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      const items = body
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
      received.push({ path: request.url ?? '', headers: request.headers, items });
      // A browser's report is a cross-origin request.
      response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const events = () =>
    received.flatMap((envelope) =>
      envelope.items.flatMap((item, index) =>
        (item as { type?: string }).type === 'event' ? [envelope.items[index + 1] as ReportedEvent] : [],
      ),
    );
  return {
    dsn: (project = '42') => `http://publickey@127.0.0.1:${port}/${project}`,
    received,
    events,
    async waitForEvents(count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (events().length < count) {
        if (Date.now() > until)
          throw new Error(`The collector received ${events().length} error events, expected ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return events();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
