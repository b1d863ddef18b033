/**
 * Billing (Admin only: organizations:billing): the plans, an organization's plan with its
 * limits and usage, its invoices, and the change of plan, refused while current usage exceeds
 * what the new plan allows.
 */
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden } from '../errors.ts';
import { uuidArg } from '../validate.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  currentUsage,
  LIMITS,
  limitExceeded,
  loadPlan,
  planLimits,
  planObject,
  type PlanRow,
  type Queryable,
} from './plan-limits.ts';
import { findOrganization, toOrganization } from './organizations.ts';

interface InvoiceRow {
  id: string;
  plan_id: string;
  period_start: string;
  period_end: string;
  amount: string;
  currency: string;
  status: string;
}

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
  const invoices = await db.query<InvoiceRow>(
    `SELECT id, plan_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end,
            amount::text AS amount, currency, status
       FROM billing_invoices WHERE organization_id = $1 ORDER BY period_start DESC`,
    [organizationId],
  );
  const limits = planLimits(plan!);
  return {
    id: organization.id,
    organization: toOrganization(organization),
    plan: planObject(plan!),
    usage: LIMITS.map((name) => ({ name, limit: limits[name], used: usage[name] })),
    invoices: invoices.rows.map((row) => ({
      id: row.id,
      planId: row.plan_id,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status,
    })),
  };
}

async function plans(_: unknown, __: unknown, ctx: ApiContext) {
  await requireBilling(ctx, 'Read');
  const { rows } = await ctx.pool.query<PlanRow>('SELECT * FROM plans ORDER BY position');
  return rows.map(planObject);
}

async function organizationBilling(_: unknown, args: { organizationId: string }, ctx: ApiContext) {
  const id = uuidArg('organizationId', args.organizationId);
  await requireBilling(ctx, 'Read');
  return billingOf(ctx.pool, ctx, id);
}

async function organizationPlanChange(_: unknown, args: { organizationId: string; planId: string }, ctx: ApiContext) {
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
    await client.query('UPDATE organizations SET plan = $2 WHERE id = $1', [id, planId]);
    return billingOf(client, ctx, id);
  });
}

export const billingResolvers = {
  Query: { plans, organizationBilling },
  Mutation: { organizationPlanChange },
};
