/**
 * User administration: list, detail, invite, change roles and organization, disable, enable,
 * delete, in the database and the identity provider (ctx.identity) together.
 *
 * Scoping: Admin reaches every user. Owner and Editor reach only users of their own
 * organization (others are NOT_FOUND), never grant Admin, never move a user elsewhere.
 * Nobody removes their own Admin role, disables or deletes themselves.
 * Each resolver checks its arguments and the caller, then calls the store (users-store.ts).
 */
import { GraphQLError } from 'graphql';
import { ROLES } from '@console/policies';
import { type IdentityAdmin, IdentityAdminError } from '../auth/identity-admin.ts';
import { inTransaction, type Queryable } from '../db/transaction.ts';
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import type {
  MutationUserDeleteArgs,
  MutationUserInviteArgs,
  MutationUserUpdateArgs,
  QueryUserArgs,
  QueryUserListArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { assertWithinLimit } from '../catalogue/plan-limits.ts';
import { scopeOf } from '../catalogue/catalogue-scope.ts';
import { pageArgs, searchArg, uidArg, uuidArg } from '../graphql/validate.ts';
import {
  deleteUser,
  emailTaken,
  findUser as findUserIn,
  insertUser,
  listUsers,
  organizationExists,
  setUserDisabled,
  setUserRoles,
  type UserObject,
} from './users-store.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LANGUAGE = /^[a-z]{2,3}$/;
const LOCALE = /^[a-z]{2,3}-[A-Z]{2}$/;

function emailArg(field: string, value: string): string {
  const email = (value ?? '').trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw badUserInput(field, 'must be an e-mail address');
  return email;
}

function roleArg(field: string, value: string): string {
  if (!(ROLES as readonly string[]).includes(value)) throw badUserInput(field, `must be one of ${ROLES.join(', ')}`);
  return value;
}

function rolesArg(field: string, value: readonly string[]): string[] {
  if (!Array.isArray(value) || value.length === 0)
    throw badUserInput(field, `must list at least one of ${ROLES.join(', ')}`);
  const roles = [...new Set(value.map((role) => roleArg(field, role)))];
  return ROLES.filter((role) => roles.includes(role));
}

function identityOf(ctx: ApiContext): IdentityAdmin {
  if (!ctx.identity)
    throw new GraphQLError('User administration is unavailable: the identity provider is not configured.', {
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
  return ctx.identity;
}

const identityFailed = (error: unknown) =>
  error instanceof IdentityAdminError
    ? new GraphQLError(`The identity provider refused the change (${error.code}); nothing was changed.`, {
        extensions: { code: 'IDENTITY_PROVIDER_ERROR', reason: error.code },
      })
    : error;

/** The user within `scope` (scopeOf(ctx), or null: any), or NOT_FOUND. */
async function findUser(db: Queryable, scope: string | null, id: string, lock = false): Promise<UserObject> {
  const user = await findUserIn(db, scope, id, lock);
  if (!user) throw notFound('User', id);
  return user;
}

/** An organization a user may be placed in: it exists, and for non-admins it is their own. */
async function targetOrganization(
  db: Queryable,
  ctx: ApiContext,
  organizationId: string | null,
  roles: string[],
): Promise<string | null> {
  if (!ctx.isAdmin) {
    if (organizationId && organizationId !== ctx.viewer.organizationId)
      throw forbidden('You may only manage users of your own organization.');
    return ctx.viewer.organizationId;
  }
  if (organizationId === null) {
    if (!roles.includes('Admin')) throw badUserInput('organizationId', 'is required for users who are not Admins');
    return null;
  }
  if (!(await organizationExists(db, organizationId)))
    throw badUserInput('organizationId', `there is no organization ${organizationId}`);
  return organizationId;
}

function assertMayGrant(ctx: ApiContext, roles: string[]) {
  if (roles.includes('Admin') && !ctx.isAdmin) throw forbidden('Only an Admin may grant the Admin role.');
}

async function require(
  ctx: ApiContext,
  action: 'Read' | 'Create' | 'Update' | 'Delete',
  resource: 'users' | 'users:detail' = 'users',
) {
  if (!(await ctx.can(resource, action)))
    throw forbidden(action === 'Read' ? 'You may not read users.' : 'You may not manage users.');
}

async function userList(_: unknown, args: QueryUserListArgs, ctx: ApiContext) {
  const { limit, offset } = pageArgs(args);
  const requested = args.organizationId == null ? null : uuidArg('organizationId', args.organizationId);
  const role = args.role == null ? null : roleArg('role', args.role);
  const email = searchArg('email', args.email);
  await require(ctx, 'Read');
  let organizationId = requested;
  if (!ctx.isAdmin) {
    const own = ctx.viewer.organizationId;
    if (!own || (requested && requested !== own)) return { data: [], meta: { pagination: { total: 0 } } };
    organizationId = own;
  }
  const { rows, total } = await listUsers(ctx.pool, {
    organizationId,
    role,
    disabled: args.disabled ?? null,
    email,
    limit,
    offset,
  });
  return { data: rows, meta: { pagination: { total } } };
}

async function user(_: unknown, args: QueryUserArgs, ctx: ApiContext) {
  const id = uidArg('userId', args.userId);
  await require(ctx, 'Read', 'users:detail');
  return findUser(ctx.pool, scopeOf(ctx), id);
}

async function userInvite(_: unknown, args: MutationUserInviteArgs, ctx: ApiContext) {
  const { input } = args;
  const email = emailArg('email', input.email);
  const roles = rolesArg('roles', input.roles);
  const requestedOrganization = input.organizationId == null ? null : uuidArg('organizationId', input.organizationId);
  const language = input.language ?? 'en';
  if (!LANGUAGE.test(language)) throw badUserInput('language', 'must be a language code such as en or cs');
  const locale = input.locale ?? 'en-US';
  if (!LOCALE.test(locale)) throw badUserInput('locale', 'must be a locale such as en-US or cs-CZ');
  await require(ctx, 'Create');
  assertMayGrant(ctx, roles);
  const identity = identityOf(ctx);

  // Checks before anything is created, so a refusal leaves the identity provider untouched.
  const organizationId = await targetOrganization(ctx.pool, ctx, requestedOrganization, roles);
  const check = async (db: Queryable) => {
    if (await emailTaken(db, email))
      throw badUserInput('email', 'a user with this e-mail already exists', { reason: 'EMAIL_TAKEN' });
    if (organizationId) await assertWithinLimit(db, organizationId, 'users');
  };
  await check(ctx.pool);

  // 1. The sign-in account.
  let uid: string;
  try {
    uid = (await identity.createUser({ email })).uid;
  } catch (error) {
    if (error instanceof IdentityAdminError && error.code === 'EMAIL_EXISTS')
      throw badUserInput('email', 'the identity provider already has an account with this e-mail', {
        reason: 'EMAIL_TAKEN_AT_PROVIDER',
      });
    throw identityFailed(error);
  }
  // 2. The user record and 3. the set-password e-mail, in one transaction; if either fails the
  // record is rolled back and the account of step 1 deleted.
  try {
    return await inTransaction(ctx.pool, async (client) => {
      await check(client);
      await insertUser(client, { id: uid, email, roles, language, locale, organizationId });
      await identity.sendPasswordReset(email);
      return findUser(client, null, uid);
    });
  } catch (error) {
    await identity.deleteUser(uid).catch((undo) => console.error(`Could not undo the identity account ${uid}:`, undo));
    throw identityFailed(error);
  }
}

async function userUpdate(_: unknown, args: MutationUserUpdateArgs, ctx: ApiContext) {
  const id = uidArg('userId', args.userId);
  const { input } = args;
  const roles = input.roles == null ? null : rolesArg('roles', input.roles);
  const moving = 'organizationId' in input && input.organizationId !== undefined;
  const requestedOrganization = input.organizationId == null ? null : uuidArg('organizationId', input.organizationId);
  await require(ctx, 'Update');
  if (roles) assertMayGrant(ctx, roles);
  return inTransaction(ctx.pool, async (client) => {
    const current = await findUser(client, scopeOf(ctx), id, true);
    const nextRoles = roles ?? current.roles;
    if (id === ctx.viewer.id && current.roles.includes('Admin') && !nextRoles.includes('Admin')) {
      throw forbidden('You cannot remove your own Admin role; ask another Admin.');
    }
    // An Owner never touches an Admin's roles (Admins are staff, outside its organization anyway).
    if (!ctx.isAdmin && current.roles.includes('Admin')) throw notFound('User', id);
    let organizationId = current.organizationId;
    if (moving && requestedOrganization !== current.organizationId) {
      if (!ctx.isAdmin) throw forbidden('You may not move users to another organization.');
      organizationId = await targetOrganization(client, ctx, requestedOrganization, nextRoles);
      if (organizationId) await assertWithinLimit(client, organizationId, 'users');
    }
    if (!organizationId && !nextRoles.includes('Admin'))
      throw badUserInput('organizationId', 'is required for users who are not Admins');
    await setUserRoles(client, id, nextRoles, organizationId);
    return findUser(client, null, id);
  });
}

function setDisabled(disabled: boolean) {
  return async (_: unknown, args: MutationUserDeleteArgs, ctx: ApiContext) => {
    const id = uidArg('userId', args.userId);
    await require(ctx, 'Update');
    if (id === ctx.viewer.id && disabled) throw forbidden('You cannot disable yourself.');
    const identity = identityOf(ctx);
    try {
      return await inTransaction(ctx.pool, async (client) => {
        const row = await findUser(client, scopeOf(ctx), id, true);
        // An Owner never disables or enables an Admin, even one filed under its organization.
        if (!ctx.isAdmin && row.roles.includes('Admin')) throw notFound('User', id);
        await setUserDisabled(client, id, disabled);
        // The identity provider last: if it refuses, the database change is rolled back.
        await identity.setDisabled(id, disabled);
        return findUser(client, scopeOf(ctx), id);
      });
    } catch (error) {
      throw identityFailed(error);
    }
  };
}

async function userDelete(_: unknown, args: MutationUserDeleteArgs, ctx: ApiContext) {
  const id = uidArg('userId', args.userId);
  await require(ctx, 'Delete');
  if (id === ctx.viewer.id) throw forbidden('You cannot delete yourself.');
  const identity = identityOf(ctx);
  try {
    return await inTransaction(ctx.pool, async (client) => {
      const row = await findUser(client, scopeOf(ctx), id, true);
      if (!ctx.isAdmin && row.roles.includes('Admin')) throw notFound('User', id);
      await deleteUser(client, id);
      await identity.deleteUser(id);
      return row;
    });
  } catch (error) {
    throw identityFailed(error);
  }
}

export const userAdminResolvers = {
  Query: { userList, user },
  Mutation: {
    userInvite,
    userUpdate,
    userDisable: setDisabled(true),
    userEnable: setDisabled(false),
    userDelete,
  },
} satisfies Resolvers;
