import type { DataProvider } from '@refinedev/core';
import { callOperation } from '../../../features/matching/apiCall.ts';
import {
  type Lease,
  MATCHING_CLAIM_NEXT_MUTATION,
  MATCHING_CLAIM_PRODUCT_MUTATION,
  MATCHING_DECIDE_MUTATION,
  MATCHING_PICK_MUTATION,
  MATCHING_PRODUCT_QUERY,
  MATCHING_RELEASE_PRODUCT_MUTATION,
  MATCHING_SKIP_PRODUCT_MUTATION,
  MATCHING_UNDO_MUTATION,
  type MatchingDecisionKind,
  type MatchingDecisionResult,
  type MatchingProduct,
  type MatchingQueueFilter,
} from '../queries.ts';

/** The calls a reviewer's session makes (an interface, so the session is tested without a server). */
export interface MatchingApi {
  product(productId: string): Promise<MatchingProduct>;
  claimProduct(productId: string): Promise<Lease>;
  claimNext(
    websiteId: string,
    filter: MatchingQueueFilter | null,
    count: number,
    excludeProductIds: string[],
  ): Promise<MatchingProduct[]>;
  release(productId: string): Promise<boolean>;
  decide(input: {
    matchId: string;
    decision: MatchingDecisionKind;
    expectedVersion: number;
    idempotencyKey: string;
  }): Promise<MatchingDecisionResult>;
  skipProduct(input: { productId: string; idempotencyKey: string }): Promise<MatchingDecisionResult>;
  pick(input: {
    productId: string;
    competitorProductId: string;
    decision: MatchingDecisionKind;
    idempotencyKey: string;
  }): Promise<MatchingDecisionResult>;
  undo(input: { productId: string; idempotencyKey: string }): Promise<MatchingDecisionResult>;
}

/** The session's calls through the console's data provider (the API's error codes kept). */
export function matchingApi(provider: DataProvider): MatchingApi {
  const call = <T>(document: Parameters<typeof callOperation>[1], variables: Record<string, unknown>) =>
    callOperation<T>(provider, document, variables);
  return {
    product: (productId) => call(MATCHING_PRODUCT_QUERY, { productId }),
    claimProduct: (productId) => call(MATCHING_CLAIM_PRODUCT_MUTATION, { productId }),
    claimNext: (organizationWebsiteId, filter, count, excludeProductIds) =>
      call(MATCHING_CLAIM_NEXT_MUTATION, { organizationWebsiteId, filter, count, excludeProductIds }),
    release: (productId) => call(MATCHING_RELEASE_PRODUCT_MUTATION, { productId }),
    decide: (input) => call(MATCHING_DECIDE_MUTATION, { input }),
    skipProduct: (input) => call(MATCHING_SKIP_PRODUCT_MUTATION, { input }),
    pick: (input) => call(MATCHING_PICK_MUTATION, { input }),
    undo: (input) => call(MATCHING_UNDO_MUTATION, { input }),
  };
}
