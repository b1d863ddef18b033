import type { PriceRuleStatus } from '../../../graphql/operations.ts';
import { RULE_STATUSES } from './RuleStatusTag.tsx';

/** The rules list's state in the address: `status` (one of the rule statuses) and `q` (a search). */
export interface RuleListState {
  status: PriceRuleStatus | null;
  search: string;
}

export function readListState(params: URLSearchParams): RuleListState {
  const status = params.get('status') ?? '';
  return {
    status: (RULE_STATUSES as readonly string[]).includes(status) ? (status as PriceRuleStatus) : null,
    search: params.get('q')?.trim() ?? '',
  };
}

/** The address after a change: other parameters kept, empty values left out. */
export function writeListState(params: URLSearchParams, change: Partial<RuleListState>): URLSearchParams {
  const next = { ...readListState(params), ...change };
  const result = new URLSearchParams(params);
  if (next.status) result.set('status', next.status);
  else result.delete('status');
  const search = next.search.trim();
  if (search) result.set('q', search);
  else result.delete('q');
  return result;
}
