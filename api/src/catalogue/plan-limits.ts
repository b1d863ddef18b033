/**
 * Plan limits: what an organization's plan allows, what it uses, and the one check every area
 * calls before it creates something that counts against a limit:
 *
 *   await assertWithinLimit(client, organizationId, 'websites');
 *
 * Call it inside the transaction that creates the record, with that transaction's client: it
 * locks the organization's row, so two concurrent creations cannot both take the last place.
 */
import { GraphQLError } from 'graphql';

import type { Queryable } from '../db/transaction.ts';
import type { Currency } from '../graphql/generated/resolvers.ts';

export const LIMITS = ['websites', 'monitoredProducts', 'competitors', 'users'] as const;
export type LimitName = (typeof LIMITS)[number];

const LIMIT_LABEL: Record<LimitName, string> = {
  websites: 'websites',
  monitoredProducts: 'monitored products',
  competitors: 'competitors',
  users: 'users',
};

export interface PlanRow {
  id: string;
  name: string;
  max_websites: number;
  max_monitored_products: number;
  max_competitors: number;
  max_users: number;
  monthly_price: string;
  currency: Currency;
}

export const planLimits = (plan: PlanRow): Record<LimitName, number> => ({
  websites: plan.max_websites,
  monitoredProducts: plan.max_monitored_products,
  competitors: plan.max_competitors,
  users: plan.max_users,
});

/** A plan by id (billing and organizations read it; kept here so neither imports the other). */
export async function loadPlan(db: Queryable, planId: string): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>('SELECT * FROM plans WHERE id = $1', [planId]);
  return rows[0] ?? null;
}

/** A plan as the schema's Plan. */
export const planObject = (row: PlanRow) => ({
  id: row.id,
  name: row.name,
  limits: planLimits(row),
  monthlyPrice: Number(row.monthly_price),
  currency: row.currency,
});

/**
 * What an organization uses of each limit, counted: its websites, its users, the competitors of
 * its websites, and its websites' active products (monitored products).
 */
export async function currentUsage(db: Queryable, organizationId: string): Promise<Record<LimitName, number>> {
  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM organization_websites WHERE organization_id = $1) AS websites,
            (SELECT count(*)::int FROM app_users WHERE organization_id = $1) AS users,
            (SELECT count(*)::int FROM competitors c JOIN organization_websites ow ON ow.id = c.organization_website_id
              WHERE ow.organization_id = $1) AS competitors,
            (SELECT count(*)::int FROM products p JOIN organization_websites ow ON ow.id = p.organization_website_id
              WHERE ow.organization_id = $1 AND p.active) AS monitored_products`,
    [organizationId],
  );
  return {
    websites: rows[0].websites,
    monitoredProducts: rows[0].monitored_products,
    competitors: rows[0].competitors,
    users: rows[0].users,
  };
}

/** The refusal: code PLAN_LIMIT_EXCEEDED, the limit's name in the message and in extensions.limit. */
export function limitExceeded(limit: LimitName, max: number, planName: string, detail: string): GraphQLError {
  return new GraphQLError(`Plan limit reached: ${LIMIT_LABEL[limit]} (the ${planName} plan allows ${max}). ${detail}`, {
    extensions: { code: 'PLAN_LIMIT_EXCEEDED', limit, max },
  });
}

/**
 * Throws PLAN_LIMIT_EXCEEDED when `adding` more of `limit` would exceed the organization's plan.
 * Locks the organization row until the caller's transaction ends.
 */
export async function assertWithinLimit(
  db: Queryable,
  organizationId: string,
  limit: LimitName,
  adding = 1,
): Promise<void> {
  const { rows } = await db.query<PlanRow>(
    `SELECT p.* FROM organizations o JOIN plans p ON p.id = o.plan WHERE o.id = $1 FOR UPDATE OF o`,
    [organizationId],
  );
  const plan = rows[0];
  if (!plan) return; // An unknown organization: the caller reports NOT_FOUND.
  const used = (await currentUsage(db, organizationId))[limit];
  const max = planLimits(plan)[limit];
  if (used + adding > max) {
    throw limitExceeded(limit, max, plan.name, `The organization has ${used}; upgrade the plan or remove some first.`);
  }
}
