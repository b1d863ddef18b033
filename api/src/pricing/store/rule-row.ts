/** A price_rules row and its GraphQL shape (PriceRule in ../schema.graphql). */
import { toIso } from '../../catalogue/catalogue-scope.ts';
import type {
  BoundSettings,
  CompetitorSettings,
  ProductSelection,
  RoundingSettings,
  StrategySettings,
} from '../engine/types.ts';
import type { RuleSettings, RuleStatus } from '../rules/validate.ts';

export interface RuleRow {
  id: string;
  organization_website_id: string;
  organization_id: string;
  name: string;
  status: RuleStatus;
  priority: number;
  products: ProductSelection;
  competitors: CompetitorSettings;
  strategy: StrategySettings;
  bounds: BoundSettings;
  rounding: RoundingSettings;
  created_at: Date;
  updated_at: Date;
  updated_by_email: string | null;
}

export const RULE_COLUMNS = `r.id, r.organization_website_id, ow.organization_id, r.name, r.status, r.priority, r.products, r.competitors, r.strategy,
  r.bounds, r.rounding, r.created_at, r.updated_at, r.updated_by_email`;

export const settingsOf = (row: RuleRow): RuleSettings => ({
  name: row.name,
  status: row.status,
  priority: row.priority,
  products: row.products,
  competitors: row.competitors,
  strategy: row.strategy,
  bounds: row.bounds,
  rounding: row.rounding,
});

export function toRule(row: RuleRow) {
  return {
    id: row.id,
    organizationWebsiteId: row.organization_website_id,
    name: row.name,
    status: row.status,
    priority: row.priority,
    products: row.products,
    competitors: row.competitors,
    strategy: row.strategy,
    bounds: row.bounds,
    rounding: row.rounding,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    updatedBy: row.updated_by_email,
  };
}
export type RuleObject = ReturnType<typeof toRule>;
