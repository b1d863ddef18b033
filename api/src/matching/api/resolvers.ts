/**
 * The matching area's GraphQL layer, merged into one map (one line in graphql/resolvers/index.ts):
 * the queue and its leases (queue.ts), decisions (decisions.ts), the confirmation queue
 * (confirmation.ts), the decision log (log.ts), statistics (statistics.ts), runs (runs.ts), and
 * calibration with the organization's model (calibration.ts). Their schema:
 * ../schema.graphql (its decisions, runs and calibration sections). What they share
 * (the caller as an actor, scoping, row mapping) is in shared.ts.
 */
import { matchingCalibrationResolvers } from './calibration.ts';
import { matchingConfirmationResolvers } from './confirmation.ts';
import { matchingDecisionResolvers } from './decisions.ts';
import { matchingLogResolvers } from './log.ts';
import { matchingQueueResolvers } from './queue.ts';
import { matchingRunResolvers } from './runs.ts';
import { matchingStatisticsResolvers } from './statistics.ts';

export const matchingResolvers = {
  Query: {
    ...matchingQueueResolvers.Query,
    ...matchingConfirmationResolvers.Query,
    ...matchingLogResolvers.Query,
    ...matchingStatisticsResolvers.Query,
    ...matchingRunResolvers.Query,
    ...matchingCalibrationResolvers.Query,
  },
  Mutation: {
    ...matchingQueueResolvers.Mutation,
    ...matchingDecisionResolvers.Mutation,
    ...matchingConfirmationResolvers.Mutation,
    ...matchingRunResolvers.Mutation,
    ...matchingCalibrationResolvers.Mutation,
  },
  Competitor: matchingCalibrationResolvers.Competitor,
};
