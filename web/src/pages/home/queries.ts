import { gql } from '@urql/core';
import { type ListRow, type ResultOf, typed } from '../../graphql/typed.ts';

/**
 * The first page of the organization websites the signed-in user may see, with what Home shows
 * of each. Named apart from the website picker's OrganizationWebsiteList (components/websitePicker),
 * which selects less; the API's kept list answers recognise both by what they select, not by name.
 */
export const ORGANIZATION_WEBSITE_LIST_QUERY = typed(
  'HomeWebsiteList',
  gql`
    query HomeWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) {
      organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) {
        data {
          id
          name
          hasFeed
          website {
            id
            name
            url
          }
          organization {
            id
            name
          }
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
  `,
);

export type OrganizationWebsiteRow = ListRow<typeof ORGANIZATION_WEBSITE_LIST_QUERY>;

export const HOME_INSIGHTS_QUERY = typed(
  'HomeInsights',
  gql`
    query HomeInsights($organizationWebsiteId: ID!) {
      homeInsights(organizationWebsiteId: $organizationWebsiteId) {
        priceIndex
        comparison {
          cheaper
          same
          pricier
        }
        products
        matchedProducts
        coveragePercent
        suggestionsWaiting
        failingScrapers
      }
    }
  `,
);

export type HomeInsights = ResultOf<typeof HOME_INSIGHTS_QUERY>['homeInsights'];
