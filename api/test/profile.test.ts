/**
 * The profile page's mutation (AppUserUpdate): every role on its own and on another user's
 * profile, Admin on anyone's, bad input and that nothing changes after a rejection, on every
 * available database engine.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccessControl } from '@console/policies';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines, openDemo } from './engines.ts';
import { codes, gql } from './helpers.ts';
import { APP_USER } from './operations.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

/** The document web/src/pages/settings/profile/queries.ts sends, verbatim. */
const APP_USER_UPDATE = `mutation AppUserUpdate($userId: ID!, $input: AppUserUpdateInput!) { appUserUpdate(userId: $userId, input: $input) { id email roles language locale } }`;

const engines = await availableEngines();
const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
const NON_ADMINS = DEMO_USERS.filter((u) => u !== ADMIN);
const ROLES = DEMO_USERS.map((u) => [u.roles[0], u] as const);

describe.each(engines)('AppUserUpdate on $name', (engine) => {
  let db: Database;
  let api: Api;
  const update = (callerUid: string, userId: string, input: unknown, app = api) =>
    gql(app, { query: APP_USER_UPDATE, token: emulatorToken(callerUid), variables: { userId, input } });
  /** Every user's whole row, to show that nothing else (and nobody else) changed. */
  const users = async () => (await db.pool.query('SELECT * FROM app_users ORDER BY id')).rows;
  const row = async (uid: string) => (await db.pool.query('SELECT * FROM app_users WHERE id = $1', [uid])).rows[0];

  beforeAll(async () => {
    db = await openDemo(engine, 30);
    api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
    });
  });
  beforeEach(async () => {
    await db.pool.query(`UPDATE app_users SET language = 'en', locale = 'en-US'`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it.each(ROLES)('%s changes their own language and locale', async (_role, user) => {
    const before = await row(user.uid);
    const response = await update(user.uid, user.uid, { language: 'cs', locale: 'cs-CZ' });
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.appUserUpdate).toEqual({
      id: user.uid,
      email: user.email,
      roles: user.roles,
      language: 'cs',
      locale: 'cs-CZ',
    });
    expect(await row(user.uid)).toEqual({ ...before, language: 'cs', locale: 'cs-CZ' });
    // The profile query reads what was saved.
    const read = await gql(api, { query: APP_USER, token: emulatorToken(user.uid), variables: { userId: user.uid } });
    expect(read.body.data.appUser).toMatchObject({ language: 'cs', locale: 'cs-CZ' });
  });

  it.each(ROLES)('%s changes one field and keeps the other', async (_role, user) => {
    expect((await update(user.uid, user.uid, { language: 'de' })).body.data.appUserUpdate).toMatchObject({
      language: 'de',
      locale: 'en-US',
    });
    expect((await update(user.uid, user.uid, { locale: 'de-AT' })).body.data.appUserUpdate).toMatchObject({
      language: 'de',
      locale: 'de-AT',
    });
    expect(await row(user.uid)).toMatchObject({ language: 'de', locale: 'de-AT' });
  });

  it('accepts a custom 3-letter language code and a locale without a region', async () => {
    const response = await update(ADMIN.uid, ADMIN.uid, { language: 'tlh', locale: 'sk' });
    expect(response.body.data.appUserUpdate).toMatchObject({ language: 'tlh', locale: 'sk' });
  });

  it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))(
    "%s cannot change another user's profile: NOT_FOUND, nothing changes",
    async (_role, user) => {
      const sameOrganization = DEMO_USERS.find((u) => u.uid !== user.uid && u.organization === user.organization);
      const before = await users();
      for (const other of [sameOrganization?.uid, ADMIN.uid, 'no-such-user'].filter(Boolean) as string[]) {
        const response = await update(user.uid, other, { language: 'cs' });
        expect(response.status).toBe(200);
        expect(codes(response)).toEqual(['NOT_FOUND']);
        expect(response.body.data).toBeNull();
      }
      expect(await users()).toEqual(before);
    },
  );

  it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))(
    "Admin changes the %s's profile, and only that",
    async (_role, user) => {
      const before = await users();
      const response = await update(ADMIN.uid, user.uid, { language: 'cs', locale: 'cs-CZ' });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.appUserUpdate).toEqual({
        id: user.uid,
        email: user.email,
        roles: user.roles,
        language: 'cs',
        locale: 'cs-CZ',
      });
      expect(await users()).toEqual(
        before.map((r) => (r.id === user.uid ? { ...r, language: 'cs', locale: 'cs-CZ' } : r)),
      );
    },
  );

  it('Admin gets NOT_FOUND for an unknown user, and nothing changes', async () => {
    const before = await users();
    expect(codes(await update(ADMIN.uid, 'no-such-user', { language: 'cs' }))).toEqual(['NOT_FOUND']);
    expect(await users()).toEqual(before);
  });

  it.each([
    ['language', { language: 'EN' }],
    ['language', { language: 'e' }],
    ['language', { language: 'engl' }],
    ['language', { language: 'en-US' }],
    ['language', { language: '' }],
    ['language', { language: "en'; DROP TABLE app_users; --" }],
    ['language', { language: null, locale: 'cs-CZ' }],
    ['locale', { locale: 'en_US' }],
    ['locale', { locale: 'en-us' }],
    ['locale', { locale: 'EN-US' }],
    ['locale', { locale: 'en-USA' }],
    ['locale', { locale: 'en-US ' }],
    ['locale', { locale: '' }],
    ['locale', { language: 'cs', locale: 'cs-CZ-x' }],
    ['locale', { language: 'cs', locale: null }],
    ['input', {}],
  ])('rejects a bad %s (BAD_USER_INPUT naming it), nothing changes', async (field, input) => {
    for (const user of DEMO_USERS) {
      const before = await users();
      const response = await update(user.uid, user.uid, input);
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0]!.extensions!.field).toBe(field);
      expect(response.body.errors![0]!.message).toContain(field);
      expect(response.body.data).toBeNull();
      expect(await users()).toEqual(before);
    }
  });

  it('a bad user id is BAD_USER_INPUT naming userId', async () => {
    const response = await update(ADMIN.uid, 'has space', { language: 'cs' });
    expect(codes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0]!.extensions!.field).toBe('userId');
  });

  it.each([
    ['roles', { roles: ['Admin'] }],
    ['email', { email: 'someone@else.test' }],
    ['organizationId', { organizationId: '00000000-0000-4000-8000-000000000000' }],
    ['disabled', { disabled: true }],
  ])('%s is not part of the input: rejected, nothing changes', async (_field, extra) => {
    const user = DEMO_USERS.find((u) => u.roles.includes('User'))!;
    const before = await users();
    const response = await update(user.uid, user.uid, { language: 'cs', ...extra });
    expect(response.body.errors?.length).toBeGreaterThan(0);
    expect(response.body.data ?? null).toBeNull();
    expect(await users()).toEqual(before);
  });

  it("without Update on settingsProfile one's own profile is FORBIDDEN, nothing changes", async () => {
    // Every role holds it in the current policy; this checks the rule itself.
    const denyProfile: AccessControl = {
      can: async (_role, resource, action) => !(resource === 'settingsProfile' && action === 'Update'),
    };
    const strict = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: denyProfile,
      logging: false,
    });
    const before = await users();
    for (const user of DEMO_USERS) {
      const response = await update(user.uid, user.uid, { language: 'cs' }, strict);
      expect(codes(response)).toEqual(['FORBIDDEN']);
    }
    expect(await users()).toEqual(before);
  });

  it('a non-admin granted everything still cannot change another user (NOT_FOUND)', async () => {
    const allowAll: AccessControl = { can: async () => true };
    const open = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: allowAll,
      logging: false,
    });
    const owner = DEMO_USERS.find((u) => u.roles.includes('Owner'))!;
    const before = await users();
    expect(codes(await update(owner.uid, 'demo-user', { language: 'cs' }, open))).toEqual(['NOT_FOUND']);
    expect(await users()).toEqual(before);
  });

  it('no token is 401 and changes nothing', async () => {
    const before = await users();
    const response = await gql(api, {
      query: APP_USER_UPDATE,
      token: null,
      variables: { userId: ADMIN.uid, input: { language: 'cs' } },
    });
    expect(response.status).toBe(401);
    expect(await users()).toEqual(before);
  });
});
