/**
 * Contact support: every role writes to support (stored with the sender and organization, HTML
 * as text); each reads its own requests, Admin everyone's and resolves them; bad input and
 * refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { codes } from './helpers.ts';
import { ADMIN, MEMBERS, openCatalogueWorld, roleCases, type CatalogueWorld } from './catalogue-fixtures.ts';

const engines = await availableEngines();
const FIELDS = 'id topic message status userEmail userId organization { id name } createdAt resolvedAt';
const CREATE = `mutation SupportRequestCreate($input: SupportRequestInput!) { supportRequestCreate(input: $input) { ${FIELDS} } }`;
const LIST = `query SupportRequestList($status: SupportRequestStatus, $limit: Int!, $offset: Int!) { supportRequestList(status: $status, limit: $limit, offset: $offset) { data { ${FIELDS} } meta { pagination { total } } } }`;
const RESOLVE = `mutation SupportRequestResolve($supportRequestId: ID!) { supportRequestResolve(supportRequestId: $supportRequestId) { ${FIELDS} } }`;

describe.each(engines)('Contact support on $name', (engine) => {
  let w: CatalogueWorld;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
  });
  afterAll(async () => {
    await w?.close();
  });
  const stored = async () =>
    (await w.pool.query('SELECT id, status, resolved_at FROM support_requests ORDER BY id')).rows;

  it.each(roleCases([ADMIN, ...MEMBERS]))(
    '%s sends a request, stored with itself and its organization',
    async (role, user) => {
      const message = `<img src=x onerror=alert(1)> Prices look wrong (${role})`;
      const response = await w.call(user.uid, CREATE, { input: { topic: ` Prices ${role} `, message } });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.supportRequestCreate).toMatchObject({
        topic: `Prices ${role}`,
        message,
        status: 'open',
        userEmail: user.email,
        userId: user.uid,
        organization: user.organization ? { id: w.orgs[user.organization] } : null,
        resolvedAt: null,
      });
    },
  );

  it.each(roleCases(MEMBERS))('%s lists only its own requests and may not resolve (FORBIDDEN)', async (_role, user) => {
    await w.call(user.uid, CREATE, { input: { topic: 'Mine', message: 'Only mine' } });
    const response = await w.call(user.uid, LIST, { limit: 100, offset: 0 });
    expect(response.body.errors).toBeUndefined();
    const { data, meta } = response.body.data.supportRequestList;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((r: any) => r.userId === user.uid)).toBe(true);
    expect(meta.pagination.total).toBe(
      (await w.pool.query('SELECT count(*)::int AS n FROM support_requests WHERE user_id = $1', [user.uid])).rows[0].n,
    );
    const before = await stored();
    expect(codes(await w.call(user.uid, RESOLVE, { supportRequestId: data[0].id }))).toEqual(['FORBIDDEN']);
    expect(await stored()).toEqual(before);
  });

  it('Admin lists everyone’s, newest first, by status, and resolves', async () => {
    const created = (await w.call(MEMBERS[0]!.uid, CREATE, { input: { topic: 'Help', message: 'Please' } })).body.data
      .supportRequestCreate;
    const all = (await w.call(ADMIN.uid, LIST, { limit: 1000, offset: 0 })).body.data.supportRequestList;
    expect(all.meta.pagination.total).toBe((await stored()).length);
    expect(new Set(all.data.map((r: any) => r.userId)).size).toBeGreaterThan(1);
    const times = all.data.map((r: any) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const resolved = await w.call(ADMIN.uid, RESOLVE, { supportRequestId: created.id });
    expect(resolved.body.data.supportRequestResolve).toMatchObject({
      id: created.id,
      status: 'resolved',
      resolvedAt: expect.any(String),
    });
    const open = (await w.call(ADMIN.uid, LIST, { status: 'open', limit: 1000, offset: 0 })).body.data
      .supportRequestList;
    const done = (await w.call(ADMIN.uid, LIST, { status: 'resolved', limit: 1000, offset: 0 })).body.data
      .supportRequestList;
    expect(open.data.every((r: any) => r.status === 'open')).toBe(true);
    expect(done.data.map((r: any) => r.id)).toContain(created.id);
    expect(open.meta.pagination.total + done.meta.pagination.total).toBe(all.meta.pagination.total);
    expect(
      codes(await w.call(ADMIN.uid, RESOLVE, { supportRequestId: '00000000-0000-4000-8000-000000000000' })),
    ).toEqual(['NOT_FOUND']);
  });

  it.each([
    ['topic', { topic: '  ', message: 'x' }],
    ['topic', { topic: 't'.repeat(201), message: 'x' }],
    ['message', { topic: 'x', message: '' }],
    ['message', { topic: 'x', message: 'm'.repeat(10_001) }],
  ])('rejects a bad %s (BAD_USER_INPUT), nothing is stored', async (field, input) => {
    const before = await stored();
    const response = await w.call(MEMBERS[0]!.uid, CREATE, { input });
    expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(await stored()).toEqual(before);
  });
});
