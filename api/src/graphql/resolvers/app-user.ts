import type { ApiContext } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import { uidArg } from '../validate.ts';
import type { Resolvers } from '../generated/resolvers.ts';

export async function appUser(_: unknown, args: { userId: string }, ctx: ApiContext) {
  const userId = uidArg('userId', args.userId);
  if (userId === ctx.viewer.id) {
    // One's own profile: Read on settingsProfile (every role holds it in the current policy).
    if (!(await ctx.can('settingsProfile', 'Read'))) throw forbidden('You may not read your profile.');
  } else if (!(ctx.isAdmin && (await ctx.can('users:detail', 'Read')))) {
    // Another user: Admin only for now (an Owner's view of its organization's users comes with
    // the Users screen). Everyone else gets NOT_FOUND, so ids of other users are not confirmed.
    throw notFound('User', userId);
  }
  const { rows } = await ctx.pool.query('SELECT id, email, roles, language, locale FROM app_users WHERE id = $1', [
    userId,
  ]);
  if (!rows[0]) throw notFound('User', userId);
  return rows[0];
}

export const appUserResolvers = {
  Query: { appUser },
} satisfies Resolvers;
