import { gql } from '@urql/core';
import { type ResultOf, typed } from '../../../graphql/typed.ts';

/**
 * The organization's matching model (api/src/matching/schema.graphql, docs/matching.md
 * "Learning from decisions"): the active version, its versions and latest retrains, and the
 * organization's target precision of automatic matching. Owners and Admins.
 */
export const MATCHING_MODEL_QUERY = typed(
  'MatchingModel',
  gql`
    query MatchingModel($organizationId: ID!) {
      matchingModel(organizationId: $organizationId) {
        activeVersion
        decisionsSinceRetrain
        retrainAfter
        retrainQueued
        minimumLists
        minimumMatchedLists
        targetPrecision
        defaultTargetPrecision
        versions {
          version
          active
          rolledBack
          trainedLists
          heldOutLists
          heldOutRecallAt1
          replacedVersion
          replacedRecallAt1
          createdAt
        }
        retrains {
          id
          outcome
          message
          version
          labelledLists
          seconds
          finishedAt
        }
      }
    }
  `,
);

export type MatchingModelAnswer = ResultOf<typeof MATCHING_MODEL_QUERY>['matchingModel'];
export type MatchingModelVersion = MatchingModelAnswer['versions'][number];
export type MatchingRetrain = MatchingModelAnswer['retrains'][number];

/** Queues a retrain now (true), or false when one is queued already. */
export const MATCHING_RETRAIN_START_MUTATION = typed(
  'MatchingRetrainStart',
  gql`
    mutation MatchingRetrainStart($organizationId: ID!) {
      matchingRetrainStart(organizationId: $organizationId)
    }
  `,
);

/** Admin: the organization's target precision (null: the default). */
export const ORGANIZATION_TARGET_PRECISION_SET_MUTATION = typed(
  'OrganizationMatchingTargetPrecisionSet',
  gql`
    mutation OrganizationMatchingTargetPrecisionSet($organizationId: ID!, $targetPrecision: Float) {
      organizationMatchingTargetPrecisionSet(organizationId: $organizationId, targetPrecision: $targetPrecision)
    }
  `,
);
