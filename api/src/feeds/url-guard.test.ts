import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFileError } from './fields.ts';
import { fetchFeed } from './source.ts';
import { isPublicAddress } from './url-guard.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::5',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    'not-an-ip',
    '',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2a00:1450:4001:81c::200e', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
});

describe('fetchFeed refuses what a shop must not make the service fetch', () => {
  let server: Server;
  let base: string;
  const limits = { timeoutMs: 5_000, maxBytes: 1_000_000 };
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      else if (req.url?.startsWith('/loop'))
        res.writeHead(302, { location: `/loop${Number(req.url.slice(5) || 0) + 1}` }).end();
      else if (req.url === '/to-inside')
        res.writeHead(301, { location: `http://localhost:${(server.address() as AddressInfo).port}/ok` }).end();
      else res.writeHead(200, { 'content-type': 'text/csv' }).end('id,name,price\n1,A,1\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function failure(url: string, allowPrivate: boolean): Promise<string> {
    const error = await fetchFeed(url, limits, allowPrivate).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FeedFileError);
    return (error as Error).message;
  }

  it.each([
    ['a loopback address', () => `${base}/ok`],
    ['a name that resolves to loopback', () => `${base.replace('127.0.0.1', 'localhost')}/ok`],
    ['an IPv6 loopback literal', () => 'http://[::1]:9/ok'],
    ['an IPv4-mapped loopback literal', () => 'http://[::ffff:127.0.0.1]:9/ok'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'http://10.0.0.1/feed.csv'],
  ])('refuses %s', async (_case, url) => {
    expect(await failure(url(), false)).toContain('private or local address');
  });

  it('refuses schemes other than http and https, also after a redirect', async () => {
    expect(await failure('file:///etc/passwd', false)).toContain('must be http or https');
    expect(await failure(`${base}/file`, true)).toContain('must be http or https');
  });

  it('follows at most 5 redirects', async () => {
    expect(await failure(`${base}/loop`, true)).toContain('redirected more than 5 times');
  });

  it('reads a feed when private hosts are allowed (a developer machine), redirects included', async () => {
    const stream = await fetchFeed(`${base}/to-inside`, limits, true);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe('id,name,price\n1,A,1\n');
  });
});
