/**
 * Billing (Admin only: organizations:billing): the plans, an organization's plan with its
 * limits and usage, its invoices, and the change of plan, refused while current usage exceeds
 * what the new plan allows. The SQL is in organizations-store.ts and plan-limits.ts.
 */
import { inTransaction, type Queryable } from '../db/transaction.ts';
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden } from '../graphql/errors.ts';
import type {
  MutationOrganizationPlanChangeArgs,
  QueryOrganizationBillingArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { currentUsage, LIMITS, limitExceeded, loadPlan, planLimits, planObject } from '../catalogue/plan-limits.ts';
import { uuidArg } from '../graphql/validate.ts';
import { findOrganization } from './organizations.ts';
import { listInvoices, listPlans, setOrganizationPlan, toOrganization } from './organizations-store.ts';

async function requireBilling(ctx: ApiContext, action: 'Read' | 'Update') {
  if (!(await ctx.can('organizations:billing', action))) {
    throw forbidden(action === 'Read' ? 'You may not read billing.' : 'You may not change plans.');
  }
}

async function billingOf(db: Queryable, ctx: ApiContext, organizationId: string) {
  const organization = await findOrganization(db, ctx, organizationId);
  // One after another: `db` may be a transaction's client, which runs one query at a time.
  const plan = await loadPlan(db, organization.plan);
  const usage = await currentUsage(db, organizationId);
  const invoices = await listInvoices(db, organizationId);
  const limits = planLimits(plan!);
  return {
    id: organization.id,
    organization: toOrganization(organization),
    plan: planObject(plan!),
    usage: LIMITS.map((name) => ({ name, limit: limits[name], used: usage[name] })),
    invoices,
  };
}

async function plans(_: unknown, __: unknown, ctx: ApiContext) {
  await requireBilling(ctx, 'Read');
  return (await listPlans(ctx.pool)).map(planObject);
}

async function organizationBilling(_: unknown, args: QueryOrganizationBillingArgs, ctx: ApiContext) {
  const id = uuidArg('organizationId', args.organizationId);
  await requireBilling(ctx, 'Read');
  return billingOf(ctx.pool, ctx, id);
}

async function organizationPlanChange(_: unknown, args: MutationOrganizationPlanChangeArgs, ctx: ApiContext) {
  const id = uuidArg('organizationId', args.organizationId);
  const planId = args.planId.trim();
  if (!planId) throw badUserInput('planId', 'must not be empty');
  await requireBilling(ctx, 'Update');
  return inTransaction(ctx.pool, async (client) => {
    await findOrganization(client, ctx, id, true);
    const plan = await loadPlan(client, planId);
    if (!plan) throw badUserInput('planId', `there is no plan "${planId}"`);
    const usage = await currentUsage(client, id);
    const limits = planLimits(plan);
    for (const name of LIMITS) {
      if (usage[name] > limits[name]) {
        throw limitExceeded(
          name,
          limits[name],
          plan.name,
          `The organization has ${usage[name]}; remove some before changing to this plan.`,
        );
      }
    }
    await setOrganizationPlan(client, id, planId);
    return billingOf(client, ctx, id);
  });
}

export const billingResolvers = {
  Query: { plans, organizationBilling },
  Mutation: { organizationPlanChange },
} satisfies Resolvers;
