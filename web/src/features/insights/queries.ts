import { gql } from '@urql/core';
import { typed } from '../../graphql/typed.ts';

/** Insights documents that pages of several routes read (api/src/insights/schema.graphql). */

/** The website's competitors by name (the products list names the one its filter is against). */
export const INSIGHTS_COMPETITORS_QUERY = typed(
  'InsightsCompetitors',
  gql`
    query InsightsCompetitors($filter: InsightsFilter!) {
      brandSnapshot(filter: $filter) {
        competitors {
          id
          name
        }
      }
    }
  `,
);
