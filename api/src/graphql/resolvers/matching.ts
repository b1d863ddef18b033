/**
 * The product matching decisions' resolvers (schema/matching.graphql): queue and leases,
 * decisions, confirmation queue, log and statistics, merged into one area.
 */
import { matchingConfirmationResolvers } from './matching-confirmation.ts';
import { matchingDecisionResolvers } from './matching-decisions.ts';
import { matchingLogResolvers } from './matching-log.ts';
import { matchingQueueResolvers } from './matching-queue.ts';
import { matchingStatisticsResolvers } from './matching-statistics.ts';

export const matchingResolvers = {
  Query: {
    ...matchingQueueResolvers.Query,
    ...matchingConfirmationResolvers.Query,
    ...matchingLogResolvers.Query,
    ...matchingStatisticsResolvers.Query,
  },
  Mutation: {
    ...matchingQueueResolvers.Mutation,
    ...matchingDecisionResolvers.Mutation,
    ...matchingConfirmationResolvers.Mutation,
  },
};
