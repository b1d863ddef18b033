/**
 * User administration against the official Firebase Auth emulator, started here on port 9499
 * (or AUTH_EMULATOR_TEST_PORT; hub and logging on the next two ports) and stopped afterwards:
 * list and filters, detail, invite (account, record, set-password e-mail; all or nothing), roles
 * and organization changes, disable/enable (reflected in sign-in), delete; every role, own and
 * other organization, on every engine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@console/firebase-token';
import {
  createIdentityAdmin,
  EmulatorIdentityAdmin,
  ServiceAccountIdentityAdmin,
  type IdentityAdmin,
} from '../src/auth/identity-admin.ts';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import { REPO_ROOT } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines, openDemo } from './engines.ts';
import { codes, gql, organizationIds } from './helpers.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const FIREBASE = path.join(REPO_ROOT, 'tests', 'node_modules', '.bin', 'firebase');
const PORT = Number(process.env.AUTH_EMULATOR_TEST_PORT || 9499);
const EMULATOR_HOST = `127.0.0.1:${PORT}`;
const ROOT_URL = `http://${EMULATOR_HOST}`;
const TOOLKIT = `${ROOT_URL}/identitytoolkit.googleapis.com/v1`;
const ADMIN_HEADERS = { 'content-type': 'application/json', authorization: 'Bearer owner' };

const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
const OWNER = DEMO_USERS.find((u) => u.roles[0] === 'Owner')!;
const MANAGERS = DEMO_USERS.filter((u) => ['Owner', 'Editor'].includes(u.roles[0]!));
const NON_MANAGERS = DEMO_USERS.filter((u) => ['Viewer', 'User'].includes(u.roles[0]!));

const FIELDS = 'id email roles language locale disabled createdAt organization { id name }';
const LIST = `query UserList($organizationId: ID, $role: String, $disabled: Boolean, $email: String, $limit: Int!, $offset: Int!) { userList(organizationId: $organizationId, role: $role, disabled: $disabled, email: $email, limit: $limit, offset: $offset) { data { ${FIELDS} } meta { pagination { total } } } }`;
const DETAIL = `query User($userId: ID!) { user(userId: $userId) { ${FIELDS} } }`;
const INVITE = `mutation UserInvite($input: UserInviteInput!) { userInvite(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation UserUpdate($userId: ID!, $input: UserUpdateInput!) { userUpdate(userId: $userId, input: $input) { ${FIELDS} } }`;
const DISABLE = `mutation UserDisable($userId: ID!) { userDisable(userId: $userId) { id disabled } }`;
const ENABLE = `mutation UserEnable($userId: ID!) { userEnable(userId: $userId) { id disabled } }`;
const DELETE = `mutation UserDelete($userId: ID!) { userDelete(userId: $userId) { id email } }`;

// --- the Auth emulator ------------------------------------------------------------------------
let emulator: ChildProcess | null = null;
let emulatorDir = '';
const available = existsSync(FIREBASE);
if (!available)
  console.warn(`${FIREBASE} is missing (pnpm install in tests/): the user administration tests are skipped.`);

async function startEmulator() {
  emulatorDir = mkdtempSync(path.join(tmpdir(), 'console-auth-emulator-'));
  // Hub and logging ports next to the auth port (defaults 4400 / 4500 would collide with a running stack).
  const emulators = {
    auth: { host: '127.0.0.1', port: PORT },
    hub: { host: '127.0.0.1', port: PORT + 1 },
    logging: { host: '127.0.0.1', port: PORT + 2 },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(path.join(emulatorDir, 'firebase.json'), JSON.stringify({ emulators }));
  emulator = spawn(
    FIREBASE,
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', path.join(emulatorDir, 'firebase.json')],
    {
      cwd: emulatorDir,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' },
      detached: true,
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (emulator.exitCode !== null)
      throw new Error(`The Auth emulator exited (${emulator.exitCode}); is port ${PORT} in use?`);
    try {
      if ((await fetch(`${ROOT_URL}/`, { signal: AbortSignal.timeout(2_000) })).status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The Auth emulator did not start on port ${PORT}`);
}

async function stopEmulator() {
  const child = emulator;
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGINT');
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (emulatorDir) rmSync(emulatorDir, { recursive: true, force: true });
}

async function toolkit(method: string, body: unknown, admin = true): Promise<any> {
  const url = admin ? `${TOOLKIT}/projects/${PROJECT_ID}/${method}` : `${TOOLKIT}/${method}?key=fake-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: admin ? ADMIN_HEADERS : { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}
const accountByEmail = async (email: string) =>
  ((await toolkit('accounts:lookup', { email: [email] })).users ?? [])[0] ?? null;
async function oobCodesFor(email: string): Promise<Array<{ oobCode: string; requestType: string }>> {
  const { oobCodes } = await (await fetch(`${ROOT_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)).json();
  return oobCodes.filter((code: any) => code.email === email);
}
const signIn = (email: string, password: string) =>
  toolkit('accounts:signInWithPassword', { email, password, returnSecureToken: true }, false);

beforeAll(async () => {
  if (available) await startEmulator();
}, 120_000);
afterAll(async () => {
  await stopEmulator();
}, 30_000);

// --- the tests ----------------------------------------------------------------------------------
describe('IdentityAdmin by configuration', () => {
  it('local: the emulator when one is configured, none otherwise', () => {
    expect(
      createIdentityAdmin({ environment: 'local', projectId: PROJECT_ID, authEmulatorHost: EMULATOR_HOST }),
    ).toBeInstanceOf(EmulatorIdentityAdmin);
    expect(
      createIdentityAdmin({ environment: 'local', projectId: PROJECT_ID, authEmulatorHost: null }),
    ).toBeUndefined();
  });

  it.each(['dev', 'production'] as const)('%s refuses to start without service-account credentials', (environment) => {
    expect(() => createIdentityAdmin({ environment, projectId: PROJECT_ID, authEmulatorHost: null })).toThrow(
      /Refusing to start.*credentials/,
    );
    expect(() =>
      createIdentityAdmin({
        environment,
        projectId: PROJECT_ID,
        authEmulatorHost: null,
        credentialsFile: '/no/such/key.json',
      }),
    ).toThrow(/Refusing to start/);
    expect(() => new ServiceAccountIdentityAdmin(PROJECT_ID, { client_email: '', private_key: '' })).toThrow(
      /Refusing to start/,
    );
  });

  it('production with a key builds the service-account implementation (no call is made)', () => {
    const admin = new ServiceAccountIdentityAdmin(PROJECT_ID, {
      client_email: 'api@demo.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----',
    });
    expect(admin).toBeInstanceOf(ServiceAccountIdentityAdmin);
  });
});

describe.skipIf(!available).each(engines)('User administration on $name', (engine) => {
  let db: Database;
  let api: Api;
  let orgs: Record<string, string>;
  let identity: IdentityAdmin;
  let n = 0;
  const email = (what: string) => `${what}-${engine.name}-${process.pid}-${++n}@invite.test`;
  const call = (uid: string, query: string, variables: Record<string, unknown> = {}) =>
    gql(api, { query, token: emulatorToken(uid), variables });
  const rowOf = async (id: string) =>
    (await db.pool.query('SELECT * FROM app_users WHERE id = $1', [id])).rows[0] ?? null;
  const rowByEmail = async (address: string) =>
    (await db.pool.query('SELECT * FROM app_users WHERE email = $1', [address])).rows[0] ?? null;

  beforeAll(async () => {
    db = await openDemo(engine, 30);
    orgs = await organizationIds(db.pool);
    identity = new EmulatorIdentityAdmin(EMULATOR_HOST, PROJECT_ID);
    api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
      identity,
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  async function invite(by: string, input: Record<string, unknown>) {
    return call(by, INVITE, { input: { roles: ['User'], organizationId: orgs.northwind, ...input } });
  }
  /** An invited user who has set a password from the e-mail. */
  async function activeUser(input: Record<string, unknown> = {}) {
    const address = email('active');
    const response = await invite(ADMIN.uid, { email: address, ...input });
    expect(response.body.errors).toBeUndefined();
    const [code] = await oobCodesFor(address);
    await toolkit('accounts:resetPassword', { oobCode: code!.oobCode, newPassword: 'chosen-password-1' }, false);
    return { id: response.body.data.userInvite.id as string, email: address, password: 'chosen-password-1' };
  }

  describe('UserList and User', () => {
    it('Admin lists every user, filters by organization, role, disabled and e-mail, and pages', async () => {
      const all = (await call(ADMIN.uid, LIST, { limit: 1000, offset: 0 })).body.data.userList;
      const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM app_users');
      expect(all.meta.pagination.total).toBe(rows[0].n);
      const northwind = (await call(ADMIN.uid, LIST, { organizationId: orgs.northwind, limit: 1000, offset: 0 })).body
        .data.userList;
      expect(northwind.data.every((u: any) => u.organization.id === orgs.northwind)).toBe(true);
      expect(northwind.data.map((u: any) => u.id)).toEqual(
        expect.arrayContaining(['demo-owner', 'demo-editor', 'demo-user']),
      );
      const owners = (await call(ADMIN.uid, LIST, { role: 'Owner', limit: 100, offset: 0 })).body.data.userList.data;
      expect(owners.every((u: any) => u.roles.includes('Owner'))).toBe(true);
      expect(owners.map((u: any) => u.id)).toContain('demo-owner');
      const found = (await call(ADMIN.uid, LIST, { email: 'VIEWER@demo', limit: 100, offset: 0 })).body.data.userList;
      expect(found.data.map((u: any) => u.id)).toEqual(['demo-viewer']);
      expect(found.data[0]).toMatchObject({
        email: 'viewer@demo.test',
        disabled: false,
        organization: { id: orgs.bohemia, name: 'Bohemia Glass & Home' },
      });
      await db.pool.query(
        `INSERT INTO app_users (id, email, roles, organization_id, disabled) VALUES ($1, $2, '{User}', $3, true)`,
        [`off-${engine.name}`, `off-${engine.name}@demo.test`, orgs.danube],
      );
      const disabled = (await call(ADMIN.uid, LIST, { disabled: true, limit: 100, offset: 0 })).body.data.userList.data;
      expect(disabled.map((u: any) => u.id)).toContain(`off-${engine.name}`);
      expect(disabled.every((u: any) => u.disabled)).toBe(true);
      const whole = (await call(ADMIN.uid, LIST, { limit: 1000, offset: 0 })).body.data.userList.data;
      expect(whole.map((u: any) => u.email)).toEqual([...whole.map((u: any) => u.email)].sort());
      const page = (await call(ADMIN.uid, LIST, { limit: 2, offset: 1 })).body.data.userList;
      expect(page.data.map((u: any) => u.id)).toEqual(whole.slice(1, 3).map((u: any) => u.id));
    });

    it.each(MANAGERS.map((u) => [u.roles[0], u] as const))(
      "%s lists only its own organization's users",
      async (_role, user) => {
        const own = (await call(user.uid, LIST, { limit: 1000, offset: 0 })).body.data.userList;
        expect(own.data.length).toBeGreaterThan(0);
        expect(own.data.every((u: any) => u.organization?.id === orgs[user.organization!])).toBe(true);
        const other = (await call(user.uid, LIST, { organizationId: orgs.bohemia, limit: 10, offset: 0 })).body.data
          .userList;
        expect(other).toEqual({ data: [], meta: { pagination: { total: 0 } } });
      },
    );

    it.each(MANAGERS.map((u) => [u.roles[0], u] as const))(
      "%s reads its organization's user; another organization's and Admins are NOT_FOUND",
      async (_role, user) => {
        expect((await call(user.uid, DETAIL, { userId: 'demo-user' })).body.data.user.id).toBe('demo-user');
        for (const userId of ['demo-viewer', ADMIN.uid, 'no-such-user'])
          expect(codes(await call(user.uid, DETAIL, { userId }))).toEqual(['NOT_FOUND']);
      },
    );

    it.each(NON_MANAGERS.map((u) => [u.roles[0], u] as const))(
      '%s may not read users (FORBIDDEN)',
      async (_role, user) => {
        expect(codes(await call(user.uid, LIST, { limit: 10, offset: 0 }))).toEqual(['FORBIDDEN']);
        expect(codes(await call(user.uid, DETAIL, { userId: user.uid }))).toEqual(['FORBIDDEN']);
      },
    );

    it.each([
      ['role', { role: 'Boss' }],
      ['organizationId', { organizationId: 'x' }],
      ['email', { email: 'x'.repeat(201) }],
      ['limit', { limit: 0 }],
    ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
      const response = await call(ADMIN.uid, LIST, { limit: 10, offset: 0, ...variables });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    });
  });

  describe('UserInvite', () => {
    it('Admin invites: emulator account, database row and a set-password code, for the same uid', async () => {
      const address = email('invited');
      const response = await invite(ADMIN.uid, {
        email: address.toUpperCase(),
        roles: ['Editor', 'Viewer'],
        language: 'cs',
        locale: 'cs-CZ',
      });
      expect(response.body.errors).toBeUndefined();
      const user = response.body.data.userInvite;
      expect(user).toMatchObject({
        email: address,
        roles: ['Editor', 'Viewer'],
        language: 'cs',
        locale: 'cs-CZ',
        disabled: false,
        organization: { id: orgs.northwind },
      });
      const account = await accountByEmail(address);
      expect(account?.localId).toBe(user.id);
      expect(await rowOf(user.id)).toMatchObject({ email: address, organization_id: orgs.northwind });
      const oob = await oobCodesFor(address);
      expect(oob).toHaveLength(1);
      expect(oob[0]!.requestType).toBe('PASSWORD_RESET');
      // The invited user sets a password and signs in.
      await toolkit('accounts:resetPassword', { oobCode: oob[0]!.oobCode, newPassword: 'first-password-1' }, false);
      expect((await signIn(address, 'first-password-1')).localId).toBe(user.id);
    });

    it('Admin invites staff (Admin without organization); a non-Admin needs an organization', async () => {
      const staff = await call(ADMIN.uid, INVITE, { input: { email: email('staff'), roles: ['Admin'] } });
      expect(staff.body.data.userInvite).toMatchObject({ roles: ['Admin'], organization: null });
      const address = email('orphan');
      const orphan = await call(ADMIN.uid, INVITE, { input: { email: address, roles: ['User'] } });
      expect(orphan.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'organizationId' });
      expect(await accountByEmail(address)).toBeNull();
    });

    it.each(MANAGERS.map((u) => [u.roles[0], u] as const))(
      '%s invites into its own organization only',
      async (_role, user) => {
        const address = email('by-owner');
        const response = await call(user.uid, INVITE, { input: { email: address, roles: ['User'] } });
        expect(response.body.data.userInvite.organization.id).toBe(orgs[user.organization!]);
        const elsewhere = email('elsewhere');
        expect(codes(await invite(user.uid, { email: elsewhere, organizationId: orgs.bohemia }))).toEqual([
          'FORBIDDEN',
        ]);
        expect(await accountByEmail(elsewhere)).toBeNull();
        expect(await rowByEmail(elsewhere)).toBeNull();
      },
    );

    it.each(MANAGERS.map((u) => [u.roles[0], u] as const))(
      '%s cannot grant Admin: FORBIDDEN, nothing created',
      async (_role, user) => {
        const address = email('would-be-admin');
        const response = await invite(user.uid, { email: address, roles: ['Admin'] });
        expect(codes(response)).toEqual(['FORBIDDEN']);
        expect(response.body.errors![0]!.message).toMatch(/Admin/);
        expect(await accountByEmail(address)).toBeNull();
        expect(await rowByEmail(address)).toBeNull();
      },
    );

    it.each(NON_MANAGERS.map((u) => [u.roles[0], u] as const))('%s may not invite (FORBIDDEN)', async (_role, user) => {
      const address = email('nope');
      expect(codes(await invite(user.uid, { email: address, organizationId: orgs[user.organization!] }))).toEqual([
        'FORBIDDEN',
      ]);
      expect(await accountByEmail(address)).toBeNull();
    });

    it.each([
      ['email', { email: 'not-an-email' }],
      ['roles', { roles: [] }],
      ['roles', { roles: ['Boss'] }],
      ['organizationId', { organizationId: 'x' }],
      ['organizationId', { organizationId: '00000000-0000-4000-8000-000000000000' }],
      ['language', { language: 'english' }],
      ['locale', { locale: 'en_us' }],
    ])('rejects a bad %s (BAD_USER_INPUT), creating nothing', async (field, input) => {
      const address = email('bad');
      const before = (await db.pool.query('SELECT count(*)::int AS n FROM app_users')).rows[0].n;
      const response = await invite(ADMIN.uid, { email: address, ...input });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(response.body.errors![0]!.message).toContain(field);
      expect((await db.pool.query('SELECT count(*)::int AS n FROM app_users')).rows[0].n).toBe(before);
      expect(await accountByEmail(address)).toBeNull();
    });

    it('an e-mail already in use is BAD_USER_INPUT on email', async () => {
      const response = await invite(ADMIN.uid, { email: 'owner@demo.test' });
      expect(response.body.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'email',
        reason: 'EMAIL_TAKEN',
      });
    });

    it('a full organization refuses the invitation, naming the users limit, creating nothing', async () => {
      const { rows } = await db.pool.query(
        `INSERT INTO organizations (slug, name, plan) VALUES ($1, 'Full House', 'starter') RETURNING id`,
        [`full-${engine.name}-${Date.now()}`],
      );
      for (let i = 0; i < 5; i += 1)
        await db.pool.query(
          `INSERT INTO app_users (id, email, roles, organization_id) VALUES ($1, $1 || '@demo.test', '{User}', $2)`,
          [`full-${rows[0].id.slice(0, 8)}-${i}`, rows[0].id],
        );
      const address = email('sixth');
      const response = await invite(ADMIN.uid, { email: address, organizationId: rows[0].id });
      expect(codes(response)).toEqual(['PLAN_LIMIT_EXCEEDED']);
      expect(response.body.errors![0]!.message).toMatch(/users/);
      expect(response.body.errors![0]!.extensions).toMatchObject({ limit: 'users', max: 5 });
      expect(await accountByEmail(address)).toBeNull();
    });

    it('when the set-password e-mail fails, the record and the emulator account are undone', async () => {
      const failing: IdentityAdmin = {
        createUser: (input) => identity.createUser(input),
        setDisabled: (uid, disabled) => identity.setDisabled(uid, disabled),
        deleteUser: (uid) => identity.deleteUser(uid),
        sendPasswordReset: async () => {
          throw new Error('mail is down');
        },
      };
      const brokenApi = createApi({
        pool: db.pool,
        verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
        access: await loadAccessControl(),
        logging: false,
        identity: failing,
      });
      const address = email('undone');
      const response = await gql(brokenApi, {
        query: INVITE,
        token: emulatorToken(ADMIN.uid),
        variables: { input: { email: address, roles: ['User'], organizationId: orgs.danube } },
      });
      expect(response.body.errors).toHaveLength(1);
      expect(response.body.data ?? null).toBeNull();
      expect(await rowByEmail(address)).toBeNull();
      expect(await accountByEmail(address)).toBeNull();
    });

    it('without a configured identity provider an invitation is refused, creating nothing', async () => {
      const bare = createApi({
        pool: db.pool,
        verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
        access: await loadAccessControl(),
        logging: false,
      });
      const address = email('unconfigured');
      const response = await gql(bare, {
        query: INVITE,
        token: emulatorToken(ADMIN.uid),
        variables: { input: { email: address, roles: ['User'], organizationId: orgs.danube } },
      });
      expect(codes(response)).toEqual(['SERVICE_UNAVAILABLE']);
      expect(await rowByEmail(address)).toBeNull();
    });
  });

  describe('UserUpdate', () => {
    it('Admin changes roles and moves a user to another organization', async () => {
      const { id } = await activeUser();
      const response = await call(ADMIN.uid, UPDATE, {
        userId: id,
        input: { roles: ['Viewer', 'Owner'], organizationId: orgs.bohemia },
      });
      expect(response.body.data.userUpdate).toMatchObject({
        id,
        roles: ['Owner', 'Viewer'],
        organization: { id: orgs.bohemia },
      });
    });

    it.each(MANAGERS.map((u) => [u.roles[0], u] as const))(
      '%s changes roles in its organization, but cannot grant Admin or move users out',
      async (_role, user) => {
        const { id } = await activeUser({ organizationId: orgs[user.organization!] });
        expect(
          (await call(user.uid, UPDATE, { userId: id, input: { roles: ['Viewer'] } })).body.data.userUpdate.roles,
        ).toEqual(['Viewer']);
        const grant = await call(user.uid, UPDATE, { userId: id, input: { roles: ['Admin'] } });
        expect(codes(grant)).toEqual(['FORBIDDEN']);
        const move = await call(user.uid, UPDATE, { userId: id, input: { organizationId: orgs.bohemia } });
        expect(codes(move)).toEqual(['FORBIDDEN']);
        expect(await rowOf(id)).toMatchObject({ roles: ['Viewer'], organization_id: orgs[user.organization!] });
        expect(codes(await call(user.uid, UPDATE, { userId: 'demo-viewer', input: { roles: ['User'] } }))).toEqual([
          'NOT_FOUND',
        ]);
        expect(codes(await call(user.uid, UPDATE, { userId: ADMIN.uid, input: { roles: ['User'] } }))).toEqual([
          'NOT_FOUND',
        ]);
      },
    );

    it('nobody removes their own Admin role', async () => {
      const response = await call(ADMIN.uid, UPDATE, {
        userId: ADMIN.uid,
        input: { roles: ['Owner'], organizationId: orgs.northwind },
      });
      expect(codes(response)).toEqual(['FORBIDDEN']);
      expect((await rowOf(ADMIN.uid)).roles).toEqual(['Admin']);
    });

    it.each(NON_MANAGERS.map((u) => [u.roles[0], u] as const))(
      '%s may not change users (FORBIDDEN)',
      async (_role, user) => {
        expect(codes(await call(user.uid, UPDATE, { userId: user.uid, input: { roles: ['Owner'] } }))).toEqual([
          'FORBIDDEN',
        ]);
      },
    );

    it('rejects bad roles (BAD_USER_INPUT on roles)', async () => {
      const response = await call(ADMIN.uid, UPDATE, { userId: 'demo-user', input: { roles: ['Superuser'] } });
      expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'roles' });
    });
  });

  describe('UserDisable / UserEnable / UserDelete', () => {
    it('Admin disables a user: the emulator refuses its sign-in and the API its token; enabling restores both', async () => {
      const user = await activeUser();
      expect((await signIn(user.email, user.password)).localId).toBe(user.id);
      const disabled = await call(ADMIN.uid, DISABLE, { userId: user.id });
      expect(disabled.body.data.userDisable).toEqual({ id: user.id, disabled: true });
      expect((await signIn(user.email, user.password)).error?.message).toBe('USER_DISABLED');
      expect((await accountByEmail(user.email)).disabled).toBe(true);
      expect(
        (await gql(api, { query: DETAIL, token: emulatorToken(user.id), variables: { userId: user.id } })).status,
      ).toBe(403);
      const enabled = await call(ADMIN.uid, ENABLE, { userId: user.id });
      expect(enabled.body.data.userEnable).toEqual({ id: user.id, disabled: false });
      expect((await signIn(user.email, user.password)).localId).toBe(user.id);
    });

    it.each(MANAGERS.map((u) => [u.roles[0], u] as const))(
      "%s disables and deletes its organization's users only",
      async (_role, user) => {
        const own = await activeUser({ organizationId: orgs[user.organization!] });
        expect((await call(user.uid, DISABLE, { userId: own.id })).body.data.userDisable.disabled).toBe(true);
        const other = await activeUser({ organizationId: orgs.bohemia });
        expect(codes(await call(user.uid, DISABLE, { userId: other.id }))).toEqual(['NOT_FOUND']);
        expect(codes(await call(user.uid, DELETE, { userId: other.id }))).toEqual(['NOT_FOUND']);
        expect((await rowOf(other.id)).disabled).toBe(false);
        expect((await signIn(other.email, other.password)).localId).toBe(other.id);
        expect((await call(user.uid, DELETE, { userId: own.id })).body.data.userDelete.id).toBe(own.id);
        expect(await rowOf(own.id)).toBeNull();
      },
    );

    it.each(MANAGERS.map((u) => [u.roles[0], u] as const))(
      '%s may not disable or enable an Admin, even one filed under its organization',
      async (_role, user) => {
        const admin = `staff-in-org-${engine.name}-${user.uid}`;
        await db.pool.query(
          `INSERT INTO app_users (id, email, roles, organization_id, disabled) VALUES ($1, $1 || '@demo.test', '{Admin}', $2, false)`,
          [admin, orgs[user.organization!]],
        );
        expect(codes(await call(user.uid, DISABLE, { userId: admin }))).toEqual(['NOT_FOUND']);
        expect(await rowOf(admin)).toMatchObject({ disabled: false });
        await db.pool.query('UPDATE app_users SET disabled = true WHERE id = $1', [admin]);
        expect(codes(await call(user.uid, ENABLE, { userId: admin }))).toEqual(['NOT_FOUND']);
        expect(await rowOf(admin)).toMatchObject({ disabled: true });
      },
    );

    it('Admin deletes a user from the database and the identity provider', async () => {
      const user = await activeUser();
      const response = await call(ADMIN.uid, DELETE, { userId: user.id });
      expect(response.body.data.userDelete).toEqual({ id: user.id, email: user.email });
      expect(await rowOf(user.id)).toBeNull();
      expect(await accountByEmail(user.email)).toBeNull();
      expect(codes(await call(ADMIN.uid, DELETE, { userId: user.id }))).toEqual(['NOT_FOUND']);
    });

    it('nobody disables or deletes themselves', async () => {
      for (const user of [ADMIN, OWNER]) {
        expect(codes(await call(user.uid, DISABLE, { userId: user.uid }))).toEqual(['FORBIDDEN']);
        expect(codes(await call(user.uid, DELETE, { userId: user.uid }))).toEqual(['FORBIDDEN']);
        expect(await rowOf(user.uid)).toMatchObject({ disabled: false });
      }
    });

    it.each(NON_MANAGERS.map((u) => [u.roles[0], u] as const))(
      '%s may not disable, enable or delete (FORBIDDEN)',
      async (_role, user) => {
        for (const query of [DISABLE, ENABLE, DELETE])
          expect(codes(await call(user.uid, query, { userId: 'demo-user' }))).toEqual(['FORBIDDEN']);
      },
    );

    it('a refusal of the identity provider rolls the database back', async () => {
      // A record the emulator does not know: disabling it fails there, so nothing changes here.
      await db.pool.query(
        `INSERT INTO app_users (id, email, roles, organization_id) VALUES ($1, $1 || '@demo.test', '{User}', $2)`,
        [`ghost-${engine.name}`, orgs.danube],
      );
      const response = await call(ADMIN.uid, DISABLE, { userId: `ghost-${engine.name}` });
      expect(codes(response)).toEqual(['IDENTITY_PROVIDER_ERROR']);
      expect((await rowOf(`ghost-${engine.name}`)).disabled).toBe(false);
    });

    it('rejects a bad user id (BAD_USER_INPUT on userId)', async () => {
      for (const query of [DISABLE, ENABLE, DELETE, DETAIL]) {
        expect((await call(ADMIN.uid, query, { userId: 'bad id' })).body.errors![0]!.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          field: 'userId',
        });
      }
    });
  });
});
