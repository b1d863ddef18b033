/** A local HTTP server standing in for the GraphQL API; records what it receives. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeUpstream {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startFakeUpstream(options: { delayMs?: number } = {}): Promise<FakeUpstream> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const timer = setTimeout(() => {
        response.writeHead(200, {
          'Content-Type': 'application/graphql-response+json; charset=utf-8',
          'Set-Cookie': 'upstream=1',
          'X-Powered-By': 'upstream',
        });
        response.end(JSON.stringify({ data: { echo: true } }));
      }, options.delayMs ?? 0);
      response.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/graphql`;
}
